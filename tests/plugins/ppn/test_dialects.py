"""PPN for any game: the ``[Game "NAME"]`` tag picks the game's dialect.

The game is the 3-player dice race of tests/support/nplayer_game.py (chance nodes, returns +1
for the top total and -1 for the others), installed for these tests as a distribution
with a ``pickpack.games`` entry point (tests/support/plugin_dist.py), exactly as a third-party
game is.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack
from pickpack.cli import main
from pickpack.games_registry import available_games
from pickpack.match import GameResult
from pickpack.records.dialect import (GenericDialect, dialect_for, parse_return, parse_returns, player_tag,
                                     result_from_returns, return_text, returns_text, same_result)
from pickpack.records.savefile import SavedGame
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN
from pickpack_ppn.records import games_to_ppn
from tests.support.plugin_dist import on_sys_path, write_distribution

# Seats p1, p2, p3 (rounds=1): p1 rolls a 5, p2 takes the safe 3, p3 rolls a 2.
MOVES = ["roll", "d5", "safe", "roll", "d2"]
RECORD = """[Event "Dice"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[P1 "a"]
[P2 "b"]
[P3 "c"]
[Result "1/-1/-1"]
[Game "dice"]
[Players "3"]
[Seed "0"]
[Options "{\\"rounds\\":1}"]

1. roll 2. d5 3. safe 4. roll 5. d2 1/-1/-1

"""


@pytest.fixture(autouse=True)
def dice(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The dice race installed as the game ``dice`` for the test."""
    site = tmp_path_factory.mktemp("site")
    write_distribution(site, "dice-race", "1.0", {"pickpack.games": {"dice": "tests.support.nplayer_game:GAME"}}, {})
    with on_sys_path(site):
        yield


def _played(moves: list[str] = MOVES, players: int = 3, rounds: int = 1) -> object:
    state = pickpack.new_game("dice", players=players, seed=0, rounds=rounds)
    for text in moves:
        state.apply(text)
    return state


def _errors(text: str) -> list[tuple[int, int, str, str | None]]:
    return [(e.line, e.column, e.message, e.rule) for e in PPN.parse_game(text, strict=False).errors]


# --- the result forms ---------------------------------------------------------------

def test_result_tokens_from_returns() -> None:
    assert [result_from_returns(r) for r in ([1, -1], [-1, 1], [0.5, 0.5])] == ["1-0", "0-1", "1/2-1/2"]
    assert result_from_returns([1.0, -0.5, -0.5]) == "1/-0.5/-0.5"
    assert returns_text([1 / 3, 0.00001, -2.0]) == "1/3,0.00001,-2"        # a fraction: joined by ','
    assert returns_text([7.0]) == "7/"                   # one player: its value and a '/'
    assert returns_text([-1 / 3]) == "-1/3,"
    assert parse_returns("1/-0.5/-0.5") == [1.0, -0.5, -0.5]
    assert parse_returns("0.3333333333333333/0/0") == [1 / 3, 0.0, 0.0]   # the form written before: same floats
    assert parse_returns("1/3,0.00001,-2") == [1 / 3, 0.00001, -2.0] and parse_returns("-1/3,") == [-1 / 3]
    assert parse_returns("7/") == [7.0] and parse_returns("1-0") is None and parse_returns("roll") is None
    with pytest.raises(ValueError, match="not a finite number"):
        returns_text([float("nan"), 0.0, 0.0])


@pytest.mark.parametrize("value, text", [
    (1.0, "1"), (-2.0, "-2"), (-0.5, "-0.5"), (0.25, "0.25"), (0.1, "0.1"), (-1 / 3, "-1/3"), (2 / 3, "2/3"),
    (1 / 7, "1/7"), (-5 / 6, "-5/6"), (0.00001, "0.00001"),
])
def test_a_return_is_written_exactly_as_people_write_it(value: float, text: str) -> None:
    assert return_text(value) == text
    assert parse_return(text) == value                  # and reads back as the same float


def test_four_player_returns_of_thirds_are_fractions_not_long_decimals() -> None:
    # The winner of a zero-sum 4-player game gets 1, each other seat -1/3.
    assert result_from_returns([1.0, -1 / 3, -1 / 3, -1 / 3]) == "1,-1/3,-1/3,-1/3"
    assert result_from_returns([-1 / 3, -1 / 3, 1.0, -1 / 3]) == "-1/3,-1/3,1,-1/3"


def test_a_result_written_as_long_decimals_is_the_same_result_as_its_fractions() -> None:
    old = "1/-0.3333333333333333/-0.3333333333333333/-0.3333333333333333"
    assert same_result(old, "1,-1/3,-1/3,-1/3") and same_result("1,-1/3,-1/3,-1/3", old)
    assert not same_result(old, "1,-1/3,-1/3,-1/4") and not same_result("1-0", "0-1")


@pytest.mark.parametrize("form", ["1,-1/3,-1/3,-1/3",
                                  "1/-0.3333333333333333/-0.3333333333333333/-0.3333333333333333"])
def test_a_four_player_forfeit_record_of_thirds_reads_in_either_form(form: str) -> None:
    out = io.StringIO()
    games_to_ppn([_result(players=("p1", "p2", "p3", "p4"), seats=("random",) * 4, bot_seats=(0, 1, 2, 3),
                          moves=["roll", "d5"], returns=(1.0, -1 / 3, -1 / 3, -1 / 3),
                          scores={"p1": 5.0, "p2": 0.0, "p3": 0.0, "p4": 0.0},
                          forfeit="timed out", forfeited_by="p2")], out, date="2026.12.01")
    text = out.getvalue()
    assert '[Result "1,-1/3,-1/3,-1/3"]' in text and "2. d5 1,-1/3,-1/3,-1/3\n" in text
    game = PPN.parse_game(text.replace("1,-1/3,-1/3,-1/3", form))
    assert game.errors == [] and parse_returns(game.headers["Result"]) == [1.0, -1 / 3, -1 / 3, -1 / 3]


def test_roster_tags_come_from_the_player_names() -> None:
    assert [player_tag(n) for n in ("red", "p3", "north east", "2nd")] == ["Red", "P3", "North_east", "P2nd"]
    dialect = dialect_for(pickpack.get_game("dice"))
    assert isinstance(dialect, GenericDialect)           # the dice race names no dialect
    assert dialect.player_tags({"Players": "4"}) == ("P1", "P2", "P3", "P4")
    assert dialect.player_tags({}) == ("P1", "P2", "P3")  # the game's default count


# --- writing and reading ------------------------------------------------------------

def test_a_record_is_written_with_its_game_chance_tokens_and_returns() -> None:
    state = _played()
    game = PPN.game_from_state(state, {"Event": "Dice", "P1": "a", "P2": "b", "P3": "c"},
                               options={"rounds": 1})
    assert PPN.export(game) == RECORD


def test_write_read_round_trip_replays_to_the_same_hash_and_returns() -> None:
    state = _played()
    back = PPN.parse_game(RECORD)
    assert PPN.export(back) == RECORD
    final = back.end().state()
    assert final.is_terminal() and final.returns() == [1.0, -1.0, -1.0] == state.returns()  # type: ignore[attr-defined]
    assert final.zobrist_hash() == state.zobrist_hash()  # type: ignore[attr-defined]
    assert final.history_actions() == [1, 4, 0, 1, 1]     # roll, face 5, safe, roll, face 2
    assert [m.text for m in back.mainline_moves()] == MOVES


def test_random_games_of_two_to_four_players_round_trip() -> None:
    import random
    for seed in range(30):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = pickpack.new_game("dice", players=players, seed=0, rounds=2)
        for _ in range(rng.randrange(0, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        text = PPN.export(PPN.game_from_state(state, options={"rounds": 2}))
        game = PPN.parse_game(text)
        assert PPN.export(game) == text
        final = game.end().state()
        assert (final.zobrist_hash(), final.returns(), final.history_actions()) == (
            state.zobrist_hash(), state.returns(), state.history_actions())
        expected = "*" if not state.is_terminal() else result_from_returns(state.returns())
        assert game.headers["Result"] == expected
        assert game.headers.roster[4:-1] == tuple(f"P{i + 1}" for i in range(players))


def test_two_players_use_pgn_tokens_and_ties_the_vector() -> None:
    # Two players: p1 safe (3), p2 rolls 4: p2 wins, "0-1".
    two = PPN.game_from_state(_played(["safe", "roll", "d4"], players=2), options={"rounds": 1})
    assert two.headers["Result"] == "0-1" and two.headers.roster == (
        "Event", "Site", "Date", "Round", "P1", "P2", "Result")
    # Three players all on 3: everyone shares the top, returns +1 each.
    tie = PPN.game_from_state(_played(["safe", "safe", "roll", "d3"]), options={"rounds": 1})
    assert tie.headers["Result"] == "1/1/1"
    assert PPN.export(tie).split("\n\n")[1] == "1. safe 2. safe 3. roll 4. d3 1/1/1"


def test_set_up_tags_that_cannot_reproduce_the_game_are_refused() -> None:
    # One round is not the default (2): without the Options the start cannot be told.
    with pytest.raises(ValueError, match="seed 0 does not set it up, no Seed is given and it has no "
                                         "position strings"):
        PPN.game_from_state(_played())
    with pytest.raises(ValueError, match="tag Game 'pickpack' contradicts the state"):
        PPN.game_from_state(_played(), {"Game": "pickpack"}, options={"rounds": 1})


# --- errors -------------------------------------------------------------------------

def test_unknown_game_names_the_line_column_and_installed_games() -> None:
    text = RECORD.replace('[Game "dice"]', '[Game "chess"]')
    names = ", ".join(available_games())
    assert "dice" in names and "pickpack" in names
    assert _errors(text) == [(9, 8, f"tag Game: unknown game 'chess'; installed games: {names}", None)]
    with pytest.raises(PPNParseError, match=r"line 9, column 8: tag Game: unknown game 'chess'"):
        PPN.parse_game(text)


def test_a_record_without_a_game_tag_reads_as_pick_and_pack() -> None:
    errors = _errors(RECORD.replace('[Game "dice"]\n', ""))
    assert errors[0] == (13, 4, "move 1: malformed move 'roll': expected a destination square (a1..f6)", None)
    assert errors[1] == (13, 37, "result 1/-1/-1 is not a result of this game: 1-0, 0-1, 1/2-1/2 or *", None)


def test_a_bad_chance_token_is_an_error_at_its_line_and_column() -> None:
    # Line 14 is the movetext; "2. d7" has d7 at column 12.
    assert _errors(RECORD.replace("2. d5", "2. d7")) == [
        (14, 12, "move 2: malformed move 'd7': 'd7' is not safe, roll or d1..d6", None)]
    # A decision where the die is rolled: illegal, with the game's rule.
    assert _errors(RECORD.replace("2. d5", "2. safe")) == [
        (14, 12, "move 2: illegal move safe: 'safe' is not legal here", "DICE-1")]


def test_results_of_the_wrong_form_or_contradicting_the_returns() -> None:
    assert _errors(RECORD.replace(" 1/-1/-1\n", " 1-0\n")) == [
        (14, 37, "result 1-0 is not a result of this game: the returns of the 3 players as v1/.../v3, or *",
         None)]
    assert _errors(RECORD.replace('"1/-1/-1"', '"*"').replace(" 1/-1/-1\n", " -1/1/-1\n"))[-1] == (
        14, 37, "result -1/1/-1 contradicts the final position: the game is over and ends 1/-1/-1 "
        "(p1 5.0, p2 3.0, p3 2.0)", None)
    assert _errors(RECORD.replace("[Players \"3\"]", "[Players \"9\"]"))[0] == (
        10, 11, "tag Players: dice is played by 2..4 players, not 9", None)


def test_variations_and_lenient_reading_work_for_any_game() -> None:
    text = RECORD.replace("2. d5", "2. d5 { lucky } ( 2. d6 3. safe ) $1")
    game = PPN.parse_game(text)
    assert PPN.export(game) == RECORD.replace("2. d5", "2. d5 $1 { lucky } ( 2. d6 3. safe )")
    side = game.variations[0].variations[1]
    assert side.move is not None and side.move.text == "d6" and side.state().scores()["p1"] == 6.0
    both = io.StringIO(RECORD.replace("2. d5", "2. d9") + RECORD)
    games = list(PPN.iter_games(both, strict=False))
    assert [len(g.errors) for g in games] == [1, 0]


# --- match records, replay, validate, export -----------------------------------------------

def _result(**changes: object) -> GameResult:
    fields: dict[str, object] = dict(
        index=2, game="dice", seed=9, players=("p1", "p2", "p3"), seats=("random", "mcts", "greedy"),
        bot_seats=(0, 1, 2), returns=(1.0, -1.0, -1.0), scores={"p1": 5.0, "p2": 3.0, "p3": 2.0},
        plies=3, moves=list(MOVES), options={"rounds": 1})
    fields.update(changes)
    return GameResult(**fields)  # type: ignore[arg-type]


def test_match_results_of_any_game_are_written() -> None:
    out = io.StringIO()
    assert games_to_ppn([_result()], out, date="2026.12.01") == 1
    game = PPN.parse_game(out.getvalue())
    h = game.headers
    assert [(t, h[t]) for t in h] == [
        ("Event", "pickpack match"), ("Site", "?"), ("Date", "2026.12.01"), ("Round", "3"),
        ("P1", "random"), ("P2", "mcts"), ("P3", "greedy"), ("Result", "1/-1/-1"), ("Game", "dice"),
        ("Players", "3"), ("Seed", "9"), ("Options", '{"rounds":1}')]
    # A forfeit mid-game: the returns given by the fault rule, the reason in Termination.
    out = io.StringIO()
    games_to_ppn([_result(moves=["roll", "d5"], returns=(1.0, -1.0, 1.0), forfeit="timed out",
                          forfeited_by="p2")], out, date="2026.12.01")
    forfeit = PPN.parse_game(out.getvalue())
    assert forfeit.headers["Result"] == "1/-1/1" and forfeit.headers["Termination"] == "forfeit by p2: timed out"
    with pytest.raises(ValueError, match=r"game 2: move 2 \(d9\) does not replay"):
        games_to_ppn([_result(moves=["roll", "d9"])], io.StringIO())


def test_replay_and_validate_read_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dice.ppn"
    path.write_text(RECORD + RECORD.replace("4. roll 5. d2", "4. roll 5. d7"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"{path}: game 1: a (p1) vs b (p2) vs c (p3): 1/-1/-1, scores p1 5.0 p2 3.0 p3 2.0, 5 plies, over",
        f"{path}: game 2: a (p1) vs b (p2) vs c (p3): not replayed (1 problem)"]
    # A game is 15 lines (its blank last one included), so the second game's movetext is
    # line 29 (15 + 14); in "1. roll 2. d5 3. safe 4. roll 5. d7", d7 is at column 34.
    assert captured.err.splitlines() == [f"{path}:29:34: move 5: malformed move 'd7': 'd7' is not safe, roll or d1..d6"]
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:29:34: move 5: malformed move 'd7': 'd7' is not safe, roll or d1..d6"]


def test_export_writes_any_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "dice.json"
    SavedGame(game="dice", players={"p1": "human", "p2": "random", "p3": "mcts"}, moves=list(MOVES),
              options={"rounds": 1}).save(save)
    assert main(["export", str(save)]) == 0
    text = capsys.readouterr().out
    game = PPN.parse_game(text)
    assert [game.headers[t] for t in ("Event", "P1", "P2", "P3", "Result", "Game", "Seed", "Options")] == [
        "pickpack play", "human", "random", "mcts", "1/-1/-1", "dice", "0", json.dumps({"rounds": 1}, separators=(",", ":"))]
    assert [m.text for m in game.mainline_moves()] == MOVES


# --- Pick & Pack's own dialect ------------------------------------------------------------

def test_pick_and_pack_names_its_dialect_and_keeps_todays_records() -> None:
    from pickpack.games.pickpack.ppn_dialect import DIALECT
    assert pickpack.get_game("pickpack").ppn_dialect == "pickpack.games.pickpack.ppn_dialect:DIALECT"
    assert dialect_for(pickpack.get_game("pickpack")) is DIALECT is PPN.dialect() is PPN.dialect("pickpack")
    state = pickpack.new_game("pickpack", seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    state.apply("a6>1")
    text = PPN.export(PPN.game_from_state(state, {"Event": "Demo"}))
    assert "[Game " not in text and text.split("\n\n")[1] == "1. a6>1 *"   # today's form
    # The tag may be written all the same; it is kept, right after the roster.
    tagged = text.replace('[Result "*"]\n', '[Result "*"]\n[Game "pickpack"]\n')
    game = PPN.parse_game(tagged)
    assert PPN.export(game) == tagged and game.end().state().snapshot() == state.snapshot()


def test_the_docs_dice_record_is_this_record() -> None:
    import re
    doc = (Path(__file__).resolve().parents[3] / "docs" / "ppn.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```ppn-dice\n(.*?)```", doc, re.S)
    assert block + "\n" == RECORD and PPN.export(PPN.parse_game(block)) == RECORD


def test_a_long_record_of_the_pig_example_round_trips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Pig (examples/thirdparty-game), a game of any length: a random game well past Pick &
    # Pack's 84 plies, with the die rolls as tokens, numbered on past 100.
    import random
    import sys
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))
    # Pig's modules as they were before the test: other test files imported them already at
    # collection, and a second copy of PigState would no longer pickle as theirs.
    loaded_before = {m: mod for m, mod in sys.modules.items() if m.startswith("pickpack_pig")}
    site = tmp_path / "pig-site"
    write_distribution(site, "pig-for-ppn", "1.0", {"pickpack.games": {"pig": "pickpack_pig.game:GAME"}}, {})
    with on_sys_path(site):
        rng = random.Random(5)
        state = pickpack.new_game("pig", players=3, seed=5)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        plies = len(state.history_actions())
        assert plies > 100
        text = PPN.export(PPN.game_from_state(state, seed=5))
        assert f" {plies}. " in text.replace("\n", " ")
        game = PPN.parse_game(text)
        final = game.end().state()
        assert PPN.export(game) == text and final.zobrist_hash() == state.zobrist_hash()
        assert final.history_actions() == state.history_actions() and final.returns() == state.returns()
        assert game.headers["Result"] == result_from_returns(state.returns())
    for module in [m for m in sys.modules if m.startswith("pickpack_pig")]:
        del sys.modules[module]
    sys.modules.update(loaded_before)


def test_a_game_that_fails_on_a_token_costs_only_that_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.nplayer_game import DiceState

    def broken(self: DiceState, text: str) -> object:
        raise KeyError(text)

    monkeypatch.setattr(DiceState, "parse_move", broken)
    assert _errors(RECORD) == [(14, 4, "move 1: the game dice failed on 'roll': KeyError: 'roll'", None)]
