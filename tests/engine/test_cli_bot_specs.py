"""One bot spec everywhere (issue 12, item 15): ``pickpack play``, ``pickpack match`` and
the UI's front end take the same spec grammar with the same one-line errors; ``play``
without a terminal is one line, not a hang (the ``frontend_calls`` fixture: tests/conftest.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.cli import main
from tests.engine.cli_errors import stderr_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("spec", ["mcts:simulations=500", "alphabeta:depth=2,eval=score",
                                  f"cmd:{sys.executable} {ROOT / 'examples' / 'process_bot.py'}"])
def test_play_takes_every_spec_match_takes(spec: str, frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--blue", spec, "--seed", "3"]) == 0
    assert len(frontend_calls) == 1
    assert frontend_calls[0]["seats"] == {"red": "human", "blue": spec}
    assert frontend_calls[0]["game"] == "pickpack" and frontend_calls[0]["seed"] == 3


def test_play_without_blue_gets_the_strongest(frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--red", "greedy"]) == 0
    assert frontend_calls[0]["seats"] == {"red": "greedy", "blue": "alphabeta"}


@pytest.mark.parametrize(("spec", "line"), [
    ("nosuch", "pickpack: error: unknown bot 'nosuch'; choices: alphabeta, greedy, mcts, openspiel-mcts, random, "
               "native:PATH, cmd:COMMAND\n"),
    ("alphabeta:bogus=1", "pickpack: error: bot 'alphabeta:bogus=1': alphabeta: unknown option "
                          "'bogus'; its options: depth (plies 1..64), seconds (seconds per move > 0), "
                          "eval (full or score)\n"),
    ("random:depth=3", "pickpack: error: bot 'random:depth=3': random has no option 'depth'; "
                       "its options: none\n"),
    ("mcts:c", "pickpack: error: bad bot spec 'mcts:c' at column 6: option 'c' needs the form "
               "key=value\n"),
    ("cmd:", "pickpack: error: bad bot spec 'cmd:' at column 5: cmd: needs a command line\n"),
    ("native:", "pickpack: error: bad bot spec 'native:' at column 8: native: needs the path of "
                "a shared library\n"),
])
def test_play_and_match_give_the_same_one_line_errors(
        spec: str, line: str, capsys: pytest.CaptureFixture[str],
        frontend_calls: list[dict[str, Any]]) -> None:
    assert stderr_of(["play", "--blue", spec], capsys) == line
    assert stderr_of(["play", "--red", spec, "--blue", "human"], capsys) == line
    assert stderr_of(["match", spec, "random"], capsys) == line
    assert frontend_calls == []


def test_frontend_takes_specs_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from pickpack_tui import frontend          # textual: in the test extra
    started: list[dict[str, str]] = []

    class App:
        def __init__(self, session: Any) -> None:
            started.append(dict(session.seats))

        def run(self) -> None:
            pass

    monkeypatch.setattr(frontend, "PickPackApp", App)
    monkeypatch.setattr(frontend, "has_terminal", lambda: True)
    assert frontend.run(red="human", blue="mcts:simulations=500", seed=2) == 0
    assert started == [{"red": "human", "blue": "mcts:simulations=500"}]
    with pytest.raises(pickpack.PickpackError, match="^unknown bot 'nosuch'"):
        frontend.run(blue="nosuch")


def test_play_without_a_terminal_is_one_line_not_a_hang() -> None:
    # Standard input from /dev/null: the app would wait for keys forever; the command
    # says why it cannot start instead (exit 2, one line, nothing written to stdout).
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "play"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == ("pickpack: error: the terminal UI needs a terminal on standard input and "
                           "output; to play bots against each other without one: pickpack match A B\n")
