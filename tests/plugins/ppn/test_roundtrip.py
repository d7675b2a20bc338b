"""PPN round trips: export -> parse -> replay gives the same game, and canonical text is
reproduced exactly (docs/ppn.md, "Canonical form").

2,000 random games in the default run and 10,000 under ``-m slow``: finished and
unfinished, from a seed with placements, from phase placement (PP-S3 moves in the
movetext), from a Position tag, Red or Blue first (PP-S4).
"""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.match import GameResult, play_match
from pickpack_ppn.notation import PPN
from pickpack_ppn.records import game_from_result, games_to_ppn
from pickpack_ppn.tree import Game, GameNode
from tests.plugins.ppn.random_games import headers_for, random_game


def _round_trip(seeds: range) -> None:
    states = [random_game(seed) for seed in seeds]
    texts = [PPN.export(PPN.game_from_state(state, headers_for(seed))) for seed, state in zip(seeds, states)]
    file_text = "".join(texts)
    games = list(PPN.iter_games(io.StringIO(file_text)))          # strict: any problem raises
    assert len(games) == len(states)
    for state, game in zip(states, games):
        final = game.end().state()                                 # replay from the tags
        assert final.snapshot() == state.snapshot()
        assert final.zobrist_hash() == state.zobrist_hash()
        assert [m.text for m in game.mainline_moves()] == [m.text for m in state.history()]
        assert game.errors == []
    assert "".join(PPN.export(game) for game in games) == file_text


def test_round_trip_2000_random_games() -> None:
    _round_trip(range(2000))


@pytest.mark.slow
def test_round_trip_10000_random_games() -> None:
    _round_trip(range(10_000))


def test_the_kinds_of_start_are_all_written() -> None:
    # From the rules of tests/plugins/ppn/random_games.py: seed 1 has placements and Blue first (Deal,
    # both placements, First "blue"); seed 4 starts in placement (no placement tags);
    # seed 3 starts part-way (SetUp and Position); seed 2 stops early (Result "*").
    tags = {seed: PPN.game_from_state(random_game(seed)).headers for seed in (1, 3, 4, 2)}
    assert {"Deal", "RedPlacement", "BluePlacement"} <= set(tags[1]) and tags[1]["First"] == "blue"
    assert "RedPlacement" not in tags[4] and tags[4]["First"] == "red"
    assert tags[3]["SetUp"] == "1" and "Deal" not in tags[3] and "Position" in tags[3]
    assert tags[2]["Result"] == "*"
    # A placement-phase game's movetext begins with Red's placement decisions (PP-S3).
    text = PPN.export(PPN.game_from_state(random_game(4)))
    assert text.split("\n\n")[1].startswith("1. aT=")


def test_first_game_of_a_match_file_reads_back_with_its_results() -> None:
    summary = play_match(["random", "greedy"], games=4, seed=11)
    out = io.StringIO()
    assert games_to_ppn(summary.games, out, date="2026.11.29") == 4
    games = list(PPN.iter_games(io.StringIO(out.getvalue())))
    for result, game in zip(summary.games, games):
        h = game.headers
        assert (h["Event"], h["Date"], h["Round"]) == ("pickpack match", "2026.11.29", str(result.index + 1))
        assert (h["Red"], h["Blue"], h["Seed"], h["First"]) == (*result.seats, str(result.seed), "red")
        assert "Game" not in h                      # a Pick & Pack record keeps today's form
        start = pickpack.new_game(result.game, seed=result.seed, variant=result.variant, **result.options)
        assert game.initial_state().snapshot() == start.snapshot()       # the set-up tags replay
        assert h["Result"] == {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2"}[result.winner]
        final = game.end().state()
        assert final.scores() == result.scores and final.is_terminal()
        assert [m.text for m in game.mainline_moves()] == result.moves


def _result(**changes: object) -> GameResult:
    fields: dict[str, object] = dict(index=0, game="pickpack", seed=5, players=("red", "blue"), seats=("a", "b"),
                                     bot_seats=(0, 1), returns=(-1.0, 1.0), scores={"red": 0, "blue": 0},
                                     plies=0, moves=[],
                                     options={"placements": pickpack_game.placements_from_seed(5)})
    fields.update(changes)
    return GameResult(**fields)  # type: ignore[arg-type]


def test_a_forfeit_is_written_with_its_reason() -> None:
    # Red's bot failed before its first move: Blue wins without a move (no PP rule ends it).
    game = game_from_result(_result(forfeit="a (red) RuntimeError: boom\nline 2", forfeited_by="red"))
    assert game.headers["Result"] == "0-1"
    assert game.headers["Termination"] == "forfeit by red: a (red) RuntimeError: boom line 2"
    assert PPN.parse_game(PPN.export(game)).headers["Termination"] == game.headers["Termination"]


def test_a_record_that_does_not_replay_is_refused() -> None:
    state = pickpack.new_game(seed=5, placements=pickpack_game.placements_from_seed(5))
    first = state.legal_moves()[0].text
    with pytest.raises(ValueError, match=r"game 0: its 1 moves do not finish the game and no forfeit"):
        game_from_result(_result(moves=[first]))
    # Onto the grabber's own square: PP-M1 (the grabber must move).
    stay = state.snapshot()["grabber"] + ">1"
    with pytest.raises(ValueError, match=rf"game 0: move 1 \({stay}\) does not replay: .*PP-M1"):
        game_from_result(_result(moves=[stay]))


# --- trees with comments, NAGs and variations --------------------------------------

SAFE_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="}\r"), max_size=20).filter(
    lambda s: "\n[" not in s and "\n%" not in s)


@st.composite
def annotated_games(draw: st.DrawFn) -> Game:
    """A game tree over seed 3's deal: a random mainline, side variations, comments, NAGs."""
    state = pickpack.new_game(seed=3, placements=pickpack_game.placements_from_seed(3))
    game = PPN.game_from_state(state, {"Event": draw(SAFE_TEXT.filter(lambda s: "\n" not in s))})
    game.comment = draw(SAFE_TEXT)
    node: GameNode = game
    for _ in range(draw(st.integers(0, 12))):
        moves = state.legal_moves()
        if not moves:
            break
        pick = draw(st.sampled_from(moves))
        node = node.add_variation(pick, comment=draw(SAFE_TEXT),
                                  nags=draw(st.sets(st.integers(0, 255), max_size=2)))
        if draw(st.booleans()):
            other = draw(st.sampled_from(moves))
            side = node.parent.add_variation(other, comment=draw(SAFE_TEXT),  # type: ignore[union-attr]
                                             starting_comment=draw(SAFE_TEXT))
            side_state = state.copy()
            side_state.apply(other)
            if side_state.legal_moves():
                side.add_variation(side_state.legal_moves()[-1])
        state.apply(pick)
    return game


def _shape(node: GameNode) -> list[object]:
    return [(str(c.move), c.comment, c.starting_comment if i else "", sorted(c.nags), _shape(c))
            for i, c in enumerate(node.variations)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(annotated_games())
def test_comments_nags_and_variations_round_trip(game: Game) -> None:
    text = PPN.export(game)
    back = PPN.parse_game(text)
    assert back.comment == game.comment
    assert _shape(back) == _shape(game)
    assert PPN.export(back) == text


def test_movetext_lines_break_between_tokens_at_80_columns() -> None:
    # Seed 1's finished game has 40+ numbered moves: lines of at most 80 characters,
    # each starting with a move number and never splitting "N. move".
    movetext = PPN.export(PPN.game_from_state(random_game(1))).split("\n\n")[1]
    lines = movetext.split("\n")
    assert len(lines) > 3
    assert all(len(line) <= 80 for line in lines)
    assert all(line.split(" ")[0].rstrip(".").isdigit() for line in lines)
    assert all(len(line) + 1 + len(nxt.split(" ")[0]) + 1 + len(nxt.split(" ")[1]) > 80
               for line, nxt in zip(lines, lines[1:]))
