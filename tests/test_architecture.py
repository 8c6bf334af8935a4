"""The package's structure: one layer per folder, nothing imports upward (import-linter)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_layers_contract_is_kept(capsys):
    """`lint-imports` with the contract of pyproject.toml (common < games < engine < analysis < plot | judge < cli | explorer)."""
    importlinter = pytest.importorskip("importlinter.cli")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status = importlinter.lint_imports(no_cache=True, no_logo=True)
    finally:
        os.chdir(cwd)
    output = capsys.readouterr().out
    assert status == 0, output
    assert "1 kept, 0 broken" in output


@pytest.mark.parametrize("layer", ["common", "games", "engine", "analysis", "plot", "judge", "cli", "explorer"])
def test_every_module_lives_in_a_layer_folder(layer):
    assert (ROOT / "triangles_core" / layer / "__init__.py").is_file()


def test_no_module_outside_the_layers():
    top = sorted(p.name for p in (ROOT / "triangles_core").glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]


def test_importing_the_package_is_light():
    """``import triangles_core`` loads neither numba, numpy-heavy layers nor matplotlib."""
    import subprocess
    import sys

    code = ("import sys, triangles_core\n"
            "print(sorted(m for m in ('numba', 'matplotlib', 'pandas', 'networkx', 'numpy') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]", result.stderr
