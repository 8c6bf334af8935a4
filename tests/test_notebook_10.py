"""The numbers that notebook 10 states, checked against the tables it commits.

The bold answer and the figures typed in the prose are checked here against `data/tables`
and the committed search runs in `data/search`.
"""

from __future__ import annotations

import json

import nbformat
import pandas as pd
import pytest

import notebooks
from notebooks import DATA, ROOT
from triangles_core.engine.units import tree_bounds
from triangles_core.games.boards import standard_board

SEARCH = DATA / "search"


def table(name: str) -> pd.DataFrame:
    return notebooks.table(f"10_{name}")


@pytest.fixture(scope="module")
def prose() -> str:
    return notebooks.prose("10_beyond_the_table")


@pytest.fixture(scope="module")
def ratios() -> pd.DataFrame:
    return table("search_switches").pivot(index="switch", columns="board", values="nodes_ratio")


def test_the_answer_is_bold_short_and_its_numbers_are_the_tables(prose, ratios):
    answer = notebooks.bold_answer("10_beyond_the_table", "Answer: ")
    committed = pd.read_csv(SEARCH / "switches_boxes3x4.csv").set_index("switch").loc["everything on"]
    assert f"3x4 in {committed['nodes'] / 1e6:.1f} million nodes, {committed['cpu_seconds']:.0f} CPU seconds" in prose
    bounds = boxes3x5_bounds()
    units = pd.read_json(SEARCH / "boxes3x5" / "units.jsonl", lines=True)
    assert bounds[0] == (-1, -1) and "compute the empty 3x5 board worth −1, the published value" in answer
    assert f"Assuming rules A–C, {len(units):,} work units ({units['nodes'].sum() / 1e9:.1f} billion" in answer
    assert f"{units['seconds'].sum() / 3600:.1f} worker-hours)" in answer


def test_the_3x5_first_moves_as_the_prose_states_them(prose):
    first = {e: b for e, b in boxes3x5_bounds().items() if e}
    exact = sorted(e for e, (lo, hi) in first.items() if lo == hi == -1)
    assert all(hi <= -1 for lo, hi in first.values()) and "38 first moves is held to −1 or less" in prose
    seconds = pd.read_json(SEARCH / "boxes3x5" / "units.jsonl", lines=True)["seconds"]
    before, after = seconds[:292].mean(), seconds[292:].mean()  # the 4 and 5 December searches
    assert f"the mean fell from {before:.0f} s to {after:.1f} s" in prose
    assert exact == [1, 3, 5, 6, 11, 28, 33, 34, 36, 38] and "10 of them (edges 1, 3, 5, 6 and 11" in prose
    half_turn = tuple(range(38, 0, -1))  # edge e to 39 - e: maps 1, 3, 5, 6, 11 to the other five
    assert half_turn in standard_board("boxes3x5").symmetries
    assert sorted(half_turn[e - 1] for e in exact[:5]) == exact[5:]
    assert sorted({b for b in first.values() if b != (-1, -1)}) == [(-3, -1)] and "the other 28" in prose


def boxes3x5_bounds() -> dict:
    from triangles_core.engine.units import tree_bounds

    header = json.loads((SEARCH / "boxes3x5" / "run.json").read_text())
    units = pd.read_json(SEARCH / "boxes3x5" / "units.jsonl", lines=True)
    known = dict(zip(units["position"], units["value"], strict=True))
    return tree_bounds(standard_board(header["board"]), header["root"], header["depth"], known)


def test_the_search_finds_the_tables_values_with_every_switch():
    switches = table("search_switches")
    assert (switches["value"] == switches["table_value"]).all()
    assert switches.groupby("board")["table_value"].first().to_dict() == {"boxes3x3": -3, "boxes3x4": 0, "side4": -2}
    assert len(switches) == 18 and (switches.loc[switches["switch"] == "everything on", "nodes_ratio"] == 1.0).all()
    costly = switches[~switches["switch"].isin(["everything on", "loony bound off"])]
    assert (costly["nodes_ratio"] > 1).all()  # every switch but the loony bound saves nodes on every board


def test_the_rule_table_as_the_prose_reads_it(prose, ratios):
    assert ratios.loc["board symmetries off"].min() > ratios.drop("board symmetries off").max().max()
    corner = ratios.loc["corner edges not interchangeable"]
    assert f"({corner.min():.1f} to {corner.max():.1f} times)" in prose
    rest = ratios.loc[["rules A-C off", "edge order, not centre-out"]]
    assert f"{rest.min().min():.1f} to {rest.max().max():.1f} times each" in prose
    loony = ratios.loc["loony bound off"]
    assert f"on 3x4 it saves {loony['boxes3x4']:.2f} times the nodes" in prose
    nodes = table("search_switches").pivot(index="switch", columns="board", values="nodes")
    more = nodes.loc["everything on"] / nodes.loc["loony bound off"]
    assert f"visits {more['boxes3x3']:.2f} and {more['side4']:.2f} times as many nodes with it" in prose
    assert [len(standard_board(k).symmetries) for k in ["boxes3x4", "side4"]] == [4, 6]
    assert "3x4 board has 4 of them and side 4 has 6" in prose


def test_search_and_tables_agree_everywhere_compared(prose):
    agreement = table("search_agreement")
    assert (agreement["agree_oracle_8"] == agreement["positions"]).all()
    assert (agreement["agree_oracle_0"] == agreement["positions"]).all()
    assert f"{agreement['positions'].sum():,} positions" in prose
    rules = table("search_rules_checked").set_index("board")
    assert (rules["failures"] == 0).all()
    assert rules["positions"].to_dict() == {k: 2 ** standard_board(k).n_edges for k in rules.index}
    assert rules.loc["side4", "positions"] == 2**30 and rules.loc["boxes3x4", "positions"] == 2**31


def test_the_frontier_runs_table_is_the_units_on_disk(prose):
    runs = table("frontier_runs").set_index("board")
    for key, row in runs.iterrows():
        head = json.loads((SEARCH / key / "run.json").read_text())
        done = pd.read_json(SEARCH / key / "units.jsonl", lines=True)
        b = standard_board(head["board"])
        bounds = tree_bounds(b, head["root"], head["depth"], dict(zip(done["position"], done["value"], strict=True)))
        assert (row["units_done"], row["lower"], row["upper"]) == (len(done), *bounds[0])
        assert row["first_moves_exact"] == sum(lo == hi for e, (lo, hi) in bounds.items() if e)
    assert "on 2x3 boxes three edges deep, 66 of 183 units" in prose  # tests/test_units.py
    side5 = runs.loc["side5"]
    assert (side5["lower"], side5["upper"]) == (-1, 1) and "Side 5, a run in progress, is −1 or +1;" in prose


def test_the_committed_rule_checks_are_those_of_the_search_rules():
    for key in ["side4", "boxes3x4"]:
        record = json.loads((SEARCH / f"{key}_capture_rules.json").read_text())
        assert record["holds"] and record["rules"] == {
            "safe_captures": True,
            "double_dealing": True,
            "long_chains": True,
        }


def test_code_cells_are_short():
    cells = nbformat.read(ROOT / "notebooks" / "10_beyond_the_table.ipynb", as_version=4).cells
    code = [c.source.splitlines() for c in cells if c.cell_type == "code"]
    assert all(len(lines) <= 15 and max(map(len, lines)) <= 106 for lines in code)  # at most about 100 characters
