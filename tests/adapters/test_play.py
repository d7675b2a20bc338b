"""pickpack.adapters.play.AdaptedState, what both adapters share (issue 11, "Bad input"):
integer tokens of any integer type are taken, anything else is an IllegalMoveError; a
game without observation tensors is refused when it is wrapped, naming the game."""

from __future__ import annotations

import dataclasses

import pytest

import pickpack
from pickpack.adapters.play import AdaptedState
from pickpack.errors import IllegalMoveError

np = pytest.importorskip("numpy", reason="NumPy not installed: pip install -e '.[openspiel]'")


def test_a_numpy_integer_token_is_a_token() -> None:
    adapted = AdaptedState(pickpack.new_game("pacru", players=2))
    assert adapted.apply(np.int64(4)) is None          # e1 (cell 4) chosen, the direction is next
    assert adapted.turn.prefix == (4,)
    assert type(adapted.turn.prefix[0]) is int


@pytest.mark.parametrize("bad", [4.0, "4", True, None])
def test_a_token_that_is_not_an_integer_is_refused(bad: object) -> None:
    adapted = AdaptedState(pickpack.new_game("pacru", players=2))
    with pytest.raises(IllegalMoveError, match=f"an action is an int, not {type(bad).__name__}"):
        adapted.apply(bad)  # type: ignore[arg-type]
    assert adapted.turn.prefix == ()
    assert adapted.check(bad) == f"an action is an int, not {type(bad).__name__}"  # type: ignore[arg-type]


class _NoTensor:
    """A state without observation tensors: ``game``, and every other member of the
    state ``inner`` (a PUSH state; none without it) except the tensor methods -- so it
    passes the load check (pickpack.game_check) and fails only for its tensors."""

    def __init__(self, game: pickpack.Game[object], inner: object = None) -> None:
        self.game = game
        self._inner = inner

    def __getattr__(self, name: str) -> object:
        if name.startswith("observation_tensor") or name.startswith("_") or self._inner is None:
            raise AttributeError(name)
        return getattr(self._inner, name)


def test_a_game_without_observation_tensors_is_refused_by_name() -> None:
    game = dataclasses.replace(pickpack.get_game("push"), name="tensorless")
    with pytest.raises(TypeError, match="game tensorless has no observation tensor"):
        AdaptedState(_NoTensor(game))


def test_openspiel_refuses_to_register_a_game_without_tensors() -> None:
    openspiel = pytest.importorskip("pickpack.adapters.openspiel",
                                    reason="OpenSpiel not installed: pip install -e '.[openspiel]'")
    push = pickpack.get_game("push")
    game = dataclasses.replace(push, name="tensorless", factory=lambda players, seed, **options: _NoTensor(
        game, push.new_state(players=players, seed=seed, **options)))
    with pytest.raises(TypeError, match="game tensorless has no observation tensor"):
        openspiel.register(game)
    assert "pickpack_tensorless" not in openspiel.registered_games()
