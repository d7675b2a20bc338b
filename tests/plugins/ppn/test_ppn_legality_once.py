"""A record's move has its legality checked once (issue 19, "Work done once"): each
game's PPN dialect reads a move token to its action and plays it with the one checked
``apply_action``, whose IllegalMoveError names the rule; ``pickpack.move.apply_text``
does the same for any state with the ``parse_action`` hook (Pig, the generic dialect)."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack import IllegalMoveError
from pickpack.game import GameState
from pickpack.move import Move, apply_text
from pickpack.record_dialect import GenericDialect, dialect_named

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))
from pickpack_pig import GAME as PIG  # noqa: E402
from pickpack_pig import PigState  # noqa: E402

CALLS: Counter[str] = Counter()
GAMES = {"pickpack": {"seed": 3}, "push": {"players": 3, "seed": 5}, "pacru": {"players": 2}}


def counting(state: GameState) -> Any:
    """A state of ``state``'s class and position that counts its legality checks:
    check_action, the checked apply_action and parse_move (which checks too)."""
    base: Any = type(state)

    class Counting(base):  # type: ignore[misc, valid-type]
        def check_action(self, action: int) -> Any:
            CALLS["check_action"] += 1
            return super().check_action(action)

        def apply_action(self, action: int) -> None:
            CALLS["apply_action"] += 1
            super().apply_action(action)

        def parse_move(self, text: str) -> Move:
            CALLS["parse_move"] += 1
            return super().parse_move(text)

    return Counting.from_snapshot(state.snapshot())


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


class CountingPig(PigState):
    """Pig (a StateBase: the parse_action hook) counting its legality checks."""

    def _check_action(self, action: int) -> tuple[str, str] | None:
        CALLS["check"] += 1
        return super()._check_action(action)

    def parse_move(self, text: str) -> Move:
        CALLS["parse_move"] += 1
        return super().parse_move(text)


def _pig() -> CountingPig:
    return CountingPig.from_snapshot(PIG.new_state(players=2, seed=1).snapshot())


def test_apply_text_checks_a_state_with_parse_action_once() -> None:
    state = _pig()
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        text = state.action_text(action)
        CALLS.clear()
        assert apply_text(state, text) == Move(action, text)
        assert CALLS == {"check": 1}


def test_the_generic_dialect_applies_a_move_with_one_check() -> None:
    state = _pig()
    dialect = GenericDialect(PIG)
    text = state.action_text(state.legal_actions()[0])
    CALLS.clear()
    dialect.apply_move(state, text)
    assert CALLS == {"check": 1}


def test_apply_text_refuses_an_illegal_move_with_the_error_parse_move_gives() -> None:
    state = _pig()
    assert not state.is_chance_node()
    with pytest.raises(IllegalMoveError) as expected:
        state.copy().parse_move("d1")       # a die face at a decision (PIG-3, from parse_action)
    CALLS.clear()
    with pytest.raises(IllegalMoveError) as info:
        apply_text(state, "d1")
    assert str(info.value) == str(expected.value) and info.value.rule == expected.value.rule == "PIG-3"
    assert CALLS == {} and state.history_actions() == []


def test_apply_text_takes_only_text() -> None:
    with pytest.raises(TypeError, match="move text must be a str, not int"):
        apply_text(_pig(), 3)  # type: ignore[arg-type]
