"""The match runner does each piece of work once (issue 19, "Work done once"): per
decision one canonical text (``action_text``) and one legality check (the checked
``apply_action``), per match one look-up of the game; and its results carry the actions
(pickpack.match.result)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

import pickpack.match.runner as match_module
from pickpack.game_check import check_game
from pickpack.match import GameResult as MatchGameResult
from pickpack.match import play_game, play_match
from pickpack.match.result import GameResult
from pickpack.move import Move
from tests.support.nplayer_game import GAME, DiceState

CALLS: Counter[str] = Counter()


class CountingDice(DiceState):
    """The dice race counting the work done on the runner's own state (the bots get
    copies, which are plain DiceStates and not counted)."""

    def action_text(self, action: int) -> str:
        CALLS["text"] += 1
        return super().action_text(action)

    def check_action(self, action: int) -> tuple[str, str] | None:
        CALLS["legality"] += 1          # apply_action checks through check_action too
        return super().check_action(action)

    def apply_action(self, action: int) -> None:
        CALLS["apply"] += 1
        super().apply_action(action)

    def parse_move(self, text: str) -> Move:
        CALLS["parse"] += 1
        return super().parse_move(text)


def _counting_factory(players: int, seed: int | None, *, rounds: int) -> CountingDice:
    return CountingDice(players, rounds)


COUNTING = dataclasses.replace(GAME, name="counting-dice", factory=_counting_factory)


class AlwaysRoll:
    """Answers a Move it wrote itself (roll is action 1), without asking the state."""

    name = "roll"

    def choose(self, state: Any) -> Move:
        return Move(1, "roll")


class SaysRoll(AlwaysRoll):
    """Answers move text."""

    def choose(self, state: Any) -> Any:
        return "roll"


class Mislabels(AlwaysRoll):
    """Answers roll's action with safe's text."""

    def choose(self, state: Any) -> Move:
        return Move(1, "safe")


def _play(monkeypatch: pytest.MonkeyPatch, bot: type[AlwaysRoll]) -> GameResult:
    monkeypatch.setattr(match_module, "make_bot", lambda *a, **k: bot())
    check_game(COUNTING)            # the load check plays the game itself, once per process
    CALLS.clear()
    return play_game(["b", "b"], 0, 3, game=COUNTING)


def test_a_decision_answered_as_a_move_is_written_once_and_checked_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(monkeypatch, AlwaysRoll)
    # 2 rounds x 2 seats, every decision a roll: 4 decisions and 4 die outcomes
    assert result.plies == 4 and len(result.moves) == 8
    assert CALLS == {"text": 8, "legality": 8, "apply": 8}


def test_a_decision_answered_as_text_is_read_once_and_applied_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(monkeypatch, SaysRoll)
    assert result.plies == 4
    # parse_move gives the canonical text itself (the dice race reads it from
    # legal_moves, which writes each legal move); apply_action is the one apply
    assert CALLS["parse"] == 4 and CALLS["apply"] == 8


def test_a_move_whose_text_is_not_its_action_loses_as_illegal(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(monkeypatch, Mislabels)
    assert result.fault == "illegal"
    assert result.forfeit is not None
    assert "move safe does not belong to this position (here action 1 is roll)" in result.forfeit
    assert CALLS["apply"] == 0


def test_results_carry_the_actions_beside_their_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(monkeypatch, AlwaysRoll)
    assert result.actions[0::2] == [1, 1, 1, 1]                       # every decision: roll
    assert [f"d{a + 1}" for a in result.actions[1::2]] == result.moves[1::2]
    assert result.moves[0::2] == ["roll"] * 4


def test_game_result_is_importable_where_it_was() -> None:
    assert MatchGameResult is GameResult


def test_a_match_looks_its_game_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    looked_up: list[str] = []
    real = match_module.get_game

    def counting(name: str = "pickpack") -> Any:
        looked_up.append(name)
        return real(name)

    monkeypatch.setattr(match_module, "get_game", counting)
    match_module._worker_game.cache_clear()
    summary = play_match(["random", "random"], 4, 0, game="pickpack")
    assert summary.games_played == 4
    assert looked_up == ["pickpack"]


class ParsingDice(CountingDice):
    """The counting dice race with the ``parse_action`` hook (pickpack.state_base)."""

    def parse_action(self, text: str) -> int:
        CALLS["parse_action"] += 1
        return int(text[1:]) - 1 if self.rolling else ("safe", "roll").index(text)


PARSING = dataclasses.replace(GAME, name="parsing-dice",
                              factory=lambda players, seed, *, rounds: ParsingDice(players, rounds))


def test_a_decision_answered_as_text_is_checked_once_where_the_state_parses_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_module, "make_bot", lambda *a, **k: SaysRoll())
    check_game(PARSING)
    CALLS.clear()
    result = play_game(["b", "b"], 0, 3, game=PARSING)
    assert result.plies == 4 and result.moves[0::2] == ["roll"] * 4
    # each text read to its action once, each action checked once (the checked apply_action)
    assert CALLS["parse_action"] == 4 and CALLS["parse"] == 0
    assert CALLS["legality"] == 8 and CALLS["apply"] == 8
