"""Bots that are not ``bounded`` (pickpack.bots.IsolatedBot) run in a child process: built
there once per game, never in the match's process during games (once in check_bots); a
crash while being built loses the game, not the match; bad options still fail at once;
the child reports a fault through a side file written in place, tolerated when partial
and removed on close."""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack
from pickpack.bots import IsolatedBot, make_bot, serve_isolated
from pickpack.cli import main
from pickpack.errors import BotFault, BotSpecError
from pickpack.match import check_bots, play_match
from tests.engine.temp_files import leftovers
from tests.engine.test_native_bot import CHOOSE_FIRST, build_text
from tests.support.plugin_dist import on_sys_path, write_distribution


COUNTED = '''\
import os

def _log(kind):
    path = os.environ["PICKPACK_TEST_COUNTER"]
    with open(path, "a") as f:
        f.write(f"{os.getpid()}\\n")
    with open(path) as f:
        return len(f.read().split())

class Counted:
    """Logs its pid at every construction; plays the first legal move."""
    name = "counted"
    def __init__(self, seed=None, level=1):
        if level not in (1, 2):
            raise ValueError(f"level must be 1 or 2, got {level!r}")
        _log("counted")
    def choose(self, state):
        return state.legal_moves()[0]

class SecondDies:
    """Builds once (the check before the match), then kills its process when built."""
    name = "seconddies"
    def __init__(self, seed=None):
        if _log("seconddies") > 1:
            os._exit(9)
    def choose(self, state):
        return state.legal_moves()[0]
'''


@pytest.fixture
def counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    site = tmp_path / "site"
    site.mkdir()
    write_distribution(site, "counted-bots", "0.1", {"pickpack.bots": {
        "counted": "counted_bots:Counted", "seconddies": "counted_bots:SecondDies"}},
        {"counted_bots": COUNTED})
    counter = tmp_path / "counter.txt"
    monkeypatch.setenv("PICKPACK_TEST_COUNTER", str(counter))
    with on_sys_path(site):
        yield counter


def constructions(counter: Path) -> list[int]:
    return [int(pid) for pid in counter.read_text().split()] if counter.exists() else []


def test_an_unbounded_bot_is_built_once_per_game_in_its_child(counted: Path) -> None:
    summary = play_match(["counted", "random"], games=3, seed=0, jobs=1)
    assert [g.fault for g in summary.games] == [None, None, None]
    pids = constructions(counted)
    here = [pid for pid in pids if pid == os.getpid()]
    children = [pid for pid in pids if pid != os.getpid()]
    assert len(here) == 1                                  # check_bots, nothing more
    assert len(children) == 3 and len(set(children)) == 3  # one child a game, one build each


def test_a_bot_dying_while_built_loses_its_games_not_the_match(counted: Path) -> None:
    summary = play_match(["seconddies", "random"], games=2, seed=0, jobs=2)
    assert [(g.fault, g.forfeited_by) for g in summary.games] == [("crash", "red"), ("crash", "blue")]
    assert all("exited with status 9" in (g.forfeit or "") for g in summary.games)


def test_bad_options_of_an_unbounded_bot_still_fail_at_once(counted: Path) -> None:
    with pytest.raises(BotSpecError, match=r"^bot 'counted:level=5': level must be 1 or 2, got 5$"):
        make_bot("counted:level=5", seed=1)            # reported by the child
    with pytest.raises(BotSpecError, match=r"^bot 'counted:level=5': level must be 1 or 2"):
        check_bots(["counted:level=5", "random"])
    with pytest.raises(BotSpecError, match=r"counted has no option 'depth'"):
        make_bot("counted:depth=3", seed=1)
    assert os.getpid() not in constructions(counted)   # none of it built in this process
    with pytest.raises(SystemExit) as done:
        main(["match", "counted:level=5", "random", "--games", "1"])
    assert done.value.code == 2


def test_the_isolated_bot_reports_its_time_budget(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    write_distribution(site, "budget-bots", "0.1", {"pickpack.bots": {"budget": "budget_bots:Budget"}},
                       {"budget_bots": "class Budget:\n    name = 'budget'\n    time_budget = 0.25\n"
                                       "    def __init__(self, seed=None): pass\n"
                                       "    def choose(self, state): return state.legal_moves()[0]\n"})
    with on_sys_path(site):
        bot = make_bot("budget", seed=3)
        try:
            assert isinstance(bot, IsolatedBot) and bot.time_budget == 0.25
        finally:
            bot.close()                   # type: ignore[attr-defined]


ABORT_CREATE = """
void *pickpack_bot_create(uint64_t seed) { (void)seed; abort(); return 0; }
void pickpack_bot_free(void *bot) { free(bot); }
int32_t pickpack_bot_abi_version(void) { return PICKPACK_BOT_ABI_VERSION; }
"""


def test_a_library_aborting_in_create_loses_only_its_games(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "abortcreate", ABORT_CREATE + CHOOSE_FIRST)
    summary = play_match([f"native:{lib}", "random"], games=2, seed=0, jobs=2, check=False)
    assert [(g.fault, g.forfeited_by) for g in summary.games] == [("crash", "red"), ("crash", "blue")]
    assert all("SIGABRT" in (g.forfeit or "") for g in summary.games)


RAISER = '''\
class Raiser:
    name = "raiser"
    def __init__(self, seed=None): pass
    def choose(self, state):
        raise RuntimeError("no move")
'''


def test_the_fault_is_written_in_place(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    write_distribution(site, "raiser-bot", "0.1", {"pickpack.bots": {"raiser": "raiser_bot:Raiser"}},
                       {"raiser_bot": RAISER})
    fault = tmp_path / "fault.json"
    fault.write_text("")
    inode = fault.stat().st_ino
    state = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    lines = f"pickpack 1\nnewgame 3\nposition snapshot {json.dumps(state.snapshot())}\ngo 100\n"
    with on_sys_path(site):
        status = serve_isolated({"spec": "raiser", "seed": 3, "options": {}, "time_limit": 1.0,
                                 "fault_file": str(fault)}, io.StringIO(lines), io.StringIO())
    assert status == 3
    assert fault.stat().st_ino == inode                 # no temporary file renamed over it
    assert json.loads(fault.read_text()) == {"kind": "exception",
                                             "message": "raised RuntimeError: no move (at raiser_bot.py:5 in choose)"}
    assert leftovers(tmp_path) == []


def test_a_partial_side_file_is_no_fault_and_close_removes_it(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    lib_site = tmp_path / "site"
    lib_site.mkdir()
    write_distribution(lib_site, "raiser-bot", "0.1", {"pickpack.bots": {"raiser": "raiser_bot:Raiser"}},
                       {"raiser_bot": RAISER})
    with on_sys_path(lib_site):
        bot = make_bot("raiser", seed=1)
    assert isinstance(bot, IsolatedBot)
    side = Path(bot._fault_file)
    assert side.parent == tmp_path and side.exists()
    side.write_text('{"kind": "exce')                    # a child killed mid-write
    assert bot._child_fault() is None
    with pytest.raises(BotFault, match="raised RuntimeError: no move"):
        bot.choose(pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM",
                                                         "blue": "MMXXQQRRWWPP"}))
    bot.close()
    assert not side.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith((".pickpack-fault", "pickpack-fault"))] == []
