"""PACRU's action tokens stepped in C (core/pacru/pacru_tokens.h; issue 21 item 2)
against the Python codec the adapters use (pickpack.games.pacru.action_tokens.TOKENS
through pickpack.adapters.play.AdaptedState): the codec across the action space, the
next tokens of every prefix (and of prefixes with one token changed) on positions by
hand, and random games played token by token by both (2-4 players, the variants, from
the start and from a coloured start where 90-degree reorientations are legal at once):
the same legal tokens, seat, turn so far and tensor at every step, the same action at
the end of every turn, the same final positions and returns."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import pickpack
from pickpack.action_tokens import CSteppedActionTokens, TokenTurn
from pickpack.adapters.play import AdaptedState
from pickpack.errors import IllegalMoveError
from pickpack.games.pacru._core import (TOKEN_MAX, TOKEN_VOCABULARY, TokenCoreState, c_action_tokens,
                                        c_next_tokens, c_token_text, c_tokens_action)
from pickpack.games.pacru.action_tokens import TOKENS
from pickpack.games.pacru.encoding import NUM_DISTINCT_ACTIONS, REORIENT_2, REORIENT_4, parse_action
from pickpack.games.pacru.state import State
from tests.games.pacru.test_tokens import LATE_FREE, coloured_start, late_position

VARIANTS: tuple[dict[str, Any], ...] = ({}, {"single_cell": True}, {"classic_meeting": True})


def test_the_c_codec_has_the_python_numbers() -> None:
    assert (TOKEN_VOCABULARY, TOKEN_MAX) == (TOKENS.vocabulary, TOKENS.max_tokens) == (82, 7)
    assert isinstance(TOKENS, CSteppedActionTokens)
    assert isinstance(TOKENS.c_token_state(pickpack.new_game("pacru")), TokenCoreState)


def test_c_tokens_and_their_inverse_agree_with_python_across_the_space() -> None:
    rng = random.Random(5)
    bounds = (0, REORIENT_2, REORIENT_4, NUM_DISTINCT_ACTIONS)
    actions = [0, REORIENT_2 - 1, REORIENT_2, REORIENT_4 - 1, REORIENT_4, NUM_DISTINCT_ACTIONS - 1]
    for _ in range(6000):
        part = rng.randrange(3)
        actions.append(rng.randrange(bounds[part], bounds[part + 1]))
    for action in actions:
        tokens = TOKENS.tokens(action)
        assert c_action_tokens(action) == tokens
        assert c_tokens_action(tokens) == action == TOKENS.action(tokens)
    assert c_action_tokens(parse_action("e1>E[d4,a1,c3,b2]")) == (4, 18, 0, 10, 20, 30)   # by hand (test_tokens)


@pytest.mark.parametrize("action", [-1, NUM_DISTINCT_ACTIONS])
def test_c_tokens_refuse_an_action_outside_the_space(action: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        c_action_tokens(action)


@pytest.mark.parametrize("tokens", [(), (4,), (4, 0, 1), (4, 0, 1, 0, 0, 9, 81, 0), (4, 9, 10, 0), (4, 9, 0, 0),
                                    (81, 0, 1, 0, 0, 9, 81), (4, 24, 0, 1), (4, 0, 8, 0, 0, 9, 81), (4, 9, -1, 3)])
def test_c_tokens_action_refuses_what_python_refuses(tokens: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        TOKENS.action(tokens)
    with pytest.raises(ValueError, match="no action"):
        c_tokens_action(tokens)


def _perturbed(prefix: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """``prefix`` and copies with one token changed (to -1, 82, or another value)."""
    out = [prefix]
    for i in range(len(prefix)):
        for value in (-1, 82, rng.randrange(82), prefix[i] + 1):
            out.append(prefix[:i] + (value,) + prefix[i + 1:])
    return out


def _walk_prefixes(state: State, rng: random.Random, limit: int) -> list[tuple[int, ...]]:
    """Prefixes of the legal actions reached by walking ``limit`` random token paths
    of ``state`` (every depth), from the Python codec."""
    seen = set()
    for _ in range(limit):
        prefix: tuple[int, ...] = ()
        while True:
            seen.add(prefix)
            nexts = TOKENS.next_tokens(state, prefix)
            if not nexts:
                break
            prefix += (rng.choice(nexts),)
    return sorted(seen)


@pytest.mark.parametrize("make", [late_position, lambda: coloured_start(2, {}), lambda: coloured_start(3, {}),
                                  lambda: pickpack.new_game("pacru", players=4, single_cell=True)])
def test_c_next_tokens_and_texts_equal_python_for_every_prefix_walked(make: Any) -> None:
    state = make()
    rng = random.Random(11)
    checked = 0
    for prefix in _walk_prefixes(state, rng, 60):
        for p in _perturbed(prefix, rng):
            assert c_next_tokens(state, p) == TOKENS.next_tokens(state, p), p
            checked += 1
        for token in TOKENS.next_tokens(state, prefix):
            assert c_token_text(prefix, token) == TOKENS.token_text(prefix, token)
    assert checked > 300


def test_c_next_tokens_on_the_late_position_by_hand() -> None:
    state = late_position()                      # test_tokens: 533,841 legal actions
    assert c_next_tokens(state, ()) == [4, 18, 26, 80]
    assert c_next_tokens(state, (4, 18)) == LATE_FREE[:-3]
    assert c_next_tokens(state, (4, 18, 1, 2, 43)) == [44]
    assert c_next_tokens(state, (4, 18, 1, 2, 3, 9)) == []          # complete
    assert c_next_tokens(state, (4, 17)) == []                      # N to NE is 45 degrees, not 90


def _starts(count: int) -> list[State]:
    """Start positions: 2-4 players, the three variants, half of them coloured."""
    out = []
    for g in range(count):
        variant = VARIANTS[g % 3]
        players = 2 + g // 3 % 3
        st = coloured_start(players, variant) if g // 9 % 2 else pickpack.new_game("pacru", players=players, **variant)
        assert isinstance(st, State)
        out.append(st)
    return out


def play_both(start: State, rng: random.Random) -> tuple[int, int]:
    """One game played by uniformly random tokens through the Python adapter and the C
    token view side by side, checking every step; (token steps, plies)."""
    adapted = AdaptedState(start.copy())
    tok = TokenCoreState.of(start)
    steps = 0
    while True:
        legal = adapted.legal_actions()
        assert tok.legal_actions() == legal
        assert tok.current_player_id() == adapted.state.current_player_id()
        assert tok.prefix == adapted.turn.prefix
        if not legal:
            break
        if steps % 7 == 0:
            seat = adapted.state.current_player_id()
            assert np.array_equal(np.asarray(tok.observation_tensor(seat)), np.asarray(adapted.tensor(seat)))
        token = rng.choice(legal)
        done = adapted.apply(token)
        tok.apply_action(token)
        steps += 1
        if done is not None:                     # the turn's action: the same position after it
            assert tok.prefix == ()
            assert tok.position().snapshot() == adapted.state.snapshot()
    assert adapted.state.is_terminal() and tok.is_terminal()
    assert tok.returns() == adapted.state.returns()
    assert tok.position().zobrist_hash() == adapted.state.zobrist_hash()
    return steps, adapted.state.ply


def test_random_games_token_by_token_agree_at_every_step() -> None:
    rng = random.Random(2026)
    steps = plies = 0
    starts = _starts(72)
    for start in starts:
        s, p = play_both(start, rng)
        steps += s
        plies += p
    assert len(starts) == 72 and steps > 10_000 and plies > 5_000


@pytest.mark.slow
def test_many_more_random_games_agree_at_every_step() -> None:
    rng = random.Random(21)
    steps = 0
    for start in _starts(540):
        steps += play_both(start, rng)[0]
    assert steps > 100_000


def test_an_illegal_token_names_the_rule_of_its_place_and_the_legal_tokens() -> None:
    st = pickpack.new_game("pacru", players=2)
    tok = TokenCoreState.of(st)
    turn = TokenTurn(TOKENS)
    with pytest.raises(IllegalMoveError) as python:
        turn.choose(st, 5)
    assert tok.check_action(5) == ("PA-M1", str(python.value))
    assert str(python.value) == "token 5 does not continue any legal action; legal tokens: [4, 18, 26, 80]"
    st = coloured_start(2, {})                   # a1..f1 south's: e1 has power 3 (PA-M2)
    tok = TokenCoreState.of(st)
    turn = TokenTurn(TOKENS)
    tok.apply_action(4)                          # e1
    turn.choose(st, 4)
    with pytest.raises(IllegalMoveError) as python:
        turn.choose(st, 3)
    assert tok.check_action(3) == ("PA-M1", str(python.value))      # e1 SE: not within 45 degrees of N
    tok.apply_action(0)                          # N: the distance is asked next
    assert tok.prefix == (4, 0)
    rule, reason = tok.check_action(7)
    assert rule == "PA-M2" and reason.startswith("token 7 does not continue any legal action after e1 N;")
    with pytest.raises(IllegalMoveError, match=r"illegal move 8 \(action 7\): PA-M2: token 7 does not"):
        tok.apply_action(7)
    assert tok.prefix == (4, 0)                  # unchanged
    assert tok.check_action(82) == ("PA-M2", "token 82 is outside the tokens 0..81")
    assert tok.check_action(-1)[0] == "PA-M2"


def test_a_finished_game_refuses_every_token() -> None:
    st = pickpack.new_game("pacru", players=2, max_plies=1)
    st.apply_action(st.legal_actions()[0])
    tok = TokenCoreState.of(st)
    assert tok.is_terminal() and tok.legal_actions() == []
    assert tok.check_action(4) == ("PA-E2", "the game is over")


def test_the_token_views_tensor_is_the_adapters_tensor_layout() -> None:
    st = coloured_start(2, {})
    tok = TokenCoreState.of(st)
    assert tok.observation_tensor_shape() == (53 * 81 + 7 * 82,)
    tok.apply_action(4)
    tok.apply_action(9)                          # e1 >NE: 2 of the free cells b1 c1 d1 f1 (a1: north's chevron)
    assert tok.prefix == (4, 9) and tok.legal_actions() == [1, 2, 3]
    flat = np.asarray(tok.observation_tensor(1))
    rows = flat[53 * 81:].reshape(7, 82)
    assert np.array_equal(np.argwhere(rows), [[0, 4], [1, 9]])
    assert np.array_equal(flat[:53 * 81], np.asarray(st.observation_tensor(1)))
