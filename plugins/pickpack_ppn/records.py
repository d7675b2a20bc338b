"""Match results as PPN: what ``pickpack match ... --ppn FILE`` writes.

Each pickpack.match.GameResult becomes one game of its game's dialect
(pickpack.records.dialect): the roster (Event, Site, Date, Round = game index + 1, one
tag per seat holding the bot spec in it, Result), the ``Game`` tag for every game but
Pick & Pack, the set-up tags that replay the game (Pick & Pack: ``Seed``, both
placements (PP-S3), ``First``; another game: ``Players``, ``Seed``, ``Variant``,
``Options``), and a ``Termination`` tag when a bot forfeited. The moves, chance outcomes
included, are replayed on the engine while writing, so a record that does not replay is
refused instead of written: once, by their actions (``GameResult.actions``, checked by
the game's ``apply_action``), each written with the text the runner made for it, so no
move is encoded or decoded again; a result without actions is replayed from its texts.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from pickpack.game import GameState
from pickpack.games_registry import get_game
from pickpack.match.result import GameResult
from pickpack.move import Move
from pickpack.records.dialect import GenericDialect, RecordDialect, dialect_for, result_from_returns
from pickpack_ppn.tree import Game
from pickpack_ppn.writer import TextExporter

__all__ = ["game_from_result", "games_to_ppn", "setup_given"]


def setup_given(dialect: RecordDialect, seed: int | None, variant: str | None,
                options: Mapping[str, Any]) -> dict[str, str]:
    """The set-up tags to give Game.from_state for a game made by ``new_state(seed=seed,
    variant=variant, **options)``: ``Seed``, and for a game of the generic dialect
    ``Variant`` and ``Options`` (a JSON object, keys sorted). Pick & Pack's dialect
    works its Deal, placements and First out of the state itself. Raises ValueError
    for options that are not JSON values."""
    tags = {} if seed is None else {"Seed": str(seed)}
    if isinstance(dialect, GenericDialect):
        if variant is not None:
            tags["Variant"] = variant
        if options:
            try:
                tags["Options"] = json.dumps(dict(options), sort_keys=True, separators=(",", ":"))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"options cannot be written as JSON: {exc}") from None
    return tags


def game_from_result(result: GameResult, *, event: str = "pickpack match", site: str = "?",
                     date: str = "????.??.??") -> Game:
    """The game tree of one match game (see the module docstring for its tags).

    Raises ValueError when the game cannot be set up from the result's seed, variant
    and options, when the moves do not replay, when they do not finish the game and no
    forfeit is recorded, or when the recorded returns contradict the final position
    (for Pick & Pack PP-E4).
    """
    try:
        game = get_game(result.game)
        state: GameState = game.new_state(players=len(result.players), seed=result.seed, variant=result.variant,
                                    **result.options)
    except (LookupError, ValueError, TypeError) as exc:
        raise ValueError(f"game {result.index}: cannot set up {result.game}: {exc}") from None
    dialect = dialect_for(game)
    moves = _replayed(result, state, dialect)
    if not result.forfeit and not state.is_terminal():
        raise ValueError(f"game {result.index}: its {len(result.moves)} moves do not finish the game "
                         "and no forfeit is recorded")
    roster = dialect.player_tags({"Players": str(len(result.players))})
    headers = {"Event": event, "Site": site, "Date": date, "Round": str(result.index + 1),
               **dict(zip(roster, result.seats)),
               "Result": result_from_returns(result.returns)}
    try:
        headers.update(setup_given(dialect, result.seed, result.variant, result.options))
    except ValueError as exc:
        raise ValueError(f"game {result.index}: {exc}") from None
    if result.forfeit:
        reason = " ".join(result.forfeit.split())   # a tag value is one line
        headers["Termination"] = f"forfeit by {result.forfeited_by}: {reason}"
    try:
        return Game.from_state(state, headers, moves=moves)
    except ValueError as exc:
        raise ValueError(f"game {result.index}: {exc}") from None


def _replayed(result: GameResult, state: GameState, dialect: RecordDialect) -> list[Move] | None:
    """Replay the result's moves on ``state``: by its actions (each with the runner's
    text) when it has them, else by reading its texts; the Moves of the first way
    (None for the second: Game.from_state then writes the history). ValueError naming
    the move that does not replay."""
    if result.actions and len(result.actions) != len(result.moves):
        raise ValueError(f"game {result.index}: {len(result.actions)} actions for "
                         f"{len(result.moves)} moves")
    for ply, text in enumerate(result.moves, 1):
        try:
            if result.actions:
                state.apply_action(result.actions[ply - 1])
            else:
                dialect.apply_move(state, text)
        except ValueError as exc:        # IllegalMoveError, MoveSyntaxError
            raise ValueError(f"game {result.index}: move {ply} ({text}) does not replay: {exc}") from None
    if not result.actions:
        return None
    return [Move(action, text) for action, text in zip(result.actions, result.moves)]


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
