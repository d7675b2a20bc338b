"""PUSH positions the rules cannot reach are refused (issue 22 item 5; docs/push.md,
"Positions the rules can reach").

Each impossible position below was accepted before; it is refused now, by the C loader
alone (push_load), with the field, the 1-based column in the position string and the
rule. The reference (RefState) shares that check and refuses the same positions.

Columns of a position string ``P O PHASE T A C DECK STACKS ...``: players 1, options 3,
phase 5; with a phase of n letters the turn is at 6 + n, the actor at 8 + n, the card
at 10 + n and the deck (36 characters: 30 digits, ``.18``, ``.12``) at 12 + n; the
stacks follow at 49 + n. So for ``decide`` (6 letters) the deck is at 18 and the stacks
at 55; for ``roll`` (4) deck 16; for ``start`` (5) turn 11; ``collect`` (7) actor 15,
stacks 56.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import pickpack
from pickpack.errors import PositionError, SnapshotError
from pickpack.games.push.reference import RefState
from pickpack.games.push.state import State
from tests.support import reachable
from tests.support.reachable import assert_reachable, refusal

IMPLEMENTATIONS = (State, RefState)


def where(text: str) -> tuple[str, int, str]:
    return refusal(IMPLEMENTATIONS, text)


def loads(text: str) -> None:
    reachable.loads(IMPLEMENTATIONS, text)


# --- the two instances ----------------------------------------------------------


def test_decide_with_every_stack_empty_is_refused_at_stacks() -> None:
    """The issue's instance: phase decide follows a card placed this turn (it lies on a
    stack: nothing leaves the stacks while pushing) or a drawn switch card (PU-P4,
    PU-S1). Here R1 is gone from the deck, but no stack holds a card and no switch card
    was drawn this turn. Stacks at column 49 + 6 = 55."""
    text = "4 - decide 0 0 - 233333333333333333333333333333.18.12 -/-/- -/-/-/- -/-/-/- 0 0"
    assert where(text) == ("stacks", 55, "PU-P4")
    # The real position: R1 placed on stack 1.
    loads("4 - decide 0 0 - 233333333333333333333333333333.18.12 R1/-/- -/-/-/- -/-/-/- 0 0")


def test_decide_after_a_switch_card_with_empty_stacks_loads() -> None:
    """The first card of the turn was a switch card (PU-S1): decide with no stack, one
    switch card drawn this turn (turn_switches 1) is reachable."""
    loads("4 - decide 0 0 - 333333333333333333333333333333.18.11 -/-/- -/-/-/- -/-/-/- 1 1")


def test_roll_with_the_full_deck_and_no_discard_is_refused_at_deck() -> None:
    """The issue's instance: a roll follows a bust (three stacks, PU-P5) or taking a
    stack with a roll card, which is discarded (PU-K4). With the full deck nothing is
    on the discard pile. Deck at column 12 + 4 = 16."""
    text = "4 - roll 0 0 - 333333333333333333333333333333.18.12 -/-/- -/-/-/- -/-/-/- 0 0"
    assert where(text) == ("deck", 16, "PU-K4")
    # The real position: p1 drew the roll card, placed it, stopped and took it.
    st = State(4)
    for move in ("draw", "roll", "place-1", "stop", "take-1"):
        st.apply(move)
    assert st.to_position() == "4 - roll 0 0 - 333333333333333333333333333333.17.12 -/-/- -/-/-/- -/-/-/- 0 0"
    loads(st.to_position())


# --- the die and the bust -----------------------------------------------------------------


def test_a_bust_roll_needs_a_discarded_card_that_fits_no_stack() -> None:
    """2 players, stacks R1/R2/R3, the active seat rolls: with three stacks that is a
    bust's roll, so the card that fitted none lies on the discard pile (PU-P5). A
    discarded B1 fits R2's and R3's stacks (other colour, other value): refused at the
    deck (column 16); a discarded red card (R1) busts: loads."""
    assert where("2 - roll 0 0 - 222333233333333333333333333333.18.0 R1/R2/R3 -/- -/- 0 0") == ("deck", 16, "PU-P5")
    assert where("2 - roll 0 0 - 222333333333333333333333333333.18.0 R1/R2/R3 -/- -/- 0 0") == ("deck", 16, "PU-P5")
    loads("2 - roll 0 0 - 122333333333333333333333333333.18.0 R1/R2/R3 -/- -/- 0 0")


def test_a_roll_by_a_later_collector_needs_the_stacks_it_and_the_others_took() -> None:
    """4 players, no switch card (seat order): turn 0, seat 2 rolls, so seats 0, 1 and 2
    took a stack each after a stop (or 1 and 2 after a bust), leaving at most 3 - 2 = 1;
    two stacks hold cards: refused at the actor (column 8 + 4 = 12, PU-K1). Seat 1
    rolling (at most 2 left) loads."""
    assert where("4 - roll 0 2 - 233333323333333333333333333333.17.12 R1/B2/- -/-/-/- -/-/-/- 0 0") == \
        ("actor", 12, "PU-K1")
    loads("4 - roll 0 1 - 233333323333333333333333333333.17.12 R1/B2/- -/-/-/- -/-/-/- 0 0")


# --- the collection -----------------------------------------------------------------------


def test_a_collector_far_from_the_active_seat_leaves_fewer_stacks() -> None:
    """4 players, seat order: seat 3 collects in turn 0, so seats 0, 1, 2 took a stack
    (after a stop; 1, 2 after a bust), at most 4 - 3 = 1 left; two hold cards: refused
    at the actor, column 8 + 7 = 15 (PU-K1). With one switch card on the pile the
    direction is reversed (PU-S2): seat 3 is then the first after seat 0, and it loads."""
    assert where("4 - collect 0 3 - 233333323333333333333333333333.18.12 R1/B2/- -/-/-/- -/-/-/- 0 0") == \
        ("actor", 15, "PU-K1")
    loads("4 - collect 0 3 - 233333323333333333333333333333.18.11 R1/B2/- -/-/-/- -/-/-/- 1 1")


def test_the_active_seat_collects_from_the_stacks_the_push_left() -> None:
    """The active seat takes first (PU-K1), from stacks 1..k as the push filled them
    (PU-P2): R1/-/G3 has a gap at stack 2. Stacks at column 49 + 7 = 56, stack 2 at
    56 + len('R1/') = 59. R1/G3/- loads."""
    assert where("4 - collect 0 0 - 233333333333332333333333333333.18.12 R1/-/G3 -/-/-/- -/-/-/- 0 0") == \
        ("stacks", 59, "PU-P2")
    loads("4 - collect 0 0 - 233333333333332333333333333333.18.12 R1/G3/- -/-/-/- -/-/-/- 0 0")


# --- whose turn ------------------------------------------------------------------------------


def test_a_late_seat_to_move_needs_the_cards_of_the_turns_before() -> None:
    """Every finished turn drew a card (PU-P4) or banked one (PU-B2): seat 3 moving means
    3 finished turns, but one card was drawn (R1, on p1's bench) and none or one banked.
    Turn at column 6 + 5 = 11 (PU-T1). Seat 1 (one turn before) loads, and so does seat
    2 when R1 was banked (one push, one bank)."""
    assert where("4 - start 3 3 - 233333333333333333333333333333.18.12 -/-/- R1/-/-/- -/-/-/- 0 0") == \
        ("turn", 11, "PU-T1")
    assert where("4 - start 3 3 - 233333333333333333333333333333.18.12 -/-/- -/-/-/- R1/-/-/- 0 0") == \
        ("turn", 11, "PU-T1")
    loads("4 - start 1 1 - 233333333333333333333333333333.18.12 -/-/- R1/-/-/- -/-/-/- 0 0")
    loads("4 - start 2 2 - 233333333333333333333333333333.18.12 -/-/- -/-/-/- R1/-/-/- 0 0")


def test_the_snapshot_error_is_structured() -> None:
    """from_snapshot's SnapshotError names field, stack index and rule (the position
    string's column is computed from them)."""
    snap = State.from_position("4 - collect 0 0 - 233333333333332333333333333333.18.12 R1/G3/- -/-/-/- -/-/-/- 0 0"
                               ).snapshot()
    snap["stacks"] = [["R1"], [], ["G3"]]
    for cls in IMPLEMENTATIONS:
        with pytest.raises(SnapshotError) as info:
            cls.from_snapshot(snap)
        assert (info.value.field, info.value.player, info.value.index, info.value.rule) == ("stacks", None, 1, "PU-P2")


def test_the_unchecked_load_skips_only_reachability() -> None:
    """checked=False (hand-built test positions, the process-bot protocol) takes the
    issue's decide position, but not a card count above the full deck (PU-C1)."""
    text = "4 - decide 0 0 - 233333333333333333333333333333.18.12 -/-/- -/-/-/- -/-/-/- 0 0"
    for cls in IMPLEMENTATIONS:
        assert cls.from_position(text, checked=False).phase == "decide"
        with pytest.raises(PositionError) as info:     # R1: 3 in the deck and 1 on a bench
            cls.from_position("4 - decide 0 0 - 333333333333333333333333333333.18.12 R1/-/- -/-/-/- "
                              "-/-/-/- 0 0", checked=False)
        assert info.value.rule == "PU-C1"


# --- no false positives -------------------------------------------------------------------------


def random_game_positions(seed: int) -> list[str]:
    """Every position of one random game: players 2..6 and the four option sets by seed;
    decisions favour drawing (greed 0.5..0.95) so that busts and full stacks occur,
    chance outcomes uniform over the legal ones."""
    rng = random.Random(seed)
    st = State(2 + seed % 5, hard=bool(seed // 5 % 2), switch_per_turn=bool(seed // 10 % 2))
    greed = (0.5, 0.8, 0.95)[seed % 3]
    out = [st.to_position()]
    while not st.is_terminal():
        actions = st.legal_actions()
        draw = not st.is_chance_node() and 0 in actions and rng.random() < greed
        st.apply_action(0 if draw else rng.choice(actions))
        out.append(st.to_position())
    return out


@pytest.mark.parametrize("seed", range(20))
def test_every_position_of_a_random_game_is_reachable(seed: int) -> None:
    for text in random_game_positions(seed):
        assert_reachable(IMPLEMENTATIONS, text)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 400))
def test_every_position_of_many_random_games_is_reachable(seed: int) -> None:
    for text in random_game_positions(seed):
        assert_reachable(IMPLEMENTATIONS, text)


@settings(max_examples=60, deadline=None)
@given(players=hs.integers(2, 6), hard=hs.booleans(), switch_per_turn=hs.booleans(),
       choices=hs.lists(hs.integers(0, 2**16), max_size=400))
def test_positions_along_any_line_of_play_are_reachable(players: int, hard: bool, switch_per_turn: bool,
                                                        choices: list[int]) -> None:
    """Hypothesis picks the line of play (each choice an index into the legal actions):
    every position on it loads (checked) and round-trips."""
    st: Any = pickpack.new_game("push", players=players, hard=hard, switch_per_turn=switch_per_turn)
    for choice in choices:
        if st.is_terminal():
            break
        actions = st.legal_actions()
        st.apply_action(actions[choice % len(actions)])
        text = st.to_position()
        assert State.from_position(text).to_position() == text
        assert State.from_snapshot(st.snapshot()).to_position() == text
