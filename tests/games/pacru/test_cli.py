"""The ``pickpack`` command on PACRU, through pickpack.cli.main: perft (depth 1 counted by
hand), match for 2, 3 and 4 players with its PPN record, validate and replay of that
record, play's seats and options (its front end replaced by a recorder), and bad
arguments refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pickpack.cli import main
from pickpack_ppn.notation import PPN

NAMES = {2: ["south", "north"], 3: ["north", "east", "west"], 4: ["south", "west", "north", "east"]}


def _lines(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert main(argv) == 0
    return capsys.readouterr().out.splitlines()


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one stderr line of a command refused with status 2."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    return line


@pytest.mark.parametrize("players, counts", [
    # Depth 1 by hand (docs/pacru.md, "Command line"): every chevron has power 1. A move
    # into another borderland is a crossing with one action per neutral cell there
    # without a chevron (PA-B1). 2 players: a3 -> b3, b2, or b4 (borderland 3, 9 cells):
    # 11; i3 likewise: 11; e1 and i9 stay in their borderlands: 3 + 3. 28.
    # 3 players, north first: e9 3; a7 -> b8, b7, or b6 (borderland 3 holds west's a5:
    # 8 cells): 10; i7 likewise (east's i5): 10. 23. 4 players, south: e1 3, a3 10, i3 10.
    # Depths 2 and 3 are the plain-Python reference's (tests/games/pacru/test_docs.py).
    (2, ["depth 1: 28", "depth 2: 734", "depth 3: 16168"]),
    (3, ["depth 1: 23", "depth 2: 533", "depth 3: 11343"]),
    (4, ["depth 1: 23", "depth 2: 510", "depth 3: 10379"]),
])
def test_perft_from_each_start(capsys: pytest.CaptureFixture[str], players: int, counts: list[str]) -> None:
    assert _lines(capsys, ["perft", "--game", "pacru", "--players", str(players), "--depth", "3"]) == counts


def test_perft_takes_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    # The variants change nothing this early (no borderland is full, nobody has 9 cells).
    assert _lines(capsys, ["perft", "--game", "pacru", "--variant", "single-cell", "--option",
                           "classic_meeting=true", "--depth", "1"]) == ["depth 1: 28"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_writes_records_that_validate_and_replay(players: int, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "pacru.ppn"
    out = "\n".join(_lines(capsys, ["match", "--game", "pacru", "--players", str(players),
                                    *["random"] * players, "--games", "3", "--jobs", "1", "--seed", "5",
                                    "--option", "max_plies=30", "--json", "--ppn", str(record)]))
    summary = json.loads(out)
    assert (summary["game"], summary["players"], summary["games_played"]) == ("pacru", players, 3)
    assert summary["options"] == {"max_plies": 30}
    assert sum(bot["games"] for bot in summary["bots"]) == 3 * players
    with PPN.open(record) as stream:
        games = list(PPN.iter_games(stream))
    assert len(games) == 3
    for game in games:
        final = game.end().state()
        assert final.is_terminal() and final.ply <= 30
        assert abs(sum(final.returns())) < 1e-9                    # zero-sum (PA-E2, PA-E3)
        assert game.headers["Options"] == '{"max_plies":30}'
        assert [game.headers[name.capitalize()] for name in NAMES[players]] == ["random"] * players
        assert game.headers["Result"] == PPN.dialect("pacru").result_of(final)
    assert main(["validate", str(record)]) == 0
    done = capsys.readouterr()
    assert (done.out, done.err) == ("", f"{record}: 3 games, no problems\n")
    assert main(["replay", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(" vs " in line and line.endswith(", over") for line in lines)
    assert all(f"random ({NAMES[players][0]})" in line for line in lines)


def test_validate_reports_an_illegal_move_with_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.ppn"
    record.write_text('[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[South "?"]\n[North "?"]\n'
                      '[Result "*"]\n[Game "pacru"]\n[Players "2"]\n\n1. e1-e2 2. a1-a3 *\n', encoding="utf-8")
    assert main(["validate", str(record)]) == 1
    out = capsys.readouterr().out
    # a1 (north, pointing NE) has power 1; a3 is 2 cells away (PA-M2)
    assert out == (f"{record}:11:13: move 2: illegal move a1-a3: PA-M2: the chevron on a1 has power 1: "
                   "it moves 1 to 1 cells\n")


def test_play_seats_a_human_against_the_strongest_bot_that_plays_pacru(
        frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--game", "pacru", "--players", "3", "--bot", "west=random",
                 "--option", "max_plies=50", "--variant", "single-cell"]) == 0
    [call] = frontend_calls
    # alphabeta plays Pick & Pack only: mcts is the strongest built-in bot for PACRU
    assert call["game"] == "pacru" and call["seats"] == {"north": "human", "east": "mcts", "west": "random"}
    assert (call["variant"], call["options"]) == ("single-cell", {"max_plies": 50})


def test_play_hot_seat_for_four(frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--game", "pacru", "--players", "4", "--bot", "2=human", "--bot", "3=human",
                 "--bot", "4=human"]) == 0
    assert frontend_calls[0]["seats"] == dict.fromkeys(NAMES[4], "human")


@pytest.mark.parametrize("argv, message", [
    (["play", "--game", "pacru", "--players", "5"], "pickpack: error: pacru is played by 2..4 players, not 5"),
    (["play", "--game", "pacru", "--bot", "east=random"],
     "pickpack: error: --bot 'east=random': no seat 'east' in pacru; seats: south, north or 1..2"),
    (["play", "--game", "pacru", "--bot", "2=heuristic"], "heuristic"),
    (["play", "--game", "pacru", "--variant", "hard"],
     "pickpack: error: pacru has no variant 'hard'; variants: classic-meeting, single-cell"),
    (["play", "--game", "pacru", "--option", "max_plies=0"], "pickpack: error: option max_plies=0: must be 1..1000"),
    (["match", "--game", "pacru", "--players", "3", "random", "random"], "3"),
    (["match", "--game", "pacru", "random", "heuristic"], "heuristic"),
    (["match", "--game", "pacru", "random", "random", "--option", "max_plies=1001"], "must be 1..1000"),
    (["match", "--game", "pacru", "random", "random", "--option", "single_cell=1"], "must be true or false"),
    (["perft", "--game", "pacru", "--players", "1", "--depth", "1"],
     "pickpack: error: perft: pacru is played by 2..4 players, not 1"),
])
def test_bad_pacru_arguments_are_one_line_before_anything_starts(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    line = _refused(capsys, argv)
    assert line == message or (line.startswith("pickpack: error: ") and message in line)
