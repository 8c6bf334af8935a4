"""Write requirements/lock.txt: every package the README's set-up installs, pinned, with hashes.

Usage::

    python scripts/refresh_lock.py                   # add what pyproject.toml gained, keep every other pin
    python scripts/refresh_lock.py --prefer-installed # ... and pin new packages as this environment has them
    python scripts/refresh_lock.py --upgrade          # the newest versions pyproject.toml allows

The lock is resolved by uv (``uv pip compile``; only this script needs it:
``.venv/bin/pip install uv==0.13.8``) from ``pyproject.toml``: the dependencies, every
extra (``--all-extras``: whatever extras pyproject.toml has, so a new one is locked
without editing this script) and the build requirements (``[build-system] requires``,
so that ``pip install --no-build-isolation -e .`` builds the package with locked
bytes too).  The resolution is universal: one file for Linux, macOS and Windows and
every Python that ``requires-python`` admits, with a ``; python_full_version ...``
marker where an older Python needs an older release.  Every wheel and sdist of each
pinned release is hashed, so ``pip install --require-hashes -r requirements/lock.txt``
installs the same bytes on any machine, next year too.

Without ``--upgrade`` uv keeps the versions already in the lock (it reads the old file
as its preferences); ``--prefer-installed`` adds the versions of the running
environment to those preferences, so a package that a notebook was run with is
locked at that version.  tests/test_packaging.py checks that the lock covers every
requirement of pyproject.toml.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
COMMAND = "python scripts/refresh_lock.py"

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


def _pins(text: str) -> set[str]:
    """Normalised names pinned in a requirements text."""
    return {
        re.sub(r"[-_.]+", "-", m.group(1)).lower()
        for m in re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", text, flags=re.M)
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upgrade", action="store_true", help="ignore the current pins: newest allowed versions")
    parser.add_argument(
        "--prefer-installed",
        action="store_true",
        help="prefer the versions installed in this environment for packages the lock lacks",
    )
    args = parser.parse_args(argv)
    if importlib.util.find_spec("uv") is None:
        raise SystemExit("refresh_lock: error: uv is not installed here: .venv/bin/pip install uv==0.13.8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    build = project["build-system"]["requires"]
    LOCK.parent.mkdir(exist_ok=True)
    old = LOCK.read_text(encoding="utf-8") if LOCK.exists() else ""
    with tempfile.TemporaryDirectory(prefix="lock-", dir=LOCK.parent) as folder:
        build_in, output = Path(folder) / "build-system.in", Path(folder) / "lock.txt"
        build_in.write_text("".join(f"{requirement}\n" for requirement in build), encoding="utf-8")
        seed = "" if args.upgrade else old
        if args.prefer_installed and not args.upgrade:
            pinned = _pins(old)
            for dist in importlib.metadata.distributions():
                name = dist.metadata["Name"]
                if name and re.sub(r"[-_.]+", "-", name).lower() not in pinned | {"triangles-core", "uv"}:
                    seed += f"{name}=={dist.version}\n"
        output.write_text(seed, encoding="utf-8")
        command = [
            sys.executable,
            "-m",
            "uv",
            "pip",
            "compile",
            "--quiet",
            str(ROOT / "pyproject.toml"),
            str(build_in),
            "--all-extras",
            "--universal",
            "--generate-hashes",
            "--output-file",
            str(output),
            "--custom-compile-command",
            COMMAND,
        ]
        try:
            subprocess.run(command, cwd=ROOT, check=True)
        except subprocess.CalledProcessError as error:
            raise SystemExit(f"refresh_lock: error: uv pip compile failed (exit status {error.returncode})") from None
        # the build requirements came from a temporary file: say where they really come from
        text = re.sub(r"-r \S*build-system\.in", "pyproject.toml [build-system]", output.read_text(encoding="utf-8"))
        output.write_text(text, encoding="utf-8")
        os.replace(output, LOCK)
    print(f"wrote {LOCK.relative_to(ROOT)}: {len(_pins(text))} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
