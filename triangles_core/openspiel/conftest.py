"""Without OpenSpiel, pytest's doctest collection skips this package instead of failing to import it.

The tests of the layer (tests/test_openspiel.py) then skip with a message saying how to
enable them: ``pip install 'triangles_core[openspiel]'``.
"""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("pyspiel") else ["*.py"]
