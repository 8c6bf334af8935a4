"""Notebook 05 (Peg Game for Two): its helpers against plain oracles, its prose against its tables.

The tables are the committed ones in data/tables (the notebook writes them; re-running it
changes no byte), so these tests re-solve only a few boards.
"""

import random
from functools import lru_cache

import nbformat
import pytest
from oracles_siblings import peg_jumps

import triangles_core as tc
from notebooks import ROOT, bold_answer, prose, table
from studies import peg_stats
from triangles_core.analysis.play import wilson_interval
from triangles_core.games.peg import random_start


def notebook_text():
    """The notebook's cells and their printed outputs, as one text."""
    nb = nbformat.read(ROOT / "notebooks" / "05_peg_game.ipynb", as_version=4)
    outputs = [
        out.get("data", {}).get("text/markdown", "") + out.get("text", "")
        for c in nb.cells
        for out in c.get("outputs", [])
    ]
    return "\n".join([cell.source for cell in nb.cells] + outputs)


def _lengths_by_plain_minimax(values, rows):
    """Lengths of every game of optimal jumps, from an independent negamax on tuples."""
    jumps = peg_jumps(rows)

    def moves(p):
        return [(s, o, land) for s, o, land in jumps if p[s - 1] and p[o - 1] and not p[land - 1]]

    def play(p, s, o, land):
        q = list(p)
        q[land - 1], q[s - 1], q[o - 1] = p[s - 1], 0, 0
        return tuple(q)

    @lru_cache(maxsize=None)
    def value(p):
        return max((p[s - 1] * p[o - 1] - value(play(p, s, o, land)) for s, o, land in moves(p)), default=0)

    @lru_cache(maxsize=None)
    def lengths(p):
        best = [m for m in moves(p) if p[m[0] - 1] * p[m[1] - 1] - value(play(p, *m)) == value(p)]
        return frozenset([0]) if not best else frozenset(1 + n for m in best for n in lengths(play(p, *m)))

    return lengths(tuple(values))


@pytest.mark.parametrize("rows", [3, 4])
def test_optimal_game_lengths_match_a_plain_minimax(rows):
    rng = random.Random(rows)
    for _ in range(6):
        start = random_start(rng, rows=rows, high=9 if rows == 4 else 100)
        solution = tc.solve_peg_game(start, rows=rows)
        assert peg_stats.optimal_game_lengths(solution, start) == _lengths_by_plain_minimax(start, rows)


def test_boards_by_hole_is_random_start_with_the_hole_fixed():
    boards = peg_stats.boards_by_hole(7, 3)
    assert [b.index(0) + 1 for b in boards] == [h for h in range(1, 16) for _ in range(3)]
    assert all(b.count(0) == 1 and all(1 <= v <= 100 for v in b if v) for b in boards)


def test_the_small_board_of_the_prose():
    """The 3-row board by hole (geometry and every start against the reference negamax: test_peg_game.py)."""
    values = {}
    for hole in range(1, 7):
        start = tuple(0 if k == hole - 1 else k + 1 for k in range(6))
        small = tc.solve_peg_game(start, rows=3)
        values[hole] = (small.value(start), small.n_positions)
    assert [h for h, (v, _) in values.items() if v == 0] == [2, 3, 5]
    assert [h for h, (_, n) in values.items() if n == 6] == [1, 4, 6]


def test_samples_table():
    samples = table("peg_samples")
    assert list(samples["value"]) == list(samples["expected"]) == [21, 19, 2148]
    assert list(samples["judge_output"]) == [21, 19, 2148]


def test_equal_pegs_identity_and_table():
    equal = table("peg_equal_pegs_by_hole")
    assert list(equal.loc[equal["value_unit_pegs"] > 0, "hole"]) == [2, 3, 7, 10, 12, 14]
    # the identity: with pegs worth 1 the value is the parity of every optimal game's length
    assert (equal["value_unit_pegs"] == equal["shortest_optimal_game"] % 2).all()
    assert (equal["value_unit_pegs"] == equal["longest_optimal_game"] % 2).all()
    columns = ["value_unit_pegs", "shortest_optimal_game", "longest_optimal_game"]
    assert (equal.groupby("hole_class")[columns].nunique() == 1).all().all()
    for c in (3, 7):
        for hole in (1, 2, 4, 5):  # one hole of each symmetry class
            start = tuple(0 if k == hole - 1 else c for k in range(15))
            assert tc.solve_peg(start) == c * c * int(equal.loc[equal["hole"] == hole, "value_unit_pegs"].iloc[0])


def test_random_boards_table_and_prose():
    scores = table("peg_random_boards")
    rng = random.Random(2018)
    assert list(scores["board"]) == [" ".join(map(str, random_start(rng))) for _ in range(80)]
    for text in scores["board"][:3]:
        assert tc.solve_peg(tuple(map(int, text.split()))) == scores.loc[scores["board"] == text, "value"].iloc[0]
    ahead = int((scores["value"] > 0).sum())
    assert (ahead, int((scores["value"] == 0).sum())) == (63, 0)
    assert (scores["value"].min(), scores["value"].max(), scores["value"].median()) == (-5293, 8042, 1816.5)
    assert peg_stats.median_interval(scores["value"]) == (1816.5, 1290, 3168)
    low, high = wilson_interval(ahead, 80)
    assert (round(100 * float(low)), round(100 * float(high))) == (69, 86)
    corner = scores["hole_class"] == "corner"
    assert ((scores.loc[corner, "value"] > 0).sum(), corner.sum()) == (4, 12)
    assert ((scores.loc[~corner, "value"] > 0).sum(), (~corner).sum()) == (59, 68)


def test_boards_by_hole_table_and_prose():
    by_hole = table("peg_boards_by_hole")
    assert list(by_hole["board"]) == [" ".join(map(str, b)) for b in peg_stats.boards_by_hole(2020, 100)]
    for i in (0, 750, 1499):
        assert tc.solve_peg(tuple(map(int, by_hole["board"][i].split()))) == by_hole["value"][i]
    by_hole["ahead"] = by_hole["value"] > 0
    counts = by_hole.groupby("hole_class")["ahead"].agg(["sum", "size"])
    assert counts.to_dict("index") == {
        "corner": {"sum": 191, "size": 300},
        "edge midpoint": {"sum": 268, "size": 300},
        "edge next to a corner": {"sum": 455, "size": 600},
        "interior": {"sum": 176, "size": 300},
    }
    low, _ = wilson_interval(counts["sum"], counts["size"])
    assert (low > 0.5).all()  # "in every class the lower end of the 95% interval is above one half"
    share = counts["sum"] / counts["size"]
    assert share["interior"] <= share["corner"] < share.drop(["corner", "interior"]).min()  # "no better", "lowest"
    assert share.idxmax() == "edge midpoint"
    corner = by_hole["hole_class"] == "corner"
    assert (by_hole.loc[~corner, "ahead"].sum(), (~corner).sum()) == (899, 1200)
    odd = by_hole["longest_optimal_game"] % 2 == 1
    assert (by_hole.loc[odd, "ahead"].sum(), odd.sum()) == (482, 673)
    assert (by_hole.loc[~odd, "ahead"].sum(), (~odd).sum()) == (608, 827)
    text = notebook_text()
    assert "191 of 300 corner-hole boards (64%) against 899 of 1200 others (75%)" in text
    assert "ahead on 482 of 673 odd-length games (72%) and 608 of 827 even-length ones (74%)" in text


def test_median_interval_is_the_order_statistic_interval():
    """Textbook values (Conover 1999, 3.2): n = 100 gives the 40th and 61st values; n = 6 the extremes."""
    assert peg_stats.median_interval(range(1, 101)) == (50.5, 40, 61)
    assert peg_stats.median_interval([5, 1, 4, 2, 6, 3]) == (3.5, 1, 6)
    with pytest.raises(ValueError, match="too few"):
        peg_stats.median_interval(range(5))


def test_game_sizes_bound_every_board():
    sizes = table("peg_game_graph_sizes")
    largest, smallest = sizes.loc[sizes["positions"].idxmax()], sizes.loc[sizes["positions"].idxmin()]
    assert (largest["hole_class"], largest["positions"], largest["jumps"]) == ("edge midpoint", 26725, 66298)
    assert (smallest["hole_class"], smallest["positions"]) == ("interior", 5373)
    assert (sizes["longest_game"] == 13).all()
    bound = dict(zip(sizes["hole"], sizes["positions"], strict=True))
    for name in ("peg_random_boards", "peg_boards_by_hole"):
        frame = table(name)
        assert all(n <= bound[h] for h, n in zip(frame["hole"], frame["positions"], strict=True))


def test_principal_variation_of_the_first_sample():
    start = (3, 1, 6, 1, 7, 8, 5, 0, 3, 4, 9, 3, 2, 1, 9)
    steps = tc.solve_peg_game(start).principal_variation(start)
    assert [s.player for s in steps] == ["A", "B"] * 5
    assert sum(s.reward if s.player == "A" else -s.reward for s in steps) == 21


def test_bold_answer_is_short_and_matches_the_tables():
    answer = bold_answer("05_peg_game", "Equal pegs:")
    assert prose("05_peg_game").count(answer) == 2  # repeated under "Answer"
    assert "one jump ahead from edge holes beside a corner, else level" in answer
    by_hole = table("peg_boards_by_hole")
    n, ahead = len(by_hole), int((by_hole["value"] > 0).sum())
    median, low, high = peg_stats.median_interval(by_hole["value"])
    assert f"{n:,} random boards" in answer and "parity does not decide the sign." in answer
    assert f"The median margin is {median:+,.0f} ({low:+,.0f}–{high:,.0f})" in prose("05_peg_game")
    assert f"median margin {median:+,.0f}, ahead on" in answer

    def share(k, m):
        lo, hi = wilson_interval(k, m)
        return f"{round(100 * k / m)}% (95% interval {round(100 * float(lo))}–{round(100 * float(hi))}%)"

    assert f"ahead on {share(ahead, n)}" in answer
    counts = by_hole.assign(ahead=by_hole["value"] > 0).groupby("hole_class")["ahead"].agg(["sum", "size"])
    names = {"corner": "corners", "edge next to a corner": "edges beside a corner", "edge midpoint": "edge midpoints"}
    corner, rest = counts.loc["corner"], counts.drop("corner").sum()
    words = f"less often from corner holes ({round(100 * corner['sum'] / corner['size'])}% against "
    assert words + f"{round(100 * rest['sum'] / rest['size'])}%)" in answer
    assert "the one contrast fixed before this sample" in prose("05_peg_game")
    for hole_class, (k, m) in counts.iterrows():
        lo, hi = wilson_interval(k, m)
        interval = f"{round(100 * float(lo))}–{round(100 * float(hi))}% ({names.get(hole_class, hole_class)})"
        assert interval in prose("05_peg_game")
