"""The fallback board screen: a game's text board and the list of its legal moves."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from pickpack.face_kit import KeyFooter, MoveLog, StatusBar

__all__ = ["PlainBoardScreen"]


class PlainBoardScreen(Screen[None]):
    """Status line, the text board (``str(state)``), the legal moves (an OptionList,
    Enter or click plays one), a line to type a move's text, and the move log.

    The move line has the focus (``AUTO_FOCUS``, and again at each of a person's turns,
    PlainFace.human_turn): what a person types goes into it, never to the shell's
    one-letter keys (Textual's Input takes every printable key). There Up and Down move
    the list's highlight, Enter on an empty line plays the highlighted move and F1 shows
    the help; Escape (or Tab, or a click) leaves the line for the list, where the
    shell's keys (``u``, ``n``, ``s``, ``l``, ``t``, ``?``, ``q``) work.

    Posts ``Chosen(action)`` for a listed move and ``Typed(text)`` for a typed one; the
    face plays them through the shell.
    """

    AUTO_FOCUS = "#plain-move-text"
    # The move line binds none of these keys; on the list its own up/down win. While
    # the line takes ``?`` as text, F1 is help (and ctrl+q, the app's, quits): the
    # footer shows help and quit on every screen (pickpack.face_kit.key_footer).
    BINDINGS = [
        Binding("escape", "leave_line", "Keys", tooltip="leave the move line for the one-letter keys"),
        Binding("f1", "app.help", "Help", key_display="F1", show=False),
        Binding("up", "highlight(-1)", "Previous move", show=False),
        Binding("down", "highlight(1)", "Next move", show=False),
    ]

    class Chosen(Message):
        """A move picked from the list: ``action``."""

        def __init__(self, action: int) -> None:
            super().__init__()
            self.action = action

    class Typed(Message):
        """A move's text typed in: ``text``."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def compose(self) -> ComposeResult:
        yield StatusBar()
        with Horizontal(id="table"):
            with Vertical(id="board-column"):
                with VerticalScroll(id="plain-board-box"):
                    yield Static("", id="plain-board")
                yield Label("", id="hint")
            with Vertical(id="side"):
                yield OptionList(id="plain-moves")
                yield Input(placeholder="or type a move", id="plain-move-text")
                yield MoveLog()
        yield KeyFooter()

    def show_board(self, text: str) -> None:
        """Draw the text board."""
        self.query_one("#plain-board", Static).update(text)

    def show_moves(self, moves: list[tuple[int, str]]) -> None:
        """List ``moves`` ((action, text) pairs; empty when it is not a person's turn)."""
        options = self.query_one("#plain-moves", OptionList)
        options.clear_options()
        options.add_options([Option(text, id=f"a{action}") for action, text in moves])
        if moves:
            options.highlighted = 0      # Enter plays the first move; arrows move the highlight
        options.border_title = "Your moves" if moves else "Moves"

    def show_hint(self, hint: str) -> None:
        """The line under the board."""
        self.query_one("#hint", Label).update(hint)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id
        if option_id is not None:
            self.post_message(self.Chosen(int(option_id[1:])))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.post_message(self.Typed(text))
            return
        options = self.query_one("#plain-moves", OptionList)     # an empty line: the highlighted move
        if options.highlighted is not None:
            options.action_select()

    def action_highlight(self, step: int) -> None:
        """Move the list's highlight by ``step`` (Up and Down on the move line)."""
        options = self.query_one("#plain-moves", OptionList)
        if step < 0:
            options.action_cursor_up()
        else:
            options.action_cursor_down()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape leaves the move line only while it has the focus (else hidden)."""
        return action != "leave_line" or isinstance(self.focused, Input)

    def action_leave_line(self) -> None:
        """Focus the move list, where the shell's one-letter keys work (Escape)."""
        self.query_one("#plain-moves", OptionList).focus()
