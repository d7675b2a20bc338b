"""PUSH collecting, the die and banking (PU-K1..K4, PU-R1..R3, PU-B1..B2), with values
worked out by hand.

Decisions: draw 0, stop 1, bank-R..bank-P 2..6, place-1..3 7..9, take-1..3 10..12.
Positions: tests/games/push/positions.py.
"""

from __future__ import annotations

from typing import Any

from pickpack.games.push.encoding import BANK, DRAW, STOP, TAKE
from tests.games.push.positions import (bank, bench, broken_rule, discard, impl, load, play,  # noqa: F401
                                  stacks, texts)

THREE_STACKS = "draw R1 place-1 draw B2 place-2 draw G3 place-3 stop"

# --- PU-K1: the active player first, then one stack each in the direction -----------------


def test_pu_k1_the_active_player_takes_first_any_stack(impl: Any) -> None:
    """PU-K1: after stopping, p1 (the active player) chooses among all three stacks."""
    st = play(load(impl, 4), THREE_STACKS)
    assert (st.phase, st.actor, st.current_player, texts(st)) == ("collect", 0, "p1",
                                                                   ["take-1", "take-2", "take-3"])
    play(st, "take-3")
    assert bench(st, 0) == ["G3"] and stacks(st) == [["R1"], ["B2"], []]


def test_pu_k1_one_stack_each_while_stacks_remain(impl: Any) -> None:
    """PU-K1: 6 players, 3 stacks: seats 0, 1, 2 take one each; seats 3..5 get none and
    the turn passes to seat 1."""
    st = play(load(impl, 6), THREE_STACKS + " take-1 take-2 take-3")
    assert [bench(st, s) for s in range(6)] == [["R1"], ["B2"], ["G3"], [], [], []]
    assert (st.phase, st.turn, st.actor) == ("start", 1, 1)


def test_pu_k1_a_single_stack_goes_to_the_active_player(impl: Any) -> None:
    """PU-K1: one stack [R1, B2]: p1 takes both cards, nobody else collects."""
    st = play(load(impl, 4), "draw R1 place-1 draw B2 place-1 stop")
    assert texts(st) == ["take-1"]
    play(st, "take-1")
    assert bench(st, 0) == ["R1", "B2"] and (st.phase, st.turn) == ("start", 1)


def test_pu_k1_collectors_choose_only_non_empty_stacks(impl: Any) -> None:
    """PU-K1 (contract): after p1 takes stack 1, take-1 (now empty) and any non-take
    decision break PU-K1 for p2."""
    st = play(load(impl, 4), THREE_STACKS + " take-1")
    assert texts(st) == ["take-2", "take-3"]
    assert broken_rule(st, TAKE + 0) == "PU-K1"
    assert broken_rule(st, DRAW) == "PU-K1"
    assert broken_rule(st, STOP) == "PU-K1"
    assert broken_rule(st, BANK + 0) == "PU-K1"


# --- PU-K3: leftovers are discarded -------------------------------------------------------


def test_pu_k3_two_players_take_at_most_two_of_three_stacks(impl: Any) -> None:
    """PU-K3: 2 players, stacks [R1] [B2] [G3]: p1 takes stack 1, p2 stack 2; the
    collection is back at p1, so G3 is discarded. Deck 108 - 3 = 105."""
    st = play(load(impl, 2), THREE_STACKS + " take-1 take-2")
    assert (bench(st, 0), bench(st, 1)) == (["R1"], ["B2"])
    assert stacks(st) == [[], [], []] and discard(st) == {"G3": 1}
    assert (st.phase, st.turn, st.deck_size) == ("start", 1, 105)


# --- PU-K4, PU-R1, PU-R2, PU-R3: a stack with a roll card --------------------------------

ROLL_STACK = "draw R1 place-1 draw G2 place-1 draw roll place-1 draw B3 place-2 stop take-2 take-1"


def test_pu_k4_cards_go_to_the_bench_first_then_the_taker_rolls(impl: Any) -> None:
    """PU-K4: 3 players. p1 takes [B3]; p2 (bench G5, bank G4) takes [R1, G2, roll]: the
    number cards join p2's bench (R1 G2 G5), the roll card is discarded, and p2 (seat 1)
    rolls the die."""
    st = play(load(impl, 3, benches={1: ["G5"]}, banks={1: ["G4"]}), ROLL_STACK)
    assert (st.phase, st.actor, st.is_chance_node()) == ("roll", 1, True)
    assert bench(st, 1) == ["R1", "G2", "G5"] and bench(st, 0) == ["B3"]
    assert discard(st) == {"roll": 1}


def test_pu_r1_a_colour_discards_that_colour_from_the_rollers_bench_only(impl: Any) -> None:
    """PU-R1: in the PU-K4 position p2 rolls green: G2 (just collected) and G5 are
    discarded, R1 stays; the bank's G4 is safe; p1's bench is untouched. Then the
    collection advances to seat 2, no stack left: seat 1's turn."""
    st = play(load(impl, 3, benches={1: ["G5"], 0: ["G6"]}, banks={1: ["G4"]}), ROLL_STACK + " die-G")
    assert (bench(st, 1), bank(st, 1)) == (["R1"], ["G4"])
    assert bench(st, 0) == ["B3", "G6"]
    assert discard(st) == {"roll": 1, "G2": 1, "G5": 1}
    assert (st.phase, st.turn) == ("start", 1)


def test_pu_r1_a_colour_the_roller_lacks_discards_nothing(impl: Any) -> None:
    """PU-R1: rolling purple with no purple card on the bench changes nothing."""
    st = play(load(impl, 3, benches={1: ["G5"]}), ROLL_STACK + " die-P")
    assert bench(st, 1) == ["R1", "G2", "G5"] and discard(st) == {"roll": 1}


def test_pu_r2_the_star_loses_nothing(impl: Any) -> None:
    """PU-R2: the star: p2's bench keeps R1, G2, G5; only the roll card is discarded."""
    st = play(load(impl, 3, benches={1: ["G5"]}), ROLL_STACK + " die-star")
    assert bench(st, 1) == ["R1", "G2", "G5"] and discard(st) == {"roll": 1}


def test_pu_r3_hard_the_star_discards_the_whole_bench_but_not_the_bank(impl: Any) -> None:
    """PU-R3: variant hard: the star discards p2's whole bench (R1, G2, G5); the bank
    (G4) stays."""
    st = play(load(impl, 3, benches={1: ["G5"]}, banks={1: ["G4"]}, hard=True), ROLL_STACK + " die-star")
    assert (bench(st, 1), bank(st, 1)) == ([], ["G4"])
    assert discard(st) == {"roll": 1, "R1": 1, "G2": 1, "G5": 1}


def test_pu_r3_hard_a_colour_still_discards_only_that_colour(impl: Any) -> None:
    """PU-R3: with hard, a colour face works as PU-R1: red discards only R1."""
    st = play(load(impl, 3, benches={1: ["G5"]}, hard=True), ROLL_STACK + " die-R")
    assert bench(st, 1) == ["G2", "G5"]


def test_pu_k4_the_active_player_rolls_before_the_others_collect(impl: Any) -> None:
    """PU-K4, PU-K1: p1 takes [R1, roll]: p1 (seat 0) rolls; red: R1 is discarded at
    once. Then seat 1 collects [B2]."""
    st = play(load(impl, 4), "draw R1 place-1 draw roll place-1 draw B2 place-2 stop take-1")
    assert (st.phase, st.actor, bench(st, 0)) == ("roll", 0, ["R1"])
    play(st, "die-R")
    assert bench(st, 0) == [] and (st.phase, st.actor) == ("collect", 1)
    play(st, "take-2")
    assert bench(st, 1) == ["B2"] and discard(st) == {"R1": 1, "roll": 1}


def test_pu_k4_a_stack_of_only_a_roll_card_still_rolls(impl: Any) -> None:
    """PU-K4: p1 takes [roll] alone: nothing joins the bench, the roll card is discarded,
    p1 rolls yellow and loses Y2 from the bench."""
    st = play(load(impl, 2, benches={0: ["Y2", "B1"]}), "draw roll place-1 stop take-1")
    assert (st.phase, st.actor) == ("roll", 0)
    play(st, "die-Y")
    assert bench(st, 0) == ["B1"] and discard(st) == {"roll": 1, "Y2": 1}
    assert (st.phase, st.turn) == ("start", 1)


# --- PU-B1, PU-B2: banking -------------------------------------------------------------------


def test_pu_b1_banking_moves_every_bench_card_of_the_colour(impl: Any) -> None:
    """PU-B1: p1's bench R1, R3, B2, bank R2: banking red moves R1 and R3 (bank R1 R2 R3),
    B2 stays; the turn ends (no card drawn: deck still 120 - 4 = 116)."""
    st = load(impl, 4, benches={0: ["R1", "R3", "B2"]}, banks={0: ["R2"]})
    assert texts(st) == ["draw", "bank-R", "bank-B"]
    play(st, "bank-R")
    assert (bench(st, 0), bank(st, 0)) == (["B2"], ["R1", "R2", "R3"])
    assert (st.phase, st.turn, st.deck_size) == ("start", 1, 116)


def test_pu_b1_a_colour_may_be_banked_again_on_a_later_turn(impl: Any) -> None:
    """PU-B1: 2 players. p1 banks red (R1). p2 pushes [R4] [G1], takes G1; p1 collects R4.
    p1 banks red again: bank R1 R4, bench B2."""
    st = load(impl, 2, benches={0: ["R1", "B2"]})
    play(st, "bank-R draw R4 place-1 draw G1 place-2 stop take-2 take-1")
    assert (st.turn, bench(st, 0), bank(st, 0), bench(st, 1)) == (0, ["R4", "B2"], ["R1"], ["G1"])
    assert texts(st) == ["draw", "bank-R", "bank-B"]
    play(st, "bank-R")
    assert (bench(st, 0), bank(st, 0)) == (["B2"], ["R1", "R4"])


def test_pu_b2_only_colours_on_the_bench_may_be_banked(impl: Any) -> None:
    """PU-B2: bench B2, Y1, Y6 (bank R5 does not count): legal draw, bank-B, bank-Y;
    bank-R (red only in the bank), bank-G and bank-P break PU-B2."""
    st = load(impl, 4, benches={0: ["B2", "Y1", "Y6"]}, banks={0: ["R5"]})
    assert texts(st) == ["draw", "bank-B", "bank-Y"]
    for colour in (0, 2, 4):
        assert broken_rule(st, BANK + colour) == "PU-B2"


def test_pu_b1_banking_is_only_instead_of_pushing(impl: Any) -> None:
    """PU-B1, PU-P4: once p1 has drawn, banking is no longer a move (p1's bench R1)."""
    st = play(load(impl, 4, benches={0: ["R1"]}), "draw B3 place-1")
    assert texts(st) == ["draw", "stop"]
    assert broken_rule(st, BANK + 0) == "PU-P4"


def test_pu_k3_after_a_roll_the_collection_still_stops_at_the_active_player(impl: Any) -> None:
    """PU-K4, PU-K3: 2 players. p1 takes [B2]; p2 takes [R1, roll] and rolls blue (no
    blue on p2's bench: nothing lost); the collection is back at p1: [G3] is discarded,
    seat 1's turn starts."""
    st = play(load(impl, 2), "draw R1 place-1 draw roll place-1 draw B2 place-2 draw G3 place-3 stop "
                             "take-2 take-1")
    assert (st.phase, st.actor, bench(st, 1)) == ("roll", 1, ["R1"])
    play(st, "die-B")
    assert (st.phase, st.turn, stacks(st)) == ("start", 1, [[], [], []])
    assert (bench(st, 0), bench(st, 1)) == (["B2"], ["R1"])
    assert discard(st) == {"roll": 1, "G3": 1}
