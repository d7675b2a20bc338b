"""The arguments of ``pickpack match`` and ``pickpack play`` (issue 22, item 12):
options that contradict each other are one line naming both, never the last one
silently winning; positional bot names may come after options; a bot that declares no
games plays Pick & Pack alone and is refused for any other game before the first one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pickpack.bots import make_bot
from pickpack.cli import main
from pickpack.errors import BotSpecError
from pickpack.match import play_match
from tests.engine.game_faults import PIG
from tests.support.plugin_dist import on_sys_path, write_distribution

ROOT = Path(__file__).resolve().parents[2]


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one stderr line of ``pickpack ARGV``, which must exit with status 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    return captured.err.removeprefix("pickpack: error: ").rstrip("\n")


# --- conflicting seats and options ------------------------------------------------------

@pytest.mark.parametrize("argv,line", [
    # the instances
    (["play", "--game", "push", "--bot", "p1=random", "--bot", "p1=human"],
     "--bot p1=random and --bot p1=human both choose who plays p1; give each seat once"),
    (["play", "--bot", "blue=random", "--blue", "greedy"],
     "--bot blue=random and --blue greedy both choose who plays blue; give each seat once"),
    # a seat by number and by name is the same seat
    (["play", "--game", "push", "--bot", "2=random", "--bot", "p2=greedy"],
     "--bot 2=random and --bot p2=greedy both choose who plays p2; give each seat once"),
    (["play", "--bot", "1=random", "--red", "human"],
     "--bot 1=random and --red human both choose who plays red; give each seat once"),
    (["play", "--first", "red", "--option", "first=blue"],
     '--first red and --option first="blue" both set first; give one'),
    (["play", "--game", "push", "--option", "target=30", "--option", "target=40"],
     "--option target=30 and --option target=40 both set target; give each option once"),
    (["match", "random", "random", "--game", "push", "--option", "rounds=3", "--option", "rounds=4"],
     "--option rounds=3 and --option rounds=4 both set rounds; give each option once"),
])
def test_contradicting_options_are_one_line_naming_both(
        capsys: pytest.CaptureFixture[str], argv: list[str], line: str) -> None:
    assert _error(capsys, argv) == line


# --- positional bots after options --------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["match", "--games", "2", "--seed", "4", "--jobs", "1", "random", "greedy"],
    ["match", "random", "--games", "2", "greedy", "--seed", "4", "--jobs", "1"],
    ["match", "random", "greedy", "--games", "2", "--seed", "4", "--jobs", "1"],
])
def test_bots_may_come_before_between_or_after_the_options(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert '"seats": [\n        "random",\n        "greedy"\n      ]' in out
    assert '"games_played": 2' in out


def test_an_unknown_option_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["match", "random", "greedy", "--bogus"]) == (
        "match: unrecognized arguments: --bogus")


def test_no_bot_at_all_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["match", "--games", "2"]) == (
        "match: the following arguments are required: BOT")


# --- what a bot plays -------------------------------------------------------------------

SILENT = '''class Silent:
    name = "silent"
    bounded = True

    def __init__(self, seed=None):
        pass

    def choose(self, state):
        return state.legal_moves()[0]
'''


@pytest.fixture
def thirdparty_installed(tmp_path: Path) -> Iterator[None]:
    """examples/thirdparty-bot as an installed plugin (its module from the source folder),
    and ``silent``, a bot whose factory declares no games."""
    site = tmp_path / "site"
    bots = {"thirdparty": "pickpack_thirdparty_bot.biggest_tray:BiggestTrayBot",
            "silent": "silent_bot:Silent"}
    write_distribution(site, "pickpack-thirdparty-bot", "1.2.0", {"pickpack.bots": bots},
                       {"silent_bot": SILENT})
    (site / "pickpack_thirdparty_bot").symlink_to(ROOT / "examples" / "thirdparty-bot" / "pickpack_thirdparty_bot")
    with on_sys_path(site):
        yield


def test_the_third_party_example_is_refused_for_a_game_it_cannot_play(
        thirdparty_installed: None, capsys: pytest.CaptureFixture[str]) -> None:
    # the instance: it forfeited every game of pig with KeyError: 'grid'
    assert _error(capsys, ["match", "thirdparty", "random", "--game", "push", "--games", "2"]) == (
        "bot 'thirdparty' does not play push; it plays: pickpack")
    with pytest.raises(BotSpecError, match="^bot 'thirdparty' does not play pig; it plays: pickpack$"):
        play_match(["thirdparty", "random"], 2, 0, game=PIG)


def test_the_third_party_example_plays_pick_and_pack(thirdparty_installed: None) -> None:
    summary = play_match(["thirdparty", "random"], 2, 0, jobs=1)
    assert [g.forfeit for g in summary.games] == [None, None]


def test_a_bot_declaring_no_games_plays_pick_and_pack_alone(thirdparty_installed: None) -> None:
    assert make_bot("silent", seed=0, game="pickpack").name == "silent"
    with pytest.raises(BotSpecError) as caught:
        make_bot("silent", seed=0, game=PIG)
    assert str(caught.value) == (
        "bot 'silent' does not play pig: it declares no games, so it plays only pickpack; a bot "
        "for other games sets games on its factory (a tuple of game names, or None for every game)")
