"""How good is MCTS?  OpenSpiel's MCTS bots graded move by move against exact values.

Positions are sampled from games played by `triangles_core.analysis.play.play_games`
(random or perfect play), one position per game among those where some legal move loses
value, so the sample is of positions where a mistake is possible.  At each position an
MCTS bot chooses a move with a given number of simulations; the exact solution says how
much value (net score for the mover) that move loses.  MCTS here is UCT (Kocsis &
Szepesvari, "Bandit based Monte-Carlo planning", ECML 2006; Browne et al., "A survey of
Monte Carlo tree search methods", IEEE TCIAIG 2012) as OpenSpiel implements it
(Lanctot et al. 2019, arXiv:1908.09453): ``pyspiel.MCTSBot`` (C++) for the native
``dots_and_boxes``, and the Python ``open_spiel.python.algorithms.mcts.MCTSBot`` for the
Python triangles game (the C++ bot crashes on Python games, docs/openspiel.md) and with
the exact evaluator (`triangles_core.openspiel.bots.ExactEvaluator`).

The statistics (`error_summary`, `shortfall_summary`, `paired_errors`) count a position
the sample repeats once in their intervals (`cluster_interval`), and blocks of searches are
matched row by row (`sample_rows`), never by position.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import pyspiel
from open_spiel.python.algorithms import mcts

from ..analysis.chains import capturable_cells, is_loony_endgame
from ..analysis.play import mean_interval, play_games, wilson_interval
from ..common.checks import check_integer, excerpt
from ..games.boxes import BoxesBoard
from . import boxes, triangles
from .bots import ExactBot, ExactEvaluator, exact_action_values, state_board_position

__all__ = [
    "PHASES",
    "UCT_C",
    "board_game",
    "cluster_interval",
    "error_summary",
    "game_state",
    "mcts_bot",
    "mcts_choices",
    "mcts_games",
    "paired_errors",
    "phase_of",
    "root_estimates",
    "sample_positions",
    "sample_rows",
    "shortfall_summary",
]

UCT_C = 2.0
"""The UCT exploration constant (OpenSpiel's examples use 2)."""

PHASES = ("capture available", "loony endgame", "safe moves remain")
"""Where in the game a position is (`phase_of`)."""


def board_game(solution, utility_margin: bool = True) -> pyspiel.Game:
    """The OpenSpiel game of a solution's board: native ``dots_and_boxes`` or the triangles game.

    Examples
    --------
    >>> import triangles_core as tc
    >>> board_game(tc.solve(2)).get_type().short_name
    'python_fighting_for_triangles'
    """
    b = solution.board
    if isinstance(b, BoxesBoard):
        return boxes.native_game(b.rows, b.cols, utility_margin)
    return triangles.load(b.side, utility_margin)


def game_state(game: pyspiel.Game, position: int) -> pyspiel.State:
    """A state of ``game`` at ``position`` (`triangles.start_state` or `boxes.native_state`)."""
    if game.get_type().short_name == "dots_and_boxes":
        return boxes.native_state(game, position)
    return triangles.start_state(game, position)


def phase_of(board, position: int) -> str:
    """``"capture available"``, ``"loony endgame"`` or ``"safe moves remain"`` (`analysis.chains`).

    Examples
    --------
    >>> from triangles_core import boxes_board
    >>> phase_of(boxes_board(2, 2), 0)
    'safe moves remain'
    """
    if capturable_cells(board, position):
        return PHASES[0]
    return PHASES[1] if is_loony_endgame(board, position) else PHASES[2]


def sample_positions(solution, source: str, count: int, seed: int) -> pd.DataFrame:
    """``count`` positions reached in play where some legal move loses value, one per game.

    Parameters
    ----------
    solution : Solution
        A value table (`triangles_core.solve`, `solve_boxes`).
    source : {"random", "perfect"}
        The policy of the games (`triangles_core.analysis.play.play_games`).
    count : int
        Games played, hence positions returned (each game gives one of its positions
        with a value-losing move, drawn uniformly).
    seed : int
        Seed of the games and of the draw.

    Returns
    -------
    pandas.DataFrame
        ``source``, ``position``, ``edges_drawn``, ``value``, ``moves``, ``mistakes``
        (legal moves that lose value), ``random_mistake_share`` (mistakes / moves: what a
        random move does there) and ``phase``.

    Examples
    --------
    >>> import triangles_core as tc
    >>> sample_positions(tc.solve_boxes(2, 2), "random", 3, 0)["mistakes"].gt(0).all()
    np.True_
    """
    count = check_integer(count, "positions", 1, 100_000)
    games = play_games(solution, source, games=count, seed=seed)
    choices = games[games["mistakes"] > 0]
    rng = np.random.default_rng(seed)
    picked = choices.groupby("game", sort=True).apply(lambda g: g.iloc[int(rng.integers(len(g)))], include_groups=False)
    out = pd.DataFrame(
        {
            "source": source,
            "position": picked["position"].astype(np.int64),
            "edges_drawn": picked["edges_drawn"],
            "value": picked["value"],
            "moves": picked["moves"],
            "mistakes": picked["mistakes"],
        }
    ).reset_index(drop=True)
    out["random_mistake_share"] = (out["mistakes"] / out["moves"]).round(6)
    out["phase"] = [phase_of(solution.board, int(p)) for p in out["position"]]
    return out


def mcts_bot(
    game: pyspiel.Game,
    simulations: int,
    seed: int,
    implementation: str = "cpp",
    evaluator: str = "random",
    solution=None,
    uct_c: float = UCT_C,
) -> pyspiel.Bot:
    """OpenSpiel's MCTS bot: UCT with exploration constant ``uct_c``, one random rollout per leaf, no solver.

    Parameters
    ----------
    game : pyspiel.Game
        The game.
    simulations : int
        Simulations per move.
    seed : int
        Seed of the bot's random numbers.
    implementation : {"cpp", "python"}
        ``pyspiel.MCTSBot`` or ``open_spiel.python.algorithms.mcts.MCTSBot``.
    evaluator : {"random", "exact"}
        Random rollouts, or the exact evaluator (Python bot only; needs ``solution``).
    solution : Solution, optional
        For the exact evaluator.
    uct_c : float
        The exploration constant (`UCT_C` by default).  It multiplies a term of order 1
        while the mean returns it is added to are of the order of the game's returns:
        margins up to the number of cells, or +-1 for win/loss returns.

    Returns
    -------
    pyspiel.Bot
        The C++ bot gets a 1,000 MB tree limit (never reached here).

    Raises
    ------
    ValueError
        For an unknown implementation or evaluator, or the exact evaluator with the C++ bot.
    """
    simulations = check_integer(simulations, "simulations", 1, 10**7)
    if implementation == "cpp":
        if evaluator != "random":
            raise ValueError("the C++ MCTS bot takes only OpenSpiel's C++ evaluators: use implementation='python'")
        return pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, seed), float(uct_c), simulations, 1000, False, seed, False
        )
    if implementation != "python":
        raise ValueError(f"implementation must be 'cpp' or 'python', got {excerpt(implementation)}")
    rng = np.random.RandomState(seed)
    if evaluator == "exact":
        leaf = ExactEvaluator(solution)
    elif evaluator == "random":
        leaf = mcts.RandomRolloutEvaluator(1, rng)
    else:
        raise ValueError(f"evaluator must be 'random' or 'exact', got {excerpt(evaluator)}")
    return mcts.MCTSBot(game, float(uct_c), simulations, leaf, solve=False, random_state=rng)


def _verdict(v: int) -> int:
    return (v > 0) - (v < 0)


def mcts_choices(
    solution,
    positions: pd.DataFrame,
    simulations: int,
    seed: int,
    implementation: str = "cpp",
    evaluator: str = "random",
    uct_c: float = UCT_C,
    utility_margin: bool = True,
) -> pd.DataFrame:
    """MCTS's move at each position, graded by the exact values.

    Parameters
    ----------
    solution : Solution
        The board's solution.
    positions : pandas.DataFrame
        With a ``position`` column (`sample_positions`).
    simulations, seed, implementation, evaluator, uct_c
        As for `mcts_bot`; position ``i`` is searched with seed ``seed + i``.
    utility_margin : bool
        Returns equal to the final margin (the default), or win/draw/loss returns +-1, 0.

    Returns
    -------
    pandas.DataFrame
        ``positions`` with ``simulations``, ``action``, ``value_lost`` (value of the
        position minus the value of the move chosen), ``verdict_lost`` (the move turns a
        win into a draw or loss, or a draw into a loss) and ``seconds`` (the search).

    Examples
    --------
    >>> import triangles_core as tc
    >>> s = tc.solve_boxes(2, 2)
    >>> mcts_choices(s, sample_positions(s, "perfect", 2, 0), 50, 0)["value_lost"].ge(0).all()
    np.True_
    """
    game = board_game(solution, utility_margin)
    rows = []
    for i, p in enumerate(positions["position"]):
        state = game_state(game, int(p))
        bot = mcts_bot(game, simulations, seed + i, implementation, evaluator, solution, uct_c)
        start = time.perf_counter()
        action = bot.step(state)
        seconds = time.perf_counter() - start
        values = exact_action_values(solution, state)
        best = max(values.values())
        rows.append(
            (simulations, int(action), best - values[action], _verdict(values[action]) < _verdict(best), seconds)
        )
    graded = pd.DataFrame(rows, columns=["simulations", "action", "value_lost", "verdict_lost", "seconds"])
    return pd.concat([positions.reset_index(drop=True), graded], axis=1)


def mcts_games(
    solution, games: int, simulations: int, seed: int, implementation: str = "cpp", evaluator: str = "random"
) -> pd.DataFrame:
    """Games of MCTS against perfect play (`ExactBot`, uniform among optimal moves) from the empty board.

    MCTS moves first in the even-numbered games and second in the odd ones.

    Returns
    -------
    pandas.DataFrame
        One row per game: ``game``, ``mcts_first``, ``perfect_margin`` (MCTS's margin
        under perfect play by both: the empty board's value, or minus it) and
        ``margin`` (MCTS's final cells minus the perfect player's), ``shortfall``
        (``perfect_margin - margin``, >= 0) and ``mcts_moves``.

    Examples
    --------
    >>> import triangles_core as tc
    >>> mcts_games(tc.solve_boxes(1, 1), 2, 10, 0)["shortfall"].tolist()
    [0, 0]
    """
    games = check_integer(games, "games", 1, 100_000)
    game = board_game(solution)
    root = solution.value(0)
    rows = []
    for g in range(games):
        mcts_player = g % 2
        bots = {
            mcts_player: mcts_bot(game, simulations, seed + g, implementation, evaluator, solution),
            1 - mcts_player: ExactBot(solution, game, seed=seed + g),
        }
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            player = state.current_player()
            moves += player == mcts_player
            state.apply_action(bots[player].step(state))
        margin0 = _final_margin(state)
        margin = margin0 if mcts_player == 0 else -margin0
        perfect = root if mcts_player == 0 else -root
        rows.append((g, mcts_player == 0, perfect, margin, perfect - margin, moves))
    return pd.DataFrame(rows, columns=["game", "mcts_first", "perfect_margin", "margin", "shortfall", "mcts_moves"])


def _final_margin(state: pyspiel.State) -> int:
    if state.get_game().get_type().short_name == "dots_and_boxes":
        return boxes.played_margin(state)
    return state.margin()


BOOTSTRAP_RESAMPLES = 2000
"""Resamples of `cluster_interval`."""


def cluster_interval(values, clusters, seed: int = 0, resamples: int = BOOTSTRAP_RESAMPLES) -> tuple[float, float]:
    """95% percentile interval of a mean by a bootstrap over clusters (distinct positions).

    The sample of notebook 11 repeats positions (the empty 2x2 board is drawn 59 times of
    500), and repeated searches of one position are not independent draws of the board's
    positions; resampling whole clusters (Davison & Hinkley, *Bootstrap Methods and their
    Application*, 1997, on hierarchical data) keeps that dependence.  Deterministic for a seed.

    Parameters
    ----------
    values : array_like of float
        One value per row (an error indicator, a value lost).
    clusters : array_like
        The cluster of each row (the position).
    seed : int
        Seed of ``numpy.random.default_rng``.
    resamples : int
        Bootstrap resamples.

    Returns
    -------
    low, high : float

    Examples
    --------
    >>> cluster_interval([1, 1, 0, 0], [5, 5, 6, 6])
    (0.0, 1.0)
    """
    frame = pd.DataFrame({"v": np.asarray(values, dtype=float), "c": np.asarray(clusters)})
    grouped = frame.groupby("c", sort=True)["v"]
    sums, sizes = grouped.sum().to_numpy(), grouped.size().to_numpy(dtype=float)
    rng = np.random.default_rng(check_integer(seed, "seed", 0))
    picks = rng.integers(len(sums), size=(check_integer(resamples, "resamples", 100, 10**6), len(sums)))
    means = sums[picks].sum(axis=1) / sizes[picks].sum(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return round(float(low), 6), round(float(high), 6)


def error_summary(choices: pd.DataFrame, by: list[str], seed: int = 0) -> pd.DataFrame:
    """Rate of value-losing moves and mean value lost per move, with 95% intervals, by groups.

    ``error_rate`` is the share of the rows (searches) of the group whose chosen move loses
    value; ``mean_value_lost`` the mean value lost per move; ``verdict_lost_rate`` the
    share of moves that worsen the outcome.  Each averages over the sampled positions of
    the group (``positions`` rows, ``distinct_positions`` of them distinct: the sample
    repeats positions).  The intervals ``error_low``-``error_high`` and
    ``lost_low``-``lost_high`` take the wider end of a cluster bootstrap over the distinct
    positions (`cluster_interval`, ``seed``) and of the Wilson interval
    (`triangles_core.analysis.play.wilson_interval`) / normal interval (`mean_interval`)
    computed as if there were only ``distinct_positions`` rows, so that a group with no
    errors still has an upper end above 0.

    Examples
    --------
    >>> frame = pd.DataFrame({"k": [1, 1], "position": [3, 4], "value_lost": [0, 2],
    ...                       "verdict_lost": [False, True], "seconds": [0.1, 0.3]})
    >>> error_summary(frame, ["k"])[["positions", "error_rate", "mean_value_lost"]].values.tolist()
    [[2.0, 0.5, 1.0]]
    """
    frame = choices.assign(error=choices["value_lost"] > 0)
    grouped = frame.groupby(by, sort=True)
    out = pd.DataFrame(
        {
            "positions": grouped.size(),
            "distinct_positions": grouped["position"].nunique(),
            "errors": grouped["error"].sum(),
            "mean_value_lost": grouped["value_lost"].mean().round(6),
            "verdict_lost": grouped["verdict_lost"].sum(),
        }
    )
    n = out["positions"].to_numpy()
    d = out["distinct_positions"].to_numpy()
    out["error_rate"] = (out["errors"] / n).round(6)
    low, high = wilson_interval(np.round(out["error_rate"].to_numpy() * d, 9), d)
    std = grouped["value_lost"].std(ddof=1).fillna(0.0)
    mlow, mhigh = mean_interval(out["mean_value_lost"], std, d)
    boot = [
        (cluster_interval(g["error"], g["position"], seed), cluster_interval(g["value_lost"], g["position"], seed))
        for _, g in grouped
    ]
    out["error_low"] = np.clip(np.minimum(low, [b[0][0] for b in boot]), 0.0, 1.0).round(6) + 0.0  # never -0.0
    out["error_high"] = np.clip(np.maximum(high, [b[0][1] for b in boot]), 0.0, 1.0).round(6)
    out["lost_low"] = np.clip(np.minimum(mlow, [b[1][0] for b in boot]), 0.0, None).round(6) + 0.0
    out["lost_high"] = np.maximum(mhigh, [b[1][1] for b in boot]).round(6)
    out["verdict_lost_rate"] = (out["verdict_lost"] / n).round(6)
    if "random_mistake_share" in frame:
        out["random_move_error"] = grouped["random_mistake_share"].mean().round(6)
    if "seconds" in frame:
        out["seconds_per_move"] = grouped["seconds"].mean().round(4)
    return out.reset_index()


def sample_rows(choices: pd.DataFrame) -> pd.DataFrame:
    """``choices`` with ``sample_row``: the row's index among its source's sampled positions.

    Every search block of ``mcts_choices.csv`` / ``mcts_more.csv`` (one board,
    simulations, implementation and evaluator) lists the sample in order, source by
    source, and the subsets are the first rows of each source; so two blocks are matched
    row by row on ``(board, source, sample_row)``, never on the position, which the sample
    repeats.

    Examples
    --------
    >>> frame = pd.DataFrame({"board": "b", "simulations": 1, "implementation": "cpp", "evaluator": "random",
    ...                       "source": ["random", "random", "perfect"], "position": [0, 0, 0]})
    >>> sample_rows(frame)["sample_row"].tolist()
    [0, 1, 0]
    """
    block = ["board", "simulations", "implementation", "evaluator", "source"]
    return choices.assign(sample_row=choices.groupby(block, sort=False).cumcount())


def paired_errors(first: pd.DataFrame, second: pd.DataFrame) -> dict[str, float]:
    """Two searches of the same rows compared: discordant errors and McNemar's exact test.

    Parameters
    ----------
    first, second : pandas.DataFrame
        `mcts_choices` results on the same positions in the same order (checked).

    Returns
    -------
    dict
        ``positions``; ``both`` (rows where both moves lose value), ``first_only``,
        ``second_only``; ``p_value`` of the exact (binomial) McNemar test that the two
        error rates are equal (McNemar, Psychometrika 12, 1947); ``same_move`` (share of
        rows where both chose the same action).  The test is ``scipy.stats.binomtest``
        (SciPy is a dependency of open_spiel) on the discordant rows.

    Examples
    --------
    >>> a = pd.DataFrame({"position": [1, 2, 3], "value_lost": [2, 0, 0], "action": [0, 1, 2]})
    >>> b = pd.DataFrame({"position": [1, 2, 3], "value_lost": [0, 2, 0], "action": [1, 0, 2]})
    >>> paired_errors(a, b)["p_value"]
    1.0
    """
    from scipy.stats import binomtest  # type: ignore[import-untyped]  # why: scipy ships no type information (no scipy-stubs installed)

    if not np.array_equal(first["position"].to_numpy(), second["position"].to_numpy()):
        raise ValueError("paired_errors needs the same positions in the same order")
    a, b = first["value_lost"].to_numpy() > 0, second["value_lost"].to_numpy() > 0
    only_a, only_b = int((a & ~b).sum()), int((~a & b).sum())
    p = binomtest(only_a, only_a + only_b, 0.5).pvalue if only_a + only_b else 1.0
    return {
        "positions": len(a),
        "both": int((a & b).sum()),
        "first_only": only_a,
        "second_only": only_b,
        "p_value": float(f"{float(p):.3g}"),
        "same_move": round(float((first["action"].to_numpy() == second["action"].to_numpy()).mean()), 6),
    }


def shortfall_summary(games: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Mean shortfall of games against perfect play with a normal 95% interval, by groups.

    Games are independent (each from the empty board with its own seeds), so the interval
    is `mean_interval` over the games of the group.

    Examples
    --------
    >>> frame = pd.DataFrame({"k": [1, 1, 1, 1], "shortfall": [0, 2, 2, 0]})
    >>> shortfall_summary(frame, ["k"])[["games", "mean_shortfall", "perfect_games"]].values.tolist()
    [[4.0, 1.0, 2.0]]
    """
    grouped = games.groupby(by, sort=False)["shortfall"]
    out = pd.DataFrame(
        {
            "games": grouped.size(),
            "mean_shortfall": grouped.mean().round(6),
            "perfect_games": grouped.apply(lambda s: int((s == 0).sum())),
            "worst": grouped.max(),
        }
    )
    std = grouped.std(ddof=1).fillna(0.0)
    low, high = mean_interval(out["mean_shortfall"], std, out["games"])
    out["shortfall_low"], out["shortfall_high"] = np.clip(low, 0.0, None) + 0.0, high
    out["perfect_share"] = (out["perfect_games"] / out["games"]).round(6)
    return out.reset_index()


def root_estimates(solution, positions: pd.DataFrame, simulations: int, seed: int) -> pd.DataFrame:
    """The Python MCTS bot with the exact evaluator, its root children read against exact values.

    Searches as `mcts_choices` does with ``implementation="python", evaluator="exact"``
    (position ``i`` with seed ``seed + i``; the chosen move is the one `mcts_choices`
    records) and returns, per position, the move chosen, how often it and the optimal
    moves were visited, and each child's UCT mean (its total reward over its visits, in
    the mover's final margin) minus the exact final margin of that move (the margin so
    far plus the move value): the error of the search's estimate, not of the leaves.

    Returns
    -------
    pandas.DataFrame
        ``position``, ``moves``, ``action``, ``value_lost``, ``unvisited`` (legal moves
        never visited), ``chosen_bias`` (UCT mean minus exact, chosen move) and
        ``optimal_bias`` (the same averaged over the visited optimal moves; NaN when none
        was visited).
    """
    game = board_game(solution)
    rows = []
    for i, p in enumerate(positions["position"]):
        state = game_state(game, int(p))
        bot = mcts_bot(game, simulations, seed + i, "python", "exact", solution)
        root = bot.mcts_search(state)
        chosen = max(root.children, key=mcts.SearchNode.sort_key)
        values = exact_action_values(solution, state)
        best = max(values.values())
        _, margin0, sign = state_board_position(state)
        so_far = sign * margin0  # the mover's margin so far

        bias = {
            c.action: c.total_reward / c.explore_count - so_far - values[c.action]
            for c in root.children
            if c.explore_count
        }
        optimal = [bias[a] for a in bias if values[a] == best]
        rows.append(
            (
                int(p),
                len(values),
                int(chosen.action),
                best - values[chosen.action],
                sum(c.explore_count == 0 for c in root.children),
                bias[chosen.action],
                float(np.mean(optimal)) if optimal else np.nan,
            )
        )
    return pd.DataFrame(
        rows, columns=["position", "moves", "action", "value_lost", "unvisited", "chosen_bias", "optimal_bias"]
    )
