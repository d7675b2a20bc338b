"""PUSH snapshots: the mapping to and from the C core's raw vector, and the conversions
every implementation needs (no rules: those are the C loader's).

A snapshot is the whole position as JSON-able data (docs/push.md, "Snapshot"):

    {"players": 4, "hard": False, "switch_per_turn": False,
     "phase": "collect", "turn": 0, "actor": 3, "card": None,
     "deck": {"R2": 1, ..., "roll": 7, "switch": 3},       # non-zero counts, card-type order
     "stacks": [["R5", "P6", "roll"], [], ["P4"]],          # always 3 lists, card-type order
     "benches": [["R1", "G3", "Y2"], ...],                 # per seat, card-type order
     "banks": [["R1", "R2", ...], ...],
     "switches": 9, "turn_switches": 1}

(the whole of it is ``EXAMPLE``, the example of docs/push.md)

``to_raw`` maps a snapshot to the C core's raw vector (core/push/push_core.h, offsets
``RAW_*`` of the generated ``_constants``) checking only names and types, ``from_raw``
maps back; the rules are the C loader's alone (push_load, the game's one rule-aware
validator; ``snapshot_check.validate_snapshot`` runs it). Both raise
``pickpack.SnapshotError`` naming the field, the seat (``player``, ``"p1"``..) or stack
(``index``) and, the loader's, the rule broken. The discard pile is not stored: it is the full deck
minus everything else (``discard_counts``).

    >>> counts_to_cards(cards_to_counts(["B1", "R3", "roll"], "stacks"))
    ['R3', 'B1', 'roll']
    >>> from_raw(to_raw(EXAMPLE)) == EXAMPLE
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.errors import SnapshotError
from pickpack.games.push import _constants as C
from pickpack.games.push.encoding import (CARD_TEXT, MAX_PLAYERS, MIN_PLAYERS, NUM_CARD_TYPES, NUM_STACKS,
                                          PHASES, SWITCH, full_deck)

__all__ = ["EXAMPLE", "FIELDS", "cards_to_counts", "counts_to_cards", "deck_from_counts", "deck_to_counts",
           "discard_counts", "from_raw", "to_raw"]

#: A real 4-player position in phase collect (docs/push.md, "Snapshot").
EXAMPLE: dict[str, Any] = {"players": 4, "hard": False, "switch_per_turn": False,
     "phase": "collect", "turn": 0, "actor": 3, "card": None,
     "deck": {"R2": 1, "R3": 1, "R4": 2, "R5": 1, "B1": 1, "B2": 2, "B3": 1, "B4": 2, "B5": 1,
              "G1": 2, "G2": 3, "G3": 1, "Y1": 1, "Y3": 1, "Y4": 1, "Y5": 2, "Y6": 3,
              "P1": 1, "P2": 2, "P4": 1, "P5": 2, "P6": 1, "roll": 7, "switch": 3},
     "stacks": [["R5", "P6", "roll"], [], ["P4"]],
     "benches": [["R1", "G3", "Y2"], ["R3", "B6", "G6"], ["B6", "P5"], ["B2", "G5"]],
     "banks": [["R1", "R2", "R2", "B4", "G4", "Y1", "Y2", "Y4", "P3", "P3", "P4", "P6"],
               ["R1", "R5", "B1", "B3", "G1", "G4", "Y2", "Y3", "P2"],
               ["B3", "B5", "G5", "G6", "Y4", "Y5", "P3"],
               ["R3", "R6", "R6", "B1", "B5", "B6", "G3", "G4", "G5", "G6", "Y1", "P1"]],
     "switches": 9, "turn_switches": 1}

#: The snapshot's keys, in their documented order.
FIELDS = ("players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck", "stacks",
          "benches", "banks", "switches", "turn_switches")

_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXT)}


def cards_to_counts(cards: Sequence[str], field: str = "cards", player: str | None = None,
                    index: int | None = None) -> list[int]:
    """32 counts per card type of the card texts ``cards``. SnapshotError (``field``)
    for a non-list or an unknown card text."""
    if not isinstance(cards, list | tuple):
        raise SnapshotError(f"{field}: a list of card texts expected, not {type(cards).__name__}", field,
                            player, index)
    counts = [0] * NUM_CARD_TYPES
    for text in cards:
        if not isinstance(text, str) or text not in _CARD_INDEX:
            raise SnapshotError(f"{field}: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", field,
                                player, index, "PU-C1")
        counts[_CARD_INDEX[text]] += 1
    return counts


def counts_to_cards(counts: Sequence[int]) -> list[str]:
    """The card texts of 32 (or 30) counts per type, in card-type order."""
    cards: list[str] = []
    for t, n in enumerate(counts):
        if n:
            cards += [CARD_TEXT[t]] * n
    return cards


def deck_to_counts(deck: Mapping[str, int]) -> list[int]:
    """32 counts of a snapshot's ``deck`` mapping (card text -> copies). SnapshotError
    (field ``deck``) for a non-mapping, an unknown card or a count that is not an int
    (the C loader checks its range)."""
    if not isinstance(deck, Mapping):
        raise SnapshotError(f"deck: a mapping card text -> count expected, not {type(deck).__name__}", "deck")
    counts = [0] * NUM_CARD_TYPES
    for text, n in deck.items():
        if not isinstance(text, str) or text not in _CARD_INDEX:
            raise SnapshotError(f"deck: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", "deck",
                                rule="PU-C1")
        if isinstance(n, bool) or not isinstance(n, int):
            raise SnapshotError(f"deck: the count of {text} must be an int, not {n!r}", "deck")
        counts[_CARD_INDEX[text]] = n
    return counts


def deck_from_counts(counts: Sequence[int]) -> dict[str, int]:
    """A snapshot's ``deck`` mapping from 32 counts: the non-zero ones, card-type order."""
    return {CARD_TEXT[t]: n for t, n in enumerate(counts) if n}


def discard_counts(snap: Mapping[str, Any]) -> list[int]:
    """32 counts of the discard pile of the (valid) snapshot ``snap``: the full deck
    minus the deck, the stacks, the drawn card, the benches, the banks and the switch
    pile (PU-K3, PU-P5, PU-R1, PU-K4)."""
    counts = full_deck(snap["players"])
    for t, n in enumerate(deck_to_counts(snap["deck"])):
        counts[t] -= n
    held: list[str] = [text for stack in snap["stacks"] for text in stack]
    held += [text for cards in snap["benches"] for text in cards]
    held += [text for cards in snap["banks"] for text in cards]
    if snap["card"] is not None:
        held.append(snap["card"])
    for text in held:
        counts[_CARD_INDEX[text]] -= 1
    counts[SWITCH] -= snap["switches"]
    return counts


def _int(snap: Mapping[str, Any], key: str) -> int:
    value = snap[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{key}: an int expected, not {type(value).__name__}", key)
    return value


def _bool(snap: Mapping[str, Any], key: str) -> int:
    value = snap[key]
    if not isinstance(value, bool):
        raise SnapshotError(f"{key}: true or false expected, not {type(value).__name__}", key)
    return int(value)


def _card(text: Any, field: str) -> int:
    if not isinstance(text, str) or text not in _CARD_INDEX:
        raise SnapshotError(f"{field}: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", field,
                            rule="PU-C1")
    return _CARD_INDEX[text]


def to_raw(snap: Mapping[str, Any]) -> list[int]:
    """The C core's raw vector (``_constants.RAW_SIZE`` ints at the offsets RAW_* of
    core/push/push_core.h) of the snapshot ``snap``: names and types only.

    SnapshotError(message, field, player, index, rule) naming the field for: not a
    mapping (field ``snapshot``); a missing or unknown key; a non-int, non-bool, unknown
    phase name or unknown card text (PU-C1); a deck that is not a mapping of card
    texts to ints; stacks that are not 3 card lists; benches or banks that are not
    one card list per seat. Every rule (ranges, the card counts, the phases' facts,
    what the rules reach) is the C loader's (push_load), which checks the result."""
    if not isinstance(snap, Mapping):
        raise SnapshotError(f"a snapshot is a mapping, not {type(snap).__name__}", "snapshot")
    for key in FIELDS:
        if key not in snap:
            raise SnapshotError(f"snapshot: the key {key!r} is missing", key)
    unknown = [key for key in snap if key not in FIELDS]
    if unknown:
        raise SnapshotError(f"snapshot: unknown key {unknown[0]!r}; keys are {', '.join(FIELDS)}", "snapshot")
    raw = [0] * C.RAW_SIZE
    players = raw[C.RAW_PLAYERS] = _int(snap, "players")
    raw[C.RAW_HARD] = _bool(snap, "hard")
    raw[C.RAW_SWITCH_PER_TURN] = _bool(snap, "switch_per_turn")
    phase = snap["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise SnapshotError(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}", "phase")
    raw[C.RAW_PHASE] = PHASES.index(phase)
    raw[C.RAW_TURN] = _int(snap, "turn")
    raw[C.RAW_ACTOR] = _int(snap, "actor")
    raw[C.RAW_CARD] = -1 if snap["card"] is None else _card(snap["card"], "card")
    raw[C.RAW_DECK:C.RAW_DECK + NUM_CARD_TYPES] = deck_to_counts(snap["deck"])
    stacks = snap["stacks"]
    if not isinstance(stacks, list | tuple) or len(stacks) != NUM_STACKS:
        raise SnapshotError(f"stacks: a list of exactly {NUM_STACKS} card lists expected", "stacks")
    for k, cards in enumerate(stacks):
        at = C.RAW_STACKS + k * NUM_CARD_TYPES
        raw[at:at + NUM_CARD_TYPES] = cards_to_counts(cards, "stacks", index=k)
    for key, base in (("benches", C.RAW_BENCHES), ("banks", C.RAW_BANKS)):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            break                       # push_load names the player count
        rows = snap[key]
        if not isinstance(rows, list | tuple) or len(rows) != players:
            raise SnapshotError(f"{key}: a list of {players} card lists (one per seat) expected", key)
        for seat, cards in enumerate(rows):
            at = base + seat * NUM_CARD_TYPES
            raw[at:at + NUM_CARD_TYPES] = cards_to_counts(cards, key, f"p{seat + 1}")
    raw[C.RAW_SWITCHES] = _int(snap, "switches")
    raw[C.RAW_TURN_SWITCHES] = _int(snap, "turn_switches")
    return raw


def from_raw(raw: Sequence[int]) -> dict[str, Any]:
    """The snapshot (docs/push.md, "Snapshot") of a raw vector the C core wrote
    (save_raw) or accepted (push_load): zero deck counts dropped, card lists in
    card-type order."""
    players = raw[C.RAW_PLAYERS]
    card = raw[C.RAW_CARD]

    def cards(at: int) -> list[str]:
        return counts_to_cards(raw[at:at + NUM_CARD_TYPES])

    return {
        "players": players, "hard": bool(raw[C.RAW_HARD]), "switch_per_turn": bool(raw[C.RAW_SWITCH_PER_TURN]),
        "phase": PHASES[raw[C.RAW_PHASE]], "turn": raw[C.RAW_TURN], "actor": raw[C.RAW_ACTOR],
        "card": None if card < 0 else CARD_TEXT[card],
        "deck": deck_from_counts(raw[C.RAW_DECK:C.RAW_DECK + NUM_CARD_TYPES]),
        "stacks": [cards(C.RAW_STACKS + k * NUM_CARD_TYPES) for k in range(NUM_STACKS)],
        "benches": [cards(C.RAW_BENCHES + p * NUM_CARD_TYPES) for p in range(players)],
        "banks": [cards(C.RAW_BANKS + p * NUM_CARD_TYPES) for p in range(players)],
        "switches": raw[C.RAW_SWITCHES], "turn_switches": raw[C.RAW_TURN_SWITCHES],
    }
