"""The ``pickpack`` command on PUSH: perft (exact counts worked out by hand), match
(with its PPN record), play's argument checks, through pickpack.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pickpack.cli import main
from pickpack_ppn.notation import PPN


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


def test_perft_from_the_start_counts_chance_outcomes_as_branches(capsys: pytest.CaptureFixture[str]) -> None:
    # 1: the only opening decision is draw (PU-T1: nobody has a bench to bank).
    # 2: one branch per card type in the deck: 30 numbers + roll + switch = 32.
    # 3: a number or roll card has one place, a new stack (PU-P2): 31; a switch card goes
    #    to the pile and leaves draw/stop (PU-S1, PU-P4): 2; 33.
    # 4: after a placed card, draw or stop: 31 * 2 = 62; after the switch, draw (32 card
    #    types) or stop (no stack holds a card: the turn ends, p2's draw: 1): 33; 95.
    # 5: 31 placed cards * (draw: 32 types, stop: take-1, PU-K1) = 1023; the switch: draw
    #    then 31 placements + draw/stop after a second switch = 33, stop then p2's 32
    #    cards = 32; 1023 + 65 = 1088.
    assert _lines(capsys, ["perft", "--game", "push", "--depth", "5"]) == [
        "depth 1: 1", "depth 2: 32", "depth 3: 33", "depth 4: 95", "depth 5: 1088"]


def test_perft_of_two_players_has_no_switch_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # PU-C3: 31 card types; every card is placed, then draw (31 types) or stop (take-1).
    assert _lines(capsys, ["perft", "--game", "push", "--players", "2", "--depth", "5"]) == [
        "depth 1: 1", "depth 2: 31", "depth 3: 31", "depth 4: 62", "depth 5: 992"]


def test_perft_variants_and_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    # The variants change what a die does, not how many outcomes it has, so the counts
    # alone cannot show that they arrived: the root perft counts from must have them.
    import argparse

    from pickpack.commands.perft import _root

    root = _root(argparse.Namespace(game="push", players=3, variant="hard", seed=0,
                                    option=[("switch_per_turn", True)]))
    assert root.num_players == 3 and root.options == {"hard": True, "switch_per_turn": True}
    assert _lines(capsys, ["perft", "--game", "push", "--players", "3", "--variant", "hard",
                           "--option", "switch_per_turn=true", "--depth", "3"]) == [
        "depth 1: 1", "depth 2: 32", "depth 3: 33"]


@pytest.mark.parametrize("argv, message", [
    (["--players", "7"], "pickpack: error: perft: push is played by 2..6 players, not 7"),
    (["--variant", "easy"], "pickpack: error: perft: push has no variant 'easy'; variants: hard, switch-per-turn"),
    (["--option", "hard=1"], "pickpack: error: perft: option hard=1: must be true or false, not int"),
    (["--option", "colour=red"], "pickpack: error: perft: unknown option 'colour' for game push; "
                                 "options: hard, switch_per_turn"),
])
def test_perft_refuses_a_set_up_push_does_not_offer(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                     message: str) -> None:
    assert _refused(capsys, ["perft", "--game", "push", "--depth", "2", *argv]) == message


def test_perft_of_a_game_with_its_own_root_refuses_set_up_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert _refused(capsys, ["perft", "--seed", "1", "--depth", "1", "--players", "2"]) == (
        "pickpack: error: perft: pickpack counts from its own root (made from --seed); "
        "--players cannot be given")


def test_a_four_player_match_writes_records_that_replay(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "push.ppn"
    out = "\n".join(_lines(capsys, ["match", "--game", "push", "--players", "4", "random", "random",
                                    "random", "random", "--games", "8", "--jobs", "1", "--seed", "3",
                                    "--json", "--ppn", str(record)]))
    summary = json.loads(out)
    assert (summary["game"], summary["players"], summary["games_played"]) == ("push", 4, 8)
    assert len(summary["bots"]) == 4
    assert sum(bot["games"] for bot in summary["bots"]) == 32          # 4 seats x 8 games
    assert abs(sum(bot["mean_return"] for bot in summary["bots"])) < 1e-3   # zero-sum (PU-E3)
    with PPN.open(record) as stream:
        games = list(PPN.iter_games(stream))
    assert len(games) == 8
    for game in games:
        final = game.end().state()
        assert final.is_terminal() and final.snapshot()["deck"] == {}      # PU-E1
        assert game.headers["Result"] == PPN.dialect("push").result_of(final)
        assert [game.headers[f"P{i}"] for i in range(1, 5)] == ["random"] * 4
    assert main(["validate", str(record)]) == 0
    done = capsys.readouterr()
    assert (done.out, done.err) == ("", f"{record}: 8 games, no problems\n")


@pytest.mark.parametrize("argv, message", [
    (["match", "--game", "push", "--players", "4", "random", "random", "random"], "4"),
    (["match", "--game", "push", "random", "greedy"], "greedy"),
    (["match", "--game", "push", "--players", "7"] + ["random"] * 7, "2..6"),
    (["play", "--game", "push", "--players", "7"], "pickpack: error: push is played by 2..6 players, not 7"),
    (["play", "--game", "push", "--players", "3", "--bot", "p4=random"],
     "pickpack: error: --bot 'p4=random': no seat 'p4' in push; seats: p1, p2, p3 or 1..3"),
    (["play", "--game", "push", "--players", "3", "--bot", "2=greedy"],
     "pickpack: error: bot 'greedy' does not play push; it plays: pacru, pickpack"),
    (["play", "--game", "push", "--variant", "easy"],
     "pickpack: error: push has no variant 'easy'; variants: hard, switch-per-turn"),
])
def test_bad_push_arguments_are_one_line_before_anything_starts(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    line = _refused(capsys, argv)
    assert line == message or (line.startswith("pickpack: error: ") and message in line)
