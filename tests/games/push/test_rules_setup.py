"""PUSH components, turn order and switch cards (PU-C1..C3, PU-T1..T2, PU-S1..S3, the
first-card Fact), with values worked out by hand from the rules file.

Card types: R1..R6 = 0..5, B = 6..11, G = 12..17, Y = 18..23, P = 24..29, roll 30,
switch 31; die outcomes 32..37 (R B G Y P star). Positions: tests/games/push/positions.py.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import pickpack
from pickpack import CHANCE
from tests.games.push.positions import bench, impl, load, play, snapshot, stacks, texts  # noqa: F401

# --- PU-C1, PU-C3: the deck -------------------------------------------------------------


def test_pu_c1_full_deck_of_a_four_player_game(impl: Any) -> None:
    """PU-C1: 5 colours x 6 values x 3 copies = 90 number cards + 18 roll + 12 switch =
    120; every number card type has 3 copies."""
    st = load(impl, 4)
    deck = st.snapshot()["deck"]
    assert len(deck) == 32 and sum(deck.values()) == 120 and st.deck_size == 120
    assert all(deck[f"{c}{v}"] == 3 for c in "RBGYP" for v in range(1, 7))
    assert (deck["roll"], deck["switch"]) == (18, 12)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_pu_c1_every_count_from_three_players_uses_all_120_cards(impl: Any, players: int) -> None:
    """PU-C1/PU-C3: only 2 players remove the switch cards; 3..6 players play all 120."""
    assert load(impl, players).deck_size == 120


def test_pu_c3_two_players_play_without_switch_cards(impl: Any) -> None:
    """PU-C3: 120 - 12 switch cards = 108; the first draw has 31 outcomes (30 number
    types + roll), no switch outcome: roll 18/108 = 1/6, each number card 3/108 = 1/36."""
    st = load(impl, 2)
    assert st.deck_size == 108 and "switch" not in st.snapshot()["deck"]
    play(st, "draw")
    outcomes = dict(st.chance_outcomes())
    assert sorted(outcomes) == list(range(31))
    assert outcomes[30] == Fraction(1, 6) and outcomes[0] == Fraction(1, 36)
    assert sum(outcomes.values()) == 1
    assert st.check_action(31) is not None and st.check_action(31)[0] == "PU-C1"


def test_fact_first_card_probabilities_of_a_fresh_120_card_deck(impl: Any) -> None:
    """Facts / PU-P1: the first card is a roll card with probability 18/120 = 3/20, a
    switch card with 12/120 = 1/10, each of the 30 number types 3/120 = 1/40; the outcomes
    are the types 0..31 in increasing order."""
    st = play(load(impl, 4), "draw")
    assert st.is_chance_node() and st.current_player_id() == CHANCE
    pairs = st.chance_outcomes()
    assert [a for a, _ in pairs] == list(range(32))
    assert [p for a, p in pairs if a < 30] == [Fraction(1, 40)] * 30
    assert dict(pairs)[30] == Fraction(3, 20) and dict(pairs)[31] == Fraction(1, 10)
    assert sum(p for _, p in pairs) == 1
    assert st.legal_actions() == list(range(32))


def test_pu_p1_draw_probabilities_follow_the_cards_left(impl: Any) -> None:
    """PU-P1: 2 players, a deck of R1 x2, B2 x1, roll x1 (4 cards; everything else
    discarded): R1 2/4 = 1/2, B2 1/4, roll 1/4. After drawing R1 (placed, then draw
    again) the deck is R1, B2, roll: 1/3 each."""
    st = load(impl, 2, deck={"R1": 2, "B2": 1, "roll": 1})
    play(st, "draw")
    assert st.chance_outcomes() == [(0, Fraction(1, 2)), (7, Fraction(1, 4)), (30, Fraction(1, 4))]
    play(st, "R1 place-1 draw")
    assert st.chance_outcomes() == [(0, Fraction(1, 3)), (7, Fraction(1, 3)), (30, Fraction(1, 3))]
    assert st.deck_size == 3


def test_pu_c2_die_faces_have_probability_one_sixth_each(impl: Any) -> None:
    """PU-C2: after a bust (R4 cannot join stacks R1 / R2 / R3) the player rolls: six
    outcomes 32..37 (five colours and the star), exactly 1/6 each."""
    st = play(load(impl, 4), "draw R1 place-1 draw R2 place-2 draw R3 place-3 draw R4")
    assert st.phase == "roll" and st.is_chance_node()
    assert st.chance_outcomes() == [(a, Fraction(1, 6)) for a in range(32, 38)]
    assert texts(st) == ["die-R", "die-B", "die-G", "die-Y", "die-P", "die-star"]


def test_pu_c_new_game_starts_from_the_full_deck() -> None:
    """PU-C1, PU-T1, PU-T2: new_game("push") builds the contract's start position: phase
    start, seat 0 to move, 120 cards (108 with 2 players), direction clockwise."""
    st = pickpack.new_game("push", players=4, seed=3)
    assert st.snapshot() == snapshot(4)
    assert (st.phase, st.turn, st.actor, st.deck_size, st.direction) == ("start", 0, 0, 120, 1)
    assert st.players == ("p1", "p2", "p3", "p4") and st.current_player == "p1"
    assert pickpack.new_game("push", players=2).deck_size == 108
    assert st.options == {"hard": False, "switch_per_turn": False}
    assert pickpack.new_game("push", players=3, variant="hard").options == {"hard": True, "switch_per_turn": False}
    assert pickpack.new_game("push", players=3, variant="switch-per-turn").options == {
        "hard": False, "switch_per_turn": True}


# --- PU-T1: turn order -----------------------------------------------------------------


def test_pu_t1_turn_order_wraps_after_the_last_seat(impl: Any) -> None:
    """PU-T1: 3 players, seat 2 (p3) to move with R1 on the bench (and B2 discarded: the
    two turns before drew at least two cards, a reachable position): banking red ends
    the turn and seat (2+1) mod 3 = 0 moves next."""
    st = load(impl, 3, turn=2, benches={2: ["R1"]}, discard=["B2"])
    assert st.current_player == "p3" and texts(st) == ["draw", "bank-R"]
    play(st, "bank-R")
    assert (st.phase, st.turn, st.actor, st.current_player) == ("start", 0, 0, "p1")


def test_pu_t1_each_seat_moves_in_order(impl: Any) -> None:
    """PU-T1: 2 players. p1 pushes R3 and takes it; p2 (the next collector) finds no stack
    left; turn 1. p2 pushes B5 and takes it; turn wraps to 0."""
    st = load(impl, 2)
    play(st, "draw R3 place-1 stop take-1")
    assert (st.phase, st.turn, st.current_player) == ("start", 1, "p2")
    play(st, "draw B5 place-1 stop take-1")
    assert (st.phase, st.turn, st.current_player) == ("start", 0, "p1")
    assert (bench(st, 0), bench(st, 1)) == (["R3"], ["B5"])


# --- PU-T2, PU-K1: collection direction ---------------------------------------------------


def three_stacks(impl: Any, players: int = 4, **fields: Any) -> Any:
    """Seat 0 builds stacks [R1], [B2], [G3] and stops: phase collect, seat 0 first."""
    return play(load(impl, players, **fields), "draw R1 place-1 draw B2 place-2 draw G3 place-3 stop")


def test_pu_t2_collection_starts_clockwise(impl: Any) -> None:
    """PU-T2, PU-K1: no switch card drawn, direction +1. p1 takes stack 2 (B2), then p2
    (seat 1) chooses among stacks 1 and 3 and takes 3 (G3), then p3 (seat 2) takes the
    last (R1). p4 gets nothing; the turn passes to seat 1."""
    st = three_stacks(impl)
    assert st.direction == 1 and (st.phase, st.actor) == ("collect", 0)
    assert texts(st) == ["take-1", "take-2", "take-3"]
    play(st, "take-2")
    assert (st.phase, st.actor, st.current_player) == ("collect", 1, "p2")
    assert texts(st) == ["take-1", "take-3"]
    play(st, "take-3")
    assert (st.actor, texts(st)) == (2, ["take-1"])
    play(st, "take-1")
    assert [bench(st, s) for s in range(4)] == [["B2"], ["G3"], ["R1"], []]
    assert (st.phase, st.turn, st.actor) == ("start", 1, 1)


def test_pu_s2_an_odd_switch_pile_collects_counterclockwise(impl: Any) -> None:
    """PU-S2, PU-S3: one switch card on the pile (11 left in the deck): direction -1. p1
    takes stack 1 (R1); then seat (0-1) mod 4 = 3 (p4) takes stack 2, seat 2 (p3) stack
    3. The turn still passes to seat 1 (PU-S3: turn order unchanged)."""
    st = three_stacks(impl, switches=1)
    assert st.snapshot()["deck"]["switch"] == 11
    assert st.direction == -1
    play(st, "take-1")
    assert st.actor == 3 and st.current_player == "p4"
    play(st, "take-2 take-3")
    assert [bench(st, s) for s in range(4)] == [["R1"], [], ["G3"], ["B2"]]
    assert (st.phase, st.turn, st.direction) == ("start", 1, -1)


def test_pu_s2_an_even_switch_pile_is_clockwise_again(impl: Any) -> None:
    """PU-S2: two switch cards on the pile: two reversals, direction +1; after p1, seat 1
    collects."""
    st = three_stacks(impl, switches=2)
    assert st.direction == 1
    play(st, "take-1")
    assert st.actor == 1


def test_pu_s1_a_drawn_switch_goes_to_the_pile_and_counts_as_the_played_card(impl: Any) -> None:
    """PU-S1, PU-P3, PU-P4: the switch card joins no stack; the pile grows to 1, this
    turn's count to 1, the deck shrinks to 119; the player may now stop (the switch was
    the turn's played card). Stopping with no stack ends the turn at once."""
    st = play(load(impl, 3), "draw switch")
    assert (st.phase, st.snapshot()["card"], stacks(st)) == ("decide", None, [[], [], []])
    assert (st.snapshot()["switches"], st.snapshot()["turn_switches"], st.deck_size) == (1, 1, 119)
    assert st.direction == -1
    assert texts(st) == ["draw", "stop"]
    play(st, "stop")
    assert (st.phase, st.turn, st.snapshot()["switches"], st.snapshot()["turn_switches"]) == ("start", 1, 1, 0)


def test_pu_s2_a_switch_drawn_mid_turn_reverses_this_collection(impl: Any) -> None:
    """PU-S2: p1 places R1, draws a switch (pile 1: direction -1), places B2, stops and
    takes stack 1; the next collector is seat 3 (p4), who takes B2. The pile persists:
    at seat 1's turn the direction is still -1 (turn_switches back to 0)."""
    st = play(load(impl, 4), "draw R1 place-1 draw switch draw B2 place-2 stop take-1")
    assert (st.actor, st.direction) == (3, -1)
    play(st, "take-2")
    assert (bench(st, 0), bench(st, 3)) == (["R1"], ["B2"])
    assert (st.phase, st.turn, st.direction) == ("start", 1, -1)
    assert (st.snapshot()["switches"], st.snapshot()["turn_switches"]) == (1, 0)


def test_pu_s2_variant_switch_per_turn_counts_only_this_turns_switches(impl: Any) -> None:
    """PU-S2 variant switch-per-turn: 3 switch cards on the pile, none drawn this turn:
    direction +1 (default rules: 3 is odd, -1). From a pile of 2: p1 draws a switch
    (pile 3, this turn 1: -1), places R1, stops, takes it. Seat 1's turn starts with this
    turn's count 0: +1 although the pile (3) is odd; seat 1 builds two stacks, takes one,
    and seat 2 (clockwise) collects next, not seat 0."""
    assert load(impl, 4, switches=3, switch_per_turn=True).direction == 1
    assert load(impl, 4, switches=3).direction == -1
    st = play(load(impl, 4, switches=2, switch_per_turn=True), "draw switch")
    assert (st.snapshot()["switches"], st.snapshot()["turn_switches"], st.direction) == (3, 1, -1)
    play(st, "draw R1 place-1 stop take-1")
    assert (st.phase, st.turn, st.direction) == ("start", 1, 1)
    assert (st.snapshot()["switches"], st.snapshot()["turn_switches"]) == (3, 0)
    play(st, "draw B2 place-1 draw G3 place-2 stop take-1")
    assert (st.phase, st.actor) == ("collect", 2)


def test_pu_s3_switch_cards_never_change_the_turn_order(impl: Any) -> None:
    """PU-S3: with direction -1 (one switch on the pile), seat 1 moves after seat 0 and
    seat 2 after seat 1 (the collection goes the other way)."""
    st = load(impl, 3, switches=1)
    play(st, "draw R1 place-1 stop take-1")
    assert st.turn == 1
    play(st, "draw B1 place-1 stop take-1")
    assert st.turn == 2
