"""The TUI shell's chance and secrets: chance outcomes depend only on the game's seed and the
action index (asking again draws the same; undo never takes a shown outcome back; a
loaded game rolls on as the saved one would have), the plain face hides other seats' decisions of a hidden-information game
until the end and gives bots a determinization, and a new game after a version-1 save
turned into a ``deal`` starts."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.bots.view import NoInfostateError
from pickpack.games.pickpack import deal_from_seed, placements_from_seed
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack.match.chance import sample_outcome
from pickpack.match.seeding import chance_seed, derive_seed
from pickpack_tui.app import GameApp
from pickpack_tui.plain_face import HIDDEN, PlainFace
from pickpack_tui.session import GameSession
from pickpack.face_kit.move_log import MoveLog
from tests.support.pickpack_files import version_1_save
from tests.support.tui_apps import settle, shown
from tests.support.plain_game import DICE_RACE, DiceRace

HOT_SEAT = {"p1": "human", "p2": "human"}
#: The dice race claiming hidden information (so the plain face hides decisions).
SECRET_RACE = dataclasses.replace(DICE_RACE, name="secretrace", perfect_information=False)
THIRD = Fraction(1, 3)


def _games(name: str) -> Any:
    return {"dicerace": DICE_RACE}[name]


def _rolled(session: GameSession) -> str:
    """The player to move rolls; the shell draws the die. The die's text."""
    session.state.apply("roll")
    drawn = session.resolve_chance()
    assert len(drawn) == 1
    return drawn[0]


# --- 1. chance: a function of (seed, action index) -----------------------------------

def test_the_die_at_index_k_is_drawn_from_chance_seed_of_seed_and_k() -> None:
    # Dice race outcomes d1..d3 have 1/3 each: D = 3 and outcome r is randrange(3).
    # Seed 4: randrange(3) of Random(chance_seed(4, k)) is 1 at k = 1, 1 at k = 3,
    # 1 at k = 5 -- d2 each time (hand-checked against pickpack.match.seeding below).
    assert [random.Random(chance_seed(4, k)).randrange(3) for k in (1, 3, 5)] == [1, 1, 1]
    session = GameSession.new(HOT_SEAT, seed=4, game=DICE_RACE)
    session.state.apply("roll")
    assert session.chance_outcome() == sample_outcome([(0, THIRD), (1, THIRD), (2, THIRD)],
                                                      random.Random(chance_seed(4, 1))) == 1
    assert session.resolve_chance() == ["d2"]
    assert session.state.history_actions() == [1, 1]


def test_undo_never_takes_back_a_shown_die() -> None:
    # Rolling, looking at the die and undoing would let a person re-decide knowing the
    # die (it is the same at the same index): undo stops at the last chance outcome.
    session = GameSession.new(HOT_SEAT, seed=4, game=DICE_RACE)
    assert _rolled(session) == "d2"
    assert not session.can_undo() and session.undo() == 0
    assert session.state.history_actions() == [1, 1]             # roll, d2: both stay
    session.state.apply("roll")          # the next person rolls: that roll may be taken back
    assert session.can_undo() and session.undo() == 1
    assert session.state.history_actions() == [1, 1]


def test_a_loaded_game_rolls_on_as_the_saved_game_would_have(tmp_path: Path) -> None:
    # Seed 8: randrange(3) at k = 1, 3, 5, 7 is 2, 0, 0, 1 (d3, d1, d1, d2). The old
    # shell restarted its generator at seed + 4 after the load: d2, d2 instead of d1, d2.
    assert [random.Random(chance_seed(8, k)).randrange(3) for k in (1, 3, 5, 7)] == [2, 0, 0, 1]
    session = GameSession.new(HOT_SEAT, seed=8, game=DICE_RACE, target=20)
    assert [_rolled(session), _rolled(session)] == ["d3", "d1"]
    path = tmp_path / "race.json"
    session.save(path)
    going_on = [_rolled(session), _rolled(session)]
    loaded = GameSession.load(path, games=_games)
    assert [_rolled(loaded), _rolled(loaded)] == going_on == ["d1", "d2"]
    # p1: 3 + 1, p2: 1 + 2.
    assert loaded.state.scores() == session.state.scores() == {"p1": 4.0, "p2": 3.0}


def test_a_game_without_a_seed_draws_the_same_outcome_when_asked_again() -> None:
    session = GameSession.new(HOT_SEAT, seed=None, game=DICE_RACE)
    session.seed = None          # as loaded from a save file whose seed is null
    session.state.apply("roll")
    assert session.chance_outcome() == session.chance_outcome()


# --- 2. the plain face hides other seats' decisions -----------------------------------

def test_the_plain_log_of_a_hidden_game_shows_only_the_viewers_decisions_and_chance() -> None:
    session = GameSession.new({"p1": "human", "p2": "human", "p3": "human"}, seed=4, game=SECRET_RACE)
    for text in ["roll", "d3", "step", "roll", "d1"]:
        session.state.apply(text)
    face = PlainFace("Secret race")
    assert face.log(session, "p1") == [("p1", "roll"), ("chance", "d3"), ("p2", HIDDEN),
                                       ("p3", HIDDEN), ("chance", "d1")]
    assert face.log(session, "p2") == [("p1", HIDDEN), ("chance", "d3"), ("p2", "step"),
                                       ("p3", HIDDEN), ("chance", "d1")]
    assert face.log(session) == [("p1", HIDDEN), ("chance", "d3"), ("p2", HIDDEN),
                                 ("p3", HIDDEN), ("chance", "d1")]
    # p1 3, p2 1, p3 1: p1 steps twice more to 5 -- over, and everything is shown.
    for text in ["step", "step", "step", "step"]:
        session.state.apply(text)
    assert session.state.is_terminal()
    assert face.log(session, "p2") == session.play_log() == [
        ("p1", "roll"), ("chance", "d3"), ("p2", "step"), ("p3", "roll"), ("chance", "d1"),
        ("p1", "step"), ("p2", "step"), ("p3", "step"), ("p1", "step")]


def test_the_plain_log_of_a_perfect_information_game_shows_everything() -> None:
    session = GameSession.new(HOT_SEAT, seed=4, game=DICE_RACE)
    for text in ["roll", "d3", "step"]:
        session.state.apply(text)
    assert PlainFace().log(session, "p1") == [("p1", "roll"), ("chance", "d3"), ("p2", "step")]


def test_pick_and_pack_through_the_plain_face_hides_blues_placement_in_reds_log() -> None:
    # The old log showed Blue's 12 secret placements (1L=.., PP-S3) to Red.
    async def run() -> None:
        session = GameSession.new({"red": "human", "blue": "random"}, seed=3)
        placements = placements_from_seed(3)
        for player in ("red", "blue"):
            for kind in placements[player]:
                session.state.apply_action("PWRQXM".index(kind))
        session.mark_saved()
        app = GameApp(session, bot_delay=0, face=PlainFace("Pick & Pack"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.viewer == "red" and session.state.current_player == "red"
            lines = app.board_screen.query_one(MoveLog).lines
            assert len(lines) == 24
            assert lines[0] == f" 1 Red   aT={placements['red'][0]}"
            assert lines[12] == f"13 Blue  {HIDDEN}"
            assert all(line.endswith(HIDDEN) for line in lines[12:])
            assert not any(line.endswith(HIDDEN) for line in lines[:12])
    asyncio.run(run())


class _Secret(DiceRace):
    """A dice race whose game claims hidden information (SECRET_RACE)."""

    @property
    def game(self) -> Any:
        return SECRET_RACE


class _Determinized(_Secret):
    """A dice race claiming hidden information: records the determinizations asked for."""

    def __init__(self, players: int, target: int) -> None:
        super().__init__(players, target)
        self.calls: list[tuple[int, int]] = []

    def resample_from_infostate(self, player: int, seed: int) -> DiceRace:
        self.calls.append((player, seed))
        return DiceRace.copy(self)


def test_a_plain_face_bot_gets_a_determinization_when_the_state_offers_one() -> None:
    session = GameSession.new(HOT_SEAT, seed=4, game=SECRET_RACE)
    state = _Determinized(2, 5)
    for text in ["roll", "d3"]:
        state.apply(text)
    session.state = state
    view = PlainFace().bot_state(session, "p2")
    # p2 is seat 1; two actions are in the history: seed derive_seed(4, 2, 1).
    assert state.calls == [(1, derive_seed(4, 2, 1))] == [(1, session.bot_seed(1))]
    assert type(view) is DiceRace and view is not state and view.totals == [3, 0]


def test_a_plain_face_bot_gets_a_copy_in_a_game_of_perfect_information() -> None:
    session = GameSession.new(HOT_SEAT, seed=4, game=DICE_RACE)
    session.state.apply("step")
    view = PlainFace().bot_state(session, "p2")
    assert view is not session.state and view.history_actions() == [0]


def test_a_plain_face_bot_of_a_hidden_game_without_determinization_is_refused_in_one_line() -> None:
    # Hidden information never reaches a bot: no full copy of a state that hides some.
    session = GameSession.new(HOT_SEAT, seed=4, game=SECRET_RACE)
    session.state = _Secret(2, 5)
    session.state.apply("step")
    with pytest.raises(NoInfostateError, match=r"^a bot is given only what its seat may see: game 'secretrace' hides information .* offer no "
                                               r"resample_from_infostate\(seat, seed\)") as caught:
        PlainFace().bot_state(session, "p2")
    assert "\n" not in str(caught.value)


# --- 4. a new game after a version-1 save turned into a deal ---------------------------

def test_a_new_game_after_a_version_1_deal_save_keeps_the_deal_under_a_fresh_seed(tmp_path: Path) -> None:
    deal = list(deal_from_seed(8))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(version_1_save(seed=None, moves=(), deal=deal)), encoding="utf-8")
    loaded = GameSession.load(path)
    assert loaded.seed is None and loaded.options == {"first": "red", "deal": deal}
    nxt = loaded.next_game()      # raised "give either seed or deal, not both" before
    assert nxt.seed is not None and nxt.options == loaded.options
    assert nxt.state.snapshot()["grid"] == pickpack.new_game("pickpack", deal=deal).snapshot()["grid"]
    assert nxt.state.history_actions() == [] and nxt.seats == {"red": "human", "blue": "greedy"}
    again = nxt.next_game()
    assert again.seed == (nxt.seed + 1) % 2**63


def test_the_n_key_after_loading_a_version_1_deal_save_starts_a_new_game(tmp_path: Path) -> None:
    async def run() -> None:
        deal = list(deal_from_seed(8))
        path = tmp_path / "old.json"
        path.write_text(json.dumps(version_1_save(seed=None, moves=(), deal=deal)), encoding="utf-8")
        loaded = GameSession.load(path)
        app = GameApp(loaded, bot_delay=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            await pilot.press("n")
            await shown(pilot, PlacementScreen)
            assert app.session is not loaded and app.session.seed is not None
            assert app.session.state.snapshot()["grid"] == loaded.start.snapshot()["grid"]
    asyncio.run(run())



def test_a_push_player_cannot_peek_at_the_next_card_by_undo() -> None:
    # Draw, see the card, undo, stop: the review's peek. The draw is followed by the card
    # (a chance outcome), so undo can take back the placement but never the draw.
    session = GameSession.new({"p1": "human", "p2": "random"}, seed=3, game=pickpack.get_game("push"))
    session.state.apply("draw")
    first = session.resolve_chance()
    assert len(first) == 1 and session.state.phase == "place"
    assert not session.can_undo()                       # nothing of p1's since the card
    session.state.apply("place-1")
    assert session.undo() == 1 and session.state.phase == "place"   # the placement only
    session.state.apply("place-1")
    session.state.apply("draw")
    session.resolve_chance()
    assert session.undo() == 0 and session.state.history_actions()[-2] == 0   # "draw" stays
