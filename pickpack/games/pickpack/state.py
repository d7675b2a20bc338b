"""The Pick & Pack game state: the C core's position (pickpack.games.pickpack._core over
the C-state base, pickpack._cstate.CState: the integer fast path, history, undo, copy,
the checked apply) with the protocol members pickpack.state_base.StateBase derives from
its hooks (Move-level apply and parse_move, legal moves, history, winners, ...).
"""

from __future__ import annotations

import array
from typing import Any

from pickpack.errors import IllegalMoveError, SnapshotError
from pickpack.games.pickpack import _constants as C
from pickpack.games.pickpack._core import CoreState
from pickpack.games.pickpack.encoding import FILES, PLAYERS, RANKS, SPACES, player_of
from pickpack.games.pickpack.movetext import parse_action
from pickpack.games.pickpack.position import parse_position, position_error, position_string
from pickpack.games.pickpack.snapshot import raw_from_snapshot, snapshot_from_raw
from pickpack.state_base import StateBase

__all__ = ["State"]


class State(CoreState, StateBase):
    """A Pick & Pack position (rules: docs/rules.md, ids PP-...).

    Create one with ``pickpack.new_game("pickpack", ...)`` or ``State.from_snapshot``.
    Players are ``"red"`` and ``"blue"``. The game begins in phase ``"placement"``
    (24 placement decisions, PP-S3) unless placements were given, then ``"play"``, then
    ``"over"``. States pickle and copy with their full history. ``game`` is
    pickpack.games.pickpack.game.GAME, which that module sets as ``_GAME``.
    """

    players = PLAYERS
    #: The rule a Move of another position breaks (its action here has another text).
    move_rule = "PP-M1"
    @property
    def options(self) -> dict[str, str]:
        """The game options that rule play from here: ``{"first": "red" | "blue"}``, who
        moves first once placement is over (PP-S4); ``GAME.new_state(**state.options)``
        starts a game under the same options (the deal and placements set up the start,
        like the seed, and are not kept by a state)."""
        return {"first": self.first_player}

    # --- the hooks of StateBase -----------------------------------------------------

    def parse_action(self, text: str) -> int:
        """The action ``text`` denotes here (docs/engine.md, "Move text"), legal or not;
        MoveSyntaxError (with the column) for malformed text. Once over, text is read as a
        grabber move."""
        mover, placing, kinds = self._parse_context()
        return parse_action(text.strip(), max(mover, 0), placing, kinds)

    def _action_text(self, action: int) -> str:
        """Canonical text of ``action`` here (core/pickpack/text.c); where it has none
        (outside the action space, once over, a move of the other phase) the
        IllegalMoveError.for_action of its check (PP-E1/PP-E2, PP-S3)."""
        text = self._move_text(action)
        if not text:
            raise IllegalMoveError.for_action(action, *(self.check_action(action) or ("PP-S3", "")))
        return text

    def ply_in_placement(self) -> int:
        """The space index (0..11, in the placing player's order) the next placement
        decision fills, or -1 outside phase placement (PP-S3)."""
        return int(self._parse_context()[1])

    def winner(self) -> str | None:
        """"red", "blue" or "draw" (PP-E4) once over; None while the game goes on."""
        best = self.winners()
        return None if not best else best[0] if len(best) == 1 else "draw"

    # --- snapshots: the C loader checks, pickpack.games.pickpack.snapshot maps --------

    _raw_of_snapshot = staticmethod(raw_from_snapshot)

    def _snapshot_of_raw(self, raw: list[int]) -> dict[str, Any]:
        """snapshot() (the base's): the rules file's JSON format of this position."""
        return snapshot_from_raw(raw, self.scores())

    @classmethod
    def from_snapshot(cls, snap: dict[str, Any], first: str | None = None, checked: bool = True) -> State:
        """Build a state (empty history) from snapshot() data; scores in it are ignored.

        ``first`` is who moves first once placement is over (PP-S4), "red" or "blue"; None
        means Red in phase placement and, once play has begun, the one for which the
        position is reachable. SnapshotError (a ValueError) with ``field``, ``player``,
        ``index`` and ``rule`` for malformed or impossible data: wrong types and ranges,
        the PP-C2 tray multiset, more than two tiles of a kind, a mover who cannot move,
        and (``checked=True``) anything the rules cannot reach (docs/engine.md,
        "Positions the rules can reach"). ``checked=False``, for tests that build
        positions by hand, skips only those, never what the core needs to run safely.
        """
        state: State = cls._from_raw(raw_from_snapshot(snap, first), checked)
        return state

    def position_key(self) -> tuple[int, ...]:
        """The position's numbers (everything the hash covers: who moves first only in
        placement, PP-S4); equal exactly for the same position, whatever the history."""
        raw = self._raw()
        if raw[C.RAW_PHASE] != C.PHASE_PLACEMENT:
            raw[C.RAW_FIRST] = 0
        return tuple(raw)

    def __eq__(self, other: object) -> bool:
        """Same position (everything the Zobrist hash covers), whatever the history."""
        if not isinstance(other, State):
            return NotImplemented
        return self.position_key() == other.position_key()

    __hash__ = None  # mutable: use zobrist_hash() as a key

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.pickpack.position, docs/ppn.md):
        from_position(s.to_position()) has s's snapshot(), zobrist_hash(), first_player."""
        return position_string(self.snapshot(), self.first_player)

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> State:
        """A state (empty history) at a position string. PositionError (a ValueError)
        naming the field and column (``error.field``, ``error.column``): malformed text
        at the offending character (position.parse_position), a position the rules cannot
        reach at the square, space, crate or count concerned (from_snapshot's checks;
        ``checked=False`` keeps only the structural ones, for tests)."""
        snap, first = parse_position(text)
        try:
            return cls.from_snapshot(snap, first, checked=checked)
        except SnapshotError as exc:
            raise position_error(text, exc) from None

    # --- views ----------------------------------------------------------------------

    def observation(self, player: str | int) -> dict[str, Any]:
        """What ``player`` (a name, or seat 0/1) may see (PP-V1, PP-V2, PP-S3), in
        snapshot form, with ``"viewer": player``: the opponent's crates as ``{"count",
        "top", "status"}`` (``top`` the top tray of an open crate, else None: a closed
        crate's tile covers it, PP-V2), the opponent's score None, and during placement
        the opponent's tile kinds None. ValueError for an unknown player."""
        seat = player_of(player)
        obs, other = self.snapshot(), PLAYERS[1 - seat]
        obs["viewer"] = PLAYERS[seat]
        obs["crates"][other] = [{"count": len(c["trays"]), "status": c["status"],
                                 "top": c["trays"][-1] if c["trays"] and c["status"] == "open" else None}
                                for c in obs["crates"][other]]
        obs["scores"][other] = None
        if obs["phase"] == "placement":
            for tile in obs["tiles"][other].values():
                tile["kind"] = None
        return obs

    def observation_tensor(self, player: str | int) -> array.array[float]:
        """``observation(player)`` (a name, or seat 0/1) as a flat ``array('f')`` of 878
        values in 0..1, seat-relative, filled in C (core/pickpack/observation.c; layout:
        docs/engine.md, "Observation tensor"). ValueError for an unknown player."""
        return self._observation_tensor(player_of(player))

    def __str__(self) -> str:
        """The board as text: row 6 on top; apples per tray, ``.`` empty, ``#n`` face
        down, the grabber in brackets; Red's tiles above/below, Blue's left/right."""
        snap = self.snapshot()

        def tile(player: str, space: str) -> str:
            t = snap["tiles"][player][space]
            return {"unplayed": t["kind"] or "?", "used": (t["kind"] or "?").lower(), "malfunctioned": "*"}[t["status"]]

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
