"""A record's move has its legality checked once (issue 19, "Work done once"): each
built-in game's PPN dialect reads a move token to its action and plays it with the one
checked ``apply_action``, whose IllegalMoveError names the rule (legal moves and
illegal ones alike; pickpack.move.apply_text: tests/engine/test_apply_text.py)."""

from __future__ import annotations

import random

import pytest

import pickpack
from pickpack import IllegalMoveError
from pickpack.game import GameState
from pickpack.records.dialect import dialect_named
from tests.support.legality_counts import CALLS, counting

GAMES = {"pickpack": {"seed": 3}, "push": {"players": 3, "seed": 5}, "pacru": {"players": 2}}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_move_of_a_record_is_checked_once(name: str) -> None:
    dialect = dialect_named(name)
    state = counting(pickpack.new_game(name, **GAMES[name]))
    rng = random.Random(7)
    plies = 0
    while not state.is_terminal() and plies < 120:
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        text = state.action_text(action)
        CALLS.clear()
        move = dialect.apply_move(state, text)
        assert (move.action, move.text) == (action, text)
        assert CALLS == {"apply_action": 1}, (plies, text)
        plies += 1
    assert plies > 20


def _illegal(state: GameState) -> tuple[str, tuple[str, str]]:
    """The text of an action that has one here but is not legal, with its (rule, reason)."""
    for action in range(400):
        problem = state.check_action(action)
        if problem is None:
            continue
        try:
            return state.action_text(action), problem
        except IllegalMoveError:
            continue
    raise AssertionError("no illegal action with a text")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_illegal_move_of_a_record_is_checked_once_and_names_its_rule(name: str) -> None:
    plain = pickpack.new_game(name, **GAMES[name])
    rng = random.Random(1)
    for _ in range(30):                 # into the game (Pick & Pack: past the placements)
        outcomes = plain.chance_outcomes()
        plain.apply_action(rng.choice([a for a, _ in outcomes] if outcomes else plain.legal_actions()))
    text, (rule, reason) = _illegal(plain)
    state = counting(plain)
    CALLS.clear()
    with pytest.raises(IllegalMoveError) as info:
        dialect_named(name).apply_move(state, text)
    assert (info.value.rule, info.value.reason) == (rule, reason)
    assert CALLS == {"apply_action": 1}
    assert state.snapshot() == plain.snapshot() and state.history_actions() == []
