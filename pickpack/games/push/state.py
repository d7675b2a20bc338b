"""The PUSH game state: the Python API over the C core (rules: docs/push.md, ids PU-...).

A State is one node of the game tree plus the actions that led to it (for undo). Its
integer methods (legal_actions, apply_action, check_action, chance_outcomes) are the
fast path and come straight from the C binding (pickpack.games.push._core); this module
adds move text, snapshots checked against the rules, observations, determinizations and
the position string, using the game's shared modules (encoding, snapshot, observation,
position) so that the C-backed State and the reference (reference/push_ref.py) agree by
construction.
"""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any, ClassVar

from pickpack.errors import IllegalMoveError
from pickpack.game import Game, seat_names
from pickpack.games.push._core import CoreState
from pickpack.games.push.encoding import MAX_CHANCE_OUTCOMES, NUM_DISTINCT_ACTIONS
from pickpack.games.push.movetext import read_move_text
from pickpack.games.push.observation import infostate_snapshot, observation_from_snapshot
from pickpack.games.push.position import format_position, load_position
from pickpack.move import Move

__all__ = ["State"]

_NAMES = seat_names("p")


class State(CoreState):
    """A PUSH game in progress, backed by the C core (a pickpack.GameState and
    HiddenInformationState).

    ``State(players=4, *, hard=False, switch_per_turn=False)`` is the start position:
    phase start, seat 0 to push or bank, the full deck (120 cards, 108 for 2 players;
    PU-C1, PU-C3). Usually made by ``pickpack.new_game("push", players=N, ...)``.
    TypeError for a non-int player count or non-bool options, ValueError for a count
    outside 2..6. Players are named ``p1`` .. ``pN`` (seats 0 .. N-1). Mutable;
    ``copy()`` is independent; pickles with its history.
    """

    # --- facts ------------------------------------------------------------------------

    def winners(self) -> tuple[str, ...]:
        """Names of the winning seats once the game is over, in seat order (several
        share a win, PU-E3); () before. ``winning_seats()`` gives their seat numbers."""
        names = self.players
        return tuple(names[seat] for seat in self.winning_seats())

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order, ``("p1", .., "pN")``."""
        return _NAMES(self.num_players)

    #: pickpack.games.push.game.GAME, set by that module when it is built.
    _GAME: ClassVar[Game[Any]]

    @property
    def game(self) -> Game[Any]:
        """This game's Game, pickpack.games.push.game.GAME (the object the entry point
        ``pickpack.games:push`` names), set by the game module, not looked up."""
        return self._GAME

    @property
    def current_player(self) -> str | None:
        """Name of the player to decide; None at a chance node or at the end."""
        seat: int = self.current_player_id()
        return self.players[seat] if seat >= 0 else None

    # --- moves as text ----------------------------------------------------------------

    def action_text(self, action: int) -> str:
        """The text of ``action`` here (written by the C core, core/push/ops.c): at a
        chance node a card (``R1`` .. ``P6``, ``roll``, ``switch``) for 0..31 or a die
        face (``die-R`` .. ``die-star``) for 32..37; elsewhere a decision (``draw``,
        ``stop``, ``bank-R``, ``place-1``, ``take-1``, ...) for 0..12. IllegalMoveError
        (PU-C1 / PU-T1) outside that space, TypeError for a non-int."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"an action is an int, not {type(action).__name__}")
        text: str = self._move_text(action)
        if text:
            return text
        if self.is_chance_node():
            raise IllegalMoveError.for_action(action, "PU-C1", f"a chance outcome is 0..{MAX_CHANCE_OUTCOMES - 1}")
        raise IllegalMoveError.for_action(action, "PU-T1", f"a decision is 0..{NUM_DISTINCT_ACTIONS - 1}")

    def legal_moves(self) -> list[Move]:
        """``legal_actions()`` as Moves with their text (``draw``, ``place-2``, ``R4``,
        ``die-star``, ...); [] once over."""
        return [Move(a, self._move_text(a)) for a in self.legal_actions()]

    def parse_move(self, text: str) -> Move:
        """The legal move or chance outcome ``text`` denotes here (a decision ``draw``
        (or ``push``), ``stop``, ``bank-R``, ``place-2``, ``take-3``; a card ``R1`` ..
        ``P6``, ``roll``, ``switch`` while one is drawn; ``die-R`` .. ``die-star`` while
        the die rolls; any letter case, spaces around ignored). MoveSyntaxError (with the
        column) for other text, IllegalMoveError naming the rule for a move not legal
        here, TypeError for a non-str."""
        action = read_move_text(text, self.phase, lambda: [m.text for m in self.legal_moves()])
        problem = self.check_action(action)
        if problem is not None:
            rule, reason = problem
            raise IllegalMoveError.for_action(action, rule, reason, self.action_text(action))
        return Move(action, self.action_text(action))

    def apply(self, move: Move | str) -> None:
        """Apply a Move of this position or its text. Raises MoveSyntaxError or
        IllegalMoveError (naming the rule); the state is unchanged then."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or move text, not {type(move).__name__}")
        elif self.check_action(move.action) is None and self.action_text(move.action) != move.text:
            raise IllegalMoveError.for_action(move.action, "PU-T1", "the move does not belong to this position "
                                              f"(here it is {self.action_text(move.action)})", move.text)
        self.apply_action(move.action)

    def history(self) -> list[Move]:
        """The actions applied since creation as Moves with their text, oldest first."""
        return [Move(a, t) for a, t in zip(self.history_actions(), self._history_texts(), strict=True)]

    # --- snapshots, observations, positions ------------------------------------------

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], *, checked: bool = True) -> State:
        """The state a snapshot (docs/push.md, "Snapshot") describes, its history empty.

        Names and types are checked by snapshot.to_raw, every rule by the C loader
        (push_load, the one rule-aware validator), which also refuses positions the
        rules cannot reach (docs/push.md, "Positions the rules can reach"): a
        pickpack.SnapshotError naming field, seat or stack and rule. ``checked=False``
        skips only that reachability check (for tests that build positions by hand).
        """
        state: State = cls._load(snap, checked)
        return state

    def _seat(self, player: int | str) -> int:
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise TypeError(f"player must be a seat or a name, not {type(player).__name__}")
        if isinstance(player, str):
            if player not in self.players:
                raise ValueError(f"player must be one of {', '.join(self.players)}, not {player!r}")
            return self.players.index(player)
        if not 0 <= player < self.num_players:
            raise ValueError(f"player must be a seat 0..{self.num_players - 1}, not {player}")
        return player

    def observation(self, player: int | str) -> dict[str, Any]:
        """What ``player`` (a seat or a name ``"p1"`` ..) may see (PU-V1): the snapshot
        with ``deck_size`` instead of the deck, its own ``bank`` and every seat's
        ``bank_sizes`` instead of the banks, the public ``discard`` pile and ``player``
        (observation.observation_from_snapshot). TypeError/ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), self._seat(player))

    def observation_tensor(self, player: int | str) -> array.array[float]:
        """What ``player`` (a seat or a name ``"p1"`` ..) may see (PU-V1), exactly the
        fields of ``observation(player)``, as a flat ``array('f')`` of
        ``203 + 33 * players`` values in 0..1 (pickpack.ObservationTensorState), filled
        in C (core/push/observation.c). Seats are counted from ``player``: seat block r
        is seat ``(player + r) % players``. Offsets (docs/push.md, "Observation tensor"):

        - 0..6 phase one-hot (start draw place decide roll collect over); 7..11 player
          count 2..6 one-hot; 12 hard (PU-R3); 13 switch_per_turn (PU-S2); 14 direction
          1.0 when collecting against seat order (PU-S2); 15 deck size / full deck (120,
          108 for 2 players; PU-C1, PU-C3); 16 switch pile / 12; 17 this turn's switch
          cards / 12 (PU-S1);
        - 18..48 the drawn card awaiting placement, one-hot over card types 0..30 (R1 ..
          P6, roll); 49..141 the 3 stacks, 31 each, 1.0 per card type there (PU-P2);
          142..172 the discard pile, copies / full copies per type 0..30;
          173..202 ``player``'s own bank, copies / 3 per number type (PU-B1);
        - 203 + 33r: seat block r: +0 its turn (PU-T1), +1 it collects or rolls
          (actor), +2 its bank size / 90 (PU-V1), +3..+32 its bench, copies / 3 per
          number type.

        The deck's contents and other seats' bank contents never enter it. Errors as
        ``observation`` (TypeError/ValueError for an unknown player)."""
        return self._observation_tensor(self._seat(player))

    def resample_from_infostate(self, player: int, seed: int) -> State:
        """A state of ``player``'s information set, history empty: under perfect recall
        this position itself, since the banks and the deck's composition follow from
        what the player saw and the deck's order is drawn at the chance nodes
        (observation.infostate_snapshot; ISMCTS, Cowling, Powley & Whitehouse 2012).
        TypeError/ValueError for a bad seat or seed."""
        state: State = type(self)._load(infostate_snapshot(self.snapshot(), self._seat(player), seed))
        return state

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.push.position)."""
        return format_position(self.snapshot())

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> State:
        """The state a position string describes, its history empty. PositionError naming
        the field, column and rule of a problem (an unreachable position's too, unless
        ``checked=False``: see from_snapshot)."""
        state: State = load_position(text, lambda snap: cls._load(snap, checked))
        return state

    # --- comparison and text -----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Same position (snapshot); the history is not compared."""
        if not isinstance(other, State):
            return NotImplemented
        return bool(self.snapshot() == other.snapshot())

    __hash__ = None  # type: ignore[assignment]  # mutable: use zobrist_hash() as a key

    def __str__(self) -> str:
        """A short picture: options and phase, deck and switch pile, the stacks, one line
        per seat (``>`` marks the turn, ``*`` the actor when another seat) with bench,
        bank size and score."""
        snap = self.snapshot()
        arrow = "clockwise" if self.direction > 0 else "anticlockwise"
        flags = [name for name, on in self.options.items() if on]
        head = (f"PUSH, {self.num_players} players{' (' + ', '.join(flags) + ')' if flags else ''}, "
                f"phase {self.phase}" + (f", card {snap['card']}" if snap["card"] is not None else ""))
        lines = [head, f"deck {self.deck_size}, switch pile {snap['switches']} ({arrow})",
                 "stacks " + " ".join("[" + " ".join(stack) + "]" for stack in snap["stacks"])]
        for seat, name in enumerate(self.players):
            mark = ">" if seat == self.turn else "*" if seat == self.actor else " "
            bench = " ".join(snap["benches"][seat]) or "-"
            lines.append(f"{mark} {name}: bench {bench}; bank {len(snap['banks'][seat])} cards; "
                         f"score {self.score(seat)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"State.from_position({self.to_position()!r})"
