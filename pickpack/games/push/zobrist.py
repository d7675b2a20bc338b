"""PUSH's Zobrist hash (Zobrist 1970), defined on the snapshot.

The C core keeps the same hash incrementally; this module is its definition, and the
differential tests hold both to it. The hash of a position is the XOR of one 64-bit key
for the current value of every feature:

- ``PHASE[phase index]``, ``TURN[turn]``, ``ACTOR[actor]`` (encoding.PHASES);
- ``CARD[type]`` for the drawn card awaiting placement, nothing when there is none;
- ``DECK[type][copies left]`` for all 32 types (copies 0..18);
- ``STACK[stack][type]`` for each card lying in stack 0..2;
- ``BENCH[seat][type][copies]`` and ``BANK[seat][type][copies]`` for every seat of the
  game and every number-card type 0..29 (copies 0..3);
- ``SWITCHES[switch pile size]`` and ``TURN_SWITCHES[switch cards drawn this turn]``
  (0..12 each);
- ``PLAYERS[player count]`` (0..6), ``HARD[0 or 1]``, ``SWITCH_PER_TURN[0 or 1]``.

Keys are the outputs of splitmix64 (Steele, Lea & Flood 2014) from the state
``ZOBRIST_SEED``, taken in the order of the tables above, each table in row-major order
over its full size (TURN, ACTOR: 6 seats; BENCH, BANK: 6 seats x 30 x 4).

    >>> hex(KEYS[0]) == hex(splitmix64_stream(ZOBRIST_SEED, 1)[0])
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.zobrist_keys import key_tables, splitmix64_stream

from pickpack.games.push import _constants as C
from pickpack.games.push.encoding import (CARD_TEXT, MAX_PLAYERS, NUM_CARD_TYPES, NUM_NUMBER_TYPES,
                                          NUM_STACKS, PHASES)

__all__ = ["KEYS", "OFFSETS", "ZOBRIST_SEED", "hash_snapshot", "splitmix64_stream"]

#: splitmix64's starting state: the bytes "PUSHZOBR" (PUSH_ZOBRIST_SEED of push_core.h).
ZOBRIST_SEED = C.ZOBRIST_SEED

#: (table, size) in key order.
_TABLES = (
    ("PHASE", len(PHASES)),
    ("TURN", MAX_PLAYERS),
    ("ACTOR", MAX_PLAYERS),
    ("CARD", NUM_CARD_TYPES),
    ("DECK", NUM_CARD_TYPES * 19),
    ("STACK", NUM_STACKS * NUM_CARD_TYPES),
    ("BENCH", MAX_PLAYERS * NUM_NUMBER_TYPES * 4),
    ("BANK", MAX_PLAYERS * NUM_NUMBER_TYPES * 4),
    ("SWITCHES", 13),
    ("TURN_SWITCHES", 13),
    ("PLAYERS", MAX_PLAYERS + 1),
    ("HARD", 2),
    ("SWITCH_PER_TURN", 2),
)


#: Index of each table's first key in KEYS; every key, in table order (2,232 keys).
OFFSETS, KEYS = key_tables(ZOBRIST_SEED, _TABLES)
_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXT)}


def _key(table: str, index: int) -> int:
    return KEYS[OFFSETS[table] + index]


def _counts(cards: list[str]) -> list[int]:
    counts = [0] * NUM_CARD_TYPES
    for text in cards:
        counts[_CARD_INDEX[text]] += 1
    return counts


def hash_snapshot(snap: Mapping[str, Any]) -> int:
    """The Zobrist hash of the position ``snap`` (a PUSH snapshot, docs/push.md)."""
    h = _key("PHASE", PHASES.index(snap["phase"])) ^ _key("TURN", snap["turn"]) ^ _key("ACTOR", snap["actor"])
    if snap["card"] is not None:
        h ^= _key("CARD", _CARD_INDEX[snap["card"]])
    deck = snap["deck"]
    for t, text in enumerate(CARD_TEXT):
        h ^= _key("DECK", t * 19 + deck.get(text, 0))
    for s, stack in enumerate(snap["stacks"]):
        for text in stack:
            h ^= _key("STACK", s * NUM_CARD_TYPES + _CARD_INDEX[text])
    for table, field in (("BENCH", "benches"), ("BANK", "banks")):
        for seat, cards in enumerate(snap[field]):
            counts = _counts(cards)
            for t in range(NUM_NUMBER_TYPES):
                h ^= _key(table, (seat * NUM_NUMBER_TYPES + t) * 4 + counts[t])
    h ^= _key("SWITCHES", snap["switches"]) ^ _key("TURN_SWITCHES", snap["turn_switches"])
    h ^= _key("PLAYERS", snap["players"]) ^ _key("HARD", int(snap["hard"]))
    h ^= _key("SWITCH_PER_TURN", int(snap["switch_per_turn"]))
    return h
