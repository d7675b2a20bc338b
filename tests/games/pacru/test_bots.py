"""PACRU's ``greedy`` bot (pickpack/games/pacru/greedy_bot.py): its move values and
choices in small positions worked out by hand, its determinism in the seed, and whole
games for 2, 3 and 4 players (rules: /work/shared/rules/pacru.md, ids PA-...)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.bots import make_bot
from pickpack.games.pacru.encoding import REORIENT_2, TARGET, action_text, parse_action, parse_cell
from pickpack.match import GameResult, play_match
from pickpack.games.pacru.greedy_bot import GreedyBot, pacru_move_values


def position(cells: dict[str, str], chevrons: list[list[str]], *, players: int = 2) -> Any:
    """A PACRU state at ply 0, seat 0 to move: ``cells`` maps cell texts to colour
    letters (every other cell neutral), ``chevrons`` lists each seat's chevrons
    (``"f6NE"``)."""
    rows = []
    for row in range(9, 0, -1):
        rows.append("".join(cells.get(f"{col}{row}", ".") for col in "abcdefghi"))
    snap = {"players": players, "single_cell": False, "classic_meeting": False, "max_plies": 1000,
            "ply": 0, "turn": 0, "board": rows, "chevrons": chevrons}
    return pickpack.get_game("pacru").load("state_class").from_snapshot(snap, checked=False)


def best_texts(state: Any) -> set[str]:
    values = pacru_move_values(state)
    top = max(v for _, v in values)
    return {action_text(a) for a, v in values if v == top}


def test_the_opening_gains_a_cell_by_a_crossing_and_every_power_stays_one() -> None:
    # South: a3 E, e1 N, i3 W, i9 SW, all of power 1 (no cell of theirs, PA-M2): 12 moves
    # of one cell. Only a3-b4 (borderland a4-c6) and i3-h4 (g4-i6) cross a border (PA-B1),
    # each with 9 neutral cells to choose: 18 crossing actions + 10 others = 28 actions.
    # A crossing gains 1 cell; every chevron keeps power 1 (sum 4) either way, and every
    # landing leaves all four chevrons a direction onto the board (4 mobile).
    state = pickpack.new_game("pacru", players=2)
    values = dict(pacru_move_values(state))
    assert sorted(values) == state.move_actions()
    assert len(values) == 28
    assert sorted(values.values()) == [(0, 4, 4)] * 10 + [(1, 4, 4)] * 18
    best = best_texts(state)
    assert best == {f"a3-b4[{c}]" for c in ("a4", "b4", "c4", "a5", "b5", "c5", "a6", "b6", "c6")} \
        | {f"i3-h4[{c}]" for c in ("g4", "h4", "i4", "g5", "h5", "i5", "g6", "h6", "i6")}
    move = GreedyBot(seed=3).choose(state)
    assert move.text in best and move.action == parse_action(move.text)
    assert state.ply == 0 and len(state.move_actions()) == 28          # not modified


def test_a_crossing_beats_a_higher_power_kept_at_home() -> None:
    # South's chevron b2 N stands in a1-c3 where South has a1 b1 c1 a2 c2: power 5. It
    # moves N to b3..b7, NE to c3..g7 or NW to a3 (off the board beyond). b3, c3 and a3
    # stay home: no cell gained, power 5. The other 8 landings cross a border and give
    # 1 of 9 neutral cells there: 72 actions gaining 1 cell, power 1 (one cell of theirs
    # where the chevron lands). Cells gained come first. Every landing leaves the chevron
    # a direction onto the board (a3, pointing NW, still has N to a4): 1 mobile.
    state = position({c: "A" for c in ("a1", "b1", "c1", "a2", "c2")}, [["b2N"], ["i1N"]])
    assert state.power(parse_cell("b2")) == 5
    values = dict(pacru_move_values(state))
    assert len(values) == 75
    assert [values[parse_action(t)] for t in ("b2-b3", "b2-c3", "b2-a3")] == [(0, 5, 1)] * 3
    assert {values[parse_action(t)] for t in ("b2-b4[a5]", "b2-b7[c9]", "b2-d4[f6]", "b2-g7[g7]")} == {(1, 1, 1)}
    best = best_texts(state)
    assert len(best) == 72 and "b2-b3" not in best and "b2-e5[d4]" in best
    for seed in range(5):
        assert GreedyBot(seed=seed).choose(state).text in best


def test_among_equal_gains_the_higher_power_sum_wins() -> None:
    # South's chevron f6 NE (power 1: no South cell in d4-f6) moves 1 cell: N to f7, NE to
    # g7, E to g6, each a crossing. In d7-f9 South already has d7, so landing there
    # leaves power 2 (d7 and the cell gained); g7-i9 and g4-i6 give power 1. Crossing
    # cells: the 8 neutral cells of d7-f9, 9 in each other borderland: 26 actions. f7 N,
    # g7 NE and g6 E each still point onto the board: 1 mobile.
    state = position({"d7": "A"}, [["f6NE"], ["a1NE"]])
    assert state.power(parse_cell("f6")) == 1
    values = dict(pacru_move_values(state))
    assert len(values) == 26
    assert sorted(values.values()) == [(1, 1, 1)] * 18 + [(1, 2, 1)] * 8
    assert best_texts(state) == {f"f6-f7[{c}]" for c in ("e7", "f7", "d8", "e8", "f8", "d9", "e9", "f9")}


def test_a_transformation_is_worth_the_whole_borderland() -> None:
    # In g4-i6 South (A) holds g6, North (B) the 8 other cells, with a chevron on h5: no
    # neutral cell there, so South's crossing f6-g6 turns every cell of it South's
    # (PA-B2), the occupied h5 included: 8 cells gained, power 9. f6-f7 and f6-g7 gain 1
    # cell of 9 neutral ones, power 1: 9 + 9 + 1 actions; the chevron stays mobile.
    cells = {c: "B" for c in ("g4", "h4", "i4", "g5", "h5", "i5", "h6", "i6")} | {"g6": "A"}
    state = position(cells, [["f6NE"], ["h5N"]])
    values = dict(pacru_move_values(state))
    assert values[parse_action("f6-g6")] == (8, 9, 1)
    assert values[parse_action("f6-f7[d9]")] == values[parse_action("f6-g7[i9]")] == (1, 1, 1)
    assert len(values) == 19
    assert GreedyBot(seed=1).choose(state).text == "f6-g6"


def test_equal_gains_and_powers_keep_the_chevron_off_the_edge() -> None:
    # South's only chevron h8 N (power 1, no South cell) moves NW to g9, N to h9 or NE to
    # i9, all inside g7-i9: no cell gained, power 1 each. On h9 pointing N (NW g10, N h10,
    # NE i10) and on i9 pointing NE (N i10, NE j10, E j9) every direction leaves the
    # board: the chevron could never move again (PA-E1). On g9 pointing NW it still has
    # W to f9. So (0, 1, 1) for h8-g9, (0, 1, 0) for the others, and greedy takes h8-g9.
    state = position({}, [["h8N"], ["a1NE"]])
    values = dict(pacru_move_values(state))
    assert values == {parse_action("h8-g9"): (0, 1, 1), parse_action("h8-h9"): (0, 1, 0),
                      parse_action("h8-i9"): (0, 1, 0)}
    for seed in range(5):
        assert GreedyBot(seed=seed).choose(state).text == "h8-g9"


def test_the_same_seed_plays_the_same_game_and_seeds_differ() -> None:
    def game(seeds: tuple[int, int]) -> list[str]:
        state = pickpack.new_game("pacru", players=2, max_plies=30)
        bots = [GreedyBot(seed=seeds[0]), GreedyBot(seed=seeds[1])]
        texts = []
        while not state.is_terminal():
            move = bots[state.turn].choose(state)
            texts.append(move.text)
            state.apply(move)
        return texts

    first = game((1, 2))
    assert len(first) == 30
    assert game((1, 2)) == first
    assert len({tuple(game((s, s + 1))) for s in range(4)}) > 1


def test_a_finished_game_is_refused() -> None:
    state = pickpack.new_game("pacru", players=2, max_plies=1)
    state.apply_action(state.move_actions()[0])
    assert state.is_terminal()
    assert pacru_move_values(state) == []
    with pytest.raises(ValueError, match="^greedy: no move to choose: the game is over$"):
        GreedyBot(seed=1).choose(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_never_reorient_and_end_by_the_rules(players: int) -> None:
    state = pickpack.new_game("pacru", players=players)
    bots = [GreedyBot(seed=10 + i) for i in range(players)]
    while not state.is_terminal():
        move = bots[state.turn].choose(state)
        assert move.action < REORIENT_2            # a move, never a reorientation (PA-O2)
        state.apply(move)
    winners = state.winning_seats()
    assert winners and sum(state.returns()) == pytest.approx(0.0)
    in_game = [s for s in range(players) if state.in_game(s)]
    if any(state.cells(w) >= TARGET[players] for w in winners):      # PA-E2: the target
        assert len(winners) == 1
    elif len(in_game) == 1:                                          # PA-E2: the last one left
        assert winners == in_game
    else:                                                            # PA-E3: the ply cap
        assert state.ply == 1000
        best = max(state.cells(s) for s in in_game)
        assert winners == [s for s in in_game if state.cells(s) == best]


@pytest.mark.parametrize("players", [2, 4])
def test_match_runner_plays_greedy_against_random(players: int) -> None:
    bots = ["greedy"] + ["random"] * (players - 1)
    summary = play_match(bots, games=players, seed=1, game="pacru", players=players)
    assert summary.games_played == players
    assert all(line.forfeits == 0 for line in summary.lines)
    assert make_bot("greedy", seed=1, game="pacru", players=players).name == "greedy"


def _bench() -> Any:
    """bench/bench_pacru_bots.py as a module (bench/ is not a package)."""
    path = Path(__file__).resolve().parents[3] / "bench" / "bench_pacru_bots.py"
    spec = importlib.util.spec_from_file_location("bench_pacru_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_evaluation_script_tells_the_endings_apart() -> None:
    bench = _bench()

    def result(scores: dict[str, float], plies: int, fault: str | None = None) -> GameResult:
        names = tuple(scores)
        return GameResult(index=0, game="pacru", seed=0, players=names, seats=names, bot_seats=(0, 1),
                          returns=(1.0, -1.0), scores=scores, plies=plies, fault=fault, forfeit="x")

    assert bench.ending(result({"south": 42, "north": 30}, 80)) == "target"         # PA-C5: 42 with 2
    assert bench.ending(result({"south": 3, "north": 10}, 53)) == "last left"
    assert bench.ending(result({"south": 30, "north": 30}, 1000)) == "ply cap"
    assert bench.ending(result({"south": 30, "north": 30}, 20), max_plies=20) == "ply cap"
    with pytest.raises(ValueError, match="ended by a fault"):
        bench.ending(result({"south": 3, "north": 10}, 5, fault="crash"))
    assert bench.mcts_spec(500, None, 1.0, 0.5) == "mcts:simulations=500,exploration=1,margin=0.5"
    assert bench.mcts_spec(500, 0.25, 0.7, 0) == "mcts:seconds=0.25,exploration=0.7,margin=0"


def test_the_evaluation_script_runs_both_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert _bench().main(["--players", "2", "4", "--games", "4", "--simulations", "30"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("4 games of pacru, 2 players")
    assert out[1].startswith("mcts:simulations=30,exploration=1,margin=0.5")
    assert "win share" in out[1] and "95% CI" in out[1]
    assert [line.split(":")[0] for line in out[3:5]] == ["MCTS won", "MCTS did not win"]
    assert out[5].startswith("4 games of pacru, 4 players") and len(out) == 5 + 1 + 4 + 2
    won, lost = (sum(int(n) for n in re.findall(r"\d+", line)) for line in out[-2:])
    assert won + lost == 4
