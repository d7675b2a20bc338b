"""Tag pairs of a PPN game: an ordered mapping with the roster first.

As PGN's Seven Tag Roster (Event, Site, Date, Round, White, Black, Result), with one tag
per player of the record's game, as its dialect gives them (pickpack.records.dialect:
Pick & Pack's are ``Red`` and ``Blue``, another game's ``P1``, ``P2``, ``P3``, ...). A
new Headers holds the roster with its "unknown" values; other tags follow the roster in
the order they were set. docs/ppn.md, "Tag pairs".
This module imports no game: a record's roster is its dialect's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from typing import Any

from pickpack.records.dialect import TWO_PLAYER_RESULTS
from pickpack_ppn.dialects import roster_of_tags

__all__ = ["FORMATTED_TAGS", "RESULTS", "Headers", "check_tag", "tag_value_problem"]

#: The result tokens of a two-player record (pickpack.records.dialect.TWO_PLAYER_RESULTS).
RESULTS = TWO_PLAYER_RESULTS
#: The unknown value of each roster tag that is not "?".
UNKNOWN_VALUES = {"Date": "????.??.??", "Result": "*"}
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def check_tag(name: str, value: str) -> None:
    """Raise ValueError unless ``name`` is a tag name (a letter, then letters, digits, _)
    and ``value`` a str that fits on one line (no CR or LF)."""
    if not isinstance(name, str) or TAG_NAME.fullmatch(name) is None:
        raise ValueError(f"tag name {name!r}: must be a letter followed by letters, digits or '_'")
    if not isinstance(value, str):
        raise ValueError(f"tag {name}: value must be a str, not {type(value).__name__}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"tag {name}: value must fit on one line (no line breaks)")


_DATE = re.compile(r"([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})")
_TIME = re.compile(r"([0-9?]{2}):([0-9?]{2}):([0-9?]{2})")
_ROUND = re.compile(r"\?|-|[0-9]+(?:\.[0-9]+)*")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
_DATE_FORM = "YYYY.MM.DD with ? for unknown digits (2026.11.29, 2026.??.??)"
_TIME_FORM = "HH:MM:SS with ? for unknown digits (14:05:00)"


def _first_mismatch(value: str, shape: str) -> int:
    """Index of the first character of ``value`` that does not fit ``shape`` ('9': a digit
    or '?', else that character); len(shape) when ``value`` is longer."""
    for i, want in enumerate(shape):
        if i >= len(value):
            return i
        ch = value[i]
        if not ((ch.isdigit() and ch.isascii() or ch == "?") if want == "9" else ch == want):
            return i
    return len(shape)


def _date_problem(value: str) -> tuple[int, str] | None:
    m = _DATE.fullmatch(value)
    if m is None:
        return _first_mismatch(value, "9999.99.99"), f"must be {_DATE_FORM}, got {value!r}"
    year, month, day = m.groups()
    if month.isdigit() and not 1 <= int(month) <= 12:
        return 5, f"month {month} is not 01..12"
    if day.isdigit():
        last = 31
        if month.isdigit():
            last = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[int(month) - 1]
            leap = year.isdigit() and (int(year) % 4 == 0 and (int(year) % 100 != 0 or int(year) % 400 == 0))
            if int(month) == 2 and year.isdigit() and not leap:
                last = 28
        if not 1 <= int(day) <= last:
            where = f"{_MONTHS[int(month) - 1]}{' ' + year if year.isdigit() and month == '02' else ''}" \
                if month.isdigit() else "a month"
            return 8, f"day {day} is not 01..{last} ({where} has {last} days)"
    return None


def _time_problem(value: str) -> tuple[int, str] | None:
    m = _TIME.fullmatch(value)
    if m is None:
        return _first_mismatch(value, "99:99:99"), f"must be {_TIME_FORM}, got {value!r}"
    for index, (part, top, what) in enumerate(zip(m.groups(), (23, 59, 60), ("hour", "minute", "second"))):
        if part.isdigit() and int(part) > top:
            return 3 * index, f"{what} {part} is not 00..{top}"
    return None


def _round_problem(value: str) -> tuple[int, str] | None:
    if _ROUND.fullmatch(value):
        return None
    return 0, f"must be ? (unknown), - (no rounds) or a round number such as 3 or 3.1, got {value!r}"


def _count_problem(value: str) -> tuple[int, str] | None:
    if value.isascii() and value.isdigit():
        return None
    return 0, f"must be a number of plies (digits), got {value!r}"


#: The tags whose value has a form (docs/ppn.md, "Tag values"), each with its check.
FORMATTED_TAGS = {"Date": _date_problem, "EventDate": _date_problem, "UTCDate": _date_problem,
                  "Time": _time_problem, "UTCTime": _time_problem, "Round": _round_problem,
                  "PlyCount": _count_problem}


@functools.lru_cache(maxsize=4096)     # values repeat from game to game (Date, Round, ...)
def tag_value_problem(name: str, value: str) -> tuple[int, str] | None:
    """What is wrong with ``value`` as the value of tag ``name`` (FORMATTED_TAGS), as
    (index of the offending character in the value, message without the tag's name);
    None when it is well formed or the tag has no form.

    >>> tag_value_problem("Date", "2026.13.45")
    (5, 'month 13 is not 01..12')
    >>> tag_value_problem("Date", "2026.??.??") is None
    True
    """
    check = FORMATTED_TAGS.get(name)
    return None if check is None else check(value)


def _unknown(tag: str) -> str:
    """The unknown value of a roster tag: "????.??.??" for Date, "*" for Result, else "?"."""
    return UNKNOWN_VALUES.get(tag, "?")


#: What gives the roster of a game's tags (pickpack_ppn.dialects.roster_of_tags, or a
#: Reader's roster_of).
RosterOf = Callable[[Mapping[str, str]], tuple[str, ...]]


def headers_as_read(tags: list[tuple[str, str]], roster_of: RosterOf | None) -> Headers:
    """The Headers of the tag pairs ``tags`` of a game being read: checked again, their
    roster from roster_of_tags (Headers), or, given a reader's ``roster_of``, as that
    reader read and checked them (Headers.read)."""
    if roster_of is None:
        return Headers(tags)
    return Headers.read(roster_of(dict(tags)), tags)


@functools.lru_cache(maxsize=64)
def _unknown_roster(roster: tuple[str, ...]) -> dict[str, str]:
    """Each tag of ``roster`` with its unknown value (_unknown), in order (copied, never
    changed). Raises ValueError for a bad tag name."""
    for tag in roster:
        check_tag(tag, "")
    return {tag: _unknown(tag) for tag in roster}


class Headers(MutableMapping[str, str]):
    """The tag pairs of one game, the roster first (in roster order), then the rest.

    The roster is that of the game the tags' ``Game`` tag names, else of the game of a
    record without one (Pick & Pack), from its dialect through the game registry
    (pickpack_ppn.dialects.roster_of_tags; a game that is not installed or fails to
    load: a roster without players); ``Headers.with_roster`` gives it explicitly.
    Deleting a roster tag restores its unknown value ("?", "????.??.??", "*").
    Setting a bad name, a value with a line break or a value without its tag's form
    (``tag_value_problem``: Date, Round, ...) raises ValueError.

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
        self._set_all(pairs)
        self._set_all(tags.items())

    def _set_all(self, pairs: Iterable[tuple[str, str]]) -> None:
        """``self[name] = value`` for each pair, in order (MutableMapping.update without
        its per-call Mapping checks: a record's tags are set for every game read)."""
        for name, value in pairs:
            self[name] = value

    @classmethod
    def with_roster(cls, roster: Sequence[str], data: Mapping[str, str] | Iterable[tuple[str, str]] = ()
                    ) -> Headers:
        """Headers whose roster is ``roster`` (tag names, in order; see
        pickpack.records.dialect.roster_tags), then ``data``. Raises ValueError for a bad
        roster tag name."""
        headers = cls.__new__(cls)
        headers._roster = dict(_unknown_roster(tuple(roster)))
        headers._others = {}
        headers._set_all(data.items() if isinstance(data, Mapping) else data)
        return headers

    @classmethod
    def read(cls, roster: Sequence[str], pairs: Iterable[tuple[str, str]]) -> Headers:
        """Headers whose roster is ``roster`` (tag names of a game's roster, from
        pickpack.record_dialect.roster_tags), then ``pairs``, tag pairs a reader has
        checked (pickpack_ppn.reader: each name a tag name, each value from one line and
        of its tag's form, no name twice), so they are not checked again. Takes the
        roster's unknown values from a table made once per roster."""
        headers = cls.__new__(cls)
        headers._roster = dict(_unknown_roster(tuple(roster)))
        headers._others = {}
        for name, value in pairs:
            if name in headers._roster:
                headers._roster[name] = value
            else:
                headers._others[name] = value
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
        check = FORMATTED_TAGS.get(name)
        problem = None if check is None else check(value)
        if problem is not None:
            raise ValueError(f"tag {name}: {problem[1]}")
        if name in self._roster:
            self._roster[name] = value
        else:
            self._others[name] = value

    def __delitem__(self, name: str) -> None:
        if name in self._roster:
            self._roster[name] = _unknown(name)
        else:
            del self._others[name]

    def __contains__(self, name: object) -> bool:
        return name in self._roster or name in self._others

    def get(self, name: str, default: Any = None) -> Any:
        """``self[name]``, or ``default`` for a tag not set (at dict speed: a dialect
        reads the set-up tags of every game)."""
        if name in self._roster:
            return self._roster[name]
        return self._others.get(name, default)

    def __iter__(self) -> Iterator[str]:
        yield from self._roster
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> Headers:
        """An independent copy, in the same order (its tags were checked when set)."""
        other = Headers.__new__(Headers)
        other._roster = dict(self._roster)
        other._others = dict(self._others)
        return other

    def pairs(self) -> list[tuple[str, str]]:
        """The tag pairs, in order: ``list(self.items())``, made at dict speed."""
        return [*self._roster.items(), *self._others.items()]

    def __repr__(self) -> str:
        return f"Headers({', '.join(f'{k}={v!r}' for k, v in self.items())})"
