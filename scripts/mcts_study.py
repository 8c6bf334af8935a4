"""How good is MCTS?  OpenSpiel's MCTS graded move by move against exact values: notebook 11.

The study's code comes first (notebook 11 imports it: its first cell puts ``../scripts``
on ``sys.path``), then the command line that wrote the data under ``data/openspiel/``.

Positions are sampled from games of random and of perfect play
(`triangles_core.analysis.play.play_games`), one per game among those where some legal
move loses value, so the sample is of positions where a mistake is possible
(`sample_positions`).  At each one an MCTS bot chooses a move with a given number of
simulations, and the exact solution says how much value (net score for the mover) that
move loses (`mcts_choices`); `mcts_games` plays MCTS against perfect play.  MCTS is UCT
(Kocsis & Szepesvari, "Bandit based Monte-Carlo planning", ECML 2006; Browne et al., "A
survey of Monte Carlo tree search methods", IEEE TCIAIG 2012) as OpenSpiel implements it
(Lanctot et al. 2019, arXiv:1908.09453): ``pyspiel.MCTSBot`` (C++) for the native
``dots_and_boxes``, and the Python ``open_spiel.python.algorithms.mcts.MCTSBot`` for the
Python triangles game (the C++ bot crashes on Python games, docs/openspiel.md) and with
the exact evaluator (`triangles_core.openspiel.bots.ExactEvaluator`).  The statistics
(`error_summary`, `shortfall_summary`, `paired_errors`) count a position the sample
repeats once in their intervals (`cluster_interval`), and blocks of searches are matched
row by row (`sample_rows`), never by position.

The run: for each board (side-3 triangles; 2x2, 2x3, 3x3 and 3x4 boxes) positions are
sampled from random play (seed 0) and from perfect play (seed 1), and OpenSpiel's MCTS
(UCT, c = 2, one random rollout per leaf, no solver) chooses a move at each with 10 to
10^4 simulations.  Then the control (the Python MCTS bot with the exact evaluator), the
same positions searched by the Python bot with random rollouts (to check that the C++ and
Python bots agree), and games of MCTS against perfect play.  From the repository root
(about 35 minutes on two shared cores, 2.5 GB of memory for the 3x4 table)::

    .venv/bin/python scripts/mcts_study.py

It writes under ``data/openspiel/``: ``mcts_choices.csv`` (one row per position and
search), ``mcts_games.csv`` (one row per game) and ``run.json`` (command, versions,
machine, seconds per block).  Each block is written as soon as it is done.

Then, with ``--more`` (about 2 minutes), the C++ bot with 100,000 simulations on the first
positions of each source of the 2x2, 2x3 and 3x3 samples (the same positions and seeds
scheme), written to ``mcts_more.csv`` and ``run_more.json``.

With ``--extra`` (about a minute), two small checks written to ``mcts_extra.csv`` and
``run_extra.json``: the empty 2x2 board searched by the C++ bot with 10^4 simulations (10
seeds), 10^5 and 4x10^5 (3 seeds each), with margin and with win/loss returns; and the
500 3x3 positions at 1,000 simulations with c = 18 (c = 2 times 9, the largest 3x3
margin) and margin returns, and with c = 2 and win/loss returns (OpenSpiel's default),
beside the main run's c = 2 with margin returns.

Two checks are quick enough to run inside the notebook instead: `first_move_playouts` (the
exact mean of random play after each first move) and `solver_searches` (the empty 2x2
board with and without MCTS-Solver backups, about 6 s).
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pyspiel
from _provenance import cpu_model  # scripts/, beside this file
from open_spiel.python.algorithms import mcts

import triangles_core as tc
from triangles_core._files import atomic_open
from triangles_core.analysis.chains import capturable_cells, is_loony_endgame
from triangles_core.analysis.outcomes import policy_weights, reach_probabilities
from triangles_core.analysis.play import mean_interval, play_games, wilson_interval
from triangles_core.games.boxes import BoxesBoard
from triangles_core.openspiel import boxes, triangles
from triangles_core.openspiel.bots import ExactBot, ExactEvaluator, exact_action_values, state_board_position
from triangles_core.plot.palette import OWNER_COLOURS

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
    solve: bool = False,
) -> pyspiel.Bot:
    """OpenSpiel's MCTS bot: UCT with exploration constant ``uct_c``, one random rollout per leaf.

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
    solve : bool
        MCTS-Solver backups (Winands, Bjornsson and Saito, "Monte-Carlo tree search
        solver", Computers and Games 2008): a node whose subtree is proved takes its
        exact outcome.  Off in the study.

    Returns
    -------
    pyspiel.Bot
        The C++ bot gets a 1,000 MB tree limit (never reached here).

    Raises
    ------
    ValueError
        For an unknown implementation or evaluator, or the exact evaluator with the C++ bot.
    """
    if implementation == "cpp":
        if evaluator != "random":
            raise ValueError("the C++ MCTS bot takes only OpenSpiel's C++ evaluators: use implementation='python'")
        return pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, seed), float(uct_c), simulations, 1000, solve, seed, False
        )
    if implementation != "python":
        raise ValueError(f"implementation must be 'cpp' or 'python', got {implementation!r}")
    rng = np.random.RandomState(seed)
    if evaluator == "exact":
        leaf = ExactEvaluator(solution)
    elif evaluator == "random":
        leaf = mcts.RandomRolloutEvaluator(1, rng)
    else:
        raise ValueError(f"evaluator must be 'random' or 'exact', got {evaluator!r}")
    return mcts.MCTSBot(game, float(uct_c), simulations, leaf, solve=solve, random_state=rng)


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
    solve: bool = False,
) -> pd.DataFrame:
    """MCTS's move at each position, graded by the exact values.

    Parameters
    ----------
    solution : Solution
        The board's solution.
    positions : pandas.DataFrame
        With a ``position`` column (`sample_positions`).
    simulations, seed, implementation, evaluator, uct_c, solve
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
        bot = mcts_bot(game, simulations, seed + i, implementation, evaluator, solution, uct_c, solve)
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


def solver_searches(solution, plan, position: int = 0) -> pd.DataFrame:
    """The C++ MCTS bot at one position with and without MCTS-Solver backups, and what it proved.

    Parameters
    ----------
    solution : Solution
        A boxes solution (the native ``dots_and_boxes`` game, margin returns).
    plan : iterable of (int, int)
        ``(simulations, seeds)``: searches with seeds ``0 .. seeds - 1``.
    position : int
        The position searched (the empty board by default).

    Returns
    -------
    pandas.DataFrame
        One row per search: ``solve``, ``simulations``, ``seed``, ``action`` (the move the
        bot plays, ``SearchNode.best_child``), ``value_lost``, ``root_children_proved``
        (root moves whose exact outcome the solver established), ``nodes_with_outcome``
        (terminal or proved) and ``nodes`` (of the search tree).
    """
    game = board_game(solution)

    def walk(node):
        counts = np.array([1, len(node.outcome) > 0])
        return counts + sum((walk(c) for c in node.children), np.zeros(2, dtype=int))

    rows = []
    for solve in (False, True):
        for simulations, seeds in plan:
            for seed in range(seeds):
                state = game_state(game, position)
                root = mcts_bot(game, simulations, seed, solve=solve).mcts_search(state)
                action = root.best_child().action
                values = exact_action_values(solution, state)
                proved = sum(len(c.outcome) > 0 for c in root.children)
                nodes, nodes_with_outcome = walk(root)
                lost = max(values.values()) - values[action]
                rows.append((solve, simulations, seed, action, lost, proved, int(nodes_with_outcome), int(nodes)))
    columns = [
        "solve",
        "simulations",
        "seed",
        "action",
        "value_lost",
        "root_children_proved",
        "nodes_with_outcome",
        "nodes",
    ]
    return pd.DataFrame(rows, columns=columns)


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
    rng = np.random.default_rng(seed)
    picks = rng.integers(len(sums), size=(resamples, len(sums)))
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


# The figures of notebook 11 (matplotlib, the package palette).

BOARD_NAMES = {
    "side3": "side-3 triangles",
    "boxes2x2": "2x2 boxes",
    "boxes2x3": "2x3 boxes",
    "boxes3x3": "3x3 boxes",
    "boxes3x4": "3x4 boxes",
}


def first_move_playouts(solution) -> pd.DataFrame:
    """Each first move's exact value beside the exact mean margin of uniformly random play after it.

    The random-play mean is what a random rollout estimates for the move: both players
    then play uniformly at random (`triangles_core.analysis.outcomes.policy_weights`),
    and the distribution of the final margin is propagated exactly
    (`reach_probabilities`), with no sampling.

    Returns
    -------
    pandas.DataFrame
        One row per first move: ``line`` (SPEC line number), ``value`` (exact, for the
        first player), ``random_play_mean`` (the first player's mean final margin under
        random play after that move, what margin returns estimate) and
        ``random_play_win_minus_loss`` (P(win) - P(loss) for the first player, what
        win/loss returns estimate), 4 decimals.

    Examples
    --------
    >>> import triangles_core as tc
    >>> first_move_playouts(tc.solve_boxes(1, 1))["value"].tolist()
    [-1, -1, -1, -1]
    """
    board, n = solution.board, solution.board.n_cells
    weights, full = policy_weights(solution, "random"), (1 << board.n_edges) - 1
    rows = []
    for e in range(board.n_edges):
        first = weights.copy()
        first[0] = np.eye(board.n_edges)[e]
        final = reach_probabilities(solution, first)[full].sum(axis=0)
        margins = np.arange(-n, n + 1)
        mean, win_minus_loss = (round(float(final @ f), 4) for f in (margins, np.sign(margins)))
        rows.append((e + 1, int(solution.move_table[0, e]), mean, win_minus_loss))
    return pd.DataFrame(rows, columns=["line", "value", "random_play_mean", "random_play_win_minus_loss"])


def removed_share(exact: pd.DataFrame, rollouts: pd.DataFrame, seed: int = 0) -> tuple[float, float, float]:
    """Share of the rollout searches' errors that exact leaves remove, with a 95% cluster-bootstrap interval.

    ``1 - errors(exact) / errors(rollouts)`` over the same rows in the same order
    (matched by `sample_rows`); rows are resampled by whole positions, as in
    `cluster_interval`.

    Examples
    --------
    >>> a = pd.DataFrame({"position": [1, 2, 3, 4], "value_lost": [0, 0, 2, 0]})
    >>> b = pd.DataFrame({"position": [1, 2, 3, 4], "value_lost": [2, 2, 2, 0]})
    >>> removed_share(a, b)[0]
    0.666667
    """
    if not (exact["position"].to_numpy() == rollouts["position"].to_numpy()).all():
        raise ValueError("removed_share needs the same rows in the same order")
    frame = pd.DataFrame(
        {
            "c": exact["position"].to_numpy(),
            "x": exact["value_lost"].to_numpy() > 0,
            "r": rollouts["value_lost"].to_numpy() > 0,
        }
    )
    sums = frame.groupby("c", sort=True)[["x", "r"]].sum().to_numpy(dtype=float)
    picks = np.random.default_rng(seed).integers(len(sums), size=(BOOTSTRAP_RESAMPLES, len(sums)))
    x, r = sums[picks, 0].sum(axis=1), sums[picks, 1].sum(axis=1)
    low, high = np.percentile(1 - x / np.maximum(r, 1), [2.5, 97.5])
    return round(float(1 - sums[:, 0].sum() / sums[:, 1].sum()), 6), round(float(low), 6), round(float(high), 6)


ROLLOUT_COLOUR, EXACT_COLOUR = OWNER_COLOURS["A"], OWNER_COLOURS["B"]
"""The two searches of `error_rate_panels`: random rollouts and exact leaf values."""


def error_rate_panels(summary: pd.DataFrame, control: pd.DataFrame):
    """Two panels for a phone's width: rollout error rates by board, and what exact leaves remove.

    Top: the share of value-losing moves by simulations (log scale), one line per board
    (`error_summary` rows of ``summary``), with the 95% cluster-bootstrap interval drawn at each
    board's largest number of simulations only. Bottom: the share of those errors that exact
    leaf values remove on the same rows (``control``: `removed_share` with its 95% interval),
    with a line at none. One colour and marker per board in both panels; fonts of 9 pt or more
    on a figure 3.6 inches wide.
    """
    keys = list(dict.fromkeys(summary["board"]))
    style = {k: (plt.get_cmap("tab10")(i), "osD^v"[i % 5]) for i, k in enumerate(keys)}
    fig, (top, low) = plt.subplots(2, 1, figsize=(3.6, 6.2), sharex=True, height_ratios=(1.2, 1))
    for i, key in enumerate(keys):
        colour, marker = style[key]
        rows = summary[summary["board"] == key]
        top.plot(
            rows["simulations"], rows["error_rate"], marker=marker, ms=4, color=colour, label=BOARD_NAMES.get(key, key)
        )
        last = rows.iloc[-1]
        x = last["simulations"] * 1.12 ** (i + 1)
        top.errorbar(
            [x],
            [last["error_rate"]],
            yerr=[[last["error_rate"] - last["error_low"]], [last["error_high"] - last["error_rate"]]],
            color=colour,
            capsize=2,
            lw=1,
        )
        c = control[control["board"] == key]
        if len(c):
            x = c["simulations"] * 1.15 ** (i - 2)
            low.errorbar(
                x,
                100 * c["removed_share"],
                yerr=[100 * (c["removed_share"] - c["removed_low"]), 100 * (c["removed_high"] - c["removed_share"])],
                fmt=marker,
                ms=4,
                color=colour,
                capsize=2,
                lw=1,
            )
    top.set(xscale="log", ylim=(0, 0.7), ylabel="share of moves that lose value")
    top.set_title("MCTS with random rollouts", fontsize=10)
    top.legend(fontsize=9, frameon=False, ncol=2, loc="lower left", handlelength=1.5, columnspacing=0.8)
    low.axhline(0, color="grey", lw=1, ls="--")
    low.set(ylim=(-20, 105), ylabel="errors removed (%)", xlabel="simulations per move")
    low.set_title("exact leaf values: rollout errors removed", fontsize=10)
    low.set_xticks([10, 100, 1000, 10000], ["10", "100", "1,000", "10,000"])
    for ax in (top, low):
        ax.tick_params(labelsize=9)
        ax.yaxis.label.set_size(9)
        ax.xaxis.label.set_size(9)
    fig.tight_layout()
    return fig


# The command line: the long runs behind data/openspiel/.

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "openspiel"
COMMAND = ".venv/bin/python scripts/mcts_study.py"

SIMULATIONS = (10, 30, 100, 300, 1000, 3000, 10000)
# board key -> (solver, positions per source, MCTS implementation, simulations)
BOARDS = {
    "boxes2x2": (lambda: tc.solve_boxes(2, 2), 250, "cpp", SIMULATIONS),
    "boxes2x3": (lambda: tc.solve_boxes(2, 3), 250, "cpp", SIMULATIONS),
    "boxes3x3": (lambda: tc.solve_boxes(3, 3), 250, "cpp", SIMULATIONS),
    "boxes3x4": (lambda: tc.solve_boxes(3, 4), 150, "cpp", SIMULATIONS),
    "side3": (lambda: tc.solve(3), 50, "python", (10, 30, 100, 300, 1000, 3000)),
}
CONTROL = {"boxes2x2": (10, 100, 1000), "boxes3x3": (10, 100, 1000), "side3": (10, 100)}
"""Boards and simulations of the control (Python bot, exact evaluator) on the first 50 positions of each source."""
PYTHON_CHECK = ("boxes3x3", (100, 1000))
"""The Python bot with random rollouts on the same 3x3 positions, beside the C++ bot."""
GAMES = {
    "boxes2x2": ((100, 100), (1000, 100), (10000, 100)),
    "boxes2x3": ((100, 100), (1000, 100), (10000, 100)),
    "boxes3x3": ((100, 100), (1000, 100), (10000, 100)),
    "boxes3x4": ((1000, 50), (10000, 50)),
    "side3": ((100, 40), (1000, 20)),
}
"""Games against perfect play: board -> (simulations, games) pairs (MCTS first in even games)."""


def machine() -> str:
    """The CPU model, the number of logical CPUs and the system, for run.json."""
    return f"{cpu_model()}, {os.cpu_count()} logical CPUs shared with other work, {platform.system()}"


def write_csv(frame: pd.DataFrame, path: Path) -> None:
    with atomic_open(path, "w", encoding="utf-8", newline="") as f:
        frame.to_csv(f, index=False, lineterminator="\n")


MORE = {"boxes2x2": 50, "boxes2x3": 50, "boxes3x3": 30}
"""``--more``: board -> positions per source searched with `MORE_SIMULATIONS`."""
MORE_SIMULATIONS = 100_000


def more() -> int:
    run = {
        "command": COMMAND + " --more",
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    parts = []
    for key, count in MORE.items():
        started = time.perf_counter()
        solver, per_source = BOARDS[key][0], BOARDS[key][1]
        solution = solver()
        sample = pd.concat(
            [sample_positions(solution, source, per_source, seed) for seed, source in enumerate(("random", "perfect"))],
            ignore_index=True,
        )
        first = sample.groupby("source", sort=False).head(count)
        graded = mcts_choices(solution, first, MORE_SIMULATIONS, seed=1000 * MORE_SIMULATIONS)
        parts.append(graded.assign(board=key, implementation="cpp", evaluator="random"))
        print(key, MORE_SIMULATIONS, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
        run["seconds"][key] = round(time.perf_counter() - started, 1)
        write_csv(pd.concat(parts, ignore_index=True), OUT / "mcts_more.csv")
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with atomic_open(OUT / "run_more.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(run, indent=1) + "\n")
    return 0


EMPTY_2X2 = ((10_000, 10), (100_000, 3), (400_000, 3))
"""``--extra``: (simulations, seeds) at the empty 2x2 board."""
VARIANTS_3X3 = ((18.0, True), (2.0, False))
"""``--extra``: (uct_c, utility_margin) of the 3x3 searches at 1,000 simulations."""


def extra() -> int:
    run = {
        "command": COMMAND + " --extra",
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    parts = []
    started = time.perf_counter()
    solution = tc.solve_boxes(2, 2)
    for margin in (True, False):
        for n, seeds in EMPTY_2X2:
            empty = pd.DataFrame({"source": "empty board", "position": [0] * seeds})
            graded = mcts_choices(solution, empty, n, seed=0, utility_margin=margin)
            parts.append(graded.assign(board="boxes2x2", uct_c=2.0, utility_margin=margin))
            print("empty 2x2", margin, n, graded["value_lost"].tolist(), flush=True)
    run["seconds"]["empty 2x2"] = round(time.perf_counter() - started, 1)
    started = time.perf_counter()
    solution = tc.solve_boxes(3, 3)
    count = BOARDS["boxes3x3"][1]
    sample = pd.concat(
        [sample_positions(solution, source, count, seed) for seed, source in enumerate(("random", "perfect"))],
        ignore_index=True,
    )
    for c, margin in VARIANTS_3X3:
        graded = mcts_choices(solution, sample, 1000, seed=1000 * 1000, uct_c=c, utility_margin=margin)
        parts.append(graded.assign(board="boxes3x3", uct_c=c, utility_margin=margin))
        print("3x3", c, margin, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    run["seconds"]["3x3 variants"] = round(time.perf_counter() - started, 1)
    write_csv(
        pd.concat(parts, ignore_index=True).assign(implementation="cpp", evaluator="random"), OUT / "mcts_extra.csv"
    )
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with atomic_open(OUT / "run_extra.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(run, indent=1) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--more"]:
        return more()
    if argv == ["--extra"]:
        return extra()
    if argv:
        print(f"usage: {COMMAND} [--more | --extra]", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    run = {
        "command": COMMAND,
        "triangles_core": metadata.version("triangles_core"),
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "machine": machine(),
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": {},
    }
    choices, games = [], []

    def save() -> None:
        write_csv(pd.concat(choices, ignore_index=True), OUT / "mcts_choices.csv")
        if games:
            write_csv(pd.concat(games, ignore_index=True), OUT / "mcts_games.csv")
        with atomic_open(OUT / "run.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(run, indent=1) + "\n")

    samples = {}
    for key, (solver, count, implementation, levels) in BOARDS.items():
        started = time.perf_counter()
        solution = solver()
        sample = pd.concat(
            [sample_positions(solution, source, count, seed) for seed, source in enumerate(("random", "perfect"))],
            ignore_index=True,
        )
        samples[key] = (solution, sample)
        for n in levels:
            graded = mcts_choices(solution, sample, n, seed=1000 * n, implementation=implementation)
            choices.append(graded.assign(board=key, implementation=implementation, evaluator="random"))
            print(key, n, f"{graded['value_lost'].gt(0).mean():.3f}", f"{graded['seconds'].mean():.4f}s", flush=True)
        run["seconds"][key] = round(time.perf_counter() - started, 1)
        save()
        if key == "boxes3x4":
            del samples[key]  # the 2 GiB table is not needed again
    started = time.perf_counter()
    for key, levels in CONTROL.items():
        solution, sample = samples[key]
        first = sample.groupby("source", sort=False).head(50)
        for n in levels:
            graded = mcts_choices(solution, first, n, seed=1000 * n, implementation="python", evaluator="exact")
            choices.append(graded.assign(board=key, implementation="python", evaluator="exact"))
            print("control", key, n, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    key, levels = PYTHON_CHECK
    solution, sample = samples[key]
    for n in levels:
        graded = mcts_choices(solution, sample, n, seed=1000 * n, implementation="python")
        choices.append(graded.assign(board=key, implementation="python", evaluator="random"))
        print("python", key, n, f"{graded['value_lost'].gt(0).mean():.3f}", flush=True)
    run["seconds"]["control"] = round(time.perf_counter() - started, 1)
    save()
    for key, plan in GAMES.items():
        started = time.perf_counter()
        solution = samples[key][0] if key in samples else BOARDS[key][0]()
        implementation = BOARDS[key][2]
        for n, count in plan:
            played = mcts_games(solution, count, n, seed=7 * n, implementation=implementation)
            games.append(played.assign(board=key, simulations=n, implementation=implementation, evaluator="random"))
            print("games", key, n, played["shortfall"].mean(), flush=True)
        if key in CONTROL:
            played = mcts_games(solution, 40, 100, seed=700, implementation="python", evaluator="exact")
            games.append(played.assign(board=key, simulations=100, implementation="python", evaluator="exact"))
        run["seconds"][f"games {key}"] = round(time.perf_counter() - started, 1)
        save()
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
