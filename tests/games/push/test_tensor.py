"""PUSH's observation tensor (State.observation_tensor, filled in C by
core/push/observation.c; issue 11): values worked out by hand from the offset table of
docs/push.md ("Observation tensor"), the C fill against the plain-Python reference
(pickpack.games.push.reference.tensor) on seeded random games, hidden information
(PU-V1: the deck and other seats' banks never enter it) and bad input."""

from __future__ import annotations

import array
import copy
import ctypes
import random
import re
from typing import Any

import pytest

import pickpack
from pickpack.game import ObservationTensorState
from pickpack.games.push import _core
from pickpack.games.push.reference import RefState
from pickpack.games.push.reference.tensor import tensor_from_observation, tensor_size
from pickpack.games.push.snapshot import EXAMPLE
from pickpack.games.push.state import State

THIRD = pytest.approx(1 / 3)


def nonzero(values: Any) -> dict[int, float]:
    return {i: v for i, v in enumerate(values) if v != 0.0}


# --- hand-worked positions ------------------------------------------------------------

def test_start_of_a_three_player_game_seen_by_p2() -> None:
    state = pickpack.new_game("push", players=3)
    assert isinstance(state, ObservationTensorState)
    assert state.observation_tensor_shape() == (302,)            # 203 + 33 * 3
    # phase start (0), 3 players (7 + 1), the full deck (15); p2 sees p2, p3, p1: seat
    # block 2 (203 + 66 = 269) is p1, whose turn it is, and the actor (270)
    assert nonzero(state.observation_tensor("p2")) == {0: 1.0, 8: 1.0, 15: 1.0, 269: 1.0, 270: 1.0}
    assert nonzero(state.observation_tensor(0)) == {0: 1.0, 8: 1.0, 15: 1.0, 203: 1.0, 204: 1.0}


def test_a_drawn_card_waiting_to_be_placed_in_a_two_player_game() -> None:
    state = pickpack.new_game("push", players=2, variant="hard")
    for move in ("draw", "R3"):                   # PU-P1: p1 draws R3 (type 2); phase place
        state.apply(move)
    assert state.observation_tensor_shape() == (269,)
    got = nonzero(state.observation_tensor("p2"))
    assert got == {2: 1.0, 7: 1.0, 12: 1.0, 15: pytest.approx(107 / 108), 20: 1.0, 236: 1.0, 237: 1.0}
    state.apply("place-1")
    state.apply("draw")
    state.apply("B5")                             # type 6 + 4 = 10
    state.apply("place-2")                        # a second stack, by choice: B5 could join R3 (PU-P2)
    got = nonzero(state.observation_tensor(0))
    # phase decide (3); stack 1 holds R3 (49 + 2), stack 2 holds B5 (49 + 31 + 10)
    assert got == {3: 1.0, 7: 1.0, 12: 1.0, 15: pytest.approx(106 / 108), 51: 1.0, 90: 1.0,
                   203: 1.0, 204: 1.0}


def test_the_documented_four_player_snapshot_seen_by_p4() -> None:
    state = State.from_snapshot(EXAMPLE)
    assert state.observation_tensor_shape() == (335,)
    got = nonzero(state.observation_tensor("p4"))
    expected = {
        5: 1.0,                        # phase collect
        9: 1.0,                        # 4 players
        14: 1.0,                       # 9 switch cards: against seat order (PU-S2)
        15: pytest.approx(43 / 120),   # 43 cards left
        16: 0.75, 17: pytest.approx(1 / 12),
        53: 1.0, 78: 1.0, 79: 1.0,     # stack 1: R5 (4), P6 (29), roll (30)
        138: 1.0,                      # stack 3 (49 + 62): P4 (27)
        # discard: R4, R6, Y3, P1 one each of three, 10 of the 18 roll cards
        145: THIRD, 147: THIRD, 162: THIRD, 166: THIRD, 172: pytest.approx(10 / 18),
        # p4's own bank: R3, R6 x2, B1, B5, B6, G3, G4, G5, G6, Y1, P1
        175: THIRD, 178: pytest.approx(2 / 3), 179: THIRD, 183: THIRD, 184: THIRD, 187: THIRD,
        188: THIRD, 189: THIRD, 190: THIRD, 191: THIRD, 197: THIRD,
        # block 0 = p4: the actor; 12 banked; bench B2 (7), G5 (16)
        204: 1.0, 205: pytest.approx(12 / 90), 213: THIRD, 222: THIRD,
        # block 1 = p1 (236): its turn; 12 banked; bench R1 (0), G3 (14), Y2 (19)
        236: 1.0, 238: pytest.approx(12 / 90), 239: THIRD, 253: THIRD, 258: THIRD,
        # block 2 = p2 (269): 9 banked; bench R3 (2), B6 (11), G6 (17)
        271: pytest.approx(9 / 90), 274: THIRD, 283: THIRD, 289: THIRD,
        # block 3 = p3 (302): 7 banked; bench B6 (11), P5 (28)
        304: pytest.approx(7 / 90), 316: THIRD, 333: THIRD,
    }
    assert got == expected


# --- the C fill against the reference ---------------------------------------------------

def _random_states(seed: int, games: int) -> list[State]:
    """Every position of ``games`` random games (player counts 2..6, options varied;
    chance outcomes drawn by their probabilities)."""
    rng = random.Random(seed)
    out: list[State] = []
    for g in range(games):
        state = pickpack.new_game("push", players=2 + g % 5, hard=rng.random() < 0.5,
                                  switch_per_turn=rng.random() < 0.5)
        assert isinstance(state, State)
        while True:
            out.append(state.copy())
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    return out


def _check_against_reference(states: list[State]) -> None:
    for state in states:
        ref = RefState.from_snapshot(state.snapshot())
        assert ref.observation_tensor_shape() == state.observation_tensor_shape()
        for seat in range(state.num_players):
            got = state.observation_tensor(seat)
            assert got.typecode == "f" and len(got) == tensor_size(state.num_players)
            assert got.tobytes() == ref.observation_tensor(seat).tobytes()
            assert min(got) >= 0.0 and max(got) <= 1.0


def test_c_tensor_equals_the_reference_for_every_seat_of_random_games() -> None:
    states = _random_states(seed=11, games=6)        # 2..6 players, then 2 again
    assert len(states) > 500
    _check_against_reference(states)


@pytest.mark.slow
def test_c_tensor_equals_the_reference_on_many_more_games() -> None:
    _check_against_reference(_random_states(seed=12, games=100))


def test_reference_reads_nothing_but_the_observation() -> None:
    state = State.from_snapshot(EXAMPLE)
    obs = state.observation(2)
    assert array.array("f", tensor_from_observation(obs)) == state.observation_tensor(2)


# --- hidden information (PU-V1) ------------------------------------------------------

def test_resampling_keeps_the_position_so_hidden_banks_are_checked_by_swaps() -> None:
    # PUSH's resample_from_infostate gives this very position (every banked card was
    # seen on a bench first: perfect recall knows the banks), so it cannot show that the
    # tensor hides anything; the swapped-bank states below do.
    for state in _random_states(seed=5, games=5)[::40]:
        for seat in range(state.num_players):
            assert state.resample_from_infostate(seat, seed=seat + 1).snapshot() == state.snapshot()


def _swapped(snap: dict[str, Any], seat: int, out_card: str, in_card: str, other: int | None) -> State:
    """EXAMPLE with ``out_card`` of ``seat``'s bank swapped for ``in_card`` from the deck
    (other None) or from seat ``other``'s bank: the bank sizes, benches, stacks, discard
    pile and deck size stay as they were."""
    new = copy.deepcopy(snap)
    bank = new["banks"][seat]
    bank[bank.index(out_card)] = in_card
    if other is None:
        new["deck"][in_card] -= 1
        new["deck"][out_card] = new["deck"].get(out_card, 0) + 1
        if not new["deck"][in_card]:
            del new["deck"][in_card]
    else:
        theirs = new["banks"][other]
        theirs[theirs.index(in_card)] = out_card
    order = list(_core.CoreState(4).snapshot()["deck"])          # card-type order
    for cards in new["banks"]:
        cards.sort(key=order.index)
    new["deck"] = {text: new["deck"][text] for text in order if text in new["deck"]}
    return State.from_snapshot(new)


def test_another_seats_bank_and_the_deck_are_hidden() -> None:
    base = State.from_snapshot(EXAMPLE)
    # p2 banked R1 where the deck still holds an R2: swap them (bank size, discard and
    # deck size unchanged; only p2 can tell the two states apart)
    other = _swapped(EXAMPLE, 1, "R1", "R2", None)
    assert other.snapshot() != base.snapshot()
    for seat in (0, 2, 3):
        assert other.observation(seat) == base.observation(seat)
        assert other.observation_tensor(seat).tobytes() == base.observation_tensor(seat).tobytes()
    mine, theirs = base.observation_tensor(1), other.observation_tensor(1)
    assert {i for i in range(len(mine)) if mine[i] != theirs[i]} == {173, 174}   # own bank: R1, R2
    assert [mine[173], theirs[173], mine[174], theirs[174]] == pytest.approx([1 / 3, 0.0, 0.0, 1 / 3])


def test_two_hidden_banks_swapping_a_card_look_the_same_to_the_others() -> None:
    base = State.from_snapshot(EXAMPLE)
    # p2 banked R5 and p3 B5: they trade them; p1 and p4 see the same table
    other = _swapped(EXAMPLE, 1, "R5", "B5", 2)
    for seat in (0, 3):
        assert other.observation_tensor(seat).tobytes() == base.observation_tensor(seat).tobytes()
    for seat, gone, came in ((1, 4, 10), (2, 10, 4)):      # R5 is type 4, B5 type 10
        mine, theirs = base.observation_tensor(seat), other.observation_tensor(seat)
        assert {i for i in range(len(mine)) if mine[i] != theirs[i]} == {173 + gone, 173 + came}
        assert theirs[173 + came] == THIRD and theirs[173 + gone] == 0.0


# --- bad input --------------------------------------------------------------------------

@pytest.mark.parametrize("player", [3, -1, "p4", "P1", "", 1.0, True, None, [0]])
def test_a_bad_player_gets_the_observation_error(player: Any) -> None:
    state = pickpack.new_game("push", players=3)
    with pytest.raises((TypeError, ValueError)) as expected:
        state.observation(player)
    with pytest.raises(expected.type, match=re.escape(str(expected.value))):
        state.observation_tensor(player)
    ref = RefState(3)
    with pytest.raises(expected.type):
        ref.observation_tensor(player)


def test_the_binding_checks_the_seat_itself() -> None:
    state = pickpack.new_game("push", players=2)
    assert isinstance(state, State)
    with pytest.raises(ValueError, match=r"seat 0\.\.1, not 2"):
        state._observation_tensor(2)
    with pytest.raises(TypeError, match="a seat is an int, not str"):
        state._observation_tensor("p1")  # type: ignore[arg-type]


def test_the_c_function_refuses_a_bad_player_size_or_pointer() -> None:
    lib = ctypes.CDLL(_core.__file__)
    lib.push_observation_tensor_size.restype = ctypes.c_size_t
    lib.push_observation_tensor_size.argtypes = [ctypes.c_void_p]
    lib.push_observation_tensor.restype = ctypes.c_int
    lib.push_observation_tensor.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
    state = ctypes.create_string_buffer(_core.STATE_BYTES)
    assert lib.push_state_init(state, 5, 0, 0) == 0
    assert lib.push_observation_tensor_size(state) == 368
    assert lib.push_observation_tensor_size(None) == 0
    out = (ctypes.c_float * 400)(*([7.0] * 400))
    assert lib.push_observation_tensor(state, 5, out, 368) == 2       # PUSH_OBS_ERR_PLAYER
    assert lib.push_observation_tensor(state, -1, out, 368) == 2
    assert lib.push_observation_tensor(state, 0, out, 367) == 3       # PUSH_OBS_ERR_SIZE
    assert lib.push_observation_tensor(state, 0, out, 400) == 3
    assert lib.push_observation_tensor(None, 0, out, 368) == 1        # PUSH_OBS_ERR_STATE
    assert lib.push_observation_tensor(state, 0, None, 368) == 1
    assert set(out) == {7.0}                                          # nothing written
    assert lib.push_observation_tensor(state, 4, out, 368) == 0
    assert nonzero(out[:368]) == {0: 1.0, 10: 1.0, 15: 1.0, 203 + 33: 1.0, 203 + 34: 1.0}
    assert set(out[368:]) == {7.0}                                    # never past size
