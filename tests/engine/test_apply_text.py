"""``pickpack.move.apply_text`` plays a move given as text with its legality checked
once (issue 19, "Work done once"): a state with the ``parse_action`` hook
(pickpack.state_base; Pig here) reads the text to its action and the checked
``apply_action`` is the one check; the generic PPN dialect and a bot's text answer
(``checked_move``, the match runner) go through it."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pickpack import IllegalMoveError
from pickpack.bots import checked_move
from pickpack.errors import BotFault
from pickpack.move import Move, apply_text
from pickpack.records.dialect import GenericDialect

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))
from pickpack_pig import GAME as PIG  # noqa: E402
from pickpack_pig import PigState  # noqa: E402

CALLS: Counter[str] = Counter()


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


class Says:
    """A bot that answers the text it is given."""

    name = "says"

    def __init__(self, text: str) -> None:
        self.text = text

    def choose(self, state: Any) -> str:
        return self.text


def test_a_bots_text_answer_is_checked_once() -> None:
    state = _pig()
    CALLS.clear()
    move = checked_move(Says("roll"), state)  # type: ignore[arg-type]
    assert move == Move(0, "roll") and state.history_actions() == []
    assert CALLS == {"check": 1}
    fault = checked_move(Says("d1"), state)  # type: ignore[arg-type]
    assert isinstance(fault, BotFault) and fault.kind == "illegal" and "PIG-3" in str(fault)
