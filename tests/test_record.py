"""Game records: the syntax of triangles_core.record and its errors."""

import pytest

from triangles_core.analysis.records import (
    GameRecord,
    RecordError,
    parse_edge_tokens,
    parse_record,
    random_record,
)
from triangles_core.games.triangles import board


def test_dot_pairs_are_the_triangle_war_numbering():
    # POJ 1085 sample game 1: 2-4 is e4, 4-5 e6, 5-9 e14, 3-6 e8, 2-5 e5, 3-5 e7 (SPEC section 1).
    record = parse_record("2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n")
    assert record.moves == (4, 6, 14, 8, 5, 7)
    assert record.lines == (1, 2, 3, 4, 5, 6)
    assert record.start == 0 and record.board.side == 3


def test_edge_numbers_comments_blank_lines_and_explicit_forms():
    text = "# a game\n\n7   # one edge\n1 2 3\ne5 e9\n2-4 3-6\n\n"
    record = parse_record(text)
    assert record.moves == (7, 1, 2, 3, 5, 9, 4, 8)
    assert record.lines == (3, 4, 4, 4, 5, 5, 6, 6)


def test_start_position_lists_edges_not_a_dot_pair():
    record = parse_record("start: 1 2   # two edges, not the pair 1-2\n3\n")
    assert record.board.drawn_edges(record.start) == [1, 2]
    assert record.moves == (3,)
    assert parse_record("START: 1-2 2-3\n").start == board(3).position([1, 3])


def test_empty_record_is_a_game_without_moves():
    record = parse_record("# nothing yet\n")
    assert record.moves == () and record.start == 0


def test_other_sides_use_the_generalised_numbering():
    b = board(4)
    record = parse_record("11 12\n30", board=4)
    assert record.moves == (b.edge_between(11, 12), 30)
    with pytest.raises(RecordError, match="edges are 1..30"):
        parse_record("31", board=4)


def test_duplicate_start_edge_is_a_note_said_once():
    notes = []
    record = parse_record("start: 1 1 2 2\n3", warn=notes.append)
    assert record.board.drawn_edges(record.start) == [1, 2]
    assert len(notes) == 1 and "line 1" in notes[0] and "'1'" in notes[0]


@pytest.mark.parametrize(
    "text, line, token, message",
    [
        ("2 4\n4 5\n2 4\n", 3, "2 4", "edge 4 (dots 2-4) is already drawn"),
        ("start: 4\n2 4\n", 2, "2 4", "already drawn"),
        ("5\ne5\n", 2, "e5", "already drawn"),
        ("1 2\n\n2 7\n", 3, "2 7", "dots 2 and 7 are not joined by an edge"),  # blank lines count
        ("1 11\n", 1, "1 11", "dot 11 is not on the side-3 board"),
        ("19\n", 1, "19", "edge 19 is not on the side-3 board"),
        ("0\n", 1, "0", "edge 0 is not on the side-3 board"),
        ("1 2 3 x4\n", 1, "x4", "expected an edge number"),
        ("-3\n", 1, "-3", "expected an edge number"),
        ("3-3\n", 1, "3-3", "not joined"),
        ("1\nstart: 2\n", 2, "start:", "before the first move"),
        ("start: 1\nstart: 2\n", 2, "start:", "given twice"),
        ("side: 4\n", 1, "side:", "unknown keyword"),
        ("start: 2 x\n", 1, "x", "expected an edge number"),
    ],
)
def test_bad_records_name_the_line_and_token(text, line, token, message):
    with pytest.raises(RecordError) as info:
        parse_record(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.line, error.token) == (line, token)
    assert message in error.message
    assert str(error).startswith(f"line {line}, token {token!r}: ")


def test_from_moves_checks_like_the_parser():
    assert GameRecord.from_moves(2, [1, 2, 3], start=[9]).positions()[-1] == board(2).position([1, 2, 3, 9])
    with pytest.raises(RecordError, match="already drawn"):
        GameRecord.from_moves(2, [1, 2, 1])
    with pytest.raises(RecordError, match="not on the side-2 board"):
        GameRecord.from_moves(2, [10])


def test_random_record_is_seeded_and_legal():
    first, second = random_record(3, seed=7), random_record(3, seed=7)
    assert first == second
    assert sorted(first.moves) == list(range(1, 19))
    assert random_record(3, seed=8) != first


def test_the_token_reader_reads_a_line_as_the_record_does():
    """``parse_edge_tokens``: what the CLI's EDGE arguments are read with (more in its doctests)."""
    b = board(3)
    assert parse_edge_tokens(b, ["0007", "E5", "3-6", "7"]) == [(7, "0007"), (5, "E5"), (8, "3-6"), (7, "7")]
    line = "1 2 3 e5 2-4"
    assert [edge for edge, _ in parse_edge_tokens(b, line.split())] == list(parse_record(line).moves)
    with pytest.raises(RecordError) as info:
        parse_edge_tokens(b, ["1", "x4"], 6)
    assert (info.value.line, info.value.token) == (6, "x4")
