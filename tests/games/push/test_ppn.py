"""PUSH records (pickpack.games.push.ppn_dialect; docs/push.md, "Records"): the roster,
the set-up tags, chance tokens, results, and reading errors with line, column and rule.
Every expected value is worked out by hand from the rules (/work/shared/rules/push.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pickpack
from pickpack.games.push.benchmark import play_random
from pickpack.games.push.game import GAME
from pickpack.games.push.ppn_dialect import CHANCE_TOKENS, DECISION_TOKENS, DIALECT
from pickpack.records.dialect import dialect_for
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN

DOC = (Path(__file__).resolve().parents[3] / "docs" / "push.md").read_text(encoding="utf-8")
DOC_GAMES = re.findall(r"```ppn\n(.*?)```", DOC, re.S)
DOC_POSITIONS = re.findall(r"```position\n(.*?)\n```", DOC, re.S)

#: Three players, p1 to move, one card (R1) left in the deck; p1's bench B6, p2's G5,
#: p3's bank Y6; all 12 switch cards on the pile (none is ever discarded).
LAST_CARD = "3 - start 0 0 - 100000000000000000000000000000.0.0 -/-/- B6/G5/- -/-/Y6 12 0"
ROSTER3 = ('[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
           '[P1 "?"]\n[P2 "?"]\n[P3 "?"]\n')

#: p1 draws the last card, starts stack 1 with it, stops and takes it: the deck is empty
#: at the end of the turn, so the game is over (PU-E1): p1 7 (B6 + R1), p2 5, p3 6, and
#: p1 alone has the best score of 3: returns 1, -1/2, -1/2 (PU-E3).
FINISHED = (ROSTER3 + '[Result "1/-0.5/-0.5"]\n[Game "push"]\n[Players "3"]\n[SetUp "1"]\n'
            f'[Position "{LAST_CARD}"]\n\n'
            "1. draw 2. R1 3. place-1 4. stop 5. take-1 1/-0.5/-0.5\n")

#: Four players from the start: p1 draws a roll card (stack 1), then R3, which joins it;
#: p1 stops, takes stack 1 (R3 onto the bench, PU-K1) and rolls the star (PU-K4).
OPENING = "1. draw 2. roll 3. place-1 4. draw 5. R3 6. place-1 7. stop 8. take-1\n9. die-star *\n"


def _record(setup: str, movetext: str, players: int = 4, result: str = "*") -> str:
    roster = "".join(f'[P{i + 1} "?"]\n' for i in range(players))
    return (f'[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n{roster}'
            f'[Result "{result}"]\n[Game "push"]\n{setup}\n{movetext}')


def _errors(text: str) -> list[PPNParseError]:
    return PPN.parse_game(text, strict=False).errors


def test_push_names_this_dialect() -> None:
    assert dialect_for(GAME) is DIALECT
    assert DIALECT.final_rule == "PU-E3"
    assert DIALECT.player_tags({"Players": "5"}) == ("P1", "P2", "P3", "P4", "P5")
    assert DIALECT.player_tags({}) == ("P1", "P2", "P3", "P4")          # 4 players by default
    assert DIALECT.result_tokens({"Players": "2"}) == "1-0, 0-1, 1/2-1/2 or *"


def test_every_token_is_a_ppn_move_token_and_the_tables_are_the_texts() -> None:
    assert len(DECISION_TOKENS) == 13 and DECISION_TOKENS["take-3"] == 12 and DECISION_TOKENS["bank-R"] == 2
    assert len(CHANCE_TOKENS) == 38
    assert (CHANCE_TOKENS["R1"], CHANCE_TOKENS["B4"], CHANCE_TOKENS["roll"], CHANCE_TOKENS["switch"],
            CHANCE_TOKENS["die-R"], CHANCE_TOKENS["die-star"]) == (0, 9, 30, 31, 32, 37)
    token = re.compile(DIALECT.move_token)
    assert all(token.fullmatch(t) for t in [*DECISION_TOKENS, *CHANCE_TOKENS])
    assert not token.fullmatch("1/-0.5/-0.5") and not token.fullmatch("1-0")


def test_a_finished_record_from_a_position_is_written_exactly_and_replays() -> None:
    state = GAME.from_position(LAST_CARD)
    for text in ("draw", "R1", "place-1", "stop", "take-1"):
        state.apply(text)
    assert state.is_terminal() and state.scores() == {"p1": 7, "p2": 5, "p3": 6}
    assert PPN.export(PPN.game_from_state(state)) == FINISHED + "\n"
    game = PPN.parse_game(FINISHED)
    final = game.end().state()
    assert final.snapshot() == state.snapshot() and final.returns() == [1.0, -0.5, -0.5]


def test_the_star_is_harmless_unless_hard_and_the_variant_is_a_tag() -> None:
    plain = PPN.parse_game(_record('[Players "4"]\n', OPENING)).end().state()
    assert plain.snapshot()["benches"] == [["R3"], [], [], []]            # PU-R2
    hard = PPN.parse_game(_record('[Players "4"]\n[Variant "hard"]\n', OPENING)).end().state()
    assert hard.snapshot()["benches"] == [[], [], [], []]                 # PU-R3
    by_option = PPN.parse_game(_record('[Players "4"]\n[Options "{\\"hard\\":true}"]\n', OPENING))
    assert by_option.end().state().snapshot() == hard.snapshot()
    for state in (plain, hard):      # the collection came back round: p2's turn (PU-K3, PU-T1)
        assert (state.snapshot()["phase"], state.snapshot()["turn"], state.snapshot()["deck"]["roll"]) == (
            "start", 1, 17)


def test_options_are_written_from_the_state_and_seed_only_when_given() -> None:
    state = pickpack.new_game("push", players=4, variant="hard", switch_per_turn=True)
    for text in OPENING.split()[1:-1:2]:
        state.apply(text)
    tags = PPN.game_from_state(state).headers
    assert tags["Options"] == '{"hard":true,"switch_per_turn":true}'
    assert "Seed" not in tags and "Variant" not in tags
    given = PPN.game_from_state(state, {"Seed": "9"}, variant="hard", options={"switch_per_turn": True}).headers
    assert (given["Seed"], given["Variant"], given["Options"]) == ("9", "hard", '{"switch_per_turn":true}')
    assert PPN.parse_game(PPN.export(PPN.game_from_state(state))).end().state().snapshot() == state.snapshot()


def test_two_player_results_are_pgn_tokens() -> None:
    # p1: bench B6; p2: bank G5; one R2 left. p1 draws it, stops and takes it: 8 to 5.
    pos = "2 - start 0 0 - 010000000000000000000000000000.0.0 -/-/- B6/- -/G5 0 0"
    text = _record('[Players "2"]\n[SetUp "1"]\n' f'[Position "{pos}"]\n',
                   "1. draw 2. R2 3. place-1 4. stop 5. take-1 1-0\n", players=2, result="1-0")
    final = PPN.parse_game(text).end().state()
    assert final.scores() == {"p1": 8, "p2": 5}
    errors = _errors(text.replace("take-1 1-0", "take-1 1/-1"))
    assert [e.message for e in errors] == [
        "result 1/-1 is not a result of this game: 1-0, 0-1, 1/2-1/2 or *"]


def test_a_result_that_contradicts_the_scores_names_pu_e3() -> None:
    text = FINISHED.replace("take-1 1/-0.5/-0.5", "take-1 -0.5/1/-0.5").replace(
        '[Result "1/-0.5/-0.5"]', '[Result "-0.5/1/-0.5"]')
    [error] = _errors(text)
    assert error.rule == "PU-E3" and (error.line, error.column) == (14, 44)
    assert error.message == ("result -0.5/1/-0.5 contradicts the final position: the game is over and "
                             "ends 1/-0.5/-0.5 (p1 7, p2 5, p3 6; PU-E3)")


@pytest.mark.parametrize("movetext, ply, column, rule, needle", [
    ("1. draw 2. R3 3. stop *", 3, 18, "PU-P2", "place the drawn card first"),
    ("1. R3 *", 1, 4, "PU-T1", "illegal move R3"),
    ("1. draw 2. die-R *", 2, 12, "PU-C1", "illegal move die-R"),
    ("1. draw 2. R3 3. place-2 *", 3, 18, "PU-P2", "illegal move place-2"),
    ("1. draw 2. R3 3. place-1 4. take-1 *", 4, 29, "PU-P4", "draw again or stop"),
    ("1. stop *", 1, 4, "PU-P4", "a push turn draws at least one card"),
])
def test_an_illegal_move_is_reported_at_its_line_and_column_with_the_rule(
        movetext: str, ply: int, column: int, rule: str, needle: str) -> None:
    text = _record('[Players "4"]\n', movetext + "\n")
    [error] = _errors(text)
    assert (error.line, error.column, error.rule) == (13, column, rule)
    assert error.message.startswith(f"move {ply}: illegal move ") and needle in error.message
    assert error.message.count("illegal move") == 1 and "(action" not in error.message
    with pytest.raises(PPNParseError) as strict:
        PPN.parse_game(text)
    assert strict.value.rule == rule


def test_no_switch_card_is_drawn_in_a_two_player_game() -> None:
    [error] = _errors(_record('[Players "2"]\n', "1. draw 2. switch *\n", players=2))
    assert error.rule == "PU-C1" and "move 2: illegal move switch" in error.message


def test_malformed_tokens_and_bad_tags_are_one_error_each() -> None:
    [error] = _errors(_record('[Players "4"]\n', "1. draw 2. Q9 *\n"))
    assert (error.line, error.column, error.rule) == (13, 12, None)
    assert error.message.startswith("move 2: malformed move 'Q9'")
    [error] = _errors(_record('[Players "7"]\n', "1. draw *\n"))
    assert (error.line, error.column) == (11, 11)              # the value of the Players tag
    assert error.message == "tag Players: push is played by 2..6 players, not 7"
    [error] = _errors(_record('[Players "4"]\n[Variant "easy"]\n', "1. draw *\n"))
    assert (error.line, error.column) == (12, 11)
    assert error.message == "tag Variant: push has no variant 'easy'; variants: hard, switch-per-turn"


@pytest.mark.parametrize("players, variant", [(2, None), (3, "hard"), (4, None), (5, "switch-per-turn"),
                                              (6, None)])
def test_random_games_round_trip_exactly(players: int, variant: str | None) -> None:
    state = pickpack.new_game("push", players=players, variant=variant)
    play_random(state, random.Random(players))
    game = PPN.game_from_state(state, {"Seed": "3"}, variant=variant)
    text = PPN.export(game)
    again = PPN.parse_game(text)
    assert PPN.export(again) == text
    final = again.end().state()
    assert final.snapshot() == state.snapshot() and final.returns() == state.returns()
    assert again.headers["Result"] == DIALECT.result_of(state) != "*"
    assert len(list(again.mainline_moves())) == len(state.history_actions())


def test_the_doc_has_its_examples() -> None:
    assert len(DOC_GAMES) == 2 and len(DOC_POSITIONS) == 1


@pytest.mark.parametrize("text", DOC_GAMES)
def test_doc_records_read_strictly_are_canonical_and_replay(text: str) -> None:
    game = PPN.parse_game(text)
    assert PPN.export(game) == text + "\n"          # the block omits the final blank line
    game.end().state()


def test_what_the_doc_says_about_its_records() -> None:
    opening = PPN.parse_game(DOC_GAMES[0]).end().state()
    snap = opening.snapshot()
    assert (snap["benches"], snap["banks"]) == ([["Y5"], ["G5"], ["P1"]], [["B3"], [], []])
    assert (snap["phase"], snap["turn"], snap["switches"], sum(snap["deck"].values())) == ("start", 1, 1, 113)
    assert opening.observation(1)["discard"] == {"R3": 1, "roll": 1}
    end = PPN.parse_game(DOC_GAMES[1]).end().state()
    assert end.is_terminal() and end.scores() == {"p1": 4, "p2": 6, "p3": 4}
    assert end.snapshot()["benches"] == [[], ["R1"], ["R2", "B2"]]   # G6 lost to die-G; R3 discarded


def test_the_doc_position_is_the_start_of_a_four_player_game() -> None:
    [text] = DOC_POSITIONS
    state = GAME.from_position(text)
    assert state.snapshot() == pickpack.new_game("push", players=4).snapshot()
    assert state.to_position() == text


def test_the_token_tables_name_what_the_engine_writes_at_every_node() -> None:
    # Over a whole 5-player game: each legal action's text is found in the table of its
    # node kind (chance or decision) and leads back to that action.
    state = pickpack.new_game("push", players=5)
    rng = random.Random(11)
    seen = set()
    while not state.is_terminal():
        table = CHANCE_TOKENS if state.is_chance_node() else DECISION_TOKENS
        for action in state.legal_actions():
            text = state.action_text(action)
            assert table[text] == action
            seen.add(text)
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    assert {"draw", "stop", "place-1", "take-1", "roll", "switch", "R1"} <= seen
