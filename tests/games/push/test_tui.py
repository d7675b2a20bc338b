"""PUSH's face in the TUI shell: pilot tests by keys and by clicks, hot-seat hand-over
that hides each person's bank (PU-V1), the 6-seat layout at 80x24, bots, and the face's
parts (card chips, the event log in words, keys to decisions, each viewer's table).

Chance is drawn by the session from the game's seed and the action index
(pickpack_tui.session), so a seed fixes every card: with seed 3 the first card drawn is
G1 (action index 1) and the second B4 (action index 3, after a draw again).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

import pytest

from pickpack.games.push.encoding import (BANK, CARD_TEXT, DIE_OFFSET, DRAW, PLACE, STOP, SWITCH, TAKE,
                                          full_deck, parse_card)
from pickpack.games.push.game import GAME
from pickpack.games.push.tui.cards import chip, chips, grouped, points
from pickpack.games.push.tui.choices import KEYS, decision_for_key, key_of, label
from pickpack.games.push.tui.events import EventLog, describe
from pickpack.games.push.tui.face import FACE, collect_order, turn_line
from pickpack.games.push.tui.table_view import table_view
from pickpack.games.push.tui.widgets.action_bar import ActionBar
from pickpack.games.push.tui.widgets.seat_panel import seat_text
from pickpack_tui.app import GameApp, face_of
from pickpack_tui.plain_face import PlainFace
from pickpack_tui.screens.handover_screen import HandOverScreen
from pickpack_tui.screens.help_screen import HelpScreen
from pickpack.face_kit.returns_screen import ReturnsScreen
from pickpack_tui.session import GameSession
from pickpack.face_kit.move_log import MoveLog
from tests.support.tui_apps import screen_text, settle, shown

__all__ = ["BANKS_SIX", "FULL_STACKS", "SIX", "play", "session_at", "six_benches"]

HOT3 = {"p1": "human", "p2": "human", "p3": "human"}
#: Seed 3, P1's turn: push, G1 starts stack 1, draw again, B4 joins stack 1, stop, take
#: stack 1 (the only one): P1's bench is B4 G1 and the turn passes to P2.
FIRST_TURN = [DRAW, parse_card("G1"), PLACE, DRAW, parse_card("B4"), PLACE, STOP, TAKE]


def play(session: GameSession, plies: int, seed: int) -> None:
    """Apply ``plies`` actions to ``session.state``: chance outcomes are the session's
    own draws (from the game's seed and the action index), decisions come from
    ``random.Random(seed)``: at a turn's start push with probability 3/4 (else bank a
    random colour, when there is one), after a card draw again with probability 7/10
    (else stop), anything else uniformly among the legal decisions but the draw. The
    same seed gives the same game with any PUSH implementation (legal actions are
    listed in increasing order)."""
    rng = random.Random(seed)
    state: Any = session.state
    for _ in range(plies):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(session.chance_outcome())
            continue
        legal = state.legal_actions()
        if state.phase == "start" and len(legal) > 1 and rng.random() < 0.75:
            action = DRAW
        elif state.phase == "decide" and DRAW in legal and rng.random() < 0.7:
            action = DRAW
        else:
            action = rng.choice([a for a in legal if a != DRAW] or legal)
        state.apply_action(action)


def session_at(seats: dict[str, str], benches: Sequence[Sequence[str]], banks: Sequence[Sequence[str]],
               stacks: Sequence[Sequence[str]], **fields: Any) -> GameSession:
    """A session (seed 1) on the snapshot with these benches, banks and stacks, phase
    start, seat 0 to move, nothing discarded: the deck is the full deck minus every card
    placed and the switch pile (``fields`` override any other snapshot field)."""
    players = len(seats)
    counts = full_deck(players)
    for cards in [*benches, *banks, *stacks]:
        for card in cards:
            counts[CARD_TEXT.index(card)] -= 1
    counts[SWITCH] -= fields.get("switches", 0)
    snap: dict[str, Any] = {
        "players": players, "hard": False, "switch_per_turn": False, "phase": "start", "turn": 0,
        "actor": 0, "card": None, "deck": {CARD_TEXT[t]: n for t, n in enumerate(counts) if n},
        "stacks": [list(s) for s in stacks], "benches": [list(b) for b in benches],
        "banks": [list(b) for b in banks], "switches": 0, "turn_switches": 0}
    snap.update(fields)
    state = GAME.load("state_class").from_snapshot(snap)
    return GameSession(GAME, state, dict(seats), state.copy(), 1)


def _buttons(app: GameApp) -> list[str]:
    """The labels of the decision buttons on screen."""
    bar = app.board_screen.query_one(ActionBar)
    return [str(bar.buttons[a].label) for a in bar.shown()]


# --- the face is PUSH's own ---------------------------------------------------------------

def test_push_is_played_through_its_own_face_not_the_plain_one() -> None:
    session = GameSession.new(HOT3, seed=3, game="push")
    assert GAME.tui_face == "pickpack.games.push.tui.face:FACE"
    assert face_of(session) is FACE and not isinstance(face_of(session), PlainFace)
    assert FACE.hides_information(GAME)


# --- pilot: keys and clicks ---------------------------------------------------------------

def test_hot_seat_turn_by_keys_hands_over_and_shows_the_engines_refusals() -> None:
    async def run() -> None:
        session = GameSession.new(HOT3, seed=3, game="push")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            handover = await shown(pilot, HandOverScreen)
            assert handover.player == "p1" and "Pass the keyboard to P1" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
            assert _buttons(app) == ["Push (d)"]           # an empty bench banks nothing (PU-B2)
            await pilot.press("d")
            await settle(pilot)
            assert session.state.history_actions() == FIRST_TURN[:2]
            assert _buttons(app) == ["New stack 1 (1)"]    # placing is a decision (PU-P2)
            assert "Drawn G1: place it" in screen_text(app)
            await pilot.press("1", "d")
            await settle(pilot)
            assert _buttons(app) == ["Stack 1 (1)", "New stack 2 (2)"]
            await pilot.press("1")
            await settle(pilot)
            assert _buttons(app) == ["Draw again (d)", "Stop (x)"]
            assert "1│ B4 G1" in screen_text(app)
            await pilot.press("x")
            await settle(pilot)
            assert _buttons(app) == ["Take 1 (1)"]
            await pilot.press("1")
            await settle(pilot)
            assert session.state.history_actions() == FIRST_TURN
            # P2 decides next: the table is hidden until P2 confirms (PU-V1).
            handover = await shown(pilot, HandOverScreen)
            assert handover.player == "p2"
            text = screen_text(app)
            assert "Pass the keyboard to P2" in text and "P2's turn; everybody else, look away" in text
            assert "bank 0" not in text and "B4" not in text
            await pilot.press("enter")
            await settle(pilot)
            state: Any = session.state
            assert (state.phase, state.turn, state.snapshot()["benches"]) == ("start", 1, [["B4", "G1"], [], []])
            text = screen_text(app)
            assert "  B4 G1 = 5" in text and "P1 human" in text and "bank 0 cards" in text
            assert "P2 human (view)" in text
            # Refused keys: the engine's rule and reason, nothing played.
            await pilot.press("r")
            await pilot.pause()
            assert app.message.startswith("PU-B2: ")
            await pilot.press("x")
            await pilot.pause()
            assert app.message == "PU-P4: a push turn draws at least one card"
            await pilot.press("2")
            await pilot.pause()
            assert app.message == "PU-T1: on a turn the player pushes (draw) or banks"
            assert session.state.history_actions() == FIRST_TURN
    asyncio.run(run())


def test_hot_seat_turn_by_mouse_plays_the_same_moves() -> None:
    async def run() -> None:
        session = GameSession.new(HOT3, seed=3, game="push")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await shown(pilot, HandOverScreen)
            for target in ["#handover-continue", "#do-draw", "#stack-1", "#do-draw", "#stack-1",
                           "#do-stop", "#stack-1"]:
                assert await pilot.click(target), target
                await settle(pilot)
            assert session.state.history_actions() == FIRST_TURN
            assert (await shown(pilot, HandOverScreen)).player == "p2"
            assert await pilot.click("#handover-continue")
            await settle(pilot)
            assert await pilot.click("#stack-1")             # a stack on a turn's first choice
            await pilot.pause()
            assert app.message == "PU-T1: on a turn the player pushes (draw) or banks"
            assert await pilot.click("#do-draw")             # P2 pushes: P5 (seed 3, index 9)
            await settle(pilot)
            assert session.state.history_actions()[-2:] == [DRAW, parse_card("P5")]
            assert session.play_log()[-1] == ("chance", "P5")
            log = app.board_screen.query_one(MoveLog)
            assert log.lines[-2:] == [" 9 P2    pushes", "10 P2    draws P5"]
    asyncio.run(run())


def test_against_bots_nobody_hands_over_and_the_bots_play_their_turns() -> None:
    async def run() -> None:
        seats = {"p1": "human", "p2": "random", "p3": "random"}
        session = GameSession.new(seats, seed=3, game="push")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("d", "1", "d", "1", "x", "1")
            for _ in range(50):
                await settle(pilot)
                if app.my_turn():
                    break
            assert not isinstance(app.screen, HandOverScreen)
            history = session.history()
            assert [a for _, a, _ in history[:8]] == FIRST_TURN
            assert {m for m, _, _ in history[8:]} >= {"p2"}       # P2's bot has played its turn
            assert session.state.current_player == "p1" and app.viewer == "p1"
    asyncio.run(run())


def test_a_bot_is_given_its_information_state_which_is_the_position() -> None:
    # Perfect recall: the banks follow from the public history (observation.py), so the
    # bot's state is the position itself, without the history.
    session = GameSession.new({"p1": "human", "p2": "random", "p3": "random"}, seed=12, game="push")
    play(session, 170, 12)
    state: Any = session.state
    bot = FACE.bot_state(session, "p2")
    assert bot.history_actions() == [] and bot.snapshot() == state.snapshot()
    assert bot is not state and state.history_actions() != []   # the real game is untouched


# --- layout -----------------------------------------------------------------------------------

# Six seats with long benches (10 cards each, all five colours), P1's own bank of 10
# cards, three full stacks (5 number cards and a roll card each, PU-P2 at its largest).
SIX = {f"p{i}": ("human" if i == 1 else "random") for i in range(1, 7)}
BANKS_SIX = [["R5", "R6", "B5", "B6", "G4", "G5", "Y6", "Y4", "P1", "P2"], [], ["R1"], ["Y3", "Y3"], [], ["P6"]]
FULL_STACKS = [["R3", "B4", "G5", "Y6", "P1", "roll"], ["B2", "G3", "Y4", "P5", "R6", "roll"],
               ["G1", "Y2", "P3", "R4", "B5", "roll"]]


def six_benches() -> list[list[str]]:
    """The number cards left after FULL_STACKS and BANKS_SIX, in card-type order, dealt
    round the six seats (seat i gets the i-th, (i+6)-th, ... card), 10 each."""
    left = full_deck(6)[:30]
    for cards in [*FULL_STACKS, *BANKS_SIX]:
        for card in cards:
            if card != "roll":
                left[CARD_TEXT.index(card)] -= 1
    pool = [CARD_TEXT[t] for t, n in enumerate(left) for _ in range(n)]
    return [pool[seat:60:6] for seat in range(6)]


def test_six_seats_fit_80x24_without_clipping() -> None:
    async def run() -> None:
        session = session_at(SIX, six_benches(), BANKS_SIX, FULL_STACKS,
                             phase="collect", turn=0, actor=0, switches=1)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.viewer == "p1"
            text = screen_text(app)
            rows = text.splitlines()
            assert len(rows) == 24
            view = table_view(session.state, "p1")
            for seat in range(6):
                who = session.describe_seat(f"p{seat + 1}")
                for line in seat_text(view, seat, who).plain.splitlines():
                    assert any(line in row for row in rows), (seat, line)
            assert "  R13 B136 G36 Y26 P4 = 35" in text and "  R36 B36 G26 Y25 P36 = 42" in text
            assert "  bank R56 B56 G45 Y46 P12" in text            # own bank face up
            assert "P4 random" in text and "bank 2 cards" in text   # the others': counts (PU-V1)
            assert "Y33" not in text
            # Stacks are drawn in card-type order: R B G Y P, then ROLL.
            assert "1│ R3 B4 G5 Y6 P1 ROLL" in text and "2│ R6 B2 G3 Y4 P5 ROLL" in text
            assert "3│ R4 B5 G1 Y2 P3 ROLL" in text
            # One switch card: collection against seat order from P1 (PU-S2).
            assert "Collect ↺ P1 P6 P5 P4 P3 P2" in text
            assert "Take 1 (1)   Take 2 (2)   Take 3 (3)" in text
    asyncio.run(run())


# --- parts ------------------------------------------------------------------------------------

def test_cards_are_chips_and_benches_group_by_colour() -> None:
    assert chip("P6").plain == "P6" and chip("roll").plain == "ROLL" and chip("switch").plain == "SWITCH"
    assert chips(["R3", "B1", "roll"]).plain == "R3 B1 ROLL"
    assert grouped(["B6", "R1", "R6", "R1", "Y2"]).plain == "R116 B6 Y2"
    assert grouped([]).plain == ""
    assert points(["R1", "R6", "B6", "roll"]) == 13
    with pytest.raises(KeyError):
        chip("X9")


def test_keys_stand_for_decisions_by_phase() -> None:
    assert [decision_for_key("start", k) for k in KEYS] == [0, 1, 2, 3, 4, 5, 6, 10, 11, 12]
    assert [decision_for_key("place", k) for k in "123"] == [7, 8, 9]
    assert [key_of(a) for a in range(13)] == list("dxrbgyp123123")
    assert label(DRAW, "decide") == "Draw again (d)" and label(STOP, "decide") == "Stop (x)"
    assert label(BANK + 4, "start") == "Bank P (p)"
    assert label(PLACE + 1, "place", [["R1"], ["G2"], []]) == "Stack 2 (2)"
    assert label(PLACE + 2, "place", [["R1"], ["G2"], []]) == "New stack 3 (3)"
    with pytest.raises(ValueError, match="no decision on key 'q'"):
        decision_for_key("start", "q")
    with pytest.raises(ValueError, match="no decision 13"):
        key_of(13)


def test_each_viewer_sees_only_its_own_bank() -> None:
    session = session_at(HOT3, [["R1"], [], ["G2", "G3"]], [["B6"], ["Y1", "Y2"], []], [[]] * 3)
    state = session.state
    mine = table_view(state, "p2")
    assert mine.banks == (None, ("Y1", "Y2"), None) and mine.bank_sizes == (1, 2, 0)
    assert mine.benches == (("R1",), (), ("G2", "G3")) and mine.viewer_seat == 1
    public = table_view(state, None)
    assert public.banks == (None, None, None) and public.bank_sizes == (1, 2, 0)
    everybody = table_view(state, None, open_banks=True)
    assert everybody.banks == (("B6",), ("Y1", "Y2"), ()) and everybody.viewer_seat is None
    assert (mine.deck_size, mine.discard, mine.direction) == (120 - 6, 0, 1)
    with pytest.raises(ValueError, match="viewer: 'p4' is not a player"):
        table_view(state, "p4")
    with pytest.raises(ValueError, match="open_banks: only everybody's view opens the banks, not 'p1''s"):
        table_view(state, "p1", open_banks=True)
    assert seat_text(mine, 0, "human").plain == "▶ P1 human          bank 1 card\n  R1 = 1"
    assert seat_text(mine, 1, "human (view)").plain == \
        "  P2 human (view)   bank 3 pts\n  bench empty\n  bank Y12"


def test_collection_order_and_the_status_line() -> None:
    session = session_at(HOT3, [[], [], []], [[], [], []], [["R1"], [], []], phase="collect", turn=1, actor=1,
                         switches=1)
    view = table_view(session.state, "p2")
    assert view.direction == -1 and collect_order(view) == ["P2", "P1", "P3"]
    assert turn_line(view, {"p1": "you", "p2": "human", "p3": "random"}) == "P2 (human): take a stack"
    over = table_view(session_at(HOT3, [["R6"], ["B6"], ["G1"]], [[], [], []], [[]] * 3, phase="over", switches=12,
                                 deck={}).state, None)
    assert turn_line(over, {}, {"p1": 6, "p2": 6, "p3": 1}) == "Game over: P1 6, P2 6, P3 1; best: P1 and P2"


def test_events_name_the_bust_and_what_the_die_took() -> None:
    # P1's fourth card G3 has no place on three stacks each holding a green or a 3
    # (PU-P5): bust, P1 rolls; green takes P1's bench greens (PU-R1).
    session = session_at(HOT3, [["R1", "G1", "G5"], [], []], [[], [], []], [["G2"], ["R3"], ["B1", "Y3"]],
                         phase="decide", turn=0, actor=0)
    state: Any = session.state
    start = state.copy()
    for action in [DRAW, parse_card("G3"), DIE_OFFSET + 2]:
        state.apply_action(action)
    rows = EventLog().rows(start, state.history_actions())
    assert rows == [("p1", "draws again"), ("p1", "draws G3: BUST"),
                    ("p1", "rolls green: loses G1 G5")]
    assert state.snapshot()["benches"][0] == ["R1"]
    before = start.snapshot()
    with pytest.raises(ValueError, match="action 10 cannot be taken in phase decide"):
        describe(("p1", "p2", "p3"), before, TAKE, before)


def test_the_event_log_follows_undo_and_a_new_start() -> None:
    log = EventLog()
    session = GameSession.new(HOT3, seed=3, game="push")
    state: Any = session.state
    for action in FIRST_TURN:
        state.apply_action(action)
    assert log.rows(session.start, state.history_actions())[-3:] == [
        ("p1", "puts B4 on stack 1"), ("p1", "stops"), ("p1", "takes stack 1: B4 G1")]
    state.undo()
    assert log.rows(session.start, state.history_actions())[-1] == ("p1", "stops")
    other = GameSession.new(HOT3, seed=3, game="push")
    assert log.rows(other.start, []) == []


def test_events_name_a_bank_a_switch_and_a_hard_star() -> None:
    banking = session_at(HOT3, [["R1", "R5", "B3"], [], []], [[], [], []], [[]] * 3)
    start: Any = banking.state.copy()
    banking.state.apply_action(BANK)                     # red: R1 R5 to the bank (PU-B1)
    pushing = session_at(HOT3, [[], [], []], [[], [], []], [["R1"], [], []], phase="decide")
    before: Any = pushing.state.copy()
    for action in [DRAW, SWITCH]:                       # the first switch card reverses (PU-S2)
        pushing.state.apply_action(action)
    # Variant hard: the star discards the roller's whole bench, the card just taken
    # included (PU-R3, PU-K4).
    hard = session_at(HOT3, [["R1", "R2", "B3"], [], []], [[], [], []], [["G4", "roll"], [], []],
                      phase="collect", hard=True)
    taking: Any = hard.state.copy()
    for action in [TAKE, DIE_OFFSET + 5]:
        hard.state.apply_action(action)
    assert EventLog().rows(start, banking.state.history_actions()) == [("p1", "banks red (2 cards)")]
    assert EventLog().rows(before, pushing.state.history_actions()) == [
        ("p1", "draws again"), ("p1", "draws switch: collect ↺")]
    assert EventLog().rows(taking, hard.state.history_actions()) == [
        ("p1", "takes stack 1: G4 roll"), ("p1", "rolls star: loses R1 R2 B3 G4")]
    assert hard.state.snapshot()["benches"][0] == [] and hard.state.current_player == "p2"


def test_help_lists_the_decision_keys_with_their_rules() -> None:
    async def run() -> None:
        session = GameSession.new({"p1": "human", "p2": "random"}, seed=3, game="push")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            help_screen = await shown(pilot, HelpScreen)
            assert help_screen.rules.startswith("# PUSH in brief\n")
            rows = {what: keys for keys, what in help_screen.keys}
            assert rows["push (draw a card) / draw again (PU-P1, PU-P4)"] == "d"
            assert rows["stop pushing and collect (PU-P4, PU-K1)"] == "x"
            assert rows["bank all your yellow bench cards (PU-B1)"] == "y"
            assert rows["place the drawn card on stack 3 (PU-P2) / take stack 3 (PU-K1)"] == "3"
            assert rows["undo (against a bot: back to your previous move)"] == "u"
    asyncio.run(run())


def test_the_last_card_ends_the_game_and_all_players_see_every_bank() -> None:
    # One card left (R1): P1 pushes, places it, must stop (PU-P4), takes it; the deck
    # is empty, so the game is over (PU-E1). Scores (PU-E2): P1 B6 R1 + Y5 Y6 = 18,
    # P2 G2 + P1 = 3, P3 R6 = 6.
    async def run() -> None:
        session = session_at(HOT3, [["B6"], ["G2"], []], [["Y5", "Y6"], ["P1"], ["R6"]], [[]] * 3,
                             deck={"R1": 1}, switches=12)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("enter", "d")
            await settle(pilot)
            await pilot.press("1")
            await settle(pilot)
            assert _buttons(app) == ["Stop (x)"]
            await pilot.press("x", "1")
            await settle(pilot)
            everybody = await shown(pilot, HandOverScreen)
            assert everybody.player is None
            text = screen_text(app)
            assert "All players, look at the screen" in text and "We are all here: continue" in text
            await pilot.press("enter")
            over = await shown(pilot, ReturnsScreen)
            assert over.returns == (1.0, -0.5, -0.5)
            await pilot.press("escape")
            await settle(pilot)
            text = screen_text(app)
            assert "Game over: P1 18, P2 3, P3 6; best: P1" in text and "banks open" in text
            assert "  bank Y56" in text and "  bank P1" in text and "  bank R6" in text
            assert "  R1 B6 = 7" in text
    asyncio.run(run())


def test_people_watch_a_bots_turn_on_the_public_table() -> None:
    # Two people and a bot whose turn it is: while it thinks, nobody's bank is face up
    # (PU-V1), and the people may not decide.
    async def run() -> None:
        seats = {"p1": "human", "p2": "human", "p3": "random"}
        session = session_at(seats, [[], [], []], [["Y5"], ["P1"], ["R6"]], [[]] * 3, turn=2, actor=2)
        app = GameApp(session, bot_delay=30)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(20):
                await pilot.pause()
            assert app.thinking == "p3" and app.viewer is None
            text = screen_text(app)
            assert "public view" in text and "bank 1 card" in text
            assert "Y5" not in text and "P1 = " not in text and "R6" not in text
            assert _buttons(app) == []
            await pilot.press("d")
            await pilot.pause()
            assert app.message == "It is not your move" and session.state.history_actions() == []
    asyncio.run(run())
