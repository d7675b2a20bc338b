"""Issue 12, items 3-5 and 8: process bots that die with their host, drain a flood of
output, name the handshake timeout; native libraries found by bare name and refused
with the loader's reason (pickpack.bots.process, pickpack.bots.native).

Lifetime tests start a host program (tests.engine.process_scripts.host_script) that launches a
bot; the bot starts a grandchild in its process group and sleeps. The host is then
killed or interrupted and every process it started must be gone within 30 s (a
generous bound: the poll returns as soon as they are; without the fix they live on).
"""

from __future__ import annotations

import ctypes.util
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.bots.native import NativeBot, NativeBotError
from pickpack.bots.process import STDERR_QUOTE, STDERR_TAIL, ProcessBot
from pickpack.bots.spec import parse_bot_spec
from pickpack.bots.time_limit import check_handshake_timeout
from pickpack.errors import BotFault
from tests.engine.process_scripts import (SPAWN_AND_SLEEP, default_sigint, host_script, pid_alive,
                                   script)
from tests.engine.test_native_bot import ROOT, build

LINUX = sys.platform.startswith("linux")
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def opening() -> pickpack_game.State:
    state: pickpack_game.State = pickpack.new_game(seed=7, placements=PLACEMENTS)
    return state


def argv_of(spec: str) -> list[str]:
    return list(parse_bot_spec(spec).argv)


# --- item 3: no bot outlives its host --------------------------------------------------

def wait_for(condition: object, seconds: float) -> bool:
    """Poll ``condition()`` every 20 ms for up to ``seconds``; its last value."""
    assert callable(condition)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return bool(condition())


def _cmdline(pid: int) -> bytes | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return None


class Leftovers:
    """Pids a test started indirectly, each with its command line when recorded."""

    def __init__(self) -> None:
        self.recorded: list[tuple[int, bytes | None]] = []

    def add(self, *pids: int) -> None:
        self.recorded += [(pid, _cmdline(pid)) for pid in pids]

    def kill(self) -> None:
        """SIGKILL those still alive, unless their pid was reaped and reused since (it
        runs another command line now)."""
        for pid, cmdline in self.recorded:
            if cmdline is not None and pid_alive(pid) and _cmdline(pid) == cmdline:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass


@pytest.fixture
def leftovers() -> Iterator[Leftovers]:
    """Processes a test started indirectly; SIGKILLed at the end whatever happened."""
    pids = Leftovers()
    yield pids
    pids.kill()


def start_host(tmp: Path, pids: Leftovers, *, phase: str = "go", from_thread: bool = False,
               pdeathsig: bool = True, quit_timeout: float | None = None,
               ) -> tuple[subprocess.Popen[str], int, int]:
    """Run a host whose bot spawns a grandchild and sleeps in ``phase`` ("go" or
    "handshake"); wait until both are running. The host, the bot's pid, the grandchild's.
    SIGINT is back to its default in the host: pytest may run with SIGINT ignored."""
    pidfile = tmp / "pids"
    piece = f"PIDFILE = {str(pidfile)!r}\n" + SPAWN_AND_SLEEP
    spec = (script(tmp, "sleeper", go=piece) if phase == "go"
            else script(tmp, "sleeper", handshake=piece))
    host = subprocess.Popen(host_script(tmp, "host", argv_of(spec), from_thread=from_thread,
                                        pdeathsig=pdeathsig, quit_timeout=quit_timeout),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)
    pids.add(host.pid)
    assert wait_for(pidfile.exists, 30), "the bot never started its grandchild"
    bot, grandchild = map(int, pidfile.read_text().split())
    pids.add(bot, grandchild)
    assert pid_alive(bot) and pid_alive(grandchild)
    return host, bot, grandchild


@pytest.mark.skipif(not LINUX, reason="reads /proc")
@pytest.mark.parametrize(("how", "from_thread", "pdeathsig"), [
    (signal.SIGKILL, False, True),
    (signal.SIGTERM, False, True),
    (signal.SIGKILL, True, True),     # launched from a thread that has ended since
    (signal.SIGKILL, False, False),   # the reaper alone (the non-Linux fallback)
    (signal.SIGTERM, False, False),
])
def test_bot_and_grandchild_die_with_their_host(tmp_path: Path, leftovers: Leftovers,
                                                how: signal.Signals, from_thread: bool,
                                                pdeathsig: bool) -> None:
    host, bot, grandchild = start_host(tmp_path, leftovers, from_thread=from_thread,
                                       pdeathsig=pdeathsig)
    host.send_signal(how)
    host.communicate(timeout=10)
    assert host.returncode == -how
    assert wait_for(lambda: not pid_alive(bot) and not pid_alive(grandchild), 30), (
        f"still alive 30 s after the host got {how.name}: bot {pid_alive(bot)}, "
        f"grandchild {pid_alive(grandchild)}")


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_interrupt_while_waiting_for_a_move_kills_the_bot_at_once(
        tmp_path: Path, leftovers: Leftovers) -> None:
    # The host's QUIT_TIMEOUT (1 s by default) raised to 30 s: a busy bot is killed
    # without waiting for the "quit" it would ignore, so close() takes far less.
    host, bot, grandchild = start_host(tmp_path, leftovers, quit_timeout=30)
    host.send_signal(signal.SIGINT)
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0, err
    word, seconds = out.split()
    assert word == "closed" and float(seconds) < 10
    assert wait_for(lambda: not pid_alive(bot) and not pid_alive(grandchild), 30)


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_interrupt_during_the_handshake_kills_the_bot(tmp_path: Path, leftovers: Leftovers) -> None:
    host, bot, grandchild = start_host(tmp_path, leftovers, phase="handshake")
    host.send_signal(signal.SIGINT)
    host.communicate(timeout=10)
    assert wait_for(lambda: not pid_alive(bot) and not pid_alive(grandchild), 30)


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_close_kills_what_the_bot_left_behind(tmp_path: Path, leftovers: Leftovers) -> None:
    # The bot exits cleanly on quit, but a grandchild in its process group would live on.
    pidfile = tmp_path / "pids"
    spawn = SPAWN_AND_SLEEP.rsplit("\n", 1)[0]     # without its final sleep
    spec = script(tmp_path, "parent", go=f"PIDFILE = {str(pidfile)!r}\n{spawn}\n"
                                         'print("bestmove", rng.choice(legal), flush=True)')
    with ProcessBot(argv_of(spec)) as bot:
        bot.choose(opening())
        _, grandchild = map(int, pidfile.read_text().split())
        leftovers.add(grandchild)
        assert pid_alive(grandchild)
    assert bot._proc.returncode == 0                 # it did quit on its own
    assert wait_for(lambda: not pid_alive(grandchild), 30)


def test_bot_launched_from_an_ended_thread_keeps_running(tmp_path: Path) -> None:
    # PR_SET_PDEATHSIG fires when the launching *thread* ends: bots are launched from a
    # long-lived launcher thread, so a caller's short-lived thread is harmless.
    spec = script(tmp_path, "plain")
    bots: list[ProcessBot] = []
    launcher = threading.Thread(target=lambda: bots.append(ProcessBot(argv_of(spec), seed=3)))
    launcher.start()
    launcher.join()
    time.sleep(0.2)
    with bots[0] as bot:
        assert bot._proc.poll() is None
        assert bot.choose(opening()) in opening().legal_moves()


# --- item 4: a flood of output is drained in chunks --------------------------------------

MEGABYTE = 1 << 20
FLOOD = 16 * MEGABYTE
FLOODS = {
    "one 16 MB stderr line per move":
        f'sys.stderr.write("e" * {FLOOD} + "\\n"); sys.stderr.flush()',
    "16 MB of short stderr lines per move":
        f'sys.stderr.write("thinking...\\n" * {FLOOD // 12}); sys.stderr.flush()',
    "16 MB of info lines on stdout per move":
        f'sys.stdout.write("info thinking\\n" * {FLOOD // 14})',
}


@pytest.mark.parametrize("flood", list(FLOODS))
def test_bot_that_floods_its_output_loses_no_game_on_time(tmp_path: Path, flood: str) -> None:
    # The bot plays both sides of 8 moves under a 5 s limit: every move must come back
    # before 5 s + TIME_GRACE, or choose raises "timeout". Drained in 64 KiB chunks, a
    # 16 MB move takes ~0.1-0.3 s here; the stderr reader of commit ddfd939 (line by line
    # on an unbuffered pipe: one byte per read) took ~16 s a move, and a reader that stops
    # draining would block the bot for ever.
    spec = script(tmp_path, "chatty", go=FLOODS[flood] + "\n" +
                  'print("bestmove", rng.choice(legal), flush=True)')
    state = opening()
    with ProcessBot(argv_of(spec), seed=0, time_limit=5) as bot:
        for _ in range(8):
            state.apply(bot.choose(state))
    assert state.ply == 8


def test_only_answers_are_read_among_info_and_blank_lines(tmp_path: Path) -> None:
    # Ignored once stripped: blank, "info", "info ..."; "infox" is a line like any other.
    noise = "info\\n   \\ninfo  \\r\\n\\r\\n\\tinfo depth 3\\n"
    spec = script(tmp_path, "noisy", go=f'sys.stdout.write("{noise}")\n'
                  'print("  bestmove", rng.choice(legal) + "\\r", flush=True)\n'
                  f'sys.stdout.write("{noise}infox 1\\n"); sys.stdout.flush()')
    with ProcessBot(argv_of(spec), seed=5, label="noisy") as bot:
        first = bot.choose(opening())
        with pytest.raises(BotFault) as err:
            bot.choose(opening())
    assert first in opening().legal_moves()
    assert (err.value.kind, str(err.value)) == (
        "garbage", "process bot 'noisy': answered 'infox 1' to go (expected 'bestmove MOVE')")


def test_huge_stderr_line_keeps_a_bounded_tail(tmp_path: Path) -> None:
    spec = script(tmp_path, "huge", go='sys.stderr.write("A" * (16 << 20) + "THE-END\\n")\n'
                                       'sys.stderr.flush(); sys.exit(5)')
    bot = ProcessBot(argv_of(spec), label="huge")
    with pytest.raises(BotFault) as err:
        bot.choose(opening())
    tail = bot.stderr_tail
    assert len(tail.encode()) <= STDERR_TAIL and tail == "A" * (STDERR_TAIL - 8) + "THE-END\n"
    quoted = "…" + ("A" * STDERR_QUOTE + "THE-END")[-(STDERR_QUOTE - 1):]
    assert len(quoted) == STDERR_QUOTE
    assert (err.value.kind, str(err.value)) == (
        "crash", f"process bot 'huge': exited with status 5 while waiting for go 10000; "
                 f"last stderr line: {quoted!r}")
    bot.close()


def test_last_stderr_line_is_the_last_non_blank_one(tmp_path: Path) -> None:
    spec = script(tmp_path, "talker", go='sys.stderr.write("first\\nmodel missing\\n\\n  \\n")\n'
                                         'sys.stderr.flush(); sys.exit(2)')
    with ProcessBot(argv_of(spec), label="talker") as bot:
        with pytest.raises(BotFault) as err:
            bot.choose(opening())
    assert str(err.value) == ("process bot 'talker': exited with status 2 while waiting for "
                              "go 10000; last stderr line: 'model missing'")


# --- item 5: the handshake timeout is an option and named in its error ------------------

def test_handshake_timeout_is_named_not_the_move_limit(tmp_path: Path) -> None:
    spec = script(tmp_path, "mute", handshake="pass")
    with pytest.raises(BotFault) as err:
        ProcessBot(argv_of(spec), time_limit=30, handshake_timeout=0.5, label="mute")
    assert (err.value.kind, str(err.value)) == (
        "timeout", "process bot 'mute': no answer to the handshake 'pickpack 2 game pickpack "
                   "players 2' in time "
                   "(handshake timeout 0.5 s; raise it with --handshake-timeout); killed")
    assert "30 s" not in str(err.value)


def test_slow_handshake_within_its_timeout_is_fine(tmp_path: Path) -> None:
    # The handshake has its own deadline, longer here than the per-move limit.
    spec = script(tmp_path, "slowstart", handshake='time.sleep(0.6)\nprint("ok slow", flush=True)')
    with ProcessBot(argv_of(spec), time_limit=0.1, handshake_timeout=5) as bot:
        assert bot.name == "slow" and bot.handshake_timeout == 5


def test_handshake_timeout_defaults_to_the_documented_10_s(tmp_path: Path) -> None:
    # docs/process-protocol.md and docs/match.md: 10 s unless --handshake-timeout is given
    with ProcessBot(argv_of(script(tmp_path, "plain"))) as bot:
        assert bot.handshake_timeout == 10.0


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf")])
def test_unusable_handshake_timeout_is_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match=r"^handshake timeout must be a positive number of "
                                         rf"seconds, got {seconds}$"):
        check_handshake_timeout(seconds)
    with pytest.raises(ValueError, match=r"^handshake timeout must be"):
        ProcessBot([sys.executable, "-c", "pass"], handshake_timeout=seconds)


# --- item 8: native libraries by bare name, with the loader's reason ----------------------

@pytest.fixture(scope="module")
def grab_lib(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("native")
    return build(ROOT / "examples" / "native-bot" / "grab_bot.c", tmp / "libgrab_bot.so")


@pytest.mark.parametrize("file_name, spec_name", [
    ("libgrab_bot.so", "grab_bot"),          # ./libNAME.so
    ("grab_bot.so", "grab_bot"),             # ./NAME.so
    ("grab_bot", "grab_bot"),                # ./NAME
    ("libgrab_bot.so", "libgrab_bot.so"),    # ./NAME, the full file name
])
def test_bare_name_is_found_in_the_current_folder(grab_lib: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  file_name: str, spec_name: str) -> None:
    shutil.copy(grab_lib, tmp_path / file_name)
    monkeypatch.chdir(tmp_path)
    bot = NativeBot(spec_name, seed=1)
    assert bot.path == str(tmp_path / file_name) and bot.name == f"native:{spec_name}"
    assert bot.choose(opening()) in opening().legal_moves()
    bot.close()


def test_current_folder_is_searched_in_the_documented_order(grab_lib: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # ./NAME comes before ./libNAME.so: a broken ./grab_bot is the one reported.
    shutil.copy(grab_lib, tmp_path / "libgrab_bot.so")
    (tmp_path / "grab_bot").write_bytes(b"garbage " * 40)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(NativeBotError) as err:
        NativeBot("grab_bot")
    assert str(err.value) == f"native bot {tmp_path / 'grab_bot'}: cannot load it: invalid ELF header"


def test_bare_name_not_found_lists_every_path_tried(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = "no_such_pickpack_bot_xyz"
    with pytest.raises(NativeBotError) as err:
        NativeBot(name)
    assert str(err.value) == (
        f"native bot {name}: not found; tried {tmp_path / name}, {tmp_path / ('lib' + name + '.so')}, "
        f"{tmp_path / (name + '.so')} and the system library search "
        f"(ctypes.util.find_library('{name}'))")


@pytest.mark.skipif(not LINUX or ctypes.util.find_library("c") is None, reason="glibc loader")
def test_bare_name_falls_back_to_the_system_library_search(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # "c" is in no current folder; the system search finds the C library, which loads
    # but lacks the ABI's symbols: that is what is reported, under its loader name.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(NativeBotError) as err:
        NativeBot("c")
    assert str(err.value).startswith(f"native bot {ctypes.util.find_library('c')}: missing symbols "
                                     "pickpack_bot_abi_version, ")


@pytest.mark.skipif(not LINUX, reason="glibc loader messages")
@pytest.mark.parametrize("content, reason", [
    (b"\x00garbage" * 32, "invalid ELF header"),
    # an ELF header of class 32-bit (x86) on a 64-bit loader: another architecture
    (b"\x7fELF\x01\x01\x01" + b"\x00" * 9 + b"\x03\x00\x03\x00\x01\x00\x00\x00" + b"\x00" * 200,
     "wrong ELF class: ELFCLASS32"),
])
def test_existing_file_that_cannot_be_loaded_gives_the_loaders_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, reason: str) -> None:
    (tmp_path / "x.so").write_bytes(content)
    monkeypatch.chdir(tmp_path)
    for spec in ("x.so", "x", str(tmp_path / "x.so")):
        with pytest.raises(NativeBotError) as err:
            NativeBot(spec)
        assert str(err.value) == f"native bot {tmp_path / 'x.so'}: cannot load it: {reason}"


def test_bare_native_name_plays_a_match_from_the_command_line(grab_lib: Path,
                                                              tmp_path: Path) -> None:
    shutil.copy(grab_lib, tmp_path / "libgrab_bot.so")
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "match", "native:grab_bot",
                           "random", "--games", "2", "--jobs", "1", "--json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [line["games"] for line in data["bots"]] == [2, 2]
    assert all(g["fault"] is None and g["plies"] > 0 for g in data["games"])


# --- serving a bot: the per-move limit reaches the served bot ------------------------------

def test_served_bot_is_built_in_process_with_the_go_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from pickpack.bots import make_bot as real
    from pickpack.bots.serve import serve_spec

    calls: list[tuple[str, int | None, dict[str, object]]] = []

    def recording(spec: str, seed: int | None = None, **kw: object) -> object:
        calls.append((spec, seed, kw))
        return real(spec, seed=seed, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("pickpack.bots.serve.make_bot", recording)
    state = opening()
    position = state.to_position()
    out = io.StringIO()
    serve_spec("greedy", io.StringIO(f"pickpack 2 game pickpack players 2\nnewgame 5\n"
                                     f"position {position}\ngo 250\nposition {position}\n"
                                     "go 250\nquit\n"), out)
    # one bot for the handshake's name, one for the game (built once, at its first go,
    # with the go's limit in seconds), both for the handshake's game; never wrapped in
    # another process (isolate=False)
    game = {"game": "pickpack", "players": 2, "isolate": False}
    assert calls == [("greedy", 0, game), ("greedy", 5, {**game, "time_limit": 0.25})]
    first, second, third = out.getvalue().splitlines()
    assert first == "ok 2 greedy" and second == third
    assert second.removeprefix("bestmove ") in [m.text for m in state.legal_moves()]
