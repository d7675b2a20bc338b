"""A bot asked to choose in a game it does not play is one line naming both games
(pickpack.bots.base.OtherGameError), before its own code runs: Pick & Pack's greedy
given a PACRU state raised AttributeError deep inside it (from a new-user trial)."""

from __future__ import annotations

import pytest

import pickpack
from pickpack.bots import make_bot
from pickpack.bots.base import OtherGameError


def _push_decision() -> pickpack.GameState:
    state = pickpack.new_game("push", seed=3)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(("spec", "game", "state", "message"), [
    ("greedy", "pickpack", lambda: pickpack.new_game("pacru"),
     "greedy: plays pickpack, not pacru (the bots of a game: pickpack.bots.available_bots('pacru'))"),
    ("heuristic", "push", lambda: pickpack.new_game("pickpack", seed=1),
     "heuristic: plays push, not pickpack (the bots of a game: pickpack.bots.available_bots('pickpack'))"),
    ("alphabeta", "pickpack", _push_decision,
     "alphabeta: plays pickpack, not push (the bots of a game: pickpack.bots.available_bots('push'))"),
])
def test_a_bot_given_another_games_state_says_which_games_it_plays(spec, game, state, message) -> None:  # type: ignore[no-untyped-def]
    bot = make_bot(spec, game=game)
    position = state()
    before = position.snapshot()
    with pytest.raises(OtherGameError) as caught:
        bot.choose(position)
    assert str(caught.value) == message
    assert isinstance(caught.value, TypeError)
    assert position.snapshot() == before


def test_a_bot_of_every_game_still_chooses_in_each() -> None:
    for name in ("pickpack", "push", "pacru"):
        state = pickpack.new_game(name, seed=2)
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        move = make_bot("random", seed=1).choose(state)
        assert move.action in state.legal_actions()
