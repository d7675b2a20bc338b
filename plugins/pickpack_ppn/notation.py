"""The PPN notation as a plugin object (entry point ``pickpack.notations:ppn``).

PPN (Pick & Pack Notation) is to Pick & Pack what PGN is to chess: tag pairs, numbered
canonical moves, comments, NAGs, variations and a result (docs/ppn.md). Every installed
game is written in it: a ``[Game "NAME"]`` tag picks the game's dialect
(pickpack.records.dialect; no tag: Pick & Pack). ``PPN`` gathers the notation's API in
one object, so that the engine reaches it through
``pickpack.plugins.load("pickpack.notations", "ppn")`` without importing this package.

>>> import io, pickpack
>>> st = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
>>> st.apply(st.legal_moves()[0])
>>> text = PPN.export(PPN.game_from_state(st, {"Event": "Demo"}))
>>> print(text.split("\\n\\n")[1])
1. a6>1 *
>>> PPN.read_game(io.StringIO(text)).end().state().snapshot() == st.snapshot()
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from pickpack.game import GameState
from pickpack.games_registry import DEFAULT_GAME, get_game
from pickpack.match.result import GameResult
from pickpack.records.dialect import GenericDialect, RecordDialect, TagError, dialect_for
from pickpack_ppn.builder import GameBuilder
from pickpack_ppn.dialects import dialect_of_tags
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import RESULTS, Headers
from pickpack_ppn.reader import Reader, read_game
from pickpack_ppn.records import games_to_ppn, setup_given
from pickpack_ppn.source import Lines, PPNFile, PPNInput, open_ppn
from pickpack_ppn.tree import Game as PPNGame
from pickpack_ppn.tree import GameNode
from pickpack_ppn.visitor import BaseVisitor
from pickpack_ppn.writer import TextExporter

__all__ = ["PPN", "PPNNotation"]


class PPNNotation:
    """Read, write and set up PPN game records. Use the instance ``PPN``.

    Classes: Game, GameNode, Headers, BaseVisitor, GameBuilder, TextExporter, Reader,
    PPNParseError, TagError, GenericDialect. Constant: RESULTS (the two-player result
    tokens); a game's roster and set-up tags are its dialect's (``dialect``; Pick &
    Pack's: pickpack.games.pickpack.ppn_dialect).
    """

    name = "ppn"
    extension = ".ppn"
    Game = PPNGame
    GameNode = GameNode
    Headers = Headers
    BaseVisitor = BaseVisitor
    GameBuilder = GameBuilder
    TextExporter = TextExporter
    Reader = Reader
    PPNParseError = PPNParseError
    TagError = TagError
    GenericDialect = GenericDialect
    RESULTS = RESULTS

    def read_game(self, stream: PPNInput | Lines, *, strict: bool = True) -> PPNGame | None:
        """The next game of a stream, or None at its end (pickpack_ppn.reader.read_game).

        ``stream``: a text or binary stream (bytes are decoded as UTF-8) or a PPNFile
        (``open``). Raises PPNParseError (line, column, message, rule) in strict mode;
        TypeError when ``stream`` is no stream, str or bytes.
        """
        return read_game(stream, strict=strict)

    def iter_games(self, stream: PPNInput | Lines, *, strict: bool = True) -> Iterator[PPNGame]:
        """Every game of a text or binary stream or a PPNFile, read one at a time.

        Strict (default): stops with the first PPNParseError. Lenient: yields every game
        with its problems in ``game.errors``. TypeError as read_game.
        """
        return Reader(stream, strict=strict)

    def parse_game(self, text: str | bytes, *, strict: bool = True) -> PPNGame:
        """The first game of ``text`` (str, or bytes decoded as UTF-8).

        Raises PPNParseError, also when there is none.
        """
        lines = Lines(text)
        game = read_game(lines, strict=strict)
        if game is None:
            raise PPNParseError(max(lines.number, 1), 1, "no game in the text")
        return game

    def export(self, game: PPNGame) -> str:
        """The canonical PPN text of ``game`` (ending with a blank line).

        Raises ValueError for a comment that PPN cannot hold (writer.check_comment).
        """
        return game.accept(TextExporter())

    def write_game(self, game: PPNGame, stream: TextIO) -> None:
        """Write the canonical text of ``game`` to ``stream``."""
        stream.write(self.export(game))

    def game_from_state(self, state: GameState, headers: Mapping[str, str] | None = None, *,
                        seed: int | None = None, variant: str | None = None,
                        options: Mapping[str, Any] | None = None) -> PPNGame:
        """The game leading to ``state`` (any game's GameState: its start and its history,
        chance outcomes included), with ``headers``.

        ``seed``, ``variant`` and ``options``: what ``new_state`` was given, written as
        set-up tags (records.setup_given). See Game.from_state; raises ValueError when
        ``headers`` or these contradict the state.
        """
        given = dict(headers or {})
        given.update(setup_given(dialect_for(state.game), seed, variant, options or {}))
        return PPNGame.from_state(state, given)

    def dialect(self, game: str | Mapping[str, str] = DEFAULT_GAME) -> RecordDialect:
        """The dialect of a game named ``game``, or of a record with the tags ``game``
        (its Game tag; none: Pick & Pack). Raises TagError listing the installed games."""
        if isinstance(game, str):
            return dialect_of_tags({"Game": game})
        return dialect_of_tags(game)

    def games_to_ppn(self, results: Iterable[GameResult], stream: TextIO, *, event: str = "pickpack match",
                     site: str = "?", date: str | None = None) -> int:
        """Write match results as PPN games (pickpack_ppn.records.games_to_ppn)."""
        return games_to_ppn(results, stream, event=event, site=site, date=date)

    def open(self, path: str | os.PathLike[str]) -> PPNFile:
        """Open a PPN file for reading (pickpack_ppn.source.PPNFile).

        Bytes that are not UTF-8 become reader errors at their line and column; line
        ends and byte-order marks are read as for any other input. Raises OSError.
        """
        return open_ppn(path)

    def to_position(self, state: GameState) -> str:
        """The one-line position string of ``state`` (its ``to_position()``; Pick & Pack's:
        pickpack.games.pickpack.position)."""
        return state.to_position()

    def from_position(self, text: str, game: str = DEFAULT_GAME) -> GameState:
        """The state of ``game`` (default Pick & Pack) a position string describes.
        Raises pickpack.PositionError; LookupError for a game without position strings."""
        state: GameState = get_game(game).from_position(text)
        return state

    def __repr__(self) -> str:
        return "<PPN notation (pickpack.notations:ppn)>"


PPN = PPNNotation()
