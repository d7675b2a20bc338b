"""Pick & Pack's face in the TUI shell (the protocols of pickpack.faces): ``GAME.tui_face`` is
``"pickpack.games.pickpack.tui.face:FACE"``.

The board as on the table (BoardView), both players' panels, the placement screen
(PP-S3) and the move questions (move_choices.Questions: crate, tile end, target, rush
order). The face holds no rules: legal moves are the engine's ``legal_actions()``, and
why a chosen square is not a legal destination is the engine's
``check_action(action)`` -> (rule, reason). Seats hide information from each other
(PP-S3 placement, PP-V2 crates), so people sharing the keyboard hand it over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import ModalScreen, Screen

from pickpack.bots.view import seat_view
from pickpack.face_kit import MoveLog, StatusBar
from pickpack.faces import Session, Shell
from pickpack.game import Game, GameState
from pickpack.games.pickpack._core import placements_from_seed
from pickpack.games.pickpack.encoding import (
    DETAILS_PER_SQUARE, KINDS, PLACEMENT_ACTIONS, PLAYERS, SQUARES, square_of)
from pickpack.games.pickpack.state import State
from pickpack.games.pickpack.tui.board_geometry import opponent, square_name
from pickpack.games.pickpack.tui.board_screen import BoardScreen
from pickpack.games.pickpack.tui.game_over_screen import GameOverScreen
from pickpack.games.pickpack.tui.help_text import HELP_TEXT
from pickpack.games.pickpack.tui.move_choices import MoveParts, Questions, decode, destinations
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack.games.pickpack.tui.widgets.board_view import BoardView
from pickpack.games.pickpack.tui.widgets.player_panel import PlayerPanel

__all__ = ["FACE", "PickPackFace", "changed_crates", "last_move", "why_not"]

_DEFAULT_DRAFT = "PPWWRRQQXXMM"


def last_move(state: State, last: tuple[str, int] | None) -> tuple[str, MoveParts, State] | None:
    """The shell's ``last`` decision if it is a play-phase move and the last action of
    the history: (mover, its parts, the position before it); else None."""
    history = state.history_actions()
    if last is None or last[1] < PLACEMENT_ACTIONS or not history or history[-1] != last[1]:
        return None
    before = state.copy()
    before.undo()
    return last[0], decode(last[1]), before


def changed_crates(before: dict[str, Any], after: dict[str, Any]) -> dict[str, set[int]]:
    """Crates whose contents or status differ between two views of the table (what the
    last move changed, read off the positions, not re-derived from the rules)."""
    return {p: {c for c, (a, b) in enumerate(zip(before["crates"][p], after["crates"][p])) if a != b}
            for p in PLAYERS}


def why_not(state: State, square: int) -> str:
    """Why ``square`` is no legal destination of the player to move, from the engine:
    ``check_action`` of a move there (a grab onto a tray, a tile activation onto an
    empty square) gives the rule and reason, e.g. ``c4: PP-M1: the grabber must move to
    a different square``."""
    empty = state.snapshot()["grid"][SQUARES[square]] is None
    detail = 4 if empty else 0          # first tile-activation detail, or the first crate
    action = PLACEMENT_ACTIONS + (square * DETAILS_PER_SQUARE + detail) * 2
    problem = state.check_action(action)
    if problem is None:      # only legal with another detail: the engine lists the moves
        return f"{square_name(square)}: choose it to see its moves"
    rule, reason = problem
    return f"{square_name(square)}: {rule}: {reason}"


def _state(state: object) -> State:
    """``state`` as Pick & Pack's State (the shell types it as any GameState). Raises
    TypeError naming the class when the session holds another game's state."""
    if not isinstance(state, State):
        raise TypeError(f"Pick & Pack's face was given a {type(state).__name__}, not a Pick & Pack State")
    return state


class PickPackFace:
    """The Face of Pick & Pack (see the module docstring)."""

    title = "Pick & Pack"
    min_size = (80, 24)      # columns, rows below which the shell shows TooSmallScreen
    css_paths: tuple[Path, ...] = (Path(__file__).parent / "board.tcss",)
    help_markdown = HELP_TEXT

    def hides_information(self, game: Game[Any]) -> bool:
        return True

    def board_screen(self, shell: Shell) -> Screen[None]:
        return BoardScreen(lambda square: self.choose_destination(shell, square))

    # --- drawing -----------------------------------------------------------------------

    def show(self, shell: Shell) -> None:
        """Draw the position as ``shell.viewer`` may see it (PP-V1, PP-V2)."""
        session = shell.session
        screen = _board_screen(shell)
        state: State = _state(session.state)
        # PP-V2 hides the opponent's crates from a player; once the game is over, or for a
        # spectator of bots, nothing is hidden (viewer None).
        if shell.viewer is not None:
            obs = state.observation(shell.viewer)
        elif state.is_terminal() or not any(session.is_human(p) for p in PLAYERS):
            obs = state.snapshot()
        else:
            return      # hot-seat before the first hand-over: nobody's view may be drawn
        mover = state.current_player
        my_turn = state.phase == "play" and shell.my_turn()
        legal = destinations(state.legal_actions()) if my_turn else set()
        last = last_move(state, shell.last)
        touched: dict[str, set[int]] = {}
        if last is not None:
            before = last[2].observation(shell.viewer) if shell.viewer is not None else last[2].snapshot()
            touched = changed_crates(before, obs)
        screen.query_one(BoardView).show(obs, legal, *((last[1], last[0]) if last else (None, None)))
        for panel in screen.query(PlayerPanel):
            p = panel.owner
            points = state.crate_scores(p) if "trays" in obs["crates"][p][0] else None
            seat = session.describe_seat(p) + (" (view)" if p == shell.viewer and session.hot_seat else "")
            panel.show(obs, seat, points, p == mover, touched.get(p, set()))
        screen.query_one(MoveLog).show(self.log(session))
        status = screen.query_one(StatusBar)
        status.turn = self._turn_text(session)
        status.message = shell.message
        status.set_class(shell.thinking is not None, "-thinking")
        if my_turn:
            names = " ".join(square_name(s) for s in sorted(legal))
            screen.show_hint(f"Your move: {names}")
        elif shell.thinking is not None:
            screen.show_hint(f"{session.seats[shell.thinking]} is thinking…")
        else:
            screen.show_hint("")

    def _turn_text(self, session: Session) -> str:
        state: State = _state(session.state)
        player = state.current_player
        if state.is_terminal():
            scores = state.scores()
            winner = state.winner()
            result = "draw" if winner == "draw" else f"{(winner or '').title()} wins"
            return f"Game over: {result}, Red {scores['red']} - Blue {scores['blue']}"
        assert player is not None
        who = f"{player.title()} ({session.describe_seat(player)})"
        if state.phase == "placement":
            return f"Placement: {who} places tiles"
        grabber = state.snapshot()["grabber"]
        axis = f"row {grabber[1]} ←→" if player == "red" else f"column {grabber[0]} ↑↓"
        return f"{who} to move along {axis}"

    def log(self, session: Session, viewer: str | None = None) -> list[tuple[str, str]]:
        """The play-phase moves (mover, text), for every ``viewer`` alike: the
        placements stay hidden (PP-S3), and play-phase moves are public (PP-V1)."""
        return [(mover, text) for mover, action, text in session.history()
                if action >= PLACEMENT_ACTIONS]

    # --- a person's turn -----------------------------------------------------------------

    def turn_text(self, state: GameState, player: str) -> str:
        state = _state(state)
        other = opponent(player).title()
        if state.phase == "placement":
            return f"{player.title()} places tiles next; {other}, look away (PP-S3)."
        return f"{player.title()} moves next; {other}, look away."

    def human_turn(self, shell: Shell, player: str) -> None:
        state: State = _state(shell.session.state)
        if state.phase == "placement":
            shell.refresh_view()
            seed = shell.session.seed
            draft = placements_from_seed(seed)[player] if seed is not None else _DEFAULT_DRAFT
            shell.show_screen(PlacementScreen(player, state.observation(player), draft, seed),
                              lambda kinds: self._placed(shell, player, kinds))
            return
        board = _board_screen(shell).query_one(BoardView)
        board.move_cursor_to(square_of(state.snapshot()["grabber"]))
        shell.refresh_view()

    def _placed(self, shell: Shell, player: str, kinds: str | None) -> None:
        """Play the 12 placement decisions of the committed draft (PP-S3) at once."""
        if kinds is None:
            return
        shell.play(player, [KINDS.index(k) for k in kinds], note=f"{player.title()} has placed their tiles")

    def choose_destination(self, shell: Shell, square: int) -> None:
        """The person chose ``square``: ask what is open, then play; else say why not."""
        state: State = _state(shell.session.state)
        player = state.current_player
        if state.phase != "play" or player is None or not shell.my_turn():
            shell.say("It is not your move", bell=True)
            return
        actions = [a for a in state.legal_actions() if decode(a).dest == square]
        if not actions:
            shell.say(why_not(state, square), bell=True)
            return
        shell.ask_move(player, Questions(state.observation(player), player, actions),
                       f"Move to {square_name(square)}")

    # --- bots ------------------------------------------------------------------------------

    def bot_state(self, session: Session, player: str) -> State:
        """The position a bot deciding for ``player`` is given: its seat's view
        (pickpack.bots.view.seat_view with ``session.bot_seed(seat)``). Once the opponent
        has placed tiles (PP-S3), they are redrawn, two of each kind (PP-C3), from that
        seed and what ``player`` sees, so a bot's placement cannot depend on the real
        one; ``player``'s own tiles already placed (a game loaded mid-placement) stay as
        they are. In play the position itself (PP-V1). History empty."""
        seat = PLAYERS.index(player)
        view: State = _state(seat_view(_state(session.state), seat, session.bot_seed(seat)))
        return view

    def bot_continues(self, state: GameState, player: str) -> bool:
        """A bot places all 12 of its tiles at once (PP-S3)."""
        return bool(_state(state).phase == "placement" and state.current_player == player)

    def undoable(self, action: int) -> bool:
        """Play-phase moves only: committed placements stay (PP-S3)."""
        return action >= PLACEMENT_ACTIONS

    def game_over_screen(self, shell: Shell) -> ModalScreen[str] | None:
        """Crate-by-crate scoring (PP-E3) and the winner (PP-E4)."""
        state: State = _state(shell.session.state)
        return GameOverScreen(state.snapshot(), {p: state.crate_scores(p) for p in PLAYERS},
                              state.winner() or "draw", dict(shell.session.seats))


def _board_screen(shell: Shell) -> BoardScreen:
    screen = shell.board_screen
    assert isinstance(screen, BoardScreen)
    return screen


#: The face ``GAME.tui_face`` names.
FACE = PickPackFace()
