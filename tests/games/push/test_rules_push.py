"""PUSH pushing: drawing, where a card may go, stopping and going too far (PU-P1..P5),
and the Facts of the rules file about busts and stack sizes, with values worked out by
hand.

Card types: R1..R6 = 0..5, B = 6..11, G = 12..17, Y = 18..23, P = 24..29, roll 30,
switch 31; decisions: draw 0, stop 1, bank 2..6, place 7..9, take 10..12.
Positions: tests/games/push/positions.py.
"""

from __future__ import annotations

from typing import Any

from pickpack.games.push.encoding import DRAW, PLACE, ROLL, STOP, SWITCH
from tests.games.push.positions import (bank, bench, broken_rule, discard, impl, load, play,  # noqa: F401
                                  stacks, texts)

# --- PU-P2: where a drawn card may go ---------------------------------------------------


def test_pu_p2_the_first_card_starts_the_first_stack(impl: Any) -> None:
    """PU-P2: no stack yet, so the only place is a new stack, place-1; placing is a
    decision even with one choice."""
    st = play(load(impl, 4), "draw G4")
    assert (st.phase, st.current_player, st.snapshot()["card"]) == ("place", "p1", "G4")
    assert texts(st) == ["place-1"]
    play(st, "place-1")
    assert (st.phase, stacks(st)) == ("decide", [["G4"], [], []])


def test_pu_p2_a_card_of_the_same_colour_may_not_join(impl: Any) -> None:
    """PU-P2: R3 may not join [R1] (both red): only a new stack, place-2; place-1 breaks
    PU-P2, and so does place-3 (no stack 2 yet: stack 3 is not the next new one)."""
    st = play(load(impl, 4), "draw R1 place-1 draw R3")
    assert texts(st) == ["place-2"]
    assert broken_rule(st, PLACE + 0) == "PU-P2"
    assert broken_rule(st, PLACE + 2) == "PU-P2"


def test_pu_p2_a_card_of_the_same_value_may_not_join(impl: Any) -> None:
    """PU-P2: B1 may not join [R1] (both value 1): only place-2."""
    st = play(load(impl, 4), "draw R1 place-1 draw B1")
    assert texts(st) == ["place-2"]


def test_pu_p2_a_new_stack_may_be_started_even_when_the_card_fits(impl: Any) -> None:
    """PU-P2: B2 fits [R1] (other colour, other value) and may also start stack 2."""
    st = play(load(impl, 4), "draw R1 place-1 draw B2")
    assert texts(st) == ["place-1", "place-2"]
    play(st, "place-2")
    assert stacks(st) == [["R1"], ["B2"], []]


def test_pu_p2_a_card_joins_a_stack_with_other_colours_and_values(impl: Any) -> None:
    """PU-P2: [R1, B2] then G3 joins stack 1: [R1, B2, G3] (card-type order)."""
    st = play(load(impl, 4), "draw R1 place-1 draw B2 place-1 draw G3 place-1")
    assert stacks(st) == [["R1", "B2", "G3"], [], []]


def test_pu_p2_a_roll_card_joins_only_a_stack_without_one(impl: Any) -> None:
    """PU-P2: a roll card has no colour and no value: it joins [R1] (place-1). A second
    roll card may not join [R1, roll]: only a new stack (place-2)."""
    st = play(load(impl, 4), "draw R1 place-1 draw roll")
    assert texts(st) == ["place-1", "place-2"]
    play(st, "place-1 draw roll")
    assert texts(st) == ["place-2"]
    assert broken_rule(st, PLACE + 0) == "PU-P2"


def test_pu_p2_a_number_card_joins_a_stack_holding_a_roll_card(impl: Any) -> None:
    """PU-P2: the roll card excludes no colour or value: Y5 joins [roll]."""
    st = play(load(impl, 4), "draw roll place-1 draw Y5")
    assert texts(st) == ["place-1", "place-2"]


def test_pu_p2_never_a_fourth_stack(impl: Any) -> None:
    """PU-P2: three stacks [R1], [B2], [G3]. Y4 fits all three and there is no fourth
    place: place-1..3. R2 is excluded from [R1] (colour) and [B2] (value): only place-3."""
    st = play(load(impl, 4), "draw R1 place-1 draw B2 place-2 draw G3 place-3 draw Y4")
    assert texts(st) == ["place-1", "place-2", "place-3"]
    st = play(load(impl, 4), "draw R1 place-1 draw B2 place-2 draw G3 place-3 draw R2")
    assert texts(st) == ["place-3"]
    assert broken_rule(st, PLACE + 0) == "PU-P2" and broken_rule(st, PLACE + 1) == "PU-P2"


def test_pu_p2_the_drawn_card_must_be_placed_before_anything_else(impl: Any) -> None:
    """PU-P2 (contract): in phase place, draw and stop break PU-P2."""
    st = play(load(impl, 4), "draw R1")
    assert broken_rule(st, DRAW) == "PU-P2" and broken_rule(st, STOP) == "PU-P2"


# --- PU-P3: the switch card -------------------------------------------------------------


def test_pu_p3_a_switch_card_never_joins_a_stack(impl: Any) -> None:
    """PU-P3: with [R1] on the table, a switch card skips phase place: stacks unchanged,
    no drawn card, switch pile 1, phase decide."""
    st = play(load(impl, 4), "draw R1 place-1 draw switch")
    assert (st.phase, st.snapshot()["card"], stacks(st)) == ("decide", None, [["R1"], [], []])
    assert st.snapshot()["switches"] == 1


# --- PU-P4: draw again or stop ------------------------------------------------------------


def test_pu_p4_a_push_turn_draws_at_least_one_card(impl: Any) -> None:
    """PU-P4: at the start of a turn, stop is not a move (only draw, and banking a colour
    on the bench: none here)."""
    st = load(impl, 4)
    assert texts(st) == ["draw"]
    assert broken_rule(st, STOP) == "PU-P4"


def test_pu_p4_after_placing_the_player_draws_again_or_stops(impl: Any) -> None:
    """PU-P4: after placing R1: draw or stop, p1 still deciding."""
    st = play(load(impl, 4), "draw R1 place-1")
    assert (st.phase, st.current_player, texts(st)) == ("decide", "p1", ["draw", "stop"])


def test_pu_p4_an_empty_deck_forces_the_stop(impl: Any) -> None:
    """PU-P4: 2 players, the deck holds only R1. After drawing and placing it, the deck is
    empty: stop is the only move; draw breaks PU-P4."""
    st = play(load(impl, 2, deck={"R1": 1}), "draw R1 place-1")
    assert st.deck_size == 0 and texts(st) == ["stop"]
    assert broken_rule(st, DRAW) == "PU-P4"


# --- PU-P5: going too far -------------------------------------------------------------------


BUST_SCRIPT = "draw R1 place-1 draw R2 place-2 draw R3 place-3 draw R4"


def test_pu_p5_a_card_without_a_legal_place_busts(impl: Any) -> None:
    """PU-P5: stacks [R1], [R2], [R3]; R4 is red like each of them and a fourth stack is
    not allowed: bust. R4 goes to the discard pile, no card awaits placement, the stacks
    stay, and the busting player p1 (seat 0) rolls the die. Deck 120 - 4 = 116."""
    st = play(load(impl, 4), BUST_SCRIPT)
    assert (st.phase, st.actor, st.snapshot()["card"]) == ("roll", 0, None)
    assert stacks(st) == [["R1"], ["R2"], ["R3"]]
    assert discard(st) == {"R4": 1} and st.deck_size == 116


def test_pu_p5_the_busting_player_collects_nothing_the_others_do(impl: Any) -> None:
    """PU-P5, PU-K2: after the bust and a star (nothing lost), seat 1 (next clockwise)
    chooses first, then seats 2 and 3; the collection comes back to seat 0, who gets
    nothing; seat 1's turn starts."""
    st = play(load(impl, 4), BUST_SCRIPT + " die-star")
    assert (st.phase, st.actor, st.current_player) == ("collect", 1, "p2")
    assert texts(st) == ["take-1", "take-2", "take-3"]
    play(st, "take-2 take-1 take-3")
    assert [bench(st, s) for s in range(4)] == [[], ["R2"], ["R1"], ["R3"]]
    assert (st.phase, st.turn) == ("start", 1)


def test_pu_p5_the_bust_roll_hits_the_busting_players_bench(impl: Any) -> None:
    """PU-P5, PU-R1: p1's bench B5, B6, G1, bank B1. Bust, then die-B: both blue bench
    cards are discarded (with R4: discard B5, B6, R4), G1 stays, the bank keeps B1."""
    st = play(load(impl, 4, benches={0: ["B5", "B6", "G1"]}, banks={0: ["B1"]}), BUST_SCRIPT + " die-B")
    assert (bench(st, 0), bank(st, 0)) == (["G1"], ["B1"])
    assert discard(st) == {"R4": 1, "B5": 1, "B6": 1}


def test_pu_p5_a_roll_card_without_a_place_busts(impl: Any) -> None:
    """PU-P5: each of the three stacks holds a roll card; a fourth roll card has no place:
    bust, the roll card is discarded."""
    st = play(load(impl, 4), "draw roll place-1 draw roll place-2 draw roll place-3 draw roll")
    assert (st.phase, st.actor) == ("roll", 0)
    assert discard(st) == {"roll": 1}


def test_pu_p5_with_three_players_the_third_stack_is_discarded(impl: Any) -> None:
    """PU-P5, PU-K3: 3 players, bust: seats 1 and 2 take one stack each, then the
    collection is back at seat 0: the last stack (R3) is discarded with R4."""
    st = play(load(impl, 3), BUST_SCRIPT + " die-star take-1 take-2")
    assert [bench(st, s) for s in range(3)] == [[], ["R1"], ["R2"]]
    assert (st.phase, st.turn, stacks(st)) == ("start", 1, [[], [], []])
    assert discard(st) == {"R3": 1, "R4": 1}


def test_pu_p5_after_a_bust_against_the_clock_the_previous_seat_collects_first(impl: Any) -> None:
    """PU-P5, PU-K2, PU-S2: one switch on the pile (direction -1): after seat 0 busts,
    seat 3 chooses first, then seat 2, then seat 1."""
    st = play(load(impl, 4, switches=1), BUST_SCRIPT + " die-star")
    assert st.actor == 3
    play(st, "take-3")
    assert st.actor == 2
    play(st, "take-1")
    assert st.actor == 1
    play(st, "take-2")
    assert [bench(st, s) for s in range(4)] == [[], ["R2"], ["R1"], ["R3"]]


# --- Facts ----------------------------------------------------------------------------------


def test_fact_no_bust_before_the_fourth_card_placed(impl: Any) -> None:
    """Facts: every first, second and third card (all 31 placeable types, every legal
    placement of the first two) has a legal place: with at most two stacks a new one is
    always allowed (PU-P2). Enumerated through the engine: 31 first cards x every
    placement of every second card x 31 third cards."""
    root = play(load(impl, 4), "draw")
    third_cards_checked = 0
    for first in range(ROLL + 1):
        one = root.copy()
        one.apply_action(first)
        assert one.phase == "place" and one.legal_actions() == [PLACE]
        one.apply_action(PLACE)
        one.apply_action(DRAW)
        for second in range(ROLL + 1):
            drawn = one.copy()
            drawn.apply_action(second)
            assert drawn.phase == "place"
            for place in drawn.legal_actions():
                two = drawn.copy()
                two.apply_action(place)
                two.apply_action(DRAW)
                for third, _ in two.chance_outcomes():
                    if third == SWITCH:
                        continue
                    three = two.copy()
                    three.apply_action(third)
                    assert three.phase == "place", (first, second, place, third)
                    third_cards_checked += 1
    # 31 first cards x 31 second cards, each may start stack 2; it may also join [first]
    # when the pair differs in colour and value: number on number 30 x 20 (of 30 number
    # types, 6 share the colour and 5 the value, 10 in all with the card itself), a roll
    # on any number 30, a number on the roll 30, never roll on roll: 660. Placements
    # 31*31 + 660 = 1621, each followed by 31 third cards: 50251.
    assert third_cards_checked == (31 * 31 + 660) * 31 == 50251


def test_fact_the_fourth_card_can_bust(impl: Any) -> None:
    """Facts: the bound is tight: the 4th placed card may bust (R4 after [R1] [R2] [R3])."""
    assert play(load(impl, 4), BUST_SCRIPT).phase == "roll"


EIGHTEEN = [("R1", 1), ("R2", 2), ("R3", 3), ("B2", 1), ("B3", 2), ("B4", 3), ("G3", 1), ("G4", 2),
            ("G5", 3), ("Y4", 1), ("Y5", 2), ("Y6", 3), ("P5", 1), ("P6", 2), ("P1", 3),
            ("roll", 1), ("roll", 2), ("roll", 3)]


def test_fact_stacks_hold_at_most_six_and_the_19th_placed_card_busts(impl: Any) -> None:
    """Facts: three stacks of 6 (one card of each colour + a roll card), built by 18
    placements: [R1 B2 G3 Y4 P5 roll], [R2 B3 G4 Y5 P6 roll], [R3 B4 G5 Y6 P1 roll]. Then
    every number card shares a colour with a card of each stack and every roll card meets
    a roll card: each of the 31 placeable outcomes busts; only the switch card (31) does
    not (it is never placed, PU-P3)."""
    st = load(impl, 4)
    for card, stack in EIGHTEEN:
        play(st, f"draw {card}")
        assert f"place-{stack}" in texts(st), (card, texts(st))
        play(st, f"place-{stack}")
    assert [len(s) for s in stacks(st)] == [6, 6, 6]
    assert stacks(st) == [["R1", "B2", "G3", "Y4", "P5", "roll"], ["R2", "B3", "G4", "Y5", "P6", "roll"],
                          ["R3", "B4", "G5", "Y6", "P1", "roll"]]
    play(st, "draw")
    # 120 - 18 = 102 cards left; every type still has copies (R1: 3-1 = 2, roll 18-3 = 15).
    assert st.deck_size == 102 and [a for a, _ in st.chance_outcomes()] == list(range(32))
    for outcome in range(32):
        nineteenth = st.copy()
        nineteenth.apply_action(outcome)
        assert nineteenth.phase == ("decide" if outcome == SWITCH else "roll"), outcome
