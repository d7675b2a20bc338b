"""Process bots: programs in any language that speak docs/process-protocol.md.

The engine offers protocol version 2, whose handshake names the game, the player count
and the bot's seat and whose positions are the game's position strings, so any game
plays; a version-1 bot (Pick & Pack's JSON snapshot) is still accepted for ``pickpack``
with 2 players and refused with one line for anything else (ProcessBot). Nothing here
imports a game package or pickpack.bots: the game's name and player count come from the
caller (``state.game.name``, ``state.num_players``), positions are read back through
pickpack.games_registry.

``cmd:COMMAND LINE`` on the command line builds a ProcessBot: the program is started
once per game in a session (and process group) of its own, and every exchange has a
deadline (the handshake ``handshake_timeout``, default HANDSHAKE_TIMEOUT; each move the
match's time limit plus TIME_GRACE, pickpack.bots.time_limit). Reads and writes never block
past it: the pipes are non-blocking and waited on with ``selectors`` in slices of at
most WAIT_SLICE seconds, so a KeyboardInterrupt ends a wait at once; at the deadline
the process group is killed. Whatever goes wrong becomes a BotFault with its kind
(crash, timeout, garbage, illegal) and a one-line reason that quotes the end of the
last line the program wrote on stderr.

Standard error is drained by a thread in chunks of up to 64 KiB, so a chatty bot never
blocks on it; only its last STDERR_TAIL bytes are kept (``ProcessBot.stderr_tail``).

No bot outlives the process that launched it (docs/process-protocol.md, "Lifetime"):

- close() kills the bot's whole process group (after ``quit`` and QUIT_TIMEOUT if the
  bot is idle, at once if it is busy with a move or the wait was interrupted);
- on Linux each bot gets the parent-death signal SIGKILL (``prctl(PR_SET_PDEATHSIG)``).
  It fires when the launching *thread* ends, so every bot is started from one
  long-lived launcher thread per process, never from the caller's thread;
- a small reaper process per launching process (started with the first bot, in a
  session of its own) holds the read end of a pipe from its launcher and the list of
  live bot process groups; when the launcher dies in any way (SIGKILL included) the pipe
  closes and the reaper kills every group still listed, grandchildren included. The
  reaper forks once more and its first process exits, so it is no child of the
  launcher: a process manager that kills a dying worker's children (Ray kills a
  worker's child processes when it ends the worker) kills the bots but not the reaper,
  which then kills what the bots left in their groups. This is also the whole mechanism
  on POSIX systems without PR_SET_PDEATHSIG (macOS, BSD).

The bot's side is here too: serve_protocol reads the protocol's lines (both versions)
for a ServedPlayer, and serve does so for bots built afresh each game. The module
pickpack.bots.serve, run as ``python -m``, serves any bot spec with them (it builds bots
with make_bot), so that an in-process bot (an entry point or a native library) gets a hard time limit and crash
isolation::

    python -m pickpack.bots.serve native:examples/native-bot/libgrab_bot.so
"""

from __future__ import annotations

import collections
import inspect
import json
import os
import queue
import re
import secrets
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol, TextIO

from pickpack._pdeathsig import pdeathsig_preexec
from pickpack.bots.base import ResourceBot
from pickpack.bots.time_limit import (DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE,
                                 check_handshake_timeout, check_time_limit)
from pickpack.errors import BotFault, IllegalMoveError, MoveSyntaxError, PickpackError
from pickpack.game import GameState
from pickpack.games_registry import get_game
from pickpack.move import Move

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "QUIT_TIMEOUT", "STDERR_QUOTE", "STDERR_TAIL",
           "V1_GAME", "V1_VERSION", "WAIT_SLICE", "BotBuilder", "Handshake", "ProcessBot",
           "RebuildingPlayer", "Refusal", "ServedPlayer", "StopServing", "offer_line", "serve",
           "serve_protocol"]

PROTOCOL_VERSION = 2        # the version the engine offers (docs/process-protocol.md)
V1_VERSION = 1              # the older version, still accepted for V1_GAME
V1_GAME = ("pickpack", 2)   # the only game and player count a version-1 bot plays
MAX_LINE = 1 << 20          # bytes: a longer line is garbage
QUIT_TIMEOUT = 1.0          # seconds a bot has to exit after "quit" before it is killed
STDERR_TAIL = 8192          # bytes of a bot's stderr kept (the last ones)
STDERR_QUOTE = 160          # characters of the last stderr line quoted in a fault (its end)
WAIT_SLICE = 0.1            # seconds: the longest single wait on a pipe
_CHUNK = 65536              # bytes read from a pipe at a time
#: A line the engine must read: not blank, not ``info`` nor ``info ...`` once stripped.
_ANSWER = re.compile(rb"^[ \t\r\f\v]*(?!info(?: |[ \t\r\f\v]*$))\S.*$", re.MULTILINE)


# --- launching: parent-death signal, launcher thread, reaper -------------------------

# The reaper: reads "+PGID" / "-PGID" lines; at end of input (its launcher is gone)
# SIGKILLs every group still listed. Plain stdlib, run with -I -S: it starts in ~10 ms.
_REAPER_CODE = """\
import os, signal
if os.fork():
    os._exit(0)         # the launcher reaps this first process; the reaper is no child of it
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTSTP):
    signal.signal(s, signal.SIG_IGN)
groups, rest = set(), b""
while True:
    chunk = os.read(0, 4096)
    if not chunk:
        break
    *lines, rest = (rest + chunk).split(b"\\n")
    for line in lines:
        if line[:1] == b"+":
            groups.add(int(line[1:]))
        elif line[:1] == b"-":
            groups.discard(int(line[1:]))
for group in groups:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""


class _Launcher:
    """Starts bots from one long-lived thread and keeps this process's reaper.

    One per process: a forked child (a pool worker) gets a fresh one (os.register_at_fork
    drops the parent's, closing the child's copy of the reaper pipe).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._reaper_fd = -1
        self._preexec = pdeathsig_preexec()

    def start(self, argv: list[str], owner: object
              ) -> tuple[subprocess.Popen[bytes], weakref.finalize[Any, Any]]:
        """Popen ``argv`` (pipes on 0, 1, 2; own session) from the launcher thread.

        Returns the process and its finalizer (``_kill_group``), registered for
        ``owner`` before this returns and before the reaper is told, so that no
        interrupt can leave a started bot without one: an interrupt inside kills it
        here, one after hands the finalizer to ``owner``'s death (or to exit).
        """
        done = threading.Event()
        box: list[Any] = []

        def job() -> None:
            try:
                box.append(subprocess.Popen(
                    argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
                    preexec_fn=self._preexec))
            except BaseException as exc:   # handed to the caller's thread
                box.append(exc)
            done.set()

        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="pickpack-bot-launcher",
                                                daemon=True)
                self._thread.start()
        self._jobs.put(job)
        finalizer: weakref.finalize[Any, Any] | None = None
        try:
            while not done.wait(WAIT_SLICE):
                pass
            if isinstance(box[0], subprocess.Popen):
                finalizer = weakref.finalize(owner, _kill_group, box[0])
                self.watch(box[0].pid)
        except BaseException:          # interrupted: whatever was started must not live on
            done.wait()
            if finalizer is not None:
                finalizer()
            elif box and isinstance(box[0], subprocess.Popen):
                _kill_group(box[0])
            raise
        if isinstance(box[0], BaseException):
            raise box[0]
        assert finalizer is not None
        return box[0], finalizer

    def _serve(self) -> None:
        while True:
            self._jobs.get()()

    def watch(self, group: int) -> None:
        """Tell the reaper to kill process group ``group`` if this process dies."""
        with self._lock:
            if self._reaper_fd < 0 or not self._tell(f"+{group}\n"):
                # no reaper yet, or it is gone (the write found the pipe closed): a new one
                self._start_reaper()
                self._tell(f"+{group}\n")

    def unwatch(self, group: int) -> None:
        """The group is gone (killed and reaped by close()): the reaper forgets it."""
        with self._lock:
            if self._reaper_fd >= 0:
                self._tell(f"-{group}\n")

    def _start_reaper(self) -> None:
        read, write = os.pipe()        # both ends non-inheritable: bots never hold them
        try:
            first = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _REAPER_CODE], stdin=read,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:                # no reaper: the parent-death signal still holds
            os.close(write)
            self._reaper_fd = -1
            return
        finally:
            os.close(read)
        first.wait()                   # it exits once the reaper is forked (milliseconds)
        self._reaper_fd = write

    def _tell(self, line: str) -> bool:
        """Write ``line`` to the reaper; False when there is none or it is gone."""
        if self._reaper_fd < 0:
            return False
        try:
            os.write(self._reaper_fd, line.encode())
        except OSError:                # the reaper is gone; a new one comes with the next bot
            os.close(self._reaper_fd)
            self._reaper_fd = -1
            return False
        return True

    def forget(self) -> None:
        """In a forked child: drop the parent's reaper pipe and launcher thread.

        Also runs between fork and exec of every bot (subprocess calls the at-fork
        hooks when it has a preexec_fn), so it does nothing that could block."""
        if self._reaper_fd >= 0:
            try:
                os.close(self._reaper_fd)
            except OSError:
                pass
        self._reaper_fd, self._thread = -1, None
        self._lock = threading.Lock()
        self._jobs = queue.SimpleQueue()
        if self._preexec is not None:  # kept off in tests that simulate other systems
            self._preexec = pdeathsig_preexec()


_LAUNCHER = _Launcher()
os.register_at_fork(after_in_child=_LAUNCHER.forget)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot's whole process group (its session) and reap the bot.

    The group is killed even when the bot itself has exited: a grandchild it left
    behind goes too.
    """
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _LAUNCHER.unwatch(proc.pid)
    proc.wait()


def _exit_text(code: int | None) -> str:
    if code is None:
        return "closed its output"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


def _check_game(game: str, players: int, seat: int | None) -> None:
    """ValueError unless ``game`` is a one-word name, ``players`` >= 1 and ``seat``
    None or a seat of that count: what the v2 handshake line can carry."""
    if not isinstance(game, str) or not game or any(c.isspace() for c in game):
        raise ValueError(f"process bot: game must be a registry name such as 'pickpack', "
                         f"not {game!r}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ValueError(f"process bot: players must be a whole number >= 1, not {players!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < players):
        raise ValueError(f"process bot: seat must be None or 0..{players - 1}, not {seat!r}")


def _answered_move(state: GameState, text: str, legal: dict[str, Move]) -> Move:
    """The legal Move of ``legal`` (the moves just sent, by text) that the answer
    ``text``, another spelling of a move, denotes. A state with the ``parse_action``
    hook (pickpack.state_base) only reads the text to its action, so that the caller's
    checked ``apply_action`` stays the one legality check (issue 19, "Work done once");
    parse_move words the error of text that is no legal move, and reads the text of a
    state without the hook. MoveSyntaxError or IllegalMoveError as parse_move raises."""
    parse = getattr(state, "parse_action", None)
    if parse is not None:
        action: int = parse(text)
        move = next((m for m in legal.values() if m.action == action), None)
        if move is not None:
            return move
    return state.parse_move(text)


def offer_line(game: str, players: int, seat: int | None = None) -> str:
    """The version-2 handshake the engine sends first:
    ``pickpack 2 game GAME players N`` and `` seat S`` when the seat is known."""
    line = f"pickpack {PROTOCOL_VERSION} game {game} players {players}"
    return line if seat is None else f"{line} seat {seat}"


#: Program names that mean "the Python running pickpack" in a process bot's command.
PYTHON_NAMES = frozenset({"python", "python3"})


def program_argv(argv: Sequence[str]) -> list[str]:
    """The command a process bot runs: ``argv`` with a first word of ``python`` or
    ``python3`` replaced by ``sys.executable``, the interpreter running pickpack (a
    venv's, even when the venv is not activated and PATH's ``python`` has no pickpack),
    so that ``cmd:python -m pickpack.bots.serve random`` runs with this installation;
    any other program (``/usr/bin/python3``, ``./bot``) as written.

    >>> import sys
    >>> program_argv(["python", "bot.py"]) == [sys.executable, "bot.py"]
    True
    >>> program_argv(["./bot", "--fast"])
    ['./bot', '--fast']
    """
    out = list(argv)
    if out and out[0] in PYTHON_NAMES and sys.executable:
        out[0] = sys.executable
    return out


class ProcessBot(ResourceBot):
    """A bot in a subprocess speaking the line protocol (docs/process-protocol.md); it
    does not pickle or copy (TypeError, pickpack.bots.base.ResourceBot).

    ``argv`` is the program and its arguments (a first word ``python`` or ``python3``
    is this interpreter: program_argv); ``seed`` goes to ``newgame`` (None: a
    random 64-bit seed); ``time_limit`` is the per-move limit in seconds, sent with
    every ``go``; ``handshake_timeout`` (seconds, default HANDSHAKE_TIMEOUT) is how long
    the program has to start and answer the handshake; ``game``, ``players`` and
    ``seat`` (None: not known) are what the handshake names (the state's
    ``game.name``, ``num_players`` and the bot's seat).

    The constructor starts the program and negotiates the version: it offers
    ``pickpack 2 game GAME players N [seat S]``. ``ok 2 NAME`` is a version-2 bot (it
    gets the game's position strings); ``ok NAME`` is a version-1 bot, accepted only for
    ``pickpack`` with 2 players (it gets the JSON snapshot); for that game a program that
    answers anything else or exits is started again and offered ``pickpack 1`` (a
    version-1 bot written to refuse other versions). ``protocol`` is the version agreed.

    Raises ValueError for an empty ``argv``, a limit that is not a positive finite
    number, or a bad game, player count or seat; BotFault "crash" (cannot start,
    exited, refused the game with ``error REASON``, or speaks only version 1 and the
    game is not Pick & Pack for 2), "timeout" (no answer within ``handshake_timeout``)
    or "garbage" (an answer that is not ``ok``). ``name`` is the NAME the program gave.
    Call ``close()`` (or use ``with``) to end the program; it cannot outlive this
    process in any case (see the module docstring).
    """

    holds = "a running program"

    time_budget: float | None = None

    def __init__(self, argv: Sequence[str], seed: int | None = None, *,
                 time_limit: float = DEFAULT_TIME_LIMIT,
                 handshake_timeout: float = HANDSHAKE_TIMEOUT,
                 label: str | None = None, game: str = "pickpack", players: int = 2,
                 seat: int | None = None) -> None:
        if not argv:
            raise ValueError("ProcessBot needs a command (argv is empty)")
        _check_game(game, players, seat)
        self.label = label or shlex.join(argv)
        self.name = self.label
        self.game, self.players, self.seat = game, players, seat
        self.protocol = PROTOCOL_VERSION
        self.time_limit = check_time_limit(time_limit)
        self.handshake_timeout = check_handshake_timeout(handshake_timeout)
        self._argv = program_argv(argv)
        self._closed = False
        self._launch()
        try:
            first = self._offer(offer_line(game, players, seat))
            if isinstance(first, BotFault):
                if (game, players) != V1_GAME:   # (a timeout was raised already)
                    raise first
                self._busy = True          # killed at once, not asked to quit
                self.close()               # a version-1 bot that refused "pickpack 2": again
                self._closed = False
                self._launch()
                if self._offer(f"pickpack {V1_VERSION}") is not None:
                    raise first
                self.protocol = V1_VERSION
            self.reset(seed)
        except BaseException:
            self.close()
            raise

    def _launch(self) -> None:
        """Start the program (pipes non-blocking, stderr drained by a thread)."""
        self._buffer = bytearray()               # the bot's unfinished stdout line
        self._lines: collections.deque[bytes] = collections.deque()   # answers not yet read
        self._busy = True              # an answer is awaited: close() kills at once
        self._tail = bytearray()
        self._tail_lock = threading.Lock()
        try:
            # the finalizer comes with the process (_Launcher.start): no gap between them
            self._proc, self._finalizer = _LAUNCHER.start(self._argv, self)
        except OSError as exc:
            raise BotFault("crash", f"process bot {self.label!r}: cannot start "
                                    f"{self._argv[0]!r}: {exc.strerror or exc}") from None
        assert self._proc.stdin and self._proc.stdout and self._proc.stderr
        self._in, self._out = self._proc.stdin.fileno(), self._proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._readable = selectors.DefaultSelector()
        self._readable.register(self._out, selectors.EVENT_READ)
        self._writable = selectors.DefaultSelector()
        self._writable.register(self._in, selectors.EVENT_WRITE)
        self._stderr_thread = threading.Thread(
            target=self._collect_stderr, args=(self._proc.stderr,), daemon=True)
        self._stderr_thread.start()

    def _offer(self, offer: str) -> BotFault | None:
        """Send the handshake ``offer`` and read the answer (within handshake_timeout).

        Sets ``name`` and ``protocol`` and returns None when the answer is accepted;
        raises BotFault for an answer that ends the matter (a timeout, ``error
        REASON``, a version-1 bot offered another game); returns the BotFault of a
        program that exited or answered something else, which a version-1 bot (that
        refuses unknown versions) does when offered version 2."""
        deadline = time.monotonic() + self.handshake_timeout
        what = f"the handshake {offer!r}"
        try:
            self._send(offer, deadline, what)
            answer = self._read_line(deadline, what)
        except BotFault as fault:
            if fault.kind == "timeout":
                raise
            return fault
        self._busy = False
        word, _, rest = answer.partition(" ")
        version, _, name = rest.strip().partition(" ")
        playing = f"{self.game} with {self.players} players"
        if word == "ok" and offer.startswith(f"pickpack {PROTOCOL_VERSION} ") and version == str(
                PROTOCOL_VERSION) and name.strip():
            self.name, self.protocol = name.strip(), PROTOCOL_VERSION
            return None
        if word == "error" and offer.startswith(f"pickpack {PROTOCOL_VERSION} "):
            raise self._fault("crash", f"refuses to play {playing}: {rest.strip()[:160]}")
        if word == "ok" and rest.strip():
            if (self.game, self.players) != V1_GAME:
                raise self._fault("crash", f"speaks protocol version 1 (pickpack with 2 players "
                                           f"only) and cannot play {playing}; answer 'ok "
                                           f"{PROTOCOL_VERSION} NAME' to speak version "
                                           f"{PROTOCOL_VERSION}")
            self.name, self.protocol = rest.strip(), V1_VERSION
            return None
        expected = f"'ok {PROTOCOL_VERSION} NAME'" if offer.startswith(
            f"pickpack {PROTOCOL_VERSION} ") else "'ok NAME'"
        return self._fault("garbage", f"answered {answer[:80]!r} to {what} (expected {expected})")

    # --- the protocol ---------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """Start a new game: ``newgame SEED`` (None: a random 64-bit seed)."""
        seed = secrets.randbits(64) if seed is None else seed
        self._send(f"newgame {seed}", time.monotonic() + self.time_limit + TIME_GRACE, "newgame")

    def _position_lines(self, state: GameState) -> tuple[str, dict[str, Move]]:
        """The ``position`` and ``legal`` lines for ``state`` in the agreed version and
        the legal moves by text. Raises ValueError for a state of another game or
        player count than the handshake named, and for a position string or move text
        that cannot travel on one line (a newline; a space in a move)."""
        game = getattr(getattr(state, "game", None), "name", self.game)
        players = getattr(state, "num_players", self.players)
        if (game, players) != (self.game, self.players):
            raise ValueError(f"process bot {self.label!r} was started for {self.game} with "
                             f"{self.players} players, not {game} with {players} players")
        legal: dict[str, Move] = {m.text: m for m in state.legal_moves()}
        spaced = [text for text in legal if not text or any(c.isspace() for c in text)]
        if spaced:
            raise ValueError(f"{self.game}: move text {spaced[0]!r} is empty or has white "
                             "space; the process protocol sends moves as single words")
        if self.protocol == V1_VERSION:
            position = "snapshot " + json.dumps(state.snapshot(), separators=(",", ":"))
        else:
            position = state.to_position()
            if "\n" in position or "\r" in position:
                raise ValueError(f"{self.game}: the position string has a line break; the "
                                 "process protocol sends it on one line")
        return f"position {position}\nlegal {' '.join(legal)}", legal

    def choose(self, state: GameState) -> Move:
        """Send the position and its legal moves, then ``go``; the answer's legal Move.

        The position is ``state.to_position()`` (version 2) or the JSON snapshot
        (version 1). Raises ValueError as _position_lines says; BotFault: "timeout" past
        ``time_limit + TIME_GRACE`` (the process is killed), "crash" if it exits,
        "garbage" for a line that is not ``bestmove``, "illegal" for move text that is
        malformed or not legal here. Anything raised while waiting (KeyboardInterrupt)
        leaves the bot busy: close() then kills it at once instead of asking it to quit.
        """
        deadline = time.monotonic() + self.time_limit + TIME_GRACE
        millis = max(1, round(self.time_limit * 1000))
        lines, legal = self._position_lines(state)
        self._busy = True
        self._send(f"{lines}\ngo {millis}", deadline, "go")
        answer = self._read_line(deadline, f"go {millis}")
        self._busy = False
        word, _, text = answer.partition(" ")
        if word != "bestmove" or not text.strip():
            raise self._fault("garbage", f"answered {answer[:80]!r} to go (expected 'bestmove MOVE')")
        if text.strip() in legal:          # the usual case: one of the texts just sent
            return legal[text.strip()]
        try:
            return _answered_move(state, text.strip(), legal)
        except (IllegalMoveError, MoveSyntaxError) as exc:
            raise self._fault("illegal", f"bestmove {text.strip()[:40]}: {exc}") from None

    def close(self) -> None:
        """End the program and its process group; safe to call twice.

        An idle bot is sent ``quit`` and given QUIT_TIMEOUT seconds; a busy one (a move
        or the handshake was interrupted) is killed at once. Either way the whole
        process group is then killed, so nothing the bot started lives on.
        """
        proc = getattr(self, "_proc", None)
        if proc is None or self._closed:
            return
        self._closed = True
        try:
            if self._finalizer.alive and proc.poll() is None and not self._busy:
                try:
                    self._send("quit", time.monotonic() + QUIT_TIMEOUT, "quit")
                    proc.wait(QUIT_TIMEOUT)
                except (BotFault, subprocess.TimeoutExpired):
                    pass
        finally:                   # also when Ctrl-C interrupts the wait for quit
            self._finalizer()      # kills the group, reaps the bot
            self._readable.close()
            self._writable.close()
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    pipe.close()
            self._stderr_thread.join(QUIT_TIMEOUT)

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def stderr_tail(self) -> str:
        """The last STDERR_TAIL bytes the program wrote on stderr, decoded (UTF-8,
        undecodable bytes replaced)."""
        with self._tail_lock:
            return self._tail.decode("utf-8", "replace")

    # --- pipes with deadlines -------------------------------------------------------

    def _collect_stderr(self, pipe: IO[bytes]) -> None:
        """Drain stderr in chunks, keeping only the last STDERR_TAIL bytes."""
        fd = pipe.fileno()
        try:
            while chunk := os.read(fd, _CHUNK):
                with self._tail_lock:
                    self._tail += chunk[-STDERR_TAIL:]
                    if len(self._tail) > STDERR_TAIL:
                        del self._tail[:-STDERR_TAIL]
        except OSError:
            pass
        finally:
            pipe.close()

    def _last_stderr_line(self) -> str:
        """``; last stderr line: '...'`` (its last STDERR_QUOTE characters), or ''."""
        lines = [line.strip() for line in self.stderr_tail.splitlines() if line.strip()]
        if not lines:
            return ""
        last = lines[-1]
        if len(last) > STDERR_QUOTE:
            last = "…" + last[-(STDERR_QUOTE - 1):]
        return f"; last stderr line: {last!r}"

    def _fault(self, kind: str, what: str) -> BotFault:
        return BotFault(kind, f"process bot {self.label!r}: {what}")

    def _died(self, waiting_for: str) -> BotFault:
        try:
            code: int | None = self._proc.wait(QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            code = None
        self._finalizer()
        self._stderr_thread.join(QUIT_TIMEOUT)
        return self._fault("crash", f"{_exit_text(code)} while waiting for {waiting_for}"
                                    f"{self._last_stderr_line()}")

    def _late(self, waiting_for: str) -> BotFault:
        self._finalizer()
        if waiting_for.startswith("the handshake"):
            limit = (f"handshake timeout {self.handshake_timeout:g} s; raise it with "
                     "--handshake-timeout")
        else:
            limit = f"limit {self.time_limit:g} s + {TIME_GRACE:g} s grace"
        return self._fault("timeout", f"no answer to {waiting_for} in time ({limit}); killed")

    def _send(self, lines: str, deadline: float, waiting_for: str) -> None:
        if not self._finalizer.alive:
            raise self._fault("crash", f"is no longer running (cannot send {waiting_for})")
        data = memoryview((lines + "\n").encode())
        while data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._writable.select(min(remaining, WAIT_SLICE)):
                continue
            try:
                written = os.write(self._in, data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._died(waiting_for) from None
            data = data[written:]

    def _read_line(self, deadline: float, waiting_for: str) -> str:
        """The next line that is not blank or ``info ...``, without its newline."""
        while True:
            if self._lines:
                return self._lines.popleft().decode("utf-8", "replace").strip()
            if len(self._buffer) > MAX_LINE:
                self._finalizer()
                raise self._fault("garbage", f"wrote a line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._readable.select(min(remaining, WAIT_SLICE)):
                continue
            try:
                chunk = os.read(self._out, _CHUNK)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._died(waiting_for)
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        """Keep the answers among the complete lines the bot wrote (those that are not
        blank or ``info ...``, found by one regular-expression scan, so a megabyte of
        ``info`` lines costs milliseconds); the unfinished last line stays buffered."""
        if b"\n" not in chunk:
            self._buffer += chunk
            return
        data = bytes(self._buffer) + chunk
        end = data.rfind(b"\n")
        self._lines.extend(_ANSWER.findall(data, 0, end))
        self._buffer = bytearray(data[end + 1:])


# --- serving a bot over the protocol (the bot's side) ---------------------------------

@dataclass(frozen=True)
class Handshake:
    """What the engine's handshake said: the protocol ``version`` (1 or 2), the
    ``game`` (a registry name), the number of ``players`` and the bot's ``seat`` (None:
    not said). A version-1 handshake is always ``pickpack`` with 2 players."""

    version: int
    game: str
    players: int
    seat: int | None = None


class Refusal(Exception):
    """Raised by ServedPlayer.hello when the bot cannot play the game or player count:
    the server answers ``error MESSAGE`` (one line) and the engine refuses the bot."""


class StopServing(Exception):
    """Raised by ServedPlayer.go to end the server with exit ``status`` (a fault that
    the player reported by other means, e.g. IsolatedBot's side file)."""

    def __init__(self, status: int) -> None:
        super().__init__(f"stop serving with status {status}")
        self.status = status


class ServedPlayer(Protocol):
    """The bot behind serve_protocol: it is told the handshake, each game's seed and
    each position; the protocol's lines are serve_protocol's business."""

    def hello(self, handshake: Handshake) -> str:
        """The bot's name for ``ok``; raise Refusal when it cannot play the game."""

    def newgame(self, seed: int) -> None:
        """A game starts (``newgame SEED``); may raise StopServing."""

    def go(self, state: GameState, millis: int | None) -> str:
        """The move text for ``state`` within ``millis`` ms (None: no usable limit
        was sent); may raise StopServing."""

    def close(self) -> None:
        """The server ends: free what the bot holds."""


def _read_handshake(rest: str) -> Handshake | str:
    """The Handshake of ``pickpack REST``, or the one-line reason it cannot be served.

    Version 2 reads ``game G players N [seat S]`` (words in pairs; keys it does not know
    are skipped, as later versions may add some); version 1 means Pick & Pack for 2."""
    words = rest.split()
    if words[:1] == [str(V1_VERSION)]:
        return Handshake(V1_VERSION, *V1_GAME)
    if words[:1] != [str(PROTOCOL_VERSION)]:
        return (f"this bot speaks protocol versions {V1_VERSION} and {PROTOCOL_VERSION}, not "
                f"{words[0] if words else '(none)'}")
    pairs = dict(zip(words[1::2], words[2::2]))
    game, players, seat = pairs.get("game"), pairs.get("players", ""), pairs.get("seat")
    if not game or not players.isdigit() or int(players) < 1:
        return f"handshake 'pickpack {rest.strip()}' lacks 'game NAME players N'"
    if seat is not None and (not seat.isdigit() or int(seat) >= int(players)):
        return f"handshake 'pickpack {rest.strip()}': seat {seat} is not 0..{int(players) - 1}"
    return Handshake(PROTOCOL_VERSION, game, int(players), None if seat is None else int(seat))


def _game_problem(handshake: Handshake) -> str | None:
    """Why this side cannot serve the handshake's game (not installed here, a player
    count it does not offer, no position strings to read), or None."""
    try:
        game = get_game(handshake.game)
        game.check_players(handshake.players)
    except (PickpackError, ValueError, TypeError) as exc:
        return str(exc)
    cls = game.load("state_class")
    if not hasattr(cls, "from_position" if handshake.version == PROTOCOL_VERSION
                   else "from_snapshot"):
        return f"game {handshake.game} has no position strings to read"
    return None


def _read_position(handshake: Handshake, rest: str) -> GameState:
    """The state of a ``position`` line: version 1 ``snapshot JSON`` (Pick & Pack's
    state class), version 2 the game's position string. Positions the engine did not
    check (an unreachable test position) are read unchecked when the game's state
    class offers ``checked=False`` (Pick & Pack does)."""
    game = get_game(handshake.game)
    cls = game.load("state_class")
    if cls is None:          # refused at the handshake (_refusal); never read here
        raise LookupError(f"game {game.name} has no position strings")
    state: GameState
    if rest.startswith("snapshot "):
        state = cls.from_snapshot(json.loads(rest[len("snapshot "):]), checked=False)
        return state
    reader = cls.from_position
    state = reader(rest, checked=False) if "checked" in inspect.signature(reader).parameters else reader(rest)
    return state


def serve_protocol(player: ServedPlayer, stdin: TextIO = sys.stdin,
                   stdout: TextIO = sys.stdout) -> int:
    """Speak docs/process-protocol.md (versions 1 and 2) on ``stdin``/``stdout`` for
    ``player`` until ``quit`` or end of input.

    ``pickpack 2 game G players N [seat S]`` is answered ``ok 2 NAME`` (``pickpack 1``:
    ``ok NAME``), or ``error REASON`` when the player raises Refusal or the line cannot
    be served (another version; no game, a game not installed here, a player count it
    does not offer); ``position`` lines are read into a state of
    the game (pickpack.games_registry; never a game package imported here), and each
    ``go MILLISECONDS`` is answered ``bestmove MOVE``. Lines it does not know are
    ignored, as the protocol asks. Returns the exit status: 0 after ``quit`` or end of
    input, or StopServing's status. The player is closed in every case.
    """
    handshake: Handshake | None = None
    state: Any = None

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    try:
        for raw in stdin:
            command, _, rest = raw.strip().partition(" ")
            if command == "pickpack":
                told = _read_handshake(rest)
                problem = told if isinstance(told, str) else _game_problem(told)
                if problem is not None or isinstance(told, str):
                    say(f"error {' '.join(str(problem).split())}")
                    continue
                try:
                    name = player.hello(told)
                except Refusal as exc:
                    say(f"error {' '.join(str(exc).split())}")
                    continue
                handshake = told
                say(f"ok {name}" if told.version == V1_VERSION else f"ok {told.version} {name}")
            elif command == "newgame" and rest.strip().isdigit():
                player.newgame(int(rest))
            elif command == "position" and handshake is not None:
                state = _read_position(handshake, rest)
            elif command == "go" and state is not None:
                millis = int(rest) if rest.strip().isdigit() and int(rest) > 0 else None
                say(f"bestmove {player.go(state, millis)}")
            elif command == "quit":
                break
    except StopServing as stop:
        return stop.status
    finally:
        player.close()
    return 0


#: ``build(handshake, seed, time_limit)``: a bot (``name``, ``choose(state)``, maybe
#: ``close()``) for that game, seeded, told the per-move limit in seconds (None: its
#: default). Raise to refuse the game (the message goes to the engine).
BotBuilder = Callable[[Handshake, int, "float | None"], Any]


class RebuildingPlayer:
    """A ServedPlayer that builds a fresh bot with ``build`` for every game: at the
    game's first ``go``, with the ``newgame`` seed and the ``go`` limit in seconds, so
    that a search bot stops before it. At the handshake one is built with seed 0 for its
    name (an exception from ``build`` then refuses the game with its message)."""

    def __init__(self, build: BotBuilder) -> None:
        self._build = build
        self._bot: Any = None
        self._handshake: Handshake | None = None
        self._seed: int | None = None          # a newgame whose bot is not built yet

    def hello(self, handshake: Handshake) -> str:
        """Build a bot for ``handshake``'s game (seed 0) and give its name."""
        self.close()
        try:
            self._bot = self._build(handshake, 0, None)
        except Exception as exc:
            raise Refusal(str(exc) or type(exc).__name__) from exc
        self._handshake = handshake
        return str(self._bot.name)

    def newgame(self, seed: int) -> None:
        """Remember the seed; the game's bot is built at its first ``go``."""
        self._seed = seed

    def go(self, state: GameState, millis: int | None) -> str:
        """The bot's move text (built afresh first when a newgame is pending)."""
        if self._seed is not None and self._handshake is not None:
            self.close()
            self._bot = self._build(self._handshake, self._seed,
                                    None if millis is None else millis / 1000)
            self._seed = None
        move = self._bot.choose(state)
        return str(getattr(move, "text", move))

    def close(self) -> None:
        """Close the current bot, if it has ``close``."""
        bot, self._bot = self._bot, None
        getattr(bot, "close", lambda: None)()


def serve(build: BotBuilder, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Play the bots ``build`` makes as a process bot until ``quit`` or EOF:
    serve_protocol with a RebuildingPlayer (a fresh bot per game, at its first ``go``,
    with the game's seed and the ``go`` limit). Returns the exit status (0)."""
    return serve_protocol(RebuildingPlayer(build), stdin, stdout)
