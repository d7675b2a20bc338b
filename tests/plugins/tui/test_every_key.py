"""Every key on every screen does its job or nothing: the UI never dies on a key.

The keys are read from the app itself: at each step the test takes the bindings live on
the screen shown (``Screen.active_bindings``: the focused widget's, the screen's and the
app's, Textual's own included) and presses one of them, chosen by a seeded
``random.Random``. Games start at seeded random points (chance outcomes already in the
history), with a person against bots, people sharing the keyboard, and a bot that fails
(the bot-failed dialog); now and then the terminal shrinks below the face's size (the
too-small notice) or grows back. After every key the app must still run, without an exception,
and be consistent (``_check_consistent``). Quit is the one key whose job is to end the
app; it is pressed last, and then the app must have asked or ended.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot

from pickpack import Move
from pickpack.game import Game, GameState
from pickpack.games_registry import get_game
from pickpack_tui.app import GameApp
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.too_small_screen import TooSmallScreen
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settle
from tests.support.plain_game import DICE_RACE

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))
from pickpack_pig import GAME as PIG  # noqa: E402

# Quit ends the app: pressed last (_run). Textual's command palette is no screen of the
# game's: its search line takes every key as text.
_QUIT = {"quit", "app.quit"}
_NOT_PRESSED = _QUIT | {"command_palette"}


class _BrokenBot:
    """A bot whose every answer is an error (brings up the bot-failed dialog)."""

    name = "broken"

    def choose(self, state: GameState) -> Move:
        raise RuntimeError("broken on purpose")


class _KeysApp(GameApp):
    """GameApp whose seats in ``broken`` get a bot that always fails."""

    def __init__(self, session: GameSession, broken: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(session, **kwargs)
        self.broken = broken

    def _make_bots(self) -> None:
        super()._make_bots()
        for p in self.broken:
            if p in self.bots:
                self.bots[p] = _BrokenBot()


def _game(name: str) -> Game[Any]:
    return {"dicerace": DICE_RACE, "pig": PIG}.get(name) or get_game(name)


def _session_at(game: Game[Any], seats: dict[str, str], seed: int, plies: int) -> GameSession:
    """A session ``plies`` random decisions (random.Random(seed)) into a game of ``seed``,
    chance outcomes drawn by the session in between."""
    session = GameSession.new(seats, seed=seed, game=game)
    rng = random.Random(seed)
    session.resolve_chance()
    for _ in range(plies):
        state = session.state
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        session.resolve_chance()
    return session


def _check_consistent(app: GameApp) -> None:
    """The app runs, raised nothing, shows the board under every other screen, its
    viewer is a seat or everybody, and its state is the replay of its history."""
    assert app.is_running and app._exception is None
    assert app.board_screen in app.screen_stack
    session = app.session
    assert app.viewer is None or app.viewer in session.players
    small = app.size.width < app.face.min_size[0] or app.size.height < app.face.min_size[1]
    assert isinstance(app.screen, (TooSmallScreen, ConfirmScreen)) if small else \
        not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
    replay = session.start.copy()
    for action in session.state.history_actions():
        replay.apply_action(action)
    assert replay.to_position() == session.state.to_position()


def _own(node: object, key: str, action: str) -> bool:
    """True when ``node``'s own (not Textual's) classes bind ``key`` to ``action``."""
    return any((b.key, b.action) == (key, action)
               for cls in type(node).__mro__ if not cls.__module__.startswith(("textual", "builtins"))
               for b in Binding.make_bindings(vars(cls).get("BINDINGS", [])))


def _live_keys(app: GameApp) -> list[tuple[str, str, bool]]:
    """(key, action, the game's own) of every binding live on the screen shown, enabled
    or not; own: declared by the shell's or a face's classes, not by Textual's."""
    return sorted((key, active.binding.action, _own(active.node, key, active.binding.action))
                  for key, active in app.screen.active_bindings.items())


async def _press_at_random(pilot: Pilot[Any], rng: random.Random, presses: int,
                           pressed: dict[tuple[str, str], set[str]]) -> None:
    """Press ``presses`` keys chosen among the live bindings: half of the time among the
    game's own (``_live_keys``), and mostly (4 in 5) among those not yet pressed on a
    screen of that class; ``pressed`` gathers, per (screen class, key), the actions
    pressed (no action: seen live, never pressed)."""
    app = pilot.app
    assert isinstance(app, GameApp)
    for _ in range(presses):
        await settle(pilot)
        _check_consistent(app)
        where = type(app.screen).__name__
        live = [(k, a, own) for k, a, own in _live_keys(app) if a not in _NOT_PRESSED]
        for k, _a, _own_key in live:
            pressed.setdefault((where, k), set())
        mine = rng.random() < 0.5 and any(own for _k, _a, own in live)
        keys = [(k, a) for k, a, own in live if own or not mine]
        fresh = [(k, a) for k, a in keys if not pressed[(where, k)]]
        key, action = rng.choice(fresh if fresh and rng.random() < 0.8 else keys)
        pressed[(where, key)].add(action)
        await pilot.press(key)
        # Now and then the terminal shrinks below the face's size; it grows back soon.
        if rng.random() < (0.5 if app.size.width < 120 else 0.08):
            await pilot.resize_terminal(*((120, 36) if app.size.width < 120 else (40, 10)))
    await settle(pilot)
    _check_consistent(app)


# (game, seats, failing bot seats): a person against bots, people sharing the keyboard
# (hand-over screens), and a bot that fails.
# One set-up per game runs by default; the others (marked slow) run under -m slow, where
# every set-up also plays many keys at many points (test_many_live_keys_...).
CASES = [
    pytest.param("pickpack", {"red": "human", "blue": "random"}, (), id="pickpack-vs-bot"),
    pytest.param("pickpack", {"red": "human", "blue": "human"}, (), id="pickpack-hot-seat", marks=pytest.mark.slow),
    pytest.param("push", {"p1": "random", "p2": "human", "p3": "human"}, (), id="push-issue-seats", marks=pytest.mark.slow),
    pytest.param("push", {"p1": "human", "p2": "random", "p3": "random"}, ("p3",), id="push-broken-bot"),
    pytest.param("pacru", {"south": "human", "north": "random"}, (), id="pacru-vs-bot", marks=pytest.mark.slow),
    pytest.param("pacru", {"south": "human", "north": "human"}, ("north",), id="pacru-hot-seat"),
    pytest.param("pig", {"p1": "human", "p2": "random"}, (), id="pig-vs-bot"),
    pytest.param("pig", {"p1": "human", "p2": "human"}, (), id="pig-hot-seat", marks=pytest.mark.slow),
    pytest.param("dicerace", {"p1": "human", "p2": "random", "p3": "random"}, ("p2",), id="faceless-broken-bot"),
]


def _run(game: str, seats: dict[str, str], broken: tuple[str, ...], seed: int, plies: int, presses: int,
         tmp_path: Path) -> dict[tuple[str, str], set[str]]:
    """Play ``presses`` random keys from ``plies`` random decisions into a game of
    ``seed``, then quit; returns what ``_press_at_random`` gathered."""
    async def run() -> dict[tuple[str, str], set[str]]:
        session = _session_at(_game(game), seats, seed, plies)
        app = _KeysApp(session, broken, bot_delay=0, save_path=str(tmp_path / "keys.json"))
        pressed: dict[tuple[str, str], set[str]] = {}
        async with app.run_test(size=(120, 36)) as pilot:
            await _press_at_random(pilot, random.Random(seed), presses, pressed)
            # Quit last: it asks (unsaved moves) or ends the app, never raises.
            asked = app.session.has_unsaved_moves()
            await pilot.press("ctrl+q")
            if app.is_running:
                await settle(pilot)
            assert app._exception is None
            assert isinstance(app.screen, ConfirmScreen) if asked else not app.is_running
        return pressed
    return asyncio.run(run())


@pytest.mark.parametrize("game, seats, broken", CASES)
def test_every_live_key_at_random_points_keeps_the_app_running(
        game: str, seats: dict[str, str], broken: tuple[str, ...], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)              # a save goes to the test's directory
    seed = sum(map(ord, game + "".join(seats.values())))
    pressed = _run(game, seats, broken, seed, seed % 29, 16, tmp_path)
    assert set().union(*pressed.values()) & {"undo", "new_game", "save", "load", "help"}


@pytest.mark.slow
@pytest.mark.parametrize("game, seats, broken", [pytest.param(*case.values, id=case.id) for case in CASES])
def test_many_live_keys_at_many_random_points_keep_the_app_running(
        game: str, seats: dict[str, str], broken: tuple[str, ...], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for seed in range(10, 15):
        _run(game, seats, broken, seed, 9 * (seed - 10), 60, tmp_path)


def test_undo_on_p2s_first_push_turn_after_a_chance_outcome_says_nothing_to_undo() -> None:
    # The instance: p1 a bot, p2 a person; chance outcomes (the cards drawn,
    # PU-C1) are history entries whose mover is "chance", not a seat.
    async def run() -> None:
        session = GameSession.new({"p1": "random", "p2": "human", "p3": "human"}, seed=4, game="push")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(120, 36)) as pilot:
            for _ in range(50):
                await settle(pilot)
                if session.state.current_player == "p2" and app.my_turn():
                    break
                await pilot.press("enter")            # the hand-over screens
            assert "chance" in [m for m, _ in session.play_log()]
            before = session.state.history_actions()
            await pilot.press("u")
            await settle(pilot)
            assert app.is_running and app._exception is None
            assert session.state.history_actions() == before
            assert app.message == "Nothing to undo: no move of yours yet"
    asyncio.run(run())
