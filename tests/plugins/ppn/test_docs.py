"""The examples of docs/ppn.md are real: every PPN block reads back strictly and is in
canonical form, every position string round-trips, and the claims made about the first
example (who plays ply 30, the final scores) hold on the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickpack.games.pickpack import State
from pickpack_ppn.notation import PPN

DOC = (Path(__file__).resolve().parents[3] / "docs" / "ppn.md").read_text(encoding="utf-8")
GAMES = re.findall(r"```ppn\n(.*?)```", DOC, re.S)
POSITIONS = re.findall(r"```position\n(.*?)\n```", DOC, re.S)


def test_the_doc_has_its_examples() -> None:
    assert len(GAMES) == 4 and len(POSITIONS) == 2


@pytest.mark.parametrize("text", GAMES)
def test_game_examples_read_strictly_and_are_canonical(text: str) -> None:
    game = PPN.parse_game(text)
    assert PPN.export(game) == text + "\n"          # the block omits the final blank line
    game.end().state()                               # and replays


@pytest.mark.parametrize("text", POSITIONS)
def test_position_examples_round_trip(text: str) -> None:
    assert State.from_position(text).to_position() == text


def test_what_the_doc_says_about_the_match_game() -> None:
    game = PPN.parse_game(GAMES[0])
    state = game.initial_state()
    movers = []
    for move in game.mainline_moves():
        movers.append(state.current_player)
        state.apply(move)
    # Plies 30 and 31 are Blue's (the rush order of ply 30, PP-R1); ply 29 is Red's.
    assert movers[28:31] == ["red", "blue", "blue"]
    assert state.scores() == {"red": 70, "blue": 24} and state.winner() == "red"
    assert state.snapshot()["tiles"]["blue"]["3L"] == {"kind": "P", "status": "used"}
