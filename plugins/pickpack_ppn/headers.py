"""Tag pairs of a PPN game: an ordered mapping with the roster first.

As PGN's Seven Tag Roster (Event, Site, Date, Round, White, Black, Result), with one tag
per player of the record's game, as its dialect gives them (pickpack.record_dialect:
Pick & Pack's are ``Red`` and ``Blue``, another game's ``P1``, ``P2``, ``P3``, ...). A
new Headers holds the roster with its "unknown" values; other tags follow the roster in
the order they were set. docs/ppn.md, "Tag pairs".

``ROSTER`` (Pick & Pack's roster), ``ROSTER_DEFAULTS`` and ``result_token`` are Pick &
Pack's names kept for old imports; they load Pick & Pack on first use
(pickpack_ppn.compat), so importing this module imports no game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, MutableMapping, Sequence
from typing import Any

from pickpack.record_dialect import TWO_PLAYER_RESULTS
from pickpack_ppn.compat import module_getattr
from pickpack_ppn.dialects import roster_of_tags

__all__ = ["RESULTS", "ROSTER", "Headers", "check_tag", "result_token"]

#: The result tokens of a two-player record (pickpack.record_dialect.TWO_PLAYER_RESULTS).
RESULTS = TWO_PLAYER_RESULTS
#: The unknown value of each roster tag that is not "?".
UNKNOWN_VALUES = {"Date": "????.??.??", "Result": "*"}
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def __getattr__(name: str) -> Any:
    """Pick & Pack's ``ROSTER``, ``ROSTER_DEFAULTS`` and ``result_token``, loaded on first
    use (PEP 562; pickpack_ppn.compat). AttributeError for any other missing name."""
    return module_getattr(__name__, name)


def check_tag(name: str, value: str) -> None:
    """Raise ValueError unless ``name`` is a tag name (a letter, then letters, digits, _)
    and ``value`` a str that fits on one line (no CR or LF)."""
    if not isinstance(name, str) or TAG_NAME.fullmatch(name) is None:
        raise ValueError(f"tag name {name!r}: must be a letter followed by letters, digits or '_'")
    if not isinstance(value, str):
        raise ValueError(f"tag {name}: value must be a str, not {type(value).__name__}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"tag {name}: value must fit on one line (no line breaks)")


def _unknown(tag: str) -> str:
    """The unknown value of a roster tag: "????.??.??" for Date, "*" for Result, else "?"."""
    return UNKNOWN_VALUES.get(tag, "?")


class Headers(MutableMapping[str, str]):
    """The tag pairs of one game, the roster first (in roster order), then the rest.

    The roster is that of the game the tags' ``Game`` tag names, else of the game of a
    record without one (Pick & Pack), from its dialect through the game registry
    (pickpack_ppn.dialects.roster_of_tags; a game that is not installed or fails to
    load: a roster without players); ``Headers.with_roster`` gives it explicitly.
    Deleting a roster tag restores its unknown value ("?", "????.??.??", "*").
    Setting a bad name or a value with a line break raises ValueError.

    >>> h = Headers(Seed="7", Event="Club")
    >>> list(h)[:2], list(h)[-1]
    (['Event', 'Site'], 'Seed')
    """

    def __init__(self, data: Mapping[str, str] | Iterable[tuple[str, str]] = (), **tags: str) -> None:
        pairs = list(data.items() if isinstance(data, Mapping) else data)
        given = {name: value for name, value in pairs if isinstance(name, str) and isinstance(value, str)}
        given.update(tags)
        self._roster: dict[str, str] = {tag: _unknown(tag) for tag in roster_of_tags(given)}
        self._others: dict[str, str] = {}
        self.update(pairs, **tags)

    @classmethod
    def with_roster(cls, roster: Sequence[str], data: Mapping[str, str] | Iterable[tuple[str, str]] = ()
                    ) -> Headers:
        """Headers whose roster is ``roster`` (tag names, in order; see
        pickpack.record_dialect.roster_tags), then ``data``. Raises ValueError for a bad
        roster tag name."""
        headers = cls.__new__(cls)
        headers._roster = {}
        for tag in roster:
            check_tag(tag, "")
            headers._roster[tag] = _unknown(tag)
        headers._others = {}
        headers.update(data)
        return headers

    @property
    def roster(self) -> tuple[str, ...]:
        """The roster's tag names, in order."""
        return tuple(self._roster)

    def __getitem__(self, name: str) -> str:
        if name in self._roster:
            return self._roster[name]
        return self._others[name]

    def __setitem__(self, name: str, value: str) -> None:
        check_tag(name, value)
        if name in self._roster:
            self._roster[name] = value
        else:
            self._others[name] = value

    def __delitem__(self, name: str) -> None:
        if name in self._roster:
            self._roster[name] = _unknown(name)
        else:
            del self._others[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._roster
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> Headers:
        """An independent copy, in the same order."""
        return Headers.with_roster(self.roster, self.items())

    def __repr__(self) -> str:
        return f"Headers({', '.join(f'{k}={v!r}' for k, v in self.items())})"
