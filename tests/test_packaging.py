"""Packaging promises: environment.yml agrees with pyproject.toml, notebooks are stripped."""

import copy
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbstripout import strip_output

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")


def _requirement(text: str) -> tuple[str, str]:
    name, spec = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", text).groups()
    return name.lower().replace("_", "-"), spec.replace(" ", "")


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _requirements(pyproject: dict) -> list[str]:
    """Every requirement of pyproject.toml: the dependencies and every extra."""
    project = pyproject["project"]
    return [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]


def test_environment_yml_agrees_with_pyproject():
    project = _pyproject()["project"]
    wanted = set(map(_requirement, _requirements(_pyproject())))
    conda = set()
    text = (ROOT / "environment.yml").read_text()
    for line in text[text.index("dependencies:") :].splitlines():
        # conda-forge packages, then those only on PyPI (under ``pip:``), but not the package itself
        item = re.match(r"^  - ([^\s#].*)$", line) or re.match(r"^      - ([^\s#-].*)$", line)
        if item and not item.group(1).startswith(("python", "pip")):
            conda.add(_requirement(item.group(1)))
    assert conda == wanted
    assert project["requires-python"] == ">=3.10" and "  - python>=3.10" in (ROOT / "environment.yml").read_text()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_executed_and_stripped(path):
    nb = nbformat.read(path, as_version=4)
    stripped = strip_output(copy.deepcopy(nb), keep_output=True, keep_count=True, keep_id=True)
    unstripped = json.dumps(stripped, sort_keys=True) != json.dumps(nb, sort_keys=True)
    assert not unstripped, "run nbstripout --keep-output --keep-count"
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert (code or path.stem == "00_index") and all(c.execution_count for c in code), "notebook has unexecuted cells"
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)


def _locked() -> dict[str, list[tuple[str, str, list[str]]]]:
    """requirements/lock.txt as ``{name: [(version, marker, hashes), ...]}`` (one entry per Python range)."""
    text = (ROOT / "requirements" / "lock.txt").read_text()
    locked: dict[str, list[tuple[str, str, list[str]]]] = {}
    for block in re.split(r"\n(?=\S)", text):
        pin = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]*?))?\s*(?:\\|$)", block)
        if pin:
            name = re.sub(r"[-_.]+", "-", pin.group(1)).lower()
            hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", block)
            locked.setdefault(name, []).append((pin.group(2), pin.group(3) or "", hashes))
    return locked


def test_the_lock_pins_every_requirement_with_hashes():
    """Each requirement of pyproject.toml (every extra, the build system) has a hashed pin that satisfies it here."""
    from packaging.markers import Marker
    from packaging.requirements import Requirement

    pyproject = _pyproject()
    locked = _locked()
    assert locked and all(hashes for pins in locked.values() for _, _, hashes in pins), "a pin without a hash"
    for text in [*_requirements(pyproject), *pyproject["build-system"]["requires"]]:
        requirement = Requirement(text)
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        assert name in locked, f"{text} is not in requirements/lock.txt: run python scripts/refresh_lock.py"
        here = [version for version, marker, _ in locked[name] if not marker or Marker(marker).evaluate()]
        assert len(here) == 1 and requirement.specifier.contains(here[0], prereleases=True), (
            f"requirements/lock.txt pins {name} {here} for this Python, outside {text}: run scripts/refresh_lock.py"
        )


def test_the_lock_is_what_this_environment_runs():
    """The installed versions are the locked ones (the set-up commands install from the lock)."""
    from importlib.metadata import PackageNotFoundError, version

    if (Path(sys.prefix) / "conda-meta").is_dir():
        pytest.skip("a conda environment: its versions come from conda-forge (environment.yml), not from the lock")

    from packaging.markers import Marker

    wrong = []
    for name, pins in _locked().items():
        wanted = [pinned for pinned, marker, _ in pins if not marker or Marker(marker).evaluate()]
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = None
        if wanted and installed != wanted[0]:
            wrong.append(f"{name} {installed} (locked {wanted[0]})")
    assert not wrong, "installed versions differ from requirements/lock.txt: " + ", ".join(wrong)


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert command in readme
    assert "pip install --require-hashes -r requirements/lock.txt" in command


def test_data_readme_lists_every_exported_file():
    listed = (ROOT / "data" / "README.md").read_text()
    for path in sorted((ROOT / "data").glob("*/*")):
        if path.suffix in {".csv", ".png", ".svg"}:
            assert f"{path.parent.name}/{path.stem}" in listed, f"data/README.md does not list {path.name}"
