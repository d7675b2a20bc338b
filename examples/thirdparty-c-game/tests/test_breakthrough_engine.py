"""What the engine gives Breakthrough without any code of its own for it: ``match``
with the C MCTS, PPN records, the OpenSpiel and PettingZoo adapters, ``pickpack bench``."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.cli import main
from pickpack.match import play_match

from pickpack_breakthrough.game import GAME


def test_match_mcts_beats_random_with_the_c_search() -> None:
    summary = play_match(["mcts:simulations=300", "random"], 6, 1, game="breakthrough").to_json()
    assert GAME.load("native_mcts") is not None       # the mcts bot runs the C search
    mcts, rand = summary["bots"]
    assert (mcts["forfeits"], rand["forfeits"]) == (0, 0)
    assert mcts["mean_return"] == 1.0                  # all 6 games, in either seat


def test_a_match_record_round_trips_through_ppn(tmp_path: Path) -> None:
    record = tmp_path / "bt.ppn"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["match", "random", "random", "--game", "breakthrough", "--games", "3",
                     "--jobs", "1", "--ppn", str(record)]) == 0
    games = list(pickpack.read_games(record))
    assert len(games) == 3
    for game in games:
        final = game.end().state()
        replay = pickpack.new_game("breakthrough")
        for move in game.mainline_moves():
            replay.apply(str(move))
        assert final.is_terminal() and final.zobrist_hash() == replay.zobrist_hash()
        assert game.headers["Game"] == "breakthrough"


def test_openspiel_plays_it_through_the_adapter() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from pickpack.adapters import openspiel

    name = openspiel.register(GAME)
    state = pyspiel.load_game(name).new_initial_state()
    theirs = pyspiel.load_game("breakthrough(rows=6,columns=6)").new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        assert state.legal_actions() == theirs.legal_actions()
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(action) == theirs.action_to_string(action)
        state.apply_action(action)
        theirs.apply_action(action)
    assert state.returns() == theirs.returns()


def test_pettingzoo_api_test_passes() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from pickpack.adapters import pettingzoo as pz

    with contextlib.redirect_stdout(io.StringIO()):
        api_test(pz.env("breakthrough"), num_cycles=100)


def test_bench_prints_c_playouts_beside_openspiels_cpp_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "breakthrough", "--seconds", "0.05", "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert 20 < report["c_playouts"]["mean_plies"] < 109
    if report["openspiel_cpp"] is not None:
        assert report["ratio"] == report["c_playouts"]["plies_per_s"] / report["openspiel_cpp"]["plies_per_s"]


def test_the_plain_tui_face_plays_it_with_the_engines_rules() -> None:
    pytest.importorskip("textual")
    from textual.widgets import Input, Static

    from pickpack_tui.app import GameApp, face_of
    from pickpack_tui.plain_face import PlainFace
    from pickpack_tui.session import GameSession

    async def run() -> None:
        session = GameSession.new({"black": "human", "white": "random"}, seed=1, game=GAME)
        assert isinstance(face_of(session), PlainFace)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            # the board is the snapshot's (StateBase.__str__), not the state's repr
            board = str(app.board_screen.query_one("#plain-board", Static).render())
            assert board == "board:\n  bbbbbb\n  bbbbbb\n  ......\n  ......\n  wwwwww\n  wwwwww\nto_move: black"
            assert app.focused is app.board_screen.query_one("#plain-move-text", Input)   # typing needs no Tab
            await pilot.press(*"a5a3", "enter")
            await pilot.pause()
            assert app.message == ("illegal move a5a3: BT-M2: a piece moves one row forward, "
                                   "straight or diagonally")
            await pilot.press(*"a5a4", "enter")
            for _ in range(200):                       # white's random bot answers
                await pilot.pause()
                if len(session.state.history_actions()) == 2:
                    break
            assert session.state.history_actions()[0] == 74 and session.state.current_player == "black"

    asyncio.run(run())
