"""The Pick & Pack game state: the Python API over the C core.

A State is one node of the game tree plus the moves that led to it (for undo). Its
integer methods (legal_actions, apply_action, chance, returns, current_player_id, ...)
are the fast path and come straight from the C binding and its base
(pickpack._cstate.CState); the Move-level methods here add canonical text and
rule-naming errors.
"""

from __future__ import annotations

import array
import functools
from typing import Any

from pickpack.errors import IllegalMoveError, SnapshotError
from pickpack.game import Game
from pickpack.games_registry import get_game
from pickpack.games.pickpack._core import CoreState
from pickpack.games.pickpack.encoding import FILES, PLAYERS, RANKS, SPACES, player_of
from pickpack.games.pickpack.movetext import parse_action
from pickpack.games.pickpack.position import parse_position, position_error, position_string
from pickpack.move import Move

__all__ = ["State"]


@functools.cache
def _registered_game() -> Game[Any]:
    return get_game("pickpack")


class State(CoreState):
    """A Pick & Pack position (rules: docs/rules.md, ids PP-...).

    Create one with ``pickpack.new_game("pickpack", ...)`` or ``State.from_snapshot``.
    Players are ``"red"`` and ``"blue"``. The game begins in phase ``"placement"``
    (24 placement decisions, PP-S3) unless placements were given, then ``"play"``, then
    ``"over"``. States pickle and copy with their full history.
    """

    players = PLAYERS

    # --- Move-level API ----------------------------------------------------------

    def apply(self, move: Move | str) -> None:
        """Apply a legal move (a Move from this position, or its text). Mutates the state.

        Raises IllegalMoveError (naming the rule broken) for an illegal move,
        MoveSyntaxError for malformed text; the state is unchanged then.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or move text, not {type(move).__name__}")
        elif self.check_action(move.action) is None and self.action_text(move.action) != move.text:
            raise IllegalMoveError.for_action(
                move.action, "PP-M1", f"the move {move.text} does not belong to this position (here action "
                f"{move.action} is {self.action_text(move.action)})", move.text)
        self.apply_action(move.action)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (docs/engine.md, "Move text").

        Raises MoveSyntaxError (with the column) for malformed text and
        IllegalMoveError.for_action (``rule``, ``reason``, ``text``, ``action``) for a
        move that is not legal here, including any text once the game is over.
        """
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        mover, placing, kinds = self._parse_context()
        if mover < 0:      # over: still MoveSyntaxError for malformed text (read as a grabber move)
            action = parse_action(text.strip(), 0, -1, kinds)
            raise IllegalMoveError.for_action(action, "PP-E1/PP-E2", "the game is over", text.strip())
        action = parse_action(text.strip(), mover, placing, kinds)
        problem = self.check_action(action)
        if problem is not None:
            rule, reason = problem
            raise IllegalMoveError.for_action(action, rule, reason, self._move_text(action) or text.strip())
        return Move(action, self.action_text(action))

    def ply_in_placement(self) -> int:
        """The space index (0..11, in the placing player's order) the next placement
        decision fills, or -1 outside phase placement (PP-S3)."""
        return self._parse_context()[1]

    # --- game-neutral protocol ---------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The registered Game (pickpack.games.pickpack.GAME), found through the game
        registry (entry point ``pickpack.games:pickpack``, loaded once), since game.py
        builds its states from this class."""
        return _registered_game()

    def history(self) -> list[Move]:
        """The moves applied since this state was created, oldest first, each with the
        text it had where it was applied (a method, as in every game: GameState)."""
        replay = self._root()
        out = []
        for a in self.history_actions():
            out.append(Move(a, replay.action_text(a)))
            replay.apply_action(a)
        return out

    def observation(self, player: str | int) -> dict[str, Any]:
        """What ``player`` (a name, or seat 0/1) may see (PP-V1, PP-V2, PP-S3), in
        snapshot form.

        The opponent's crates appear as ``{"count", "top", "status"}`` only; ``top`` is
        the apples of the top tray of an open crate, and None for an empty crate or a
        closed one (its Premium or Wholesale tile covers the top tray, PP-V2). The
        opponent's score is None (it would reveal the hidden trays); while placement is
        not committed by both, the opponent's tile kinds are None. The viewer's own
        crates are shown whole. Adds ``"viewer": player``. Raises ValueError for an
        unknown player.
        """
        seat = player_of(player)
        player = PLAYERS[seat]
        obs = self.snapshot()
        other = PLAYERS[1 - seat]
        obs["viewer"] = player
        obs["crates"][other] = [
            {"count": len(c["trays"]),
             "top": c["trays"][-1] if c["trays"] and c["status"] == "open" else None,
             "status": c["status"]}
            for c in obs["crates"][other]
        ]
        obs["scores"][other] = None
        if obs["phase"] == "placement":
            for tile in obs["tiles"][other].values():
                tile["kind"] = None
        return obs

    def observation_tensor(self, player: str | int) -> array.array[float]:
        """What ``player`` (a name, or seat 0/1) may see, exactly ``observation(player)``
        (PP-V1, PP-V2, PP-S3), as a flat ``array('f')`` of 878 values in 0..1
        (pickpack.ObservationTensorState), filled in C (core/pickpack/observation.c).

        Seat-relative: the observer's facts come before the opponent's. Layout
        (docs/engine.md, "Observation tensor"): 0 phase one-hot (3); 3 to move: observer,
        opponent (2); 5 observer's colour red, blue (2); 7 grabber square one-hot (36);
        43 face-up trays, 6 planes by apples x 36 squares; 259 face-down trays, the same;
        475 the observer's 4 crates x 41 (status one-hot 3, count/36, top/6, 36 trays
        bottom to top /6); 639 the opponent's 4 crates x 5 (status one-hot 3, count/36,
        top/6 of an open crate only); 659 the observer's 12 tiles x 9 (kind one-hot
        PWRQXM, status one-hot unplayed, used, malfunctioned); 767 the opponent's, kinds
        0 during placement; 875 rush orders /2, observer then opponent; 877 the
        observer's score /194. Raises ValueError for an unknown player (as observation).
        """
        return self._observation_tensor(player_of(player))

    def to_position(self) -> str:
        """The one-line position string of this position (pickpack.games.pickpack.position, docs/ppn.md).

        State.from_position(s.to_position()) has the same snapshot(), zobrist_hash() and
        first_player as s (its history is empty).
        """
        return position_string(self.snapshot(), self.first_player)

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> State:
        """A state at the position a position string describes, with an empty history.

        Raises pickpack.PositionError (a ValueError) naming the field and the column
        (``error.field``, ``error.column``) of the problem: malformed text at the
        offending character (pickpack.games.pickpack.position.parse_position); a
        position the rules cannot reach (docs/engine.md, "Positions the rules can
        reach": the PP-C2 tray multiset, an over flag PP-E1/PP-E2 do not give, closed
        crates without their tiles, the wrong player to move, ...) at the square, space,
        crate or count concerned, else at the start of the field. ``checked=False``
        skips the reachability checks, keeping the structural ones; it is for tests that
        build positions by hand.
        """
        snap, first = parse_position(text)
        try:
            state: State = cls.from_snapshot(snap, first, checked=checked)
        except SnapshotError as exc:
            raise position_error(text, exc) from None
        return state

    def __eq__(self, other: object) -> bool:
        """Same position (everything the Zobrist hash covers), whatever the history."""
        if not isinstance(other, State):
            return NotImplemented
        return bool(self.position_key() == other.position_key())

    __hash__ = None  # type: ignore[assignment]  # mutable: use zobrist_hash() as a key

    def __str__(self) -> str:
        """The board as text: row 6 on top; apples per tray, ``.`` empty, ``#n`` face
        down, the grabber in brackets; Red's tiles above/below, Blue's left/right."""
        snap = self.snapshot()
        tiles = snap["tiles"]

        def tile(player: str, space: str) -> str:
            t = tiles[player][space]
            kind = t["kind"] or "?"
            return {"unplayed": kind, "used": kind.lower(), "malfunctioned": "*"}[t["status"]]

        def cell(square: str) -> str:
            c = snap["grid"][square]
            text = "." if c is None else (str(c["apples"]) if c["face_up"] else f"#{c['apples']}")
            return f"[{text}]" if square == snap["grabber"] else f" {text} "

        red, blue = PLAYERS
        side = len(FILES)              # Red's spaces: top ends then bottom ends of the columns
        lines = ["   " + "".join(f" {tile(red, space):^3}" for space in SPACES[0][:side])]
        for r in range(len(RANKS) - 1, -1, -1):   # Blue's: left ends then right ends of the rows
            squares = "".join(f" {cell(f + RANKS[r]):^3}" for f in FILES)
            lines.append(f"{RANKS[r]} {tile(blue, SPACES[1][r])}{squares}  {tile(blue, SPACES[1][side + r])}")
        lines.append("   " + "".join(f" {tile(red, space):^3}" for space in SPACES[0][side:]))
        lines.append("     " + "   ".join(FILES))
        for player in PLAYERS:
            crates = "  ".join(f"{i + 1}:{c['status'][0].upper()}{c['trays']}"
                               for i, c in enumerate(snap["crates"][player]))
            lines.append(f"{player:>4} {snap['scores'][player]:>3} pts  rush {snap['rush'][player]}  {crates}")
        lines.append(f"phase {self.phase}, to move: {self.current_player or '-'}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<pickpack.games.pickpack.State phase={self.phase} to_move={self.current_player} "
                f"ply={self.ply} scores={self.scores()} hash={self.zobrist_hash():#018x}>")
