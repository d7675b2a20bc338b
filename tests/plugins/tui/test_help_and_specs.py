"""Help lists the keys live on the screen (issue 12 item 17); full bot specs in the UI
(item 15: make_bot specs for seats, the bot-failure dialog and save files)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from pickpack.games.pickpack import placements_from_seed
from textual.pilot import Pilot
from textual.widgets import Input

from tests.support.tui_apps import PickPackApp, settle, shown
from pickpack_tui.screens.bot_failure_screen import BotFailureScreen
from pickpack_tui.screens.help_screen import HelpScreen
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack_tui.session import GameSession, SaveFileError
from tests.plugins.tui.test_pilot import _RaisingBot, _first_grab, play_move


def _rows(screen: HelpScreen) -> dict[str, str]:
    """What each key does by the help screen's table (keys sharing a row split apart)."""
    return {key: what for keys, what in screen.keys for key in keys.split(" / ")}


def test_help_lists_the_keys_of_the_screen_it_was_asked_from() -> None:
    async def run() -> None:
        app = PickPackApp(GameSession.new({"red": "human", "blue": "random"}, seed=11), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("question_mark")
            rows = _rows(await shown(pilot, HelpScreen))
            assert rows["s"] == "shuffle: a random arrangement"
            assert rows["Q"] == "put Quality control on the cursor's space (a swap)"
            assert rows["^q"].startswith("quit")
            assert rows["c"] == "commit this placement (PP-S3)"
            assert "u" not in rows and rows["l"].startswith("load")
            assert not any(what.startswith(("undo", "save")) for what in rows.values())
            await pilot.press("escape")
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            await pilot.press("question_mark")
            rows = _rows(await shown(pilot, HelpScreen))
            assert rows["u"].startswith("undo")
            assert rows["s"] == "save the game (JSON file)"
            assert rows["q"].startswith("quit")
            assert rows["space"].startswith("choose the square")
            assert "shuffle: a random arrangement" not in rows.values()
    asyncio.run(run())


def test_the_app_plays_a_bot_given_as_a_spec_with_options() -> None:
    async def run() -> None:
        spec = "mcts:simulations=50"
        app = PickPackApp(GameSession.new({"red": "human", "blue": spec}, seed=11), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            assert app.session.state.phase == "play" and None not in [
                t["kind"] for t in app.session.state.snapshot()["tiles"]["blue"].values()]
            await play_move(pilot, _first_grab(app.session.state), mouse=False)
            assert app.session.state.ply == 26          # 24 placements, Red's move, the bot's
            assert app.message.startswith(f"{spec} (Blue) played ")
    asyncio.run(run())


async def _type(pilot: Pilot[Any], screen: BotFailureScreen, spec: str) -> None:
    field = screen.query_one(Input)
    field.focus()
    field.value = spec
    await pilot.press("enter")


def test_the_bot_failure_dialog_takes_a_typed_spec_and_asks_again_for_a_bad_one() -> None:
    async def run() -> None:
        app = PickPackApp(GameSession.new({"red": "human", "blue": "random"}, seed=13), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            app.bots["blue"] = _RaisingBot()
            await play_move(pilot, _first_grab(app.session.state), mouse=False)
            screen = await shown(pilot, BotFailureScreen)
            await _type(pilot, screen, "mcts:simulations=0")    # refused by the bot itself
            again = await shown(pilot, BotFailureScreen)
            assert again is not screen and "cannot start mcts:simulations=0" in again.problem
            await _type(pilot, again, "mcts:simulations=20")
            await settle(pilot)
            assert app.session.seats["blue"] == "mcts:simulations=20"
            assert app.session.state.ply == 26 and app.session.state.current_player == "red"
    asyncio.run(run())


def _save(tmp_path: Path, blue: str) -> Path:
    session = GameSession.new({"red": "human", "blue": "random"}, seed=3,
                              placements=placements_from_seed(3))
    data = session.to_json()
    data["players"]["blue"] = blue
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("spec", ["mcts:simulations=500", "cmd:python -m mybot --fast",
                                  "native:./libbot.so", "greedy"])
def test_a_save_file_seat_may_be_any_bot_spec(tmp_path: Path, spec: str) -> None:
    assert GameSession.load(_save(tmp_path, spec)).seats["blue"] == spec


@pytest.mark.parametrize(("spec", "message"), [
    ("deep-blue:depth=3", "players.blue: unknown bot 'deep-blue'; choices: human, "),
    ("mcts:simulations", "players.blue: bad bot spec 'mcts:simulations' at column 6: "
                         "option 'simulations' needs the form key=value"),
    ("cmd:", "players.blue: bad bot spec 'cmd:' at column 5: cmd: needs a command line"),
])
def test_a_save_file_seat_with_a_bad_spec_is_refused_naming_the_field(
        tmp_path: Path, spec: str, message: str) -> None:
    with pytest.raises(SaveFileError) as info:
        GameSession.load(_save(tmp_path, spec))
    assert message in str(info.value), str(info.value)


class _ClosingBot:
    name = "closing"

    def __init__(self) -> None:
        self.closed = 0

    def choose(self, state: Any) -> Any:
        raise AssertionError("not asked in this test")

    def close(self) -> None:
        self.closed += 1


def test_bots_are_closed_when_their_game_is_replaced_and_when_the_app_ends() -> None:
    # A cmd: bot (or an isolated one) is a child process: no seat change may leak it.
    async def run() -> None:
        app = PickPackApp(GameSession.new({"red": "human", "blue": "random"}, seed=11), bot_delay=0)
        first, second = _ClosingBot(), _ClosingBot()
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            app.bots["blue"] = first
            await pilot.press("n")                      # nothing played: no question
            await shown(pilot, PlacementScreen)
            assert app.session.seed == 12 and first.closed == 1
            app.bots["blue"] = second
        assert second.closed == 1 and first.closed == 1
    asyncio.run(run())
