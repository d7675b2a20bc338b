"""A move typed in the plain face (pickpack_tui.plain_face) is checked for legality once
(issue 19, "Work done once"): a state with the ``parse_action`` hook only reads the text
to its action, and the shell's play checks it (one check_action, then the checked
apply_action); an illegal one is refused in parse_move's words (rule and reason) with
the state unchanged, a malformed one with its column, unchecked."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

import pickpack
from pickpack_tui.app import GameApp
from pickpack_tui.plain_face import PlainFace
from pickpack_tui.session import GameSession
from tests.support.legality_counts import CALLS, counting_game
from tests.support.tui_apps import settle

PACRU = pickpack.get_game("pacru")
COUNTING = counting_game(PACRU)


def _typed(check: Callable[[Pilot[Any], GameApp], Awaitable[None]]) -> None:
    """Run ``check`` on two-player PACRU in the plain face, both seats people."""
    async def run() -> None:
        seats = dict.fromkeys(PACRU.player_names(2), "human")
        session = GameSession.new(seats, seed=0, game=COUNTING)
        app = GameApp(session, bot_delay=0, face=PlainFace(PACRU.title))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await check(pilot, app)
    asyncio.run(run())


def _type(app: GameApp, text: str) -> None:
    face = app.face
    assert isinstance(face, PlainFace)
    CALLS.clear()
    face.typed(text)


def test_a_typed_move_is_checked_once_and_played_with_its_canonical_text() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        _type(app, "E1-E2")                    # PACRU reads move text in either case
        assert CALLS == {"check_action": 1, "apply_action": 1}
        assert app.session.history() == [("south", 840499, "e1-e2")]
        assert app.message == "South played e1-e2"
    _typed(check)


def test_an_illegal_typed_move_is_checked_once_and_refused_in_parse_moves_words() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        before = app.session.state.snapshot()
        _type(app, "a1-a8")                    # PA-M1: no chevron of the mover there
        assert CALLS == {"check_action": 1}
        assert app.message == "illegal move a1-a8 (action 20499): PA-M1: no chevron of south on a1"
        assert app.session.state.snapshot() == before and app.session.history() == []
    _typed(check)


def test_malformed_typed_text_is_refused_with_its_column_and_not_checked() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        _type(app, "e1+e2")
        assert CALLS == {}
        assert app.message == ("a move is like e1-e3, e1xe5[f4,*c7], a3-d3[conn] or "
                               "e1>NE[a1,b2] in move text 'e1+e2' at column 3")
        assert app.session.history() == []
    _typed(check)
