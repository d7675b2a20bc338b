"""The Pick & Pack app: screens, keys, and the flow of a game between people and bots.

The app owns a GameSession and decides what comes next after every decision
(``advance``): a placement screen (PP-S3), a human move on the board screen, a bot
thinking in a thread worker, or the game-over screen. Bots work on a copy of the state;
their answer is applied on the UI thread only if the game has not changed meanwhile
(``token``), so undo, new game and load never race a bot.

Whose private view is on screen (PP-V2) is ``viewer``, and only ``_hand_to`` changes
it: in hot-seat a change of viewer (after a move, undo, load, new game, a bot failure
handed to a person, the end of the game) shows the hand-over screen first. At the end
everything is public (the crates are emptied and counted openly, PP-E3), so the final
table is shown to both players, after a hand-over to both. Leaving a game with unsaved
moves (new game, load, quit) asks first (ConfirmScreen).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import work
from textual.worker import get_current_worker
from textual.app import App
from textual.binding import Binding

from pickpack import IllegalMoveError, Move, MoveSyntaxError
from pickpack.games.pickpack import placements_from_seed
from pickpack.bots import Bot, available_bots, make_bot

from pickpack_tui.board_geometry import PLAYERS, SQUARES, opponent, space_name, square_name
from pickpack_tui.move_choices import MoveParts, Questions, decode, destinations
from pickpack_tui.screens.board_screen import BoardScreen
from pickpack_tui.screens.bot_failure_screen import BotFailureScreen
from pickpack_tui.screens.choice_screen import ChoiceScreen
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack_tui.screens.game_over_screen import GameOverScreen
from pickpack_tui.screens.handover_screen import HandOverScreen
from pickpack_tui.screens.help_screen import HelpScreen, live_keys
from pickpack_tui.screens.placement_screen import PlacementScreen
from pickpack_tui.session import HUMAN, GameSession, SaveFileError
from pickpack_tui.widgets.board_view import BoardView
from pickpack_tui.widgets.move_log import MoveLog
from pickpack_tui.widgets.player_panel import PlayerPanel
from pickpack_tui.widgets.status_bar import StatusBar
from pickpack_tui.wording import counted

__all__ = ["PickPackApp"]

_STYLES = Path(__file__).parent / "styles"
_BOARD_ACTIONS = {"undo", "save"}
_ANYTIME_ACTIONS = {"new_game", "load", "help", "toggle_theme"}


class PickPackApp(App[None]):
    """Play Pick & Pack: hot-seat, against a bot, or watch two bots.

    ``session``: the game; ``bot_delay``: the least time (seconds) a bot's move takes,
    so a person can follow it (0 in tests); ``save_path``: the file name offered by
    save and load.
    """

    TITLE = "Pick & Pack"
    CSS_PATH = [_STYLES / "app.tcss", _STYLES / "board.tcss", _STYLES / "dialogs.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]
    BINDINGS = [
        Binding("u", "undo", "Undo", tooltip="undo (against a bot: back to your previous move)"),
        Binding("n", "new_game", "New", tooltip="new game (asks first if moves are unsaved)"),
        Binding("s", "save", "Save", tooltip="save the game (JSON file)"),
        Binding("l", "load", "Load", tooltip="load a saved game (asks first if moves are unsaved)"),
        Binding("t", "toggle_theme", "Theme", tooltip="light / dark theme"),
        Binding("question_mark", "help", "Help", key_display="?", tooltip="this help"),
        Binding("q", "quit", "Quit", tooltip="quit (asks first if moves are unsaved)"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True,
                tooltip="quit (asks first if moves are unsaved)"),
    ]

    def __init__(self, session: GameSession, *, bot_delay: float = 0.6,
                 save_path: str = "pickpack-save.json") -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.save_path = save_path
        self.viewer: str | None = session.default_viewer()
        self.token = 0
        self.bots: dict[str, Bot] = {}
        self.last: tuple[str, MoveParts] | None = None
        self.thinking: str | None = None
        self.message = ""
        self.over_shown = False
        self.board_screen = BoardScreen()

    # --- start ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.push_screen(self.board_screen)
        self._make_bots()
        self.call_after_refresh(self.advance)

    def _make_bots(self) -> None:
        """Build each bot seat's bot from its spec (pickpack.botspec) with make_bot.

        A seat whose bot cannot be built (bad spec, unknown name, a ``cmd:`` program that
        does not start) passes to the person at the keyboard; ``message`` says why.
        """
        self._close_bots()
        for i, p in enumerate(PLAYERS):
            spec = self.session.seats[p]
            if spec == HUMAN:
                continue
            seed = None if self.session.seed is None else self.session.seed + i
            try:
                self.bots[p] = make_bot(spec, seed=seed)
            except Exception as exc:  # any plugin failure: reported in one line
                self.session.seats[p] = HUMAN
                self.message = (f"{self.message} · " if self.message else "") + \
                    f"the {spec} bot failed to start ({exc}); you play {p.title()}"

    def _close_bots(self, *players: str) -> None:
        """Close (bot ``close()``, e.g. a ``cmd:`` bot's process) and forget the bots of
        ``players`` (all when none are given), so no bot outlives its seat or the app."""
        for p in players or tuple(self.bots):
            bot = self.bots.pop(p, None)
            close = getattr(bot, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:  # a bot failing to close must not stop the app
                    pass

    def on_unmount(self) -> None:
        self._close_bots()

    def _start(self, session: GameSession, message: str) -> None:
        """Replace the game: forget bot work in flight and screens above the board."""
        self.token += 1
        self.thinking = None
        self.session = session
        self.last = None
        self.over_shown = False
        self.message = message
        while self.screen is not self.board_screen and len(self.screen_stack) > 1:
            self.pop_screen()
        self._make_bots()
        self.advance()

    # --- the flow of the game -----------------------------------------------------------

    def advance(self) -> None:
        """Show the position and hand the next decision to whoever must take it."""
        state = self.session.state
        if state.is_terminal():
            self._show_game_over()
            return
        player = state.current_player
        assert player is not None
        if not self.session.is_human(player):
            # A bot seat: the game is not hot-seat, so the view is the one human's (or,
            # between two bots, everything) and no hand-over is needed.
            self._hand_to(self.session.default_viewer(), "", lambda: self._start_bot(player))
            return
        other = opponent(player).title()
        if state.phase == "placement":
            self._hand_to(player, f"{player.title()} places tiles next; {other}, look away (PP-S3).",
                          lambda: self._human_places(player))
            return
        self._hand_to(player, f"{player.title()} moves next; {other}, look away.", self._human_moves)

    def _hand_to(self, viewer: str | None, reason: str, then: Callable[[], None]) -> None:
        """Put ``viewer``'s private view on screen, then call ``then`` (PP-V2).

        The only place ``viewer`` changes. ``viewer`` None is everybody's view (the game
        is over, or two bots play). In hot-seat a different viewer first gets the
        hand-over screen, with ``reason``; the table is drawn for the new viewer only
        after they confirm. With one person at the board the view just changes.
        """
        if viewer == self.viewer:
            then()
            return
        if not self.session.hot_seat:
            self.viewer = viewer
            then()
            return
        token = self.token

        def handed(_: None) -> None:
            if token == self.token:          # the game was not replaced meanwhile
                self.viewer = viewer
                then()

        self.push_screen(HandOverScreen(viewer, reason), handed)

    def _human_moves(self) -> None:
        board = self.board_screen.query_one(BoardView)
        board.move_cursor_to(SQUARES.index(self.session.state.snapshot()["grabber"]))
        self.refresh_view()

    def _human_places(self, player: str) -> None:
        self.refresh_view()
        seed = self.session.seed
        draft = placements_from_seed(seed)[player] if seed is not None else "PPWWRRQQXXMM"
        self.push_screen(PlacementScreen(player, self.session.state.observation(player), draft, seed),
                         lambda kinds: self._placed(player, kinds))

    def _placed(self, player: str, kinds: str | None) -> None:
        if kinds is None:
            return
        self.session.commit_placement(player, kinds)
        self.message = f"{player.title()} has placed their tiles"
        self.advance()

    def _show_game_over(self) -> None:
        """The final table of everything, once: the crates are scored openly (PP-E3), so
        it is everybody's view; in hot-seat both players are called first."""
        if self.over_shown:
            self.refresh_view()
            return
        self.over_shown = True
        self._hand_to(None, "The game is over: the crates are emptied and scored openly (PP-E3).",
                      self._push_game_over)

    def _push_game_over(self) -> None:
        self.refresh_view()
        state = self.session.state
        self.push_screen(
            GameOverScreen(state.snapshot(), {p: state.crate_scores(p) for p in PLAYERS},
                           state.winner() or "draw", dict(self.session.seats)),
            self._after_game_over)

    def _after_game_over(self, what: str | None) -> None:
        if what == "new":
            self.action_new_game()
        elif what == "quit":
            self._confirm_losing("Quit", "Yes, quit", self.exit)

    # --- human moves -------------------------------------------------------------------

    def choose_destination(self, square: int) -> None:
        """The person chose ``square`` on the board: ask what is open, then play."""
        state = self.session.state
        player = state.current_player
        if state.phase != "play" or not self.session.is_human(player) or self.viewer != player \
                or self.thinking is not None:
            self._say("It is not your move", bell=True)
            return
        actions = [a for a in state.legal_actions() if decode(a).dest == square]
        if not actions:
            self._say(self._why_not(square), bell=True)
            return
        self.ask_move(square, actions)

    def _why_not(self, square: int) -> str:
        """Why ``square`` is not a legal destination of the player to move (PP-M1..M3)."""
        snap = self.session.state.snapshot()
        player = snap["to_move"]
        grabber = SQUARES.index(snap["grabber"])
        name = square_name(square)
        if square == grabber:
            return f"{name}: PP-M1: the grabber must move to a different square"
        if player == "red" and square // 6 != grabber // 6:
            return f"{name}: PP-M1: Red moves along the grabber's row {grabber // 6 + 1}"
        if player == "blue" and square % 6 != grabber % 6:
            return f"{name}: PP-M1: Blue moves along the grabber's column {SQUARES[grabber][0]}"
        cell = snap["grid"][name]
        if cell is not None and not cell["face_up"]:
            return f"{name}: PP-M3: a face-down tray is never a destination"
        line = f"column {name[0]}" if player == "red" else f"row {name[1]}"
        return f"{name}: PP-M2: no unplayed tile of yours at either end of {line}"

    @work(exclusive=True, group="prompt")
    async def ask_move(self, dest: int, actions: list[int]) -> None:
        """Ask the open questions about a move to ``dest`` (ChoiceScreen), then play it."""
        token = self.token
        player = self.session.state.current_player or "red"
        questions = Questions(self.session.state.observation(player), player, actions)
        while (question := questions.next()) is not None:
            answer = await self.push_screen_wait(ChoiceScreen(question))
            if token != self.token:
                return
            if answer is None:
                self._say(f"Move to {square_name(dest)} abandoned")
                return
            questions.answer(answer[0])
        action = questions.action
        assert action is not None
        self._play(player, action, "You" if not self.session.hot_seat else player.title())

    def _play(self, player: str, action: int, who: str) -> None:
        text = self.session.state.action_text(action)
        self.session.state.apply_action(action)
        self.last = (player, decode(action))
        self.message = f"{who} played {text}"
        self.advance()

    # --- bots ----------------------------------------------------------------------------

    def _start_bot(self, player: str) -> None:
        self.thinking = player
        self.message = f"{self.session.seats[player]} ({player.title()}) is thinking…"
        self.refresh_view()
        self.think(player, self.token)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def think(self, player: str, token: int) -> None:
        """Ask the bot for its decision(s) on a copy of the state, in a thread.

        In phase placement the bot makes all 12 of its placement decisions (PP-S3) on
        ``GameSession.placement_view``, which does not show the opponent's placement.
        Whatever the bot does (raise, return junk) is reported back, never raised here.
        """
        started = time.monotonic()
        worker = get_current_worker()
        work_state = self.session.placement_view(player, self.session.seed)
        bot = self.bots[player]
        moves: list[Any] = []
        problem: str | None = None
        try:
            while not worker.is_cancelled:
                move = bot.choose(work_state.copy())
                moves.append(move)
                if work_state.phase != "placement":
                    break
                work_state.apply(move)
                if work_state.current_player != player or work_state.phase != "placement":
                    break
        except Exception as exc:  # a failing bot is reported to the person, not fatal
            problem = f"{type(exc).__name__}: {exc}"
        # Let a person see that the bot moved; wake at once if the app is closing.
        worker.cancelled_event.wait(max(0.0, self.bot_delay - (time.monotonic() - started)))
        if worker.is_cancelled:
            return
        try:
            self.call_from_thread(self._bot_answered, token, player, moves, problem)
        except RuntimeError:  # the app closed while the bot was thinking
            pass

    def _bot_answered(self, token: int, player: str, moves: list[Any], problem: str | None) -> None:
        if token != self.token:
            return
        self.thinking = None
        state = self.session.state
        applied = 0
        if problem is None:
            try:
                for move in moves:
                    if not isinstance(move, Move):
                        raise TypeError(f"returned {move!r}, not a Move")
                    state.apply(move)
                    applied += 1
            except (IllegalMoveError, MoveSyntaxError, TypeError) as exc:
                problem = f"illegal answer: {exc}"
                for _ in range(applied):
                    state.undo()
        if problem is not None:
            self._bot_failed(player, problem)
            return
        name = self.session.seats[player]
        if state.phase == "placement" or moves[-1].action < 6:
            self.message = f"{name} ({player.title()}) has placed its tiles"
        else:
            self.last = (player, decode(moves[-1].action))
            self.message = f"{name} ({player.title()}) played {moves[-1].text}"
        self.advance()

    def _bot_failed(self, player: str, problem: str) -> None:
        bot = self.session.seats[player]
        self.message = f"{bot} ({player.title()}) failed: {problem}"
        self.refresh_view()
        self.push_screen(BotFailureScreen(player, bot, problem, available_bots()),
                         lambda choice: self._replace_bot(player, choice))

    def _replace_bot(self, player: str, choice: str | None) -> None:
        """Seat ``choice`` (a bot spec, pickpack.botspec, or "human") for ``player``; a
        spec that cannot be built brings the dialog back with the reason."""
        if choice is None:
            return
        if choice == HUMAN:
            self.session.seats[player] = HUMAN
            self._close_bots(player)
            self.message = f"You play {player.title()} now"
        else:
            try:
                bot = make_bot(choice, seed=self.session.seed)
            except Exception as exc:  # the replacement fails to build: ask again
                self._bot_failed(player, f"cannot start {choice}: {exc}")
                return
            self._close_bots(player)
            self.bots[player] = bot
            self.session.seats[player] = choice
            self.message = f"{choice} plays {player.title()} now"
        self.advance()

    # --- drawing --------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Draw the position on the board screen as ``viewer`` may see it (PP-V1, PP-V2)."""
        screen = self.board_screen
        if not screen.is_mounted:
            return
        state = self.session.state
        # PP-V2 hides the opponent's crates from a player; once the game is over, or for a
        # spectator of two bots, nothing is hidden (viewer None).
        if self.viewer is not None:
            obs = state.observation(self.viewer)
        elif state.is_terminal() or not any(self.session.is_human(p) for p in PLAYERS):
            obs = state.snapshot()
        else:
            return      # hot-seat before the first hand-over: nobody's view may be drawn
        mover = state.current_player
        my_turn = (state.phase == "play" and self.session.is_human(mover) and mover == self.viewer
                   and self.thinking is None)
        legal = destinations(state.legal_actions()) if my_turn else set()
        last_mover, last_parts = self.last if self.last is not None else (None, None)
        screen.query_one(BoardView).show(obs, legal, last_parts, last_mover)
        touched = self._touched_crates()
        for panel in screen.query(PlayerPanel):
            p = panel.owner
            points = state.crate_scores(p) if "trays" in obs["crates"][p][0] else None
            seat = self.session.describe_seat(p) + (" (view)" if p == self.viewer and
                                                    self.session.hot_seat else "")
            panel.show(obs, seat, points, p == mover, touched.get(p, set()))
        screen.query_one(MoveLog).show(self.session.play_log())
        status = screen.query_one(StatusBar)
        status.turn = self._turn_text()
        status.message = self.message
        status.set_class(self.thinking is not None, "-thinking")
        if my_turn:
            names = " ".join(square_name(s) for s in sorted(legal))
            screen.show_hint(f"Your move: {names}")
        elif self.thinking is not None:
            screen.show_hint(f"{self.session.seats[self.thinking]} is thinking…")
        else:
            screen.show_hint("")

    def _turn_text(self) -> str:
        state = self.session.state
        player = state.current_player
        if state.is_terminal():
            scores = state.scores()
            winner = state.winner()
            result = "draw" if winner == "draw" else f"{(winner or '').title()} wins"
            return f"Game over: {result}, Red {scores['red']} - Blue {scores['blue']}"
        assert player is not None
        who = f"{player.title()} ({self.session.describe_seat(player)})"
        if state.phase == "placement":
            return f"Placement: {who} places tiles"
        grabber = state.snapshot()["grabber"]
        axis = f"row {grabber[1]} ←→" if player == "red" else f"column {grabber[0]} ↑↓"
        return f"{who} to move along {axis}"

    def _touched_crates(self) -> dict[str, set[int]]:
        """Crates the last move changed, per player (grab, PP-A1, A2, A4, A5)."""
        if self.last is None:
            return {}
        mover, parts = self.last
        other = opponent(mover)
        if parts.crate is not None:
            return {mover: {parts.crate}}
        if parts.pair_from is not None and parts.pair_to is not None:
            return {other: {parts.pair_from}, mover: {parts.pair_to}}
        if parts.target_crate is not None and parts.end is not None:
            line = parts.dest % 6 if mover == "red" else parts.dest // 6
            tiles = self.session.state.snapshot()["tiles"][mover]
            kind = tiles[space_name(mover, line + 6 * parts.end)]["kind"]
            return {(other if kind == "W" else mover): {parts.target_crate}}
        return {}

    def _say(self, message: str, bell: bool = False) -> None:
        self.message = message
        if bell:
            self.bell()
        self.refresh_view()

    # --- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo and save work on the board screen; new game, load, help and theme also
        while placing tiles and on the game-over screen; never inside a prompt."""
        if action in _BOARD_ACTIONS:
            return self.screen is self.board_screen
        if action in _ANYTIME_ACTIONS:
            return self.screen is self.board_screen or isinstance(self.screen, (GameOverScreen,
                                                                               PlacementScreen))
        return True

    def action_undo(self) -> None:
        """Take back the last human move (and the bot moves after it). In hot-seat the
        player who decides next is handed the keyboard first (PP-V2)."""
        if not self.session.can_undo():
            self._say("Nothing to undo: no move of yours yet", bell=True)
            return
        self.token += 1
        self.thinking = None
        undone = self.session.undo()
        self.last = None
        self.over_shown = False
        self.message = f"Took back {counted(undone, 'move')}"
        self.advance()

    def action_new_game(self) -> None:
        """A new game with the same players (the next seed); asks first if the game has
        unsaved moves."""
        self._confirm_losing("New game", "Yes, new game",
                             lambda: self._start(self.session.next_game(), "New game"))

    async def action_quit(self) -> None:
        """Quit (q, Ctrl+Q, the game-over dialog); asks first if the game has unsaved moves."""
        self._confirm_losing("Quit", "Yes, quit", self.exit)

    def _confirm_losing(self, what: str, yes: str, then: Callable[[], None]) -> None:
        """Call ``then`` at once if nothing is unsaved, else after a yes in ConfirmScreen
        (whose focus starts on No). A second request while one is asked is ignored."""
        if not self.session.has_unsaved_moves():
            then()
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes_: bool | None) -> None:
            if yes_:
                then()

        self.push_screen(ConfirmScreen(f"{what}? The moves made since the last save or load "
                                       "will be lost.", yes), answered)

    def action_save(self) -> None:
        self.push_screen(FileScreen("Save", self.save_path), self._save_to)

    def _save_to(self, path: str | None) -> None:
        if path is None:
            return
        try:
            self.session.save(path)
        except SaveFileError as exc:
            self.notify(str(exc), title="Not saved", severity="error", timeout=8)
            self._say(f"Not saved: {exc}")
            return
        self.save_path = path
        self.notify(f"Saved to {path}", title="Saved")
        self._say(f"Saved to {path}")

    def action_load(self) -> None:
        self.push_screen(FileScreen("Load", self.save_path), self._load_from)

    def _load_from(self, path: str | None) -> None:
        if path is None:
            return
        try:
            session = GameSession.load(path)
        except SaveFileError as exc:
            self.notify(str(exc), title="Not loaded", severity="error", timeout=8)
            self._say(f"Not loaded: {exc}")
            return
        self.save_path = path
        self._confirm_losing(f"Load {path}", "Yes, load",
                             lambda: self._start(session, f"Loaded {path}"))

    def action_toggle_theme(self) -> None:
        """Switch between Textual's dark and light themes."""
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def action_help(self) -> None:
        """The rules in brief and the keys live on the screen where ? was pressed."""
        self.push_screen(HelpScreen(live_keys(self, self.screen)))
