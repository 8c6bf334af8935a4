"""The package's structure: one layer per folder, nothing imports upward (import-linter)."""

from __future__ import annotations

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


@pytest.mark.parametrize("layer", ["games", "engine", "analysis", "plot", "judge", "openspiel", "cli", "explorer"])
def test_every_module_lives_in_a_layer_folder(layer):
    assert (ROOT / "triangles_core" / layer / "__init__.py").is_file()


def test_no_module_outside_the_layers():
    """Beside the layers only the two modules every layer uses: the errors and the file writer."""
    top = sorted(p.name for p in (ROOT / "triangles_core").glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "_files.py", "errors.py"]


def test_importing_the_package_is_light():
    """``import triangles_core`` loads neither numba, numpy-heavy layers nor matplotlib."""
    code = (
        "import sys, triangles_core\n"
        "print(sorted(m for m in ('numba', 'matplotlib', 'pandas', 'networkx', 'numpy') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]", result.stderr


def _imported_modules(path: Path) -> set[str]:
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    "layer, library", [("engine", "networkx"), ("engine", "matplotlib"), ("engine", "pandas"), ("games", "numba")]
)
def test_a_layer_does_not_use_a_library_of_another(layer, library):
    """State graphs (networkx) and tables (pandas) are analysis, drawings plot, and rules plain Python."""
    users = [p.name for p in (ROOT / "triangles_core" / layer).glob("*.py") if library in _imported_modules(p)]
    assert users == []


def test_no_ipython_formatter_is_registered():
    """A drawn position shows itself in Jupyter (`_repr_svg_`); the package registers nothing by type name."""
    assert "for_type_by_name" not in (ROOT / "triangles_core" / "__init__.py").read_text(encoding="utf-8")
