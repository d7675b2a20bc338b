"""The game's events in words, for the move log and the table's last-event line.

Every action of the history, replayed from the start, becomes one row (who, text):
a decision under its decider's name (``pushes``, ``puts B4 on stack 2``, ``stops``,
``takes stack 1: R3 roll``, ``banks red (2 cards)``), a drawn card under the name of the
seat whose turn it is (``draws G3: BUST`` when it has no place, PU-P5; a switch card
with the collection direction it leaves, ``draws switch: collect ↺`` against seat
order, PU-S2), a die roll under the roller's (``rolls red: loses R1 R6``, ``rolls star:
nothing lost``, PU-R1, PU-R2). Texts fit the move log's 38 columns where they can. Everything in it is public (PU-V1): a bank shows
its colour and count, never more than the benches already showed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pickpack.games.push.encoding import (BANK, CARD_TEXT, COLOURS, DIE_OFFSET, DRAW, PLACE, STAR, STOP,
                                          SWITCH, TAKE, NUM_CARD_TYPES)

__all__ = ["EventLog", "describe"]


def _lost(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The cards of ``before`` missing from ``after`` (a multiset difference), in order."""
    left = Counter(after)
    out = []
    for card in before:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def _roll(players: Sequence[str], before: dict[str, Any], action: int,
          after: dict[str, Any]) -> tuple[str, str]:
    actor = before["actor"]
    face = action - DIE_OFFSET
    lost = _lost(before["benches"][actor], after["benches"][actor])
    what = "star" if face == STAR else COLOURS[face]
    result = f"loses {' '.join(lost)}" if lost else "nothing lost"
    return players[actor], f"rolls {what}: {result}"


def _draw(players: Sequence[str], action: int, after: dict[str, Any], turn: int) -> tuple[str, str]:
    card = CARD_TEXT[action]
    if action == SWITCH:
        count = after["turn_switches"] if after["switch_per_turn"] else after["switches"]
        way = "↻" if count % 2 == 0 else "↺"
        return players[turn], f"draws switch: collect {way}"
    if after["phase"] == "roll":
        return players[turn], f"draws {card}: BUST"
    return players[turn], f"draws {card}"


def describe(players: Sequence[str], before: dict[str, Any], action: int,
             after: dict[str, Any]) -> tuple[str, str]:
    """(who, text) of ``action`` taking snapshot ``before`` to snapshot ``after``.
    ValueError for an action that cannot be taken in ``before``'s phase."""
    phase = before["phase"]
    turn = before["turn"]
    if phase == "draw" and 0 <= action < NUM_CARD_TYPES:
        return _draw(players, action, after, turn)
    if phase == "roll" and action >= DIE_OFFSET:
        return _roll(players, before, action, after)
    who = players[before["actor"] if phase == "collect" else turn]
    if action == DRAW and phase in ("start", "decide"):
        return who, "pushes" if phase == "start" else "draws again"
    if action == STOP and phase == "decide":
        return who, "stops"
    if BANK <= action < PLACE and phase == "start":
        moved = len(before["benches"][turn]) - len(after["benches"][turn])
        return who, f"banks {COLOURS[action - BANK]} ({moved} card{'s' * (moved != 1)})"
    if PLACE <= action < TAKE and phase == "place":
        stack = action - PLACE
        if before["stacks"][stack]:
            return who, f"puts {before['card']} on stack {stack + 1}"
        return who, f"starts stack {stack + 1} with {before['card']}"
    if TAKE <= action < TAKE + 3 and phase == "collect":
        stack = action - TAKE
        return who, f"takes stack {stack + 1}: {' '.join(before['stacks'][stack])}"
    raise ValueError(f"action {action} cannot be taken in phase {phase}")


class EventLog:
    """The rows of ``describe`` for a history, kept between redraws: a history that
    extends the last one is replayed from where it stopped, any other from the start."""

    def __init__(self) -> None:
        self._start: Any = None
        self._actions: list[int] = []
        self._rows: list[tuple[str, str]] = []
        self._replay: Any = None
        self._snap: dict[str, Any] = {}

    def rows(self, start: Any, actions: Sequence[int]) -> list[tuple[str, str]]:
        """(who, text) of every action of ``actions`` played from state ``start`` (not
        changed: a copy is replayed), oldest first."""
        if start is not self._start or list(actions[:len(self._actions)]) != self._actions:
            self._start = start
            self._actions = []
            self._rows = []
            self._replay = start.copy()
            self._snap = self._replay.snapshot()
        players = tuple(self._replay.players)
        for action in actions[len(self._actions):]:
            before = self._snap
            self._replay.apply_action(action)
            self._snap = self._replay.snapshot()
            self._rows.append(describe(players, before, action, self._snap))
            self._actions.append(action)
        return list(self._rows)
