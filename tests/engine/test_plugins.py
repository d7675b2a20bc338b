"""Third-party bots by entry point (issue 5): a real installed distribution, a broken one.

examples/thirdparty-bot is installed with pip into a temporary directory (no build
isolation, no dependencies: nothing is downloaded) and put on PYTHONPATH of a fresh
``pickpack`` process, exactly as a user's site-packages would be.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pickpack import plugins
from pickpack.bots import available_bots, make_bot
from pickpack.errors import BotLoadError, BotSpecError
from tests.support.plugin_dist import on_sys_path, write_distribution

ROOT = Path(__file__).resolve().parents[2]
BROKEN = "raise RuntimeError('broken on purpose')\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the installed thirdparty example and a broken distribution."""
    tmp = tmp_path_factory.mktemp("plugins")
    source = tmp / "src"
    shutil.copytree(ROOT / "examples" / "thirdparty-bot", source)   # builds stay out of the repo
    target = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--target", str(target), str(source)],
                   check=True, capture_output=True)
    write_distribution(target, "broken-bot", "0.3", {"pickpack.bots": {"broken": "broken_bot:Bot"}},
                       {"broken_bot": BROKEN})
    return target


def pickpack_cli(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pickpack ARGS`` in a new process with ``site`` on its path (cwd: the site, so
    that the repository's own directory does not shadow the installed pickpack), in a
    console 200 columns wide (Rich reads COLUMNS) so that table rows do not wrap."""
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "pickpack.cli", *args], cwd=site, env=env,
                          capture_output=True, text=True, timeout=120)


def test_plugins_lists_the_installed_distribution_and_the_broken_one(site: Path) -> None:
    done = pickpack_cli(site, "plugins", "--json")
    assert done.returncode == 0, done.stderr
    infos = {(i["group"], i["name"]): i for i in json.loads(done.stdout)}
    third = infos["pickpack.bots", "thirdparty"]
    # name and version as written in examples/thirdparty-bot/pyproject.toml
    assert (third["distribution"], third["version"], third["error"]) == (
        "pickpack-thirdparty-bot", "1.2.0", None)
    assert third["value"] == "pickpack_thirdparty_bot.biggest_tray:BiggestTrayBot"
    broken = infos["pickpack.bots", "broken"]
    assert (broken["distribution"], broken["version"]) == ("broken-bot", "0.3")
    assert broken["error"] == "RuntimeError: broken on purpose"
    # the broken plugin breaks nothing else: the built-in bots still load
    for name in ("random", "pickpack.greedy", "pacru.greedy"):
        assert infos["pickpack.bots", name]["error"] is None
    assert infos["pickpack.games", "pickpack"]["error"] is None


def test_plugins_table_shows_distribution_version_and_failure(site: Path) -> None:
    done = pickpack_cli(site, "plugins")
    assert done.returncode == 0, done.stderr
    third = next(line for line in done.stdout.splitlines() if " thirdparty " in line)
    assert "pickpack-thirdparty-bot 1.2.0" in third and "ok" in third
    broken = next(line for line in done.stdout.splitlines() if " broken " in line)
    assert "failed: RuntimeError: broken on purpose" in broken


def test_match_with_the_thirdparty_bot_runs_on_the_default_jobs(site: Path) -> None:
    done = pickpack_cli(site, "match", "thirdparty", "random", "--games", "4", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [line["bot"] for line in data["bots"]] == ["thirdparty", "random"]
    assert [line["games"] for line in data["bots"]] == [4, 4]
    # games 0 and 2 seat bot A (thirdparty) as Red (seat 0), games 1 and 3 as Blue (pickpack.match)
    assert [tuple(g["seats"]) for g in data["games"]] == [
        ("thirdparty", "random"), ("random", "thirdparty")] * 2
    assert all(g["forfeit"] is None and g["plies"] > 0 for g in data["games"])


def test_match_with_the_broken_bot_is_a_one_line_error(site: Path) -> None:
    done = pickpack_cli(site, "match", "broken", "random", "--games", "2")
    assert done.returncode == 2
    assert done.stderr == ("pickpack: error: bot 'broken' failed to load: "
                           "RuntimeError: broken on purpose\n")


def test_refresh_finds_a_distribution_added_while_running(site: Path) -> None:
    assert "thirdparty" not in available_bots()
    with on_sys_path(site):
        assert {"thirdparty", "broken"} <= set(available_bots())
        bot = make_bot("thirdparty:prefer_rush=1", seed=5)
        assert bot.name == "thirdparty"
        with pytest.raises(BotSpecError, match=r"^bot 'thirdparty:prefer_rush=banana': prefer_rush must be 0 or 1, got 'banana'$"):
            make_bot("thirdparty:prefer_rush=banana", seed=5)
        with pytest.raises(BotLoadError, match="^bot 'broken' failed to load: RuntimeError"):
            make_bot("broken")
    assert "thirdparty" not in plugins.names("pickpack.bots")
