"""The command-line layer: the ``triangles`` command (also ``python -m triangles_core``).

See `triangles_core.cli.main` for the commands; ``triangles --help`` lists them.
"""

from .main import EXAMPLES, CommandError, build_parser, main

__all__ = ["EXAMPLES", "CommandError", "build_parser", "main"]
