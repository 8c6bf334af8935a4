"""Graph export: GraphML and DOT round trips."""

import networkx as nx
import pytest

from triangles_core import solve
from triangles_core.analysis.export import export_graph, labelled
from triangles_core.analysis.graph import state_graph
from triangles_core.cli import main


def read_graphml(path):
    return nx.read_graphml(path, node_type=int)


def same_graph(written: nx.DiGraph, read: nx.DiGraph) -> None:
    assert dict(read.nodes(data=True)) == dict(written.nodes(data=True))
    assert {(u, v): d for u, v, d in read.edges(data=True)} == {(u, v): d for u, v, d in written.edges(data=True)}


@pytest.mark.parametrize("side, root, optimal", [(1, 0, False), (2, [1, 5], False), (3, [*range(1, 9)], True)])
def test_graphml_round_trip(tmp_path, side, root, optimal):
    solution = solve(side)
    path = export_graph(solution, tmp_path / "graph.graphml", root, optimal_only=optimal)
    same_graph(labelled(state_graph(solution, root, optimal_only=optimal), solution.board), read_graphml(path))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pydot's parser on newer pyparsing
def test_dot_round_trip(tmp_path):
    pytest.importorskip("pydot")
    solution = solve(1)
    path = export_graph(solution, tmp_path / "side1.dot")
    read = nx.DiGraph(nx.nx_pydot.read_dot(path))
    written = state_graph(solution)
    assert {int(n) for n in read.nodes} == set(written.nodes)
    assert {(int(u), int(v)) for u, v in read.edges} == set(written.edges)
    assert {int(n): int(d["value"].strip('"')) for n, d in read.nodes(data=True)} == dict(written.nodes(data="value"))


def test_help_examples_work(tmp_path, monkeypatch, capsys):
    import shlex

    pytest.importorskip("pydot")  # the second example writes DOT

    assert main(["graph", "--help"]) == 0
    examples = [
        line.split("#")[0].split()
        for line in capsys.readouterr().out.splitlines()
        if line.strip().startswith("triangles graph")
    ]
    assert len(examples) == 4
    monkeypatch.chdir(tmp_path)
    for words in examples:
        assert main(words[1:]) == 0, shlex.join(words)
    assert read_graphml(tmp_path / "side2.graphml").number_of_nodes() == 512
    assert (tmp_path / "best.dot").read_text().startswith("strict digraph")
    assert read_graphml(tmp_path / "boxes.graphml").number_of_nodes() == 128


def test_graphs_above_the_bound_are_refused_before_writing(tmp_path):
    target = tmp_path / "keep.graphml"
    target.write_text("an earlier good file")
    with pytest.raises(ValueError, match="2\\*\\*18 positions"):
        export_graph(solve(3), target)
    with pytest.raises(ValueError, match="more than 100 positions"):
        export_graph(solve(3), target, optimal_only=True, max_positions=100)
    assert target.read_text() == "an earlier good file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.graphml"]


def test_cli_graph_writes_to_standard_output_with_a_format(capfd):
    assert main(["graph", "-", "--side", "1", "--format", "graphml"]) == 0
    out, err = capfd.readouterr()
    assert err == ""
    same_graph(labelled(state_graph(solve(1)), solve(1).board), nx.parse_graphml(out, node_type=int))


@pytest.mark.parametrize(
    "args, said",
    [
        (["-"], "cannot tell the graph format of '-' from its name: name it .graphml, .dot or .gv"),
        (["/dev/stdout"], "cannot tell the graph format of '/dev/stdout'"),
        (["x.png"], "cannot tell the graph format of 'x.png'"),
        (["-", "--format", "gexf"], "unknown graph format 'gexf' (use dot, graphml)"),
        (["big.graphml", "--side", "3"], "the state graph from this position has 2**18 positions"),
    ],
)
def test_cli_graph_says_what_it_cannot_write(args, said, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["graph", "--side", "1", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"triangles graph: error: {said}")
    assert captured.err.count("\n") == 1 and list(tmp_path.iterdir()) == []
