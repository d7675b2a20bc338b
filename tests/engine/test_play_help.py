"""``pickpack play --help`` lists each installed game's own flags (Game.play_flags) with
the generic argument each is an alias of (pickpack.commands.play.game_flags_help); the
games are loaded only when the help is shown."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import pickpack.games_registry
from pickpack.cli import build_parser, main
from pickpack.errors import GameLoadError
from pickpack.game import Game, PlayFlag
from tests.support.plain_game import DICE_RACE


def _help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def test_the_help_lists_pick_and_packs_flags_as_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys)
    assert ("\n  --game pickpack (Pick & Pack):\n"
            "    --red SPEC          alias of --bot red=SPEC\n"
            "                        who plays Red: 'human' (default) or a bot spec\n"
            "    --blue SPEC         alias of --bot blue=SPEC\n"
            "                        who plays Blue: 'human' or a bot spec (default: the\n"
            "                        strongest bot)\n"
            "    --first VALUE       alias of --option first=VALUE\n"
            "                        who moves first once the tiles are placed: red or blue\n"
            "                        (PP-S4)\n") in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_each_game_its_flags_then_the_games_without_and_a_broken_one_named(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    flagged = replace(DICE_RACE, name="race", title="Race",
                      play_flags={"goal": PlayFlag("points to win", option="target"),
                                  "second": PlayFlag("who plays p2", seat="p2")})
    plain = replace(DICE_RACE, name="plain")

    def get_game(name: str) -> Game[Any]:
        if name == "broken":
            raise GameLoadError("game 'broken' cannot be loaded: ImportError: no module named broken")
        return {"race": flagged, "plain": plain, "other": plain}[name]

    monkeypatch.setattr(pickpack.games_registry, "available_games", lambda: ["broken", "other", "plain", "race"])
    monkeypatch.setattr(pickpack.games_registry, "get_game", get_game)
    out = _help(capsys)
    assert out.endswith(
        "\ngame flags: a game may declare short flags of its own, each an alias of --bot\n"
        "SEAT=SPEC or --option KEY=VALUE; a flag the game does not declare is refused.\n"
        "\n"
        "  --game race (Race):\n"
        "    --goal VALUE        alias of --option target=VALUE\n"
        "                        points to win\n"
        "    --second SPEC       alias of --bot p2=SPEC\n"
        "                        who plays p2\n"
        "  no flags of their own: other, plain\n"
        "  broken: not loaded (game 'broken' cannot be loaded: ImportError: no module named broken)\n")


def test_building_the_parser_loads_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(name: str) -> Game[Any]:
        raise AssertionError(f"game {name} loaded")

    monkeypatch.setattr(pickpack.games_registry, "get_game", refuse)
    args = build_parser().parse_args(["play", "--seed", "3"])
    assert (args.command, args.seed) == ("play", 3)
