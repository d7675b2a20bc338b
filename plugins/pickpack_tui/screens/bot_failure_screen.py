"""A bot failed (raised, or chose an illegal move): say so and let the person go on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

__all__ = ["BotFailureScreen"]


class BotFailureScreen(ModalScreen[str]):
    """The failure, then the choices: another bot, the same bot again, play it yourself,
    or any bot spec typed in (``mcts:simulations=500``, ``cmd:...``, ``native:...``).

    Nothing was applied to the game, so nothing is lost. Dismisses with a bot spec
    (pickpack.bots.spec) or ``"human"``.
    """

    def __init__(self, player: str, bot: str, problem: str, bots: list[str]) -> None:
        super().__init__()
        self.player = player
        self.bot = bot
        self.problem = problem
        self.bots = bots

    def compose(self) -> ComposeResult:
        with Vertical(id="failure-box"):
            yield Label(f"The {self.bot} bot ({self.player.title()}) failed", id="failure-title")
            yield Label(self.problem, id="failure-problem")
            yield Label("Your moves are kept. Continue with:", id="failure-ask")
            options = [Option(f"the {name} bot", id=name) for name in self.bots if name != self.bot]
            options.append(Option(f"the {self.bot} bot again", id=self.bot))
            options.append(Option(f"play {self.player.title()} myself (hot-seat)", id="human"))
            yield OptionList(*options, id="failure-list")
            yield Input(placeholder="or type a bot spec, e.g. mcts:simulations=500, and Enter",
                        id="failure-spec")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(str(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss(event.value.strip())
