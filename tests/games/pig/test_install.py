"""examples/thirdparty-game (the distribution pickpack-pig) installed for real: pip puts it
into a temporary directory (no build isolation, no dependencies: nothing is
downloaded), which a fresh interpreter gets on PYTHONPATH, as a user's site-packages
would be. Nothing imports pickpack_pig by hand: the entry point finds it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the installed pickpack-pig."""
    tmp = tmp_path_factory.mktemp("pig")
    source = tmp / "src"
    shutil.copytree(ROOT / "examples" / "thirdparty-game", source)   # builds stay out of the repo
    target = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--target", str(target), str(source)],
                   check=True, capture_output=True)
    return target


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in a new process with ``site`` on its path (cwd: the site, so that
    the repository's folders do not shadow anything), 200 columns wide."""
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"}
    return subprocess.run([sys.executable, *args], cwd=site, env=env, capture_output=True,
                          text=True, timeout=300)


def test_plugins_lists_pig(site: Path) -> None:
    done = run(site, "-m", "pickpack.cli", "plugins", "--json")
    assert done.returncode == 0, done.stderr
    infos = {(i["group"], i["name"]): i for i in json.loads(done.stdout)}
    pig = infos["pickpack.games", "pig"]
    # as written in examples/thirdparty-game/pyproject.toml
    assert (pig["distribution"], pig["version"], pig["error"]) == ("pickpack-pig", "1.0.0", None)
    assert pig["value"] == "pickpack_pig.game:GAME"


SCRIPT = """
import multiprocessing, pickle, sys
import pickpack

def finish(state):
    return state.playout(seed=3), state.to_position()

if __name__ == "__main__":
    assert "pickpack_pig" not in sys.modules
    print("pig" in pickpack.available_games())
    state = pickpack.new_game("pig", players=3, target=40)
    print(type(state).__module__, state.players, state.to_position())
    state.apply("roll"); state.apply("d5"); state.apply("hold")
    print(pickpack.from_position(state.to_position(), game="pig").scores())
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        print(pool.apply(finish, (state,)) == finish(state))
    try:
        pickpack.new_game("pig", players=7)
    except ValueError as error:
        print(error)
"""


def test_a_fresh_interpreter_plays_pig_through_the_entry_point(site: Path) -> None:
    script = site / "use_pig.py"
    script.write_text(SCRIPT)
    done = run(site, str(script))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "True",
        "pickpack_pig.state ('p1', 'p2', 'p3') 40 0,0,0 1 0 0",
        "{'p1': 5, 'p2': 0, 'p3': 0}",
        "True",
        "pig is played by 2..6 players, not 7",
    ]


def test_match_random_mcts_random_on_three_player_pig(site: Path) -> None:
    """The issue's match, sized for the default test run (300 simulations, target 30):
    the generic runner seats the three bots in rotation, draws the dice itself, and MCTS
    (pickpack.bots.mcts through the mcts bot) does better than either random bot."""
    done = run(site, "-m", "pickpack.cli", "match", "random", "mcts:simulations=300", "random",
               "--game", "pig", "--players", "3", "--games", "20", "--jobs", "2",
               "--option", "target=30", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["game"], data["players"], len(data["games"])) == ("pig", 3, 20)
    assert [line["forfeits"] for line in data["bots"]] == [0, 0, 0]
    for game in data["games"]:
        assert abs(sum(game["returns"])) < 1e-9 and max(game["scores"].values()) >= 30
    first, mcts, last = (line["mean_return"] for line in data["bots"])
    assert mcts > max(first, last)
