"""Golden playthroughs (after OpenSpiel's integration_tests/playthroughs): every game
under test has one per player count of the suite, committed in playthroughs/; each is
replayed and must come out line for line the same, the first differing ply named.
Regenerate with ``python -m pickpack.testing write tests/conformance/playthroughs GAME``
(docs/testing.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickpack.testing import check_playthrough, golden_set_ups, playthrough_text, replay_text
from pickpack.testing.playthrough import file_name, main, read_playthrough
from tests.conformance.installed import PLAYTHROUGHS, games_under_test

GAMES = games_under_test()
FILES = sorted(PLAYTHROUGHS.glob("*.txt"))


def _game_of(path: Path) -> str:
    return read_playthrough(path.read_text(encoding="utf-8"), str(path)).game


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_golden_playthrough_replays_the_same(path: Path) -> None:
    name = _game_of(path)
    if name not in GAMES:
        pytest.skip(f"{name} is not installed")
    check_playthrough(path, GAMES[name])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_its_golden_playthroughs(name: str) -> None:
    game = GAMES[name]
    missing = [file_name(game, players, seed) for players, seed in golden_set_ups(game)
               if not (PLAYTHROUGHS / file_name(game, players, seed)).is_file()]
    assert missing == [], f"regenerate: python -m pickpack.testing write {PLAYTHROUGHS} {name}"


def test_a_changed_hash_is_reported_at_its_ply() -> None:
    text = (PLAYTHROUGHS / "pig-2p-seed0.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("ply 3:"))
    good = lines[number]
    lines[number] = good.replace(good.split(" hash ")[1][:16], "0" * 16)
    mismatch = replay_text("\n".join(lines) + "\n", GAMES["pig"])
    assert mismatch is not None
    assert (mismatch.ply, mismatch.line, mismatch.expected, mismatch.actual) == (3, number + 1, lines[number], good)
    assert str(mismatch).startswith(f"first difference at ply 3 (line {number + 1}):")


def test_an_action_the_game_now_refuses_is_a_difference_at_its_ply() -> None:
    """Pig's first move is a roll (PIG-6 forbids holding first): a file saying
    ``action 1 hold`` at ply 0 differs there, the game's error as the actual line."""
    text = (PLAYTHROUGHS / "pig-2p-seed0.txt").read_text(encoding="utf-8").replace(
        "action 0 roll", "action 1 hold", 1)
    mismatch = replay_text(text, GAMES["pig"])
    assert mismatch is not None
    assert (mismatch.ply, mismatch.line, mismatch.expected) == (0, 9, "action 1 hold")
    assert mismatch.actual.startswith("raised IllegalMoveError: ") and "PIG-6" in mismatch.actual


def test_a_file_that_is_not_a_playthrough_is_refused_with_its_line() -> None:
    with pytest.raises(ValueError, match=r"^notes\.txt: line 1: not a pickpack playthrough"):
        read_playthrough("game: pig\n", "notes.txt")


def test_the_write_command_regenerates_the_committed_files(tmp_path: Path) -> None:
    assert main(["write", str(tmp_path), "pickpack_pig.game:GAME"]) == 0
    for players, seed in golden_set_ups(GAMES["pig"]):
        name = file_name(GAMES["pig"], players, seed)
        assert (tmp_path / name).read_text(encoding="utf-8") == (PLAYTHROUGHS / name).read_text(encoding="utf-8")


def test_the_check_command_names_the_first_difference_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = PLAYTHROUGHS / "push-4p-seed0.txt"
    bad = tmp_path / "push-4p-seed0.txt"
    bad.write_text(good.read_text(encoding="utf-8").replace("ply 2: to_move 0", "ply 2: to_move 1", 1),
                   encoding="utf-8")
    if "push" not in GAMES:
        pytest.skip("push is not installed")
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: same\n"
    assert main(["check", str(bad), str(good)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{bad}: push, 4 players, seed 0, ply 2, check playthrough: "
                      "first difference at ply 2 (line 12):")
    assert out[1].startswith("  expected: ply 2: to_move 1 ") and out[2].startswith("  actual:   ply 2: to_move 0 ")
    assert out[3] == f"{good}: same"


def test_an_unknown_game_to_write_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["write", "unused", "nosuchgame"])
    assert caught.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "unknown game 'nosuchgame'; installed games: " in err[0]


def test_the_text_of_a_playthrough_is_its_walk_replayed() -> None:
    game = GAMES["pig"]
    text = playthrough_text(game, 2, 0)
    recorded = read_playthrough(text)
    assert playthrough_text(game, 2, 0, actions=recorded.actions) == text
    assert (recorded.game, recorded.players, recorded.seed, recorded.options) == ("pig", 2, 0, {})

def test_the_check_command_words_a_missing_file_in_one_line_and_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(SystemExit) as caught:
        main(["check", str(missing)])
    assert caught.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"{missing}: cannot read: no such file") and "\n" not in err and "Errno" not in err


def test_a_playthrough_of_a_game_not_installed_is_checked_with_game_and_refused_in_one_line_without(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the dice race of tests/support is no installed game: a file of it names 'dice'
    spec = "tests.support.nplayer_game:GAME"
    assert main(["write", str(tmp_path), spec]) == 0
    files = sorted(str(p) for p in tmp_path.glob("*.txt"))
    capsys.readouterr()
    assert files and main(["check", *files, "--game", spec]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{f}: same" for f in files]
    with pytest.raises(SystemExit) as caught:
        main(["check", files[0]])
    assert caught.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"{files[0]}: unknown game 'dice'" in err and "(a game not installed: --game module:attribute)" in err


def test_a_game_that_cannot_be_imported_names_the_argument_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["write", "unused", "my_game.game:GAME"])
    assert caught.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "my_game.game:GAME: cannot import my_game.game: No module named 'my_game'" in err
