"""A record whose Game tag names no installed game is one error, at that tag: its moves
cannot be told from faults without the game, so its movetext is passed over to the next
game instead of being reported token by token (a new user's one-letter typo in a PACRU
file gave 583 problems, every '[' and ',' of its moves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickpack.cli import main
from pickpack_ppn.notation import PPN


def test_an_unknown_game_is_one_problem_at_its_tag_and_the_next_game_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.ppn"
    assert main(["match", "random", "random", "--game", "pacru", "--games", "2", "--seed", "1",
                 "--jobs", "1", "--ppn", str(good)]) == 0
    capsys.readouterr()
    text = good.read_text(encoding="utf-8")
    first = text.index('[Game "pacru"]')
    bad = text[:first] + '[Game "pacr"]' + text[first + len('[Game "pacru"]'):]
    games = list(PPN.iter_games(bad, strict=False))
    assert len(games) == 2
    problems = [str(e) for g in games for e in g.errors]
    line = bad[:bad.index('[Game "pacr"]')].count("\n") + 1
    assert problems == [f"line {line}, column 8: tag Game: unknown game 'pacr'; installed games: "
                        + problems[0].split("installed games: ")[1]]
    assert games[1].errors == [] and games[1].end().state().is_terminal()
