"""Information states of the OpenSpiel adapter: each seat's observation history (perfect
recall), kept lazily per OpenSpiel state (docs/adapters.md, "Information states").

A seat's information state string is one line per step of the state's OpenSpiel history
since its start (the game's initial state, ``from_state``'s position, or for a resampled
state the original state's start, see below): the first line is the seat's whole
observation there, each later line is what one step (a decision, a token of a turn or a
chance outcome) did to that observation: the action itself when the seat took it
(``>ACTION ``), then the changed leaves of the observation as a JSON list of
``[path, value]`` pairs (then a removed leaf as ``[path]``; a path is a JSON list of keys).
The observation is the adapter's ``observation_string(player)`` (the game's
``observation(player)``, plus the turn so far with a codec), which shows only what the
seat may see; so two histories the seat cannot tell apart (the same observation after
every step and the same own actions) give the same string, and from the string every
observation along the history can be rebuilt (it is exact, not a hash).

Cost: the history is recorded lazily. Applying an action only appends it to a list; the
observations are computed when a string is asked for, by replaying the actions since the
last time on a copy of the position then (so a rollout that asks for none pays nothing).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.adapters.play import AdaptedState

__all__ = ["Recall", "Steps"]

#: Separators of the compact JSON of the lines.
_TIGHT = (",", ":")

#: A flattened observation: path (keys and list indices) -> the leaf (a scalar, or an
#: empty dict or list).
_Flat = dict[tuple[Any, ...], Any]


def _flatten(value: Any, path: tuple[Any, ...], out: _Flat) -> None:
    """The leaves of a JSON-able value (lists by index) into ``out``; an empty dict or
    list is a leaf."""
    if isinstance(value, Mapping) and value:
        for key, item in value.items():
            _flatten(item, path + (str(key),), out)
    elif isinstance(value, (list, tuple)) and value:
        for i, item in enumerate(value):
            _flatten(item, path + (i,), out)
    else:
        out[path] = value


def _flat(adapted: AdaptedState, seat: int) -> _Flat:
    out: _Flat = {}
    _flatten(adapted.observation_string(seat), (), out)
    return out


_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    """Equal leaves, by type too (JSON tells 1, 1.0 and true apart)."""
    return type(a) is type(b) and bool(a == b)


def _delta(before: _Flat, after: _Flat) -> str:
    """The changed leaves from ``before`` to ``after`` as compact JSON ``[[path, value],
    ...]`` (in path order, a path a list of keys and indices), then each removed leaf as
    ``[path]``."""
    changed = sorted((list(path), value) for path, value in after.items()
                     if not _same(before.get(path, _MISSING), value))
    gone = sorted([list(path)] for path in before if path not in after)
    return json.dumps([[p, v] for p, v in changed] + gone, sort_keys=True, separators=_TIGHT)


class Steps(list[int]):
    """The actions applied since a Recall's position: a list whose deep copy (OpenSpiel's
    Clone) is a plain shallow copy (ints need no more)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Steps:
        return Steps(self)


class Recall:
    """Every seat's observation history at one position (what it says never changes, so
    clones share it): ``anchor``, a private copy of that position (never applied to),
    ``flats`` each seat's observation there flattened, ``logs`` each seat's lines so far.
    A seat's entries are None until first needed (``ready``): a state is made (and
    OpenSpiel's Clone makes one) without computing any observation.
    """

    __slots__ = ("anchor", "flats", "logs", "_text")

    def __init__(self, anchor: AdaptedState, flats: Sequence[_Flat | None],
                 logs: Sequence[tuple[str, ...] | None]) -> None:
        self.anchor = anchor
        self.flats = list(flats)
        self.logs = list(logs)
        self._text: dict[int, str] = {}

    def ready(self) -> None:
        """Fill the seats not computed yet: their whole observation at ``anchor``."""
        for seat, flat in enumerate(self.flats):
            if flat is None:
                flat = self.flats[seat] = _flat(self.anchor, seat)
                self.logs[seat] = (_delta({}, flat),)

    @classmethod
    def start(cls, adapted: AdaptedState, kept: Mapping[int, tuple[_Flat, tuple[str, ...]]] | None = None) -> Recall:
        """The recall of a history starting at ``adapted`` (copied): each seat's first
        line is its whole observation there, except the seats in ``kept`` (seat ->
        (flattened observation, lines)), whose history so far is carried over (a
        resampled state keeps its seat's history: the seat sees the new position as it
        saw the old one)."""
        anchor = adapted.copy()
        kept = kept or {}
        seats = range(anchor.state.num_players)
        return cls(anchor, [kept[s][0] if s in kept else None for s in seats],
                   [kept[s][1] if s in kept else None for s in seats])

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        """Shared, not copied: a Recall never changes (OpenSpiel's Clone deep-copies)."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle (OpenSpiel's Serialize) as the anchor and what is computed so far."""
        return (Recall, (self.anchor, self.flats, self.logs))

    def seat(self, seat: int) -> tuple[_Flat, tuple[str, ...]]:
        """``seat``'s flattened observation at ``anchor`` and its lines so far."""
        self.ready()
        flat, lines = self.flats[seat], self.logs[seat]
        assert flat is not None and lines is not None
        return flat, lines

    def advance(self, actions: Sequence[int]) -> Recall:
        """The recall after ``actions`` (decisions, tokens, chance outcomes) applied in
        turn from the anchor: one more line per seat per action."""
        if not actions:
            return self
        self.ready()
        work = self.anchor.copy()
        flats = [flat for flat in self.flats if flat is not None]
        logs = [list(lines) for lines in self.logs if lines is not None]
        for action in actions:
            actor = int(work.state.current_player_id())
            work.apply(action)
            for seat, lines in enumerate(logs):
                flat = _flat(work, seat)
                own = f">{action} " if seat == actor else ""
                lines.append(own + _delta(flats[seat], flat))
                flats[seat] = flat
        return Recall(work, flats, [tuple(lines) for lines in logs])

    def text(self, seat: int) -> str:
        """``seat``'s information state string (module docstring), one line per step."""
        text = self._text.get(seat)
        if text is None:
            text = self._text[seat] = "\n".join(self.seat(seat)[1])
        return text
