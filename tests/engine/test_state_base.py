"""pickpack.state_base.StateBase: the GameState protocol derived from a game's hooks.

The game here is a toy race written only as hooks: two seats take turns adding 1
(action 0, ``one``) or 2 (action 1, ``two``) to a shared total; after each decision a
biased coin (a chance node: outcome 0 ``tails`` weight 1, outcome 1 ``heads`` weight 3)
adds 1 more on heads. Whoever brings the total to 5 or more wins (rule ids TOY-1..TOY-3).
"""

from __future__ import annotations

import pickle
from fractions import Fraction
from typing import Any

import pytest

from pickpack import CHANCE, TERMINAL, Game, GameState, IllegalMoveError, Move, MoveSyntaxError
from pickpack.errors import NotAnActionError, NothingToUndoError
from pickpack.game import seat_names
from pickpack.state_base import StateBase, exact_outcomes

_COIN = ((0, 1), (1, 3))


class Race(StateBase):
    move_rule = "TOY-1"

    def __init__(self) -> None:
        self.total = 0
        self.seat = 0
        self.coin = False
        self.winner: int | None = None
        self.log: list[int] = []           # mutable state, to check copies are independent

    @property
    def players(self) -> tuple[str, ...]:
        return ("p1", "p2")

    @property
    def game(self) -> Game[Any]:
        return Game("race", "Race", lambda players, seed: Race(), seat_names(), 2, 2, 2, 20, -1.0, 1.0,
                    max_chance_outcomes=2)

    def current_player_id(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.coin else self.seat

    def legal_actions(self) -> list[int]:
        return [] if self.winner is not None else [0, 1]

    def chance_weights(self) -> tuple[tuple[int, int], ...]:
        return _COIN if self.coin and self.winner is None else ()

    def _check_action(self, action: int) -> tuple[str, str] | None:
        if self.winner is not None:
            return "TOY-3", "the race is over"
        if action not in (0, 1):
            return ("TOY-2", f"the coin falls 0 or 1, not {action}") if self.coin else \
                ("TOY-1", f"add 1 (action 0) or 2 (action 1), not {action}")
        return None

    def _apply_action(self, action: int) -> tuple[int, int, bool]:
        token = (self.total, self.seat, self.coin)
        self.total += action + (0 if self.coin else 1)
        self.log.append(action)
        if self.total >= 5:
            self.winner, self.coin = self.seat, False
            return token
        if self.coin:
            self.seat = 1 - self.seat
        self.coin = not self.coin
        return token

    def _undo(self, token: tuple[int, int, bool]) -> None:
        self.total, self.seat, self.coin = token
        self.winner = None
        self.log.pop()

    def _action_text(self, action: int) -> str:
        names = ("tails", "heads") if self.coin else ("one", "two")
        if action in (0, 1):
            return names[action]
        raise IllegalMoveError.for_action(action, "TOY-2" if self.coin else "TOY-1", "no such action")

    def parse_action(self, text: str) -> int:
        names = ("tails", "heads") if self.coin else ("one", "two")
        if text.strip() not in names:
            raise MoveSyntaxError(f"expected {' or '.join(names)}", text, 1)
        return names.index(text.strip())

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in range(2)]

    def scores(self) -> dict[str, int]:
        return {"total": self.total}

    def snapshot(self) -> dict[str, Any]:
        return {"total": self.total, "seat": self.seat, "coin": self.coin, "winner": self.winner}

    def to_position(self) -> str:
        return f"{self.total} {self.seat}{'c' if self.coin else ''}"

    def zobrist_hash(self) -> int:
        return hash((self.total, self.seat, self.coin)) & (2**64 - 1)


def played(*texts: str) -> Race:
    state = Race()
    for text in texts:
        state.apply(text)
    return state


def test_a_state_of_hooks_is_a_game_state() -> None:
    state = Race()
    assert isinstance(state, GameState)
    assert state.num_players == 2 and state.current_player == "p1" and state.current_player_id() == 0
    assert not state.is_terminal() and not state.is_chance_node()
    assert state.legal_moves() == [Move(0, "one"), Move(1, "two")]
    assert repr(state) == "Race.from_position('0 0')"
    assert state.options == {}


def test_chance_outcomes_are_exact_fractions_of_the_weights_and_the_same_objects_each_time() -> None:
    state = played("two")
    assert state.is_chance_node() and state.current_player is None
    outcomes = state.chance_outcomes()
    assert outcomes == [(0, Fraction(1, 4)), (1, Fraction(3, 4))] and sum(p for _, p in outcomes) == 1
    assert [id(pair) for pair in state.chance_outcomes()] == [id(pair) for pair in outcomes]
    assert Race().chance_outcomes() == []
    with pytest.raises(ValueError, match="a chance weight is an int > 0, not 0"):
        exact_outcomes(((0, 0), (1, 1)))


def test_a_non_int_action_is_not_an_action() -> None:
    state = Race()
    for value in ("1", 1.0, True, None):
        with pytest.raises(NotAnActionError) as caught:
            state.apply_action(value)  # type: ignore[arg-type]
        assert isinstance(caught.value, TypeError) and caught.value.rule == "action space"
        assert str(caught.value) == f"not an action: {value!r} (a {type(value).__name__}): action space: an action is an int"
        with pytest.raises(NotAnActionError):
            state.check_action(value)  # type: ignore[arg-type]
    assert state.history_actions() == []


def test_an_illegal_action_names_rule_reason_and_text_and_leaves_the_state() -> None:
    state = Race()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply_action(7)
    assert str(caught.value) == "illegal action 7: TOY-1: add 1 (action 0) or 2 (action 1), not 7"
    assert (caught.value.rule, caught.value.action, caught.value.text) == ("TOY-1", 7, "")
    over = played("two", "heads", "two")                     # 2 + 1, then 2 more: 5
    assert over.is_terminal() and over.winners() == ("p2",) and over.returns() == [-1.0, 1.0]
    with pytest.raises(IllegalMoveError) as caught:
        over.apply_action(0)
    assert str(caught.value) == "illegal move one (action 0): TOY-3: the race is over"
    assert over.snapshot() == {"total": 5, "seat": 1, "coin": False, "winner": 1}
    assert over.check_action(0) == ("TOY-3", "the race is over")


def test_parse_move_checks_legality_and_apply_refuses_a_move_of_another_position() -> None:
    assert Race().parse_move(" two ") == Move(1, "two")
    with pytest.raises(MoveSyntaxError):
        Race().parse_move("three")
    with pytest.raises(IllegalMoveError) as caught:
        played("two", "heads", "two").parse_move("one")
    assert (caught.value.rule, caught.value.text, caught.value.action) == ("TOY-3", "one", 0)
    state = played("one")                                    # a coin: action 0 is tails here
    with pytest.raises(IllegalMoveError, match="does not belong to this position") as caught:
        state.apply(Move(0, "one"))
    assert caught.value.rule == "TOY-1" and state.history_actions() == [0]
    with pytest.raises(TypeError, match="^apply\\(\\) takes a Move or move text, not int$"):
        state.apply(0)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="^illegal action 5: TOY-2: no such action$"):
        state.action_text(5)


def test_undo_history_and_copies() -> None:
    with pytest.raises(NothingToUndoError, match="^nothing to undo"):
        Race().undo()
    state = played("two", "tails", "one")
    assert state.history_actions() == [1, 0, 0]
    assert state.history() == [Move(1, "two"), Move(0, "tails"), Move(0, "one")]
    other = state.copy()
    other.apply("heads")
    assert other.log == [1, 0, 0, 1] and state.log == [1, 0, 0] and state.history_actions() == [1, 0, 0]
    assert other != state
    other.undo()
    assert other == state and other.history_actions() == state.history_actions()
    state.undo()
    state.undo()
    state.undo()
    assert state == Race() and state.log == [] and other.log == [1, 0, 0]
    back = pickle.loads(pickle.dumps(other))
    assert back == other and back.history_actions() == [1, 0, 0]


def test_observation_defaults_to_the_snapshot_for_every_seat() -> None:
    state = played("one")
    assert state.observation(0) == state.observation("p2") == state.snapshot()
    with pytest.raises(ValueError, match="^player must be a seat 0..1 or one of p1, p2, not 'p3'$"):
        state.observation("p3")
    with pytest.raises(ValueError, match="^player must be a seat 0..1 or one of p1, p2, not 2$"):
        state.observation(2)
    with pytest.raises(TypeError, match="^player must be a seat or a name, not float$"):
        state.observation(1.0)  # type: ignore[arg-type]


def test_perft_counts_chance_outcomes_as_branches_and_playout_is_seeded() -> None:
    state = Race()
    # depth 1: two decisions; depth 2: each then a coin of two outcomes
    assert (state.perft(0), state.perft(1), state.perft(2)) == (1, 2, 4)
    assert state.history_actions() == []
    assert state.playout(5) == state.playout(5) and state.playout(5)["total"] >= 5
    assert state == Race()


@pytest.mark.parametrize(("call", "hook"), [
    (lambda s: s.players, "players"),
    (lambda s: s.game, "game (or _GAME)"),
    (lambda s: s.current_player_id(), "current_player_id()"),
    (lambda s: s.legal_actions(), "legal_actions()"),
    (lambda s: s._check_action(0), "_check_action()"),
    (lambda s: s._apply_action(0), "_apply_action()"),
    (lambda s: s._undo(None), "_undo()"),
    (lambda s: s._action_text(0), "_action_text()"),
    (lambda s: s.parse_action("x"), "parse_action()"),
    (lambda s: s.returns(), "returns()"),
    (lambda s: s.scores(), "scores()"),
    (lambda s: s.snapshot(), "snapshot()"),
    (lambda s: s.to_position(), "to_position()"),
])
def test_a_hook_the_game_did_not_write_names_the_class_and_the_hook(call: Any, hook: str) -> None:
    """The required hooks raise NotImplementedError naming the state class and the hook
    (an abc.ABC is not used: the Cython states that mix StateBase in have their own
    metaclass)."""
    class Unfinished(StateBase):
        pass

    with pytest.raises(NotImplementedError, match=r"^Unfinished must define " + hook.replace("(", r"\(").replace(")", r"\)") + "$"):
        call(Unfinished())
