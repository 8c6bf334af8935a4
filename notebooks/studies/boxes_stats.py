"""The long chain rule measured on exact values, in perfect play and in sampled games.

Helpers of notebooks 09 and 13.  The chain vocabulary (loony endgame, chain, loop,
junction, control) is `triangles_core.analysis.chains`; the value of a chains-and-loops
endgame from its sizes alone is `triangles_core.analysis.endgames.oracle_value`
(Berlekamp, *The Dots-and-Boxes Game*, 2000; *Winning Ways*, ch. 16).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from triangles_core.analysis.chains import analyse_endgame, first_loony_endgames
from triangles_core.analysis.endgames import configuration, oracle_value
from triangles_core.analysis.outcomes import cell_degrees_array
from triangles_core.analysis.play import wilson_interval

POLICIES: dict[str, dict[str, Any]] = {"random": {}, "perfect": {}, "softmax": {"temperature": 1.0}}
RULE = ["controller wins", "draw", "controller loses", "no long chain or loop", "junction"]


def loony(board, positions: np.ndarray) -> np.ndarray:
    """Which of the positions (int64 array) are loony endgames (`chains.is_loony_endgame`, vectorised)."""
    degree = cell_degrees_array(board, positions)
    free = (positions[:, None] >> np.arange(board.n_edges)) & 1 == 0
    safe = free & np.stack([(degree[:, list(cells)] >= 3).all(axis=1) for cells in board.edge_cells], axis=1)
    return (positions != board.full) & ~(degree == 1).any(axis=1) & ~safe.any(axis=1)


def perfect_play_endgames(solution) -> list[tuple[str, int, int, float]]:
    """The first loony endgame and the first one of chains and loops only, with their exact probabilities.

    Perfect play as in `play_games` ("perfect": each player uniform among the optimal
    moves). The probability is propagated level by level (lines drawn) over the states
    optimal play reaches: a state is the position, the player to move (0 = A, 1 = B) and
    whether a loony endgame has occurred before; a game stops at its first loony endgame
    of chains and loops. Returns rows (stage, position, mover, probability).
    """
    b, values = solution.board, solution.values
    masks = np.array(b.cell_masks, dtype=np.int64)
    P, mover, seen = np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, bool)
    prob: np.ndarray = np.ones(1)
    found: list[tuple[str, int, int, float]] = []
    chains_and_loops: dict[int, bool] = {}
    while len(P):
        here = loony(b, P)
        stop = np.zeros(len(P), bool)
        for i in np.flatnonzero(here):
            p = int(P[i])
            stop[i] = chains_and_loops.setdefault(p, analyse_endgame(b, p).chains_and_loops)
            found += [("first loony endgame", p, int(mover[i]), prob[i])] * (not seen[i])
            found += [("first chains-and-loops endgame", p, int(mover[i]), prob[i])] * bool(stop[i])
        keep = ~stop & (P != b.full)
        P, mover, prob, seen = P[keep], mover[keep], prob[keep], (seen | here)[keep]
        rows, lines = np.nonzero((P[:, None] >> np.arange(b.n_edges)) & 1 == 0)
        child = P[rows] | (np.int64(1) << lines)
        claims = ((child[:, None] & masks) == masks).sum(axis=1) - ((P[rows, None] & masks) == masks).sum(axis=1)
        move_value = np.where(claims > 0, claims + values[child], -values[child].astype(np.int64))
        best = np.full(len(P), -128)
        np.maximum.at(best, rows, move_value)
        optimal = move_value == best[rows]
        rows, child, claims = rows[optimal], child[optimal], claims[optimal]
        key = (child * 2 + np.where(claims > 0, mover[rows], 1 - mover[rows])) * 2 + seen[rows]
        keys, inverse = np.unique(key, return_inverse=True)
        prob = np.bincount(inverse, weights=prob[rows] / np.bincount(rows)[rows])
        P, mover, seen = keys // 4, keys // 2 % 2, (keys % 2).astype(bool)
    return found


def classify(solution, states) -> pd.DataFrame:
    """What the rule says at each state of `perfect_play_endgames`, the values there, and the recursion's value."""
    b, v0, rows = solution.board, int(solution.values[0]), []
    for stage, p, m, probability in states:
        a, value, mover = analyse_endgame(b, p), int(solution.values[p]), "AB"[m]
        rule = "applies" if a.long_chains + a.loops else "no long chain or loop"
        rule = rule if a.chains_and_loops else "junction"
        a_value = value if mover == "A" else -value
        controller = (mover if a.mover_in_control else "AB"[1 - m]) if rule == "applies" else ""
        rows.append(
            {
                "stage": stage,
                "position": p,
                "mover": mover,
                "probability": probability,
                "rule": rule,
                "long_chains": a.long_chains,
                "loops": a.loops,
                "controller": controller,
                "controller_value": value if a.mover_in_control else -value,
                "controller_before": (v0 - a_value) * (1 if controller == "A" else -1),
                "d0_odd": (m + p.bit_count() + b.n_cells - a.unclaimed_cells) % 2 == 1,
                "recursion_agrees": oracle_value(*configuration(b, p)) == value if a.chains_and_loops else pd.NA,
            }
        )
    return pd.DataFrame(rows)


def exact_summary(group: pd.DataFrame) -> pd.Series:
    """Probabilities of one board and stage of `classify`; those after `applies` are given that the rule applies."""

    def p(mask):
        return group.loc[mask, "probability"].sum()

    ap = group["rule"] == "applies"

    def given(mask):
        return p(ap & mask) / p(ap)

    chains_and_loops = group["rule"] != "junction"
    return pd.Series(
        {
            "states": len(group),
            "probability": p(group["probability"] > 0),
            "junction": p(group["rule"] == "junction"),
            "no_long_chain_or_loop": p(group["rule"] == "no long chain or loop"),
            "applies": p(ap),
            "one_long_chain": given(group["long_chains"] == 1),
            "loop_and_no_long_chain": given(group["long_chains"] == 0),
            "first_player_in_control": given(group["controller"] == "A"),
            "controller_wins_endgame": given(group["controller_value"] > 0),
            "controller_behind": given(group["controller_before"] < 0),
            "controller_level": given(group["controller_before"] == 0),
            "controller_ahead": given(group["controller_before"] > 0),
            "d0_odd": given(group["d0_odd"]),
            "recursion_agrees": f"{int(group['recursion_agrees'].sum())} of {int(chains_and_loops.sum())}",
        }
    )


def loony_endgames(name: str, games_by_policy: dict[str, pd.DataFrame], board) -> pd.DataFrame:
    """First loony-endgame position of each sampled game, for every policy (`first_loony_endgames`).

    Adds the first player's net score before that position (a_before), the number of
    double-crosses (moves completing two cells) played before it, the player in control
    ("" where the rule does not apply) and the value of the position for the first player
    (a_value).
    """
    frames = []
    for policy, games in games_by_policy.items():
        gained = np.where(games["player"] == "A", 1, -1) * games["claims"]
        doubles = (games["claims"] == 2).astype(int)
        games = games.assign(
            a_before=gained.groupby(games["game"]).cumsum() - gained,
            double_crosses_before=doubles.groupby(games["game"]).cumsum() - doubles,
        )
        ends = first_loony_endgames(board, games).merge(
            games[["game", "position", "a_before", "double_crosses_before"]], on=["game", "position"]
        )
        other = ends["player"].map({"A": "B", "B": "A"})
        in_control = ends["mover_in_control"].astype(bool)
        ends["controller"] = np.where(ends["rule_applies"], np.where(in_control, ends["player"], other), "")
        ends["a_value"] = np.where(ends["player"] == "A", ends["value"], -ends["value"])
        frames.append(ends.assign(board=name, policy=policy))
    return pd.concat(frames, ignore_index=True)


def rule_table(ends: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Counts of each rule outcome of `loony_endgames`, with shares and 95% Wilson intervals."""
    counts = (
        ends.groupby(by, sort=False)["rule"].value_counts().unstack(fill_value=0).reindex(columns=RULE, fill_value=0)
    )
    table = counts.rename(columns=lambda c: c.replace(" ", "_")).reset_index()
    reached, applies = counts.sum(axis=1).to_numpy(), counts[RULE[:3]].sum(axis=1).to_numpy()
    table.insert(len(by), "loony_endgames", reached)
    table["rule_applies"] = applies
    table["applies_share"] = applies / reached
    table["applies_low"], table["applies_high"] = wilson_interval(applies, reached)
    wins, some = counts["controller wins"].to_numpy(), np.maximum(applies, 1)
    low, high = wilson_interval(wins, some)
    table["controller_win_share"] = np.where(applies > 0, wins / some, np.nan)
    table["controller_win_low"] = np.where(applies > 0, low, np.nan)
    table["controller_win_high"] = np.where(applies > 0, high, np.nan)
    return table


def first_chains_and_loops_endgames(board, games: pd.DataFrame) -> pd.DataFrame:
    """The first position of each sampled game that is a loony endgame of chains and loops only."""
    rows = []
    reached = games[loony(board, games["position"].to_numpy(np.int64))]
    for game, moves in reached.groupby("game", sort=True):
        for row in moves.itertuples():
            a = analyse_endgame(board, int(row.position))
            if a.chains_and_loops:
                value = int(row.value) if a.mover_in_control else -int(row.value)
                rows.append(
                    {
                        "game": game,
                        "edges_drawn": row.edges_drawn,
                        "position": int(row.position),
                        "applies": a.long_chains + a.loops > 0,
                        "controller_value": value,
                        "recursion_agrees": oracle_value(*configuration(board, int(row.position))) == row.value,
                    }
                )
                break
    return pd.DataFrame(rows)


def owners_at(board, games: pd.DataFrame, game: int, position: int) -> dict[int, str]:
    """Who claimed each complete cell of a sampled game's position (for `plot.chains.draw_components`)."""
    owners, moves = {}, games[games["game"] == game]
    for p, move, player in zip(moves["position"], moves["move"], moves["player"], strict=True):
        if int(p) == position:
            break
        owners.update({k: player for k in board.completed_by(int(p), int(move))})
    return owners


def game_winner_table(ends: pd.DataFrame) -> pd.DataFrame:
    """Whether the player the rule puts in control wins the game, by board and policy.

    ``ends`` is `loony_endgames` with ``game_value_a``, the first player's final net score
    (S + W: the score before the loony endgame plus its exact value).  Among the games where
    the rule applies at the first loony endgame: the controller wins, draws or loses the
    game, with a 95% Wilson interval on the wins and ``named_share`` = controller wins the
    game / games that reach a loony endgame.
    """
    applies = ends[ends["rule_applies"]]
    sign = np.sign(applies["game_value_a"]) * np.where(applies["controller"] == "A", 1, -1)
    outcome = pd.Series(np.select([sign > 0, sign == 0], ["wins", "draws"], "loses"), index=applies.index)
    winner = (
        outcome.groupby([applies["board"], applies["policy"]], sort=False)
        .value_counts()
        .unstack(fill_value=0)
        .reindex(columns=["wins", "draws", "loses"], fill_value=0)
    )
    winner.columns = [f"controller_{c}_game" for c in winner.columns]
    reached = ends.groupby(["board", "policy"], sort=False).size()
    winner.insert(0, "loony_endgames", reached.loc[winner.index])
    winner.insert(1, "rule_applies", winner.iloc[:, 1:].sum(axis=1))
    winner["win_low"], winner["win_high"] = wilson_interval(winner["controller_wins_game"], winner["rule_applies"])
    winner["named_share"] = winner["controller_wins_game"] / winner["loony_endgames"]
    return winner


def rule_by_stage_sampled(name: str, board, first: pd.DataFrame, games: pd.DataFrame, seed: int) -> list[dict]:
    """Does the controller win the endgame, at the first loony endgame and the first of chains and loops only?

    ``first`` is the `loony_endgames` rows of one board and policy, ``games`` that policy's
    `play_games` table.  One row per stage, with a 95% Wilson interval; at the first loony
    endgame of chains and loops also how many values the recursion on chain and loop sizes reproduces.
    """
    ends = first_chains_and_loops_endgames(board, games)
    stages = [
        ("first loony endgame", first["rule_applies"], first["rule"] == "controller wins", np.nan, np.nan),
        (
            "first chains-and-loops endgame",
            ends["applies"],
            ends["controller_value"] > 0,
            ends["recursion_agrees"].sum(),
            len(ends),
        ),
    ]
    rows = []
    for stage, ok, wins, agree, count in stages:
        n, k = int(ok.sum()), int((ok & wins).sum())
        low, high = wilson_interval(k, n)
        rows.append(
            {
                "board": name,
                "stage": stage,
                "games": int(games["game"].nunique()),
                "seed": seed,
                "reached": len(ok),
                "rule_applies": n,
                "controller_wins_endgame": k,
                "controller_wins_share": k / n,
                "controller_wins_low": float(low),
                "controller_wins_high": float(high),
                "chains_and_loops_endgames": count,
                "recursion_agrees": agree,
            }
        )
    return rows


def perfect_play_by_board(perfect: pd.DataFrame, dots: dict[str, int]) -> pd.DataFrame:
    """Who is in control in sampled perfect games, and the rule counted from the empty board.

    ``perfect`` is `loony_endgames` of the perfect policy with ``game_value_a``; ``dots``
    the dots V of each board, in the order of the rows.  ``dots_rule_agrees`` counts the
    games where "V + long chains even" (Berlekamp's shorthand, *The Dots-and-Boxes Game*,
    2000) names the controller, ``dots_and_double_crosses_agree`` where V + D0 + L does
    (his full rule with the D0 double-crosses before the endgame, an identity).
    """
    ruled = perfect[perfect["rule_applies"]]
    grouped = ruled.groupby("board", sort=False)

    def count(column: str, test) -> pd.Series:
        return grouped[column].apply(lambda s: int(test(s).sum()))

    def agrees(extra) -> pd.Series:
        parity = (ruled["board"].map(dots) + ruled["long_chains"] + extra) % 2 == 0
        return (np.where(parity, "A", "B") == ruled["controller"]).groupby(ruled["board"]).sum()

    frame = pd.DataFrame(
        {
            "dots": pd.Series(dots),
            "empty_board_value": perfect.groupby("board", sort=False)["game_value_a"].first(),
            "games": perfect.groupby("board", sort=False).size(),
            "rule_applies": grouped.size(),
            "one_long_chain": count("long_chains", lambda s: s == 1),
            "with_a_loop": count("loops", lambda s: s > 0),
            "first_player_in_control": count("controller", lambda s: s == "A"),
            "second_player_in_control": count("controller", lambda s: s == "B"),
            "controller_wins_endgame": count("rule", lambda s: s == "controller wins"),
            "double_crosses_before_odd": count("double_crosses_before", lambda s: s % 2 == 1),
            "dots_rule_agrees": agrees(0),
            "dots_and_double_crosses_agree": agrees(ruled["double_crosses_before"]),
        }
    )
    return frame.loc[list(dots)].rename_axis("board").reset_index()
