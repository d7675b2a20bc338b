"""The PPN notation as a plugin object (entry point ``pickpack.notations:ppn``).

PPN (Pick & Pack Notation) is to Pick & Pack what PGN is to chess: tag pairs, numbered
canonical moves, comments, NAGs, variations and a result (docs/ppn.md). ``PPN`` gathers
the notation's API in one object, so that the engine reaches it through
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
from typing import TextIO

from pickpack.games.pickpack import State
from pickpack.match import GameResult
from pickpack.games.pickpack.position import from_position, to_position
from pickpack_ppn.builder import GameBuilder
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import RESULTS, ROSTER, Headers
from pickpack_ppn.reader import Reader, read_game
from pickpack_ppn.records import games_to_ppn
from pickpack_ppn.setup_tags import SETUP_TAGS, TagError
from pickpack_ppn.source import Lines, PPNFile, PPNInput, open_ppn
from pickpack_ppn.tree import Game as PPNGame
from pickpack_ppn.tree import GameNode
from pickpack_ppn.visitor import BaseVisitor
from pickpack_ppn.writer import TextExporter

__all__ = ["PPN", "PPNNotation"]


class PPNNotation:
    """Read, write and set up PPN game records. Use the instance ``PPN``.

    Classes: Game, GameNode, Headers, BaseVisitor, GameBuilder, TextExporter, Reader,
    PPNParseError, TagError. Constants: ROSTER, SETUP_TAGS, RESULTS.
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
    ROSTER = ROSTER
    SETUP_TAGS = SETUP_TAGS
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

    def game_from_state(self, state: State, headers: Mapping[str, str] | None = None) -> PPNGame:
        """The game leading to ``state`` (its start and its history), with ``headers``.

        See Game.from_state; raises ValueError when ``headers`` contradict the state.
        """
        return PPNGame.from_state(state, headers)

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

    def to_position(self, state: State) -> str:
        """The one-line position string of ``state`` (pickpack.games.pickpack.position)."""
        return to_position(state)

    def from_position(self, text: str) -> State:
        """The state a position string describes. Raises pickpack.games.pickpack.position.PositionError."""
        return from_position(text)

    def __repr__(self) -> str:
        return "<PPN notation (pickpack.notations:ppn)>"


PPN = PPNNotation()
