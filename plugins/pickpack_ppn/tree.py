"""The game tree: a Game (the root, with tag pairs) and GameNodes, one per move.

As python-chess's chess.pgn: every node but the root holds the move that leads to it;
``variations[0]`` is the main continuation and the others are alternatives; nodes carry
a comment, a starting comment (for a node that begins a side variation) and NAGs.
Nodes do not store positions: ``node.state()`` replays the moves from the game's
set-up tags (pickpack_ppn.setup_tags).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar

from pickpack import Move
from pickpack.games.pickpack import State
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import Headers, result_token
from pickpack_ppn.setup_tags import SETUP_TAGS, state_from_tags, tags_for_state
from pickpack_ppn.visitor import BaseVisitor

__all__ = ["Game", "GameNode"]

ResultT = TypeVar("ResultT")


class GameNode:
    """A node of the game tree: the position after ``move`` (None at the root)."""

    # NAGs are rare: the set is made on first use, so that a node costs two objects the
    # garbage collector tracks (itself and its list of variations) instead of three.
    __slots__ = ("_nags", "comment", "move", "parent", "starting_comment", "variations")

    def __init__(self, parent: GameNode | None = None, move: Move | None = None,
                 comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        self.parent = parent
        self.move = move
        self.variations: list[GameNode] = []
        self.comment = comment
        self.starting_comment = starting_comment
        self._nags: set[int] | None = set(nags) if nags else None

    @property
    def nags(self) -> set[int]:
        """The node's numeric annotation glyphs (0..255), a mutable set."""
        if self._nags is None:
            self._nags = set()
        return self._nags

    @nags.setter
    def nags(self, value: Iterable[int]) -> None:
        self._nags = set(value)

    # --- building ----------------------------------------------------------------

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> GameNode:
        """A new child after the existing ones (the main continuation if it is the first)."""
        node = GameNode(self, move, comment, starting_comment, nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = ()) -> GameNode:
        """A new child that becomes the main continuation (the old ones become sidelines)."""
        node = GameNode(self, move, comment=comment, nags=nags)
        self.variations.insert(0, node)
        return node

    # --- navigation --------------------------------------------------------------

    def game(self) -> Game:
        """The root of this node's tree. Raises TypeError if the root is not a Game."""
        node = self
        while node.parent is not None:
            node = node.parent
        if not isinstance(node, Game):
            raise TypeError("this node's tree has no Game at its root")
        return node

    def ply(self) -> int:
        """Number of moves from the game's start to this node (0 at the root)."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def next(self) -> GameNode | None:
        """The main continuation, or None at the end of a line."""
        return self.variations[0] if self.variations else None

    def is_end(self) -> bool:
        """True when no move follows."""
        return not self.variations

    def end(self) -> GameNode:
        """The last node reached by following main continuations from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def starts_variation(self) -> bool:
        """True for a node that is a side variation (not its parent's main continuation)."""
        return self.parent is not None and self.parent.variations[0] is not self

    def mainline(self) -> Iterator[GameNode]:
        """The nodes that follow from here along main continuations (not this one)."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def mainline_moves(self) -> list[Move]:
        """The moves of mainline(), in order."""
        return [node.move for node in self.mainline() if node.move is not None]

    def moves_from_root(self) -> list[Move]:
        """The moves from the game's start to this node, oldest first."""
        moves: list[Move] = []
        node: GameNode | None = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        moves.reverse()
        return moves

    def state(self) -> State:
        """A new State at this node: the game's set-up, then the moves to here.

        Raises setup_tags.TagError for bad set-up tags and pickpack.IllegalMoveError
        for a move of the tree that is not legal where it stands.
        """
        state = self.game().initial_state()
        for move in self.moves_from_root():
            state.apply(move)
        return state

    def __repr__(self) -> str:
        return f"<GameNode ply={self.ply()} move={self.move}>"


class Game(GameNode):
    """The root of a game tree: tag pairs, errors met while reading, the first moves.

    ``headers`` is a Headers (roster first); ``errors`` the PPNParseErrors the reader
    collected for this game (lenient mode); ``comment`` a comment before the first move.
    """

    __slots__ = ("errors", "headers")

    def __init__(self, headers: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors: list[PPNParseError] = []

    def initial_state(self) -> State:
        """A new State set up by the tags (Seed/Deal, placements, First, or Position).

        Raises setup_tags.TagError (a ValueError) naming the bad or missing tag.
        """
        return state_from_tags(self.headers)

    def state(self) -> State:
        """The initial state (the root holds no move)."""
        return self.initial_state()

    def setup(self, state: State, seed: int | None = None) -> None:
        """Replace the set-up tags so that the game starts at ``state`` (its position).

        ``seed`` is written as ``Seed`` instead of ``Deal`` when it deals the trays.
        Raises ValueError when it does not, or when ``state`` starts part-way.
        """
        tags = tags_for_state(state, seed)
        kept = [(k, v) for k, v in self.headers.items() if k not in SETUP_TAGS]
        roster = kept[:7]
        self.headers = Headers([*roster, *tags.items(), *kept[7:]])

    @classmethod
    def from_state(cls, state: State, headers: Mapping[str, str] | None = None) -> Game:
        """The game that leads to ``state``: its start and its history as the mainline.

        ``headers`` supplies tag pairs (Event, Red, ...). Set-up tags are worked out from
        the state (a ``Seed`` in ``headers`` is kept if it deals the trays); ``Result``
        comes from the state once it is over (PP-E4), else from ``headers`` (for a
        forfeit) or ``*``. Raises ValueError when a set-up tag or the Result given in
        ``headers`` contradicts the state.
        """
        given = Headers(headers or {})
        root = state.copy()
        while root.ply:
            root.undo()
        seed_text = given.get("Seed")
        if seed_text is not None and not (seed_text.isascii() and seed_text.isdigit()):
            raise ValueError(f"Seed {seed_text!r} is not a decimal integer")
        game = cls(given)
        game.setup(root, int(seed_text) if seed_text is not None else None)
        for tag in SETUP_TAGS:
            if tag in given and given[tag] != game.headers.get(tag):
                raise ValueError(f"tag {tag} {given[tag]!r} contradicts the state "
                                 f"({game.headers.get(tag, 'not written')!r})")
        if state.is_terminal():
            outcome = result_token(state.winner())
            if given["Result"] not in ("*", outcome):
                raise ValueError(f"Result {given['Result']} contradicts the final position "
                                 f"({outcome}, scores {state.scores()})")
            game.headers["Result"] = outcome
        node: GameNode = game
        for move in state.history:
            node = node.add_variation(move)
        return game

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walk the tree, calling ``visitor`` (see pickpack_ppn.visitor); its result().

        Iterative, so deeply nested variations cannot exhaust the Python stack.
        """
        visitor.begin_game()
        visitor.begin_headers()
        for name, value in self.headers.items():
            visitor.visit_header(name, value)
        visitor.end_headers()
        if self.comment:
            visitor.visit_comment(self.comment)
        # Work items: a line to continue from a node, a side variation to open, or a close.
        # ``ply`` is that of the item's node (the root's is 0).
        stack: list[tuple[int, GameNode, int]] = [(_LINE, self, 0)]
        while stack:
            kind, node, ply = stack.pop()
            if kind == _CLOSE:
                visitor.end_variation()
                continue
            if kind == _OPEN:
                visitor.begin_variation()
                if node.starting_comment:
                    visitor.visit_comment(node.starting_comment)
                _visit_node(node, ply, visitor)
                stack.append((_LINE, node, ply))
                continue
            if not node.variations:
                continue
            main = node.variations[0]
            _visit_node(main, ply + 1, visitor)
            stack.append((_LINE, main, ply + 1))
            for side in reversed(node.variations[1:]):
                stack.append((_CLOSE, side, ply + 1))
                stack.append((_OPEN, side, ply + 1))
        visitor.visit_result(self.headers["Result"])
        visitor.end_game()
        return visitor.result()

    def __repr__(self) -> str:
        h = self.headers
        return f"<Game {h['Red']!r} vs {h['Blue']!r} {h['Result']} ({len(self.mainline_moves())} plies)>"


_LINE, _OPEN, _CLOSE = 0, 1, 2


def _visit_node(node: GameNode, ply: int, visitor: BaseVisitor[ResultT]) -> None:
    if node.move is None:
        raise ValueError(f"a node below the root has no move (ply {ply})")
    visitor.visit_move(node.move, ply)
    if node._nags:
        for nag in sorted(node._nags):
            visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)
