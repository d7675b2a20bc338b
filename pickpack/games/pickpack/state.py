"""The Pick & Pack game state: the C core's CoreState (pickpack.games.pickpack._core, on
the C-state base pickpack._cstate.CState) under the protocol pickpack.state_base.StateBase
derives from the hooks below; text, observations and positions from the game's modules."""

from __future__ import annotations

import array
from typing import Any

from pickpack.errors import SnapshotError
from pickpack.games.pickpack import _constants as C
from pickpack.games.pickpack._core import CoreState
from pickpack.games.pickpack.encoding import PLAYERS, player_of
from pickpack.games.pickpack.movetext import parse_action
from pickpack.games.pickpack.observation import observation_from_snapshot
from pickpack.games.pickpack.position import board_picture, parse_position, position_error, position_string
from pickpack.games.pickpack.snapshot import raw_from_snapshot, snapshot_from_raw
from pickpack.state_base import StateBase

__all__ = ["State"]


class State(CoreState, StateBase):
    """A Pick & Pack position (rules: docs/rules.md, ids PP-...).

    Made by ``pickpack.new_game("pickpack", ...)`` or ``State.from_snapshot``. Players
    ``"red"`` and ``"blue"``; phase ``"placement"`` (24 placement decisions, PP-S3)
    unless placements were given, then ``"play"``, then ``"over"``. Copies and pickles
    keep the history. ``game`` is pickpack.games.pickpack.game.GAME (``_GAME``)."""

    players = PLAYERS
    move_rule = "PP-M1"          # a Move of another position (StateBase.apply)

    @property
    def options(self) -> dict[str, str]:
        """``{"first": "red" | "blue"}``, who moves first once placement is over (PP-S4):
        ``GAME.new_state(**state.options)`` plays under the same options (the deal and
        placements set up the start, like the seed, and are not kept)."""
        return {"first": self.first_player}

    def parse_action(self, text: str) -> int:
        """The action ``text`` denotes here (docs/engine.md, "Move text"), legal or not;
        MoveSyntaxError (with the column) for malformed text; once over read as a
        grabber move."""
        mover, placing, kinds = self._parse_context()
        return parse_action(text.strip(), max(mover, 0), placing, kinds)

    def ply_in_placement(self) -> int:
        """The space (0..11, in the placing player's order) the next placement fills, or
        -1 outside phase placement (PP-S3)."""
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
        """A state (empty history) from snapshot() data (scores in it ignored). ``first``:
        who moves first once placement is over (PP-S4); None: Red in placement, else the
        one for which the position is reachable. SnapshotError (``field``, ``player``,
        ``index``, ``rule``) for malformed or impossible data, and (``checked``) anything
        the rules cannot reach (docs/engine.md, "Positions the rules can reach");
        ``checked=False``, for tests, keeps only what the core needs to run safely."""
        state: State = cls._from_raw(raw_from_snapshot(snap, first), checked)
        return state

    def position_key(self) -> tuple[int, ...]:
        """The position's numbers (what the hash covers: who moves first only in
        placement, PP-S4); equal exactly for the same position, whatever the history."""
        raw = self._raw()
        if raw[C.RAW_PHASE] != C.PHASE_PLACEMENT:
            raw[C.RAW_FIRST] = 0
        return tuple(raw)

    def __eq__(self, other: object) -> bool:
        """Same position (everything the Zobrist hash covers), whatever the history."""
        return self.position_key() == other.position_key() if isinstance(other, State) else NotImplemented

    __hash__ = None  # mutable: use zobrist_hash() as a key

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.pickpack.position, docs/ppn.md)."""
        return position_string(self.snapshot(), self.first_player)

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> State:
        """A state (empty history) at a position string. PositionError (``field``,
        ``column``): malformed text at the offending character, a position the rules
        cannot reach at the square, space, crate or count concerned (``checked``: as
        from_snapshot)."""
        snap, first = parse_position(text)
        try:
            return cls.from_snapshot(snap, first, checked=checked)
        except SnapshotError as exc:
            raise position_error(text, exc) from None

    def observation(self, player: str | int) -> dict[str, Any]:
        """What ``player`` (a name, or seat 0/1) may see, in snapshot form
        (observation.observation_from_snapshot). ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), player_of(player))

    def observation_tensor(self, player: str | int) -> array.array[float]:
        """``observation(player)`` as a flat ``array('f')`` of 878 values in 0..1,
        seat-relative, filled in C (docs/engine.md, "Observation tensor"). ValueError
        for an unknown player."""
        return self._observation_tensor(player_of(player))

    def __str__(self) -> str:
        """The board as text (position.board_picture)."""
        return board_picture(self.snapshot(), self.phase, self.current_player)

    def __repr__(self) -> str:
        return (f"<pickpack.games.pickpack.State phase={self.phase} to_move={self.current_player} "
                f"ply={self.ply} scores={self.scores()} hash={self.zobrist_hash():#018x}>")
