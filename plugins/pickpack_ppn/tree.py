"""The game tree: a Game (the root, with tag pairs) and GameNodes, one per move.

As python-chess's chess.pgn: every node but the root holds the move that leads to it;
``variations[0]`` is the main continuation and the others are alternatives; nodes carry
a comment, a starting comment (for a node that begins a side variation) and NAGs.
Nodes do not store positions: ``node.state()`` replays the moves from the game's
set-up tags, read by the dialect its ``Game`` tag names (pickpack_ppn.dialects; no tag:
Pick & Pack). A tree read from text keeps the one position the reader had replayed
anyway, the end of its main line (GameBuilder), so ``game.end().state()`` after a read
is a copy of it, not a second replay -- as long as the tags and the moves up to that
node are what the reader read. States are the game's GameStates (pickpack.game).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from pickpack import Move
from pickpack.game import GameState
from pickpack.games_registry import DEFAULT_GAME
from pickpack.records.dialect import RecordDialect, check_move_token, dialect_for, roster_tags, same_result
from pickpack_ppn.dialects import GAME_TAG, dialect_of_tags
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import Headers
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

    def _path(self) -> tuple[Game, list[Move]]:
        """The root (``game()``, same TypeError) and ``moves_from_root()``, in one walk."""
        moves: list[Move] = []
        node = self
        collecting = True           # moves_from_root stops at the first node without a move
        while node.parent is not None:
            if collecting:
                if node.move is None:
                    collecting = False
                else:
                    moves.append(node.move)
            node = node.parent
        if not isinstance(node, Game):
            raise TypeError("this node's tree has no Game at its root")
        moves.reverse()
        return node, moves

    def state(self) -> GameState:
        """A new state of the record's game at this node: its set-up, then the moves to here.

        Raises pickpack.records.dialect.TagError for bad set-up tags (or an unknown Game)
        and pickpack.IllegalMoveError for a move of the tree that is not legal where it stands.
        """
        root, moves = self._path()
        kept = root._kept
        if (kept is not None and kept[0] is self and kept[1] == moves
                and kept[2] == root.headers.pairs()):
            copied: GameState = kept[3].copy()
            return copied
        state = root.initial_state()
        for move in moves:
            state.apply(move)
        return state

    def __repr__(self) -> str:
        return f"<GameNode ply={self.ply()} move={self.move}>"


class Game(GameNode):
    """The root of a game tree: tag pairs, errors met while reading, the first moves.

    ``headers`` is a Headers (the roster of the record's game first: a Headers given
    keeps its roster, other tags get the roster of the game their ``Game`` tag names,
    pickpack_ppn.headers); ``errors`` the PPNParseErrors the reader collected for this
    game (lenient mode); ``comment`` a comment before the first move. A ``Game`` tag
    names the game (pickpack_ppn.dialects); without one the record is Pick & Pack's.
    """

    __slots__ = ("_kept", "errors", "headers")

    def __init__(self, headers: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.headers = headers.copy() if isinstance(headers, Headers) else Headers(headers)
        self.errors: list[PPNParseError] = []
        # (node, its moves from the root, the tags, its state): a position the reader
        # replayed (keep_state); node.state() copies it while the moves and tags match
        self._kept: tuple[GameNode, list[Move], list[tuple[str, str]], GameState] | None = None

    def keep_state(self, node: GameNode, state: GameState, moves: list[Move] | None = None) -> None:
        """Keep ``state``, the position at ``node`` (the reader's, made while reading:
        it is not copied, so nobody may change it afterwards), so that ``node.state()``
        copies it instead of replaying, while the tags and the moves from the root to
        ``node`` stay as they are now. ``moves``: those moves, when the caller has them
        (the builder gathers them as it reads; not copied), else read from the tree."""
        self._kept = (node, node.moves_from_root() if moves is None else moves, self.headers.pairs(), state)

    def dialect(self) -> RecordDialect:
        """The dialect of the game the ``Game`` tag names (Pick & Pack without one).

        Raises TagError naming the installed games when that game is not installed.
        """
        return dialect_of_tags(self.headers)

    def initial_state(self) -> GameState:
        """A new state set up by the tags (for Pick & Pack: Seed/Deal, placements, First,
        or Position; another game: its dialect's set-up tags).

        Raises pickpack.records.dialect.TagError (a ValueError) naming the bad or missing tag.
        """
        return self.dialect().state_from_tags(self.headers)

    def state(self) -> GameState:
        """The initial state (the root holds no move)."""
        return self.initial_state()

    def setup(self, state: GameState, seed: int | None = None) -> None:
        """Replace the set-up tags so that the game starts at ``state`` (its position).

        For Pick & Pack, ``seed`` is written as ``Seed`` instead of ``Deal`` when it deals
        the trays; another game writes its dialect's set-up tags (the Seed, and the
        Variant and Options tags already here). Raises ValueError when ``seed`` does not
        set up ``state``, or (Pick & Pack) when ``state`` starts part-way.
        """
        dialect = self.dialect()
        given = {tag: self.headers[tag] for tag in ("Variant", "Options") if tag in self.headers}
        if seed is not None:
            given["Seed"] = str(seed)
        tags = dialect.setup_tags_for(state, given)
        roster = self.headers.roster
        game_tag = [(GAME_TAG, self.headers[GAME_TAG])] if GAME_TAG in self.headers else []
        kept = [(k, v) for k, v in self.headers.items()
                if k not in dialect.setup_tags and k not in roster and k != GAME_TAG]
        self.headers = Headers.with_roster(roster, [*((k, self.headers[k]) for k in roster), *game_tag,
                                                    *tags.items(), *kept])

    @classmethod
    def from_state(cls, state: GameState, headers: Mapping[str, str] | None = None, *,
                   moves: Sequence[Move] | None = None) -> Game:
        """The game that leads to ``state`` (any game's GameState): its start and its
        history (chance outcomes included) as the mainline.

        ``headers`` supplies tag pairs (Event, Red, P1, ...). The ``Game`` tag is written
        for every game but Pick & Pack (whose records keep today's form). Set-up tags are
        worked out from the state by the game's dialect (a ``Seed`` in ``headers`` is kept
        if it sets the game up); ``Result`` comes from the state once it is over (for
        Pick & Pack PP-E4; another game: its returns), else from ``headers`` (for a
        forfeit) or ``*``. ``moves``: the history as Moves when the caller has them
        with their canonical texts (the match writer: the runner wrote each text once),
        so that the history is not replayed to write them again; their actions must be
        ``state.history_actions()``. Raises ValueError when the Game tag, a set-up tag
        or the Result given in ``headers`` contradicts the state, when ``moves`` are not
        its history, and for a text that is not one move token of the game's dialect.
        """
        name = state.game.name
        given = dict(headers or {})
        if given.get(GAME_TAG, name) != name:
            raise ValueError(f"tag Game {given[GAME_TAG]!r} contradicts the state (a {name} game)")
        dialect = dialect_for(state.game)
        count = {"Players": str(state.num_players)}
        roster = roster_tags(dialect.player_tags({**given, **count}))
        if name != DEFAULT_GAME:
            given[GAME_TAG] = name
        root = state.copy()
        root_actions = root.history_actions()
        for _ in range(len(root_actions)):
            root.undo()
        game = cls(Headers.with_roster(roster, given))     # no lookup of a default roster
        seed_text = given.get("Seed")
        if seed_text is not None and not (seed_text.isascii() and seed_text.isdigit()):
            raise ValueError(f"Seed {seed_text!r} is not a decimal integer")
        game.setup(root, int(seed_text) if seed_text is not None else None)
        for tag in dialect.setup_tags:
            if tag in given and given[tag] != game.headers.get(tag):
                raise ValueError(f"tag {tag} {given[tag]!r} contradicts the state "
                                 f"({game.headers.get(tag, 'not written')!r})")
        if state.is_terminal():
            outcome = dialect.result_of(state)
            if game.headers["Result"] != "*" and not same_result(game.headers["Result"], outcome):
                raise ValueError(f"Result {game.headers['Result']} contradicts the final position "
                                 f"({outcome}, scores {dict(state.scores())})")
            game.headers["Result"] = outcome
        if moves is None:
            moves = dialect.history_moves(state)
        elif [m.action for m in moves] != root_actions:
            raise ValueError("the moves given are not the state's history")
        else:
            for ply, move in enumerate(moves, 1):
                check_move_token(dialect, ply, move.text)
        node: GameNode = game
        for move in moves:
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
        players = " vs ".join(repr(h[tag]) for tag in h.roster[4:-1])
        return f"<Game {players} {h['Result']} ({len(self.mainline_moves())} plies)>"


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
