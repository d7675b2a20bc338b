"""The engine's errors (pickpack.errors; issue 12, item 19): every exported exception is a
PickpackError (and the built-in error callers caught before), undo with no history is one
of them, and every illegal move message has one form whichever layer finds the fault."""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
import pickpack.errors
import pickpack.games.pickpack as pickpack_game
from pickpack import plugins
from pickpack.errors import illegal_move_message

PLACED = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


# --- undo with no history ---------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: pickpack.new_game("pickpack", seed=4),
    lambda: pickpack.new_game("pickpack", seed=4, placements=PLACED),
    lambda: pickpack_game.from_position(pickpack.new_game("pickpack", seed=4, placements=PLACED).to_position()),
], ids=["placement", "play", "from_position"])
def test_undo_with_no_history_is_a_pickpack_error_and_an_index_error(make: Any) -> None:
    state = make()
    with pytest.raises(pickpack.NothingToUndoError) as err:
        state.undo()
    assert isinstance(err.value, pickpack.PickpackError) and isinstance(err.value, IndexError)
    assert str(err.value) == "nothing to undo: no action since this state was created"   # the base's wording


def test_undo_stops_at_the_root_and_leaves_the_state_unchanged() -> None:
    state = pickpack.new_game("pickpack", seed=4, placements=PLACED)
    root = state.to_position()
    state.apply(state.legal_moves()[0])
    state.undo()
    with pytest.raises(IndexError):          # old code catching IndexError still works
        state.undo()
    assert state.to_position() == root
    state.copy().apply(state.legal_moves()[0])
    with pytest.raises(pickpack.NothingToUndoError):
        state.copy().undo()


# --- the errors are PickpackErrors and exported -------------------------------------------

def test_position_error_is_a_pickpack_error_and_exported() -> None:
    from pickpack.games.pickpack.position import PositionError
    assert pickpack.PositionError is PositionError
    assert issubclass(PositionError, pickpack.PickpackError) and issubclass(PositionError, ValueError)
    with pytest.raises(pickpack.PickpackError):
        pickpack_game.from_position("not a position")


def test_every_exported_exception_is_a_pickpack_error() -> None:
    exported = [getattr(pickpack, n) for n in pickpack.__all__]
    exported += [getattr(pickpack.errors, n) for n in pickpack.errors.__all__]
    exported += [plugins.PluginNotFoundError]
    classes = [c for c in exported if isinstance(c, type) and issubclass(c, BaseException)]
    assert len(classes) >= 10
    assert [c.__name__ for c in classes if not issubclass(c, pickpack.PickpackError)] == []


def test_unknown_game_is_a_pickpack_error_and_a_lookup_error() -> None:
    with pytest.raises(pickpack.PickpackError) as err:
        pickpack.new_game("chess")
    assert isinstance(err.value, LookupError)
    # the installed games: pickpack, and whatever else this environment has (pig, ...)
    assert "pickpack" in pickpack.available_games()
    assert str(err.value) == f"unknown game 'chess'; installed games: {', '.join(pickpack.available_games())}"



@pytest.mark.parametrize(("placements", "text", "rule"), [
    (None, "bT=P", "PP-S3"),                       # Red's next placement fills aT, not bT
    (None, "a6>1", "PP-S3"),                       # no grabber move before both placed
    ({"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}, "c4/aT:3", "PP-M2"),   # aT is not on c's line
    ({"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}, "a1>1", "PP-M1"),      # Red moves along row 6
])
def test_every_illegal_move_message_has_one_form(placements: dict[str, str] | None, text: str,
                                                 rule: str) -> None:
    # Whichever layer finds the fault (the move-text reader or the C legality check),
    # the message reads "illegal move TEXT (action N): RULE: reason", without
    # "(action N)" when the reader refused the text before it named an action.
    state = pickpack.new_game("pickpack", seed=7, placements=placements)
    with pytest.raises(pickpack.IllegalMoveError) as info:
        state.apply(text)
    error = info.value
    assert (error.rule, error.text) == (rule, text) and error.reason
    assert str(error) == illegal_move_message(error.action, rule, error.reason, text)
    assert str(error).startswith(f"illegal move {text}: {rule}: " if error.action is None
                                 else f"illegal move {text} (action {error.action}): {rule}: ")
