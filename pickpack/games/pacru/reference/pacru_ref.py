"""Plain-Python reference implementation of PACRU (a pickpack.GameState).

Written for clarity, straight from the rules (``/work/shared/rules/pacru.md``, docs/pacru.md,
ids ``PA-...``) and the PACRU contract; it makes no attempt to be fast. The C-backed
``pickpack.games.pacru.State`` is checked against it action by action, rule id for rule id.

The board is a list of 81 colours (-1 neutral, else a seat), the chevrons a dict cell ->
(seat, direction); the rules themselves are the functions of ``reference.rules``. Undo
keeps, per action, the whole position before it.

    >>> state = RefState(2)
    >>> state.to_position()
    '9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0'
    >>> len(state.legal_actions()), state.perft(1)
    (28, 28)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from pickpack.errors import IllegalMoveError
from pickpack.game import TERMINAL, Game, OptionError
from pickpack.games.pacru.encoding import (COLOUR_LETTERS, MAX_GAME_LENGTH, MAX_PLAYERS,
                                           MIN_PLAYERS, NUM_CELLS, NUM_DISTINCT_ACTIONS, SEAT_NAMES,
                                           SETUP, TARGET, action_text, cell_text, decode_action, encode_move,
                                           encode_reorient, parse_action, parse_cell,
                                           parse_direction)
from pickpack.games.pacru.observation import observation_from_snapshot
from pickpack.games.pacru.position import board_picture, format_position, load_position
from pickpack.games.pacru.random_action import random_action
from pickpack.games.pacru.reference.rules import (Board, Chevrons, analyse_move, apply_crossing, attacks,
                                                  base_move_problem, base_moves, counts, crossing_choices,
                                                  has_legal_move, meeting_choices, move_outcome, power)
from pickpack.games.pacru.snapshot import snapshot_from_parts
from pickpack.games.pacru.snapshot_check import validate_snapshot
from pickpack.games.pacru.zobrist import hash_snapshot
from pickpack.games_registry import get_game
from pickpack.state_base import StateBase

__all__ = ["RefState"]

# The position as one tuple (the undo token of an action: the position before it):
# (board, chevrons, turn, ply)
_Position = tuple[Board, Chevrons, int, int]


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    return value


class RefState(StateBase):
    """A PACRU game in progress, the plain-Python reference (a pickpack.GameState).

    ``RefState(players=2, *, single_cell=False, classic_meeting=False, max_plies=1000)``
    is the start position (PA-S1..PA-S3): every cell neutral, the set-up's chevrons,
    seat 0 to move (PA-S4). ``players`` an int 2..4, ``single_cell`` (PA-B2) and
    ``classic_meeting`` (PA-T2) bools, ``max_plies`` an int 1..1000 (PA-E3): TypeError
    for a wrong type, pickpack.game.OptionError (a ValueError, ``field`` the argument's
    name) for a value out of range. Mutable; ``copy()`` is independent; pickles.
    The protocol's other members come from pickpack.state_base.StateBase.
    """

    move_rule = "PA-M1"

    def __init__(self, players: int = 2, *, single_cell: bool = False, classic_meeting: bool = False,
                 max_plies: int = MAX_GAME_LENGTH) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players} (PA-C4)", "players")
        if isinstance(max_plies, bool) or not isinstance(max_plies, int):
            raise TypeError(f"max_plies must be an int, not {type(max_plies).__name__}")
        if not 1 <= max_plies <= MAX_GAME_LENGTH:
            raise OptionError(f"max_plies must be 1..{MAX_GAME_LENGTH}, not {max_plies} (PA-E3)", "max_plies")
        self._n = players
        self._single_cell = _flag("single_cell", single_cell)
        self._classic_meeting = _flag("classic_meeting", classic_meeting)
        self._max_plies = max_plies
        self._board: Board = [-1] * NUM_CELLS
        self._chev: Chevrons = {cell: (seat, d) for seat, row in enumerate(SETUP[players]) for cell, d in row}
        self._turn = 0
        self._ply = 0

    # --- facts ----------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names in turn order, encoding.SEAT_NAMES[N] (PA-S1..PA-S4)."""
        return SEAT_NAMES[self._n]

    @property
    def game(self) -> Game[Any]:
        """The registered Game (pickpack.games.pacru.game.GAME), found through the game
        registry (game.py builds its states from the state module: importing it here
        would be an import cycle)."""
        return get_game("pacru")

    @property
    def options(self) -> dict[str, Any]:
        """``{"single_cell": bool, "classic_meeting": bool, "max_plies": int}``."""
        return {"single_cell": self._single_cell, "classic_meeting": self._classic_meeting,
                "max_plies": self._max_plies}

    @property
    def turn(self) -> int:
        """The seat to move; once over, the seat that made the last move."""
        return self._turn

    @property
    def ply(self) -> int:
        """Turns played (moves and reorientations) in the game, as the snapshot counts them."""
        return self._ply

    @property
    def max_plies(self) -> int:
        """The ply cap (PA-E3)."""
        return self._max_plies

    @property
    def target(self) -> int:
        """The cells that win (PA-C5): 42, 28 or 24."""
        return TARGET[self._n]

    def _check_seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat}: seats are 0..{self._n - 1}")
        return seat

    def _check_cell(self, cell: int) -> int:
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise TypeError(f"a cell is an int, not {type(cell).__name__}")
        if not 0 <= cell < NUM_CELLS:
            raise ValueError(f"no cell {cell}: cells are 0..{NUM_CELLS - 1}")
        return cell

    def cells(self, seat: int) -> int:
        """Cells of ``seat``'s colour on the board. TypeError/ValueError for a bad seat."""
        return counts(self._board, self._n)[self._check_seat(seat)]

    def colour(self, cell: int) -> int:
        """The seat whose colour ``cell`` has, or -1 if neutral (PA-C2)."""
        return self._board[self._check_cell(cell)]

    def chevron(self, cell: int) -> tuple[int, int] | None:
        """(seat, direction) of the chevron on ``cell``, or None."""
        return self._chev.get(self._check_cell(cell))

    def chevrons(self, seat: int) -> list[tuple[int, int]]:
        """``seat``'s chevrons as (cell, direction), sorted by cell."""
        self._check_seat(seat)
        return sorted((c, d) for c, (s, d) in self._chev.items() if s == seat)

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` still has chevrons (a seat without any is out, PA-E1)."""
        self._check_seat(seat)
        return any(s == seat for s, _ in self._chev.values())

    def power(self, cell: int) -> int:
        """PA-M2: the power of the chevron on ``cell`` for its owner. ValueError if none."""
        if self._check_cell(cell) not in self._chev:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return power(self._board, cell, self._chev[cell][0])

    def attacks(self, cell: int) -> list[int]:
        """PA-K1: the enemy chevron cells the chevron on ``cell`` attacks, ascending.
        ValueError if there is no chevron on ``cell``."""
        if self._check_cell(cell) not in self._chev:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return attacks(self._board, self._chev, cell)

    # --- the end --------------------------------------------------------------------

    def _status(self) -> list[int] | None:
        """The winners if the game is over (the contract's checks (1), (2), (3) in
        order), else None."""
        cells = counts(self._board, self._n)
        reached = [s for s in range(self._n) if cells[s] >= TARGET[self._n]]
        if reached:
            return reached
        alive = [s for s in range(self._n) if any(cs == s for cs, _ in self._chev.values())]
        if len(alive) <= 1:
            return alive
        if self._ply >= self._max_plies:
            best = max(cells[s] for s in alive)
            return [s for s in alive if cells[s] == best]
        return None

    def is_terminal(self) -> bool:
        """True once the game is over (PA-E2, PA-E3)."""
        return self._status() is not None

    def winners(self) -> tuple[str, ...]:
        """Names of the winning seats once over, in seat order (PA-E2, PA-E3); () before."""
        return tuple(self.players[seat] for seat in self.winning_seats())

    def winning_seats(self) -> list[int]:
        """The winning seats once over (PA-E2; the cap's best shared, PA-E3); [] before."""
        return self._status() or []

    def scores(self) -> dict[str, int]:
        """Cells of each seat's colour, by seat name."""
        return dict(zip(self.players, counts(self._board, self._n)))

    def returns(self) -> list[float]:
        """Zeros before the end; then k winners among n seats: each winner
        ``(n-k)/(k(n-1))``, every other seat ``-1/(n-1)`` (PA-E2, PA-E3; zero-sum)."""
        n = self._n
        winners = self._status()
        if winners is None:
            return [0.0] * n
        k = len(winners)
        win = (n - k) / (k * (n - 1))
        return [win if seat in winners else -1.0 / (n - 1) for seat in range(n)]

    # --- who is to move ---------------------------------------------------------------

    def current_player_id(self) -> int:
        """The seat to move, TERMINAL once over."""
        return TERMINAL if self.is_terminal() else self._turn

    # --- legal actions --------------------------------------------------------------

    def _move_choices(self, f: int, t: int, k: int, pincer: bool) -> list[int]:
        """Every complete action of the legal base move (``f``, ``t``, ``k``): the
        connection-or-crossing choice, the crossing cell, the meeting cell (PA-J1, PA-B,
        PA-T)."""
        seat, board, chev = self._turn, self._board, self._chev
        kind = analyse_move(board, chev, seat, f, t, k)
        before = counts(board, self._n)
        branches = [True, False] if kind.connection and kind.crossing else [False]
        out = []
        for conn in branches:
            b2, c2 = move_outcome(board, chev, seat, f, t, k, pincer, conn)
            crossing_cells = [-1]
            if kind.crossing and not conn:
                _, choices = crossing_choices(b2, c2, seat, kind.x, self._single_cell)
                crossing_cells = choices or [-1]
            for cross in crossing_cells:
                b4 = apply_crossing(b2, c2, seat, kind.x, self._single_cell, cross) \
                    if kind.crossing and not conn else b2
                paid, meet = meeting_choices(b4, c2, seat, kind.x, before, self._classic_meeting)
                for m in (meet if paid == "pays" and meet else [-1]):
                    out.append(encode_move(f, t, k, pincer=pincer, connection=conn, crossing=cross, meeting=m))
        return out

    def move_actions(self) -> list[int]:
        """The legal moves (PA-M, PA-B, PA-J, PA-K, PA-T), one action per complete
        choice, ascending; [] once over."""
        if self.is_terminal():
            return []
        out = []
        for f, t, k, pincer in base_moves(self._board, self._chev, self._turn):
            out.extend(self._move_choices(f, t, k, pincer))
        return sorted(out)

    def _free_cells(self) -> list[int]:
        return [c for c in range(NUM_CELLS) if self._board[c] == self._turn and c not in self._chev]

    def reorient_actions(self) -> list[int]:
        """The legal reorientations (PA-O1): every chevron of the mover, every new
        direction 45 degrees away with every 2 free cells, 90 degrees away with every 4
        (free: the mover's colour, no chevron), ascending; [] once over."""
        if self.is_terminal():
            return []
        free = self._free_cells()
        out: list[int] = []
        for cell, d in self.chevrons(self._turn):
            for turn_by, size in ((1, 2), (2, 4)):
                for nd in ((d + turn_by) % 8, (d - turn_by) % 8):
                    out.extend(encode_reorient(cell, nd, cells) for cells in combinations(free, size))
        return sorted(out)

    def legal_actions(self) -> list[int]:
        """Every legal action, ascending (moves first, then reorientations); [] once over."""
        return self.move_actions() + self.reorient_actions()

    def _check_action(self, action: int) -> tuple[str, str] | None:
        """None if ``action`` is legal here, else ``(rule id, reason)``: the contract's
        checks in order (PA-E2, PA-M1, PA-M2, PA-M3, PA-K1, PA-K2, PA-J1, PA-B1..B3,
        PA-T1, PA-T2; reorientations PA-O1, PA-O2)."""
        if self.is_terminal():
            return "PA-E2", "the game is over"
        if not 0 <= action < NUM_DISTINCT_ACTIONS:
            return "PA-M1", f"no such action {action}: actions are 0..{NUM_DISTINCT_ACTIONS - 1}"
        a = decode_action(action)
        seat, board, chev, name = self._turn, self._board, self._chev, self.players[self._turn]
        if a.kind == "reorient":
            if chev.get(a.cell, (-1, 0))[0] != seat:
                return "PA-O1", f"no chevron of {name} on {cell_text(a.cell)}"
            d = chev[a.cell][1]
            turn_by = min((a.direction - d) % 8, (d - a.direction) % 8)
            if (turn_by, len(a.freed)) not in ((1, 2), (2, 4)):
                return "PA-O1", "turning 45 degrees frees 2 cells, 90 frees 4"
            for c in a.freed:
                if board[c] != seat or c in chev:
                    return "PA-O1", f"{cell_text(c)} is not an unoccupied cell of yours"
            if not has_legal_move(board, chev, seat):
                return "PA-O2", f"{name} has no chevron that can move"
            return None
        f, t, k = a.cell, a.direction, a.distance
        problem = base_move_problem(board, chev, seat, f, t, k, a.pincer, name)
        if problem is not None:
            return problem
        kind = analyse_move(board, chev, seat, f, t, k)
        if a.connection and not (kind.connection and kind.crossing):
            return "PA-J1", "only a move that is both a connection and a border crossing chooses conn"
        b2, c2 = move_outcome(board, chev, seat, f, t, k, a.pincer, a.connection)
        benefit = kind.crossing and not a.connection
        if not benefit:
            if a.crossing >= 0:
                return "PA-B1", "no border-crossing benefit on this move: no crossing cell"
            b4 = b2
        else:
            case, choices = crossing_choices(b2, c2, seat, kind.x, self._single_cell)
            if case == "transform":
                if a.crossing >= 0:
                    return "PA-B2", "the destination borderland has no neutral cell: it all takes your colour"
            elif case == "single":
                if not choices and a.crossing >= 0:
                    return "PA-B2", "no unoccupied cell of another player in the destination borderland"
                if choices and a.crossing not in choices:
                    return "PA-B2", ("the crossing takes one unoccupied cell of another player in the "
                                     "destination borderland: " + ",".join(cell_text(c) for c in choices))
            else:
                if not choices and a.crossing >= 0:
                    return "PA-B3", "every neutral cell of the destination borderland holds a chevron"
                if choices and a.crossing not in choices:
                    return "PA-B1", ("the crossing gives one neutral unoccupied cell of the destination "
                                     "borderland: " + ",".join(cell_text(c) for c in choices))
            b4 = apply_crossing(b2, c2, seat, kind.x, self._single_cell, a.crossing)
        paid, meet = meeting_choices(b4, c2, seat, kind.x, counts(board, self._n), self._classic_meeting)
        if paid == "none":
            if a.meeting >= 0:
                return "PA-T1", "no meeting: no meeting cell"
        elif paid == "unpaid":
            if a.meeting >= 0:
                return "PA-T2", "the meeting pays only once an opponent has 9 cells"
        elif (meet and a.meeting not in meet) or (not meet and a.meeting >= 0):
            return "PA-T1", ("the meeting gives one unoccupied cell not of your colour" if meet
                             else "no unoccupied cell left for the meeting to give")
        return None

    # --- applying -------------------------------------------------------------------

    def _position(self) -> _Position:
        return list(self._board), dict(self._chev), self._turn, self._ply

    def _undo(self, pos: _Position) -> None:
        board, chev, self._turn, self._ply = pos
        self._board, self._chev = list(board), dict(chev)

    def _apply_action(self, action: int) -> _Position:
        before = self._position()
        self._step(action)
        return before

    def _step(self, action: int) -> None:
        """Apply the legal ``action`` (the contract's effects, in order)."""
        a = decode_action(action)
        seat = self._turn
        if a.kind == "reorient":                          # PA-O1: turn, free the cells
            self._chev[a.cell] = (seat, a.direction)
            for c in a.freed:
                self._board[c] = -1
            self._ply += 1
            if not self.is_terminal():                    # only the cap can end it (PA-E3)
                self._next_turn()
            return
        f, t, k = a.cell, a.direction, a.distance
        kind = analyse_move(self._board, self._chev, seat, f, t, k)
        board, chev = move_outcome(self._board, self._chev, seat, f, t, k, a.pincer, a.connection)  # 2., 3.
        if kind.crossing and not a.connection:                                  # 4.
            board = apply_crossing(board, chev, seat, kind.x, self._single_cell, a.crossing)
        if a.meeting >= 0:                         # 5. (check_action checked PA-T2 on the counts before)
            board[a.meeting] = seat
        self._board, self._chev = board, chev
        self._ply += 1                                                          # 6.
        if not self.is_terminal():
            self._next_turn()

    def _next_turn(self) -> None:
        """NEXT TURN: the next seat with chevrons; a seat with no legal move is out
        (PA-E1: its chevrons leave the board) and the game may end (PA-E2)."""
        seat = self._turn
        while True:
            seat = (seat + 1) % self._n
            if not any(s == seat for s, _ in self._chev.values()):
                continue
            if has_legal_move(self._board, self._chev, seat):
                self._turn = seat
                return
            self._chev = {c: sd for c, sd in self._chev.items() if sd[0] != seat}
            alive = {s for s, _ in self._chev.values()}
            if len(alive) <= 1:
                return

    # --- text -----------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        """encoding.action_text(action); IllegalMoveError (PA-M1) when it cannot be
        written (outside the action space, a move off the board)."""
        try:
            return action_text(action)
        except ValueError as exc:
            raise IllegalMoveError.for_action(action, "PA-M1", str(exc)) from None

    def parse_action(self, text: str) -> int:
        """encoding.parse_action(text); MoveSyntaxError (with the column) for bad text."""
        return parse_action(text)

    # --- random play and counting ---------------------------------------------------

    def random_action(self, rng: random.Random) -> int:
        """A legal action drawn from ``rng`` by the random bot's policy (uniform over move
        kinds, then over their actions: pickpack.games.pacru.random_action). ValueError
        once the game is over."""
        return random_action(self, rng)

    def playout(self, seed: int) -> dict[str, int]:
        """Finish a copy with the RANDOM PLAYOUT POLICY from ``random.Random(seed)``:
        a base option (a legal (from, travel, distance) move, or a (chevron, new
        direction) reorientation with enough free cells) uniformly, then each open
        choice uniformly; return its final ``scores()``. This state is not changed."""
        rng = random.Random(seed)
        game = self.copy()
        while not game.is_terminal():
            game._step(game._random_action(rng))
        return game.scores()

    def _random_action(self, rng: random.Random) -> int:
        seat, board, chev = self._turn, self._board, self._chev
        options: list[tuple[Any, ...]] = [("move", *m) for m in base_moves(board, chev, seat)]
        free = self._free_cells()
        for cell, d in self.chevrons(seat):
            for turn_by, size in ((1, 2), (2, 4)):
                if len(free) >= size:
                    options.extend(("turn", cell, (d + s * turn_by) % 8, size) for s in (1, -1))
        pick = rng.choice(options)
        if pick[0] == "turn":
            _, cell, nd, size = pick
            return encode_reorient(cell, nd, rng.sample(free, size))
        _, f, t, k, pincer = pick
        kind = analyse_move(board, chev, seat, f, t, k)
        conn = kind.connection and kind.crossing and rng.random() < 0.5
        b2, c2 = move_outcome(board, chev, seat, f, t, k, pincer, conn)
        cross = -1
        b4 = b2
        if kind.crossing and not conn:
            _, choices = crossing_choices(b2, c2, seat, kind.x, self._single_cell)
            cross = rng.choice(choices) if choices else -1
            b4 = apply_crossing(b2, c2, seat, kind.x, self._single_cell, cross)
        paid, meet = meeting_choices(b4, c2, seat, kind.x, counts(board, self._n), self._classic_meeting)
        m = rng.choice(meet) if paid == "pays" and meet else -1
        return encode_move(f, t, k, pincer=pincer, connection=conn, crossing=cross, meeting=m)

    # --- snapshot, observation, position --------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The position as JSON-able data (docs/pacru.md, "Snapshot"): players,
        single_cell, classic_meeting, max_plies, ply, turn, board (9 strings, row 9
        first), chevrons (per seat, texts like ``e1N``, sorted by cell)."""
        return snapshot_from_parts(self._n, self._single_cell, self._classic_meeting, self._max_plies, self._ply,
                                   self._turn, self._board, self._chev)

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], *, checked: bool = True) -> RefState:
        """The state a snapshot describes, its history empty. SnapshotError naming the
        field, seat, cell or chevron and rule of a problem: the check is the C loader's
        alone (snapshot_check.validate_snapshot: pacru_load, the game's one rule-aware
        validator, docs/pacru.md "Positions the rules can reach"), shared here rather
        than copied, so both implementations refuse the same positions; loading a
        snapshot needs the C extension, importing this module does not.
        ``checked=False`` skips the reachability check."""
        good = validate_snapshot(snap, reachable=checked)
        return cls._from_valid(good)

    @classmethod
    def _from_valid(cls, good: Mapping[str, Any]) -> RefState:
        """The state of a structurally valid snapshot (no reachability checks)."""
        state = cls(good["players"], single_cell=good["single_cell"], classic_meeting=good["classic_meeting"],
                    max_plies=good["max_plies"])
        state._ply = good["ply"]
        state._turn = good["turn"]
        state._board = [-1 if ch == "." else COLOUR_LETTERS.index(ch)
                        for line in reversed(good["board"]) for ch in line]
        state._chev = {}
        for seat, texts in enumerate(good["chevrons"]):
            for text in texts:
                state._chev[parse_cell(text[:2])] = (seat, parse_direction(text[2:]))
        return state

    def observation(self, player: int | str) -> dict[str, Any]:
        """The snapshot plus ``"player"`` (perfect information): ``player`` a seat or a
        name. TypeError/ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), self.seat_of(player))

    def zobrist_hash(self) -> int:
        """64-bit Zobrist hash of the position: zobrist.hash_snapshot(snapshot())."""
        return hash_snapshot(self.snapshot())

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.pacru.position)."""
        return format_position(self.snapshot())

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> RefState:
        """The state a position string describes, its history empty. PositionError naming
        the field, column and rule of a problem (see from_snapshot for ``checked``)."""
        return load_position(text, lambda snap: cls.from_snapshot(snap, checked=checked))

    def __str__(self) -> str:
        """The board picture (position.board_picture)."""
        return board_picture(self.snapshot())
