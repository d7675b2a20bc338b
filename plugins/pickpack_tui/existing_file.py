"""What a file the UI is about to write over holds, in words, so the person can decide.

The UI never replaces a file without a word (issue 22): before a save goes over an
existing file that is not the game's own save (the one it was loaded from or last saved
to), the shell asks, naming what would be lost (``describe``). Game-neutral: a save is
recognised by its format field (pickpack.records.savefile), whatever its game.
"""

from __future__ import annotations

import json
from pathlib import Path

from pickpack.games_registry import get_game
from pickpack.records.savefile import SaveFileError, SavedGame
from pickpack.wording import counted

__all__ = ["describe", "same_file"]


def _game_title(name: str) -> str:
    """The installed game's title, else its name as the file gives it."""
    try:
        return get_game(name).title
    except Exception:  # noqa: BLE001 -- an uninstalled or broken game: its name will do
        return name


def describe(path: Path) -> str:
    """What ``path`` (an existing file or folder) holds, as a phrase:

    ``a folder``; ``a saved game of PUSH with 12 moves`` (any game's save file, read for
    its fields only, not replayed); ``a file that is not a saved game (2,310 bytes)`` (a
    match record, anything else); ``a file that cannot be read (REASON)``.
    """
    if path.is_dir():
        return "a folder"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        return f"a file that cannot be read ({reason})"
    try:
        saved = SavedGame.from_json(json.loads(text), source=str(path), games=get_game)
    except (json.JSONDecodeError, SaveFileError):
        return f"a file that is not a saved game ({len(text.encode('utf-8')):,} bytes)"
    return f"a saved game of {_game_title(saved.game)} with {counted(len(saved.moves), 'move')}"


def same_file(a: str | Path | None, b: str | Path) -> bool:
    """True when ``a`` and ``b`` name the same file (after resolving links and ``..``);
    False when ``a`` is None."""
    if a is None:
        return False
    return Path(a).resolve() == Path(b).resolve()
