"""The PPN game tree, headers and visitor protocol (pickpack_ppn.tree, .headers, .visitor).

Game: seed 7 with placements PPWWRRQQXXMM / MMXXQQRRWWPP; Red's legal first moves include
a6>1 and f6>1 (row 6, the grabber on d6, PP-M1), Blue answers a6>1 with a3>1 (column a).
"""

from __future__ import annotations

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack import Move
from pickpack_ppn.headers import Headers
from pickpack_ppn.notation import PPN
from pickpack_ppn.tree import Game, GameNode
from pickpack_ppn.visitor import BaseVisitor

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def start() -> pickpack_game.State:
    return pickpack.new_game(seed=7, placements=PLACEMENTS)


def move(state: pickpack_game.State, text: str) -> Move:
    return state.parse_move(text)


def test_headers_keep_the_roster_first_and_restore_it_on_delete() -> None:
    h = Headers([("Seed", "7"), ("Red", "Ada")])
    assert list(h) == ["Event", "Site", "Date", "Round", "Red", "Blue", "Result", "Seed"]
    assert h["Red"] == "Ada" and h["Blue"] == "?"
    del h["Red"]
    assert h["Red"] == "?" and len(h) == 8
    del h["Seed"]
    assert "Seed" not in h
    with pytest.raises(ValueError, match="must be a letter followed by"):
        h["1st"] = "x"
    with pytest.raises(ValueError, match="must fit on one line"):
        h["Note"] = "two\nlines"


def test_navigation_of_a_tree() -> None:
    state = start()
    game = PPN.game_from_state(state)
    a6 = game.add_variation(move(state, "a6>1"))
    side = game.add_variation(move(state, "f6>1"))
    state.apply("a6>1")
    a3 = a6.add_variation(move(state, "a3>1"))
    assert game.next() is a6 and a6.next() is a3 and a3.next() is None
    assert [n.ply() for n in (game, a6, a3, side)] == [0, 1, 2, 1]
    assert game.end() is a3 and a3.is_end() and not a6.is_end()
    assert side.starts_variation() and not a6.starts_variation()
    assert [str(m) for m in game.mainline_moves()] == ["a6>1", "a3>1"]
    assert list(a6.mainline()) == [a3]
    assert [str(m) for m in a3.moves_from_root()] == ["a6>1", "a3>1"]
    assert a3.game() is game
    assert a3.state().snapshot()["grabber"] == "a3"          # Blue's grab on a3 (PP-G1)
    promoted = game.add_main_variation(move(start(), "b6>1"))
    assert game.next() is promoted and game.variations[1:] == [a6, side]


def test_a_node_without_a_game_at_its_root() -> None:
    with pytest.raises(TypeError, match="no Game at its root"):
        GameNode().add_variation(move(start(), "a6>1")).game()


def test_setup_rewrites_only_the_set_up_tags() -> None:
    game = Game({"Event": "E", "Annotator": "me", "Seed": "99"})
    game.setup(start(), seed=7)
    assert list(game.headers)[7:] == ["Seed", "RedPlacement", "BluePlacement", "First", "Annotator"]
    assert game.headers["Seed"] == "7" and game.headers["Event"] == "E"
    part_way = start()
    part_way.apply("a6>1")
    part_way = pickpack_game.State.from_position(part_way.to_position())
    game.setup(part_way)
    assert [k for k in game.headers][7:] == ["SetUp", "Position", "Annotator"]
    assert game.initial_state().snapshot() == part_way.snapshot()


class Recorder(BaseVisitor[list[str]]):
    """Writes down every event."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def begin_game(self) -> None:
        self.events.append("begin_game")

    def visit_header(self, name: str, value: str) -> None:
        if name in ("Event", "First"):
            self.events.append(f"header {name}={value}")

    def end_headers(self) -> None:
        self.events.append("end_headers")

    def visit_move(self, move: Move, ply: int) -> None:
        self.events.append(f"move {ply}. {move}")

    def visit_comment(self, comment: str) -> None:
        self.events.append(f"comment {comment}")

    def visit_nag(self, nag: int) -> None:
        self.events.append(f"nag {nag}")

    def begin_variation(self) -> None:
        self.events.append("(")

    def end_variation(self) -> None:
        self.events.append(")")

    def visit_result(self, result: str) -> None:
        self.events.append(f"result {result}")

    def end_game(self) -> None:
        self.events.append("end_game")

    def result(self) -> list[str]:
        return self.events


TEXT = ('[Event "V"]\n[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n'
        "{ g } 1. a6>1 $3 { c } ( { s } 1. f6>1 ) 2. a3>1 *\n")
EVENTS = ["begin_game", "header Event=V", "end_headers", "comment g", "move 1. a6>1", "nag 3",
          "comment c", "(", "comment s", "move 1. f6>1", ")", "move 2. a3>1", "result *", "end_game"]


def test_the_reader_and_the_tree_send_the_same_events() -> None:
    from io import StringIO

    from pickpack_ppn.reader import Reader

    from_text = Reader(StringIO(TEXT)).visit_game(Recorder())
    from_tree = PPN.parse_game(TEXT).accept(Recorder())
    assert from_text == EVENTS
    # The tree also writes the roster's other tags and First; the movetext events match.
    assert [e for e in from_tree if not e.startswith("header")] == [e for e in EVENTS if not e.startswith("header")]
    assert "header First=red" not in from_tree      # First was not given, so it is not written


def test_thousands_of_side_variations_are_written_and_read() -> None:
    # 2,000 sibling variations of the first move: written and read back.
    state = start()
    game = PPN.game_from_state(state)
    first = move(state, "a6>1")
    for _ in range(2000):
        game.add_variation(first)
    back = PPN.parse_game(PPN.export(game))
    assert len(back.variations) == 2000
