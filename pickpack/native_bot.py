"""Native bots: shared libraries with the C ABI of core/pickpack_bot.h, loaded by cffi.

``native:PATH`` on the command line. The library is opened in cffi's ABI mode
(``ffi.dlopen``; no compiler needed at load time); its ABI version and each of its four
symbols are checked before the first game, with a one-line NativeBotError when one is
wrong or missing. The position handed to the library is the compact JSON snapshot
(see the header); the answer is an index into the legal actions.

A native library runs in this process: a crash in it cannot be caught here. To isolate
one, run it as a process bot: ``cmd:python -m pickpack.process_bot native:PATH``.
"""

from __future__ import annotations

import json
import os
import secrets
from functools import lru_cache
from typing import Any

from pickpack.errors import BotFault, BotLoadError
from pickpack.move import Move

__all__ = ["ABI_VERSION", "CDEF", "SYMBOLS", "NativeBot", "NativeBotError", "position_json"]

#: The ABI version this pickpack speaks (PICKPACK_BOT_ABI_VERSION in core/pickpack_bot.h).
ABI_VERSION = 1

#: The ABI's declarations, the lines between "begin ABI" and "end ABI" in the header
#: without the export macro (a test checks that the two agree).
CDEF = """\
int32_t pickpack_bot_abi_version(void);
void *pickpack_bot_create(uint64_t seed);
int32_t pickpack_bot_choose(void *bot, const char *position, const int32_t *legal, int32_t count);
void pickpack_bot_free(void *bot);
"""

SYMBOLS = ("pickpack_bot_abi_version", "pickpack_bot_create", "pickpack_bot_choose",
           "pickpack_bot_free")


class NativeBotError(BotLoadError):
    """A native library that cannot be used: not found, not loadable, a missing symbol
    or another ABI version. One line naming the library and the problem."""


def position_json(state: Any) -> str:
    """The position as ABI version 1 gives it: the snapshot as compact JSON, one line."""
    return json.dumps(state.snapshot(), separators=(",", ":"))


@lru_cache(maxsize=1)
def _ffi() -> Any:
    try:
        from cffi import FFI  # type: ignore[import-untyped]
    except ImportError:
        raise NativeBotError("native bots need cffi: pip install 'pickpack[native]'") from None
    ffi = FFI()
    ffi.cdef(CDEF)
    return ffi


@lru_cache(maxsize=None)
def _open(path: str) -> Any:
    """The checked library at ``path`` (absolute); opened once per process."""
    ffi = _ffi()
    if not os.path.isfile(path):
        raise NativeBotError(f"native bot {path}: no such file")
    try:
        lib = ffi.dlopen(path)
    except OSError as exc:
        raise NativeBotError(f"native bot {path}: cannot load it: {exc}") from None
    missing = []
    for symbol in SYMBOLS:
        try:
            getattr(lib, symbol)
        except AttributeError:
            missing.append(symbol)
    if missing:
        raise NativeBotError(f"native bot {path}: missing symbol{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(missing)} (ABI {ABI_VERSION} needs {', '.join(SYMBOLS)})")
    version = int(lib.pickpack_bot_abi_version())
    if version != ABI_VERSION:
        raise NativeBotError(f"native bot {path}: ABI version {version}, but this pickpack "
                             f"speaks ABI version {ABI_VERSION} (core/pickpack_bot.h)")
    return lib


class NativeBot:
    """A bot in a shared library (core/pickpack_bot.h), one handle per game.

    Raises NativeBotError from the constructor for an unusable library and BotFault
    ("crash") when ``pickpack_bot_create`` returns NULL. ``choose`` raises BotFault
    ("illegal") when the library answers an index outside the legal moves.
    """

    time_budget: float | None = None

    def __init__(self, path: str, seed: int | None = None) -> None:
        self._handle: Any = None     # before _open, which may raise: __del__ sees it
        self.path = os.path.abspath(path)
        self.name = f"native:{os.path.basename(path)}"
        self._lib = _open(self.path)
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        """A fresh handle from ``pickpack_bot_create(seed)`` (None: a random seed)."""
        self.close()
        handle = self._lib.pickpack_bot_create(secrets.randbits(64) if seed is None else seed)
        if handle == _ffi().NULL:
            raise BotFault("crash", f"{self.name}: pickpack_bot_create returned NULL")
        self._handle = handle

    def choose(self, state: Any) -> Move:
        """The move the library picks among ``state``'s legal actions."""
        if self._handle is None:
            raise BotFault("crash", f"{self.name}: used after close()")
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{self.name}: no legal move (the game is over)")
        ffi = _ffi()
        position = ffi.new("char[]", position_json(state).encode())
        legal = ffi.new("int32_t[]", actions)
        index = int(self._lib.pickpack_bot_choose(self._handle, position, legal, len(actions)))
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
