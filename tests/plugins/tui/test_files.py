"""The files the UI writes and reads (issue 22): a save never replaces another file
without a question naming what it holds, and a save of another game says how to open it.

The UI writes one kind of file, the save (``s``, GameApp._save_to); the only file it
replaces without asking is the game's own save (the one it was loaded from or last
saved to).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from pickpack_tui.app import GameApp
from pickpack_tui.existing_file import describe
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settle, shown

PUSH_SEATS = {"p1": "human", "p2": "random"}
# The start of a 20-game match record (docs/ppn.md): not a save; a save must not eat it.
RECORD = '[Event "match"]\n[Round "1"]\n[Red "greedy"]\n[Blue "random"]\n\n1. f5>4 f3>1 *\n' * 20


def _push_app(path: Path, seed: int = 3) -> GameApp:
    return GameApp(GameSession.new(PUSH_SEATS, seed=seed, game="push"), bot_delay=0, save_path=str(path))


async def _save_as(pilot: Pilot[Any], app: GameApp, name: str) -> None:
    """Press s, put ``name`` in place of the offered name, press Enter."""
    await pilot.press("s")
    screen = await shown(pilot, FileScreen)
    screen.query_one(Input).value = name
    await pilot.press("enter")


def test_describe_names_what_an_existing_file_holds(tmp_path: Path) -> None:
    record = tmp_path / "pp.ppn"
    record.write_text(RECORD)
    assert describe(record) == f"a file that is not a saved game ({len(RECORD):,} bytes)"
    save = tmp_path / "push.json"
    session = GameSession.new(PUSH_SEATS, seed=3, game="push")
    session.state.apply("draw")               # one push (PU-P1), then the chance draw
    session.resolve_chance()
    session.save(save)
    assert describe(save) == "a saved game of PUSH with 2 moves"
    assert describe(tmp_path) == "a folder"


async def _asked(pilot: Pilot[Any], app: GameApp, path: Path) -> ConfirmScreen:
    """Save as ``path`` from the board; the question the app asks."""
    await shown(pilot, app.board_screen)
    await _save_as(pilot, app, str(path))
    question: ConfirmScreen = await shown(pilot, ConfirmScreen)
    return question


def test_saving_over_a_match_record_asks_and_replaces_it_only_after_yes(tmp_path: Path) -> None:
    async def run() -> None:
        record = tmp_path / "pp.ppn"
        record.write_text(RECORD)
        app = _push_app(tmp_path / "pickpack-save.json")
        async with app.run_test(size=(80, 24)) as pilot:
            question = await _asked(pilot, app, record)
            assert question.question == (f"{record} already exists: a file that is not a saved game "
                                         f"({len(RECORD):,} bytes). Replace it with this game? What it "
                                         "holds now will be lost.")
            assert app.screen.focused is not None and app.screen.focused.id == "no"
            await pilot.press("enter")                # Enter out of habit keeps the file
            await shown(pilot, app.board_screen)
            assert record.read_text() == RECORD
            assert app.message == f"Not saved: {record} was kept as it was"
            await _asked(pilot, app, record)
            await pilot.press("escape")               # so does Escape
            await shown(pilot, app.board_screen)
            assert record.read_text() == RECORD
            await _asked(pilot, app, record)
            await pilot.press("y")                    # only a yes replaces it
            await shown(pilot, app.board_screen)
            assert json.loads(record.read_text())["game"] == "push"
            assert app.message == f"Saved to {record}"
    asyncio.run(run())


def test_another_games_save_is_described_before_it_is_replaced(tmp_path: Path) -> None:
    async def run() -> None:
        other = tmp_path / "other.json"
        GameSession.new(PUSH_SEATS, seed=9, game="push").save(other)
        before = other.read_text()
        app = _push_app(tmp_path / "pickpack-save.json")
        async with app.run_test(size=(80, 24)) as pilot:
            question = await _asked(pilot, app, other)
            assert question.question.startswith(f"{other} already exists: a saved game of PUSH with 0 moves.")
            await pilot.press("n")
            await shown(pilot, app.board_screen)
            assert other.read_text() == before
    asyncio.run(run())


def test_the_games_own_save_is_replaced_without_a_question(tmp_path: Path) -> None:
    async def run() -> None:
        own = tmp_path / "game.json"
        app = _push_app(own)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, app.board_screen)
            await pilot.press("s", "enter")          # a new file: no question
            await shown(pilot, app.board_screen)
            await pilot.press("d")                   # a push (PU-P1) ...
            await settle(pilot)
            await pilot.press("s", "enter")          # ... saved again over its own save
            await shown(pilot, app.board_screen)
            assert app.message == f"Saved to {own}"
            assert len(json.loads(own.read_text())["moves"]) == 2
    asyncio.run(run())


def test_a_loaded_save_is_the_games_own_but_a_new_games_is_not(tmp_path: Path) -> None:
    async def run() -> None:
        own = tmp_path / "game.json"
        GameSession.new(PUSH_SEATS, seed=3, game="push").save(own)
        app = GameApp(GameSession.load(own), bot_delay=0, save_path=str(own))
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, app.board_screen)
            await pilot.press("s", "enter")          # its own save: no question
            await shown(pilot, app.board_screen)
            assert app.message == f"Saved to {own}"
            await pilot.press("n")                   # nothing unsaved: a new game at once
            await settle(pilot)
            await pilot.press("s", "enter")          # the old game's save: asks
            await shown(pilot, ConfirmScreen)
    asyncio.run(run())


def test_a_folder_is_refused_with_one_line(tmp_path: Path) -> None:
    async def run() -> None:
        app = _push_app(tmp_path / "pickpack-save.json")
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, app.board_screen)
            await _save_as(pilot, app, str(tmp_path))
            await shown(pilot, app.board_screen)
            assert app.message == f"Not saved: {tmp_path} is a folder; give a file name"
    asyncio.run(run())


def test_loading_another_games_save_names_its_game_and_the_command_to_open_it(tmp_path: Path) -> None:
    async def run() -> None:
        other = tmp_path / "my push.json"
        GameSession.new(PUSH_SEATS, seed=9, game="push").save(other)
        session = GameSession.new({"south": "human", "north": "random"}, seed=3, game="pacru")
        app = GameApp(session, bot_delay=0, save_path=str(other))
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, app.board_screen)
            await pilot.press("l", "enter")
            await shown(pilot, app.board_screen)
            assert app.session is session
            assert app.message == (f"Not loaded: {other} is a saved game of PUSH, not PACRU; open it "
                                   f"with: pickpack play --load '{other}'")
    asyncio.run(run())
