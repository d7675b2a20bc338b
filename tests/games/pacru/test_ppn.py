"""PACRU records (pickpack.games.pacru.ppn_dialect; docs/pacru.md, "Records"): the roster
of 2, 3 and 4 seats, the set-up tags (variants, options, positions), move tokens,
results, and reading errors with line, column and rule. Expected values are worked out
by hand from the rules (/work/shared/rules/pacru.md)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import pickpack
from pickpack.games.pacru.game import GAME
from pickpack.games.pacru.ppn_dialect import DIALECT, MOVE_TOKEN
from pickpack.records.dialect import dialect_for
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN

ROSTERS = {2: ("South", "North"), 3: ("North", "East", "West"), 4: ("South", "West", "North", "East")}


def _record(setup: str, movetext: str, players: int = 2, result: str = "*") -> str:
    roster = "".join(f'[{tag} "?"]\n' for tag in ROSTERS[players])
    return (f'[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n{roster}'
            f'[Result "{result}"]\n[Game "pacru"]\n{setup}\n{movetext}')


def _errors(text: str) -> list[PPNParseError]:
    return PPN.parse_game(text, strict=False).errors


def _play(state: Any, seed: int, plies: int = 10_000) -> Any:
    """Uniformly random legal actions from random.Random(seed), at most ``plies``."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_pacru_names_this_dialect_and_its_rosters() -> None:
    assert dialect_for(GAME) is DIALECT and DIALECT.final_rule == "PA-E2"
    for players, tags in ROSTERS.items():
        assert DIALECT.player_tags({"Players": str(players)}) == tags
    assert DIALECT.player_tags({}) == ("South", "North")                 # 2 players by default
    assert DIALECT.result_tokens({"Players": "2"}) == "1-0, 0-1, 1/2-1/2 or *"
    assert DIALECT.check_result("1/-0.5/-0.5", {"Players": "3"})
    assert not DIALECT.check_result("1-0", {"Players": "4"})


@pytest.mark.parametrize("text", ["e1-e3", "e1xe5[f4,*c7]", "a3-d3[conn]", "a3-d3[conn,*b5]", "e1>NE[a1,b2]",
                                  "e1>W[a1,b2,c3,d4]", "E1-E2"])
def test_the_token_grammar_takes_every_kind_of_move(text: str) -> None:
    assert re.fullmatch(MOVE_TOKEN, text, re.VERBOSE)


@pytest.mark.parametrize("text", ["1-0", "0-1", "1/2-1/2", "*", "1/-0.5/-0.5", "12.", "[e1]"])
def test_the_token_grammar_never_takes_a_result_or_number(text: str) -> None:
    assert re.fullmatch(MOVE_TOKEN, text, re.VERBOSE) is None


def test_a_short_game_is_written_exactly_and_replays() -> None:
    # 2 players, cap 2 plies: south a3-b4 colours b5 (PA-B1), north a7-b6 crosses into
    # the same borderland 3 and colours c6 (b4 holds south's chevron, b5 is south's).
    # Cap: south 1, north 1, both with chevrons: a shared result (PA-E3).
    state = pickpack.new_game("pacru", players=2, max_plies=2)
    state.apply("a3-b4[b5]")
    state.apply("a7-b6[c6]")
    assert state.is_terminal() and state.scores() == {"south": 1, "north": 1}
    text = PPN.export(PPN.game_from_state(state, {"South": "Ada", "North": "Bo"}))
    assert text == ('[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[South "Ada"]\n'
                    '[North "Bo"]\n[Result "1/2-1/2"]\n[Game "pacru"]\n[Players "2"]\n'
                    '[Options "{\\"max_plies\\":2}"]\n\n1. a3-b4[b5] 2. a7-b6[c6] 1/2-1/2\n\n')
    final = PPN.parse_game(text).end().state()
    assert final.snapshot() == state.snapshot() and final.returns() == [0.0, 0.0]


def test_variants_are_tags_and_change_the_game() -> None:
    variant = PPN.parse_game(_record('[Players "3"]\n[Variant "classic-meeting"]\n', "1. e9-e8 *\n", 3))
    state = variant.end().state()
    assert state.options == {"single_cell": False, "classic_meeting": True, "max_plies": 1000}
    assert state.to_position().endswith(" classic-meeting")
    written = PPN.game_from_state(pickpack.new_game("pacru", players=4, variant="single-cell"),
                                  variant="single-cell").headers
    assert (written["Players"], written["Variant"]) == ("4", "single-cell") and "Options" not in written
    assert "Seed" not in written                                     # the seed sets nothing up


def test_options_are_taken_from_the_state_when_not_given() -> None:
    state = pickpack.new_game("pacru", players=3, single_cell=True, max_plies=40)
    tags = PPN.game_from_state(state).headers
    assert tags["Options"] == '{"max_plies":40,"single_cell":true}' and "Seed" not in tags
    again = PPN.parse_game(PPN.export(PPN.game_from_state(state))).end().state()
    assert again.options == {"single_cell": True, "classic_meeting": False, "max_plies": 40}


def test_a_game_taken_up_part_way_is_a_position_tag() -> None:
    # The meeting example of docs/pacru.md: north has 9 cells, so b5-c5 pays (PA-T2).
    position = "BBBBBBBBB/9/9/9/1AAA5/9/9/9/9 A:b5E,d5W;B:i1N A 20"
    state = GAME.from_position(position)
    state.apply("b5-c5[*e9]")
    game = PPN.game_from_state(state)
    assert (game.headers["SetUp"], game.headers["Position"]) == ("1", position)
    final = PPN.parse_game(PPN.export(game)).end().state()
    assert final.scores() == {"south": 4, "north": 8}


@pytest.mark.parametrize("players, variant, seed", [(2, None, 1), (3, "single-cell", 2), (4, None, 3),
                                                    (2, "classic-meeting", 4), (4, "single-cell", 5)])
def test_random_games_round_trip_exactly(players: int, variant: str | None, seed: int) -> None:
    state = _play(pickpack.new_game("pacru", players=players, variant=variant, max_plies=60), seed)
    assert state.is_terminal()
    token = re.compile(MOVE_TOKEN, re.VERBOSE)
    assert all(token.fullmatch(move.text) for move in state.history())
    game = PPN.game_from_state(state, variant=variant)
    text = PPN.export(game)
    again = PPN.parse_game(text)
    assert PPN.export(again) == text
    final = again.end().state()
    assert final.snapshot() == state.snapshot() and final.returns() == state.returns()
    assert again.headers["Result"] == DIALECT.result_of(state) != "*"
    assert len(list(again.mainline_moves())) == len(state.history_actions())


@pytest.mark.parametrize("movetext, column, rule, message", [
    # every chevron has power 1 at the start (PA-M2)
    ("1. e1-e3 *", 4, "PA-M2",
     "move 1: illegal move e1-e3: PA-M2: the chevron on e1 has power 1: it moves 1 to 1 cells"),
    # a3-b4 crosses into borderland 3: the crossing cell must be named (PA-B1)
    ("1. a3-b4 *", 4, "PA-B1",
     "move 1: illegal move a3-b4: PA-B1: the crossing gives one neutral unoccupied cell of the "),
    # north's e9 has power 1 as well
    ("1. e1-e2 2. e9-e7 *", 13, "PA-M2",
     "move 2: illegal move e9-e7: PA-M2: the chevron on e9 has power 1: it moves 1 to 1 cells"),
])
def test_an_illegal_move_is_reported_at_its_line_and_column_with_the_rule(
        movetext: str, column: int, rule: str, message: str) -> None:
    text = _record('[Players "2"]\n', movetext + "\n")
    [error] = _errors(text)
    assert (error.line, error.column, error.rule) == (11, column, rule)
    assert error.message.startswith(message)
    with pytest.raises(PPNParseError) as strict:
        PPN.parse_game(text)
    assert strict.value.rule == rule


@pytest.mark.parametrize("movetext, column, message", [
    ("1. e1-f3 *", 7, "move 1: malformed move 'e1-f3': e1-f3 is not a straight line (PA-M1)"),
    ("1. a3-b4[b5] 2. a7-b6[zz] *", 23, "move 2: malformed move 'a7-b6[zz]': 'zz' is not a cell"),
])
def test_a_malformed_move_names_the_column_inside_it(movetext: str, column: int, message: str) -> None:
    [error] = _errors(_record('[Players "2"]\n', movetext + "\n"))
    assert (error.line, error.column, error.rule, error.message) == (11, column, None, message)


def test_a_move_after_the_end_is_pa_e2() -> None:
    # max_plies 1: the game is over after south's first move (PA-E3)
    text = _record('[Players "2"]\n[Options "{\\"max_plies\\":1}"]\n', "1. e1-e2 2. a1-b2 1/2-1/2\n",
                   result="1/2-1/2")
    [error] = _errors(text)
    assert (error.line, error.column, error.rule) == (12, 13, "PA-E2")
    assert error.message == "move 2: illegal move a1-b2: PA-E2: the game is over"


def test_a_result_that_contradicts_the_final_position_names_pa_e2() -> None:
    text = _record('[Players "2"]\n[Options "{\\"max_plies\\":1}"]\n', "1. e1-e2 1-0\n", result="1-0")
    [error] = _errors(text)
    assert (error.line, error.column, error.rule) == (12, 10, "PA-E2")
    assert error.message == ("result 1-0 contradicts the final position: the game is over and ends "
                             "1/2-1/2 (south 0, north 0; PA-E2)")


@pytest.mark.parametrize("setup, line, message", [
    ('[Players "5"]\n', 9, "tag Players: pacru is played by 2..4 players, not 5"),
    ('[Players "2"]\n[Variant "hard"]\n', 10,
     "tag Variant: pacru has no variant 'hard'; variants: classic-meeting, single-cell"),
    ('[Players "2"]\n[Options "{\\"max_plies\\":0}"]\n', 10, "tag Options: option max_plies=0: must be 1..1000"),
])
def test_bad_set_up_tags_are_one_error_at_the_value(setup: str, line: int, message: str) -> None:
    [error] = _errors(_record(setup, "1. e1-e2 *\n"))
    assert (error.line, error.column, error.message) == (line, 11, message)
