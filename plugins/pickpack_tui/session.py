"""One game as the UI plays it: the state, who sits where, undo, and the save file.

A session starts a game in phase placement (PP-S3) from a seed (PP-S1) and records
everything that reproduces it: the root snapshot (the deal, before any placement),
who moves first (PP-S4), each player's committed placement and the play-phase moves
in canonical text (docs/engine.md). Loading rebuilds the root with
``State.from_snapshot`` and replays, so a loaded game is the saved game exactly.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickpack import IllegalMoveError, MoveSyntaxError, State, new_game
from pickpack.bots import available_bots

from pickpack_tui.board_geometry import PLAYERS, opponent

__all__ = ["HUMAN", "SAVE_FORMAT", "GameSession", "SaveFileError"]

HUMAN = "human"
SAVE_FORMAT = "pickpack-tui-save"
SAVE_VERSION = 1
_KINDS = "PWRQXM"


class SaveFileError(Exception):
    """A save file that cannot be read or replayed; the message names the field."""


@dataclass
class GameSession:
    """A game in progress: ``state`` plus what the UI needs around it.

    ``seats`` maps "red"/"blue" to ``"human"`` or a bot name (entry-point group
    ``pickpack.bots``); ``root`` is the snapshot the game started from; ``first`` who
    moves first once placement is over; ``seed`` the deal's seed (None if unknown).
    """

    state: State
    seats: dict[str, str]
    root: dict[str, Any]
    first: str
    seed: int | None
    loaded_from: str | None = field(default=None)

    @classmethod
    def new(cls, seats: dict[str, str], seed: int | None = None, first: str = "red",
            placements: dict[str, str] | None = None) -> GameSession:
        """A fresh game in phase placement. ``seed`` None draws one (so saves replay).

        ``placements`` ({"red": 12 kind letters, "blue": ...}) commits both placements at
        once (PP-S3). Raises ValueError for a bad first player, seed or placement.
        """
        if seed is None:
            seed = secrets.randbits(63)
        state = new_game("pickpack", seed=seed, first=first)
        session = cls(state, dict(seats), state.snapshot(), first, seed)
        for player, kinds in (placements or {}).items():
            session.commit_placement(player, kinds)
        return session

    # --- who plays -------------------------------------------------------------------

    def is_human(self, player: str | None) -> bool:
        """True when ``player`` is played by a person at this keyboard."""
        return player is not None and self.seats[player] == HUMAN

    @property
    def hot_seat(self) -> bool:
        """True when both sides are human (the screen is handed over between turns)."""
        return all(self.is_human(p) for p in PLAYERS)

    def default_viewer(self) -> str:
        """Whose view the board shows when nobody is to move: a human's, else Red's."""
        for p in PLAYERS:
            if self.is_human(p):
                return p
        return "red"

    # --- placement (PP-S3) -----------------------------------------------------------

    def placement_of(self, player: str) -> str | None:
        """``player``'s committed placement as 12 kind letters in space order, or None."""
        kinds = [t["kind"] for t in self.state.snapshot()["tiles"][player].values()]
        return None if None in kinds else "".join(kinds)

    def commit_placement(self, player: str, kinds: str) -> None:
        """Apply ``player``'s 12 placement decisions (PP-S3) at once.

        Raises IllegalMoveError if it is not ``player``'s turn to place, ValueError for
        a string that is not two of each kind P W R Q X M (PP-C3).
        """
        if self.state.phase != "placement" or self.state.current_player != player:
            raise IllegalMoveError(f"PP-S3: it is not {player}'s turn to place tiles", rule="PP-S3")
        if len(kinds) != 12 or any(kinds.count(k) != 2 for k in _KINDS):
            raise ValueError(f"placement {kinds!r}: must be 12 letters, two of each of P W R Q X M (PP-C3)")
        for kind in kinds:
            self.state.apply_action(_KINDS.index(kind))

    def placement_view(self, player: str, seed: int | None) -> State:
        """The position a bot placing for ``player`` is given (PP-S3: placement is hidden).

        Once the opponent has committed, their tiles are replaced by a random arrangement
        drawn from ``seed`` (one sample of what ``player`` cannot see), so a bot's
        placement cannot depend on the real one. Otherwise a copy of the state.
        """
        other = opponent(player)
        if self.state.phase != "placement" or self.placement_of(other) is None:
            same: State = self.state.copy()
            return same
        kinds = list(_KINDS * 2)
        random.Random(seed).shuffle(kinds)
        view: State = State.from_snapshot(self.root, self.first)
        for kind in kinds:
            view.apply_action(_KINDS.index(kind))
        return view

    # --- undo ------------------------------------------------------------------------

    def _movers(self) -> list[str]:
        """The player who made each move of the history, oldest first."""
        replay = self.state.copy()
        movers: list[str] = []
        for _ in range(replay.ply):
            replay.undo()
            movers.append(replay.current_player or "red")
        return movers[::-1]

    def play_log(self) -> list[tuple[str, str]]:
        """(mover, canonical text) of each play-phase move, oldest first (docs/engine.md)."""
        replay = State.from_snapshot(self.root, self.first)
        log = []
        for a in self.state.history_actions():
            if a >= 6:
                log.append((replay.current_player or "red", replay.action_text(a)))
            replay.apply_action(a)
        return log

    def can_undo(self) -> bool:
        """True when a human play-phase move can be taken back (placement stays committed)."""
        actions = self.state.history_actions()
        movers = self._movers()
        return any(a >= 6 and self.is_human(m) for a, m in zip(actions, movers))

    def undo(self) -> int:
        """Take back moves up to and including the last human play-phase move.

        Against a bot this returns to the human's previous decision; in hot-seat it
        takes back one move. Returns the number of plies taken back (0 if none can be).
        """
        if not self.can_undo():
            return 0
        undone = 0
        while True:
            self.state.undo()
            undone += 1
            if self.is_human(self.state.current_player):
                return undone

    # --- saving and loading ----------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The save file's data (see the module docstring)."""
        moves = [text for _, text in self.play_log()]
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": "pickpack",
            "seed": self.seed,
            "first": self.first,
            "seats": dict(self.seats),
            "root": self.root,
            "placements": {p: self.placement_of(p) for p in PLAYERS},
            "moves": moves,
        }

    def save(self, path: str | Path) -> None:
        """Write the save file (JSON, UTF-8). Raises SaveFileError if it cannot be written."""
        try:
            Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise SaveFileError(f"cannot write {path}: {exc.strerror or exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> GameSession:
        """Read a save file and replay it. Raises SaveFileError naming the problem."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveFileError(f"no such file: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"cannot read {path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{path}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        session = cls.from_json(data, source=str(path))
        return session

    @classmethod
    def from_json(cls, data: Any, source: str = "save file") -> GameSession:
        """Rebuild a session from ``to_json`` data. Raises SaveFileError naming the field."""
        def bad(where: str, why: str) -> SaveFileError:
            return SaveFileError(f"{source}: {where}: {why}")

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise bad("format", f"not a pickpack save file (expected \"format\": \"{SAVE_FORMAT}\")")
        if data.get("version") != SAVE_VERSION:
            raise bad("version", f"unsupported version {data.get('version')!r} (this is {SAVE_VERSION})")
        first = data.get("first")
        if first not in PLAYERS:
            raise bad("first", f"must be 'red' or 'blue', got {first!r}")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise bad("seed", f"must be an integer or null, got {seed!r}")
        seats = data.get("seats")
        if not isinstance(seats, dict) or set(seats) != set(PLAYERS):
            raise bad("seats", "must map 'red' and 'blue' to 'human' or a bot name")
        bots = available_bots()
        for p in PLAYERS:
            if seats[p] != HUMAN and seats[p] not in bots:
                raise bad(f"seats.{p}", f"unknown bot {seats[p]!r}; choices: human, {', '.join(bots)}")
        root_data = data.get("root")
        if not isinstance(root_data, dict):
            raise bad("root", "must be the snapshot the game started from (a JSON object)")
        try:
            state = State.from_snapshot(root_data, first)
        except ValueError as exc:
            raise bad("root", str(exc)) from None
        root = state.snapshot()
        session = cls(state, dict(seats), root, first, seed, loaded_from=source)
        placements = data.get("placements")
        if not isinstance(placements, dict) or set(placements) != set(PLAYERS):
            raise bad("placements", "must map 'red' and 'blue' to 12 kind letters or null")
        for p in PLAYERS:
            kinds = placements[p]
            if kinds is None:
                continue
            if not isinstance(kinds, str):
                raise bad(f"placements.{p}", "must be a string of 12 kind letters or null")
            try:
                session.commit_placement(p, kinds)
            except (IllegalMoveError, ValueError) as exc:
                raise bad(f"placements.{p}", str(exc)) from None
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise bad("moves", "must be a list of move texts")
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise bad(f"moves[{i}]", f"must be move text, got {text!r}")
            try:
                state.apply(text)
            except (IllegalMoveError, MoveSyntaxError) as exc:
                raise bad(f"moves[{i}]", str(exc)) from None
        return session

    def next_game(self) -> GameSession:
        """A new game with the same seats and first player; the next seed if one was set."""
        return GameSession.new(self.seats, None if self.seed is None else (self.seed + 1) % 2**63, self.first)

    def describe_seat(self, player: str) -> str:
        """Who plays ``player``, for the status line: "you" against a bot, "human" in
        hot-seat, else the bot's name."""
        if self.is_human(player):
            return "you" if not self.is_human(opponent(player)) else HUMAN
        return self.seats[player]
