"""The API and the plugins are typed throughout: ``mypy --strict`` is clean on both.

mypy comes with the ``test`` extra, so the README's test command runs this check.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_is_clean_on_the_api_and_the_plugins() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "pickpack", "plugins"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
