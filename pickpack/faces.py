"""The face protocol: what a game supplies to be played in a shell (the Textual shell,
pickpack_tui.app, is one), and the questions a face asks a person.

Textual-free and game-neutral: a game's ``tui/`` package writes its face against these
names, never against the shell plugin's modules (pickpack_tui.face and
pickpack_tui.questions re-export them, where they were first defined). The screen types
are Textual's, named for the type checker only. The Textual widgets a face builds its
screens from, the same the shell uses (status line, move log, footer, choice and
game-over dialogs), are in pickpack.face_kit.

The shell owns the seats (a person or a bot per seat), bot workers, chance nodes (each
outcome drawn from the game's seed and its action index, pickpack_tui.session), undo,
save/load, hand-over screens, help and the end of the game. A face owns how the game
looks and how a person picks a move: the board screen, the move questions, the rules
in brief and, optionally, its own game-over screen.

A game names its face as ``Game.tui_face`` (loaded with ``game.load("tui_face")``); a
game without one is played through ``PlainFace`` (pickpack_tui.plain_face): its text
board and a list of its legal moves.

Faces are written against ``Shell`` and ``Session`` (below) and the GameState protocol
only; the shell knows no game's rules. Why a move is illegal comes from the engine
(``state.check_action(action)`` -> (rule, reason)).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pickpack.game import Game, GameState

if TYPE_CHECKING:
    from textual.screen import ModalScreen, Screen

__all__ = ["Face", "MoveQuestions", "Option", "Question", "Session", "Shell"]


@dataclass(frozen=True)
class Option:
    """One answer: its label, the value it stands for, and why it is unavailable."""

    label: str
    value: Any
    unavailable: str | None = None


@dataclass(frozen=True)
class Question:
    """A question the mover must answer (the shell's ChoiceScreen asks it): ``key``
    names the part, ``rule`` the rule id (or any one-line note shown under the list).
    A face builds Questions for the parts of a move (Pick & Pack: crate, tile end,
    target, rush order); the plain face asks one listing the legal moves."""

    key: str
    title: str
    rule: str
    options: tuple[Option, ...]


class Session(Protocol):
    """What a face may read of the game in progress (the shell's GameSession,
    pickpack_tui.session): the state, where it started and who plays each seat."""

    game: Game[Any]
    state: GameState
    start: GameState
    #: player name (seat order) -> "human" or a bot spec (pickpack.bots.spec)
    seats: dict[str, str]
    seed: int | None

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""

    @property
    def hot_seat(self) -> bool:
        """True when two or more seats are people sharing the keyboard."""

    def is_human(self, player: str | None) -> bool:
        """True when ``player`` is a seat played by a person at this keyboard."""

    def describe_seat(self, player: str) -> str:
        """Who plays ``player``, for the status line ("you", "human" or the bot's spec)."""

    def bot_seed(self, seat: int) -> int:
        """A seed (0..2**64-1) for what seat ``seat`` draws at the current action index
        (a determinization of hidden information)."""

    def history(self) -> list[tuple[str, int, str]]:
        """(mover name or "chance", action, canonical text) of every action since the
        start, oldest first."""

    def play_log(self) -> list[tuple[str, str]]:
        """(mover, text) of every action, chance outcomes included (mover "chance")."""


class MoveQuestions(Protocol):
    """The questions between a person's first choice and one legal action: ``next()``
    gives the next Question (None once one action is left, then read ``action``),
    ``answer(value)`` narrows the candidates to the chosen option's value."""

    @property
    def action(self) -> int | None:
        """The action once one is left, else None."""

    def next(self) -> Question | None:
        """The next question, or None when one action remains."""

    def answer(self, value: Any) -> None:
        """Keep the candidates whose current part is ``value`` (ValueError otherwise)."""


class Shell(Protocol):
    """What a face may use of the shell (the app)."""

    @property
    def session(self) -> Session:
        """The game in progress."""

    board_screen: Screen[None]
    viewer: str | None
    thinking: str | None
    message: str
    #: (player, action) of the last decision made in this app (by a person or a bot),
    #: the last action of the history; None after a new game, load or undo.
    last: tuple[str, int] | None

    def my_turn(self) -> bool:
        """True when the player to decide is a person and their view is on screen."""

    def play(self, player: str, actions: Sequence[int], note: str | None = None, *,
             typed: str | None = None) -> None:
        """Apply a person's ``actions`` (one move, or a batch such as a whole
        placement) for ``player`` and go on; ``note`` replaces the default message.
        Each action's legality is checked once, here; ``typed``: the text the one
        action was typed as, so that a refusal reads as parse_move's IllegalMoveError."""

    def ask_move(self, player: str, questions: MoveQuestions, what: str) -> None:
        """Ask the open questions (ChoiceScreen) and play the action they lead to;
        Escape abandons the move (``what`` names it in the message)."""

    def say(self, message: str, bell: bool = False) -> None:
        """Show ``message`` on the status line (and ring the bell)."""

    def show_screen(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Push ``screen``; ``then`` gets its result."""

    def refresh_view(self) -> None:
        """Redraw the board for the current viewer."""


class Face(Protocol):
    """A game's look in the shell.

    - ``title``: the app's title; ``css_paths``: the face's stylesheets; ``help_markdown``:
      the rules in brief and what a click does on the face's screens, in the game's own
      words (the help screen adds the live keys and who plays each seat, in game-neutral
      words only); ``min_size``: (columns, rows) the board needs: in a smaller terminal
      the shell shows one notice naming that size instead (TooSmallScreen), and the game
      again once it is large enough.
    - ``hides_information(game)``: whether seats see different things, so that a
      hand-over screen goes between two people's turns (Pick & Pack: PP-S3, PP-V2).
    - ``board_screen(shell)``: the screen the game is played on, built once per app; the
      shell pushes it first and calls ``show(shell)`` whenever the position, viewer or
      message changes.
    - ``human_turn(shell, player)``: let a person decide (move the cursor, push a
      placement screen, ...); the face ends with ``shell.play`` or ``shell.ask_move``.
    - ``turn_text(state, player)``: the hand-over reason (``Blue moves next``).
    - ``bot_state(session, player)``: the state a bot deciding for ``player`` is given
      (a copy, or a determinization hiding what it may not see);
      ``bot_continues(state, player)``: whether the same bot decides again before the
      shell shows anything (a batch, such as Pick & Pack's 12 hidden placements).
    - ``undoable(action)``: whether undo may take ``action`` back.
    - ``log(session, viewer)``: the move log as (who, text) rows, only what ``viewer``
      (a player name) may see; ``viewer`` None: only what everybody may see.
    - ``game_over_screen(shell)``: the final dialog, dismissed with "new", "board" or
      "quit"; None for the shell's table of returns per seat.

    A face's own full screens (Pick & Pack's placement screen, its game-over dialog)
    set the class attribute ``SHELL_KEYS = True`` so that the shell's new game, load,
    help and theme keys work there too; undo and save work on the board screen only.
    """

    title: str
    min_size: tuple[int, int]
    css_paths: tuple[Path, ...]
    help_markdown: str

    def hides_information(self, game: Game[Any]) -> bool: ...

    def board_screen(self, shell: Shell) -> Screen[None]: ...

    def show(self, shell: Shell) -> None: ...

    def human_turn(self, shell: Shell, player: str) -> None: ...

    def turn_text(self, state: GameState, player: str) -> str: ...

    def bot_state(self, session: Session, player: str) -> GameState: ...

    def bot_continues(self, state: GameState, player: str) -> bool: ...

    def undoable(self, action: int) -> bool: ...

    def log(self, session: Session, viewer: str | None = None) -> list[tuple[str, str]]: ...

    def game_over_screen(self, shell: Shell) -> ModalScreen[str] | None: ...
