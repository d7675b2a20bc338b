"""The bot servers (``pickpack serve``: pickpack.bots.serve.serve_spec, and
pickpack.bots.serve_isolated, an isolated bot's child) take the host's position
unchecked, and the isolated one speaks version 2 with position strings."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import pickpack.games.pickpack as pickpack_game
from pickpack.bots import serve_isolated
from pickpack.games.pickpack.position import PositionError
from pickpack.bots.serve import serve_spec

# The item-22 position (tests/games/pickpack/test_reachable.py): refused by from_position,
# loaded with checked=False.
UNREACHABLE = ("....../....../111111/222222/233344/444555 a6 r r pPwQXMRRWQXM/MMXXQQRRwwpP "
               "23,P34,W33,W111/W5,P1,6,- 0/0")


def unreachable_state() -> Any:
    with pytest.raises(PositionError):
        pickpack_game.from_position(UNREACHABLE)
    state = pickpack_game.from_position(UNREACHABLE, checked=False)
    assert state.legal_moves()
    return state


def test_serve_plays_an_unchecked_position() -> None:
    state = unreachable_state()
    out = io.StringIO()
    lines = (f"pickpack 1\nnewgame 3\nposition snapshot {json.dumps(state.snapshot())}\n"
             "go 100\nquit\n")
    assert serve_spec("greedy", io.StringIO(lines), out) == 0
    answer = out.getvalue().splitlines()[-1]
    assert answer.startswith("bestmove ")
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}


def test_serve_isolated_plays_an_unchecked_position(tmp_path: Path) -> None:
    state = unreachable_state()
    fault = tmp_path / "fault.json"
    out = io.StringIO()
    lines = (f"pickpack 1\nnewgame 3\nposition snapshot {json.dumps(state.snapshot())}\n"
             "go 100\nquit\n")
    args = {"spec": "greedy", "seed": 3, "options": {}, "time_limit": 1.0,
            "fault_file": str(fault)}
    assert serve_isolated(args, io.StringIO(lines), out) == 0
    answer = out.getvalue().splitlines()[-1]
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}
    assert "kind" not in json.loads(fault.read_text() or "{}")


def test_serve_isolated_speaks_version_2_with_position_strings(tmp_path: Path) -> None:
    state = unreachable_state()
    fault = tmp_path / "fault.json"
    out = io.StringIO()
    lines = (f"pickpack 2 game pickpack players 2\nnewgame 3\nposition {state.to_position()}\n"
             "go 100\nquit\n")
    args = {"spec": "greedy", "seed": 3, "options": {}, "time_limit": 1.0, "game": "pickpack",
            "players": 2, "fault_file": str(fault)}
    assert serve_isolated(args, io.StringIO(lines), out) == 0
    first, answer = out.getvalue().splitlines()
    assert first == "ok 2 greedy"
    assert answer.removeprefix("bestmove ") in {m.text for m in state.legal_moves()}
