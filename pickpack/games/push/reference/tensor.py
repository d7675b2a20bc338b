"""PUSH's observation tensor in plain Python, read from an observation alone: the
reference the C fill (core/push/observation.c) is checked against.

Because ``tensor_from_observation`` reads nothing but ``observation(player)``, it
encodes exactly what the player may see (PU-V1): the deck by its size, every bank by its
size, the player's own bank by its cards. Layout (docs/push.md, "Observation tensor";
seat block r describes seat ``(player + r) % players``):

| offset | size | meaning | rules |
|---|---|---|---|
| 0 | 7 | phase one-hot (start draw place decide roll collect over) | PU-T1, PU-P, PU-K, PU-R, PU-E1 |
| 7 | 5 | player count 2..6 one-hot | PU-T1, PU-C3 |
| 12 | 1 | option hard | PU-R3 |
| 13 | 1 | option switch_per_turn | PU-S2 |
| 14 | 1 | 1.0 when collecting against seat order | PU-S2 |
| 15 | 1 | deck size / full deck (120; 108 for 2 players) | PU-C1, PU-C3 |
| 16 | 1 | switch pile / 12 | PU-S1 |
| 17 | 1 | switch cards drawn this turn / 12 | PU-S2 |
| 18 | 31 | the drawn card awaiting placement, one-hot over types 0..30 | PU-P1, PU-P2 |
| 49 | 3 x 31 | stack k at 49 + 31k: 1.0 per card type there | PU-P2 |
| 142 | 31 | discard pile copies / full copies, types 0..30 | PU-V1 |
| 173 | 30 | the observer's own bank, copies / 3 per number type | PU-B1, PU-V1 |
| 203 + 33r | 33 | seat block r: +0 turn, +1 actor, +2 bank size / 90, +3 bench / 3 (30) | PU-T1, PU-K1, PU-V1 |

    >>> from pickpack.games.push.reference import RefState
    >>> values = tensor_from_observation(RefState(2).observation(0))
    >>> len(values), values[0], values[7], values[15]
    (269, 1.0, 1.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.games.push.encoding import (CARD_COPIES, CARD_TEXT, MIN_PLAYERS, NUM_NUMBER_TYPES, NUM_STACKS,
                                          PHASES, ROLL, full_deck)

__all__ = ["BANK", "CARD", "CARD_TYPES", "DECK", "DIRECTION", "DISCARD", "HARD", "PHASE", "PLAYERS", "SEATS",
           "SEAT_ACTOR", "SEAT_BANK_SIZE", "SEAT_BENCH", "SEAT_SIZE", "SEAT_TURN", "STACKS", "SWITCHES",
           "SWITCH_PER_TURN", "TURN_SWITCHES", "tensor_from_observation", "tensor_size"]

PHASE = 0
PLAYERS = 7
HARD = 12
SWITCH_PER_TURN = 13
DIRECTION = 14
DECK = 15
SWITCHES = 16
TURN_SWITCHES = 17
#: Card types a drawn card, a stack or the discard pile can hold: 0..29 numbers, 30 roll.
CARD_TYPES = ROLL + 1
CARD = 18
STACKS = CARD + CARD_TYPES
DISCARD = STACKS + NUM_STACKS * CARD_TYPES
BANK = DISCARD + CARD_TYPES
SEATS = BANK + NUM_NUMBER_TYPES
SEAT_TURN = 0
SEAT_ACTOR = 1
SEAT_BANK_SIZE = 2
SEAT_BENCH = 3
SEAT_SIZE = SEAT_BENCH + NUM_NUMBER_TYPES
_SWITCH_CARDS = 12      # PU-C1
_BANK_MAX = 90          # every number card (PU-C1)
_CARD_INDEX = {text: t for t, text in enumerate(CARD_TEXT)}


def tensor_size(players: int) -> int:
    """The tensor's length for ``players`` seats: ``203 + 33 * players``."""
    return SEATS + players * SEAT_SIZE


def _frac(count: int, most: int) -> float:
    """count / most clamped to 0..1."""
    if count <= 0 or most <= 0:
        return 0.0
    return min(1.0, count / most)


def _counts(cards: list[str]) -> list[int]:
    counts = [0] * len(_CARD_INDEX)
    for text in cards:
        counts[_CARD_INDEX[text]] += 1
    return counts


def tensor_from_observation(obs: Mapping[str, Any]) -> list[float]:
    """The tensor of the layout above, as ``tensor_size(obs["players"])`` floats in 0..1,
    from an observation (observation.observation_from_snapshot's keys) alone. KeyError
    for a mapping that lacks an observation key."""
    n: int = obs["players"]
    me: int = obs["player"]
    out = [0.0] * tensor_size(n)
    out[PHASE + PHASES.index(obs["phase"])] = 1.0
    out[PLAYERS + n - MIN_PLAYERS] = 1.0
    out[HARD] = 1.0 if obs["hard"] else 0.0
    out[SWITCH_PER_TURN] = 1.0 if obs["switch_per_turn"] else 0.0
    counted = obs["turn_switches"] if obs["switch_per_turn"] else obs["switches"]
    out[DIRECTION] = 1.0 if counted % 2 else 0.0          # PU-S2: odd = against seat order
    out[DECK] = _frac(obs["deck_size"], sum(full_deck(n)))
    out[SWITCHES] = _frac(obs["switches"], _SWITCH_CARDS)
    out[TURN_SWITCHES] = _frac(obs["turn_switches"], _SWITCH_CARDS)
    if obs["card"] is not None:
        out[CARD + _CARD_INDEX[obs["card"]]] = 1.0
    for k, stack in enumerate(obs["stacks"]):
        for text in stack:
            out[STACKS + k * CARD_TYPES + _CARD_INDEX[text]] = 1.0
    for text, count in obs["discard"].items():
        t = _CARD_INDEX[text]
        if t < CARD_TYPES:
            out[DISCARD + t] = _frac(count, CARD_COPIES[t])
    for t, count in enumerate(_counts(obs["bank"])[:NUM_NUMBER_TYPES]):
        out[BANK + t] = _frac(count, CARD_COPIES[t])
    for r in range(n):
        seat = (me + r) % n
        base = SEATS + r * SEAT_SIZE
        out[base + SEAT_TURN] = 1.0 if obs["turn"] == seat else 0.0
        out[base + SEAT_ACTOR] = 1.0 if obs["actor"] == seat else 0.0
        out[base + SEAT_BANK_SIZE] = _frac(obs["bank_sizes"][seat], _BANK_MAX)
        for t, count in enumerate(_counts(obs["benches"][seat])[:NUM_NUMBER_TYPES]):
            out[base + SEAT_BENCH + t] = _frac(count, CARD_COPIES[t])
    return out
