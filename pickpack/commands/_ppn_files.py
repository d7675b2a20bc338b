"""The games of PPN files, for the subcommands that read them (replay, validate).

The notation is loaded through the entry point ``pickpack.notations:ppn``, so the
engine itself never imports the plugin; each record is read in the dialect of the game
its ``Game`` tag names (pickpack.records.dialect). Games are read leniently: each comes with its
problems in ``game.errors`` (PPNParseError: line, column, message).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pickpack.commands._common import fail
from pickpack.records.file_errors import os_error_text
from pickpack.records.file_kinds import describe_kind, kind_of_file

__all__ = ["NO_GAME", "ppn_files"]

#: The problem of a PPN file that holds no game, reported at line 1, column 1.
NO_GAME = "no game: the file is empty or holds only blank lines and '%' escape lines"


def ppn_files(paths: Sequence[str]) -> Iterator[tuple[str, Iterator[Any]]]:
    """For each path in turn: (path, its games read one at a time, leniently).

    A file that cannot be opened (``FILE: cannot read: is a directory``), a file of the
    other format or of neither (``FILE: is a pickpack save file (JSON, ...), not a PPN
    record: ...``, pickpack.records.file_kinds), or a PPN plugin that fails to import, ends the
    command with one ``pickpack: error: ...`` line and exit status 2;
    PluginNotFoundError (shown by pickpack.cli the same way) if no PPN plugin is
    installed. A file that holds no game is for the caller to report (see no_game).
    """
    from pickpack.plugins import load

    try:
        ppn = load("pickpack.notations", "ppn")
    except (ImportError, AttributeError) as exc:
        fail(f"the notation plugin pickpack.notations:ppn cannot be loaded: {type(exc).__name__}: {exc}")
    for path in paths:
        try:
            kind = kind_of_file(path)
            stream = ppn.open(path)
        except OSError as exc:
            fail(f"{path}: cannot read: {os_error_text(exc, path)}")
        if kind not in ("ppn", "empty"):
            stream.close()
            hint = f": 'pickpack export {path}' writes it as one" if kind == "save" else ""
            fail(f"{path}: is {describe_kind(kind)}, not a PPN record{hint}")
        with stream:
            yield path, ppn.iter_games(stream, strict=False)
