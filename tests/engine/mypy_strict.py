"""One ``mypy --strict`` run for the typing tests (tests/engine/test_typing.py,
tests/engine/test_protocol_typing.py): over ``pickpack``, ``plugins`` and two small
programs on the GameState protocol, ``right.py`` (must be clean) and ``wrong.py`` (one
error). Checking pickpack is most of mypy's work, so the tests share one run
(``functools.cache``) and each reads the lines of the files it is about."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["RIGHT", "ROOT", "WRONG", "strict_run"]

ROOT = Path(__file__).resolve().parents[2]

# Pick & Pack's and Pig's states are GameStates; Game is covariant in its state class.
RIGHT = '''\
from pickpack.game import Game, GameState
from pickpack.games.pickpack import GAME, State
from pickpack_pig import GAME as PIG


def takes(state: GameState) -> None: ...


game: Game[GameState] = GAME        # Game is covariant in its state class
state: State = GAME.new_state(seed=1)
takes(state)
takes(PIG.new_state(players=3, seed=1))
'''

# A game's state is typed as its own class: a missing method is an error (line 3).
WRONG = '''\
from pickpack.games.pickpack import GAME

GAME.new_state(seed=1).no_such_method()
'''


@functools.cache
def strict_run() -> tuple[int, dict[str, list[str]], str]:
    """mypy's exit status, its output lines by the path they name (relative to the
    repository for pickpack's and the plugins' files; ``right.py``/``wrong.py``, their
    lines too, for the programs) and its standard error. Pig (examples/thirdparty-game)
    is found through MYPYPATH. No cache is read or written: a cache keeps the programs'
    old temporary paths, and a fresh clone has none anyway."""
    with tempfile.TemporaryDirectory(prefix="pickpack-typing-") as folder:
        (Path(folder) / "right.py").write_text(RIGHT, encoding="utf-8")
        (Path(folder) / "wrong.py").write_text(WRONG, encoding="utf-8")
        env = {**os.environ, "MYPYPATH": str(ROOT / "examples" / "thirdparty-game")}
        done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--no-incremental",
                               "--cache-dir", os.devnull, "pickpack", "plugins",
                               str(Path(folder) / "right.py"), str(Path(folder) / "wrong.py")],
                              cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
        lines: dict[str, list[str]] = {}
        for line in done.stdout.splitlines():
            line = line.removeprefix(folder + os.sep)
            lines.setdefault(line.split(":", 1)[0], []).append(line)
    return done.returncode, lines, done.stderr
