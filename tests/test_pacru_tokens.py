"""PACRU's action tokens (pickpack.games.pacru.action_tokens.TOKENS; issue 11): the
numbering by hand (docs/pacru.md, "Action tokens"), the token texts, bad input, and on
random positions (2-4 players, variants) that the legal actions' tokens are in range,
distinct and prefix-free and that TokenTurn reaches exactly the legal actions."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

import pickpack
from pickpack.action_tokens import ActionTokens, TokenTurn
from pickpack.errors import IllegalMoveError
from pickpack.games.pacru.action_tokens import TOKENS
from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, REORIENT_2, REORIENT_4, decode_action,
                                           parse_action, place_in_borderland)
from pickpack.games.pacru.state import State


def test_the_game_names_the_codec() -> None:
    assert pickpack.get_game("pacru").load("action_tokens") is TOKENS
    assert isinstance(TOKENS, ActionTokens)
    assert (TOKENS.vocabulary, TOKENS.max_tokens) == (82, 7)


@pytest.mark.parametrize("text, tokens", [
    ("e1-e3", (4, 0, 1, 0, 0, 9, 81)),
    ("e1xe5[f4,*c7]", (4, 0, 3, 1, 0, 2, 56)),       # f4 is place 2 of e5's borderland
    ("a3-d3[conn,*b5]", (18, 2, 2, 0, 1, 9, 37)),
    ("a3-d3[e2]", (18, 2, 2, 0, 0, 4, 81)),
    ("i9-a1", (80, 5, 7, 0, 0, 9, 81)),
    ("e1>NE[a1,b2]", (4, 9, 0, 10)),                  # 45 degrees: 8 + NE
    ("e1>NW[b2,a1]", (4, 15, 0, 10)),
    ("e1>E[d4,a1,c3,b2]", (4, 18, 0, 10, 20, 30)),    # 90 degrees: 16 + E
])
def test_tokens_by_hand(text: str, tokens: tuple[int, ...]) -> None:
    assert TOKENS.tokens(parse_action(text)) == tokens


def test_tokens_at_the_ends_of_each_range() -> None:
    assert TOKENS.tokens(0) == (0, 0, 0, 0, 0, 0, 0)
    assert TOKENS.tokens(REORIENT_2 - 1) == (80, 7, 7, 1, 1, 9, 81)
    assert TOKENS.tokens(REORIENT_2) == (0, 8, 0, 1)
    assert TOKENS.tokens(REORIENT_4 - 1) == (80, 15, 79, 80)
    assert TOKENS.tokens(REORIENT_4) == (0, 16, 0, 1, 2, 3)
    assert TOKENS.tokens(NUM_DISTINCT_ACTIONS - 1) == (80, 23, 77, 78, 79, 80)


def test_tokens_agree_with_decode_action_across_the_space() -> None:
    rng = random.Random(3)
    bounds = (0, REORIENT_2, REORIENT_4, NUM_DISTINCT_ACTIONS)
    for _ in range(3000):
        part = rng.randrange(3)
        action = rng.randrange(bounds[part], bounds[part + 1])
        a = decode_action(action)
        got = TOKENS.tokens(action)
        if a.kind == "move":           # decode_action drops the crossing of a move off the board
            place = action // 82 % 10 if a.to < 0 else 9 if a.crossing < 0 else place_in_borderland(a.crossing)
            assert got == (a.cell, a.direction, a.distance - 1, int(a.pincer), int(a.connection), place,
                           81 if a.meeting < 0 else a.meeting)
        else:
            assert got == (a.cell, (8 if len(a.freed) == 2 else 16) + a.direction) + a.freed


@pytest.mark.parametrize("action, error", [(-1, ValueError), (NUM_DISTINCT_ACTIONS, ValueError),
                                           (True, TypeError), ("4", TypeError), (1.0, TypeError)])
def test_bad_actions(action: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="action"):
        TOKENS.tokens(action)


@pytest.mark.parametrize("prefix, token, text", [
    ((), 4, "e1"), ((), 80, "i9"),
    ((4,), 0, "N"), ((4,), 7, "NW"), ((4,), 9, ">NE"), ((4,), 17, ">NE"), ((4,), 23, ">NW"),
    ((4, 0), 0, "1"), ((4, 0), 7, "8"),
    ((4, 0, 1), 0, "-"), ((4, 0, 3), 1, "x"),
    ((4, 0, 1, 0), 1, "conn"), ((4, 0, 1, 0), 0, "no conn"),
    ((18, 2, 2, 0, 0), 4, "e2"), ((18, 2, 2, 0, 0), 0, "d1"), ((18, 2, 2, 0, 0), 8, "f3"),
    ((18, 2, 2, 0, 0), 9, "no crossing"), ((4, 0, 3, 1, 0), 2, "f4"),
    ((4, 0, 3, 1, 0, 2), 56, "*c7"), ((4, 0, 3, 1, 0, 2), 81, "no meeting"),
    ((4, 9), 0, "a1"), ((4, 9, 0), 10, "b2"), ((4, 18, 0, 10, 20), 30, "d4"),
])
def test_token_text_by_hand(prefix: tuple[int, ...], token: int, text: str) -> None:
    assert TOKENS.token_text(prefix, token) == text


@pytest.mark.parametrize("prefix, token, message", [
    ((), 81, r"token 81 after \[\]: the first token is the chevron's cell"),
    ((4,), 24, "token 24 after \\[4\\]: the second token"),
    ((4, 4), 0, "e1 1 cells S leaves the board"),
    ((4, 0), 8, "distance - 1, 0..7"),
    ((4, 0, 1), 2, "pincer mark is 0 or 1"),
    ((4, 0, 1, 0), 2, "connection mark is 0 or 1"),
    ((4, 0, 1, 0, 0), 10, "crossing place is 0..8"),
    ((4, 0, 1, 0, 0, 9), 82, "meeting cell is 0..80"),
    ((4, 0, 1, 0, 0, 9, 81), 0, "complete after 7 tokens"),
    ((4, 9, 10), 5, "freed cell is 11..80"),
    ((4, 9, 0, 10), 3, "complete after 4 tokens"),
    ((4, 16, 0, 1, 2, 3), 4, "complete after 6 tokens"),
    ((81,), 0, r"prefix \[81\]: the first token"),
    ((4, 4, 0), 0, r"prefix \[4, 4, 0\]: e1 1 cells S leaves the board"),
    ((4,), True, "a token is an int, not bool"),
    ((4, "N"), 0, "prefix \\[4, 'N'\\]: a token is an int, not str"),
])
def test_token_text_refuses_bad_input(prefix: tuple[Any, ...], token: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TOKENS.token_text(prefix, token)


def coloured_start(players: int, variant: dict[str, Any]) -> State:
    """The start position with 6 cells of the first mover's colour along its home row
    (row 1 for south, row 9 for north, who moves first with 3 players: PA-S3), so that
    reorientations by 90 degrees (4 freed cells, PA-O1) are legal from the first turn."""
    state = pickpack.new_game("pacru", players=players, **variant)
    snap = state.snapshot()
    row = 0 if players == 3 else 8                    # the snapshot lists row 9 first
    snap["board"][row] = "AAAAAA..."
    return State.from_snapshot(snap)


def random_positions(seed: int, games: int) -> list[State]:
    """Positions along random games, 2-4 players and the variants, half of them from a
    coloured start, with at most 30,000 legal actions (late positions list up to
    ~800,000 reorientations: too slow here)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        variant: dict[str, Any] = ({}, {"single_cell": True}, {"classic_meeting": True})[g % 3]
        players = 2 + g // 3 % 3
        state = coloured_start(players, variant) if g % 2 else pickpack.new_game("pacru", players=players, **variant)
        assert isinstance(state, State)
        while not state.is_terminal() and state.ply < 160:
            if state.ply % 9 == 0 and state.num_legal_actions() <= 30_000:
                out.append(state.copy())
            state.apply_action(state.random_action(rng))
    return out


def token_tree_actions(state: State, turn: TokenTurn) -> list[int]:
    """Every action TokenTurn completes from ``turn``, exploring every legal token."""
    found: list[int] = []
    tokens = turn.legal_tokens(state)
    assert tokens and all(0 <= t < 82 for t in tokens) and tokens == sorted(set(tokens))
    for t in tokens:
        branch = turn.copy()
        done = branch.choose(state, t)
        if done is None:
            assert len(branch.prefix) < 7
            found.extend(token_tree_actions(state, branch))
        else:
            found.append(done)
    return found


def test_legal_actions_tokens_are_prefix_free_and_replay_exactly() -> None:
    positions = random_positions(seed=7, games=24)
    assert len(positions) > 80
    assert {p.num_players for p in positions} == {2, 3, 4}
    kinds: set[int] = set()
    for state in positions:
        legal = state.legal_actions()
        seqs = [TOKENS.tokens(a) for a in legal]
        assert len(set(seqs)) == len(seqs)
        prefixes = {s[:i] for s in seqs for i in range(1, len(s))}
        for s in seqs:
            assert len(s) in (4, 6, 7) and all(0 <= t < 82 for t in s) and s not in prefixes
            kinds.add(len(s))
        for s in seqs[:: max(1, len(seqs) // 50)]:
            assert all(TOKENS.token_text(s[:i], t) for i, t in enumerate(s))
        assert sorted(token_tree_actions(state, TokenTurn(TOKENS))) == legal
    assert kinds == {4, 6, 7}


def test_token_turn_refuses_a_token_and_names_the_prefix() -> None:
    state = pickpack.new_game("pacru", players=2)
    turn = TokenTurn(TOKENS)
    assert turn.legal_tokens(state) == [4, 18, 26, 80]     # south's a3 e1 i3 i9
    assert turn.choose(state, 4) is None
    assert turn.legal_tokens(state) == [0, 1, 7]           # e1: N, NE, NW (power 1, PA-M2)
    with pytest.raises(IllegalMoveError, match=r"token 2 does not continue any legal action after e1"):
        turn.choose(state, 2)
    assert turn.choose(state, 0) == parse_action("e1-e2")  # the rest is forced


def test_a_position_with_fifteen_thousand_reorientations_replays_exactly() -> None:
    snap = pickpack.new_game("pacru", players=2).snapshot()
    snap["board"][7:] = ["AAAAAAAAA", "AAAAAAAAA"]         # south holds rows 1 and 2: 18 cells
    state = State.from_snapshot(snap)
    legal = state.legal_actions()
    free = 16                                 # e1 and north's a1 carry chevrons (PA-O1: freed cells are unoccupied)
    reorients = 4 * 2 * (comb(free, 2) + comb(free, 4))      # 4 chevrons x 2 ways x freed sets
    assert sum(a >= REORIENT_2 for a in legal) == reorients == 15_520
    seqs = {TOKENS.tokens(a) for a in legal}
    assert len(seqs) == len(legal)
    assert sorted(token_tree_actions(state, TokenTurn(TOKENS))) == legal
