"""The fallback face: any game without a face of its own is played through its text
board (``str(state)``; for a game with hidden information, the viewer's
``observation`` as JSON until the end) and the list of its legal moves (their
canonical texts).

Chance outcomes are drawn by the shell; a person picks a move from the list (or types
its text: the state reads it to its action, ``parse_action`` where it has that hook and
``parse_move`` otherwise, the shell's play checks it once, and the engine's error,
naming the rule, is shown as it is).

For a game with hidden information (``Game.perfect_information`` False) the move log
shows, until the game is over, only the viewer's own decisions and the chance outcomes;
another seat's decisions read ``(hidden)`` (their text can give away a secret, e.g. Pick
& Pack's placements, PP-S3). A bot is given its seat's view (pickpack.bots.view.seat_view):
a copy in a game of perfect information, else ``state.resample_from_infostate(seat,
seed)``, a state it cannot tell from the real one with the hidden parts drawn at
random. A game that hides information without that method cannot give a bot a view:
the bot's turn fails with one line saying so (NoInfostateError), as a match refuses
the game before its first game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.screen import ModalScreen, Screen

from pickpack.bots.view import seat_view
from pickpack.errors import IllegalMoveError, MoveSyntaxError
from pickpack.face_kit import MoveLog, StatusBar
from pickpack.faces import Session, Shell
from pickpack.game import Game, GameState
from pickpack.records.dialect import return_text

from pickpack_tui.screens.plain_board_screen import PlainBoardScreen
from pickpack_tui.session import CHANCE_NAME

__all__ = ["HIDDEN", "PlainFace"]

#: The log's text for a decision the viewer may not see yet.
HIDDEN = "(hidden)"

_HELP = """\
# {title}

This game has no board of its own here: the text board is the game's own
(`str(state)`), and the list on the right holds your legal moves in the game's move
text. Type a move's text and press Enter, or choose one from the list with the arrows
and Enter (or a click). What you type goes into the move line; press Escape to leave it
for the list, where the keys below work. Random events (chance) are drawn by the app
and shown in the move log.
"""


class PlainFace:
    """A Face (pickpack.faces) for any GameState; information is hidden between
    seats when the game says so (``Game.perfect_information`` False)."""

    min_size = (60, 16)      # columns, rows below which the shell shows TooSmallScreen
    css_paths: tuple[Path, ...] = (Path(__file__).parent / "styles" / "plain.tcss",)

    def __init__(self, title: str = "pickpack") -> None:
        self.title = title
        self.help_markdown = _HELP.format(title=title)
        self._screen: PlainBoardScreen | None = None
        self._shell: Shell | None = None

    def hides_information(self, game: Game[Any]) -> bool:
        return not game.perfect_information

    def board_screen(self, shell: Shell) -> Screen[None]:
        self._shell = shell
        self._screen = _Board(self)
        return self._screen

    def _board(self) -> PlainBoardScreen:
        assert self._screen is not None
        return self._screen

    def show(self, shell: Shell) -> None:
        screen = self._board()
        session = shell.session
        state = session.state
        if not (shell.viewer is not None or state.is_terminal() or not session.hot_seat
                or not self.hides_information(session.game)):
            return      # people share the keyboard before the first hand-over: draw nothing
        hidden = self.hides_information(session.game) and not state.is_terminal()
        if hidden and shell.viewer is not None:     # only what this seat may see
            screen.show_board(json.dumps(state.observation(shell.viewer), indent=1))
        else:
            screen.show_board(str(state))
        mine = shell.my_turn()
        screen.show_moves([(m.action, m.text) for m in state.legal_moves()] if mine else [])
        # The log shows what the board shows: the viewer's part while the board is the
        # viewer's observation, everything once the board is the whole state.
        screen.query_one(MoveLog).show(self.log(session, shell.viewer) if hidden and shell.viewer is not None
                                       else session.play_log())
        status = screen.query_one(StatusBar)
        status.turn = self._turn(session)
        status.message = shell.message
        status.set_class(shell.thinking is not None, "-thinking")
        screen.show_hint("Your move: type it, or pick one from the list" if mine else
                         f"{session.seats[shell.thinking]} is thinking…" if shell.thinking else "")

    def _turn(self, session: Session) -> str:
        state = session.state
        if state.is_terminal():
            returns = ", ".join(f"{p.title()} {return_text(r)}" for p, r in zip(session.players, state.returns()))
            return f"Game over: {returns}"
        player = state.current_player
        if player is None:
            return "Chance"
        return f"{player.title()} ({session.describe_seat(player)}) to move"

    def human_turn(self, shell: Shell, player: str) -> None:
        shell.refresh_view()
        self._board().query_one("#plain-move-text").focus()     # typing goes to the move line

    def turn_text(self, state: GameState, player: str) -> str:
        return f"{player.title()} moves next; everybody else, look away."

    def bot_state(self, session: Session, player: str) -> GameState:
        """What a bot deciding for ``player`` is given (module docstring): its seat's
        view, ``pickpack.bots.view.seat_view(state, seat, session.bot_seed(seat))``.
        NoInfostateError (one line) for a game that hides information and offers no
        resample_from_infostate."""
        seat = session.players.index(player)
        return seat_view(session.state, seat, session.bot_seed(seat))

    def bot_continues(self, state: GameState, player: str) -> bool:
        return False

    def undoable(self, action: int) -> bool:
        return True

    def log(self, session: Session, viewer: str | None = None) -> list[tuple[str, str]]:
        """(mover, text) of every action for ``viewer`` (a player name; None: a viewer
        who is no player). A game with perfect information, or one that is over, shows
        everything; otherwise chance outcomes and ``viewer``'s own decisions are shown,
        every other decision as (mover, HIDDEN)."""
        rows = session.play_log()
        if not self.hides_information(session.game) or session.state.is_terminal():
            return rows
        return [(mover, text if mover in (CHANCE_NAME, viewer) else HIDDEN) for mover, text in rows]

    def game_over_screen(self, shell: Shell) -> ModalScreen[str] | None:
        return None

    # --- a person's choice -----------------------------------------------------------

    def chosen(self, action: int) -> None:
        """A listed move was picked: play it (the shell checks it with the engine)."""
        shell = self._shell
        assert shell is not None
        player = shell.session.state.current_player
        if player is None or not shell.my_turn():
            shell.say("It is not your move", bell=True)
            return
        shell.play(player, [action])

    def typed(self, text: str) -> None:
        """A move's text was typed: the engine reads it to its action and the shell's
        play checks that once; its error (the column of a syntax error, the rule of an
        illegal move, in parse_move's words) is shown as it is."""
        shell = self._shell
        assert shell is not None
        state = shell.session.state
        player = state.current_player
        if player is None or not shell.my_turn():
            shell.say("It is not your move", bell=True)
            return
        parse = getattr(state, "parse_action", None)
        try:
            # with the hook (pickpack.state_base) the text is only read to its action
            # here: play's check is the one legality check (issue 19, "Work done once")
            action = parse(text) if parse is not None else state.parse_move(text).action
        except (IllegalMoveError, MoveSyntaxError) as exc:
            shell.say(str(exc), bell=True)
            return
        shell.play(player, [action], typed=text)


class _Board(PlainBoardScreen):
    """The plain board screen, handing a person's choices to its face."""

    def __init__(self, face: PlainFace) -> None:
        super().__init__()
        self.face = face

    def on_plain_board_screen_chosen(self, message: PlainBoardScreen.Chosen) -> None:
        message.stop()
        self.face.chosen(message.action)

    def on_plain_board_screen_typed(self, message: PlainBoardScreen.Typed) -> None:
        message.stop()
        self.face.typed(message.text)
