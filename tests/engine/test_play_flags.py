"""A game's own flags of ``pickpack play`` (Game.play_flags): thin aliases over the
generic ``--bot SEAT=SPEC`` and ``--option KEY=VALUE``, declared by the game; the
command knows none (pickpack.commands.play)."""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from pickpack.cli import main
from pickpack.commands import play
from pickpack.plugins import names


@pytest.fixture()
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the front end would be started with, instead of starting it."""
    calls: list[dict[str, Any]] = []

    def frontend(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(play, "_frontend", lambda: frontend)
    return calls


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err.removeprefix("pickpack: error: ").rstrip("\n")


def test_pick_and_packs_flags_are_the_generic_bot_and_option(started: list[dict[str, Any]]) -> None:
    assert main(["play", "--red", "random", "--blue=human", "--first", "blue", "--seed", "3"]) == 0
    assert main(["play", "--bot", "red=random", "--bot", "blue=human", "--option", "first=blue",
                 "--seed", "3"]) == 0
    assert started[0] == started[1] == {"game": "pickpack", "seats": {"red": "random", "blue": "human"},
                                        "seed": 3, "variant": None, "options": {"first": "blue"}}


def test_a_flag_the_game_does_not_declare_is_refused_naming_its_flags(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["play", "--game", "push", "--red", "human"]) == (
        "unrecognized argument --red; push's own flags: none (or --bot SEAT=SPEC, --option KEY=VALUE)")
    assert _error(capsys, ["play", "--sed", "3"]) == (
        "unrecognized argument --sed; pickpack's own flags: --red, --blue, --first "
        "(or --bot SEAT=SPEC, --option KEY=VALUE)")
    assert _error(capsys, ["play", "--red"]) == "--red: needs a value"


def test_an_option_flag_value_is_checked_as_the_option_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["play", "--first", "green"]) == (
        "option first='green' is not offered; choices: 'red', 'blue'")


def test_a_flag_with_load_is_refused_as_every_set_up_option_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["play", "--load", "x.json", "--red", "human", "--seed", "1"]) == (
        "--seed, --red cannot be given with --load (the save sets the game up); leave them out")


def test_every_play_flag_of_every_installed_game_names_a_seat_or_an_option() -> None:
    for name in names("pickpack.games"):
        game = pickpack.get_game(name)
        seats = {seat for n in range(game.min_players, game.max_players + 1) for seat in game.player_names(n)}
        for flag, alias in game.play_flags.items():
            assert alias.seat in seats or alias.option in game.options, (name, flag)
    assert set(pickpack.get_game("pickpack").play_flags) == {"red", "blue", "first"}


def test_a_play_flag_names_exactly_one_of_seat_and_option() -> None:
    from pickpack.game import PlayFlag

    for bad in ({}, {"seat": "red", "option": "first"}):
        with pytest.raises(ValueError, match="^a PlayFlag names exactly one of seat and option$"):
            PlayFlag("help", **bad)
