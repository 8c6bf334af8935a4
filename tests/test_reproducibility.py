"""Re-running the analysis changes no byte of the committed tables.

The tables under data/tables are read when the test session starts (conftest), the
notebooks are executed by nbmake during the session (writing their tables again), and
this test, moved to the very end of the run, compares the bytes.
"""

from pathlib import Path

from conftest import TABLES_AT_START

TABLES = Path(__file__).resolve().parent.parent / "data" / "tables"


def test_tables_unchanged_after_executing_the_notebooks():
    after = {path.name: path.read_bytes() for path in sorted(TABLES.glob("*.csv"))}
    assert after.keys() == TABLES_AT_START.keys(), "a notebook wrote a table that is not committed"
    changed = [name for name in after if after[name] != TABLES_AT_START[name]]
    assert not changed, f"tables changed by re-running the notebooks: {changed}"
