"""Match results as PPN: what ``pickpack match ... --ppn FILE`` writes.

Each pickpack.match.GameResult becomes one game: the roster (Event, Site, Date, Round =
game index + 1, Red, Blue, Result), then ``Seed`` (the deal, PP-S1), both placements
(PP-S3) and ``First "red"`` (pickpack.match starts every game with Red, PP-S4), and a
``Termination`` tag when a bot forfeited. The moves are replayed on the engine while
writing, so a record that does not replay is refused instead of written.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import TextIO

from pickpack import IllegalMoveError, MoveSyntaxError, new_game
from pickpack.match import GameResult
from pickpack_ppn.headers import result_token
from pickpack_ppn.moves import apply_move_text
from pickpack_ppn.tree import Game
from pickpack_ppn.writer import TextExporter

__all__ = ["game_from_result", "games_to_ppn"]


def game_from_result(result: GameResult, *, event: str = "pickpack match", site: str = "?",
                     date: str = "????.??.??") -> Game:
    """The game tree of one match game (see the module docstring for its tags).

    Raises ValueError when the moves do not replay from the seed and placements, when
    they do not finish the game and no forfeit is recorded, or when the recorded winner
    contradicts the final position (PP-E4).
    """
    state = new_game("pickpack", seed=result.seed, placements=result.placements, first="red")
    for ply, text in enumerate(result.moves, 1):
        try:
            apply_move_text(state, text)
        except (IllegalMoveError, MoveSyntaxError) as exc:
            raise ValueError(f"game {result.index}: move {ply} ({text}) does not replay: {exc}") from None
    if not result.forfeit and not state.is_terminal():
        raise ValueError(f"game {result.index}: its {len(result.moves)} moves do not finish the game "
                         "and no forfeit is recorded")
    headers = {"Event": event, "Site": site, "Date": date, "Round": str(result.index + 1),
               "Red": result.red, "Blue": result.blue, "Result": result_token(result.winner),
               "Seed": str(result.seed)}
    if result.forfeit:
        reason = " ".join(result.forfeit.split())   # a tag value is one line
        headers["Termination"] = f"forfeit by {result.forfeited_by}: {reason}"
    try:
        return Game.from_state(state, headers)
    except ValueError as exc:
        raise ValueError(f"game {result.index}: {exc}") from None


def games_to_ppn(results: Iterable[GameResult], stream: TextIO, *, event: str = "pickpack match",
                 site: str = "?", date: str | None = None) -> int:
    """Write each result as a PPN game to ``stream``; returns how many were written.

    ``date`` is the PGN-style ``YYYY.MM.DD`` of the Date tag (default: today). Games
    are written one by one as ``results`` yields them, each ending with a blank line, so
    N calls with one result each write exactly what one call with the N results writes
    (give each call the same ``date`` when a match may run past midnight). Raises
    ValueError as game_from_result does (the games before the bad one are already
    written).
    """
    day = date if date is not None else datetime.date.today().strftime("%Y.%m.%d")
    count = 0
    for result in results:
        game = game_from_result(result, event=event, site=site, date=day)
        stream.write(game.accept(TextExporter()))
        count += 1
    return count
