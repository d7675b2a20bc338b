"""PUSH's rollout policy (core/push/push_policy.h), the playouts of its C MCTS: each
phase's rule on positions worked out by hand, legality along whole games, termination
within MAX_GAME_LENGTH, and the batch of policy games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickpack.games.push import _core
from pickpack.games.push.encoding import (BANK, CARD_TEXT, DRAW, MAX_GAME_LENGTH, PLACE, STOP, TAKE,
                                          full_deck)
from pickpack.games.push.state import State

NUMBERS = 30


def two_players(phase: str, *, stacks: list[list[str]], deck: dict[str, int] | None = None,
                benches: list[list[str]] | None = None, card: str | None = None,
                actor: int = 0) -> State:
    """A two-player position of p1's turn; the deck defaults to every card not shown."""
    benches = benches or [[], []]
    if deck is None:
        counts = full_deck(2)
        for card_text in [c for stack in stacks for c in stack] + [c for b in benches for c in b] + (
                [card] if card else []):
            counts[CARD_TEXT.index(card_text)] -= 1
        deck = {CARD_TEXT[t]: n for t, n in enumerate(counts) if n}
    snap: dict[str, Any] = {
        "players": 2, "hard": False, "switch_per_turn": False, "phase": phase, "turn": 0,
        "actor": actor, "card": card, "deck": deck, "stacks": stacks, "benches": benches,
        "banks": [[], []], "switches": 0, "turn_switches": 0,
    }
    return State.from_snapshot(snap)


def test_the_constants() -> None:
    assert (_core.POLICY_BANK_AT, _core.POLICY_RISK, _core.POLICY_EPSILON) == (10, 0.3, 0.1)


@pytest.mark.parametrize("bench,action", [
    (["R1", "R2", "R3", "R4", "B6"], BANK + 0),      # red 10 >= 10: bank red
    (["R1", "R2", "R3", "B6"], DRAW),                # red 6, blue 6: below 10, push
    (["B4", "B6", "G4", "G6"], BANK + 1),            # blue 10 and green 10: the lower colour
    (["P6", "P5", "R2"], BANK + 4),                  # purple 11
    ([], DRAW),
])
def test_start_banks_the_best_colour_from_ten_points(bench: list[str], action: int) -> None:
    st = two_players("start", stacks=[[], [], []], benches=[bench, ["R6", "R5", "R4"]])
    assert _core.policy_action(st) == action


def test_place_joins_the_stack_it_takes_and_keeps_the_roll_card_apart() -> None:
    # G5 on [R3]: joining, p1 takes 8 alone (margin 8); a new stack, p1 takes 5, p2 3 (margin 2).
    assert _core.policy_action(two_players("place", stacks=[["R3"], [], []], card="G5")) == PLACE + 0
    # R5 may not join [R3] (a red card): the only place is a new stack.
    assert _core.policy_action(two_players("place", stacks=[["R3"], [], []], card="R5")) == PLACE + 1
    # roll on [R3]: joining is worth 3 - 3/6 = 2.5; apart p1 takes 3, p2 the roll card (0): 3.
    assert _core.policy_action(two_players("place", stacks=[["R3"], [], []], card="roll")) == PLACE + 1


BLOCKED = [["R2", "B3"], ["R3", "B4"], ["R4", "B5"]]     # every red and blue card busts


@pytest.mark.parametrize("deck,action", [
    # No bust card: G1 joins [R4, B5] (10 against p2's 7: margin 3 > 2 now).
    ({"G1": 3}, DRAW),
    # Bust 1/4 <= 0.3, but 3/4 x 3 + 1/4 x (-9: p2 takes 9) = 0 < 2: stop.
    ({"R1": 1, "G1": 3}, STOP),
    # Bust 2/3 > 0.3.
    ({"R1": 2, "G1": 1}, STOP),
    ({"R1": 1}, STOP),
])
def test_decide_weighs_the_next_card(deck: dict[str, int], action: int) -> None:
    st = two_players("decide", stacks=[list(s) for s in BLOCKED], deck=deck)
    assert _core.policy_action(st) == action


def test_decide_draws_on_one_small_stack() -> None:
    """The search's old failure: stopping after one stack. On [R3] with the rest of the
    deck no card busts and the expected margin of one more card is above 3."""
    assert _core.policy_action(two_players("decide", stacks=[["R3"], [], []])) == DRAW


@pytest.mark.parametrize("bench,action", [
    ([], TAKE + 2),                                  # 9 - 9/6 = 7.5 beats 6 and 3
    (["G6", "Y6"], TAKE + 1),                        # 9 - 21/6 = 5.5: B6 (6) is worth more
])
def test_collect_takes_the_stack_worth_most(bench: list[str], action: int) -> None:
    st = two_players("collect", stacks=[["R1", "G2"], ["B6"], ["Y5", "P4", "roll"]],
                     benches=[[], bench], actor=1)
    assert _core.policy_action(st) == action


def test_refuses_chance_nodes_finished_games_and_other_states() -> None:
    st = State(3)
    st.apply_action(DRAW)
    with pytest.raises(ValueError, match="chance"):
        _core.policy_action(st)
    with pytest.raises(TypeError, match="PUSH State"):
        _core.policy_action("start")


@pytest.mark.parametrize("players,hard,switch_per_turn", [
    (2, False, False), (3, True, False), (4, False, True), (5, False, False), (6, True, True),
])
def test_whole_games_by_the_policy_are_legal_and_end_in_time(players: int, hard: bool,
                                                             switch_per_turn: bool) -> None:
    rng = random.Random(players)
    for _ in range(3):
        st = State(players, hard=hard, switch_per_turn=switch_per_turn)
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                action = _core.policy_action(st)
                assert st.check_action(action) is None
                st.apply_action(action)
        assert st.ply <= MAX_GAME_LENGTH


def test_policy_games_are_deterministic_in_the_seed_and_end_in_time() -> None:
    a = _core.policy_games(300, 4, seed=3)
    assert a == _core.policy_games(300, 4, seed=3)
    assert a != _core.policy_games(300, 4, seed=4)
    assert a["games"] == 300 and a["plies"] <= 300 * MAX_GAME_LENGTH
    assert sum(a["wins"].values()) == pytest.approx(300)
    # PU-C1: 3 copies of 1..6 in five colours, 315 points; the seats never hold more.
    assert 0 < sum(a["mean_scores"].values()) <= 5 * 3 * 21
    with pytest.raises(ValueError, match="players"):
        _core.policy_games(1, 7, seed=1)
    with pytest.raises(ValueError, match="n must"):
        _core.policy_games(-1, 4, seed=1)
    with pytest.raises(TypeError, match="n must"):
        _core.policy_games(2.0, 4, seed=1)  # type: ignore[arg-type]
