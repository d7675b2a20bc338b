"""One game as the UI plays it: the state, who sits where, chance, undo, the save file.

Game-neutral (the GameState protocol, pickpack.game): a session starts a game with
``pickpack.new_game``'s arguments (game, player count from the seats, seed, variant,
options) and keeps the start state and the move log: (mover, action, text) of every
action, grown as the session applies an action (its text made once, from the position
it is played in) and shrunk as it takes one back, so a redraw never replays the history
(``history``; a change made to the state behind the session's back is caught and its
rows written from a copy of the state taken back to where the log still holds). The
log is what is saved, as move texts (pickpack.records.savefile, version 2). Chance nodes are resolved here
(never asked of a person) and their outcomes are in the history like any move: the
outcome at action index ``k`` (the number of actions already in the history) is
``sample_outcome(outcomes, Random(chance_seed(seed, k)))`` (pickpack.match.chance,
pickpack.match.seeding), so it depends only on the game's seed and ``k``: undo then redo
rolls the same, and a loaded game rolls on as the saved one would have.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickpack.bots import available_bots
from pickpack.bots.spec import parse_bot_spec
from pickpack.errors import BotSpecError, IllegalMoveError
from pickpack.game import Game, GameState
from pickpack.games_registry import DEFAULT_GAME, get_game
from pickpack.match.chance import sample_outcome
from pickpack.match.seeding import chance_seed, derive_seed
from pickpack.move import Move
from pickpack.records.savefile import HUMAN, SAVE_FORMAT, SavedGame, SaveFileError

__all__ = ["CHANCE_NAME", "HUMAN", "SAVE_FORMAT", "GameSession", "SaveFileError"]

#: The mover shown in the log for a chance outcome.
CHANCE_NAME = "chance"

_Keep = Callable[[int], bool]

_SEED_MASK = (1 << 64) - 1


def _random_base() -> int:
    """A fresh base for the chance draws of a game without a seed."""
    return secrets.randbits(63)


def _always(action: int) -> bool:
    return True


@dataclass
class GameSession:
    """A game in progress: ``state`` plus what the UI needs around it.

    ``seats`` maps each player name, in seat order, to ``"human"`` or a bot spec
    (pickpack.bots.spec: ``greedy``, ``mcts:simulations=500``, ``cmd:...``,
    ``native:...``); ``start`` is a copy of the state the game started from; ``seed``,
    ``variant`` and ``options`` are what ``new_game`` was given. ``saved_history`` is
    the action history at the last save or load (or at the start): moves after it are
    unsaved. ``chance_base`` is the base seed of the chance draws (module docstring):
    ``seed`` when set (reduced to 0..2**64-1), else a random number drawn once for the
    session, so that a game saved without a seed (a Pick & Pack version-1 save turned
    into a ``deal``) rolls alike through undo but not across a save and load.
    """

    game: Game[Any]
    state: GameState
    seats: dict[str, str]
    start: GameState
    seed: int | None
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    loaded_from: str | None = field(default=None)
    saved_history: list[int] = field(default_factory=list)
    chance_base: int = field(default_factory=_random_base)
    # the move log (module docstring): rows and their actions, in step with the state
    _rows: list[tuple[str, int, str]] = field(default_factory=list, init=False, repr=False, compare=False)
    _actions: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.seed is not None:
            self.chance_base = self.seed & _SEED_MASK

    @classmethod
    def new(cls, seats: dict[str, str], seed: int | None = None, *, game: Game[Any] | str = DEFAULT_GAME,
            variant: str | None = None, **options: Any) -> GameSession:
        """A fresh game of ``game`` for ``len(seats)`` players. ``seed`` None draws one
        (so saves replay). Raises OptionError (a ValueError) for a player count,
        variant or option the game does not offer, ValueError for the seat names
        (they must be ``game.player_names(n)``) or a value the game refuses.
        """
        g = get_game(game) if isinstance(game, str) else game
        count = g.check_players(len(seats))
        names = g.player_names(count)
        if tuple(seats) != names:
            raise ValueError(f"seats: must name {', '.join(names)} in this order, got {', '.join(seats)}")
        if seed is None:
            seed = secrets.randbits(63)
        state = g.new_state(players=count, seed=seed, variant=variant, **options)
        session = cls(g, state, dict(seats), state.copy(), seed, variant, dict(options))
        session.mark_saved()
        return session

    # --- who plays -------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(self.seats)

    def is_human(self, player: str | None) -> bool:
        """True when ``player`` is a seat played by a person at this keyboard; False for
        anything else a mover may be: None (a chance node, the end), ``CHANCE_NAME`` (a
        chance outcome in ``history``), a name that is no seat."""
        return player is not None and self.seats.get(player) == HUMAN

    @property
    def hot_seat(self) -> bool:
        """True when two or more seats are people sharing the keyboard."""
        return sum(self.is_human(p) for p in self.seats) >= 2

    def default_viewer(self) -> str | None:
        """Whose view the board shows before anyone has been handed the keyboard: the
        one human's against bots; None (everything) among bots; None (nobody's yet: the
        first view passes a hand-over) in hot-seat."""
        humans = [p for p in self.seats if self.is_human(p)]
        return humans[0] if len(humans) == 1 else None

    def describe_seat(self, player: str) -> str:
        """Who plays ``player``, for the status line: "you" with one person at the
        keyboard, "human" in hot-seat, else the bot's spec."""
        if self.is_human(player):
            return "you" if not self.hot_seat else HUMAN
        return self.seats.get(player, player)

    # --- chance ----------------------------------------------------------------------

    def chance_outcome(self) -> int:
        """The outcome drawn at the current chance node: at action index ``k`` (the
        length of the history), ``sample_outcome(chance_outcomes(),
        Random(chance_seed(chance_base, k)))``, exact (Fractions, no floats) and the same
        whenever the game reaches index ``k`` again (after an undo, or a load). Raises
        ValueError when the state is not at a chance node or the game's probabilities
        are not exact and summing to 1 (a bug of the game, named)."""
        if not self.state.is_chance_node():
            raise ValueError("no chance node: the next action is a decision or the game is over")
        k = len(self.state.history_actions())
        return sample_outcome(self.state.chance_outcomes(),
                              random.Random(chance_seed(self.chance_base, k)))

    def resolve_chance(self) -> list[str]:
        """Draw (``chance_outcome``) and apply outcomes while the state is at a chance
        node. Returns their texts, oldest first."""
        texts = []
        while self.state.is_chance_node():
            texts.append(self.apply_action(self.chance_outcome()))
        return texts

    def bot_seed(self, seat: int) -> int:
        """A seed (0..2**64-1) for what seat ``seat`` (0-based) draws at the current action
        index ``k``, e.g. a determinization of hidden information:
        ``derive_seed(chance_base, k, seat)``, a stream apart from the chance draws
        (pickpack.match.seeding)."""
        return derive_seed(self.chance_base, len(self.state.history_actions()), seat)

    # --- unsaved moves ---------------------------------------------------------------

    def mark_saved(self) -> None:
        """Record the current history as saved (after a save, a load or a fresh start)."""
        self.saved_history = self.state.history_actions()

    def has_unsaved_moves(self) -> bool:
        """True when the history differs from the one last saved or loaded."""
        return bool(self.state.history_actions() != self.saved_history)

    # --- the history -----------------------------------------------------------------

    def apply_action(self, action: int) -> str:
        """Apply ``action`` to the state (the state checks it: IllegalMoveError, nothing
        applied) and add it to the move log; its canonical text, made once."""
        self._sync()
        state = self.state
        mover = state.current_player
        text = state.action_text(action)
        state.apply_action(action)
        self._log(mover, action, text)
        return text

    def apply(self, move: Move) -> None:
        """Apply a bot's ``move`` with the state's own checks (``state.apply``: its
        errors, nothing applied) and add it to the move log with its canonical text."""
        self._sync()
        state = self.state
        mover = state.current_player
        try:
            text: str | None = state.action_text(move.action)
        except (IllegalMoveError, TypeError, ValueError):
            text = None                  # apply() below refuses it in the game's words
        state.apply(move)
        self._log(mover, move.action, move.text if text is None else text)

    def undo_action(self) -> int:
        """Take back the state's last action and its row of the move log; the action."""
        self._sync()
        self.state.undo()
        self._rows.pop()
        return self._actions.pop()

    def _log(self, mover: str | None, action: int, text: str) -> None:
        self._rows.append((CHANCE_NAME if mover is None else mover, action, text))
        self._actions.append(action)

    def _sync(self) -> None:
        """Bring the move log in step with the state's history when the state was
        changed behind the session's back (or replaced): the rows up to the actions
        both share stay; the others are written from a copy of the state taken back to
        there (no replay from the start). Nothing to do otherwise (one comparison of
        the action lists)."""
        actions = self.state.history_actions()
        kept = self._actions
        if actions == kept:
            return
        k = len(kept) if actions[:len(kept)] == kept else next(
            (i for i, (a, b) in enumerate(zip(actions, kept)) if a != b), min(len(actions), len(kept)))
        del self._rows[k:], kept[k:]
        if k == len(actions):
            return
        replay = self.state.copy()
        for _ in range(len(actions) - k):
            replay.undo()
        for action in actions[k:]:
            mover = replay.current_player
            self._log(mover, action, replay.action_text(action))
            replay.apply_action(action)

    @property
    def plies(self) -> int:
        """The number of actions played since the start, chance outcomes included."""
        self._sync()
        return len(self._actions)

    def history(self) -> list[tuple[str, int, str]]:
        """(mover name or "chance", action, canonical text) of every action since the
        start, oldest first: the move log (module docstring), not a replay."""
        self._sync()
        return list(self._rows)

    def play_log(self) -> list[tuple[str, str]]:
        """(mover, text) of every action, chance outcomes included (mover "chance")."""
        return [(mover, text) for mover, _, text in self.history()]

    # --- undo ------------------------------------------------------------------------

    def _takeable(self) -> list[tuple[str, int, str]]:
        """The history after the last chance outcome: what undo may take back. An
        outcome once shown is never taken back, or a person could look at the next card
        or die, undo, and decide knowing it (the outcome at index k is the same every
        time, chance_outcome)."""
        rows = self.history()
        last_chance = max((i for i, (mover, _, _) in enumerate(rows) if mover == CHANCE_NAME), default=-1)
        return rows[last_chance + 1:]

    def can_undo(self, undoable: _Keep = _always) -> bool:
        """True when a person's move that ``undoable`` allows can be taken back: one made
        since the last chance outcome (_takeable)."""
        return any(undoable(a) and self.is_human(m) for m, a, _ in self._takeable())

    def made_a_move(self, undoable: _Keep = _always) -> bool:
        """True when a person made a move that ``undoable`` allows anywhere in the history,
        before the last chance outcome too (where ``can_undo`` no longer reaches)."""
        return any(undoable(a) and self.is_human(m) for m, a, _ in self.history())

    def undo(self, undoable: _Keep = _always) -> int:
        """Take back moves up to and including the last person's move (through bot
        moves), never past a chance outcome (_takeable). Returns the number of actions
        taken back (0 if none can be)."""
        if not self.can_undo(undoable):
            return 0
        undone = 0
        while True:
            last = self.undo_action()
            undone += 1
            if self.is_human(self.state.current_player) and undoable(last):
                return undone

    # --- saving and loading ----------------------------------------------------------

    def saved_game(self) -> SavedGame:
        """The game as a save file's contents (pickpack.records.savefile, version 2)."""
        return SavedGame(game=self.game.name, players=dict(self.seats),
                         moves=[text for _, _, text in self.history()], seed=self.seed,
                         variant=self.variant, options=dict(self.options))

    def to_json(self) -> dict[str, Any]:
        """The save file's data (pickpack.records.savefile)."""
        return self.saved_game().to_json()

    def save(self, path: str | Path) -> None:
        """Write the save file and mark the game saved. Raises SaveFileError if it
        cannot be written (the game then stays unsaved)."""
        self.saved_game().save(path)
        self.mark_saved()

    @classmethod
    def load(cls, path: str | Path, games: Callable[[str], Game[Any]] = get_game) -> GameSession:
        """Read a save file and replay it. Raises SaveFileError naming the problem."""
        return cls.from_saved(SavedGame.load(path, games), source=str(path), games=games)

    @classmethod
    def from_json(cls, data: Any, source: str = "save file",
                  games: Callable[[str], Game[Any]] = get_game) -> GameSession:
        """Rebuild a session from ``to_json`` data. Raises SaveFileError naming the field."""
        return cls.from_saved(SavedGame.from_json(data, source, games), source, games)

    @classmethod
    def from_saved(cls, saved: SavedGame, source: str = "save file",
                   games: Callable[[str], Game[Any]] = get_game) -> GameSession:
        """A session replaying ``saved``.

        Each seat must be ``"human"`` or a bot spec (pickpack.bots.spec) whose entry-point
        name is installed; ``native:``/``cmd:`` specs are checked for form only (the app
        starts them, and a seat whose bot cannot start passes to the person). Raises
        SaveFileError naming ``players.NAME`` or the replay's field.
        """
        bots = available_bots(saved.game)
        for p, seat in saved.players.items():
            if seat == HUMAN:
                continue
            try:
                spec = parse_bot_spec(seat)
            except BotSpecError as exc:
                raise SaveFileError(f"{source}: players.{p}: {exc}") from None
            if spec.kind == "entry" and spec.name not in bots:
                raise SaveFileError(f"{source}: players.{p}: unknown bot {spec.name!r}; "
                                    f"choices: human, {', '.join(bots)}, native:PATH, cmd:COMMAND")
        start = saved.start(source, games)
        state = saved.replay(source, games)
        seed = saved.seed
        session = cls(games(saved.game), state, dict(saved.players), start, seed, saved.variant,
                      dict(saved.options), loaded_from=source)
        session.mark_saved()
        return session

    def next_game(self) -> GameSession:
        """A new game with the same seats, variant and options; the next seed if one was
        set, else a fresh one (``new``). Options that fix the game's randomness (Pick &
        Pack's ``deal`` of a converted version-1 save) are kept, and override the seed
        in the game's factory. Raises what ``new`` raises."""
        return GameSession.new(self.seats, None if self.seed is None else (self.seed + 1) % 2**63,
                               game=self.game, variant=self.variant, **self.options)
