"""The C-backed State against the plain-Python reference RefState, action by action.

After every action of many seeded games (2, 3 and 4 players, every option): equal
snapshots, legal actions, moves, hashes, end of game, returns, power and attacks of
every chevron; the same check_action rule id for every legal move, a sample of the
legal reorientations, mutations of legal actions (one field changed: another crossing
or meeting cell, the connection or pincer bit, distance + 1, another direction, another
freed cell) and random integers; undo back to the start. Perft from the 2/3/4-player
starts. A hypothesis test draws its own games. Longer runs are marked slow.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, REORIENT_2, REORIENT_4, decode_action,
                                           encode_reorient, move_digits)
from pickpack.games.pacru.reference import RefState
from pickpack.games.pacru.state import State
from pickpack.games.pacru.zobrist import hash_snapshot
from tests.games.pacru.reference_perft import reference_perft

OPTIONS: list[dict[str, Any]] = [{}, {"single_cell": True}, {"classic_meeting": True},
                                 {"single_cell": True, "classic_meeting": True, "max_plies": 40}]


def raw_move(cell: int, t: int, k: int, pincer: int, conn: int, place: int, meeting: int) -> int:
    """A move action by the codec's formula (any field values, off the board too)."""
    return ((((((cell * 8 + t) * 8 + k - 1) * 2 + pincer) * 2 + conn) * 10 + place) * 82) + meeting


def mutations(action: int, rng: random.Random) -> list[int]:
    """Actions that differ from ``action`` in one field."""
    a = decode_action(action)
    out: list[int] = []
    if a.kind == "reorient":
        freed = list(a.freed)
        for i in range(len(freed)):
            other = rng.randrange(81)
            if other not in freed:
                out.append(encode_reorient(a.cell, a.direction, freed[:i] + [other] + freed[i + 1:]))
        out.append(encode_reorient(a.cell, (a.direction + 1) % 8, freed))
        out.append(encode_reorient(rng.randrange(81), a.direction, freed))
        return [x for x in out if x != action]
    cell, t, dist, pincer, conn, place, meeting = move_digits(action)
    k = dist + 1
    out += [raw_move(cell, t, k, pincer, conn, p, meeting) for p in range(10) if p != place]
    out += [raw_move(cell, t, k, pincer, conn, place, m) for m in {81, rng.randrange(81), rng.randrange(81)}
            if m != meeting]
    out.append(raw_move(cell, t, k, pincer, 1 - conn, place, meeting))
    out.append(raw_move(cell, t, k, 1 - pincer, conn, place, meeting))
    if k < 8:
        out.append(raw_move(cell, t, k + 1, pincer, conn, place, meeting))
    out += [raw_move(cell, (t + s) % 8, k, pincer, conn, place, meeting) for s in (1, 7, 4)]
    return out


def compare(c: State, r: RefState, rng: random.Random, probes: int) -> list[int]:
    """Assert that c and r agree (see the module docstring); return the legal actions."""
    snap = c.snapshot()
    assert snap == r.snapshot()
    assert c.zobrist_hash() == hash_snapshot(snap) == c._hash_from_scratch()
    assert c.is_terminal() == r.is_terminal() and c.current_player_id() == r.current_player_id()
    assert c.winning_seats() == r.winning_seats() and c.returns() == r.returns() and c.scores() == r.scores()
    for seat in range(c.num_players):
        assert c.chevrons(seat) == r.chevrons(seat) and c.in_game(seat) == r.in_game(seat)
        for cell, _ in c.chevrons(seat):
            assert c.power(cell) == r.power(cell) and c.attacks(cell) == r.attacks(cell)
    moves = c.move_actions()
    assert moves == r.move_actions()
    legal = c.legal_actions()
    assert legal == r.legal_actions() and legal[:len(moves)] == moves
    assert all(c.check_action(a) is None for a in legal)
    reorients = legal[len(moves):]
    for a in moves + rng.sample(reorients, min(len(reorients), 12)):
        assert r.check_action(a) is None
    tried = [x for a in rng.sample(legal, min(len(legal), probes)) for x in mutations(a, rng)]
    tried += [rng.randrange(NUM_DISTINCT_ACTIONS) for _ in range(probes)]
    tried += [rng.randrange(REORIENT_2) for _ in range(probes)] + [-1, NUM_DISTINCT_ACTIONS]
    tried += [REORIENT_4 + rng.randrange(NUM_DISTINCT_ACTIONS - REORIENT_4) for _ in range(probes)]
    for a in tried:
        got, want = c.check_action(a), r.check_action(a)
        assert (got and got[0]) == (want and want[0]), (c.to_position(), a, got, want)
    return legal


def choose(c: State, legal: list[int], rng: random.Random) -> int:
    """Mostly the move gaining most cells among a sample (so that games reach crowded
    boards, meetings and transformations), else any legal action."""
    moves = c.move_actions()
    if moves and rng.random() < 0.6:
        best = (-1, moves[0])
        for m in rng.sample(moves, min(len(moves), 24)):
            work = c.copy()
            work.apply_action(m)
            best = max(best, (work.cells(c.turn), m))
        return best[1]
    return moves[rng.randrange(len(moves))] if moves and rng.random() < 0.7 else rng.choice(legal)


def play_both(seed: int, players: int, options: dict[str, Any], plies: int, probes: int) -> int:
    """Play one seeded game on both implementations, comparing after every action, then
    undo to the start. Returns the plies played."""
    rng = random.Random(seed)
    c, r = State(players, **options), RefState(players, **options)
    start = c.snapshot()
    played = 0
    for _ in range(plies):
        legal = compare(c, r, rng, probes)
        if not legal:
            break
        action = choose(c, legal, rng)
        c.apply_action(action)
        r.apply_action(action)
        played += 1
    compare(c, r, rng, probes)
    assert c.history_actions() == r.history_actions()
    for _ in range(played):
        c.undo()
        r.undo()
    assert c.snapshot() == r.snapshot() == start
    return played


# A seed's player count is 2 + seed % 3 and its option set OPTIONS[seed // 3 % 4]: the 12
# pairs repeat every 12 seeds. Seeds 0..29 in the default run (each pair 2 or 3 times);
# the -m slow run adds 30..59 and, below, 240 whole games.
@pytest.mark.parametrize("seeds", [pytest.param(range(0, 30), id="0-29"),
                                   pytest.param(range(30, 60), id="30-59", marks=pytest.mark.slow)])
def test_many_seeded_games_agree(seeds: range) -> None:
    total = 0
    for seed in seeds:
        total += play_both(seed, 2 + seed % 3, OPTIONS[seed // 3 % len(OPTIONS)], plies=30, probes=3)
    assert total > len(seeds) * 20          # the games were played, not cut short at once


@pytest.mark.slow
def test_long_seeded_games_agree() -> None:
    for seed in range(1000, 1240):
        play_both(seed, 2 + seed % 3, OPTIONS[seed // 3 % len(OPTIONS)], plies=400, probes=6)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), option=st.integers(0, len(OPTIONS) - 1), data=st.data())
def test_hypothesis_games_agree(players: int, option: int, data: st.DataObject) -> None:
    c, r = State(players, **OPTIONS[option]), RefState(players, **OPTIONS[option])
    rng = random.Random(0)
    for _ in range(data.draw(st.integers(0, 25), label="plies")):
        legal = compare(c, r, rng, 1)
        if not legal:
            break
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="index")]
        c.apply_action(action)
        r.apply_action(action)
    compare(c, r, rng, 2)


@pytest.mark.parametrize(("players", "counts"), [
    (2, [1, 28, 734, 16168]),
    (3, [1, 23, 533, 11343]),
    (4, [1, 23, 510, 10379]),
])
def test_perft_from_the_starts(players: int, counts: list[int]) -> None:
    c = State(players)
    assert [c.perft(d) for d in range(4)] == counts
    assert [reference_perft(players, d) for d in range(4)] == counts


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_4_from_the_starts(players: int) -> None:
    assert State(players).perft(4) == RefState(players).perft(4)


def test_perft_counts_a_finished_game_as_no_sequence() -> None:
    # The cap ends the game after one ply: depth 2 counts no sequence (the reference's rule).
    c, r = State(2, max_plies=1), RefState(2, max_plies=1)
    assert c.perft(1) == r.perft(1) == 28
    assert c.perft(2) == r.perft(2) == 0


def random_position(rng: random.Random) -> dict[str, Any]:
    """A random crowded snapshot (the rules may refuse it): each borderland empty,
    sparse or full of random colours (full ones give transformations and the
    single-cell variant's choices), random chevrons, and for seat 0 a chevron that can
    step next to another one facing it (a meeting, PA-T1)."""
    from pickpack.games.pacru.encoding import CHEVRONS, borderland_cells, step
    from pickpack.games.pacru.snapshot import snapshot_from_parts

    players = rng.randint(2, 4)
    board = [-1] * 81
    for land in range(9):
        density = rng.choice([0.0, 0.25, 1.0])
        for cell in borderland_cells(land):
            if rng.random() < density:
                board[cell] = rng.randrange(players)
    chevrons: dict[int, tuple[int, int]] = {}
    y, d = rng.randrange(81), rng.randrange(8)
    x, b = step(y, d), step(y, d, 2)
    if x >= 0 and b >= 0:
        chevrons[y] = (0, d)
        chevrons[b] = (0, (d + 4) % 8)
        board[x] = board[y] = 0
    for seat in range(players):
        while sum(1 for s, _ in chevrons.values() if s == seat) < CHEVRONS[players]:
            cell = rng.randrange(81)
            if cell not in chevrons:
                chevrons[cell] = (seat, rng.randrange(8))
    return snapshot_from_parts(players, rng.random() < 0.5, rng.random() < 0.5, 1000, 0, 0, board, chevrons)


def test_random_crowded_positions_agree() -> None:
    from pickpack.errors import SnapshotError

    loaded = 0
    for seed in range(400):
        rng = random.Random(seed)
        snap = random_position(rng)
        try:
            r = RefState.from_snapshot(snap, checked=False)
        except SnapshotError:
            with pytest.raises(SnapshotError):
                State.from_snapshot(snap, checked=False)
            continue
        c = State.from_snapshot(snap, checked=False)
        loaded += 1
        for _ in range(6):
            legal = compare(c, r, rng, 2)
            if not legal:
                break
            action = choose(c, legal, rng)
            c.apply_action(action)
            r.apply_action(action)
        if loaded == 20:
            break
    assert loaded == 20
