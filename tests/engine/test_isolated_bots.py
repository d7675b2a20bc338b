"""Fixes from the review of the isolation / record changes (one section per finding).

1. ``--ppn``: FILE is replaced by whole games only; a writer failing mid-game or a full
   disk leaves the old FILE as it was (one-line error for the disk), no temporary file.
2. A bot that is not ``bounded`` is never built in the match's process during games:
   once in check_bots, then once per game in its child; a crash while being built
   loses the game, not the match.
3. ProcessBot.close() kills the bot even when interrupted; no started bot lacks its
   finalizer.
4. The servers take the host's snapshot unchecked.
5. IsolatedBot's side file is written in place and removed on close.
6. The parent-death signal lives in pickpack._pdeathsig.
"""

from __future__ import annotations

import errno
import io
import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
import pickpack.process_bot as process_bot
from pickpack.bots import IsolatedBot, make_bot, serve_isolated
from pickpack.cli import main
from pickpack.errors import BotFault, BotSpecError
from pickpack.match import check_bots, play_game, play_match
from pickpack.games.pickpack.position import PositionError
from pickpack.process_bot import ProcessBot
from pickpack.serve_bot import serve_spec
from pickpack_ppn.notation import PPN
from tests.support.plugin_dist import on_sys_path, write_distribution
from tests.engine.process_scripts import pid_alive, script
from tests.engine.test_native_bot import CHOOSE_FIRST, build_text

LINUX = sys.platform.startswith("linux")

# The item-22 position (tests/games/pickpack/test_reachable.py): refused by from_position,
# loaded with checked=False.
UNREACHABLE = ("....../....../111111/222222/233344/444555 a6 r r pPwQXMRRWQXM/MMXXQQRRwwpP "
               "23,P34,W33,W111/W5,P1,6,- 0/0")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- 1. the --ppn record: whole games or the old FILE --------------------------------------

def test_a_writer_failing_mid_game_leaves_the_old_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "record.ppn"
    record.write_text("old record\n")
    real = PPN.games_to_ppn
    calls: list[int] = []

    def half_then_fail(results: Any, stream: Any, **kw: Any) -> int:
        calls.append(1)
        if len(calls) == 2:                 # the second game: half of it, then a bug
            whole = io.StringIO()
            real(results, whole, **kw)
            stream.write(whole.getvalue()[:len(whole.getvalue()) // 2])
            raise RuntimeError("writer bug")
        return int(real(results, stream, **kw))

    monkeypatch.setattr(PPN, "games_to_ppn", half_then_fail)
    with pytest.raises(RuntimeError, match="writer bug"):
        main(["match", "random", "random", "--games", "3", "--jobs", "1", "--ppn", str(record), "--force"])
    assert record.read_text() == "old record\n"
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(not LINUX, reason="/proc/self/fd names the record's file")
def test_a_full_disk_is_one_line_and_keeps_the_old_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.ppn"
    record.write_text("old record\n")
    real_write = os.write
    games: list[int] = []

    def write(fd: int, data: Any) -> int:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if ".record.ppn." not in target:
            return real_write(fd, data)
        games.append(1)
        if len(games) == 2:                 # the second game: half fits, then the disk is full
            return real_write(fd, bytes(data)[:len(data) // 2])
        if len(games) > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(SystemExit) as done:
        main(["match", "random", "random", "--games", "4", "--jobs", "1", "--ppn", str(record), "--force"])
    monkeypatch.undo()
    assert done.value.code == 2
    assert capsys.readouterr().err == f"pickpack: error: --ppn {record}: cannot write: no space left on the device\n"
    assert record.read_text() == "old record\n"
    assert leftovers(tmp_path) == []


def test_an_interrupted_record_keeps_whole_games_only(tmp_path: Path) -> None:
    from pickpack.commands.match import _Record

    path = tmp_path / "record.ppn"
    path.write_text("old record\n")
    game = play_game(["random", "random"], 0, 0)
    rec = _Record(str(path), PPN)
    rec.write(game)
    os.write(rec._fd, b"[Event \"half a game")      # an interrupt in the middle of a write
    rec.close(keep=True)
    whole = io.StringIO()
    PPN.games_to_ppn([game], whole, date=rec._date)
    assert path.read_text() == whole.getvalue()
    assert leftovers(tmp_path) == []


# --- 2. unbounded bots are built in their child, once per game ------------------------------

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


# --- 3. close() kills even when interrupted --------------------------------------------------

def argv_of(spec: str) -> list[str]:
    return shlex.split(spec.removeprefix("cmd:"))


def test_an_interrupted_close_still_kills_the_bot(tmp_path: Path) -> None:
    deaf = script(tmp_path, "deaf", quit="pass")            # ignores quit
    bot = ProcessBot(argv_of(deaf), seed=1, time_limit=5)
    proc = bot._proc
    real_wait = proc.wait

    def interrupted_wait(timeout: float | None = None) -> int:
        if timeout is not None:                             # close()'s wait for quit
            raise KeyboardInterrupt
        return real_wait()

    proc.wait = interrupted_wait                            # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        bot.close()
    assert not pid_alive(proc.pid)
    bot.close()                                             # a second close is harmless


def test_an_interrupt_right_after_the_start_leaves_no_bot(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []

    def interrupted_watch(group: int) -> None:
        started.append(group)
        raise KeyboardInterrupt

    monkeypatch.setattr(process_bot._LAUNCHER, "watch", interrupted_watch)
    with pytest.raises(KeyboardInterrupt):
        ProcessBot(argv_of(script(tmp_path, "ok")), seed=1)
    monkeypatch.undo()
    assert len(started) == 1 and not pid_alive(started[0])


# --- 4. the servers take the host's position unchecked ---------------------------------------

def unreachable_state() -> Any:
    with pytest.raises(PositionError):
        pickpack_game.from_position(UNREACHABLE)
    state = pickpack_game.from_position(UNREACHABLE, checked=False)
    assert state.legal_moves()
    return state


def test_serve_plays_an_unchecked_position() -> None:
    state = unreachable_state()
    out = io.StringIO()
    lines = (f"pickpack 1\nnewgame 3\nposition snapshot {json.dumps(state.snapshot())}\n"
             "go 100\nquit\n")
    assert serve_spec("greedy", io.StringIO(lines), out) == 0
    answer = out.getvalue().splitlines()[-1]
    assert answer.startswith("bestmove ")
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}


def test_serve_isolated_plays_an_unchecked_position(tmp_path: Path) -> None:
    state = unreachable_state()
    fault = tmp_path / "fault.json"
    out = io.StringIO()
    lines = (f"pickpack 1\nnewgame 3\nposition snapshot {json.dumps(state.snapshot())}\n"
             "go 100\nquit\n")
    args = {"spec": "greedy", "seed": 3, "options": {}, "time_limit": 1.0,
            "fault_file": str(fault)}
    assert serve_isolated(args, io.StringIO(lines), out) == 0
    answer = out.getvalue().splitlines()[-1]
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}
    assert "kind" not in json.loads(fault.read_text() or "{}")


# --- 5. the side file: in place, tolerated when partial, removed on close ------------------

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


# --- 6. one parent-death signal module -------------------------------------------------------

@pytest.mark.skipif(not LINUX, reason="prctl(PR_SET_PDEATHSIG) is Linux's")
def test_the_parent_death_signal_is_set_from_one_module() -> None:
    import pickpack.match_backends as match_backends
    from pickpack import _pdeathsig

    assert not hasattr(process_bot, "_find_prctl") and not hasattr(match_backends, "_PR_SET_PDEATHSIG")
    code = ("import ctypes, signal\n"
            "from pickpack._pdeathsig import set_pdeathsig\n"
            "assert set_pdeathsig()\n"
            "got = ctypes.c_int()\n"
            "ctypes.CDLL(None).prctl(2, ctypes.byref(got), 0, 0, 0)\n"   # PR_GET_PDEATHSIG
            "print(got.value == signal.SIGKILL)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "True", done.stderr
    assert _pdeathsig.pdeathsig_preexec() is not None


def test_serve_isolated_speaks_version_2_with_position_strings(tmp_path: Path) -> None:
    state = unreachable_state()
    fault = tmp_path / "fault.json"
    out = io.StringIO()
    lines = (f"pickpack 2 game pickpack players 2\nnewgame 3\nposition {state.to_position()}\n"
             "go 100\nquit\n")
    args = {"spec": "greedy", "seed": 3, "options": {}, "time_limit": 1.0, "game": "pickpack",
            "players": 2, "fault_file": str(fault)}
    assert serve_isolated(args, io.StringIO(lines), out) == 0
    first, answer = out.getvalue().splitlines()
    assert first == "ok 2 greedy"
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}
