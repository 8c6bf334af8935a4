"""Packaging promises: environment.yml agrees with pyproject.toml, notebooks are stripped."""

import copy
import json
import re
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


def test_environment_yml_agrees_with_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = set(map(_requirement, project["dependencies"]))
    for extra in ("notebooks", "test"):
        wanted |= set(map(_requirement, project["optional-dependencies"][extra]))
    conda = set()
    text = (ROOT / "environment.yml").read_text()
    for line in text[text.index("dependencies:"):].splitlines():
        item = re.match(r"^  - ([^\s#].*)$", line)
        if item and not item.group(1).startswith(("python", "pip")):
            conda.add(_requirement(item.group(1)))
    assert conda == wanted
    assert project["requires-python"] == ">=3.10" and "  - python>=3.10" in (ROOT / "environment.yml").read_text()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_executed_and_stripped(path):
    nb = nbformat.read(path, as_version=4)
    stripped = strip_output(copy.deepcopy(nb), keep_output=True, keep_count=True, keep_id=True)
    assert json.dumps(stripped, sort_keys=True) == json.dumps(nb, sort_keys=True), "run nbstripout --keep-output --keep-count"
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert (code or path.stem == "00_index") and all(c.execution_count for c in code), "notebook has unexecuted cells"
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert command in readme


def test_data_readme_lists_every_exported_file():
    listed = (ROOT / "data" / "README.md").read_text()
    for path in sorted((ROOT / "data").glob("*/*")):
        if path.suffix in {".csv", ".png", ".svg"}:
            assert f"{path.parent.name}/{path.stem}" in listed, f"data/README.md does not list {path.name}"
