"""The shell: screens, keys, and the flow of a game between people and bots, any game.

The app owns a GameSession and decides what comes next after every decision
(``advance``): chance outcomes drawn by the session (shown in the move log), a person's
turn (handed to the game's face, pickpack.faces), a bot thinking in a thread worker,
or the game-over screen. Bots work on the face's view of the state; their answer is
applied on the UI thread only if the game has not changed meanwhile (``token``), so
undo, new game and load never race a bot.

Whose private view is on screen is ``viewer``, and only ``_hand_to`` changes it: when
the face hides information between seats and two or more people share the keyboard, a
change of viewer (after a move, undo, load, new game, a bot failure handed to a person,
the end of the game) shows the hand-over screen first. At the end everything is
public, so the final table is shown to all, after a hand-over to all. Leaving a game
with unsaved moves (new game, load, quit) asks first (ConfirmScreen), and so does a
save over an existing file other than the game's own save (``own_file``: the file it
was loaded from or last saved to), naming what the file holds
(pickpack_tui.existing_file).
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual import events, work
from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import get_current_worker

from pickpack import IllegalMoveError, Move, MoveSyntaxError
from pickpack.bots import Bot, available_bots, make_bot
from pickpack.face_kit import ChoiceScreen, ReturnsScreen
from pickpack.faces import Face, MoveQuestions
from pickpack.game import GameState
from pickpack.wording import counted

from pickpack_tui.existing_file import describe, same_file
from pickpack_tui.plain_face import PlainFace
from pickpack_tui.screens.bot_failure_screen import BotFailureScreen
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack_tui.screens.handover_screen import HandOverScreen
from pickpack_tui.screens.help_screen import HelpScreen, live_keys
from pickpack_tui.screens.too_small_screen import TooSmallScreen
from pickpack_tui.session import HUMAN, GameSession, SaveFileError
from pickpack_tui.view_model import BoardView

__all__ = ["GameApp", "face_of"]

_STYLES = Path(__file__).parent / "styles"
_BOARD_ACTIONS = {"undo", "save"}
_ANYTIME_ACTIONS = {"new_game", "load", "help", "toggle_theme"}


def _typed_error(state: GameState, action: int, rule: str, reason: str, typed: str) -> IllegalMoveError:
    """The refusal of typed move text whose action is not legal here, worded as
    parse_move words it (pickpack.state_base): the action's canonical text, or the
    typed text when the action has none here."""
    try:
        text = state.action_text(action)
    except IllegalMoveError:
        text = typed.strip()
    return IllegalMoveError.for_action(action, rule, reason, text=text)


def face_of(session: GameSession) -> Face:
    """The face the game names (``Game.tui_face``), else the plain fallback face."""
    face: Face | None = session.game.load("tui_face")
    return face if face is not None else PlainFace(session.game.title)


class GameApp(App[None]):
    """Play any game: hot-seat, against bots, or watch bots, through the game's face.

    ``session``: the game; ``bot_delay``: the least time (seconds) a bot's move takes,
    so a person can follow it (0 in tests); ``save_path``: the file name offered by
    save and load; ``face``: the game's face (default: ``face_of(session)``).
    ``own_file`` is the game's own save (``session.loaded_from``, then the file last
    saved to or loaded; None after a new game): saving there replaces it without a
    question, any other existing file is replaced only after a yes.
    """

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

    #: The board screen's view model (pickpack_tui.view_model); each assignment redraws.
    view: reactive[BoardView | None] = reactive(None, always_update=True, init=False, repaint=False)

    def __init__(self, session: GameSession, *, bot_delay: float = 0.6,
                 save_path: str = "pickpack-save.json", face: Face | None = None) -> None:
        self.face = face if face is not None else face_of(session)
        super().__init__(css_path=[_STYLES / "app.tcss", *self.face.css_paths, _STYLES / "dialogs.tcss"])
        self.title = self.face.title
        self.session = session
        self.bot_delay = bot_delay
        self.save_path = save_path
        self.viewer: str | None = session.default_viewer()
        self.token = 0
        self.bots: dict[str, Bot] = {}
        self.thinking: str | None = None
        self.last: tuple[str, int] | None = None
        self.message = ""
        self.over_shown = False
        self.own_file: str | None = session.loaded_from
        self.board_screen = self.face.board_screen(self)

    # --- start ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.push_screen(self.board_screen)
        self._make_bots()
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self._fit_terminal)     # over the screen the first turn shows
        # The notice uncovered (a quit question answered No) after the terminal grew: off.
        self.screen_change_signal.subscribe(self, lambda _screen: self.call_next(self._fit_terminal))

    def on_resize(self, event: events.Resize) -> None:
        self._fit_terminal(event.size.width, event.size.height)

    def _fit_terminal(self, width: int | None = None, height: int | None = None) -> None:
        """Below the face's ``min_size`` show one notice naming it (TooSmallScreen) over
        everything; once the terminal is large enough take the notice away. The game
        goes on underneath (a bot still moves); keys other than quit do nothing there."""
        if self.board_screen not in self.screen_stack:      # a resize before on_mount
            return
        needed = self.face.min_size
        now = (self.size.width if width is None else width, self.size.height if height is None else height)
        small = now[0] < needed[0] or now[1] < needed[1]
        notice = self.screen if isinstance(self.screen, TooSmallScreen) else None
        if small and notice is None and isinstance(self.screen, ConfirmScreen):
            return                          # quit asked from the notice: answered first
        if small and notice is None:
            super().push_screen(TooSmallScreen(needed, now))
        elif small and notice is not None:
            notice.show_size(now)
        elif notice is not None:
            self.pop_screen()

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False,
                    *, mode: str | None = None) -> Any:
        """Textual's ``push_screen``, keeping the too-small notice on top: a screen the game
        pushes meanwhile goes under it (the notice is taken off, the screen pushed, the
        notice put back). The one screen shown over it is the question that quit (the
        one key live on the notice) asks."""
        notice = self.screen if self.screen_stack and isinstance(self.screen, TooSmallScreen) else None
        if notice is not None and not isinstance(screen, (TooSmallScreen, ConfirmScreen)):
            self.pop_screen()
            pushed = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload]
            super().push_screen(TooSmallScreen(notice.needed, notice.now))
            return pushed
        return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload]

    def _make_bots(self) -> None:
        """Build each bot seat's bot from its spec (pickpack.bots.spec) with make_bot, for
        this game and player count.

        A seat whose bot cannot be built (bad spec, unknown name, a bot that does not
        play this game, a ``cmd:`` program that does not start) passes to the person at
        the keyboard; ``message`` says why.
        """
        self._close_bots()
        session = self.session
        for i, p in enumerate(session.players):
            spec = session.seats[p]
            if spec == HUMAN:
                continue
            seed = None if session.seed is None else session.seed + i
            try:
                self.bots[p] = make_bot(spec, seed=seed, game=session.game, players=len(session.players))
            except Exception as exc:  # any plugin failure: reported in one line
                session.seats[p] = HUMAN
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
        self.own_file = session.loaded_from
        while self.screen is not self.board_screen and len(self.screen_stack) > 1:
            self.pop_screen()
        self._make_bots()
        self._fit_terminal()
        self.advance()

    # --- the flow of the game -----------------------------------------------------------

    @property
    def hides_information(self) -> bool:
        """True when seats see different things (the face says), so people hand over."""
        return self.face.hides_information(self.session.game)

    def advance(self) -> None:
        """Resolve chance, show the position and hand the next decision to whoever must
        take it."""
        drawn = self.session.resolve_chance()
        if drawn:
            self.message = (f"{self.message} · " if self.message else "") + f"chance: {', '.join(drawn)}"
        state = self.session.state
        if state.is_terminal():
            self._show_game_over()
            return
        player = state.current_player
        assert player is not None
        if not self.session.is_human(player):
            # A bot seat: the view is the one human's (or, among bots, everything).
            self._hand_to(self.session.default_viewer(), "", lambda: self._start_bot(player))
            return
        self._hand_to(player, self.face.turn_text(state, player),
                      lambda: self.face.human_turn(self, player))

    def _hand_to(self, viewer: str | None, reason: str, then: Callable[[], None]) -> None:
        """Put ``viewer``'s private view on screen, then call ``then``.

        The only place ``viewer`` changes. ``viewer`` None is everybody's view (the game
        is over, or bots play). When people share the keyboard and the face hides
        information, a different viewer first gets the hand-over screen, with
        ``reason``; the table is drawn for the new viewer only after they confirm.
        """
        if viewer == self.viewer:
            then()
            return
        if not (self.session.hot_seat and self.hides_information):
            self.viewer = viewer
            then()
            return
        token = self.token

        def handed(_: None) -> None:
            if token == self.token:          # the game was not replaced meanwhile
                self.viewer = viewer
                then()

        people = sum(self.session.is_human(p) for p in self.session.players)
        self.push_screen(HandOverScreen(viewer, reason, people), handed)

    def _show_game_over(self) -> None:
        """The final table, once: everything is public at the end, so it is everybody's
        view; with people sharing the keyboard all are called first."""
        if self.over_shown:
            self.refresh_view()
            return
        self.over_shown = True
        self._hand_to(None, "The game is over: everything is shown.", self._push_game_over)

    def _push_game_over(self) -> None:
        self.refresh_view()
        screen = self.face.game_over_screen(self)
        if screen is None:
            state = self.session.state
            screen = ReturnsScreen(self.session.players, state.returns(), dict(state.scores()),
                                   dict(self.session.seats))
        self.push_screen(screen, self._after_game_over)

    def _after_game_over(self, what: str | None) -> None:
        if what == "new":
            self.action_new_game()
        elif what == "quit":
            self._confirm_losing("Quit", "Yes, quit", self.exit)

    # --- what faces call (pickpack_tui.face.Shell) ------------------------------------

    def my_turn(self) -> bool:
        """True when a person is to decide, their view is on screen and no bot thinks."""
        state = self.session.state
        player = state.current_player
        return (not state.is_terminal() and self.session.is_human(player) and self.thinking is None
                and (self.viewer == player or not (self.session.hot_seat and self.hides_information)))

    def play(self, player: str, actions: Sequence[int], note: str | None = None, *,
             typed: str | None = None) -> None:
        """Apply a person's ``actions`` for ``player`` (checked by the engine: an
        illegal one is refused with its rule, nothing applied) and go on. ``typed``:
        the text the one action was typed as; a refusal then reads as parse_move's
        IllegalMoveError (``illegal move TEXT (action N): RULE: REASON``)."""
        session = self.session
        state = session.state
        texts: list[str] = []
        for i, action in enumerate(actions):
            problem = state.check_action(action)
            if problem is not None or state.current_player != player:
                for _ in range(i):
                    session.undo_action()
                rule, reason = problem if problem is not None else ("turn", f"it is not {player}'s turn")
                self.say(f"{rule}: {reason}" if typed is None or problem is None
                         else str(_typed_error(state, action, rule, reason, typed)), bell=True)
                return
            texts.append(session.apply_action(action))
            self.last = (player, action)
        who = "You" if not self.session.hot_seat else player.title()
        self.message = note if note is not None else f"{who} played {texts[-1]}" if texts else ""
        self.advance()

    def ask_move(self, player: str, questions: MoveQuestions, what: str) -> None:
        """Ask the open questions (ChoiceScreen), then play the action they lead to;
        Escape abandons the move (``what`` names it in the message)."""
        self._ask(player, questions, what)

    @work(exclusive=True, group="prompt")
    async def _ask(self, player: str, questions: MoveQuestions, what: str) -> None:
        token = self.token
        while (question := questions.next()) is not None:
            answer = await self.push_screen_wait(ChoiceScreen(question))
            if token != self.token:
                return
            if answer is None:
                self.say(f"{what} abandoned")
                return
            questions.answer(answer[0])
        action = questions.action
        assert action is not None
        self.play(player, [action])

    def show_screen(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Push ``screen``; ``then`` gets its result."""
        self.push_screen(screen, then)

    def say(self, message: str, bell: bool = False) -> None:
        """Show ``message`` on the status line (and ring the bell)."""
        self.message = message
        if bell:
            self.bell()
        self.refresh_view()

    def refresh_view(self) -> None:
        """Draw the position for ``viewer`` (the face's board screen): a new view model
        (pickpack_tui.view_model) in the reactive ``view``, whose watcher draws it."""
        self.view = BoardView.of(self.session, self.viewer, self.thinking, self.message)

    def watch_view(self, view: BoardView | None) -> None:
        """The one place the board screen is redrawn: the face draws ``view``."""
        if view is not None and self.board_screen.is_mounted:
            self.face.show(self)

    # --- bots ----------------------------------------------------------------------------

    def _start_bot(self, player: str) -> None:
        self.thinking = player
        self.message = f"{self.session.seats[player]} ({player.title()}) is thinking…"
        self.refresh_view()
        self.think(player, self.token)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def think(self, player: str, token: int) -> None:
        """Ask the bot for its decision(s) on the face's view of the state, in a thread.

        While the face says the bot goes on (``bot_continues``, e.g. Pick & Pack's 12
        hidden placement decisions, PP-S3), the bot decides again on its own view.
        Whatever the bot does (raise, return junk) is reported back, never raised here.
        """
        started = time.monotonic()
        worker = get_current_worker()
        bot = self.bots[player]
        moves: list[Any] = []
        problem: str | None = None
        try:
            work_state = self.face.bot_state(self.session, player)
            while not worker.is_cancelled:
                move = bot.choose(work_state.copy())
                moves.append(move)
                if not self.face.bot_continues(work_state, player):
                    break
                work_state.apply(move)
                if not self.face.bot_continues(work_state, player):
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
        session = self.session
        applied = 0
        if problem is None:
            try:
                for move in moves:
                    if not isinstance(move, Move):
                        raise TypeError(f"returned {move!r}, not a Move")
                    session.apply(move)
                    applied += 1
                    self.last = (player, move.action)
            except (IllegalMoveError, MoveSyntaxError, TypeError) as exc:
                problem = f"illegal answer: {exc}"
                for _ in range(applied):
                    session.undo_action()
                self.last = None
        if problem is not None:
            self._bot_failed(player, problem)
            return
        name = self.session.seats[player]
        if len(moves) > 1 or not self.face.undoable(moves[-1].action):
            # Game-neutral words: a batch (Pick & Pack's hidden placement) is decisions.
            self.message = f"{name} ({player.title()}) has decided" + \
                (f" ({counted(len(moves), 'decision')})" if len(moves) > 1 else "")
        else:
            self.message = f"{name} ({player.title()}) played {moves[-1].text}"
        self.advance()

    def _bot_failed(self, player: str, problem: str) -> None:
        bot = self.session.seats[player]
        self.message = f"{bot} ({player.title()}) failed: {problem}"
        self.refresh_view()
        self.push_screen(BotFailureScreen(player, bot, problem, available_bots(self.session.game)),
                         lambda choice: self._replace_bot(player, choice))

    def _replace_bot(self, player: str, choice: str | None) -> None:
        """Seat ``choice`` (a bot spec, pickpack.bots.spec, or "human") for ``player``; a
        spec that cannot be built brings the dialog back with the reason."""
        if choice is None:
            return
        if choice == HUMAN:
            self.session.seats[player] = HUMAN
            self._close_bots(player)
            self.message = f"You play {player.title()} now"
        else:
            try:
                bot = make_bot(choice, seed=self.session.seed, game=self.session.game,
                               players=len(self.session.players))
            except Exception as exc:  # the replacement fails to build: ask again
                self._bot_failed(player, f"cannot start {choice}: {exc}")
                return
            self._close_bots(player)
            self.bots[player] = bot
            self.session.seats[player] = choice
            self.message = f"{choice} plays {player.title()} now"
        self.advance()

    # --- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo and save work on the board screen; new game, load, help and theme also
        on the face's own full screens (placing tiles) and the game-over screen; never
        inside a prompt."""
        if action in _BOARD_ACTIONS:
            return self.screen is self.board_screen
        if action in _ANYTIME_ACTIONS:
            return self.screen is self.board_screen or getattr(self.screen, "SHELL_KEYS", False)
        return True

    def action_undo(self) -> None:
        """Take back the last person's move (and the bot moves after it), never past a
        chance outcome already shown. With people sharing the keyboard the next decider
        is handed it first."""
        if not self.session.can_undo(self.face.undoable):
            # a move of the person's exists, but before a chance outcome (session._takeable)
            shown = self.session.made_a_move(self.face.undoable)
            self.say("Nothing to undo: a chance outcome once shown is never taken back" if shown
                     else "Nothing to undo: no move of yours yet", bell=True)
            return
        self.token += 1
        self.thinking = None
        undone = self.session.undo(self.face.undoable)
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
        """Save to ``path``; over an existing file other than ``own_file``, only after a
        yes to a question naming what the file holds (a record, another game's save)."""
        if path is None:
            return
        target = Path(path)
        if not target.exists() or same_file(self.own_file, target):
            self._write_save(path)
            return
        if target.is_dir():
            self._not_saved(f"{path} is a folder; give a file name")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._write_save(path)
            else:
                self.say(f"Not saved: {path} was kept as it was")

        self.push_screen(ConfirmScreen(f"{path} already exists: {describe(target)}. Replace it "
                                       "with this game? What it holds now will be lost.",
                                       "Yes, replace it", no="No, keep the file"), answered)

    def _write_save(self, path: str) -> None:
        try:
            self.session.save(path)
        except SaveFileError as exc:
            self._not_saved(str(exc))
            return
        self.save_path = path
        self.own_file = path
        self.notify(f"Saved to {path}", title="Saved")
        self.say(f"Saved to {path}")

    def _not_saved(self, problem: str) -> None:
        self.notify(problem, title="Not saved", severity="error", timeout=8)
        self.say(f"Not saved: {problem}")

    def action_load(self) -> None:
        self.push_screen(FileScreen("Load", self.save_path), self._load_from)

    def _load_from(self, path: str | None) -> None:
        """Load ``path`` (after a yes if moves are unsaved). A save of another game is
        not loaded: the message names its game and the command that opens it."""
        if path is None:
            return
        try:
            session = GameSession.load(path)
        except SaveFileError as exc:
            self.notify(str(exc), title="Not loaded", severity="error", timeout=8)
            self.say(f"Not loaded: {exc}")
            return
        if session.game.name != self.session.game.name:
            problem = (f"{path} is a saved game of {session.game.title}, not {self.session.game.title}; "
                       f"open it with: pickpack play --load {shlex.quote(path)}")
            self.notify(problem, title="Not loaded", severity="error", timeout=12)
            self.say(f"Not loaded: {problem}")
            return
        self.save_path = path
        self._confirm_losing(f"Load {path}", "Yes, load",
                             lambda: self._start(session, f"Loaded {path}"))

    def action_toggle_theme(self) -> None:
        """Switch between Textual's dark and light themes."""
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def action_help(self) -> None:
        """The rules in brief, the keys live on the screen where ? was pressed and who
        plays each seat, in full."""
        seats = [(p.title(), self.session.describe_seat(p)) for p in self.session.players]
        self.push_screen(HelpScreen(self.face.help_markdown, live_keys(self, self.screen), seats))
