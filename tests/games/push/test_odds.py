"""PUSH's exact bust odds (pickpack.games.push.odds; PU-P2, PU-P5), worked out by hand,
and the enumeration against a simulation through the rules engine (the State)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest

from pickpack.games.push.encoding import CARD_TEXT, DRAW, full_deck, parse_card
from pickpack.games.push.odds import (MAX_ENUMERATION_DECK, bust_probability,
                                      bust_probability_by_enumeration, deck_counts, legal_places,
                                      lowest_place, stack_mask, stacks_of)
from pickpack.games.push.state import State


def position(stacks: list[list[str]], deck: dict[str, int] | None = None, *, players: int = 3,
             phase: str = "decide", card: str | None = None) -> dict[str, Any]:
    """A snapshot of seat 0's push turn: ``stacks`` in the middle; the deck ``deck``
    (None: the full deck less the stack cards and the card in hand); the switch cards
    that are not in the deck on the switch pile; nothing on benches or banks. Phase
    decide with no card on a stack follows a switch card drawn this turn (PU-S1, PU-P4):
    turn_switches is then 1."""
    if deck is None:
        counts = full_deck(players)
        for text in [c for stack in stacks for c in stack] + ([card] if card else []):
            counts[parse_card(text)] -= 1
        deck = {CARD_TEXT[t]: n for t, n in enumerate(counts) if n}
    switches = 0 if players == 2 else 12 - deck.get("switch", 0)
    stacks = [list(stack) for stack in stacks] + [[] for _ in range(3 - len(stacks))]
    turn_switches = 1 if phase == "decide" and switches and not any(stacks) else 0
    return {"players": players, "hard": False, "switch_per_turn": False, "phase": phase,
            "turn": 0, "actor": 0, "card": card, "deck": deck, "stacks": stacks,
            "benches": [[] for _ in range(players)], "banks": [[] for _ in range(players)],
            "switches": switches, "turn_switches": turn_switches}


# Three stacks that all exclude exactly the red cards and the 3s: stack 1 excludes red,
# blue, 1 and 3; stack 2 red, green, 2 and 3; stack 3 red, yellow, 3, 4 and the roll card.
# A card other than a red one or a 3 is let in by at least one of them (B2: stack 3; G1:
# stack 3; Y2: stack 1; P-anything but P3: stack 1 or 2 ...), and the roll card by stack 1.
RED_AND_THREES = [["R1", "B3"], ["R2", "G3"], ["R4", "Y3", "roll"]]


def test_the_red_cards_and_the_threes_bust_counted_by_hand() -> None:
    state = State.from_snapshot(position(RED_AND_THREES))
    # deck: 120 - 7 stack cards = 113. Busting: R1 2, R2 2, R3 3, R4 2, R5 3, R6 3 (15 red)
    # + B3 2, G3 2, Y3 2, P3 3 (9 threes) = 24.
    assert state.deck_size == 113
    assert bust_probability(state) == Fraction(24, 113)
    assert bust_probability(state.snapshot()) == Fraction(24, 113)
    stacks = stacks_of(state)
    assert legal_places(parse_card("B2"), stacks) == [2]          # blue in 1, a 2 in 2
    assert legal_places(parse_card("P5"), stacks) == [0, 1, 2]
    assert legal_places(parse_card("roll"), stacks) == [0, 1]
    assert legal_places(parse_card("R5"), stacks) == []
    assert legal_places(parse_card("G3"), stacks) == []


def test_no_bust_while_fewer_than_three_stacks_exist() -> None:
    state = State.from_snapshot(position([["R1", "B2"], ["G3"], []]))
    assert bust_probability(state) == 0
    assert legal_places(parse_card("G2"), stacks_of(state)) == [2]       # 2 in 1, green in 2: a new one
    assert legal_places(parse_card("Y4"), stacks_of(state)) == [0, 1, 2]
    assert bust_probability(State.from_snapshot(position([], phase="start"))) == 0


def test_the_roll_card_busts_only_when_every_stack_holds_one() -> None:
    stacks = [["R1", "roll"], ["B2", "roll"], ["G3", "roll"]]
    deck = {"roll": 2, "R2": 1, "Y4": 1, "switch": 1}
    # the 2 roll cards bust; R2 fits stack 3 (red and 2 are only in stacks 1 and 2), Y4 all
    assert bust_probability(position(stacks, deck)) == Fraction(2, 5)


def test_the_switch_card_never_busts() -> None:
    deck = {"switch": 3, "R5": 1}
    assert bust_probability(position(RED_AND_THREES, deck)) == Fraction(1, 4)
    assert bust_probability_by_enumeration(position(RED_AND_THREES, deck), 4) == 1
    # the deck runs out without a bust when the red card is never reached
    assert bust_probability_by_enumeration(position(RED_AND_THREES, deck), 2) == Fraction(1, 2)


def test_the_first_card_of_a_fresh_deck_never_busts_and_none_of_the_first_three() -> None:
    # PU-P5's fact: no bust before the 4th card placed
    deck = {"R1": 2, "R2": 2, "B1": 2, "roll": 2, "switch": 2}
    start = position([], deck, phase="start")
    assert bust_probability(start) == 0
    assert bust_probability_by_enumeration(start, 3) == 0
    assert bust_probability_by_enumeration(start, 4) > 0


def test_enumeration_of_a_small_deck_by_hand() -> None:
    stacks = [["R2", "B1"], ["R1", "B2"], ["R3", "B3", "roll"]]
    deck = {"R1": 1, "B2": 1, "roll": 1, "switch": 1}
    snap = position(stacks, deck)
    # first card: R1 or B2 bust (1/2); the roll card (1/4) goes to stack 1, the switch
    # (1/4) nowhere; either way the second card busts unless it is the other of them: 2/3
    assert bust_probability_by_enumeration(snap, 1) == Fraction(1, 2) == bust_probability(snap)
    assert bust_probability_by_enumeration(snap, 2) == Fraction(1, 2) + Fraction(1, 2) * Fraction(2, 3)
    # only roll-then-switch and switch-then-roll (2 * 1/4 * 1/3) survive two cards; the
    # third is then R1 or B2: a bust for sure
    assert bust_probability_by_enumeration(snap, 3) == 1
    assert bust_probability_by_enumeration(snap, 0) == 0


def test_lowest_place_fills_the_first_stack_it_fits_then_a_new_one() -> None:
    r1, b1, g2 = parse_card("R1"), parse_card("B1"), parse_card("G2")
    one = lowest_place(r1, ())
    assert one == (stack_mask([r1]),)
    assert one is not None
    assert lowest_place(g2, one) == (stack_mask([r1, g2]),)
    assert lowest_place(b1, one) == (stack_mask([r1]), stack_mask([b1]))
    full = (stack_mask([r1]), stack_mask([parse_card("R2")]), stack_mask([parse_card("B1")]))
    assert lowest_place(parse_card("R3"), full) == (full[0], full[1], stack_mask([b1, parse_card("R3")]))
    assert lowest_place(parse_card("R1"), full) is None


def simulate(snap: dict[str, Any], draws: int, games: int, seed: int) -> float:
    """Share of ``games`` push turns from ``snap`` that bust within ``draws`` draws, played
    through the State: draw, a card drawn with the engine's chance probabilities, placed
    at its lowest legal place (the least PLACE action), draw again."""
    start = State.from_snapshot(snap)
    rng = random.Random(seed)
    busts = 0
    for _ in range(games):
        state = start.copy()
        for _ in range(draws):
            if DRAW not in state.legal_actions():
                break                       # the deck is out: the turn ends without a bust
            state.apply_action(DRAW)
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            if state.phase == "roll":       # the card had no place (PU-P5): the die is due
                busts += 1
                break
            if state.phase == "place":
                state.apply_action(min(state.legal_actions()))
    return busts / games


@pytest.mark.parametrize(("stacks", "deck", "draws", "seed"), [
    ([["R1", "B2"], ["G3"], []], {"R2": 1, "R3": 1, "B1": 1, "G1": 1, "Y1": 1, "Y3": 1, "P2": 1,
                                  "roll": 2, "switch": 1}, 5, 1),
    ([], {"R1": 2, "R2": 1, "B1": 2, "B2": 1, "G1": 1, "roll": 3, "switch": 2}, 6, 2),
    ([["Y5", "roll"], ["P5"], ["Y6"]], {"Y1": 2, "P6": 2, "G5": 1, "roll": 2, "B6": 1, "switch": 4}, 3, 3),
])
def test_enumeration_agrees_with_20000_simulated_turns(stacks: list[list[str]], deck: dict[str, int],
                                                       draws: int, seed: int) -> None:
    snap = position(stacks, deck)
    exact = bust_probability_by_enumeration(snap, draws)
    games = 20_000
    p = float(exact)
    assert 0.05 < p < 0.95                  # a real test: neither certain nor impossible
    half = 3.3 * math.sqrt(p * (1 - p) / games)       # 99.9% binomial interval
    assert abs(simulate(snap, draws, games, seed) - p) <= half


def test_bad_input_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="enumeration takes at most"):
        bust_probability_by_enumeration(position([]), 2)       # the full deck
    assert MAX_ENUMERATION_DECK == 12
    with pytest.raises(ValueError, match="draws must be an int"):
        bust_probability_by_enumeration(position([], {"R1": 1, "switch": 1}), -1)
    with pytest.raises(ValueError, match="place the drawn card first"):
        bust_probability(position([["R1"]], card="R2", phase="place"))
    with pytest.raises(ValueError, match="the deck is empty"):
        bust_probability({"phase": "decide", "deck": {}, "stacks": [["R1"], [], []]})
    with pytest.raises(TypeError, match="PUSH state or its snapshot"):
        bust_probability(42)
    with pytest.raises(ValueError, match="no 'deck' field"):
        deck_counts({"phase": "decide"})
    with pytest.raises(ValueError, match="int >= 0"):
        deck_counts({"deck": {"R1": -1}})
