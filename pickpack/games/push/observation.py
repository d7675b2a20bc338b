"""What a PUSH player may see (PU-V1), and what it knows by remembering.

``observation_from_snapshot(snap, seat)`` is the snapshot with the deck replaced by its
size (the deck's order and composition are private), the banks replaced by the seat's
own bank and every seat's bank size, plus the public discard pile and the seat:

    keys: players, hard, switch_per_turn, phase, turn, actor, card, deck_size, stacks,
          benches, bank, bank_sizes, switches, turn_switches, discard, player

The observation is what the table shows now. A player's *information state* remembers
every observation since the start, and from that the banks (and so the deck's
composition) follow: ``infostate_snapshot`` is the position behind the information set
of ``resample_from_infostate``, where only the deck's order is unknown, and the order is
drawn card by card at the chance nodes.

    >>> from pickpack.games.push.reference import RefState
    >>> sorted(observation_from_snapshot(RefState(2).snapshot(), 0))[:4]
    ['actor', 'bank', 'bank_sizes', 'benches']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.games.push.encoding import CARD_TEXT
from pickpack.games.push.snapshot import deck_to_counts, discard_counts

__all__ = ["OBSERVATION_KEYS", "infostate_snapshot", "observation_from_snapshot"]

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


def infostate_snapshot(snap: Mapping[str, Any], player: int, seed: int) -> dict[str, Any]:
    """The position behind every state of ``player``'s information set (a copy of the
    valid snapshot ``snap``), for ``resample_from_infostate``.

    Under perfect recall (information sets hold the states with the same observation
    *history*; Cowling, Powley & Whitehouse 2012) a PUSH player knows every bank: each
    banked card lay face up on a bench and was banked by a public action (PU-B1), so the
    deck's composition follows too (PU-V1: "a player with perfect memory can
    reconstruct them"). What stays hidden is the deck's order, and the order is not part
    of a snapshot: every draw is a chance node over the cards left. So every state of
    the information set has this snapshot, and a determinization draws the order card by
    card at the draws. ``seed`` is checked (an int) but draws nothing. TypeError /
    ValueError for a bad seat or seed."""
    _check_seat(snap, player)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    out = dict(snap)
    out["deck"] = dict(snap["deck"])
    out["stacks"] = [list(stack) for stack in snap["stacks"]]
    out["benches"] = [list(cards) for cards in snap["benches"]]
    out["banks"] = [list(cards) for cards in snap["banks"]]
    return out
