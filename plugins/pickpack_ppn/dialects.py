"""Which dialect a record speaks: its ``[Game "NAME"]`` tag (pickpack.records.dialect).

A record without a Game tag is a Pick & Pack record (pickpack.games_registry.DEFAULT_GAME),
so every file written before there were other games still reads. Every game, the default
one included, is found through the game registry (``get_game``) when a record of it is
read, never at import: this package imports no game package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pickpack.games_registry import DEFAULT_GAME
from pickpack.records.dialect import RecordDialect, TagError, dialect_named, roster_tags

__all__ = ["GAME_TAG", "dialect_of_tags", "roster_of_tags"]

#: The tag that names the game of a record.
GAME_TAG = "Game"


def dialect_of_tags(tags: Mapping[str, str]) -> RecordDialect:
    """The dialect of a record with ``tags``: its Game tag's game, else Pick & Pack.

    Raises TagError("Game", 0, ...) listing the installed games for an unknown name.
    """
    return dialect_named(tags.get(GAME_TAG, DEFAULT_GAME))


def roster_of_tags(tags: Mapping[str, str],
                   dialect_of: Callable[[Mapping[str, str]], RecordDialect] = dialect_of_tags) -> tuple[str, ...]:
    """The roster of a record with ``tags`` (Event, Site, Date, Round, one tag per player,
    Result); without players when its game is not installed or it or its dialect fails
    to load (reading goes on, leniently). ``dialect_of``: how the dialect is found
    (a Reader's looks each game up once)."""
    try:
        dialect = dialect_of(tags)
    except TagError:
        return roster_tags(())
    return roster_tags(dialect.player_tags(tags))
