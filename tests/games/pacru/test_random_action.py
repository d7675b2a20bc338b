"""The random bot's policy in PACRU (pickpack.games.pacru.random_action): a move kind
uniformly, then one of its actions; never uniform over the ~800,000 reorientations."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pickpack.games.pacru.encoding import REORIENT_2, decode_action
from pickpack.games.pacru.random_action import random_action
from pickpack.games.pacru.reference.pacru_ref import RefState
from pickpack.games.pacru.state import State
from pickpack_bots.random_bot import RandomBot

IMPLS = [State, RefState]

# South owns rows 1-4 and a5-e5 (41 cells, none under a chevron) and has chevrons on
# f5, g5, h5, i5 pointing N; north has one chevron on e9.
CROWDED = {"players": 2, "single_cell": False, "classic_meeting": False, "max_plies": 1000, "ply": 0,
           "turn": 0,
           "board": ["........."] * 4 + ["AAAAA...."] + ["AAAAAAAAA"] * 4,
           "chevrons": [["f5N", "g5N", "h5N", "i5N"], ["e9S"]]}


@pytest.mark.parametrize("impl", IMPLS)
def test_move_kinds_are_drawn_uniformly_not_actions(impl: type) -> None:
    state = impl.from_snapshot(CROWDED, checked=False)
    # By hand: f5 has power 5 (d4 e4 f4 d5 e5 in its borderland) but the board stops it:
    # N f6..f9 (4), NE g6 h7 i8 (3), NW e6 d7 c8 b9 (4) = 11 kinds; g5 (power 3: g4 h4 i4)
    # N 3, NE h6 i7 2, NW 3 = 8; h5: N 3, NE i6 1, NW 3 = 7; i5: N 3, NW 3 = 6. 32 move
    # kinds, plus 4 chevrons x 4 turns (45 and 90 degrees each way, 41 free cells) = 16
    # reorientation kinds: a reorientation a third of the time, though they are 99.9%
    # of the legal actions.
    if impl is State:
        assert state.num_legal_actions() > 800_000
    rng = random.Random(7)
    draws = 3000 if impl is State else 600       # the reference lists the moves slowly
    kinds = Counter("turn" if state.random_action(rng) >= REORIENT_2 else "move" for _ in range(draws))
    assert abs(kinds["turn"] - draws / 3) <= 4 * (draws * 2 / 9) ** 0.5     # a third, within 4 sd
    assert len({(d.cell, d.direction, d.distance) for d in map(decode_action, state.move_actions())}) == 32


@pytest.mark.parametrize("impl", IMPLS)
def test_every_drawn_action_is_legal(impl: type) -> None:
    state = impl.from_snapshot(CROWDED, checked=False)
    rng = random.Random(3)
    for _ in range(200):
        assert state.check_action(state.random_action(rng)) is None
    start = impl(2)
    legal = set(start.legal_actions())
    # At the start (PA-S1) south has 12 move kinds; a3-b4 and i3-h4 carry 9 crossing cells
    # each, yet each kind is drawn about 1/12 of the time.
    drawn = Counter(start.random_action(rng) for _ in range(2400))
    assert set(drawn) <= legal
    a3b4 = sum(n for a, n in drawn.items() if start.action_text(a).startswith("a3-b4"))
    assert 140 <= a3b4 <= 260                    # 200 expected (not 9/28 of 2400 = 771)


def test_the_random_bot_uses_the_game_policy() -> None:
    state = State.from_snapshot(CROWDED, checked=False)
    bot = RandomBot(seed=5)
    moves = [bot.choose(state).action for _ in range(300)]
    turns = sum(a >= REORIENT_2 for a in moves)
    assert 70 <= turns <= 130                    # a third of 300, not ~300
    with pytest.raises(ValueError, match="game is over"):
        over = State.from_snapshot({**CROWDED, "ply": 1000, "max_plies": 1000}, checked=False)
        bot.choose(over)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_c_draw_is_the_python_policys_draw_for_the_same_rng(players: int) -> None:
    """State.random_action (one C call for the options, the landing's actions and the
    freed cells) makes the same calls on rng as random_action.random_action: the same
    actions and the same rng state after, along whole games and in the crowded position
    (reorientations over 41 free cells)."""
    for seed in range(3):
        state = State(players, max_plies=150)
        ours, theirs = random.Random(seed), random.Random(seed)
        while not state.is_terminal():
            action = state.random_action(ours)
            assert action == random_action(state, theirs)
            state.apply_action(action)
        assert ours.getstate() == theirs.getstate()
    crowded = State.from_snapshot(CROWDED, checked=False)
    ours, theirs = random.Random(9), random.Random(9)
    assert [crowded.random_action(ours) for _ in range(300)] == [random_action(crowded, theirs) for _ in range(300)]
