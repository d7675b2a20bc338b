"""The games the conformance tests run over: every game registered in the entry-point
group ``pickpack.games`` (the three built-ins and any installed third-party game, the C
example once installed) and Pig from its source folder (examples/thirdparty-game) when
it is not installed: the README's test command installs pickpack alone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pickpack
from pickpack.game import Game

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"


def games_under_test() -> dict[str, Game[Any]]:
    """Name -> Game of every game the suite checks, sorted by name."""
    games = {name: pickpack.get_game(name) for name in pickpack.available_games()}
    if "pig" not in games:
        source = str(ROOT / "examples" / "thirdparty-game")
        if source not in sys.path:
            sys.path.insert(0, source)
        from pickpack_pig import GAME as PIG

        games["pig"] = PIG
    return dict(sorted(games.items()))
