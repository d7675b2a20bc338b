"""PUSH's face in the TUI shell (the protocols of pickpack.faces): ``GAME.tui_face`` is
``"pickpack.games.push.tui.face:FACE"``.

The table (deck and discard counts, switch pile and collection order, the three stacks,
the last event), one panel per seat (bench face up; bank face up for its owner only,
PU-V1), the move log in words (events.EventLog) and a button per legal decision, with
keys (choices.KEYS) and clicks on the stacks. The face holds no rules: the decisions
are the engine's ``legal_actions()``, a refused key or click shows the engine's
``check_action`` rule and reason. Chance (every draw, every die roll) is drawn by the
shell's session, never here. Banks are private (PU-V1), so people sharing the keyboard
hand it over whenever the seat to decide changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from pickpack.bots.view import seat_view
from pickpack.face_kit import MoveLog, StatusBar
from pickpack.faces import Session, Shell
from pickpack.game import Game, GameState
from pickpack.games.push.encoding import PLACE, TAKE
from pickpack.games.push.tui.board_screen import PushBoardScreen
from pickpack.games.push.tui.cards import chip
from pickpack.games.push.tui.choices import decision_for_key
from pickpack.games.push.tui.events import EventLog
from pickpack.games.push.tui.help_text import HELP_TEXT
from pickpack.games.push.tui.table_view import TableView, table_view
from pickpack.games.push.tui.widgets.action_bar import ActionBar
from pickpack.games.push.tui.widgets.seat_panel import SeatPanel
from pickpack.games.push.tui.widgets.stack_view import StackView

__all__ = ["FACE", "PushFace", "collect_order", "turn_line"]


def collect_order(view: TableView) -> list[str]:
    """The seats from the one whose turn it is round the table in the collection
    direction (PU-K1, PU-S2): who collects after whom this turn, in upper case."""
    n = len(view.players)
    return [view.players[(view.turn + view.direction * i) % n].upper() for i in range(n)]


def turn_line(view: TableView, seats: dict[str, str], scores: dict[str, float] | None = None) -> str:
    """The status line's left part: who decides what (``P2 (human): push or bank``), or
    at the end the scores (``scores``, PU-E2) and who has the best (PU-E3)."""
    if view.phase == "over":
        board = scores or {}
        best = max(board.values(), default=0)
        winners = [p.upper() for p, s in board.items() if s == best]
        listed = ", ".join(f"{p.upper()} {s:g}" for p, s in board.items())
        return f"Game over: {listed}; best: {' and '.join(winners)}"
    deciding = view.actor if view.phase in ("collect", "roll") else view.turn
    name = view.players[deciding]
    what = {"start": "push or bank", "draw": "draws", "place": "place the drawn card",
            "decide": "draw again or stop", "collect": "take a stack", "roll": "rolls the die"}[view.phase]
    return f"{name.upper()} ({seats[name]}): {what}"


class PushFace:
    """The Face of PUSH (see the module docstring)."""

    title = "PUSH"
    min_size = (80, 24)      # columns, rows below which the shell shows TooSmallScreen
    css_paths: tuple[Path, ...] = (Path(__file__).parent / "board.tcss",)
    help_markdown = HELP_TEXT

    def __init__(self) -> None:
        self._events = EventLog()

    def hides_information(self, game: Game[Any]) -> bool:
        """True: each seat's bank is private (PU-V1)."""
        return True

    def board_screen(self, shell: Shell) -> Screen[None]:
        return PushBoardScreen(lambda key: self.key(shell, key), lambda action: self.decide(shell, action))

    # --- drawing -----------------------------------------------------------------------

    def show(self, shell: Shell) -> None:
        """Draw the table as ``shell.viewer`` may see it (PU-V1): a player's
        observation; with no viewer, the public table (people at the keyboard watching
        a bot), or every bank face up once the game is over or when only bots play."""
        session = shell.session
        state = session.state
        screen = _board_screen(shell)
        open_banks = shell.viewer is None and (state.is_terminal()
                                               or not any(session.is_human(p) for p in session.players))
        view = table_view(state, shell.viewer, open_banks=open_banks)
        seats = {p: session.describe_seat(p) + (" (view)" if p == shell.viewer and session.hot_seat else "")
                 for p in session.players}
        mine = shell.my_turn()
        legal = state.legal_actions() if mine else []
        chosen = {a - PLACE for a in legal if PLACE <= a < TAKE} | {a - TAKE for a in legal if a >= TAKE}
        for stack in screen.query(StackView):
            stack.show(view.stacks[stack.index], stack.index in chosen)
        screen.query_one("#table-info", Static).update(self._info(view))
        box = screen.query_one("#table-box")
        whose = f"{view.viewer.upper()}'s view" if view.viewer is not None else \
            "banks open" if open_banks else "public view"
        box.border_subtitle = " · ".join(
            [whose] + (["hard"] if view.hard else []) + (["switch per turn"] if view.switch_per_turn else []))
        rows = self.log(session, shell.viewer)
        screen.query_one("#last-event", Static).update(self._last(view, rows))
        for panel in screen.query(SeatPanel):
            panel.display = panel.seat < len(view.players)
            if panel.display:
                panel.show(view, seats[view.players[panel.seat]])
        screen.query_one(MoveLog).show(rows)
        screen.query_one(ActionBar).show(legal, view.phase, view.stacks)
        status = screen.query_one(StatusBar)
        scores = dict(state.scores()) if state.is_terminal() else None
        status.turn = turn_line(view, {p: session.describe_seat(p) for p in session.players}, scores)
        status.message = shell.message
        status.set_class(shell.thinking is not None, "-thinking")

    @staticmethod
    def _info(view: TableView) -> Text:
        arrow = "↻" if view.direction > 0 else "↺"
        text = Text(f"Deck {view.deck_size} · Discard {view.discard} · Switches {view.switches}\n")
        text.append(f"Collect {arrow} ", style="bold")
        text.append(" ".join(collect_order(view)))
        return text

    @staticmethod
    def _last(view: TableView, rows: list[tuple[str, str]]) -> Text:
        if view.phase == "place" and view.card is not None:
            return Text("Drawn ") + chip(view.card) + Text(": place it", style="bold")
        if not rows:
            return Text("No card drawn yet", style="dim")
        who, text = rows[-1]
        return Text(f"{who.upper()} {text}", style="bold" if "BUST" in text or "rolls" in text else "")

    # --- a person's decision -----------------------------------------------------------

    def human_turn(self, shell: Shell, player: str) -> None:
        """Show the person's buttons and put the focus on the first (Enter presses it)."""
        shell.refresh_view()
        screen = _board_screen(shell)

        def focus_first() -> None:
            bar = screen.query_one(ActionBar)
            shown = bar.shown()
            if shown:
                bar.buttons[shown[0]].focus()

        screen.call_after_refresh(focus_first)

    def key(self, shell: Shell, key: str) -> None:
        """A decision key (choices.KEYS) or a click on a stack (its key)."""
        self.decide(shell, decision_for_key(_phase_of(shell.session.state), key))

    def decide(self, shell: Shell, action: int) -> None:
        """Play decision ``action`` for the person to decide; the shell has the engine
        check it and shows the rule of a refused one."""
        state = shell.session.state
        player = state.current_player
        if player is None or not shell.my_turn():
            shell.say("It is not your move", bell=True)
            return
        shell.play(player, [action])

    def turn_text(self, state: GameState, player: str) -> str:
        """The hand-over reason (at most 72 characters): whose turn, or who takes a stack."""
        phase = _phase_of(state)
        what = {"start": "'s turn", "collect": " takes a stack"}.get(phase, " decides next")
        return f"{player.upper()}{what}; everybody else, look away (banks are private, PU-V1)."

    # --- bots --------------------------------------------------------------------------

    def bot_state(self, session: Session, player: str) -> GameState:
        """What a bot deciding for ``player`` is given: its seat's view
        (pickpack.bots.view.seat_view with ``session.bot_seed(seat)``), a state of its
        information set (under perfect recall the position itself: the banks follow
        from the public history, and the deck's order is drawn at the chance nodes)."""
        seat = session.players.index(player)
        return seat_view(session.state, seat, session.bot_seed(seat))

    def bot_continues(self, state: GameState, player: str) -> bool:
        return False

    def undoable(self, action: int) -> bool:
        return True

    def log(self, session: Session, viewer: str | None = None) -> list[tuple[str, str]]:
        """Every action in words (events.describe), for every viewer alike: draws, rolls
        and decisions are public (PU-V1); a bank is named by colour and count."""
        return self._events.rows(session.start, session.state.history_actions())

    def game_over_screen(self, shell: Shell) -> ModalScreen[str] | None:
        """None: the shell's table of returns and scores (PU-E2, PU-E3)."""
        return None


def _phase_of(state: GameState) -> str:
    """The PUSH state's ``phase`` (the shell types the state as any GameState)."""
    phase = getattr(state, "phase", None)
    if not isinstance(phase, str):
        raise TypeError(f"PUSH's face was given a {type(state).__name__}, not a PUSH state")
    return phase


def _board_screen(shell: Shell) -> PushBoardScreen:
    screen = shell.board_screen
    assert isinstance(screen, PushBoardScreen)
    return screen


#: The face ``GAME.tui_face`` names.
FACE = PushFace()
