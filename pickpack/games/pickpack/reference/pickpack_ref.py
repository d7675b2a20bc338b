"""Plain-Python reference implementation of Pick & Pack.

Written for clarity, straight from ``../shared/rules/pickpack.md`` (rule ids ``PP-…``)
and ``docs/engine.md`` (indices, move text, action integers, Zobrist keys, PRNG).
It exists only so that tests can check the C core against it move by move; it makes
no attempt to be fast. The GameState protocol's other members come from
pickpack.state_base.StateBase. Legality is membership of ``legal_actions()`` here, so
an illegal move's error names no rule (the C core names it; the differential tests
compare the legal sets).

Internally players are indices (Red 0, Blue 1), squares are ``row*6 + col``, action
spaces are ``0..11`` per player, crates ``0..3``; the public interface speaks the
texts of the rules file ("red", "c4", "aT", crate "1"…"4").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pickpack.errors import IllegalMoveError
from pickpack.game import TERMINAL, Game
from pickpack.games.pickpack.encoding import (
    CRATE_STATUS, DETAILS_PER_SQUARE, FILES, KINDS, PLACEMENT_ACTIONS, PLAYERS, RANKS,
    SPACES, SQUARES, TARGET_CRATE, TARGET_NONE, TARGET_PAIR, TARGET_SPACE, TARGET_SQUARE, TARGETS_PER_END,
    TILE_STATUS)
from pickpack.games.pickpack.position import position_string
from pickpack.games.pickpack.reference.observation_ref import observation
from pickpack.games_registry import get_game
from pickpack.move import Move
from pickpack.state_base import StateBase

__all__ = ["RefState", "deal_from_seed", "random_placements"]

# ---------------------------------------------------------------------------
# Names and indices (docs/engine.md, "Indices")
# ---------------------------------------------------------------------------

# The names and the action layout are the game's one definition of them
# (pickpack.games.pickpack.encoding); the rules below are this file's own.
RED, BLUE = 0, 1
PLAYER_NAMES = PLAYERS

COLUMNS = FILES
ROWS = RANKS
# PP-C1: a1 = 0, b1 = 1, ..., f1 = 5, a2 = 6, ..., f6 = 35.
SQUARE_NAMES = SQUARES

# PP-C5: Red's spaces are the column ends (aT..fT = 0..5, aB..fB = 6..11);
# Blue's are the row ends (1L..6L = 0..5, 1R..6R = 6..11).
SPACE_NAMES = SPACES

# PP-C4: action kinds, index = position in KINDS ("PWRQXM").

# PP-C2: ten 1s, eight 2s, seven 3s, six 4s, four 5s, one 6 (ascending order,
# which is also the order the deal shuffles from, docs/engine.md "PRNG").
TRAY_SET = tuple([1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6] * 1)

# PP-C3: two tiles of each of the six kinds, in the order random placement shuffles.
TILE_SET = "".join(k + k for k in KINDS)

OPEN, PREMIUM, WHOLESALE = CRATE_STATUS
UNPLAYED, USED, MALFUNCTIONED = TILE_STATUS

# Action space (docs/engine.md, "Action integers"): 0..5 = kind placed on the next
# space, then per destination square DETAILS_PER_DEST details, each tile end
# TARGETS_PER_END targets starting at T_NONE, T_CRATE, T_CRATE_PAIR, T_SQUARE, T_SPACE.
DETAILS_PER_DEST = DETAILS_PER_SQUARE
T_NONE = TARGET_NONE
T_CRATE = TARGET_CRATE  # 1..4
T_CRATE_PAIR = TARGET_PAIR  # 5..20
T_SQUARE = TARGET_SQUARE  # 21..56
T_SPACE = TARGET_SPACE  # 57..68

MASK64 = (1 << 64) - 1


def _opponent(player: int) -> int:
    return 1 - player


# ---------------------------------------------------------------------------
# PRNG (docs/engine.md, "PRNG")
# ---------------------------------------------------------------------------


class SplitMix64:
    """SplitMix64, exactly as written in docs/engine.md ("Zobrist hashing")."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Xoshiro256StarStar:
    """xoshiro256** (Blackman & Vigna 2018), seeded from four SplitMix64 outputs."""

    def __init__(self, seed: int) -> None:
        sm = SplitMix64(seed)
        self.s = [sm.next() for _ in range(4)]

    @classmethod
    def from_words(cls, words: list[int]) -> "Xoshiro256StarStar":
        rng = cls.__new__(cls)
        rng.s = [w & MASK64 for w in words]
        return rng

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A number in [0, n) by rejection: threshold = (2^64 - n) % n."""
        threshold = ((1 << 64) - n) % n
        while True:
            r = self.next()
            if r >= threshold:
                return r % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates from the last index down: j = below(i+1) for i = len-1..1."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _deal_and_placements(seed: int) -> tuple[list[int], dict[str, str]]:
    rng = Xoshiro256StarStar(seed)
    # PP-S1: shuffle the 36 trays (ascending), square sq gets tray sq.
    deal = list(TRAY_SET)
    rng.shuffle(deal)
    # PP-S3 random placement, continuing the same stream: Red, then Blue.
    placements = {}
    for name in PLAYER_NAMES:
        tiles = list(TILE_SET)
        rng.shuffle(tiles)
        placements[name] = "".join(tiles)
    return deal, placements


def deal_from_seed(seed: int) -> list[int]:
    """The 36 apple counts in square order a1..f6 dealt from ``seed`` (PP-S1)."""
    return _deal_and_placements(seed)[0]


def random_placements(seed: int) -> dict[str, str]:
    """The random tile placements that follow the deal of ``seed`` in the same stream."""
    return _deal_and_placements(seed)[1]


# ---------------------------------------------------------------------------
# Zobrist keys (docs/engine.md, "Zobrist hashing")
# ---------------------------------------------------------------------------

ZOBRIST_SEED = 0x5049434B5041434B  # ASCII "PICKPACK"

# Offsets of the nine key groups, drawn in this order.
Z_TRAY_ON_SQUARE = 0  # sq 0..35 × apples 1..6 × face (up, down): 432
Z_GRABBER = Z_TRAY_ON_SQUARE + 36 * 6 * 2  # sq: 36
Z_CRATE_TRAY = Z_GRABBER + 36  # player × crate × height 0..35 × apples 1..6: 1728
Z_CRATE_STATUS = Z_CRATE_TRAY + 2 * 4 * 36 * 6  # player × crate × (premium, wholesale): 16
Z_TILE = Z_CRATE_STATUS + 2 * 4 * 2  # player × space × kind × status: 432
Z_RUSH = Z_TILE + 2 * 12 * 6 * 3  # player × count (1, 2): 4
Z_TO_MOVE = Z_RUSH + 2 * 2  # red, blue: 2
Z_PHASE = Z_TO_MOVE + 2  # placement, over: 2
Z_BLUE_FIRST = Z_PHASE + 2  # 1
Z_COUNT = Z_BLUE_FIRST + 1  # 2653


def _make_zobrist_keys() -> tuple[int, ...]:
    sm = SplitMix64(ZOBRIST_SEED)
    return tuple(sm.next() for _ in range(Z_COUNT))


ZOBRIST_KEYS = _make_zobrist_keys()

_TILE_STATUS_INDEX = {UNPLAYED: 0, USED: 1, MALFUNCTIONED: 2}
_CRATE_STATUS_INDEX = {PREMIUM: 0, WHOLESALE: 1}


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------


@dataclass
class Tray:
    apples: int
    face_up: bool = True


@dataclass
class Crate:
    trays: list[int] = field(default_factory=list)  # bottom -> top (PP-G3)
    status: str = OPEN


@dataclass
class Tile:
    kind: str | None = None  # None while the space is not yet placed
    status: str = UNPLAYED


@dataclass(frozen=True)
class _Move:
    """A decoded play-phase action (docs/engine.md, "Action integers")."""

    dest: int
    detail: int
    rush: bool

    @property
    def is_grab(self) -> bool:
        return self.detail < 4

    @property
    def end(self) -> int:
        return (self.detail - 4) // TARGETS_PER_END

    @property
    def target(self) -> int:
        return (self.detail - 4) % TARGETS_PER_END


def _encode_play(dest: int, detail: int, rush: bool) -> int:
    return PLACEMENT_ACTIONS + (dest * DETAILS_PER_DEST + detail) * 2 + (1 if rush else 0)


def _decode_play(action: int) -> _Move:
    rest, rush = divmod(action - PLACEMENT_ACTIONS, 2)
    dest, detail = divmod(rest, DETAILS_PER_DEST)
    return _Move(dest, detail, bool(rush))


def _player_index(name: str) -> int:
    try:
        return PLAYER_NAMES.index(name)
    except ValueError:
        raise ValueError(f"unknown player {name!r}") from None


class RefState(StateBase):
    """One position of a Pick & Pack game, with full information (a pickpack.GameState
    with history and undo)."""

    move_rule = "PP-M1"

    # -- construction ------------------------------------------------------

    def __init__(self) -> None:
        self.phase = "placement"  # "placement" | "play" | "over"
        self.to_move: int | None = RED
        self.first = RED  # PP-S4: who moves first once play starts
        self.grid: list[Tray | None] = [None] * 36
        self.grabber = 0
        self.crates: list[list[Crate]] = [[Crate() for _ in range(4)] for _ in range(2)]
        self.tiles: list[list[Tile]] = [[Tile() for _ in range(12)] for _ in range(2)]
        self.rush = [0, 0]

    @classmethod
    def new(
        cls,
        deal: list[int],
        placements: dict[str, str] | None = None,
        first: str = "red",
    ) -> "RefState":
        deal = list(deal)
        if len(deal) != 36 or sorted(deal) != list(TRAY_SET):
            raise ValueError("deal must be the 36 trays of PP-C2 in square order")
        state = cls()
        state.first = _player_index(first)  # PP-S4
        state.grid = [Tray(apples) for apples in deal]  # PP-S1: all face up
        state.grabber = deal.index(6)  # PP-S2: on the single 6-apple tray
        if placements is None:
            # PP-S3: Red places its 12 spaces in order, then Blue its 12.
            state.phase = "placement"
            state.to_move = RED
            return state
        for player, name in enumerate(PLAYER_NAMES):
            letters = placements[name]
            if sorted(letters) != sorted(TILE_SET):
                raise ValueError(f"{name} placement must hold two tiles of each kind")
            state.tiles[player] = [Tile(kind, UNPLAYED) for kind in letters]
        state.phase = "play"
        state.to_move = state.first
        return state

    @classmethod
    def from_snapshot(cls, snap: dict[str, Any], first: str = "red") -> "RefState":
        if snap.get("game") != "pickpack":
            raise ValueError("not a pickpack snapshot")
        state = cls()
        state.first = _player_index(first)
        state.phase = snap["phase"]
        if state.phase not in ("placement", "play", "over"):
            raise ValueError(f"unknown phase {state.phase!r}")
        state.grabber = SQUARE_NAMES.index(snap["grabber"])  # ValueError if unknown
        for sq, name in enumerate(SQUARE_NAMES):
            cell = snap["grid"][name]
            state.grid[sq] = None if cell is None else Tray(int(cell["apples"]), bool(cell["face_up"]))
        for player, pname in enumerate(PLAYER_NAMES):
            crates = snap["crates"][pname]
            if len(crates) != 4:
                raise ValueError("each player has 4 crates")
            state.crates[player] = [Crate([int(a) for a in c["trays"]], c["status"]) for c in crates]
            state.tiles[player] = [
                Tile(snap["tiles"][pname][space]["kind"], snap["tiles"][pname][space]["status"])
                for space in SPACE_NAMES[player]
            ]
            state.rush[player] = int(snap["rush"][pname])
            for crate in state.crates[player]:
                if crate.status not in (OPEN, PREMIUM, WHOLESALE):
                    raise ValueError(f"unknown crate status {crate.status!r}")
            for tile in state.tiles[player]:
                if tile.kind is not None and (len(tile.kind) != 1 or tile.kind not in KINDS):
                    raise ValueError(f"unknown tile kind {tile.kind!r}")
                if tile.status not in (UNPLAYED, USED, MALFUNCTIONED):
                    raise ValueError(f"unknown tile status {tile.status!r}")
        if state.phase == "over":
            state.to_move = None
        elif state.phase == "play":
            state.to_move = _player_index(snap["to_move"])
        else:
            placer, _ = state._next_placement_space()
            if snap["to_move"] != PLAYER_NAMES[placer]:
                raise ValueError("to_move does not match the placement progress")
            state.to_move = placer
        return state

    def _copy_position(self) -> "RefState":
        """This position in a new state without history (every tray, crate and tile copied)."""
        other = RefState()
        other.phase = self.phase
        other.to_move = self.to_move
        other.first = self.first
        other.grid = [None if t is None else Tray(t.apples, t.face_up) for t in self.grid]
        other.grabber = self.grabber
        other.crates = [[Crate(list(c.trays), c.status) for c in row] for row in self.crates]
        other.tiles = [[Tile(t.kind, t.status) for t in row] for row in self.tiles]
        other.rush = list(self.rush)
        return other

    # -- snapshot ------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The JSON snapshot of the rules file ("State snapshot (JSON)")."""
        scores = self.scores()
        return {
            "game": "pickpack",
            "phase": self.phase,
            "to_move": None if self.to_move is None else PLAYER_NAMES[self.to_move],
            "grabber": SQUARE_NAMES[self.grabber],
            "grid": {
                SQUARE_NAMES[sq]: (
                    None if tray is None else {"apples": tray.apples, "face_up": tray.face_up}
                )
                for sq, tray in enumerate(self.grid)
            },
            "crates": {
                PLAYER_NAMES[p]: [
                    {"trays": list(crate.trays), "status": crate.status} for crate in self.crates[p]
                ]
                for p in (RED, BLUE)
            },
            "tiles": {
                PLAYER_NAMES[p]: {
                    SPACE_NAMES[p][space]: {"kind": tile.kind, "status": tile.status}
                    for space, tile in enumerate(self.tiles[p])
                }
                for p in (RED, BLUE)
            },
            "rush": {PLAYER_NAMES[p]: self.rush[p] for p in (RED, BLUE)},
            "scores": scores,
        }

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.pickpack.position)."""
        return position_string(self.snapshot(), PLAYER_NAMES[self.first])

    def observation(self, player: int | str) -> dict[str, Any]:
        """What ``player`` (a seat or "red"/"blue") may see (observation_ref.observation)."""
        return observation(self.snapshot(), PLAYER_NAMES[self.seat_of(player)])

    # -- simple queries ------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """``("red", "blue")``."""
        return PLAYER_NAMES

    @property
    def game(self) -> Game[Any]:
        """The registered Game (entry point ``pickpack.games:pickpack``)."""
        return get_game("pickpack")

    def current_player_id(self) -> int:
        """0 (Red) or 1 (Blue), TERMINAL once over (no chance: the deal is drawn first)."""
        return TERMINAL if self.to_move is None else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """``[red, blue]``: +1 the winner, -1 the loser, 0 each on a draw or before the end (PP-E4)."""
        w = self.winner()
        if w is None or w == "draw":
            return [0.0, 0.0]
        return [1.0 if p == w else -1.0 for p in PLAYER_NAMES]

    def scores(self) -> dict[str, int]:
        """PP-E3 applied to the crates as they stand now (PP-E5: nothing else scores)."""
        result = {}
        for p in (RED, BLUE):
            total = 0
            for crate in self.crates[p]:
                apples = sum(crate.trays)
                if crate.status == OPEN:
                    total += apples  # 1 point per apple
                elif crate.status == PREMIUM:
                    total += 2 * apples  # 2 points per apple
                else:
                    total += apples // 2  # 1 point per 2 apples, rounded down
            result[PLAYER_NAMES[p]] = total
        return result

    def winner(self) -> str | None:
        if not self.is_terminal():
            return None
        s = self.scores()
        if s["red"] == s["blue"]:
            return "draw"  # PP-E4 Decision
        return "red" if s["red"] > s["blue"] else "blue"  # PP-E4

    # -- placement phase (PP-S3) ----------------------------------------------

    def _next_placement_space(self) -> tuple[int, int]:
        """(player, space) to be filled next: Red's 0..11, then Blue's 0..11."""
        for player in (RED, BLUE):
            placed = [tile.kind is not None for tile in self.tiles[player]]
            count = placed.index(False) if False in placed else 12
            if any(placed[count:]):
                raise ValueError("tiles must be placed in space order")
            if count < 12:
                return player, count
        raise ValueError("placement is complete")

    def _legal_placements(self) -> list[int]:
        player, _ = self._next_placement_space()
        placed = [tile.kind for tile in self.tiles[player] if tile.kind is not None]
        # PP-C3: two tiles of each kind, so a kind already placed twice is gone.
        return [k for k, kind in enumerate(KINDS) if placed.count(kind) < 2]

    # -- play phase: move generation (PP-M, PP-G, PP-A, PP-R) ----------------

    def _open_crates(self, player: int) -> list[int]:
        return [c for c in range(4) if self.crates[player][c].status == OPEN]

    def _fewest_open_crates(self, player: int) -> list[int]:
        # PP-G2 Decision: only open crates count; ties are separate choices.
        open_crates = self._open_crates(player)
        if not open_crates:
            return []
        fewest = min(len(self.crates[player][c].trays) for c in open_crates)
        return [c for c in open_crates if len(self.crates[player][c].trays) == fewest]

    def _open_nonempty_crates(self, player: int) -> list[int]:
        return [c for c in self._open_crates(player) if self.crates[player][c].trays]

    def _targets(self, player: int, kind: str) -> list[int]:
        """The target numbers t (docs/engine.md) for activating a tile of ``kind``.

        PP-A7 Decision: when the kind has no possible target, the only choice is
        t = 0 (activated without effect); when targets exist, one must be chosen.
        """
        opp = _opponent(player)
        targets: list[int]
        if kind == "P":
            # PP-A1: one of the mover's own open crates (may be empty, PP-A7).
            targets = [T_CRATE + c for c in self._open_crates(player)]
        elif kind == "W":
            # PP-A2: one of the opponent's open crates (may be empty, PP-A7).
            targets = [T_CRATE + c for c in self._open_crates(opp)]
        elif kind == "R":
            # PP-A3: no target.
            targets = []
        elif kind == "Q":
            # PP-A4: top tray of an open, non-empty opponent crate -> one of the
            # mover's open crates with the fewest trays (as PP-G2).
            targets = [
                T_CRATE_PAIR + a * 4 + b
                for a in self._open_nonempty_crates(opp)
                for b in self._fewest_open_crates(player)
            ]
        elif kind == "X":
            # PP-A5: both crates open and non-empty.
            targets = [
                T_CRATE_PAIR + a * 4 + b
                for a in self._open_nonempty_crates(opp)
                for b in self._open_nonempty_crates(player)
            ]
        elif kind == "M":
            # PP-A6 (a) any face-up tray on the grid, (b) any unplayed opponent tile.
            targets = [
                T_SQUARE + sq for sq, tray in enumerate(self.grid) if tray is not None and tray.face_up
            ] + [T_SPACE + s for s, tile in enumerate(self.tiles[opp]) if tile.status == UNPLAYED]
        else:
            raise ValueError(f"unknown tile kind {kind!r}")
        return targets if targets else [T_NONE]  # PP-A7

    def _destinations(self, player: int) -> list[int]:
        """PP-M1: a different square in the grabber's row (Red) or column (Blue)."""
        col, row = self.grabber % 6, self.grabber // 6
        if player == RED:
            return [row * 6 + c for c in range(6) if c != col]
        return [r * 6 + col for r in range(6) if r != row]

    @staticmethod
    def _line_space(player: int, dest: int, end: int) -> int:
        """The mover's action space at end ``end`` of the line crossing its axis at dest.

        PP-M2: for Red the destination's column (end 0 = top, 1 = bottom), for Blue
        the destination's row (end 0 = left, 1 = right).
        """
        line = dest % 6 if player == RED else dest // 6
        return line + 6 * end

    def _moves_without_rush(self) -> list[tuple[int, int]]:
        """All (dest, detail) choices of the player to move, before the rush decision."""
        player = self.to_move
        assert player is not None
        moves = []
        for dest in self._destinations(player):
            tray = self.grid[dest]
            if tray is not None:
                if not tray.face_up:
                    continue  # PP-M3: a face-down tray is never a destination
                # PP-M2 / PP-G2: grab, into one of the open crates with fewest trays.
                for crate in self._fewest_open_crates(player):
                    moves.append((dest, crate))
                continue
            # PP-M2: an empty square, only via an unplayed own tile at an end of the line.
            for end in (0, 1):
                tile = self.tiles[player][self._line_space(player, dest, end)]
                if tile.status != UNPLAYED or tile.kind is None:  # PP-M4
                    continue
                for t in self._targets(player, tile.kind):
                    moves.append((dest, 4 + end * TARGETS_PER_END + t))
        return moves

    def _play_actions(self) -> list[int]:
        player = self.to_move
        assert player is not None
        actions = []
        for dest, detail in self._moves_without_rush():
            actions.append(_encode_play(dest, detail, False))
            # PP-R1/PP-R2: spend a rush order only if one was waiting before this move.
            if self.rush[player] >= 1:
                after = self._copy_position()
                after._perform(player, _Move(dest, detail, False))
                # PP-R3: not on a move that ended the game by PP-E1.
                if not after._someone_has_all_crates_closed():
                    actions.append(_encode_play(dest, detail, True))
        return sorted(actions)

    def legal_actions(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "placement":
            return self._legal_placements()
        return self._play_actions()

    def legal_moves(self) -> list[Move]:
        return [Move(a, self._describe(a)) for a in self.legal_actions()]

    # -- move text (docs/engine.md, "Move text") --------------------------------

    def _describe(self, action: int) -> str:
        """Canonical text of ``action``, which is assumed legal in this state."""
        if self.phase == "placement":
            player, space = self._next_placement_space()
            return f"{SPACE_NAMES[player][space]}={KINDS[action]}"
        mover = self.to_move
        assert mover is not None
        opp = _opponent(mover)
        move = _decode_play(action)
        dest = SQUARE_NAMES[move.dest]
        suffix = "+" if move.rush else ""
        if move.is_grab:
            return f"{dest}>{move.detail + 1}{suffix}"
        space_index = self._line_space(mover, move.dest, move.end)
        space_name = SPACE_NAMES[mover][space_index]
        kind = self.tiles[mover][space_index].kind
        t = move.target
        if t == T_NONE:
            target = ""
        elif t < T_CRATE_PAIR:
            target = f":{t - T_CRATE + 1}"
        elif t < T_SQUARE:
            a, b = divmod(t - T_CRATE_PAIR, 4)
            sep = ">" if kind == "Q" else "x"
            target = f":{a + 1}{sep}{b + 1}"
        elif t < T_SPACE:
            target = ":" + SQUARE_NAMES[t - T_SQUARE]
        else:
            target = ":" + SPACE_NAMES[opp][t - T_SPACE]
        return f"{dest}/{space_name}{target}{suffix}"

    def _action_text(self, action: int) -> str:
        problem = self._check_action(action)
        if problem is not None:
            raise IllegalMoveError.for_action(action, *problem)
        return self._describe(action)

    def parse_action(self, text: str) -> int:
        """The legal action whose canonical text is ``text``; IllegalMoveError otherwise."""
        for action in self.legal_actions():
            if self._describe(action) == text:
                return action
        raise IllegalMoveError.for_action(None, "", "not a legal move here", text=text)

    # -- applying moves ---------------------------------------------------------

    def _someone_has_all_crates_closed(self) -> bool:
        # PP-E1: all four crates closed (own Premium and opponent's Wholesale together).
        return any(all(crate.status != OPEN for crate in self.crates[p]) for p in (RED, BLUE))

    def _perform(self, player: int, move: _Move) -> None:
        """The effect of a play move on the board, without the rush decision."""
        opp = _opponent(player)
        self.grabber = move.dest
        if move.is_grab:
            # PP-G1: the tray leaves the grid, the grabber stays on the empty square;
            # PP-G3: it goes on top of the chosen crate.
            tray = self.grid[move.dest]
            assert tray is not None and tray.face_up
            self.grid[move.dest] = None
            self.crates[player][move.detail].trays.append(tray.apples)
            return
        # PP-A: activating a tile uses it up (P/W leave the space onto a crate,
        # R goes to the rush-order area, Q/X/M are flipped face down): status "used".
        tile = self.tiles[player][self._line_space(player, move.dest, move.end)]
        tile.status = USED
        t = move.target
        if tile.kind == "R":
            self.rush[player] += 1  # PP-A3
            return
        if t == T_NONE:
            return  # PP-A7: no possible target, used up without effect
        if tile.kind == "P":
            self.crates[player][t - T_CRATE].status = PREMIUM  # PP-A1
        elif tile.kind == "W":
            self.crates[opp][t - T_CRATE].status = WHOLESALE  # PP-A2
        elif tile.kind == "Q":
            # PP-A4: opponent's crate a top tray -> own crate b.
            a, b = divmod(t - T_CRATE_PAIR, 4)
            self.crates[player][b].trays.append(self.crates[opp][a].trays.pop())
        elif tile.kind == "X":
            # PP-A5: swap the two top trays.
            a, b = divmod(t - T_CRATE_PAIR, 4)
            theirs, mine = self.crates[opp][a].trays, self.crates[player][b].trays
            theirs[-1], mine[-1] = mine[-1], theirs[-1]
        elif tile.kind == "M":
            if t < T_SPACE:
                tray = self.grid[t - T_SQUARE]
                assert tray is not None
                tray.face_up = False  # PP-A6(a)
            else:
                self.tiles[opp][t - T_SPACE].status = MALFUNCTIONED  # PP-A6(b)

    def _check_action(self, action: int) -> tuple[str, str] | None:
        return None if action in self.legal_actions() else ("", "not among the legal actions here")

    def _apply_action(self, action: int) -> RefState:
        before = self._copy_position()
        self.apply_legal_action(action)
        return before

    def _undo(self, before: RefState) -> None:
        self.__dict__.update(before._copy_position().__dict__)    # the token stays as it was

    def apply_legal_action(self, action: int) -> None:
        """apply_action without the legality check, for an action known to be legal."""
        if self.phase == "placement":
            # PP-S3: the kind goes on the next space; Red 0..11, then Blue 0..11.
            placer, space = self._next_placement_space()
            self.tiles[placer][space] = Tile(KINDS[action], UNPLAYED)
            if placer == RED and space < 11:
                self.to_move = RED
            elif placer == RED:
                self.to_move = BLUE
            elif space < 11:
                self.to_move = BLUE
            else:
                self.phase = "play"
                self.to_move = self.first  # PP-S4
                self._end_if_stuck()
            return
        mover = self.to_move
        assert mover is not None
        player = mover
        move = _decode_play(action)
        self._perform(player, move)
        if self._someone_has_all_crates_closed():
            # PP-E1 (a rush order cannot be spent on this move, PP-R3).
            self.phase = "over"
            self.to_move = None
            return
        if move.rush:
            self.rush[player] -= 1  # PP-R1: one more move at once for the same player
            self.to_move = player
        else:
            self.to_move = _opponent(player)
        self._end_if_stuck()  # PP-E2, judged after the rush decision (PP-R3)

    def _end_if_stuck(self) -> None:
        # PP-E2: the game ends when the player to move has no legal move.
        if self.phase == "play" and not self._moves_without_rush():
            self.phase = "over"
            self.to_move = None

    # -- Zobrist hash (docs/engine.md, "Zobrist hashing") ------------------------

    def zobrist_hash(self) -> int:
        """XOR of the keys of every feature present, computed from scratch."""
        keys = ZOBRIST_KEYS
        h = 0
        # 1. tray on square
        for sq, tray in enumerate(self.grid):
            if tray is not None:
                face = 0 if tray.face_up else 1
                h ^= keys[Z_TRAY_ON_SQUARE + (sq * 6 + (tray.apples - 1)) * 2 + face]
        # 2. grabber on square
        h ^= keys[Z_GRABBER + self.grabber]
        for p in (RED, BLUE):
            for c, crate in enumerate(self.crates[p]):
                # 3. tray in a crate, by height (0 = bottom)
                for height, apples in enumerate(crate.trays):
                    h ^= keys[Z_CRATE_TRAY + ((p * 4 + c) * 36 + height) * 6 + (apples - 1)]
                # 4. crate status (open: no key)
                if crate.status != OPEN:
                    h ^= keys[Z_CRATE_STATUS + (p * 4 + c) * 2 + _CRATE_STATUS_INDEX[crate.status]]
            # 5. tile (unplaced space: no key)
            for space, tile in enumerate(self.tiles[p]):
                if tile.kind is not None:
                    kind = KINDS.index(tile.kind)
                    status = _TILE_STATUS_INDEX[tile.status]
                    h ^= keys[Z_TILE + ((p * 12 + space) * 6 + kind) * 3 + status]
            # 6. rush orders waiting (0: no key)
            if self.rush[p] > 0:
                h ^= keys[Z_RUSH + p * 2 + (self.rush[p] - 1)]
        # 7. player to move (game over: no key)
        if self.to_move is not None:
            h ^= keys[Z_TO_MOVE + self.to_move]
        # 8. phase (play: no key)
        if self.phase == "placement":
            h ^= keys[Z_PHASE + 0]
        elif self.phase == "over":
            h ^= keys[Z_PHASE + 1]
        # 9. Blue moves first, while in phase placement
        if self.phase == "placement" and self.first == BLUE:
            h ^= keys[Z_BLUE_FIRST]
        return h

    def __repr__(self) -> str:
        return f"RefState(phase={self.phase!r}, to_move={self.current_player!r})"
