"""What the README says about playing is what the code does (issue 12, item 19): the
default opponent of ``pickpack play`` and the placement decisions of Pick & Pack."""

from __future__ import annotations

import re
from pathlib import Path

import pickpack
from pickpack.commands import play

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_play_defaults_to_the_top_of_the_ladder_and_the_readme_says_which() -> None:
    ladder = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    order = re.search(r"The order: ((?:`\w+`(?: > )?)+)", ladder)
    assert order is not None
    best = re.findall(r"`(\w+)`", order.group(1))
    assert best == ["alphabeta", "mcts", "greedy", "random"]
    assert play.STRONGEST == tuple(best[:3])
    assert play.strongest_bot() == "alphabeta"
    assert "you are Red against alphabeta, the strongest built-in bot" in README
    assert "# you are Red against the strongest built-in bot\n" not in README


def test_placement_legal_moves_are_what_the_readme_says() -> None:
    state = pickpack.new_game("pickpack", seed=7)
    counts, first_texts = [], []
    while state.phase == "placement":
        moves = state.legal_moves()
        counts.append(len(moves))
        first_texts.append(moves[0].text.split("=")[0])
        state.apply(moves[-1])
    # two of each of six kinds per player: 6,6,5,5,...,1,1 for Red, then the same for Blue
    assert counts == [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1] * 2
    assert first_texts == ["aT", "bT", "cT", "dT", "eT", "fT", "aB", "bB", "cB", "dB", "eB", "fB",
                           "1L", "2L", "3L", "4L", "5L", "6L", "1R", "2R", "3R", "4R", "5R", "6R"]
    text = " ".join(README.split())
    assert "its legal moves are the 24 placement decisions" not in text
    assert ("24 placement decisions, one tile space at a time (Red's `aT`…`fB`, then "
            "Blue's `1L`…`6R`): `legal_moves()` gives one move per tile kind the player "
            "still has for that space (`aT=P`, …), 6 at first and 1 for the last space") in text
