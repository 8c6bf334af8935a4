"""Drawings of the Number Game (ZOJ 1039 / POJ 1143): positions as strips of 2..20."""

from __future__ import annotations

from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch, Rectangle
from matplotlib.path import Path

from ..games.number import HIGH, LOW, N_NUMBERS, allowed_numbers
from .graphs import layered_layout
from .palette import OUTCOME_COLOURS

__all__ = ["draw_number_game_graph", "draw_number_strip", "draw_positions_by_remaining"]


def draw_number_strip(ax, rows: list[tuple[str, int, int | None]]) -> None:
    """Draw positions as strips of the numbers 2..20, ten a line, one block of lines per position.

    ``rows`` are ``(label, position, chosen)``: the chosen number is outlined in red,
    allowed numbers are white, forbidden ones grey.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core.games.number import FULL, choose
    >>> fig, ax = plt.subplots()
    >>> draw_number_strip(ax, [("start", FULL, None), ("choose 4", choose(FULL, 4), 4)])
    >>> plt.close(fig)
    """
    per_line = 10
    lines = -(-N_NUMBERS // per_line)
    y = 0.0
    for label, position, chosen in rows:
        for n in range(LOW, HIGH + 1):
            line, column = divmod(n - LOW, per_line)
            allowed = position >> (n - LOW) & 1
            ax.add_patch(
                Rectangle(
                    (column - 0.45, y - line - 0.4),
                    0.9,
                    0.8,
                    facecolor="white" if allowed else "#9a9a9a",
                    edgecolor="red" if n == chosen else "#444444",
                    linewidth=2.5 if n == chosen else 0.8,
                )
            )
            ax.text(
                column, y - line, str(n), ha="center", va="center", fontsize=9, color="black" if allowed else "#eeeeee"
            )
        ax.text(-0.8, y, label, ha="right", va="center", fontsize=9)
        y -= lines + 0.5
    ax.set_xlim(-4.2, per_line - 0.4)
    ax.set_ylim(y + 0.5 - 0.1, 0.6)
    ax.set_aspect("equal")
    ax.axis("off")


def _levels(graph) -> dict[int, list]:
    # nodes by the number of allowed numbers, each level in the order of `layered_layout` (few crossings)
    layout = layered_layout(graph, "remaining", descending=True, tie=allowed_numbers)
    levels: dict[int, list] = {}
    for node in sorted(layout, key=lambda node: layout[node][1]):
        levels.setdefault(layout[node][0], []).append(node)
    return levels


def _box_half_sizes(ax, boxes, pad: float) -> dict:
    # half width and height of each node's box in data units: the text's extent plus `pad` font
    # sizes a side (call it once the figure size and the axes limits are set; holds at any dpi)
    renderer = ax.figure.canvas.get_renderer()
    to_data = ax.transData.inverted()
    sizes = {}
    for node, text in boxes.items():
        extent = text.get_window_extent(renderer)
        margin = pad * text.get_fontsize() * ax.figure.dpi / 72
        (x0, y0), (x1, y1) = to_data.transform(
            [(extent.x0 - margin, extent.y0 - margin), (extent.x1 + margin, extent.y1 + margin)]
        )
        sizes[node] = (abs(x1 - x0) / 2, abs(y1 - y0) / 2)
    return sizes


def _bezier_point(p0, p1, p2, t: float) -> tuple[float, float]:
    return tuple((1 - t) ** 2 * a + 2 * t * (1 - t) * b + t * t * c for a, b, c in zip(p0, p1, p2, strict=True))


def _control_point(a, b, rad: float) -> tuple[float, float]:
    # the control point of matplotlib's arc3 connection style, in data coordinates
    return ((a[0] + b[0]) / 2 + rad * (b[1] - a[1]), (a[1] + b[1]) / 2 - rad * (b[0] - a[0]))


def _bend_cost(rad: float, u, v, layout, half, drawn) -> tuple[int, int]:
    # (points of the arc u -> v inside another node's box, points near an arc drawn): to minimise
    control = _control_point(layout[u], layout[v], rad)
    points = [_bezier_point(layout[u], control, layout[v], k / 40) for k in range(4, 37)]
    hits = sum(
        1
        for x, y in points
        for n, (a, b) in layout.items()
        if n not in (u, v) and abs(x - a) <= half[n][0] + 0.05 and abs(y - b) <= half[n][1] + 0.05
    )
    near = sum(1 for x, y in points for a, b in drawn if abs(x - a) < 0.08 and abs(y - b) < 0.08)
    return hits, near


def _exit_parameter(p0, p1, p2, centre, half) -> float:
    # where the Bezier curve from p0 first leaves the box around `centre` (half sizes `half`): bisection
    def inside(t):
        x, y = _bezier_point(p0, p1, p2, t)
        return abs(x - centre[0]) <= half[0] and abs(y - centre[1]) <= half[1]

    low, high = 0.0, 0.5
    while inside(high) and high < 1.0:
        high = min(1.0, high + 0.25)
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (middle, high) if inside(middle) else (low, middle)
    return high


def _bezier_segment(p0, p1, p2, start: float, stop: float):
    # the control points of the part of the quadratic Bezier curve from start to stop (its blossom)
    def blossom(s, t):
        return tuple(
            (1 - s) * (1 - t) * a + ((1 - s) * t + s * (1 - t)) * b + s * t * c
            for a, b, c in zip(p0, p1, p2, strict=True)
        )

    return blossom(start, start), blossom(start, stop), blossom(stop, stop)


def draw_number_game_graph(ax, graph, *, title: str | None = None, width: float = 4.2) -> None:
    """Draw a Number Game state graph top-down by level, P-positions and winning moves marked, with a key.

    Rows are the number of allowed numbers, root at the top; N-positions blue, P-positions
    red; winning moves thick black arcs labelled with the number chosen.  Levels are 1 apart, ``width``
    is in the same data units (about an inch).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from triangles_core import solve_number_game, state_graph
    >>> fig, ax = plt.subplots()
    >>> draw_number_game_graph(ax, state_graph(solve_number_game(), [2, 3, 5]))
    >>> plt.close(fig)
    """
    levels = _levels(graph)
    rows = sorted(levels, reverse=True)
    layout, depth = {}, {}
    for row, remaining in enumerate(rows):
        nodes = levels[remaining]
        step = width / len(nodes)  # each level spread over the whole width
        for i, node in enumerate(nodes):
            layout[node] = ((i - (len(nodes) - 1) / 2) * step, float(-row))
            depth[node] = row
    boxes = {}
    for node, (x, y) in layout.items():
        label = "{" + ",".join(map(str, allowed_numbers(node))) + "}" if node else "{ }"
        win = graph.nodes[node]["value"] == 1
        boxes[node] = ax.text(
            x,
            y,
            label,
            ha="center",
            va="center",
            fontsize=9,
            color="white",
            zorder=5,
            bbox=dict(
                boxstyle="round,pad=0.3",
                edgecolor="black",
                linewidth=0.6,
                facecolor=OUTCOME_COLOURS["win"] if win else OUTCOME_COLOURS["loss"],
            ),
        )
    left = -width / 2 - 0.2
    ax.set_xlim(left - 0.7, width / 2 + 0.5)
    ax.set_ylim(-(len(rows) - 1) - 0.5, 0.5)
    half = _box_half_sizes(ax, boxes, pad=0.3 + 0.1)  # the rounded box plus a small gap, in data units
    arcs = sorted(graph.edges(data=True), key=lambda e: (e[2]["move_value"] == 1, depth[e[0]], layout[e[0]][0]))
    placed: list[tuple[float, float]] = []
    drawn: list[tuple[float, float]] = []  # points along the arcs drawn so far
    for u, v, data in arcs:
        win = data["move_value"] == 1
        skip = depth[v] - depth[u] - 1  # levels the arc passes over: bend it round them
        xa, xb = layout[u][0], layout[v][0]
        # an arc over other levels bends (rad as in arc3): the bend through the fewest other boxes,
        # then nearest the fewest points of the arcs drawn (ties: the earlier)
        bends = (
            [0.0] if skip == 0 else [0.25 if xb >= xa else -0.25, -0.25 if xb >= xa else 0.25, 0.12, -0.12, 0.4, -0.4]
        )
        rad = min(bends, key=lambda bend: _bend_cost(bend, u, v, layout, half, drawn))
        control = _control_point(layout[u], layout[v], rad)
        drawn.extend(_bezier_point(layout[u], control, layout[v], k / 40) for k in range(4, 37))
        # the arc (a quadratic Bezier) cut where it leaves the box of u and enters that of v
        start = _exit_parameter(layout[u], control, layout[v], layout[u], half[u])
        stop = 1.0 - _exit_parameter(layout[v], control, layout[u], layout[v], half[v])
        p0, p1, p2 = _bezier_segment(layout[u], control, layout[v], start, stop)
        ax.add_patch(
            FancyArrowPatch(
                path=Path([p0, p1, p2], [Path.MOVETO, Path.CURVE3, Path.CURVE3]),
                arrowstyle="-|>",
                color="black" if win else "#9a9a9a",
                linewidth=2.0 if win else 0.8,
                mutation_scale=12 if win else 8,
                shrinkA=0,
                shrinkB=0,
                zorder=3 if win else 2,
            )
        )
        if win:  # the number chosen, on the drawn arc: its midpoint, or near it if crowded
            for t in (0.5, 0.6, 0.4, 0.7, 0.3, 0.8, 0.2):
                x, y = _bezier_point(p0, p1, p2, t)
                clear_of_labels = all(abs(x - a) > 0.3 or abs(y - b) > 0.3 for a, b in placed)
                clear_of_nodes = all(
                    abs(x - a) > half[n][0] + 0.15 or abs(y - b) > half[n][1] + 0.15 for n, (a, b) in layout.items()
                )
                if clear_of_labels and clear_of_nodes:
                    break
            placed.append((x, y))
            ax.text(
                x,
                y,
                str(data["move"]),
                ha="center",
                va="center",
                fontsize=9,
                fontweight="bold",
                zorder=4,
                bbox=dict(boxstyle="circle,pad=0.15", facecolor="white", edgecolor="black", linewidth=0.8),
            )
    for row, remaining in enumerate(rows):
        ax.text(left - 0.35, -row, str(remaining), ha="center", va="center", fontsize=9, color="#555555")
    ax.axis("off")
    handles = [
        Patch(facecolor=OUTCOME_COLOURS["win"], edgecolor="black", label="N-position: the player to move wins"),
        Patch(facecolor=OUTCOME_COLOURS["loss"], edgecolor="black", label="P-position: the player to move loses"),
        Line2D(
            [],
            [],
            color="black",
            linewidth=2.0,
            label="winning move (into a P-position),\ncircled: the number chosen",
        ),
        Line2D([], [], color="#9a9a9a", linewidth=0.8, label="other move"),
    ]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=1, frameon=False, fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)


def draw_positions_by_remaining(ax, remaining, n_positions, p_positions, *, title: str | None = None) -> None:
    """Horizontal side-by-side bars of N- and P-positions per number of allowed numbers, counts written.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> draw_positions_by_remaining(ax, [0, 1, 2], [0, 2, 2], [1, 0, 1])
    >>> plt.close(fig)
    """
    height = 0.4
    ys = [-r for r in remaining]
    n_bars = ax.barh(
        [y + height / 2 for y in ys],
        n_positions,
        height=height,
        color=OUTCOME_COLOURS["win"],
        label="N-positions (the player to move wins)",
    )
    p_bars = ax.barh(
        [y - height / 2 for y in ys],
        p_positions,
        height=height,
        color=OUTCOME_COLOURS["loss"],
        label="P-positions (the player to move loses)",
    )
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
