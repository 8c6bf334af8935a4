"""OpenSpiel adapters: the cell games in OpenSpiel and exact bots.

An optional layer (``pip install 'triangles_core[openspiel]'``); nothing else in the
package imports it.  Importing it registers Fighting for Triangles as the OpenSpiel Python
game ``python_fighting_for_triangles(side=N)`` (`triangles`, action ``a`` is SPEC edge
``a + 1``); `boxes` converts OpenSpiel's native ``dots_and_boxes``; `bots` has an exact
``pyspiel.Bot`` and an exact MCTS evaluator.  What OpenSpiel 2.0.2 gets wrong, and the
workarounds: docs/openspiel.md.

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
