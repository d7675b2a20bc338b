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
wrong or missing. The position handed to the library is the compact JSON snapshot
(see the header); the answer is an index into the legal actions.

A native library runs in this process: a crash in it cannot be caught here. To isolate
one, run it as a process bot: ``cmd:python -m pickpack.process_bot native:PATH``.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import re
import secrets
import sys
from functools import lru_cache
from typing import Any

from pickpack.errors import BotFault, BotLoadError
from pickpack.install_hint import install_hint
from pickpack.move import Move

__all__ = ["ABI_VERSION", "CDEF", "SYMBOLS", "NativeBot", "NativeBotError", "position_json",
           "resolve_library"]

#: The ABI version this pickpack speaks (PICKPACK_BOT_ABI_VERSION in core/common/pickpack_bot.h).
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
        raise NativeBotError(f"native bots: {install_hint('native')}") from None
    ffi = FFI()
    ffi.cdef(CDEF)
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


@lru_cache(maxsize=None)
def _open(path: str) -> Any:
    """The checked library at ``path`` (absolute, or a name the loader resolves, from
    resolve_library); opened once per process."""
    ffi = _ffi()
    try:
        lib = ffi.dlopen(path)
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
                             f"{', '.join(missing)} (ABI {ABI_VERSION} needs {', '.join(SYMBOLS)})")
    version = int(lib.pickpack_bot_abi_version())
    if version != ABI_VERSION:
        raise NativeBotError(f"native bot {path}: ABI version {version}, but this pickpack "
                             f"speaks ABI version {ABI_VERSION} (core/common/pickpack_bot.h)")
    return lib


class NativeBot:
    """A bot in a shared library (core/common/pickpack_bot.h), one handle per game.

    ``path`` is what follows ``native:``: a file path, or a bare name looked up by
    resolve_library. Raises NativeBotError from the constructor for an unusable library and BotFault
    ("crash") when ``pickpack_bot_create`` returns NULL. ``choose`` raises BotFault
    ("illegal") when the library answers an index outside the legal moves.
    """

    time_budget: float | None = None

    def __init__(self, path: str, seed: int | None = None) -> None:
        self._handle: Any = None     # before _open, which may raise: __del__ sees it
        self.path = resolve_library(path)
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
