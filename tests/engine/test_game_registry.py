"""Finding games (pickpack.games_registry): an installed game plugin that fails to load is
one line naming the game, in the API, on the command line and in a record's Game tag
(issue 8, "Bad input")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack
from pickpack.cli import main
from pickpack.errors import GameLoadError
from tests.support.plugin_dist import on_sys_path, write_distribution

BROKEN_RECORD = '''[Event "x"]
[Game "broken"]
[Result "*"]

*
'''


@pytest.fixture
def broken_games(tmp_path: Path) -> Iterator[None]:
    """Two installed games: ``broken`` (its module is missing) and ``notagame`` (its entry
    point is a plain int)."""
    write_distribution(tmp_path / "site", "broken-games", "0.1",
                       {"pickpack.games": {"broken": "no_such_module_here:GAME",
                                           "notagame": "not_a_game:GAME"}},
                       {"not_a_game": "GAME = 42\n"})
    with on_sys_path(tmp_path / "site"):
        yield


def test_a_game_that_fails_to_import_is_a_game_load_error(broken_games: None) -> None:
    with pytest.raises(GameLoadError) as err:
        pickpack.get_game("broken")
    assert str(err.value) == ("game 'broken' failed to load: ModuleNotFoundError: "
                              "No module named 'no_such_module_here'")
    assert isinstance(err.value, pickpack.PickpackError)


def test_an_entry_point_that_is_not_a_game_is_a_game_load_error(broken_games: None) -> None:
    with pytest.raises(GameLoadError, match=r"^game 'notagame' failed to load: its entry point "
                       r"pickpack.games:notagame is not a pickpack.Game but int$"):
        pickpack.new_game("notagame")


@pytest.mark.parametrize("command", [["match", "random", "random", "--game", "broken", "--games", "1"],
                                     ["perft", "--game", "broken", "--seed", "1", "--depth", "1"],
                                     ["bench", "--game", "broken", "--seconds", "0.01"]])
def test_the_command_line_says_it_in_one_line(broken_games: None, command: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(command)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == ("pickpack: error: game 'broken' failed to load: ModuleNotFoundError: "
                   "No module named 'no_such_module_here'\n")


def test_a_record_naming_it_is_a_located_error(broken_games: None, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "broken.ppn"
    record.write_text(BROKEN_RECORD, encoding="utf-8")
    status = main(["validate", str(record)])
    out = capsys.readouterr()
    assert status == 1
    # line 2 is [Game "broken"]: '[' col 1, 'Game' 2-5, ' ' 6, '"' 7, the value from col 8
    assert out.out == (f"{record}:2:8: tag Game: game 'broken' failed to load: "
                       "ModuleNotFoundError: No module named 'no_such_module_here'\n")


def test_a_variant_that_is_not_a_string_is_an_option_error() -> None:
    # A list of variants is not how variants combine (options do that): one clear
    # OptionError naming the field, not "unhashable type: 'list'".
    from pickpack.game import OptionError

    with pytest.raises(OptionError, match="variant must be a str naming one variant of pacru, not list") as err:
        pickpack.new_game("pacru", variant=["single-cell"])  # type: ignore[arg-type]
    assert err.value.field == "variant"
