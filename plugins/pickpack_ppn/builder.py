"""GameBuilder: the visitor that turns reader events into a game tree (pickpack_ppn.tree)."""

from __future__ import annotations

import functools

from pickpack import Move
from pickpack.game import GameState
from pickpack.records.dialect import roster_tags
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import Headers, RosterOf, headers_as_read
from pickpack_ppn.tree import Game, GameNode
from pickpack_ppn.visitor import BaseVisitor

__all__ = ["GameBuilder"]


class GameBuilder(BaseVisitor[Game]):
    """Builds a Game: headers, mainline and variations, comments, NAGs and errors.

    Two comments in a row on the same node are joined with a line break. A comment
    before the first move of a side variation becomes that node's starting_comment.
    The tag pairs are gathered until end_headers, which makes the headers with the
    roster of the game their ``Game`` tag names (none: Pick & Pack; pickpack_ppn.headers);
    until then the game's headers have a roster without players. ``roster_of``: as
    HeadersBuilder's (pickpack_ppn.reader; a Reader's trusts the tags it checked). The state the reader
    hands over with the main line's last move is kept with the game (Game.keep_state),
    so ``game.end().state()`` does not replay the game again.
    """

    def __init__(self, roster_of: RosterOf | None = None) -> None:
        self._roster_of = roster_of
        self.game = _placeholder()
        self._lines: list[GameNode] = [self.game]   # the last node of each open line
        self._starting: str | None = None           # comment after '(' before its move
        self._in_variation_start = False
        self._tags: list[tuple[str, str]] = []
        self._final: GameState | None = None         # the main line's position, from the reader
        self._main: list[Move] = []                   # the main line's moves

    def begin_game(self) -> None:
        self.game = _placeholder()
        self._lines = [self.game]
        self._starting = None
        self._in_variation_start = False
        self._tags = []
        self._final = None
        self._main = []

    def visit_header(self, name: str, value: str) -> None:
        self._tags.append((name, value))

    def end_headers(self) -> None:
        self.game.headers = headers_as_read(self._tags, self._roster_of)

    def visit_move(self, move: Move, ply: int, state: GameState | None = None) -> None:
        lines = self._lines
        node = lines[-1]
        if self._in_variation_start:            # the first move of a side line (never the main line)
            self._in_variation_start = False
            if node.parent is None:
                raise ValueError("a variation needs a move to be an alternative to")
            lines[-1] = node.parent.add_variation(move, starting_comment=self._starting or "")
            self._starting = None
            return
        child = GameNode(node, move)
        node.variations.append(child)
        lines[-1] = child
        if len(lines) == 1:
            self._final = state
            self._main.append(move)

    def visit_comment(self, comment: str) -> None:
        if self._in_variation_start:
            self._starting = comment if self._starting is None else f"{self._starting}\n{comment}"
            return
        node = self._lines[-1]
        node.comment = f"{node.comment}\n{comment}" if node.comment else comment

    def visit_nag(self, nag: int) -> None:
        self._lines[-1].nags.add(nag)

    def begin_variation(self) -> None:
        self._lines.append(self._lines[-1])
        self._in_variation_start = True
        self._starting = None

    def end_variation(self) -> None:
        if len(self._lines) > 1:
            self._lines.pop()
        self._in_variation_start = False

    def visit_result(self, result: str) -> None:
        if self.game.headers["Result"] == "*":
            self.game.headers["Result"] = result

    def handle_error(self, error: PPNParseError) -> None:
        self.game.errors.append(error)

    def end_game(self) -> None:
        if self._final is not None:
            self.game.keep_state(self._lines[0], self._final, self._main)
            self._final = None

    def result(self) -> Game:
        return self.game


@functools.cache
def _no_players() -> Headers:
    """Headers with a roster without players (made once; every Game copies them)."""
    return Headers.with_roster(roster_tags(()))


def _placeholder() -> Game:
    """A new Game whose headers (a roster without players) end_headers replaces: made
    without looking up the roster of a record without a Game tag, so reading another
    game's record never loads Pick & Pack."""
    return Game(_no_players())
