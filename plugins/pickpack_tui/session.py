"""One game as the UI plays it: the state, who sits where, undo, and the save file.

A session starts a game in phase placement (PP-S3) from a seed (PP-S1) and records
everything that reproduces it: the root snapshot (the deal, before any placement),
who moves first (PP-S4), each player's committed placement and the play-phase moves
in canonical text (docs/engine.md). Loading rebuilds the root with
``State.from_snapshot`` and replays, so a loaded game is the saved game exactly.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickpack import IllegalMoveError, MoveSyntaxError, new_game
from pickpack.games.pickpack import State
from pickpack.botspec import parse_bot_spec
from pickpack.bots import available_bots
from pickpack.errors import BotSpecError
from pickpack.savefile import SAVE_FORMAT, SavedGame, SaveFileError

from pickpack_tui.board_geometry import PLAYERS, opponent

__all__ = ["HUMAN", "SAVE_FORMAT", "GameSession", "SaveFileError"]

HUMAN = "human"
_KINDS = "PWRQXM"


@dataclass
class GameSession:
    """A game in progress: ``state`` plus what the UI needs around it.

    ``seats`` maps "red"/"blue" to ``"human"`` or a bot spec (pickpack.botspec:
    ``greedy``, ``mcts:simulations=500``, ``cmd:...``, ``native:...``); ``root`` is the
    snapshot the game started from; ``first`` who moves first once placement is over;
    ``seed`` the deal's seed (None if unknown). ``saved_history`` is the action history
    at the last save or load (or at the start): moves after it are unsaved.
    """

    state: State
    seats: dict[str, str]
    root: dict[str, Any]
    first: str
    seed: int | None
    loaded_from: str | None = field(default=None)
    saved_history: list[int] = field(default_factory=list)

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
        session.mark_saved()
        return session

    # --- who plays -------------------------------------------------------------------

    def is_human(self, player: str | None) -> bool:
        """True when ``player`` is played by a person at this keyboard."""
        return player is not None and self.seats[player] == HUMAN

    @property
    def hot_seat(self) -> bool:
        """True when both sides are human (the screen is handed over between turns)."""
        return all(self.is_human(p) for p in PLAYERS)

    def default_viewer(self) -> str | None:
        """Whose private view the board shows before anyone has been handed the keyboard.

        The one human's against a bot; None (everything, PP-V1) when two bots play; None
        (nobody's yet: the first view passes a hand-over) in hot-seat.
        """
        humans = [p for p in PLAYERS if self.is_human(p)]
        return humans[0] if len(humans) == 1 else None

    # --- unsaved moves ---------------------------------------------------------------

    def mark_saved(self) -> None:
        """Record the current history as saved (after a save, a load or a fresh start)."""
        self.saved_history = self.state.history_actions()

    def has_unsaved_moves(self) -> bool:
        """True when the history differs from the one last saved or loaded (a move made,
        or one taken back), so leaving the game would lose something."""
        return self.state.history_actions() != self.saved_history

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

    def saved_game(self) -> SavedGame:
        """The game as a save file's contents (pickpack.savefile)."""
        return SavedGame(seed=self.seed, first=self.first, seats=dict(self.seats), root=self.root,
                         placements={p: self.placement_of(p) for p in PLAYERS},
                         moves=[text for _, text in self.play_log()])

    def to_json(self) -> dict[str, Any]:
        """The save file's data (pickpack.savefile)."""
        return self.saved_game().to_json()

    def save(self, path: str | Path) -> None:
        """Write the save file (JSON, UTF-8) and mark the game saved. Raises SaveFileError
        if it cannot be written (the game then stays unsaved)."""
        self.saved_game().save(path)
        self.mark_saved()

    @classmethod
    def load(cls, path: str | Path) -> GameSession:
        """Read a save file and replay it. Raises SaveFileError naming the problem."""
        return cls.from_saved(SavedGame.load(path), source=str(path))

    @classmethod
    def from_json(cls, data: Any, source: str = "save file") -> GameSession:
        """Rebuild a session from ``to_json`` data. Raises SaveFileError naming the field."""
        return cls.from_saved(SavedGame.from_json(data, source), source)

    @classmethod
    def from_saved(cls, saved: SavedGame, source: str = "save file") -> GameSession:
        """A session replaying ``saved``.

        Each seat must be ``"human"`` or a bot spec (pickpack.botspec) whose entry-point
        name is installed; ``native:``/``cmd:`` specs are checked for form only (the app
        starts them, and a seat whose bot cannot start passes to the person). Raises
        SaveFileError naming ``seats.red``/``seats.blue`` or the replay's field.
        """
        bots = available_bots()
        for p in PLAYERS:
            seat = saved.seats[p]
            if seat == HUMAN:
                continue
            try:
                spec = parse_bot_spec(seat)
            except BotSpecError as exc:
                raise SaveFileError(f"{source}: seats.{p}: {exc}") from None
            if spec.kind == "entry" and spec.name not in bots:
                raise SaveFileError(f"{source}: seats.{p}: unknown bot {spec.name!r}; "
                                    f"choices: human, {', '.join(bots)}, native:PATH, cmd:COMMAND")
        state = saved.replay(source)
        root = State.from_snapshot(saved.root, saved.first).snapshot()
        session = cls(state, dict(saved.seats), root, saved.first, saved.seed, loaded_from=source)
        session.mark_saved()
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
