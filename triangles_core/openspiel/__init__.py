"""OpenSpiel adapters: the cell games in OpenSpiel and exact bots.

An optional layer (``pip install 'triangles_core[openspiel]'``) on top of the engine and
the analysis; nothing else in the package imports it.  Importing it registers Fighting
for Triangles as the OpenSpiel Python game ``python_fighting_for_triangles(side=N)``
(`triangles_core.openspiel.triangles`).  The modules:

- `triangles`: the registered game (action ``a`` is SPEC edge ``a + 1``);
- `boxes`: OpenSpiel's native ``dots_and_boxes`` and the two conversions (action ids to
  SPEC line numbers, OpenSpiel's margin to the package's value);
- `bots`: an exact ``pyspiel.Bot`` and an exact MCTS evaluator for any board the engine
  solves.

The MCTS study of notebook 11, which grades OpenSpiel's MCTS with these bots, is
experiment code: `scripts/mcts_study.py`.

What OpenSpiel 2.0.2 gets wrong, each reproduced and worked around: docs/openspiel.md.

OpenSpiel: Lanctot et al., "OpenSpiel: A Framework for Reinforcement Learning in Games",
2019, arXiv:1908.09453.
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "triangles_core.openspiel needs OpenSpiel: pip install 'triangles_core[openspiel]' (or pip install open_spiel)"
    ) from error

from . import triangles  # noqa: F401  (registers the game)
from .triangles import GAME_NAME, load, start_state

__all__ = ["GAME_NAME", "load", "start_state"]
