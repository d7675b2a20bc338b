"""PACRU's rollout policy (core/pacru/pacru_policy.h), the playouts of its C MCTS:
``_core.policy_values``, ``_core.policy_action`` and ``_core.policy_games``."""

from __future__ import annotations

import random

import pytest

from pickpack.games.pacru import _core
from pickpack.games.pacru.encoding import decode_action, encode_move
from pickpack.games.pacru.state import State

from pickpack.games.pacru.greedy_bot import pacru_move_values


def cell(text: str) -> int:
    """a1 -> 0, i9 -> 80."""
    return (int(text[1]) - 1) * 9 + "abcdefghi".index(text[0])


def position(south: str, chevrons: list[list[str]]) -> State:
    """A two-player position, south (A) to move at ply 0, ``south`` its cells (texts
    separated by spaces), every other cell neutral."""
    board = [["."] * 9 for _ in range(9)]
    for text in south.split():
        board[9 - int(text[1])]["abcdefghi".index(text[0])] = "A"
    return State.from_snapshot({"players": 2, "single_cell": False, "classic_meeting": False, "max_plies": 1000,
                                "ply": 0, "turn": 0, "board": ["".join(r) for r in board],
                                "chevrons": chevrons}, checked=False)


def walk(players: int, seed: int, count: int) -> list[State]:
    """``count`` positions along a game of policy moves (seeded), for the checks below."""
    st = State(players)
    out: list[State] = []
    step = 0
    while not st.is_terminal() and len(out) < count:
        out.append(st.copy())
        st.apply_action(_core.policy_action(st, seed * 1000 + step))
        step += 1
    return out


def test_the_connection_worth_two_cells_beats_every_crossing_worth_one() -> None:
    # South: a1 b1 c1 (power 3 from b1) and b4; its chevron on b1 points N. b1-b4 is a
    # connection (b1 and b4 south's, 3 cells) and a crossing (borderland a1-c3 to a4-c6):
    # the connection gains b2 and b3 (2 cells), the crossing one. Values (pacru_policy.h):
    # 8 x 2 gained + 16 (b4 pointing N can go on to b5) + power 1 on b4 - 3 on b1 = 30;
    # the crossings b1-d3 and b1-e4 gain 1: 8 + 16 + 1 - 3 = 22; b1-b2, b1-b3 (no
    # gain, power 3 kept), b1-c2 and b1-a2: 16. Seven landings in all.
    st = position("a1 b1 c1 b4", [["b1N"], ["i9S"]])
    values = _core.policy_values(st)
    b1 = cell("b1")
    assert values[(b1, 0, 3)] == 30
    assert values[(b1, 1, 2)] == values[(b1, 1, 3)] == 22
    assert values[(b1, 0, 1)] == values[(b1, 0, 2)] == values[(b1, 1, 1)] == values[(b1, 7, 1)] == 16
    assert set(values) == {(b1, 0, 1), (b1, 0, 2), (b1, 0, 3), (b1, 1, 1), (b1, 1, 2), (b1, 1, 3), (b1, 7, 1)}
    action = _core.policy_action(st)
    assert action == encode_move(b1, 0, 3, connection=True)
    assert _core.policy_action(st, 7) == action          # no tie: the seed changes nothing
    before = st.cells(0)
    st.apply_action(action)
    assert st.cells(0) == before + 2 and st.colour(cell("b2")) == st.colour(cell("b3")) == 0
    # greedy (one ply, every move applied) agrees that it is the move gaining the most
    greedy = dict(pacru_move_values(position("a1 b1 c1 b4", [["b1N"], ["i9S"]])))
    assert max(greedy.values())[0] == greedy[action][0] == 2


def test_a_crossing_is_preferred_to_a_move_that_gains_nothing() -> None:
    # South's only chevron on c2 points NE (power 1): c2-c3 stays in the borderland
    # a1-c3 (gains nothing: value 16), c2-d3 and c2-d2 cross into d1-f3 (a neutral cell
    # gained: 8 + 16 + 0 = 24). The first of the tie without a seed: travel NE (d3),
    # the crossing cell the first of the borderland, d1.
    st = position("", [["c2NE"], ["i9S"]])
    c2 = cell("c2")
    assert _core.policy_values(st) == {(c2, 0, 1): 16, (c2, 1, 1): 24, (c2, 2, 1): 24}
    assert _core.policy_action(st) == encode_move(c2, 1, 1, crossing=cell("d1"))
    seen = set()
    for seed in range(40):
        action = _core.policy_action(st, seed)
        assert action in st.legal_actions()
        work = st.copy()
        work.apply_action(action)
        assert work.cells(0) == 1
        seen.add(action)
    assert len(seen) > 9              # 2 landings x 9 crossing cells, drawn from the seed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_along_whole_games(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        for st in walk(players, seed, 1000):
            legal = set(st.move_actions())
            assert _core.policy_action(st) in legal
            assert _core.policy_action(st, rng.randrange(2**64)) in legal
            landings = {(m.cell, m.direction, m.distance) for m in map(decode_action, legal)}
            assert set(_core.policy_values(st)) == landings


def test_deterministic_in_the_seed() -> None:
    st = walk(2, 5, 12)[-1]
    assert [_core.policy_action(st, s) for s in range(20)] == [_core.policy_action(st, s) for s in range(20)]
    assert _core.policy_games(50, 3, 9) == _core.policy_games(50, 3, 9)
    assert _core.policy_games(50, 3, 9) != _core.policy_games(50, 3, 10)
    before = st.snapshot()
    _core.policy_action(st, 1)
    assert st.snapshot() == before                    # the state is not changed


@pytest.mark.parametrize("players", [2, 4])
def test_games_end_and_gain_cells(players: int) -> None:
    # Every game finishes (each counts one win, shared ones split); the policy gains
    # cells where uniformly random moves end with about one cell a seat (docs/bots.md).
    out = _core.policy_games(200, players, 1)
    assert out["games"] == 200 and 0 < out["plies"] < 200 * 1000
    assert sum(out["wins"].values()) == pytest.approx(200)
    rand = _core.random_games(200, players, 1)
    assert min(out["mean_cells"].values()) > 5 * max(rand["mean_cells"].values())
    assert sum(_core.policy_games(20, players, 2, max_plies=10)["wins"].values()) == pytest.approx(20)
    assert _core.policy_games(20, players, 2, max_plies=10)["plies"] == 200      # the cap ends each


def test_bad_input() -> None:
    with pytest.raises(TypeError):
        _core.policy_action("not a state")
    with pytest.raises(TypeError):
        _core.policy_values(None)
    over = State(2, max_plies=1)
    over.apply("e1-e2")
    with pytest.raises(ValueError, match="over"):
        _core.policy_action(over)
    with pytest.raises(ValueError, match="over"):
        _core.policy_values(over)
    with pytest.raises(ValueError):
        _core.policy_action(State(2), -1)
    with pytest.raises(ValueError):
        _core.policy_games(-1, 2, 1)
    with pytest.raises(TypeError):
        _core.policy_games(1.5, 2, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        _core.policy_games(1, 5, 1)
