"""Breakthrough 6x6 against OpenSpiel's implementation of the same game
(``breakthrough(rows=6,columns=6)``): the same legal actions, texts, returns, observation
tensors and perft from the start and from 100 random positions."""

from __future__ import annotations

import random

import pytest

import pickpack

pyspiel = pytest.importorskip("pyspiel")
GAME = pyspiel.load_game("breakthrough(rows=6,columns=6)")

#: perft 1..5 from the start, as OpenSpiel counts them (checked live below).
START_PERFT = [16, 256, 4308, 71478, 1248290]


def spiel_perft(state: object, depth: int) -> int:
    """OpenSpiel's perft, leaves at exactly ``depth`` (the last level counted, not made)."""
    actions = state.legal_actions()  # type: ignore[attr-defined]
    if depth == 1:
        return len(actions)
    return sum(spiel_perft(state.child(a), depth - 1) for a in actions)  # type: ignore[attr-defined]


def same_node(ours: object, theirs: object) -> None:
    assert ours.legal_actions() == theirs.legal_actions()  # type: ignore[attr-defined]
    assert [m.text for m in ours.legal_moves()] == [  # type: ignore[attr-defined]
        theirs.action_to_string(a) for a in theirs.legal_actions()]  # type: ignore[attr-defined]
    assert ours.is_terminal() == theirs.is_terminal()  # type: ignore[attr-defined]
    assert ours.returns() == theirs.returns()  # type: ignore[attr-defined]
    assert list(ours.observation_tensor(0)) == list(theirs.observation_tensor(0))  # type: ignore[attr-defined]


def test_perft_from_the_start_is_openspiels() -> None:
    state = pickpack.new_game("breakthrough")
    assert [state.perft(d) for d in range(1, 6)] == START_PERFT
    assert [spiel_perft(GAME.new_initial_state(), d) for d in range(1, 6)] == START_PERFT


def test_legal_moves_and_perft_agree_from_100_random_positions() -> None:
    """100 unfinished positions after 0..59 random plies, every node on the way there
    compared too; a game that ends first is compared at its end and not counted."""
    rng = random.Random(19)
    positions = finished = 0
    while positions < 100:
        ours, theirs = pickpack.new_game("breakthrough"), GAME.new_initial_state()
        for _ in range(rng.randrange(60)):
            same_node(ours, theirs)
            if theirs.is_terminal():
                break
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)
        same_node(ours, theirs)
        if theirs.is_terminal():
            finished += 1
            continue
        assert [ours.perft(d) for d in (1, 2, 3)] == [spiel_perft(theirs, d) for d in (1, 2, 3)]
        positions += 1
    assert finished > 0                # finished games were compared as well
