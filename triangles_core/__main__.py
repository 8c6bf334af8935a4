"""``python -m triangles_core`` runs the ``triangles`` command."""

import sys

from .cli import main

sys.exit(main())
