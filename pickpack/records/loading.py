"""Reading game records (PPN, like ``chess.pgn``) and save files, from the top-level API.

``pickpack.read_games(path_or_file)`` gives the games of a PPN file one at a time, as
game trees; ``pickpack.load_save(path)`` reads a save file written by ``pickpack play``.
The notation is found through its entry point (``pickpack.notations:ppn``), so this
game-neutral module imports neither the PPN plugin nor any game: each record is read in
the dialect of the game its ``[Game "NAME"]`` tag names (docs/ppn.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pickpack.errors import NotARecordError, RecordFileError
from pickpack.records.file_errors import os_error_text
from pickpack.plugins import load
from pickpack.records.file_kinds import describe_kind, kind_of_file
from pickpack.records.savefile import SavedGame

__all__ = ["load_save", "read_games"]


def read_games(source: str | os.PathLike[str] | Any, *, strict: bool = True) -> Iterator[Any]:
    """The games of a PPN record, one at a time, each a game tree (``pickpack_ppn.tree.Game``:
    ``headers``, ``errors``, ``mainline_moves()``, ``end().state()``, ...).

    ``source``: a path (str or os.PathLike; the file is opened at once, read as UTF-8
    whatever the locale, and closed when the games are exhausted or the iterator is
    closed), or an open text or binary stream (``io.StringIO(text)`` for text in
    memory). ``strict`` (default True): a game with a problem raises its first
    PPNParseError (a PickpackError and ValueError with ``line``, ``column``, ``message``, ``rule``
    and, read from a path, ``file``: ``str`` is ``FILE:L:C: message``) once it has been
    read; ``strict=False`` gives every game with its problems in ``game.errors``.

    Raises NotARecordError (a PickpackError) at the call when the path holds a save file,
    other JSON or binary data; RecordFileError (a PickpackError and OSError), one line
    such as ``games.ppn: cannot read: no such file``, when the path cannot be opened (at
    the call, not at the first game); PluginNotFoundError when no PPN notation is installed.

    >>> import io, pickpack
    >>> text = '[Seed "7"]\\n[RedPlacement "PPWWRRQQXXMM"]\\n[BluePlacement "MMXXQQRRWWPP"]\\n\\n1. a6>1 *\\n'
    >>> [str(m) for game in pickpack.read_games(io.StringIO(text)) for m in game.mainline_moves()]
    ['a6>1']
    """
    ppn = load("pickpack.notations", "ppn")
    if isinstance(source, (str, os.PathLike)):
        try:
            kind = kind_of_file(source)
            stream = ppn.open(Path(source))
        except OSError as exc:
            raise RecordFileError(f"{os.fspath(source)}: cannot read: {os_error_text(exc, source)}", exc.errno,
                                  os.fspath(source)) from None
        if kind not in ("ppn", "empty"):
            stream.close()
            hint = ": pickpack.load_save(path) reads it" if kind == "save" else ""
            raise NotARecordError(f"{os.fspath(source)}: is {describe_kind(kind)}, not a PPN record{hint}")
        return _games_then_close(ppn, stream, strict)
    games: Iterator[Any] = ppn.iter_games(source, strict=strict)
    return games


def _games_then_close(ppn: Any, stream: Any, strict: bool) -> Iterator[Any]:
    with stream:
        yield from ppn.iter_games(stream, strict=strict)


def load_save(path: str | os.PathLike[str]) -> SavedGame:
    """The save file at ``path`` (written by ``pickpack play``; its format:
    pickpack.records.savefile; docs/ppn.md, API), checked: its game, seats, seed,
    variant, options and every move (replayed once here, so a bad move is an error now,
    not at ``.replay()``). ``.replay()`` gives the game's state after every saved move.

    Raises SaveFileError naming the file and the problem (``game.json: cannot read: no
    such file``, ``game.json: moves[3]: …``, ``game.json: is a PPN game record, not a
    save file: …``).
    """
    saved = SavedGame.load(Path(path))
    saved.replay()
    return saved
