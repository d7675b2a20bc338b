"""Native bots: shared libraries with the C ABI of core/common/pickpack_bot.h, loaded by cffi.

``native:PATH`` on the command line. PATH with a slash is a file; a bare name (no
slash) is looked up (resolve_library): ``./NAME``, ``./libNAME.so``, ``./NAME.so`` in
the current folder (``.dylib`` on macOS, ``NAME.dll`` on Windows), then the system's
library search (``ctypes.util.find_library(NAME)``). When nothing is found the error
lists every path tried; a file that exists but cannot be loaded is reported with the
loader's own reason (``invalid ELF header``, ``wrong ELF class: ELFCLASS32``, a
missing dependency). The library is opened in cffi's ABI mode
(``ffi.dlopen``; no compiler needed at load time); its ABI version and each of its four
symbols are checked before the first game, with a one-line NativeBotError when one is
wrong or missing.

Two ABI versions are spoken (the header's "ABI versions"):

- version 2: ``pickpack_bot_create`` gets the game's name and player count and may
  refuse them (NULL and a reason: NativeBotError naming the game); the position is the
  game's position string (``state.to_position()``) and ``choose`` also gets the seat to
  move. Any game with position strings can be played.
- version 1 (Pick & Pack only): ``pickpack_bot_create(seed)``; the position is the
  compact JSON snapshot (position_json). A version-1 library is refused for any game
  but ``pickpack`` with 2 players.

The answer is an index into the legal actions.

A native library runs in this process: a crash in it cannot be caught here. To isolate
one, run it as a process bot: ``cmd:python -m pickpack.bots.serve native:PATH``.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import re
import secrets
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pickpack.bots.base import ResourceBot
from pickpack.errors import BotFault, BotLoadError
from pickpack.game import GameState
from pickpack.install_hint import install_hint
from pickpack.move import Move

__all__ = ["ABI_VERSION", "ABI_VERSIONS", "CDEF", "CDEF_V1", "ERROR_SIZE", "SYMBOLS",
           "V1_GAME", "NativeBot", "NativeBotError", "position_json", "resolve_library"]

#: The newest ABI version this pickpack speaks (core/common/pickpack_bot.h).
ABI_VERSION = 2
#: Every ABI version a library may answer with ``pickpack_bot_abi_version()``.
ABI_VERSIONS = (1, 2)
#: The only game and player count a version-1 library plays.
V1_GAME = ("pickpack", 2)
#: Bytes of the buffer a version-2 ``pickpack_bot_create`` may write its refusal into.
ERROR_SIZE = 256

#: ABI version 2's declarations: the lines between "begin ABI 2" and "end ABI 2" in the
#: header without the export macro (a test checks that the two agree).
CDEF = """\
int32_t pickpack_bot_abi_version(void);
void *pickpack_bot_create(const char *game, int32_t players, uint64_t seed, char *error, int32_t error_size);
int32_t pickpack_bot_choose(void *bot, const char *position, int32_t player, const int32_t *legal, int32_t count);
void pickpack_bot_free(void *bot);
"""

#: ABI version 1's declarations ("begin ABI 1" .. "end ABI 1" in the header).
CDEF_V1 = """\
int32_t pickpack_bot_abi_version(void);
void *pickpack_bot_create(uint64_t seed);
int32_t pickpack_bot_choose(void *bot, const char *position, const int32_t *legal, int32_t count);
void pickpack_bot_free(void *bot);
"""

SYMBOLS = ("pickpack_bot_abi_version", "pickpack_bot_create", "pickpack_bot_choose",
           "pickpack_bot_free")


class NativeBotError(BotLoadError):
    """A native library that cannot be used: not found, not loadable, a missing symbol,
    an ABI version not spoken here, or a game it does not play. One line naming the
    library and the problem."""


def position_json(state: GameState) -> str:
    """The position as ABI version 1 gives it: the snapshot as compact JSON, one line."""
    return json.dumps(state.snapshot(), separators=(",", ":"))


@lru_cache(maxsize=None)
def _ffi(version: int = ABI_VERSION) -> Any:
    """The cffi FFI declaring ABI ``version`` (1 or 2): the two give the same symbols
    different types, so each has its own."""
    try:
        from cffi import FFI  # type: ignore[import-untyped]
    except ImportError:
        raise NativeBotError(f"native bots: {install_hint('native')}") from None
    ffi = FFI()
    ffi.cdef(CDEF if version == 2 else CDEF_V1)
    return ffi


def _candidates(name: str) -> list[str]:
    """The current-folder files a bare library name stands for, in search order."""
    if sys.platform == "win32":
        prefix, suffixes = "", [".dll"]
    elif sys.platform == "darwin":
        prefix, suffixes = "lib", [".dylib", ".so"]
    else:
        prefix, suffixes = "lib", [".so"]
    names = [name] + [f"{prefix}{name}{suffix}" for suffix in suffixes]
    names += [f"{name}{suffix}" for suffix in suffixes if prefix]
    return [os.path.abspath(n) for n in dict.fromkeys(names)]


def resolve_library(target: str) -> str:
    """The library file or loader name that ``native:TARGET`` means.

    A TARGET with a slash (or the platform's separator) is a path, returned absolute.
    A bare name is tried as ``./NAME``, ``./libNAME.so``, ``./NAME.so`` (``.dylib``
    first on macOS; ``NAME.dll`` on Windows) and then with the system's library search,
    ``ctypes.util.find_library(NAME)``, whose answer (e.g. ``libNAME.so.1``) the loader
    resolves itself. Raises NativeBotError listing every path tried when none exists.
    """
    if "/" in target or os.sep in target or (os.altsep and os.altsep in target):
        path = os.path.abspath(target)
        if not os.path.isfile(path):
            raise NativeBotError(f"native bot {path}: no such file")
        return path
    tried = _candidates(target)
    for path in tried:
        if os.path.isfile(path):
            return path
    found = ctypes.util.find_library(target) if target else None
    if found:
        return found
    raise NativeBotError(f"native bot {target}: not found; tried {', '.join(tried)} and the "
                         f"system library search (ctypes.util.find_library({target!r}))")


def _loader_reason(exc: OSError, path: str) -> str:
    """The dynamic loader's own words from cffi's dlopen error, without cffi's wrapping
    ("cannot load library 'P': P: REASON.  Additionally, ...") and the repeated path."""
    text = str(exc).split(".  Additionally, ctypes.util.find_library()")[0]
    text = re.sub(r"^cannot load library '.*?': ", "", text)
    if text.startswith(path + ": "):
        text = text[len(path) + 2:]
    return text.strip() or exc.__class__.__name__


@dataclass(frozen=True)
class _Library:
    """An opened, checked library: its ABI version and its cffi handle (declared with
    that version's types)."""

    version: int
    lib: Any


@lru_cache(maxsize=None)
def _open(path: str) -> _Library:
    """The checked library at ``path`` (absolute, or a name the loader resolves, from
    resolve_library); opened once per process. The version is read through ABI 1's
    declarations (``pickpack_bot_abi_version`` has the same type in every version);
    a version-2 library is then opened again with version 2's."""
    try:
        lib = _ffi(1).dlopen(path)
    except OSError as exc:
        raise NativeBotError(f"native bot {path}: cannot load it: {_loader_reason(exc, path)}"
                             ) from None
    missing = []
    for symbol in SYMBOLS:
        try:
            getattr(lib, symbol)
        except AttributeError:
            missing.append(symbol)
    if missing:
        raise NativeBotError(f"native bot {path}: missing symbol{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(missing)} (every ABI version needs {', '.join(SYMBOLS)})")
    version = int(lib.pickpack_bot_abi_version())
    if version not in ABI_VERSIONS:
        raise NativeBotError(f"native bot {path}: ABI version {version}, but this pickpack "
                             f"speaks ABI versions {' and '.join(map(str, ABI_VERSIONS))} "
                             "(core/common/pickpack_bot.h)")
    if version == 2:
        lib = _ffi(2).dlopen(path)
    return _Library(version, lib)


class NativeBot(ResourceBot):
    """A bot in a shared library (core/common/pickpack_bot.h), one handle per game.

    ``path`` is what follows ``native:``: a file path, or a bare name looked up by
    resolve_library. ``game`` and ``players`` are the game it is to play (a registry
    name, e.g. ``"pickpack"``, and its player count). Raises NativeBotError from the
    constructor for an unusable library, for a version-1 library asked to play anything
    but ``pickpack`` with 2 players, and when a version-2 library refuses the game (its
    ``pickpack_bot_create`` returns NULL; the message names the game and quotes the
    library's reason); ValueError for an empty game name or a player count below 1.
    A later ``reset`` whose create returns NULL raises BotFault ("crash"). ``choose``
    raises BotFault ("illegal") when the library answers an index outside the legal
    moves.
    """

    holds = "a loaded native library"

    time_budget: float | None = None

    def __init__(self, path: str, seed: int | None = None, *, game: str = "pickpack",
                 players: int = 2) -> None:
        self._handle: Any = None     # before _open, which may raise: __del__ sees it
        if not isinstance(game, str) or not game or any(c.isspace() for c in game):
            raise ValueError(f"native bot: game must be a registry name such as 'pickpack', "
                             f"not {game!r}")
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ValueError(f"native bot: players must be a whole number >= 1, not {players!r}")
        self.game, self.players = game, players
        self.path = resolve_library(path)
        self.name = f"native:{os.path.basename(path)}"
        self._library = _open(self.path)
        self._lib = self._library.lib
        self.abi_version = self._library.version
        if self.abi_version == 1 and (game, players) != V1_GAME:
            raise NativeBotError(f"native bot {self.path}: ABI version 1 plays only pickpack with "
                                 f"2 players, not {game} with {players} players (ABI version 2 "
                                 "names the game: core/common/pickpack_bot.h)")
        self._create(secrets.randbits(64) if seed is None else seed, first=True)

    def _create(self, seed: int, first: bool) -> None:
        """A fresh handle; a NULL answer raises NativeBotError on the first create (a
        refused game), BotFault "crash" later."""
        self.close()
        ffi = _ffi(self.abi_version)
        if self.abi_version == 1:
            handle = self._lib.pickpack_bot_create(seed)
            reason = ""
        else:
            error = ffi.new("char[]", ERROR_SIZE)
            handle = self._lib.pickpack_bot_create(self.game.encode(), self.players, seed,
                                                   error, ERROR_SIZE)
            raw = ffi.string(error, ERROR_SIZE - 1)
            reason = raw.decode("utf-8", "replace").strip().splitlines()[0] if raw.strip() else ""
        if handle == ffi.NULL:
            what = f"{self.game} with {self.players} players"
            because = f": {reason}" if reason else " (pickpack_bot_create returned NULL)"
            if first and self.abi_version == 2:
                raise NativeBotError(f"native bot {self.path} refuses to play {what}{because}")
            raise BotFault("crash", f"{self.name}: pickpack_bot_create returned NULL for "
                                    f"{what}{': ' + reason if reason else ''}")
        self._handle = handle

    def reset(self, seed: int | None = None) -> None:
        """A fresh handle from ``pickpack_bot_create`` (seed None: a random one)."""
        self._create(secrets.randbits(64) if seed is None else seed, first=False)

    def choose(self, state: GameState) -> Move:
        """The move the library picks among ``state``'s legal actions (ABI 2: given the
        position string and the seat to move; ABI 1: the JSON snapshot)."""
        if self._handle is None:
            raise BotFault("crash", f"{self.name}: used after close()")
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{self.name}: no legal move (the game is over)")
        ffi = _ffi(self.abi_version)
        legal = ffi.new("int32_t[]", actions)
        if self.abi_version == 1:
            position = ffi.new("char[]", position_json(state).encode())
            index = int(self._lib.pickpack_bot_choose(self._handle, position, legal, len(actions)))
        else:
            position = ffi.new("char[]", state.to_position().encode())
            index = int(self._lib.pickpack_bot_choose(self._handle, position,
                                                      state.current_player_id(), legal,
                                                      len(actions)))
        if not 0 <= index < len(actions):
            raise BotFault("illegal", f"{self.name}: pickpack_bot_choose returned {index}, "
                                      f"not an index 0..{len(actions) - 1} of the legal moves")
        action = actions[index]
        return Move(action, state.action_text(action))

    def close(self) -> None:
        """Free the handle (``pickpack_bot_free``); safe to call twice."""
        if self._handle is not None:
            self._lib.pickpack_bot_free(self._handle)
            self._handle = None

    def __del__(self) -> None:
        self.close()
