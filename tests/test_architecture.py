"""The package's structure: one layer per folder, nothing imports upward (import-linter)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_layers_contract_is_kept():
    """`lint-imports` with the contracts of pyproject.toml, run as a maintainer runs it.

    Layers: errors, _files < games < engine < analysis < plot | judge < openspiel < cli |
    explorer, and nothing imports the optional OpenSpiel adapter.  (A subprocess: pyspiel, once
    imported by the doctest collection, leaves the in-process import-linter writing to a
    closed stream.)
    """
    pytest.importorskip("importlinter")
    command = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(command), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_importing_the_package_is_light():
    """``import triangles_core`` loads neither numba, numpy-heavy layers nor matplotlib."""
    code = (
        "import sys, triangles_core\n"
        "print(sorted(m for m in ('numba', 'matplotlib', 'pandas', 'networkx', 'numpy') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]", result.stderr


def test_the_package_never_imports_the_notebooks_study_code():
    """``notebooks/studies/`` imports `triangles_core`, never the reverse (as with ``scripts/mcts_study.py``)."""
    found = []
    for path in sorted((ROOT / "triangles_core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno}" for n in names if n.split(".")[0] in ("studies", "mcts_study")
            ]
    assert not found, found
