"""Where a game ends depends on the reader's context, in every game's dialect.

docs/ppn.md, "Games": a line that starts with '[' begins the next game's tag section at
the top of the movetext and inside an open variation (the game lacked its result, or its
')'); inside a '{ }' comment it is comment text (as other tools wrap clock comments,
``{ clock`` / ``[%clk 0:04:59] }``); an escape line ('%') is ignored wherever it is. And a
token that stands for a ply no move makes (PGN's null move ``--``, stray text, a move
number without its move or out of sequence) is one error, after which nothing in that
line of play is replayed, so no later move is played by the wrong side.

Each case is a record of four random legal plies of each installed dialect: Pick & Pack,
PUSH, PACRU, the three-player dice race (tests/support/nplayer_game.py, installed here as a
distribution) and Pig (examples/thirdparty-game), followed by a second, clean game.
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pickpack
from pickpack_ppn.notation import PPN
from pickpack_ppn.tree import Game
from tests.support.plugin_dist import on_sys_path, write_distribution

GAMES = ["pickpack", "push", "pacru", "dice", "pig"]
PIG = Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"


@pytest.fixture(scope="module", autouse=True)
def third_party_games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The dice race and Pig installed as games ``dice`` and ``pig`` for these tests."""
    site = tmp_path_factory.mktemp("site")
    write_distribution(site, "dice-race", "1.0", {"pickpack.games": {"dice": "tests.support.nplayer_game:GAME"}}, {})
    write_distribution(site, "pickpack-pig", "1.0", {"pickpack.games": {"pig": "pickpack_pig.game:GAME"}}, {})
    sys.path.insert(0, str(PIG))
    try:
        with on_sys_path(site):
            yield
    finally:
        sys.path.remove(str(PIG))


def _record(name: str) -> tuple[str, list[str]]:
    """(the tag section of a game of ``name`` and its blank line, its first four moves)."""
    state = pickpack.new_game(name, seed=3)
    rng = random.Random(5)
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    text = PPN.export(PPN.game_from_state(state, {"Event": "contexts"}, seed=3))
    tags, _, _ = text.partition("\n\n")
    moves = [node.move.text for node in PPN.parse_game(text).mainline()]
    return tags + "\n\n", moves


def _read(text: str) -> list[Game]:
    return list(PPN.iter_games(io.StringIO(text), strict=False))


def _moves(game: Game) -> list[str]:
    return [node.move.text for node in game.mainline()]


def _messages(game: Game) -> list[tuple[int, int, str]]:
    return [(e.line, e.column, e.message) for e in game.errors]


def _broken_then_clean(name: str, broken: str) -> tuple[Game, str, list[str]]:
    """Read ``broken`` (movetext with ``{m1}`` … ``{m4}`` for the moves, then a line end)
    followed by a clean game of two moves, which must read whole; (the first game, the
    text, the moves)."""
    tags, moves = _record(name)
    text = tags + broken.format(m1=moves[0], m2=moves[1]) + tags + f"1. {moves[0]} 2. {moves[1]} *\n"
    first, second = _read(text)
    assert second.errors == [] and _moves(second) == moves[:2]
    assert second.headers["Event"] == "contexts"
    return first, text, moves


def _line_of(text: str, needle: str) -> int:
    """1-based number of the first line of ``text`` holding ``needle``."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


# --- '[' inside a comment is comment text ---------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("inside", ["[%clk 0:04:59]", '[Event "quoted"]', "[", "[ not a tag"])
def test_a_comment_line_that_starts_with_a_bracket_is_comment_text(name: str, inside: str) -> None:
    tags, (m1, m2, m3, m4) = _record(name)
    text = tags + f"1. {m1} {{ clock\n{inside} }} 2. {m2} 3. {m3} 4. {m4} *\n\n" + tags + f"1. {m1} *\n"
    first, second = _read(text)
    assert first.errors == [] and _moves(first) == [m1, m2, m3, m4]
    assert first.next() is not None and first.next().comment == f"clock\n{inside}"  # type: ignore[union-attr]
    assert second.errors == [] and _moves(second) == [m1]


@pytest.mark.parametrize("name", GAMES)
def test_a_comment_of_several_bracket_lines_closes_at_its_brace(name: str) -> None:
    tags, (m1, m2, _, _) = _record(name)
    text = tags + f"1. {m1} {{ a\n[b]\n\n[c] }} 2. {m2} *\n"
    (game,) = _read(text)
    assert game.errors == [] and _moves(game) == [m1, m2]
    assert game.next().comment == "a\n[b]\n\n[c]"  # type: ignore[union-attr]


@pytest.mark.parametrize("name", GAMES)
def test_a_comment_never_closed_costs_only_its_game(name: str) -> None:
    # No '}' before the end: the error is at the '{', and the '[' lines inside the comment
    # are read again as the next game.
    first, text, (m1, _, _, _) = _broken_then_clean(name, "1. {m1} {{ oops\n")
    row = _line_of(text, "oops")
    assert _messages(first) == [(row, len(f"1. {m1} ") + 1, "comment not closed: no '}' before the next game")]
    assert _moves(first) == [m1]


def test_a_comment_never_closed_reports_bad_bytes_in_the_game_that_holds_them() -> None:
    tags, (m1, _, _, _) = _record("pickpack")
    text = (tags + f"1. {m1} {{ oops\nca\udce9\n" + tags.replace('"contexts"', '"caf\udce9"') + f"1. {m1} *\n")
    first, second = _read(text)
    row = _line_of(text, "oops")
    assert _messages(first) == [(row, 9, "comment not closed: no '}' before the next game"),
                                (row + 1, 3, "byte 0xE9 is not valid UTF-8")]
    assert _messages(second) == [(row + 2, 12, "byte 0xE9 is not valid UTF-8")]
    assert second.headers["Event"] == "caf\ufffd"


# --- '[' inside a variation begins the next game ---------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_bracket_line_in_an_open_variation_begins_the_next_game(name: str) -> None:
    first, text, (m1, _, _, _) = _broken_then_clean(name, "1. {m1} ( 1. {m1}\n")
    row = _line_of(text, "( 1.")
    paren = len(f"1. {m1} ") + 1
    assert _messages(first) == [
        (row, len(f"1. {m1} ( 1. {m1}") + 1, f"missing result token ({_result_forms(name)}) at the end of the game"),
        (row, paren, "variation not closed: no ')' for this '('")]
    assert _moves(first) == [m1]


def _result_forms(name: str) -> str:
    """The results a game of ``name`` (its default seat count) may end with."""
    n = len(pickpack.new_game(name, seed=3).returns())
    return "1-0, 0-1, 1/2-1/2 or *" if n == 2 else f"the returns of the {n} players as v1/.../v{n}, or *"


# --- escape lines are ignored in every context ------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("where", ["movetext", "comment", "variation"])
def test_an_escape_line_that_looks_like_a_tag_is_ignored(name: str, where: str) -> None:
    tags, (m1, m2, m3, _) = _record(name)
    escape = '\n%[Event "not a game"]\n'
    body = {"movetext": f"1. {m1}{escape}2. {m2} 3. {m3} *",
            "comment": f"1. {m1} {{ a{escape}b }} 2. {m2} 3. {m3} *",
            "variation": f"1. {m1} 2. {m2} ( 2. {m2}{escape}) 3. {m3} *"}[where]
    (game,) = _read(tags + body + "\n")
    assert game.errors == [] and _moves(game) == [m1, m2, m3]
    if where == "comment":
        assert game.next().comment == "a\nb"  # type: ignore[union-attr]


# --- a ply that no move makes: nothing after it is replayed -----------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_null_move_is_one_error_naming_its_ply_and_ends_the_replay(name: str) -> None:
    tags, (m1, m2, m3, _) = _record(name)
    text = tags + f"1. {m1} -- {m2} {m3} *\n"
    (game,) = _read(text)
    row = _line_of(text, "--")
    assert _messages(game) == [(row, len(f"1. {m1} ") + 1, "move 2: null move '--' (a pass): a record holds only "
                                "moves of its game; the rest of this line of play is not replayed")]
    assert _moves(game) == [m1]


@pytest.mark.parametrize("name", GAMES)
def test_a_numbered_null_move_is_one_error(name: str) -> None:
    tags, (m1, m2, _, _) = _record(name)
    (game,) = _read(tags + f"1. {m1} 2. -- 3. {m2} *\n")
    assert [e.message.split(":")[0] for e in game.errors] == ["move 2"]
    assert _moves(game) == [m1]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("gap, message", [
    ("&", "unexpected character '&'"),
    ("2.", "move number 2. is not followed by a move"),
    ("2. { why }", "move number 2. is not followed by a move"),
])
def test_after_a_ply_that_is_no_move_later_moves_are_not_replayed(name: str, gap: str, message: str) -> None:
    # Replaying m2 after the gap would play it as ply 2 while the record means ply 3.
    tags, (m1, m2, _, _) = _record(name)
    (game,) = _read(tags + f"1. {m1} {gap} 3. {m2} *\n")
    assert [e.message for e in game.errors] == [message]
    assert _moves(game) == [m1]


@pytest.mark.parametrize("name", GAMES)
def test_a_move_number_out_of_sequence_ends_the_replay_of_its_line(name: str) -> None:
    tags, (m1, m2, m3, _) = _record(name)
    (game,) = _read(tags + f"1. {m1} 3. {m2} 4. {m3} *\n")
    assert [e.message for e in game.errors] == ["move number 3. is out of sequence: this is ply 2"]
    assert _moves(game) == [m1]


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_ply_in_a_variation_leaves_the_main_line_replayed(name: str) -> None:
    tags, (m1, m2, m3, _) = _record(name)
    (game,) = _read(tags + f"1. {m1} 2. {m2} ( 2. -- 3. {m3} ) 3. {m3} *\n")
    assert [e.message.split(":")[0] for e in game.errors] == ["move 2"]
    assert _moves(game) == [m1, m2, m3]


def test_a_dialect_whose_moves_include_a_double_dash_reads_it_as_a_move() -> None:
    from pickpack_ppn.reader import _tokenizer

    m = _tokenizer(r"--|[a-z]+").match("-- x", 0)
    assert m is not None and m.lastindex == 7 and m.group(7) == "--"     # the move group, not the null move


# --- property: a comment of any text with '[' lines reads back --------------------------

_LINE = st.text(alphabet='[]"abc %{', max_size=12).map(lambda s: s.replace("{", "").replace("%", ""))


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=5))
def test_a_comment_of_any_bracket_lines_round_trips(lines: list[str]) -> None:
    comment = "\n".join(["x", *lines]).strip(" ")
    tags, (m1, m2, _, _) = _record("pickpack")
    game = PPN.parse_game(tags + f"1. {m1} 2. {m2} *\n")
    game.next().comment = comment  # type: ignore[union-attr]
    again = PPN.parse_game(PPN.export(game))
    assert again.errors == [] and again.next().comment == comment  # type: ignore[union-attr]
    assert _moves(again) == [m1, m2]
