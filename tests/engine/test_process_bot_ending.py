"""A process bot ends with its host: ``ProcessBot.close()`` kills the bot even when
interrupted, an interrupt right after the start leaves no bot, and the parent-death
signal (Linux) is set from one module, pickpack._pdeathsig."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack.bots.process as process_bot
from pickpack.bots.process import ProcessBot
from tests.engine.process_scripts import pid_alive, script

LINUX = sys.platform.startswith("linux")


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


@pytest.mark.skipif(not LINUX, reason="prctl(PR_SET_PDEATHSIG) is Linux's")
def test_the_parent_death_signal_is_set_from_one_module() -> None:
    import pickpack.match.backends as match_backends
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
