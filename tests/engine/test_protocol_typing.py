"""The states of the games conform to pickpack.GameState for mypy --strict, not only at
run time (issue 8, item 2: game-neutral modules are typed on the protocol)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "check.py"
    path.write_text(source, encoding="utf-8")
    env_path = str(ROOT / "examples" / "thirdparty-game")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"MYPYPATH": env_path, "PATH": "/usr/bin:/bin"})


def test_pick_and_pack_and_pig_states_are_game_states(tmp_path: Path) -> None:
    done = mypy(tmp_path, PROGRAM)
    assert done.returncode == 0, done.stdout


def test_a_games_state_is_typed_as_its_class(tmp_path: Path) -> None:
    done = mypy(tmp_path, WRONG)
    assert done.returncode == 1
    assert '"State" has no attribute "no_such_method"' in done.stdout
