"""The states of the games conform to pickpack.GameState for mypy --strict, not only at
run time (issue 8, item 2: game-neutral modules are typed on the protocol)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = '''\
from pickpack.game import Game, GameState
from pickpack.games.pickpack import GAME, State
from pickpack_pig import GAME as PIG


def takes(state: GameState) -> None: ...


game: Game[GameState] = GAME        # Game is covariant in its state class
state: State = GAME.new_state(seed=1)
takes(state)
takes(PIG.new_state(players=3, seed=1))
'''

WRONG = '''\
from pickpack.games.pickpack import GAME

GAME.new_state(seed=1).no_such_method()
'''


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, list[str]]]:
    """One ``mypy --strict`` run over both programs (``right.py``: PROGRAM, ``wrong.py``:
    WRONG): its exit status and its lines by the file they name. One run, not one per
    program: mypy checks pickpack itself each time, which is most of its work."""
    folder = tmp_path_factory.mktemp("typing")
    (folder / "right.py").write_text(PROGRAM, encoding="utf-8")
    (folder / "wrong.py").write_text(WRONG, encoding="utf-8")
    env_path = str(ROOT / "examples" / "thirdparty-game")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--no-error-summary",
                           str(folder / "right.py"), str(folder / "wrong.py")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"MYPYPATH": env_path, "PATH": "/usr/bin:/bin"})
    lines: dict[str, list[str]] = {}
    for line in done.stdout.splitlines():
        lines.setdefault(Path(line.split(":", 1)[0]).name, []).append(line)
    return done.returncode, lines


def test_pick_and_pack_and_pig_states_are_game_states(checked: tuple[int, dict[str, list[str]]]) -> None:
    status, lines = checked
    assert status in (0, 1)                      # 1: wrong.py's error, below; never a crash (2)
    assert lines.get("right.py", []) == []
    assert set(lines) <= {"right.py", "wrong.py"}, lines


def test_a_games_state_is_typed_as_its_class(checked: tuple[int, dict[str, list[str]]]) -> None:
    status, lines = checked
    assert status == 1
    assert any('"State" has no attribute "no_such_method"' in line for line in lines["wrong.py"])
    assert all(":3:" in line for line in lines["wrong.py"])          # the call, nothing else
