"""``pickpack plugins`` without an extra (issue 19 new-user trial): a plugin of
pickpack's own that fails only because its extra is not installed -- the Textual front
end without ``[tui]`` -- is "not installed" with the pip command that adds it, not a
failure; any other import error still is one."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from pickpack.install_hint import missing_extra, pip_command

# pickpack plugins in a fresh interpreter where importing textual fails as it does when
# Textual is not installed (ModuleNotFoundError naming it)
_WITHOUT_TEXTUAL = "import sys; sys.modules['textual'] = None\nfrom pickpack.cli import main\nmain(sys.argv[1:])"


def _plugins(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", _WITHOUT_TEXTUAL, "plugins", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "1000"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_front_end_without_its_extra_is_not_installed_not_failed() -> None:
    (row,) = [r for r in json.loads(_plugins("--json")) if r["group"] == "pickpack.frontends"]
    assert (row["name"], row["error"], row["needs"]) == ("textual", None, "tui")
    (line,) = [line for line in _plugins().splitlines() if "pickpack_tui.frontend:run" in line]
    assert f"not installed (needs Textual: {pip_command('tui')})" in line
    assert "failed" not in line


def test_only_a_module_an_extra_installs_counts_as_a_missing_extra() -> None:
    halted = ModuleNotFoundError("import of textual halted; None in sys.modules", name="textual")
    assert missing_extra(halted) == "tui"
    assert missing_extra(ModuleNotFoundError("No module named 'ray.util'", name="ray.util")) == "ray"
    assert missing_extra(ModuleNotFoundError("No module named 'mylib'", name="mylib")) is None
    assert missing_extra(RuntimeError("textual")) is None
