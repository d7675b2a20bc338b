"""What a PUSH player may see, and drawing the rest afresh (PU-V1).

``observation_from_snapshot(snap, seat)`` is the snapshot with the deck replaced by its
size (the deck's order and composition are private), the banks replaced by the seat's
own bank and every seat's bank size, plus the public discard pile and the seat:

    keys: players, hard, switch_per_turn, phase, turn, actor, card, deck_size, stacks,
          benches, bank, bank_sizes, switches, turn_switches, discard, player

``resample_snapshot(snap, player, seed)`` deals the cards ``player`` cannot see afresh
(ISMCTS determinization, Cowling, Powley & Whitehouse 2012): the pool is the deck plus
every other seat's bank; each other seat, in ascending order, gets a bank of the same
size drawn uniformly without replacement from the pool's number cards
(``random.Random(seed)``); the rest of the pool, with all its roll and switch cards, is
the deck. The observation of ``player`` is the same before and after.

    >>> from pickpack.games.push.reference import RefState
    >>> sorted(observation_from_snapshot(RefState(2).snapshot(), 0))[:4]
    ['actor', 'bank', 'bank_sizes', 'benches']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pickpack.games.push.encoding import CARD_TEXT, NUM_CARD_TYPES, NUM_NUMBER_TYPES
from pickpack.games.push.snapshot import (cards_to_counts, counts_to_cards, deck_from_counts, deck_to_counts,
                                          discard_counts)

__all__ = ["OBSERVATION_KEYS", "observation_from_snapshot", "resample_snapshot"]

#: An observation's keys, in order.
OBSERVATION_KEYS = ("players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck_size",
                    "stacks", "benches", "bank", "bank_sizes", "switches", "turn_switches", "discard", "player")


def _check_seat(snap: Mapping[str, Any], seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is an int, not {type(seat).__name__}")
    if not 0 <= seat < snap["players"]:
        raise ValueError(f"no seat {seat}: seats are 0..{snap['players'] - 1}")


def observation_from_snapshot(snap: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """What seat ``seat`` sees of the (valid) snapshot ``snap`` (PU-V1), keys
    OBSERVATION_KEYS: ``deck_size`` (int) instead of ``deck``; ``bank`` (its own bank's
    cards) and ``bank_sizes`` (int per seat) instead of ``banks``; ``discard`` (card
    text -> count, non-zero, card-type order); ``player`` (the seat). TypeError /
    ValueError for a seat that is not 0..players-1."""
    _check_seat(snap, seat)
    discard = discard_counts(snap)
    return {
        "players": snap["players"], "hard": snap["hard"], "switch_per_turn": snap["switch_per_turn"],
        "phase": snap["phase"], "turn": snap["turn"], "actor": snap["actor"], "card": snap["card"],
        "deck_size": sum(deck_to_counts(snap["deck"])),
        "stacks": [list(stack) for stack in snap["stacks"]],
        "benches": [list(cards) for cards in snap["benches"]],
        "bank": list(snap["banks"][seat]),
        "bank_sizes": [len(cards) for cards in snap["banks"]],
        "switches": snap["switches"], "turn_switches": snap["turn_switches"],
        "discard": {CARD_TEXT[t]: n for t, n in enumerate(discard) if n},
        "player": seat,
    }


def resample_snapshot(snap: Mapping[str, Any], player: int, seed: int) -> dict[str, Any]:
    """A copy of the (valid) snapshot ``snap`` with the cards ``player`` cannot see
    dealt afresh from ``random.Random(seed)``: each other seat's bank (same size, number
    cards drawn without replacement from the pool = deck + other banks, seats in
    ascending order) and the deck (the rest of the pool). TypeError / ValueError for a
    bad seat; TypeError for a seed that is not an int."""
    _check_seat(snap, player)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    rng = random.Random(seed)
    pool = deck_to_counts(snap["deck"])
    others = [q for q in range(snap["players"]) if q != player]
    for q in others:
        for t, n in enumerate(cards_to_counts(snap["banks"][q], "banks")):
            pool[t] += n
    numbers = [t for t in range(NUM_NUMBER_TYPES) for _ in range(pool[t])]
    banks = [list(cards) for cards in snap["banks"]]
    for q in others:
        bank = [0] * NUM_CARD_TYPES
        for _ in range(len(snap["banks"][q])):
            t = numbers.pop(rng.randrange(len(numbers)))
            bank[t] += 1
            pool[t] -= 1
        banks[q] = counts_to_cards(bank)
    out = dict(snap)
    out["deck"] = deck_from_counts(pool)
    out["banks"] = banks
    out["stacks"] = [list(stack) for stack in snap["stacks"]]
    out["benches"] = [list(cards) for cards in snap["benches"]]
    return out
