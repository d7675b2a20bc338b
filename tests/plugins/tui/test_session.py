"""The UI's game session without a screen: save files, undo, and the move questions."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pickpack.games.pickpack import placements_from_seed

from pickpack.games.pickpack.tui.face import FACE
from pickpack.games.pickpack.tui.move_choices import Questions, decode
from pickpack_tui.session import GameSession, SaveFileError

SEATS = {"red": "human", "blue": "random"}


def _place(session: GameSession, kinds: str) -> None:
    """The placement decisions of ``kinds`` (12 letters, PP-S3) for the player to place."""
    for kind in kinds:
        session.state.apply_action("PWRQXM".index(kind))


def _played(seed: int, moves: list[str]) -> GameSession:
    """Seed ``seed``, both placements of the seed played as 24 decisions, then ``moves``."""
    session = GameSession.new(SEATS, seed=seed)
    placements = placements_from_seed(seed)
    _place(session, placements["red"] + placements["blue"])
    for text in moves:
        session.state.apply(text)
    return session


def test_save_file_replays_to_the_same_position_and_hash(tmp_path: Path) -> None:
    # Seed 3 deals the 6-apple tray to f2 (PP-S2): Red grabs e2, Blue grabs e1.
    session = _played(3, ["e2>2", "e1>1"])
    path = tmp_path / "g.json"
    session.save(path)
    loaded = GameSession.load(path)
    assert loaded.state.zobrist_hash() == session.state.zobrist_hash()
    assert loaded.state.history_actions() == session.state.history_actions()
    assert FACE.log(loaded) == [("red", "e2>2"), ("blue", "e1>1")]
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"], data["seed"]) == ("pickpack-save", 2, "pickpack", 3)
    assert (data["variant"], data["options"], data["players"]) == (None, {}, SEATS)
    red, blue = placements_from_seed(3)["red"], placements_from_seed(3)["blue"]
    assert data["moves"][:2] == [f"aT={red[0]}", f"bT={red[1]}"] and data["moves"][12] == f"1L={blue[0]}"
    assert "".join(m[-1] for m in data["moves"][:24]) == red + blue
    assert data["moves"][24:] == ["e2>2", "e1>1"]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="chess"), "format: not a pickpack save file"),
    (lambda d: d.update(version=9), "version: unsupported version 9"),
    (lambda d: d.update(game="chess"), "game: unknown game 'chess'"),
    (lambda d: d["options"].update(first="green"), "options.first: option first='green' is not offered"),
    (lambda d: d["options"].update(colour="green"), "options.colour: unknown option 'colour'"),
    (lambda d: d["players"].update(blue="deep-blue"), "players.blue: unknown bot 'deep-blue'"),
    (lambda d: d["players"].pop("blue"), "players: pickpack is played by 2 players, not 1"),
    (lambda d: d.update(players={"blue": "human", "red": "human"}), "players: must name the seats red, blue"),
    # Red's third placement decision (cT) must be a kind Red still has two of (PP-C3).
    (lambda d: d["moves"].__setitem__(0, "bT=P"), "moves[0]: "),
    # e2 was grabbed by the first move, so grabbing it again breaks PP-M2 or PP-M1.
    (lambda d: d["moves"].append("e2>1"), "moves[26]: illegal move e2>1 (action 2846): PP-M"),
    (lambda d: d["moves"].append("e9>1"), "moves[26]: expected a destination square"),
])
def test_a_bad_save_file_is_refused_naming_the_field(
        tmp_path: Path, edit: Callable[[dict[str, Any]], None], message: str) -> None:
    data = _played(3, ["e2>2", "e1>1"]).to_json()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as info:
        GameSession.load(path)
    assert message in str(info.value), str(info.value)


def test_undo_with_no_human_play_move_does_nothing() -> None:
    # The committed placements stay (PP-S3): Pick & Pack's face allows play moves only.
    session = _played(3, [])
    assert not session.can_undo(FACE.undoable) and session.undo(FACE.undoable) == 0
    assert session.state.ply == 24


def test_undo_against_a_bot_takes_back_the_bot_reply_and_the_human_move() -> None:
    session = _played(3, ["e2>2", "e1>1", "a1>1"])
    assert session.state.current_player == "blue"
    assert session.undo(FACE.undoable) == 1           # Red's a1>1 only: Red decides again
    assert FACE.log(session) == [("red", "e2>2"), ("blue", "e1>1")]
    assert session.undo(FACE.undoable) == 2           # Blue's e1>1 and Red's e2>2
    assert FACE.log(session) == [] and session.state.current_player == "red"


def test_a_grab_asks_only_for_the_crate_and_lists_every_crate() -> None:
    # Seed 3 opening: all four crates empty, so all tie for fewest (PP-G2).
    session = _played(3, [])
    actions = [a for a in session.state.legal_actions() if decode(a).dest == 10]   # e2
    q = Questions(session.state.observation("red"), "red", actions)
    question = q.next()
    assert question is not None and question.key == "crate" and question.rule == "PP-G2"
    assert [o.unavailable for o in question.options] == [None] * 4
    q.answer(1)
    assert q.next() is None and session.state.action_text(q.action or 0) == "e2>2"


def test_a_closed_crate_is_listed_but_unavailable_as_premium_target() -> None:
    # Seed 5: Blue's d3/3R:4 closed Red's crate 4 as wholesale (PP-A2); after 14 moves
    # Red may move to the empty f3 and use the Premium on fB: crates 1-3 only (PP-A1).
    session = _played(5, ["f5>4", "f3>1", "d3>3", "d2>4", "f2>1", "f1>2", "d1>2", "d3/3R:4",
                          "f3/fB:a1", "f2/2L:aT", "a2>2", "a4>3", "b4>3", "b3>4"])
    actions = [a for a in session.state.legal_actions() if decode(a).dest == 17]   # f3
    q = Questions(session.state.observation("red"), "red", actions)
    question = q.next()
    assert question is not None and question.rule == "PP-A1"
    assert [o.unavailable for o in question.options] == [None, None, None, "closed"]
    with pytest.raises(ValueError, match="not an available answer"):
        q.answer(3)


def test_a_placing_bot_is_not_shown_the_committed_placement_of_the_other_player() -> None:
    # PP-S3: Red (human) has committed; Blue's bot gets a position whose Red tiles are a
    # random arrangement (two of each kind, PP-C3) drawn from the seed, not Red's.
    session = GameSession.new(SEATS, seed=3)
    _place(session, "PPWWRRQQXXMM")
    view = FACE.bot_state(session, "blue")
    shown = "".join(t["kind"] for t in view.snapshot()["tiles"]["red"].values())
    assert shown != "PPWWRRQQXXMM" and sorted(shown) == sorted("PPWWRRQQXXMM")
    assert view.current_player == "blue" and view.snapshot()["grid"] == session.state.snapshot()["grid"]
    # Before the other side has committed there is nothing to hide.
    assert FACE.bot_state(GameSession.new(SEATS, seed=3), "red").snapshot()["tiles"]["blue"]["1L"]["kind"] is None
    assert FACE.bot_continues(view, "blue") and not FACE.bot_continues(view, "red")


def test_a_placing_bot_resuming_a_placement_keeps_its_own_tiles_already_placed() -> None:
    # A game loaded mid-placement: Red committed, Blue placed R, W, W (PP-S3). Blue's bot
    # is given Red hidden and Blue's three tiles where they are, so its next placement
    # (action 1: a W onto the first free space of Blue's) belongs to the real position.
    session = GameSession.new(SEATS, seed=3)
    _place(session, "PPWWRRQQXXMM")
    for kind in "RWW":
        session.state.apply_action("PWRQXM".index(kind))
    view = FACE.bot_state(session, "blue")
    mine = [t["kind"] for t in view.snapshot()["tiles"]["blue"].values()]
    real = [t["kind"] for t in session.state.snapshot()["tiles"]["blue"].values()]
    assert mine == real and mine[:3] == ["R", "W", "W"] and mine[3:] == [None] * 9
    assert view.legal_actions() == session.state.legal_actions()
    assert [view.action_text(a) for a in view.legal_actions()] == \
        [session.state.action_text(a) for a in session.state.legal_actions()]
