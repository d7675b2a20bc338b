"""The example installed for its tests: used as it is when ``pickpack_breakthrough``
imports (``pip install --no-build-isolation -e 'examples/thirdparty-c-game[test]'``);
otherwise, as in pickpack's default test run, built with pip against the installed
pickpack (no build isolation, no dependencies: nothing is downloaded) into a temporary
folder put on ``sys.path`` and ``PYTHONPATH`` (so the processes tests start see the
same games), where the entry point is found. The build runs when this
file is loaded, before the test modules (which import the package) are collected."""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pickpack.plugins

EXAMPLE = Path(__file__).resolve().parent.parent


def _build() -> None:
    """pickpack_breakthrough importable and its ``pickpack.games`` entry point found."""
    if importlib.util.find_spec("pickpack_breakthrough") is not None:
        return
    tmp = Path(tempfile.mkdtemp(prefix="breakthrough-"))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    source = tmp / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.so", "*.egg-info", "tests"))
    site = tmp / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--target", str(site), str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"building examples/thirdparty-c-game failed:\n{done.stderr}")
    sys.path.insert(0, str(site))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    pickpack.plugins.refresh()


_build()
