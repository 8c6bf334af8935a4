"""Drawings of the Number Game (ZOJ 1039 / POJ 1143): positions as strips of 2..20."""

from __future__ import annotations

from ..games.number import HIGH, LOW, allowed_numbers
from .palette import NEUTRAL, OUTCOME_COLOURS

__all__ = ["draw_number_game_graph", "draw_number_strip", "draw_positions_by_remaining"]


def draw_number_strip(ax, rows: list[tuple[str, int, int | None]], *, per_line: int = 10) -> None:
    """Draw positions as strips of the numbers 2..20, one block of lines per position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rows : list of (label, position, chosen)
        Row label, bitmask of allowed numbers, and the number just chosen (outlined in
        red; None for none).  Allowed numbers are white, forbidden ones grey.
    per_line : int, default 10
        Numbers per line: 10 gives two lines per position (2-11 and 12-20), narrow
        enough for a phone; 19 gives one line.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.games.number import FULL, choose
    >>> fig, ax = plt.subplots()
    >>> draw_number_strip(ax, [("start", FULL, None), ("choose 4", choose(FULL, 4), 4)])
    >>> plt.close(fig)
    """
    from matplotlib.patches import Rectangle

    lines = -(-(HIGH - LOW + 1) // per_line)
    y = 0.0
    for label, position, chosen in rows:
        for n in range(LOW, HIGH + 1):
            line, column = divmod(n - LOW, per_line)
            allowed = position >> (n - LOW) & 1
            ax.add_patch(Rectangle((column - 0.45, y - line - 0.4), 0.9, 0.8,
                                   facecolor="white" if allowed else "#9a9a9a",
                                   edgecolor="red" if n == chosen else "#444444",
                                   linewidth=2.5 if n == chosen else 0.8))
            ax.text(column, y - line, str(n), ha="center", va="center", fontsize=9,
                    color="black" if allowed else "#eeeeee")
        ax.text(-0.8, y, label, ha="right", va="center", fontsize=9)
        y -= lines + 0.5
    ax.set_xlim(-4.2, per_line - 0.4)
    ax.set_ylim(y + 0.5 - 0.1, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")


def _levels(graph) -> dict[int, list]:
    # nodes by the number of allowed numbers, each level ordered by the mean position of its
    # parents (barycentre heuristic) so that arcs cross little
    levels: dict[int, list] = {}
    for node, remaining in graph.nodes(data="remaining"):
        levels.setdefault(remaining, []).append(node)
    order: dict = {}
    for remaining in sorted(levels, reverse=True):
        def key(node):
            parents = [order[u] for u in graph.predecessors(node) if u in order]
            return (sum(parents) / len(parents) if parents else 0.0, allowed_numbers(node))
        levels[remaining].sort(key=key)
        for i, node in enumerate(levels[remaining]):
            order[node] = i - (len(levels[remaining]) - 1) / 2
    return levels


def draw_number_game_graph(ax, graph, *, title: str | None = None, move_labels: bool = True,
                           width: float = 4.2, level_height: float = 1.0) -> None:
    """Draw a Number Game state graph top-down by level, P-positions and winning moves marked, with a key.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    graph : networkx.DiGraph
        A state graph of the Number Game (`triangles_core.engine.graphs.state_graph`):
        node attributes ``value`` (+1 or -1) and ``remaining``, arc attribute
        ``move_value`` and ``move``.
    title : str, optional
        Axes title.
    move_labels : bool, default True
        Label each winning move (thick arc) with the number chosen; the other arcs carry
        no label.
    width, level_height : float
        Horizontal extent of the widest level and distance between levels, in data units
        (choose the figure size to match, about 1 inch per unit).

    Notes
    -----
    Rows are the number of allowed numbers, from the root at the top to the empty
    position at the bottom (the number is written at the left of each row; say so in
    the title).  Each node
    is its set of allowed numbers written in a box, blue for an N-position (the mover
    wins) and red for a P-position (the mover loses); arcs end at the box edges, so they
    never run over a node's label.  The winning moves (into a P-position) are thick
    black arcs labelled with the number chosen; the other moves are thin grey arcs.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core import solve_number_game, state_graph
    >>> fig, ax = plt.subplots()
    >>> draw_number_game_graph(ax, state_graph(solve_number_game(), [2, 3, 5]))
    >>> plt.close(fig)
    """
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    levels = _levels(graph)
    layout, depth = {}, {}
    for row, remaining in enumerate(sorted(levels, reverse=True)):
        nodes = levels[remaining]
        step = width / len(nodes)   # each level spread over the whole width
        for i, node in enumerate(nodes):
            layout[node] = ((i - (len(nodes) - 1) / 2) * step, -row * level_height)
            depth[node] = row
    boxes = {}
    for node, (x, y) in layout.items():
        label = "{" + ",".join(map(str, allowed_numbers(node))) + "}" if node else "{ }"
        win = graph.nodes[node]["value"] == 1
        boxes[node] = ax.text(x, y, label, ha="center", va="center", fontsize=9, color="white", zorder=5,
                              bbox=dict(boxstyle="round,pad=0.3", edgecolor="black", linewidth=0.6,
                                        facecolor=OUTCOME_COLOURS["win"] if win else OUTCOME_COLOURS["loss"]))
    arcs = sorted(graph.edges(data=True), key=lambda e: (e[2]["move_value"] == 1, depth[e[0]], layout[e[0]][0]))
    placed: list[tuple[float, float]] = []
    for u, v, data in arcs:
        win = data["move_value"] == 1
        skip = depth[v] - depth[u] - 1   # levels the arc passes over: bend it round them
        (x0, _), (x1, _) = layout[u], layout[v]
        rad = 0.0 if skip == 0 else (0.25 if x1 >= x0 else -0.25)
        ax.annotate("", xy=layout[v], xytext=layout[u], zorder=3 if win else 2,
                    arrowprops=dict(arrowstyle="-|>", color="black" if win else "#9a9a9a",
                                    linewidth=2.0 if win else 0.8, mutation_scale=12 if win else 8,
                                    patchA=boxes[u], patchB=boxes[v], shrinkA=1, shrinkB=1,
                                    connectionstyle=f"arc3,rad={rad}"))
        if win and move_labels:   # the number chosen, on the arc about halfway down to the next level
            (xa, ya), (xb, yb) = layout[u], layout[v]
            cx, cy = (xa + xb) / 2 + rad * (yb - ya), (ya + yb) / 2 - rad * (xb - xa)   # Bezier control point
            base = 0.5 / (skip + 1)
            for t in (base, base + 0.1, base - 0.1, base + 0.2, base - 0.2, base + 0.3):
                x = (1 - t) ** 2 * xa + 2 * t * (1 - t) * cx + t * t * xb
                y = (1 - t) ** 2 * ya + 2 * t * (1 - t) * cy + t * t * yb
                clear_of_labels = all(abs(x - a) > 0.3 or abs(y - b) > 0.3 for a, b in placed)
                clear_of_nodes = all(abs(x - a) > 0.6 or abs(y - b) > 0.3 for a, b in layout.values())
                if clear_of_labels and clear_of_nodes:
                    break
            placed.append((x, y))
            ax.text(x, y, str(data["move"]), ha="center", va="center", fontsize=9, fontweight="bold", zorder=4,
                    bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor="black", linewidth=0.8))
    rows = sorted(levels, reverse=True)
    left = -width / 2 - 0.2
    for row, remaining in enumerate(rows):
        ax.text(left - 0.35, -row * level_height, str(remaining), ha="center", va="center", fontsize=9,
                color="#555555")
    ax.set_xlim(left - 0.7, width / 2 + 0.5)
    ax.set_ylim(-(len(rows) - 1) * level_height - 0.5, level_height * 0.5)
    ax.axis("off")
    handles = [Patch(facecolor=OUTCOME_COLOURS["win"], edgecolor="black", label="N-position: the player to move wins"),
               Patch(facecolor=OUTCOME_COLOURS["loss"], edgecolor="black",
                     label="P-position: the player to move loses"),
               Line2D([], [], color="black", linewidth=2.0, label="winning move (into a P-position),\n"
                      + ("circled: the number chosen" if move_labels else "")),
               Line2D([], [], color="#9a9a9a", linewidth=0.8, label="other move")]
    if not move_labels:
        handles[2].set_label("winning move (into a P-position)")
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=1, frameon=False, fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)


def draw_positions_by_remaining(ax, remaining, n_positions, p_positions, *, title: str | None = None) -> None:
    """Horizontal side-by-side bars of N- and P-positions per number of allowed numbers, counts written.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    remaining : sequence of int
        Numbers still allowed (one bar pair per value).
    n_positions, p_positions : sequence of int
        How many positions with that many allowed numbers are N-positions (the mover
        wins) and P-positions (the mover loses).
    title : str, optional
        Axes title.

    Notes
    -----
    The two bars of a row stand side by side (N above, P below), never stacked or
    overlaid, and every count is written at the end of its bar, so that counts of 1 or 2
    stay readable next to counts of several hundred.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> draw_positions_by_remaining(ax, [0, 1, 2], [0, 2, 2], [1, 0, 1])
    >>> plt.close(fig)
    """
    height = 0.4
    ys = [-r for r in remaining]
    n_bars = ax.barh([y + height / 2 for y in ys], n_positions, height=height, color=OUTCOME_COLOURS["win"],
                     label="N-positions (the player to move wins)")
    p_bars = ax.barh([y - height / 2 for y in ys], p_positions, height=height, color=OUTCOME_COLOURS["loss"],
                     label="P-positions (the player to move loses)")
    for bars in (n_bars, p_bars):
        ax.bar_label(bars, padding=2, fontsize=9)
    ax.set_yticks(ys, [str(r) for r in remaining], fontsize=9)
    ax.tick_params(axis="x", labelsize=9)
    ax.set_ylabel("numbers still allowed", fontsize=9)
    ax.set_xlabel("positions", fontsize=9)
    ax.set_xlim(0, max(max(n_positions), max(p_positions)) * 1.12)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(frameon=False, fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    if title:
        ax.set_title(title, fontsize=10)
