"""The prompt for what a move still needs (a face's Question: Pick & Pack's crate, tile end,
target, rush order; the fallback face's list of legal moves)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option as ListOption

from pickpack.faces import Question

__all__ = ["ChoiceScreen"]


class ChoiceScreen(ModalScreen[tuple[object] | None]):
    """One Question as a list: unavailable answers are shown greyed out with the reason
    and cannot be chosen. Dismisses with ``(value,)``, or None on Escape (move abandoned).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel move")]

    def __init__(self, question: Question) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Label(self.question.title, id="choice-title")
            options = [
                ListOption(opt.label if opt.unavailable is None else f"{opt.label}: {opt.unavailable}",
                           id=f"opt-{i}", disabled=opt.unavailable is not None)
                for i, opt in enumerate(self.question.options)]
            yield OptionList(*options, id="choice-list")
            yield Label(f"{self.question.rule} · Enter or click to choose · Esc: cancel the move", id="choice-rule")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss((self.question.options[event.option_index].value,))

    def action_cancel(self) -> None:
        self.dismiss(None)
