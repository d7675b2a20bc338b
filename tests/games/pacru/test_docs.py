"""docs/pacru.md says what the engine does: its snapshot loads, its position strings are
canonical, its move texts parse to the documented actions, its worked examples give the
documented results, its record replays and its Python lines print what they say.
Expected values were worked out by hand from the rules (/work/shared/rules/pacru.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pickpack
from pickpack.games.pacru.encoding import decode_action, parse_action, parse_cell
from pickpack.games.pacru.game import GAME
from pickpack.perft import perft
from tests.games.pacru.reference_perft import reference_perft
from pickpack_ppn.notation import PPN

DOC = (Path(__file__).resolve().parents[3] / "docs" / "pacru.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```example\n(.*?)```", DOC, re.S)
SNAPSHOTS = re.findall(r"```json\n(.*?)```", DOC, re.S)
POSITIONS = re.findall(r"```position\n(.*?)\n```", DOC, re.S)
RECORDS = re.findall(r"```ppn\n(.*?)```", DOC, re.S)

#: Every example block: its keys (position, choices?, move, after), values as written.
EXAMPLE_FIELDS = [dict(line.split(None, 1) for line in block.strip().splitlines()) for block in EXAMPLES]


def test_the_doc_has_its_blocks() -> None:
    # a crossing, connection (2 moves), a pincer, a meeting (paying and not), a
    # reorientation, a transformation (and its single-cell variant)
    assert len(EXAMPLES) == 9 and len(SNAPSHOTS) == 1 and len(POSITIONS) == 1 and len(RECORDS) == 1
    assert [e["move"] for e in EXAMPLE_FIELDS] == [
        "a3-b4[b5]", "b1-b4[conn]", "b1-b4[a6]", "e3xe5[d4]", "b5-c5[*e9]", "b5-c5", "e1>NE[a1,b2]",
        "a3-a4", "a3-a4[c6]"]


def test_the_position_block_is_the_two_player_start() -> None:
    [text] = POSITIONS
    start = pickpack.new_game("pacru", players=2)
    assert start.to_position() == text
    assert GAME.from_position(text).snapshot() == start.snapshot()
    assert pickpack.from_position(text, game="pacru").snapshot() == start.snapshot()
    with pytest.raises(pickpack.PositionError) as bad:
        pickpack.from_position(text.replace(" A 0", " Q 0"), game="pacru")
    assert bad.value.column == len(text) - 2                       # the turn field, 1-based


def test_the_snapshot_loads_and_is_the_pincer_example() -> None:
    snap = json.loads(SNAPSHOTS[0])
    state = GAME.from_snapshot(snap)
    assert state.snapshot() == snap                   # already canonical
    assert state.to_position() == EXAMPLE_FIELDS[3]["position"]
    # e3 (power 2: d3, e3) and c5 (power 2: c4, c5) both attack north's e5 (PA-K1).
    assert (state.power(parse_cell("e3")), state.power(parse_cell("c5"))) == (2, 2)
    assert state.attacks(parse_cell("e3")) == state.attacks(parse_cell("c5")) == [parse_cell("e5")]


@pytest.mark.parametrize("fields", EXAMPLE_FIELDS, ids=[e["move"] for e in EXAMPLE_FIELDS])
def test_each_worked_example_gives_the_documented_result(fields: dict[str, str]) -> None:
    state = GAME.from_position(fields["position"])
    assert state.to_position() == fields["position"]          # written canonically
    if "choices" in fields:
        head = re.split(r"[\[]", fields["move"])[0]
        texts = [state.action_text(a) for a in state.legal_actions()]
        assert [t for t in texts if re.split(r"[\[]", t)[0] == head] == fields["choices"].split()
    state.apply(fields["move"])
    assert state.to_position() == fields["after"]


def test_the_examples_change_exactly_what_the_text_says() -> None:
    # crossing: b5 becomes south's, the chevron stands on b4 pointing NE, north to move
    crossing = GAME.from_position(EXAMPLE_FIELDS[0]["after"])
    assert crossing.colour(parse_cell("b5")) == 0 and crossing.chevron(parse_cell("b4")) == (0, 1)
    assert crossing.scores() == {"south": 1, "north": 0} and crossing.turn == 1
    # connection: b2, b3 turn (6 cells); crossing instead: a6 (5 cells), b2 and b3 neutral
    conn, cross = (GAME.from_position(EXAMPLE_FIELDS[i]["after"]) for i in (1, 2))
    assert conn.cells(0) == 6 and [conn.colour(parse_cell(c)) for c in ("b2", "b3")] == [0, 0]
    assert cross.cells(0) == 5 and [cross.colour(parse_cell(c)) for c in ("b2", "b3", "a6")] == [-1, -1, 0]
    # pincer: north's e5 chevron is gone, e5 and d4 are south's, north keeps i9
    pincer = GAME.from_position(EXAMPLE_FIELDS[3]["after"])
    assert pincer.chevrons(1) == [(parse_cell("i9"), 5)] and pincer.chevron(parse_cell("e5")) == (0, 0)
    assert pincer.cells(0) == 6 and pincer.colour(parse_cell("d4")) == 0
    # meeting: e9 passes from north (9 -> 8) to south (3 -> 4)
    meeting = GAME.from_position(EXAMPLE_FIELDS[4]["after"])
    assert meeting.scores() == {"south": 4, "north": 8}
    # reorientation: a1, b2 neutral again; e1 points NE
    turned = GAME.from_position(EXAMPLE_FIELDS[6]["after"])
    assert turned.chevron(parse_cell("e1")) == (0, 1) and turned.cells(0) == 2
    # transformation: all of borderland 3 is south's, b5 under north's chevron too
    transformed = GAME.from_position(EXAMPLE_FIELDS[7]["after"])
    assert transformed.scores() == {"south": 9, "north": 0} and transformed.colour(parse_cell("b5")) == 0
    assert transformed.chevron(parse_cell("b5")) == (1, 4)
    # single-cell: only c6 changes hands (north 8 -> 7, south 1 -> 2)
    single = GAME.from_position(EXAMPLE_FIELDS[8]["after"])
    assert single.scores() == {"south": 2, "north": 7} and single.options["single_cell"] is True


def test_the_meeting_pays_77_cells_and_not_below_nine_unless_classic() -> None:
    rich = GAME.from_position(EXAMPLE_FIELDS[4]["position"])
    # 81 cells - 3 with chevrons (c5, d5, i1 after the move) - b5 (south's) = 77
    assert sum(1 for a in rich.legal_actions() if rich.action_text(a).startswith("b5-c5")) == 77
    poor_text = EXAMPLE_FIELDS[5]["position"]
    poor = GAME.from_position(poor_text)
    assert poor.check_action(parse_action("b5-c5[*e9]"))[0] == "PA-T2"
    classic = GAME.from_position(poor_text + " classic-meeting")
    assert sum(1 for a in classic.legal_actions() if classic.action_text(a).startswith("b5-c5")) == 77


def test_the_reorientation_example_has_14_ways() -> None:
    state = GAME.from_position(EXAMPLE_FIELDS[6]["position"])
    # 45 degrees: NE or NW, C(4,2) = 6 pairs each; 90 degrees: E or W, all four cells
    texts = [state.action_text(a) for a in state.reorient_actions()]
    assert len(texts) == 14 and "e1>E[a1,b2,c3,d4]" in texts and "e1>W[a1,b2,c3,d4]" in texts
    assert sum(t.startswith("e1>NE[") for t in texts) == 6


def test_the_documented_action_integers() -> None:
    assert parse_action("e1-e2") == 840_499 == ((((4 * 8 + 0) * 8 + 0) * 2 * 2) * 10 + 9) * 82 + 81
    assert parse_action("a3-b4[b5]") == 3_805_209
    assert "840,499" in DOC and "3,805,209" in DOC and "1,097,206,559" in DOC


@pytest.mark.parametrize("text, fields", [
    # (from, to, pincer, connection, crossing, meeting)
    ("e1-e2", ("e1", "e2", False, False, None, None)),
    ("a3-b4[b5]", ("a3", "b4", False, False, "b5", None)),
    ("b1-b4[conn]", ("b1", "b4", False, True, None, None)),
    ("e3xe5[d4]", ("e3", "e5", True, False, "d4", None)),
    ("b5-c5[*e9]", ("b5", "c5", False, False, None, "e9")),
    ("a3-d3[conn,*b5]", ("a3", "d3", False, True, None, "b5")),
    ("e1xe5[f4,*c7]", ("e1", "e5", True, False, "f4", "c7")),
])
def test_the_move_text_table_parses_to_what_it_says(text: str,
                                                     fields: tuple[str, str, bool, bool, str | None, str | None]
                                                     ) -> None:
    assert f"`{text}`" in DOC
    a = decode_action(parse_action(text))
    cell = parse_cell
    frm, to, pincer, conn, crossing, meeting = fields
    assert (a.kind, a.cell, a.to, a.pincer, a.connection) == ("move", cell(frm), cell(to), pincer, conn)
    assert a.crossing == (-1 if crossing is None else cell(crossing))
    assert a.meeting == (-1 if meeting is None else cell(meeting))


def test_the_reorientation_texts_free_the_cells_they_name() -> None:
    assert "`e1>NE[a1,b2]`" in DOC and "`e1>E[a1,b2,c3,d4]`" in DOC
    a = decode_action(parse_action("e1>NE[a1,b2]"))
    assert (a.kind, a.cell, a.direction, a.freed) == ("reorient", 4, 1, (0, 10))
    b = decode_action(parse_action("e1>E[a1,b2,c3,d4]"))
    assert (b.direction, b.freed) == (2, (0, 10, 20, 30))


def test_the_documented_errors() -> None:
    state = pickpack.new_game("pacru")
    with pytest.raises(pickpack.IllegalMoveError) as illegal:
        state.apply("e1-e3")
    assert str(illegal.value) == ("illegal move e1-e3 (action 843779): PA-M2: the chevron on e1 has power 1: "
                                  "it moves 1 to 1 cells")
    assert str(illegal.value) in DOC.replace("\n", " ")
    with pytest.raises(pickpack.IllegalMoveError) as parsed:
        state.parse_move("E1-E3")
    assert str(parsed.value) == str(illegal.value) and parsed.value.text == "e1-e3"
    for text, column in (("e1-f3", 4), ("a3-c5[d2]", 7)):
        with pytest.raises(pickpack.MoveSyntaxError) as bad:
            state.apply(text)
        assert bad.value.column == column
    assert state.ply == 0


def test_the_python_lines_print_what_they_say() -> None:
    state = pickpack.new_game("pacru", players=2, max_plies=40)
    assert (state.current_player, state.power(18)) == ("south", 1)
    state.apply("a3-b4[b5]")
    assert state.scores() == {"south": 1, "north": 0}
    assert state.check_action(state.legal_actions()[0]) is None
    assert set(state.playout(seed=1)) == {"south", "north"} and state.ply == 1


def test_the_perft_table_is_the_engines() -> None:
    rows = re.findall(r"^\| ([123]) \| (\d+) \| (\d+) \| (\d+) \|$", DOC, re.M)
    assert rows == [("1", "28", "23", "23"), ("2", "734", "533", "510"), ("3", "16168", "11343", "10379")]
    for players, column in ((2, 1), (3, 2), (4, 3)):
        # the rules in plain Python, depth 3 too
        assert [reference_perft(players, d) for d in (1, 2, 3)] == [int(row[column]) for row in rows]
        state = pickpack.new_game("pacru", players=players)
        assert [perft(state, d) for d in (1, 2)] == [int(rows[0][column]), int(rows[1][column])]


def test_the_record_replays_to_the_documented_result() -> None:
    [text] = RECORDS
    game = PPN.parse_game(text)
    assert PPN.export(game) == text + "\n"
    final = game.end().state()
    # cap at 6 plies (PA-E3): north 2, east 1, west 2; north and west share
    assert final.is_terminal() and final.scores() == {"north": 2, "east": 1, "west": 2}
    assert final.winning_seats() == [0, 2] and final.returns() == [0.25, -0.5, 0.25]


def test_the_readme_section_says_what_the_engine_does() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    assert "## PACRU: chevrons and borderlands for 2–4 players" in readme
    assert "--players 4 --depth 3          # 23, 510, 10379" in readme and "(docs/pacru.md)" in readme
    state = pickpack.new_game("pacru", players=2)
    state.apply("a3-b4[b5]")
    assert (state.scores(), state.current_player) == ({"south": 1, "north": 0}, "north")
    assert "# ({'south': 1, 'north': 0}, 'north')" in readme


def test_a_pincer_can_be_a_connection_as_the_decisions_say() -> None:
    # South: d1 e1 f1 (e1's power 3), b4 c4 (c4's power 2) and e4, where north's chevron
    # stands. e1 (N) and c4 (E) both attack e4 (PA-K1). e1xe4 is 3 cells from south's
    # colour to south's colour with e2, e3 empty: a connection (PA-J1) and a crossing.
    state = GAME.from_position("9/9/9/9/9/1AA1A4/9/9/3AAA3 A:c4E,e1N;B:e4S,i9SW A 10")
    texts = [state.action_text(a) for a in state.legal_actions() if state.action_text(a).startswith("e1xe4")]
    # the eight neutral cells of borderland 4 (e4 is south's), or the connection
    assert texts == ["e1xe4[d4]", "e1xe4[f4]", "e1xe4[d5]", "e1xe4[e5]", "e1xe4[f5]", "e1xe4[d6]",
                     "e1xe4[e6]", "e1xe4[f6]", "e1xe4[conn]"]
    state.apply("e1xe4[conn]")
    assert [state.colour(parse_cell(c)) for c in ("e2", "e3", "e4")] == [0, 0, 0]
    assert state.chevrons(1) == [(parse_cell("i9"), 5)] and state.cells(0) == 8


def test_at_the_end_turn_is_the_last_mover_as_the_decisions_say() -> None:
    state = pickpack.new_game("pacru", players=2, max_plies=1)
    state.apply("e1-e2")
    # the cap (PA-E3): both seats have chevrons and 0 cells: they share, 0/0
    assert state.is_terminal() and state.turn == 0 and state.current_player is None
    assert state.winning_seats() == [0, 1] and state.returns() == [0.0, 0.0]
    assert "When the game is over, `turn` is the seat that made the last move" in " ".join(DOC.split())
