"""The games of PPN files, for the subcommands that read them (replay, validate).

The notation is loaded through the entry point ``pickpack.notations:ppn``, so the
engine itself never imports the plugin; each record is read in the dialect of the game
its ``Game`` tag names (pickpack.record_dialect). Games are read leniently: each comes with its
problems in ``game.errors`` (PPNParseError: line, column, message).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pickpack.commands._common import fail

__all__ = ["ppn_files"]


def ppn_files(paths: Sequence[str]) -> Iterator[tuple[str, Iterator[Any]]]:
    """For each path in turn: (path, its games read one at a time, leniently).

    A file that cannot be opened, or a PPN plugin that fails to import, ends the command
    with one ``pickpack: error: ...`` line and exit status 2; PluginNotFoundError (shown
    by pickpack.cli the same way) if no PPN plugin is installed.
    """
    from pickpack.plugins import load

    try:
        ppn = load("pickpack.notations", "ppn")
    except (ImportError, AttributeError) as exc:
        fail(f"the notation plugin pickpack.notations:ppn cannot be loaded: {type(exc).__name__}: {exc}")
    for path in paths:
        try:
            stream = ppn.open(path)
        except OSError as exc:
            fail(f"{path}: cannot read: {exc.strerror or exc}")
        with stream:
            yield path, ppn.iter_games(stream, strict=False)
