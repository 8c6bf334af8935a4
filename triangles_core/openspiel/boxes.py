"""OpenSpiel's native ``dots_and_boxes`` and the package's Dots-and-Boxes: the two conversions.

OpenSpiel (Lanctot et al. 2019, arXiv:1908.09453) numbers the ``(R + 1) C`` horizontal
lines first, then the ``R (C + 1)`` vertical lines, row by row; the package numbers lines
as docs/SPEC.md section 4.  Values: with OpenSpiel's margin ``V0`` for player 0, ``m`` the
boxes claimed so far by player 0 minus player 1 and ``s = +1`` if player 0 is to move,
else ``-1``, the package's value is ``s (V0 - m)``.

The claims so far are replayed from the state's history with the package's rules, and
states at a given line set are built by playing the lines (`native_state`), because
OpenSpiel's DBN start strings leave the drawn lines out of the observation tensor
(docs/openspiel.md).
"""

from __future__ import annotations

import pyspiel

from ..games.boxes import boxes_board

__all__ = [
    "action_to_line",
    "line_to_action",
    "native_game",
    "native_state",
    "package_value",
    "played_margin",
    "state_position",
]


def action_to_line(rows: int, cols: int, action: int) -> int:
    """The package's line number (1-based) of OpenSpiel's ``dots_and_boxes`` action id.

    Raises
    ------
    ValueError
        If the action is not one of the board's.

    Examples
    --------
    >>> [action_to_line(1, 1, a) for a in range(4)]   # top, bottom, left, right
    [1, 4, 2, 3]
    >>> [action_to_line(2, 1, a) for a in range(7)]
    [1, 4, 7, 2, 3, 5, 6]
    """
    horizontal = (rows + 1) * cols
    if not 0 <= action < horizontal + rows * (cols + 1):
        raise ValueError(f"{action!r} is not an action of {rows}x{cols} dots_and_boxes")
    if action < horizontal:
        r, c = divmod(action, cols)
        return r * (2 * cols + 1) + c + 1
    r, c = divmod(action - horizontal, cols + 1)
    return r * (2 * cols + 1) + cols + c + 1


def line_to_action(rows: int, cols: int, line: int) -> int:
    """OpenSpiel's ``dots_and_boxes`` action id of the package's line number (inverse of `action_to_line`).

    Examples
    --------
    >>> [line_to_action(1, 1, e) for e in range(1, 5)]
    [0, 2, 3, 1]
    """
    if not 1 <= line <= 2 * rows * cols + rows + cols:
        raise ValueError(f"{line!r} is not a line of the {rows}x{cols} boxes board")
    r, k = divmod(line - 1, 2 * cols + 1)
    if k < cols:
        return r * cols + k
    return (rows + 1) * cols + r * (cols + 1) + k - cols


def native_game(rows: int, cols: int, utility_margin: bool = True) -> pyspiel.Game:
    """OpenSpiel's ``dots_and_boxes`` of ``rows x cols`` boxes (returns = margins by default).

    Examples
    --------
    >>> native_game(2, 3).num_distinct_actions()
    17
    """
    return pyspiel.load_game(
        "dots_and_boxes", {"num_rows": int(rows), "num_cols": int(cols), "utility_margin": bool(utility_margin)}
    )


def _sizes(game: pyspiel.Game) -> tuple[int, int]:
    params = game.get_parameters()
    return int(params["num_rows"]), int(params["num_cols"])


def state_position(state: pyspiel.State) -> int:
    """The package's position bitmask of a ``dots_and_boxes`` state (its history replayed).

    Examples
    --------
    >>> s = native_game(1, 1).new_initial_state(); s.apply_action(1)   # the bottom line
    >>> state_position(s) == 1 << 3
    True
    """
    rows, cols = _sizes(state.get_game())
    p = 0
    for action in state.history():
        p |= 1 << (action_to_line(rows, cols, action) - 1)
    return p


def played_margin(state: pyspiel.State) -> int:
    """Boxes claimed so far by player 0 minus player 1 (``m``), by the package's rules.

    Examples
    --------
    >>> s = native_game(1, 1).new_initial_state()
    >>> for a in (0, 1, 2, 3): s.apply_action(a)
    >>> played_margin(s)           # player 1 drew the fourth line
    -1
    """
    rows, cols = _sizes(state.get_game())
    b = boxes_board(rows, cols)
    p, player, margin = 0, 0, 0
    for action in state.history():
        line = action_to_line(rows, cols, action)
        claims = b.claims(p, line)
        p |= 1 << (line - 1)
        margin += claims if player == 0 else -claims
        if not claims:
            player = 1 - player
    return margin


def package_value(state: pyspiel.State, player0_margin: float) -> int:
    """The package's value ``s (V0 - m)`` of a state from OpenSpiel's margin ``V0`` for player 0.

    Examples
    --------
    >>> s = native_game(1, 1).new_initial_state()
    >>> package_value(s, -1.0)     # the empty 1x1 board: the mover loses by 1
    -1
    """
    s = 1 if state.current_player() == 0 else -1
    return int(round(s * (player0_margin - played_margin(state))))


def native_state(game: pyspiel.Game, position) -> pyspiel.State:
    """A ``dots_and_boxes`` state whose drawn lines are ``position``, reached by playing them.

    ``position`` is line numbers or a bitmask.  The lines are played in increasing order,
    so whoever completes a box on the way owns it.

    Examples
    --------
    >>> s = native_state(native_game(1, 1), [1, 2, 3])
    >>> s.legal_actions(), s.current_player()     # three lines drawn, no box: player 1 moves
    ([1], 1)
    """
    rows, cols = _sizes(game)
    b = boxes_board(rows, cols)
    p = b.position(position)
    state = game.new_initial_state()
    for line in b.drawn_edges(p):
        state.apply_action(line_to_action(rows, cols, line))
    return state
