"""PACRU's face in the TUI shell (the protocols of pickpack.faces): ``GAME.tui_face`` is
``"pickpack.games.pacru.tui.face:FACE"``.

The 9x9 board with its borderlands (board_picture), the seats' legend (cells against
the target, in or out), the move log in canonical move text, and a person's move picked
on the board (picker.Picker: a chevron, a marked destination, then only the choices
still open; or a turn: the direction, then the cells to free), its text shown before it
is played. The face holds no rules: the choices are the engine's legal actions, a
refused cell shows the engine's ``check_action`` rule and reason. PACRU has perfect
information (PA-C2): nothing is hidden, no hand-over between people.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import ModalScreen, Screen

from pickpack.bots.view import seat_view
from pickpack.face_kit import ChoiceScreen, MoveLog, StatusBar
from pickpack.faces import Session, Shell
from pickpack.game import Game, GameState
from pickpack.games.pacru.tui.board_screen import PacruBoardScreen
from pickpack.games.pacru.tui.game_over_screen import PacruGameOverScreen
from pickpack.games.pacru.tui.help_text import HELP_TEXT
from pickpack.games.pacru.tui.picker import Picker
from pickpack.games.pacru.tui.view import PacruState, pacru_state
from pickpack.games.pacru.tui.widgets.board_view import BoardView
from pickpack.games.pacru.tui.widgets.legend import Legend, legend_text
from pickpack.games.pacru.tui.wording import cell_words, result_line, seat_title

__all__ = ["FACE", "PacruFace"]


class PacruFace:
    """The Face of PACRU (see the module docstring). One picker per position: it is
    made when a person's turn is shown and dropped when the position changes."""

    title = "PACRU"
    min_size = (80, 24)      # columns, rows below which the shell shows TooSmallScreen
    css_paths: tuple[Path, ...] = (Path(__file__).parent / "board.tcss",)
    help_markdown = HELP_TEXT

    def __init__(self) -> None:
        self._picker: Picker | None = None
        self._key: tuple[int, tuple[int, ...]] | None = None

    def hides_information(self, game: Game[Any]) -> bool:
        """False: PACRU has perfect information."""
        return False

    def board_screen(self, shell: Shell) -> Screen[None]:
        """The board screen, its cells, ``o``, Escape and cursor moves handed to this face."""
        return PacruBoardScreen(lambda cell: self.choose(shell, cell), lambda cell: self.turn(shell, cell),
                                lambda: self.back(shell), lambda: self._draw_lines(shell))

    def picker(self, shell: Shell) -> Picker | None:
        """The person's picker for the position on screen, None when no person is to move."""
        if not shell.my_turn():
            self._picker = None
            return None
        key = (id(shell.session), tuple(shell.session.state.history_actions()))
        if self._picker is None or self._key != key:
            self._picker = Picker(pacru_state(shell.session.state))
            self._key = key
        return self._picker

    # --- drawing -----------------------------------------------------------------------

    def show(self, shell: Shell) -> None:
        """Draw the position, the legend, the log, the status and the prompt lines."""
        session = shell.session
        state = pacru_state(session.state)
        screen = _board_screen(shell)
        picker = self.picker(shell)
        n = len(state.players)
        colours = [state.colour(c) for c in range(81)]
        chevrons = {cell: (seat, d) for seat in range(n) for cell, d in state.chevrons(seat)}
        board = screen.query_one(BoardView)
        if picker is None:
            board.show(colours, chevrons)
        else:
            board.show(colours, chevrons, picker.marks(), picker.origin if picker.stage != "chevron" else -1,
                       picker.freed)
        mover = None if state.is_terminal() else state.turn
        who = [session.describe_seat(p) for p in session.players]
        legend = screen.query_one(Legend)
        legend.update(legend_text(state.players, who, [state.cells(s) for s in range(n)],
                                  [state.in_game(s) for s in range(n)], state.target, mover))
        legend.tooltip = "\n".join(f"{p.title()}: {w}" for p, w in zip(session.players, who, strict=True))
        screen.query_one(MoveLog).show(self.log(session))
        status = screen.query_one(StatusBar)
        status.turn = self._turn_line(session, state)
        status.message = shell.message
        status.set_class(shell.thinking is not None, "-thinking")
        self._draw_lines(shell)

    @staticmethod
    def _turn_line(session: Session, state: PacruState) -> str:
        if state.is_terminal():
            winners = state.winning_seats()
            names = " and ".join(seat_title(state.players, s) for s in winners)
            return f"Game over: {names} {'wins' if len(winners) == 1 else 'share the win'} · ply {state.ply}"
        player = state.players[state.turn]
        return f"{player.title()} ({session.describe_seat(player)}) to move · ply {state.ply}"

    def _draw_lines(self, shell: Shell) -> None:
        """The lines under the board: what is under the cursor, and what to do now."""
        screen = _board_screen(shell)
        state = pacru_state(shell.session.state)
        board = screen.query_one(BoardView)
        picker = self._picker if shell.my_turn() else None
        if picker is not None:
            prompt = picker.prompt()
        elif state.is_terminal():
            prompt = result_line(state)
        elif shell.thinking is not None:
            prompt = f"{shell.session.seats[shell.thinking]} is thinking…"
        else:
            prompt = ""
        screen.show_lines(f"Cursor {cell_words(state, board.cursor)}", prompt)

    def log(self, session: Session, viewer: str | None = None) -> list[tuple[str, str]]:
        """(mover, canonical move text) of every move, for every viewer alike: the
        session's move log, which grows and shrinks with the game."""
        return session.play_log()

    # --- a person's move ---------------------------------------------------------------

    def human_turn(self, shell: Shell, player: str) -> None:
        """Put the cursor on a chevron that can move (unless it is on one) and show the marks."""
        picker = self.picker(shell)
        board = _board_screen(shell).query_one(BoardView)
        if picker is not None and picker.movable and board.cursor not in picker.movable:
            board.move_cursor_to(min(picker.movable))
        board.focus()
        shell.refresh_view()

    def choose(self, shell: Shell, cell: int) -> None:
        """A cell was chosen: the picker takes it (or says why not), asks the next list
        question, or, at confirm, the move is played."""
        picker = self.picker(shell)
        if picker is None:
            shell.say("It is not your move", bell=True)
            return
        if picker.stage == "confirm":
            self._play(shell, picker)
            return
        problem = picker.choose(cell)
        if problem is not None:
            shell.say(problem, bell=True)
            return
        self._next(shell, picker)

    def turn(self, shell: Shell, cell: int) -> None:
        """``o``: turn the chevron on ``cell`` (PA-O1): ask the direction, or say why not."""
        picker = self.picker(shell)
        if picker is None:
            shell.say("It is not your move", bell=True)
            return
        problem = picker.start_reorient(cell)
        if problem is not None:
            shell.say(problem, bell=True)
            return
        self._next(shell, picker)

    def back(self, shell: Shell) -> None:
        """Escape: take back the picker's last choice."""
        picker = self.picker(shell)
        if picker is not None and picker.back():
            shell.message = ""
            shell.refresh_view()

    def _next(self, shell: Shell, picker: Picker) -> None:
        """Ask the picker's list question (ChoiceScreen) if it has one, then redraw."""
        shell.message = ""
        question = picker.question()
        if question is not None:
            def answered(answer: tuple[object] | None) -> None:
                if self._picker is not picker:      # the position changed meanwhile
                    return
                if answer is None:
                    picker.back()
                    shell.refresh_view()
                    return
                value = answer[0]
                assert isinstance(value, (int, bool))
                picker.answer(value)
                self._next(shell, picker)

            shell.show_screen(ChoiceScreen(question), answered)
        shell.refresh_view()

    def _play(self, shell: Shell, picker: Picker) -> None:
        action = picker.action
        player = shell.session.state.current_player
        assert action is not None and player is not None
        self._picker = None
        shell.play(player, [action])

    def turn_text(self, state: GameState, player: str) -> str:
        """The hand-over reason (never shown: nothing is hidden)."""
        return f"{player.title()} moves next."

    # --- bots ----------------------------------------------------------------------------

    def bot_state(self, session: Session, player: str) -> GameState:
        """The seat's view (pickpack.bots.view.seat_view): a copy of the position
        (perfect information, PA-C2)."""
        seat = session.players.index(player)
        return seat_view(session.state, seat, session.bot_seed(seat))

    def bot_continues(self, state: GameState, player: str) -> bool:
        """False: a bot decides one move at a time."""
        return False

    def undoable(self, action: int) -> bool:
        """True: every move may be taken back."""
        return True

    def game_over_screen(self, shell: Shell) -> ModalScreen[str] | None:
        """The shell's table of cells and returns per seat under the winners and why the
        game ended (PA-E2, PA-E3)."""
        state = pacru_state(shell.session.state)
        return PacruGameOverScreen(shell.session.players, shell.session.state.returns(),
                                   dict(shell.session.state.scores()), dict(shell.session.seats),
                                   result_line(state))


def _board_screen(shell: Shell) -> PacruBoardScreen:
    screen = shell.board_screen
    assert isinstance(screen, PacruBoardScreen)
    return screen


#: The face ``GAME.tui_face`` names.
FACE = PacruFace()
