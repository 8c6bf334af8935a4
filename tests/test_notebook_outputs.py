"""What a reader of the committed notebooks sees: no warning or traceback, every picture described.

The notebooks are committed with their outputs (README); these checks read those outputs
as they are stored, without executing anything.
"""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
ALT = re.compile(r"""\balt\s*=\s*(["'])(.+?)\1""", re.IGNORECASE | re.DOTALL)


def outputs(path):
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        for output in cell.get("outputs", []):
            yield index, output


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_warning_or_error_is_shown(path):
    shown = [
        (index, output.get("name", output.output_type))
        for index, output in outputs(path)
        if output.output_type == "error" or output.get("name") == "stderr"
    ]
    assert not shown, f"{path.name}: cells show stderr or an error: {shown}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_image_has_alternative_text(path):
    missing = []
    for index, output in outputs(path):
        data = output.get("data", {})
        if "image/png" in data and not output.get("metadata", {}).get("image/png", {}).get("alt"):
            missing.append(index)
        missing += [index for tag in IMAGE.findall(data.get("text/html", "")) if not ALT.search(tag)]
    assert not missing, f"{path.name}: images without alternative text in cells {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_title_names_the_notebook_and_its_question(path):
    first = nbformat.read(path, as_version=4).cells[0].source.splitlines()[0]
    assert re.fullmatch(rf"# {path.stem[:2]} · .+", first), first
