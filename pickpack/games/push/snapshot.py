"""PUSH snapshots: checking one and the conversions every implementation needs.

A snapshot is the whole position as JSON-able data (docs/push.md, "Snapshot"):

    {"players": 4, "hard": False, "switch_per_turn": False,
     "phase": "collect", "turn": 0, "actor": 3, "card": None,
     "deck": {"R2": 1, ..., "roll": 7, "switch": 3},       # non-zero counts, card-type order
     "stacks": [["R5", "P6", "roll"], [], ["P4"]],          # always 3 lists, card-type order
     "benches": [["R1", "G3", "Y2"], ...],                 # per seat, card-type order
     "banks": [["R1", "R2", ...], ...],
     "switches": 9, "turn_switches": 1}

(the whole of it is ``EXAMPLE``, the example of docs/push.md)

``validate_snapshot`` checks every field against the rules (ids PU-...) and returns the
normalised snapshot (zero deck counts dropped, card lists sorted in card-type order);
anything else raises ``pickpack.SnapshotError`` naming the field, the seat (``player``,
``"p1"``..) or stack (``index``) and the rule broken. The discard pile is not stored: it
is the full deck minus everything else (``discard_counts``).

    >>> counts_to_cards(cards_to_counts(["B1", "R3", "roll"], "stacks"))
    ['R3', 'B1', 'roll']
    >>> validate_snapshot(EXAMPLE) == EXAMPLE
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.errors import SnapshotError
from pickpack.games.push.encoding import (CARD_TEXT, MAX_PLAYERS, MIN_PLAYERS, NUM_CARD_TYPES,
                                          NUM_NUMBER_TYPES, NUM_STACKS, PHASES, ROLL, SWITCH, card_colour,
                                          card_value, full_deck)

__all__ = ["EXAMPLE", "FIELDS", "can_join", "cards_to_counts", "counts_to_cards", "deck_from_counts", "deck_to_counts",
           "discard_counts", "placeable", "validate_snapshot"]

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


def can_join(card: int, stack: Sequence[int]) -> bool:
    """True if card type ``card`` may join a stack holding the card types ``stack``
    (PU-P2): a number card when no card there has its colour or its value, a roll card
    when the stack has no roll card; a switch card never (PU-P3)."""
    if card == SWITCH:
        return False
    if card == ROLL:
        return ROLL not in stack
    return all(other >= NUM_NUMBER_TYPES or (card_colour(other) != card_colour(card)
                                            and card_value(other) != card_value(card)) for other in stack)


def placeable(card: int, stacks: Sequence[Sequence[int]]) -> list[int]:
    """The stacks (0..2, increasing) card type ``card`` may be placed on (PU-P2): each
    existing stack s < k it may join, then k (a new stack) when k < 3, where k is the
    number of stacks holding cards (the stacks in use are 0..k-1 during a push turn)."""
    if card == SWITCH:
        return []
    k = sum(1 for stack in stacks if stack)
    places = [s for s in range(k) if can_join(card, stacks[s])]
    if k < NUM_STACKS:
        places.append(k)
    return places


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
    (field ``deck``) for a non-mapping, an unknown card or a count that is not an int >= 0."""
    if not isinstance(deck, Mapping):
        raise SnapshotError(f"deck: a mapping card text -> count expected, not {type(deck).__name__}", "deck")
    counts = [0] * NUM_CARD_TYPES
    for text, n in deck.items():
        if not isinstance(text, str) or text not in _CARD_INDEX:
            raise SnapshotError(f"deck: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", "deck",
                                rule="PU-C1")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SnapshotError(f"deck: the count of {text} must be an int >= 0, not {n!r}", "deck")
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


def _int(snap: Mapping[str, Any], key: str, low: int, high: int, rule: str = "") -> int:
    value = snap[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{key}: an int expected, not {type(value).__name__}", key)
    if not low <= value <= high:
        where = f" ({rule})" if rule else ""
        raise SnapshotError(f"{key}: must be {low}..{high}, not {value}{where}", key, rule=rule)
    return value


def _bool(snap: Mapping[str, Any], key: str) -> bool:
    value = snap[key]
    if not isinstance(value, bool):
        raise SnapshotError(f"{key}: true or false expected, not {type(value).__name__}", key)
    return value


def _seat_lists(snap: Mapping[str, Any], key: str, players: int) -> list[list[int]]:
    """Per seat: 30 counts of number cards (benches, banks hold only number cards, PU-K1, PU-B1)."""
    value = snap[key]
    if not isinstance(value, list | tuple) or len(value) != players:
        raise SnapshotError(f"{key}: a list of {players} card lists (one per seat) expected", key)
    out = []
    for seat, cards in enumerate(value):
        name = f"p{seat + 1}"
        counts = cards_to_counts(cards, key, name)
        if counts[ROLL] or counts[SWITCH]:
            raise SnapshotError(f"{key}: seat {name} holds a roll or switch card; only number cards go to "
                                f"a bench or bank (PU-K1, PU-K4, PU-B1)", key, name, rule="PU-K4")
        out.append(counts[:NUM_NUMBER_TYPES])
    return out


def _stacks(snap: Mapping[str, Any]) -> list[list[int]]:
    value = snap["stacks"]
    if not isinstance(value, list | tuple) or len(value) != NUM_STACKS:
        raise SnapshotError(f"stacks: a list of exactly {NUM_STACKS} card lists expected", "stacks")
    stacks = []
    for s, cards in enumerate(value):
        counts = cards_to_counts(cards, "stacks", index=s)
        if counts[SWITCH]:
            raise SnapshotError(f"stacks: stack {s + 1} holds a switch card; it never joins a stack (PU-P3)",
                                "stacks", index=s, rule="PU-P3")
        types = [t for t, n in enumerate(counts) for _ in range(n)]
        for i, t in enumerate(types):
            if not can_join(t, types[:i]):
                raise SnapshotError(f"stacks: stack {s + 1} holds {CARD_TEXT[t]} with a card of the same "
                                    f"colour or value, or two roll cards (PU-P2)", "stacks", index=s,
                                    rule="PU-P2")
        stacks.append(types)
    return stacks


def validate_snapshot(snap: Mapping[str, Any]) -> dict[str, Any]:
    """The normalised copy of the PUSH snapshot ``snap`` (zero deck counts dropped,
    card lists in card-type order).

    Raises SnapshotError(message, field=..., player=, index=, rule=) naming the field
    for: a missing or unknown key; a wrong type; players outside 2..6; a phase not in
    encoding.PHASES; a seat out of range; ``card`` present in phase place only and then
    placeable (PU-P2); more cards of a type than the full deck has (PU-C1, PU-C3);
    switch cards with 2 players (PU-C3) or a switch pile other than 12 minus the deck's
    switch cards (switch cards are never discarded, PU-S1); roll or switch cards on a
    bench or bank; a stack holding two cards of one colour or value, two roll cards or a
    switch card (PU-P2, PU-P3); stacks in use that are not 0..k-1 while pushing; cards in
    the stacks in phase start or over, or no card in them in phase collect (PU-K3,
    PU-K1); an empty deck in phase start or draw, a non-empty one in phase over (PU-E1);
    turn_switches above switches or above 0 in phase start (PU-S2); actor != turn
    outside phases collect and roll. What else a reachable position satisfies is checked
    once, by the C loader (State.from_snapshot; docs/push.md, "Positions the rules can
    reach").
    """
    if not isinstance(snap, Mapping):
        raise SnapshotError(f"a snapshot is a mapping, not {type(snap).__name__}", "snapshot")
    for key in FIELDS:
        if key not in snap:
            raise SnapshotError(f"snapshot: the key {key!r} is missing", key)
    unknown = [key for key in snap if key not in FIELDS]
    if unknown:
        raise SnapshotError(f"snapshot: unknown key {unknown[0]!r}; keys are {', '.join(FIELDS)}", "snapshot")
    players = _int(snap, "players", MIN_PLAYERS, MAX_PLAYERS, "PU-C3")
    hard = _bool(snap, "hard")
    switch_per_turn = _bool(snap, "switch_per_turn")
    phase = snap["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise SnapshotError(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}", "phase")
    turn = _int(snap, "turn", 0, players - 1, "PU-T1")
    actor = _int(snap, "actor", 0, players - 1, "PU-K1")
    if actor != turn and phase not in ("collect", "roll"):
        raise SnapshotError(f"actor: must be the turn's seat {turn} in phase {phase}, not {actor} (PU-K1)",
                            "actor", rule="PU-K1")
    card_text = snap["card"]
    card: int | None = None
    if card_text is not None:
        if not isinstance(card_text, str) or card_text not in _CARD_INDEX:
            raise SnapshotError(f"card: {card_text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", "card",
                                rule="PU-C1")
        card = _CARD_INDEX[card_text]
    if (card is not None) != (phase == "place"):
        raise SnapshotError("card: a drawn card awaits placement in phase place and only then (PU-P2)",
                            "card", rule="PU-P2")
    deck = deck_to_counts(snap["deck"])
    stacks = _stacks(snap)
    benches = _seat_lists(snap, "benches", players)
    banks = _seat_lists(snap, "banks", players)
    switches = _int(snap, "switches", 0, 12, "PU-S1")
    turn_switches = _int(snap, "turn_switches", 0, 12, "PU-S2")

    # Card counts against the full deck (PU-C1, PU-C3); switch cards never leave the
    # deck but for the switch pile (PU-S1).
    full = full_deck(players)
    if players == 2 and (deck[SWITCH] or switches or turn_switches):
        raise SnapshotError("switches: a 2-player game has no switch cards (PU-C3)", "switches" if switches
                            or turn_switches else "deck", rule="PU-C3")
    if deck[SWITCH] + switches != full[SWITCH]:
        raise SnapshotError(f"switches: the switch pile ({switches}) and the deck's switch cards "
                            f"({deck[SWITCH]}) must add up to {full[SWITCH]}: switch cards are never "
                            f"discarded (PU-S1, PU-C3)", "switches", rule="PU-S1")
    for t in range(NUM_CARD_TYPES):
        if deck[t] > full[t]:
            raise SnapshotError(f"deck: {deck[t]} copies of {CARD_TEXT[t]}, the full deck has {full[t]} "
                                f"(PU-C1)", "deck", rule="PU-C1")
    used = list(deck)
    for field, rows in (("stacks", stacks), ("benches", benches), ("banks", banks)):
        for row_index, row in enumerate(rows):
            counts = [row.count(t) for t in range(NUM_CARD_TYPES)] if field == "stacks" else row
            for t, n in enumerate(counts):
                if not n:
                    continue
                used[t] += n
                if used[t] > full[t]:
                    seat = f"p{row_index + 1}" if field != "stacks" else None
                    raise SnapshotError(f"{field}: more copies of {CARD_TEXT[t]} than the full deck's "
                                        f"{full[t]} (PU-C1)", field, seat,
                                        row_index if field == "stacks" else None, "PU-C1")
    if card is not None:
        used[card] += 1
        if used[card] > full[card]:
            raise SnapshotError(f"card: more copies of {CARD_TEXT[card]} than the full deck's {full[card]} "
                                f"(PU-C1)", "card", rule="PU-C1")
        if card == SWITCH or not placeable(card, stacks):
            raise SnapshotError(f"card: {CARD_TEXT[card]} has no legal place; a card without one busts "
                                f"(PU-P3, PU-P5)", "card", rule="PU-P5")

    # The stacks through the turn (PU-P2, PU-K1, PU-K3).
    k = sum(1 for stack in stacks if stack)
    if phase in ("start", "over") and k:
        raise SnapshotError(f"stacks: stacks are collected or discarded before a turn ends (PU-K3); "
                            f"phase {phase} has none", "stacks", rule="PU-K3")
    if phase in ("draw", "place", "decide") and any(not stacks[s] for s in range(k)):
        raise SnapshotError("stacks: while pushing, the stacks in use are 1..k with no gap (PU-P2)",
                            "stacks", rule="PU-P2")
    if phase == "collect" and not k:
        raise SnapshotError("stacks: phase collect needs a stack to take (PU-K1)", "stacks", rule="PU-K1")

    # The deck through the game (PU-P4, PU-E1).
    deck_total: int = sum(deck)
    if phase in ("start", "draw") and not deck_total:
        raise SnapshotError(f"deck: phase {phase} with an empty deck; the game ends when the deck is "
                            f"empty (PU-E1, PU-P4)", "deck", rule="PU-E1")
    if phase == "over" and deck_total:
        raise SnapshotError("deck: the game is over only once the deck is empty (PU-E1)", "deck",
                            rule="PU-E1")
    if turn_switches > switches:
        raise SnapshotError(f"turn_switches: {turn_switches} switch cards drawn this turn, but the pile "
                            f"holds {switches} (PU-S2)", "turn_switches", rule="PU-S2")
    if phase == "start" and turn_switches:
        raise SnapshotError("turn_switches: no switch card is drawn yet at the start of a turn (PU-S2)",
                            "turn_switches", rule="PU-S2")
    return {
        "players": players, "hard": hard, "switch_per_turn": switch_per_turn, "phase": phase,
        "turn": turn, "actor": actor, "card": None if card is None else CARD_TEXT[card],
        "deck": deck_from_counts(deck),
        "stacks": [[CARD_TEXT[t] for t in stack] for stack in stacks],
        "benches": [counts_to_cards(row) for row in benches],
        "banks": [counts_to_cards(row) for row in banks],
        "switches": switches, "turn_switches": turn_switches,
    }
