"""Differential tests: PUSH's C-backed State against the plain-Python reference RefState
(pickpack/games/push/reference/push_ref.py), action by action.

After every action both must agree on the snapshot, the legal actions, the exact chance
outcomes, who decides, the rule id check_action gives for every action -1..38, scores,
winners and returns; the C hash must equal zobrist.hash_snapshot (the definition);
undo must walk both back to the start in step. Games are random (a seeded loop, more
under ``-m slow``) and drawn by hypothesis (action sequences).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pickpack.games.push import zobrist
from pickpack.games.push.reference.push_ref import RefState
from pickpack.games.push.state import State

ACTIONS = range(-1, 39)          # every decision and chance outcome, and one beyond each end


def rule(result: tuple[str, str] | None) -> str | None:
    return None if result is None else result[0]


def compare(c: State, r: RefState, full: bool = True) -> None:
    """Everything observable about the position is equal: the snapshot, the legal
    actions, the exact chance outcomes, who decides, the rule of every action, the C
    hash against its from-scratch value; when ``full`` (or at the end) also the hash
    against hash_snapshot, scores, winners and returns (all functions of the snapshot,
    slow in the reference)."""
    snap = r.snapshot()
    assert c.snapshot() == snap
    assert c.legal_actions() == r.legal_actions()
    assert c.chance_outcomes() == r.chance_outcomes()
    assert (c.current_player_id(), c.phase, c.turn, c.actor, c.deck_size, c.direction, c.ply) == (
        r.current_player_id(), r.phase, r.turn, r.actor, r.deck_size, r.direction, r.ply)
    assert [rule(c.check_action(a)) for a in ACTIONS] == [rule(r.check_action(a)) for a in ACTIONS], snap
    assert c.zobrist_hash() == c._hash_from_scratch()
    if full or r.is_terminal():
        assert c.zobrist_hash() == zobrist.hash_snapshot(snap)
        assert (c.scores(), c.winning_seats(), c.returns()) == (r.scores(), r.winning_seats(), r.returns())


def pair(players: int, hard: bool, switch_per_turn: bool) -> tuple[State, RefState]:
    return (State(players, hard=hard, switch_per_turn=switch_per_turn),
            RefState(players, hard=hard, switch_per_turn=switch_per_turn))


def random_game(seed: int, hash_every: int) -> None:
    """One random game from seed: 2..6 players and the options from the seed; every
    action compared (compare), fully every ``hash_every`` actions; then undo to the start
    (the legal actions after every undo, the snapshot every 7th and at the start)."""
    rng = random.Random(seed)
    c, r = pair(2 + seed % 5, seed % 3 == 1, seed % 4 == 2)
    compare(c, r)
    while not r.is_terminal():
        a = rng.choice(r.legal_actions())
        c.apply_action(a)
        r.apply_action(a)
        compare(c, r, r.ply % hash_every == 0 or r.is_terminal())
    assert c.history_actions() == r.history_actions() and c.history() == r.history()
    while r.ply:
        c.undo()
        r.undo()
        assert c.legal_actions() == r.legal_actions() and c.phase == r.phase
        if r.ply % 7 == 0:
            assert c.snapshot() == r.snapshot()
    compare(c, r)


# Seeds 0..39 in the default run; the -m slow run adds 40..79, and below a thousand
# more, hashing at every ply.
@pytest.mark.parametrize("seeds", [pytest.param(range(0, 40), id="0-39"),
                                   pytest.param(range(40, 80), id="40-79", marks=pytest.mark.slow)])
def test_random_games(seeds: range) -> None:
    for seed in seeds:
        random_game(seed, hash_every=23)


@pytest.mark.slow
def test_a_thousand_random_games_every_hash() -> None:
    for seed in range(200, 1200):
        random_game(seed, hash_every=1)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), hard=st.booleans(), switch_per_turn=st.booleans(),
       choices=st.lists(st.integers(0, 2 ** 16), max_size=250))
def test_hypothesis_action_sequences(players: int, hard: bool, switch_per_turn: bool,
                                     choices: list[int]) -> None:
    """Each drawn int picks one of the legal actions (decision or chance outcome); every
    position on the way is compared, then undone in step."""
    c, r = pair(players, hard, switch_per_turn)
    for choice in choices:
        if r.is_terminal():
            break
        legal = r.legal_actions()
        a = legal[choice % len(legal)]
        c.apply_action(a)
        r.apply_action(a)
        compare(c, r)
    while r.ply:
        c.undo()
        r.undo()
        compare(c, r, full=r.ply % 10 == 0)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 600), bad=st.integers(-50, 100))
def test_illegal_actions_leave_both_unchanged(seed: int, steps: int, bad: int) -> None:
    """At a random position an illegal action raises in both with the same rule and
    changes neither."""
    rng = random.Random(seed)
    c, r = pair(2 + seed % 5, False, False)
    for _ in range(steps):
        if r.is_terminal():
            break
        a = rng.choice(r.legal_actions())
        c.apply_action(a)
        r.apply_action(a)
    problem = r.check_action(bad)
    if problem is None:
        return
    errors: list[Any] = []
    for state in (c, r):
        with pytest.raises(ValueError) as info:
            state.apply_action(bad)
        errors.append(info.value)
    assert [e.rule for e in errors] == [problem[0]] * 2
    compare(c, r)


def test_snapshots_positions_observations_and_resamples_agree() -> None:
    """Every 9th position of a game: the snapshot round trip, position strings, the text
    picture, moves and their texts, observations and resamples (same seed) agree."""
    rng = random.Random(77)
    c, r = pair(4, False, False)
    while not r.is_terminal():
        if r.ply % 9 == 0:
            loaded = State.from_snapshot(r.snapshot())
            assert loaded == c and loaded.zobrist_hash() == c.zobrist_hash()
            assert c.to_position() == r.to_position() and str(c) == str(r)
            assert c.legal_moves() == r.legal_moves()
            assert [c.parse_move(m.text.upper()) for m in r.legal_moves()] == r.legal_moves()
            for a in range(-1, 40):
                try:
                    text = r.action_text(a)
                except ValueError as exc:
                    with pytest.raises(ValueError) as info:
                        c.action_text(a)
                    assert info.value.rule == exc.rule  # type: ignore[attr-defined]
                else:
                    assert c.action_text(a) == text
            assert State.from_position(r.to_position()) == c
            for seat in range(4):
                assert c.observation(seat) == r.observation(f"p{seat + 1}")
                assert c.resample_from_infostate(seat, r.ply).snapshot() == \
                    r.resample_from_infostate(seat, r.ply).snapshot()
        a = rng.choice(r.legal_actions())
        c.apply_action(a)
        r.apply_action(a)
    clone = pickle.loads(pickle.dumps(c))
    assert clone == c and clone.history_actions() == r.history_actions()
