"""``pickpack play --load FILE`` (issue 22): a saved game resumes from the command line,
its game taken from the file; anything wrong is one line and exit status 2, before the
UI starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import pickpack_tui.frontend as frontend
from pickpack.cli import main
from pickpack.errors import PickpackError
from pickpack_tui.session import GameSession

PUSH_SEATS = {"p1": "human", "p2": "random"}


@pytest.fixture
def push_save(tmp_path: Path) -> Path:
    """A PUSH save of seed 9 after P1's first push and its draw (PU-P1)."""
    session = GameSession.new(PUSH_SEATS, seed=9, game="push")
    session.state.apply("draw")
    session.resolve_chance()
    path = tmp_path / "push.json"
    session.save(path)
    return path


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one error line of ``pickpack play ARGV`` (exit status 2)."""
    with pytest.raises(SystemExit) as done:
        main(["play", *argv])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()


def test_load_hands_the_save_to_the_ui_whatever_its_game(push_save: Path,
                                                        frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--load", str(push_save)]) == 0
    assert main(["play", "--game", "push", "--load", str(push_save)]) == 0    # the same game: fine
    assert frontend_calls == [{"load": str(push_save)}, {"load": str(push_save)}]


def test_a_game_other_than_the_saves_is_refused_naming_both(push_save: Path, capsys: pytest.CaptureFixture[str],
                                                           frontend_calls: list[dict[str, Any]]) -> None:
    assert _refused(["--game", "pickpack", "--load", str(push_save)], capsys) == (
        f"pickpack: error: --game pickpack conflicts with --load {push_save}, a saved game of push; "
        "leave out --game (the game is the save's)")
    assert frontend_calls == []


@pytest.mark.parametrize(("argv", "flags"), [
    (["--players", "3"], "--players cannot be given with --load (the save sets the game up); leave it out"),
    (["--bot", "2=greedy", "--seed", "4"],
     "--bot, --seed cannot be given with --load (the save sets the game up); leave them out"),
])
def test_setup_options_are_refused_with_load(argv: list[str], flags: str, push_save: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             frontend_calls: list[dict[str, Any]]) -> None:
    assert _refused([*argv, "--load", str(push_save)], capsys) == f"pickpack: error: {flags}"
    assert frontend_calls == []


@pytest.mark.parametrize(("content", "problem"), [
    (None, "{path}: cannot read: no such file"),
    ("{not json", "{path}: not a save file: not JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    ('{"format": "pickpack-save", "version": 2, "game": "push", "players": {"p1": "human", "p2": "random"}, '
     '"seed": 9, "moves": ["stop"]}',
     "{path}: moves[0]: "),
    ('{"format": "pickpack-save", "version": 2, "game": "push", "players": {"p1": "human", "p2": "nosuch"}, '
     '"seed": 9, "moves": []}',
     "{path}: players: "),
    ('[1, 2]', "{path}: format: not a pickpack save file"),
    ("{folder}", "{path}: cannot read: is a directory"),
    (b"\xff{}", "{path}: not a save file: byte 0xFF at offset 0 is not UTF-8 text"),
])
def test_a_bad_save_is_one_line_and_exit_2(content: str | bytes | None, problem: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          frontend_calls: list[dict[str, Any]]) -> None:
    path = tmp_path / "bad.json"
    if content == "{folder}":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    line = _refused(["--load", str(path)], capsys)
    assert line.startswith("pickpack: error: " + problem.format(path=path)), line
    assert frontend_calls == []


def test_the_front_end_opens_the_app_on_the_replayed_save(push_save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[GameSession, str]] = []

    class Recorder:
        def __init__(self, session: GameSession, *, save_path: str) -> None:
            opened.append((session, save_path))

        def run(self) -> None:
            pass

    monkeypatch.setattr(frontend, "PickPackApp", Recorder)
    monkeypatch.setattr(frontend, "has_terminal", lambda: True)
    assert frontend.run(load=str(push_save)) == 0
    [(session, save_path)] = opened
    assert save_path == str(push_save) and session.loaded_from == str(push_save)
    assert session.game.name == "push" and session.seats == PUSH_SEATS and session.seed == 9
    assert session.play_log() == [(mover, text) for mover, text in
                                  zip(["p1", "chance"], json.loads(push_save.read_text())["moves"], strict=True)]
    assert not session.has_unsaved_moves()


def test_the_front_end_without_a_terminal_refuses_a_save_in_one_line(push_save: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frontend, "has_terminal", lambda: False)
    with pytest.raises(PickpackError, match="the terminal UI needs a terminal"):
        frontend.run(load=str(push_save))
