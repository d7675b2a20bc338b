"""The generic match runner on an N-player game with chance nodes (tests/support/nplayer_game.py):
seat rotation, exact and seeded chance draws, --jobs independence, the N-player
summary numbers, bots that declare their games, and every bad input of ``pickpack
match`` as one line with exit status 2 before any game."""

from __future__ import annotations

import math

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from pickpack.bots import bot_games, make_bot
from pickpack.cli import main
from pickpack.errors import BotSpecError
from pickpack.game import OptionError
from pickpack.games_registry import available_games
from pickpack.match import (GameResult, deal_seed, forfeit_returns, match_game, play_game,
                            play_match, seat_of, seating, summarize)
from pickpack.match.chance import sample_outcome
from pickpack.match.seeding import chance_seed, derive_seed
from pickpack.match.stats import Z95
from pickpack.plugins import PluginNotFoundError
from tests.support.nplayer_game import GAME
from tests.support.plugin_dist import on_sys_path, write_distribution


@pytest.fixture(scope="module")
def dice_installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The dice game registered as ``dice`` in ``pickpack.games`` (an installed dist)."""
    site = tmp_path_factory.mktemp("dice")
    write_distribution(site, "dice-game", "1.0",
                       {"pickpack.games": {"dice": "tests.support.nplayer_game:GAME"}}, {})
    with on_sys_path(site):
        yield


# --- seats ---------------------------------------------------------------------------

def test_the_williams_designs_by_hand() -> None:
    assert seating(2) == ((0, 1), (1, 0))
    assert seating(3) == ((0, 1, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0), (0, 2, 1), (1, 0, 2))
    assert seating(4) == ((0, 1, 3, 2), (1, 2, 0, 3), (2, 3, 1, 0), (3, 0, 2, 1))
    assert [len(seating(n)) for n in range(1, 8)] == [1, 2, 6, 4, 10, 6, 14]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_one_full_design_balances_seats_and_predecessors(n: int) -> None:
    design = seating(n)
    games = len(design)
    assert all(sorted(order) == list(range(n)) for order in design)
    # every bot sits in every seat equally often (seat_of agrees with the orders)
    seats = Counter((bot, seat_of(bot, g, n)) for g in range(games) for bot in range(n))
    assert len(seats) == n * n and set(seats.values()) == {games // n}
    # every bot immediately precedes (the next seat) every other bot equally often:
    # once for even n, twice for odd n (the square and its mirror)
    follows = Counter((order[k], order[k + 1]) for order in design for k in range(n - 1))
    assert len(follows) == n * (n - 1)
    assert set(follows.values()) == {1 if n % 2 == 0 else 2}


def test_a_plain_rotation_would_not_balance_three_players() -> None:
    # the old cyclic seating: A is always followed by B, never by C
    rotation = [tuple((seat - g) % 3 for seat in range(3)) for g in range(3)]
    follows = Counter((o[k], o[k + 1]) for o in rotation for k in range(2))
    assert follows[(0, 1)] == 2 and follows[(0, 2)] == 0
    design = Counter((o[k], o[k + 1]) for o in seating(3) for k in range(2))
    assert design[(0, 1)] == design[(0, 2)] == 2


def test_two_players_alternate_as_before() -> None:
    # bot A is seat 0 (Red) in even games and seat 1 in odd ones
    assert [seat_of(0, g, 2) for g in range(4)] == [0, 1, 0, 1]
    assert [seat_of(1, g, 2) for g in range(4)] == [1, 0, 1, 0]


def test_games_seat_the_bots_by_the_design() -> None:
    summary = play_match(["random", "random", "random"], games=8, seed=4, game=GAME)
    seats = [g.bot_seats for g in summary.games]
    # bot_seats[i] is bot i's seat: the inverse of each order of seating(3)
    assert seats == [(0, 1, 2), (2, 0, 1), (1, 2, 0), (2, 1, 0), (0, 2, 1), (1, 0, 2),
                     (0, 1, 2), (2, 0, 1)]
    assert [g.seats for g in summary.games][:2] == [("random",) * 3] * 2
    # every deal is played under the 6 orders of the design
    assert [g.seed for g in summary.games] == [derive_seed(4, 0)] * 6 + [derive_seed(4, 1)] * 2
    assert [deal_seed(4, g, 3) for g in range(8)] == [g.seed for g in summary.games]
    assert [deal_seed(4, g, 2) for g in range(4)] == [derive_seed(4, 0)] * 2 + [derive_seed(4, 1)] * 2
    for g in summary.games:
        assert g.players == ("p1", "p2", "p3")
        assert g.bot_returns == tuple(g.returns[s] for s in g.bot_seats)


# --- chance ---------------------------------------------------------------------------

class _Fixed(random.Random):
    """A generator whose randrange answers ``r`` and records the bound it was asked."""

    def __init__(self, r: int) -> None:
        super().__init__(0)
        self.r = r
        self.bounds: list[int] = []

    def randrange(self, *args: int, **kwargs: object) -> int:  # type: ignore[override]
        self.bounds.append(args[0])
        return self.r


def test_a_chance_draw_is_exact_over_the_common_denominator() -> None:
    outcomes = [(7, Fraction(1, 2)), (8, Fraction(1, 3)), (9, Fraction(1, 6))]
    picks = []
    for r in range(6):
        rng = _Fixed(r)
        picks.append(sample_outcome(outcomes, rng))
        assert rng.bounds == [6]                  # lcm(2, 3, 6)
    assert picks == [7, 7, 7, 8, 8, 9]            # 3/6, 2/6, 1/6 of the range


def test_bad_chance_outcomes_are_named() -> None:
    with pytest.raises(ValueError, match="sum to 5/6, not exactly 1"):
        sample_outcome([(0, Fraction(1, 2)), (1, Fraction(1, 3))], random.Random(0))
    with pytest.raises(ValueError, match="not an exact number"):
        sample_outcome([(0, 0.5), (1, 0.5)], random.Random(0))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="without outcomes"):
        sample_outcome([], random.Random(0))


def test_the_runner_draws_the_dice_from_the_chance_seed() -> None:
    result = play_game(["random", "random", "random"], 5, 9, game=GAME)
    faces = [int(m[1]) for m in result.moves if m.startswith("d")]
    rng = random.Random(chance_seed(9, 5))
    assert faces == [rng.randrange(6) + 1 for _ in faces]
    assert result.plies == 6                      # 2 rounds x 3 seats, chance not counted
    assert len(result.moves) == 6 + len(faces)
    assert result == play_game(["random", "random", "random"], 5, 9, game=GAME)


def test_bots_never_see_a_chance_node(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    class Watcher:
        name = "watcher"

        def choose(self, state: object) -> object:
            seen.append(state.is_chance_node())  # type: ignore[attr-defined]
            return state.legal_moves()[-1]        # type: ignore[attr-defined]  # always roll

    monkeypatch.setattr("pickpack.match.runner.make_bot", lambda *a, **k: Watcher())
    result = play_game(["w", "w", "w"], 0, 1, game=GAME)
    assert seen == [False] * 6
    assert sum(m.startswith("d") for m in result.moves) == 6


def test_jobs_do_not_change_a_three_player_match() -> None:
    one = play_match(["random", "random", "random"], games=12, seed=3, game=GAME, jobs=1)
    two = play_match(["random", "random", "random"], games=12, seed=3, game=GAME, jobs=2)
    assert two.to_json() == one.to_json()


# --- the summary ------------------------------------------------------------------------

def _result(index: int, bot_seats: tuple[int, ...], returns: tuple[float, ...]) -> GameResult:
    return GameResult(index=index, game="dice", seed=0, players=("p1", "p2", "p3"),
                      seats=("a", "b", "c"), bot_seats=bot_seats, returns=returns,
                      scores={"p1": 0.0, "p2": 0.0, "p3": 0.0}, plies=6)


def _wilson(p: float, n: int) -> tuple[float, float]:
    """The Wilson score interval written out (Wilson 1927): centre (p + z²/2n)/(1 + z²/n),
    half-width z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n)."""
    z2 = Z95 ** 2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def test_the_n_player_summary_by_hand() -> None:
    games = [_result(0, (0, 1, 2), (1.0, -1.0, -1.0)),     # bot returns  1, -1, -1
             _result(1, (1, 2, 0), (1.0, 1.0, -1.0)),      #              1, -1,  1
             _result(2, (2, 0, 1), (-1.0, -1.0, 1.0))]     #              1, -1, -1
    a, b, c = summarize(["a", "b", "c"], games, game=GAME).lines
    h = Z95 / 6              # s/sqrt(n) = 1/6 for the share and rank columns but C's ranks
    # A: returns 1, 1, 1; shares 1, 1/2, 1; ranks 1, 1.5, 1
    assert (a.wins, a.draws, a.losses) == (2, 1, 0)
    # every return 1 (s = 0): the Wilson interval of 1 over 3 games, rescaled to [-1, 1]
    assert a.mean_return == 1.0 and a.return_ci95 == pytest.approx((-1 + 2 * 3 / (3 + Z95 ** 2), 1.0))
    assert a.win_share == pytest.approx(5 / 6)
    assert a.win_share_ci95 == pytest.approx(_wilson(5 / 6, 3))         # (0.310, 0.982)
    assert a.mean_rank == pytest.approx(7 / 6)
    assert a.rank_ci95 == pytest.approx((1.0, 7 / 6 + h))               # clipped at rank 1
    # B: returns -1, -1, -1; shares 0; ranks 2.5, 3, 2.5
    assert (b.wins, b.draws, b.losses) == (0, 0, 3)
    assert b.return_ci95 == pytest.approx((-1.0, -1 + 2 * Z95 ** 2 / (3 + Z95 ** 2))) and b.win_share == 0.0
    assert b.win_share_ci95 == pytest.approx((0.0, Z95 ** 2 / (3 + Z95 ** 2)))   # never won: not (0, 0)
    assert b.mean_rank == pytest.approx(8 / 3)
    assert b.rank_ci95 == pytest.approx((8 / 3 - h, 8 / 3 + h))
    # C: returns -1, 1, -1 (s = sqrt(4/3)); shares 0, 1/2, 0; ranks 2.5, 1.5, 2.5
    assert (c.wins, c.draws, c.losses) == (0, 1, 2)
    assert c.mean_return == pytest.approx(-1 / 3)
    assert c.return_ci95 == pytest.approx((-1.0, -1 / 3 + 2 * Z95 / 3))
    assert c.win_share_ci95 == pytest.approx(_wilson(1 / 6, 3))         # (0.018, 0.690)
    assert c.rank_ci95 == pytest.approx((13 / 6 - 2 * h, 13 / 6 + 2 * h))   # s/sqrt(n) = 1/3
    # the shares of one game add up to 1
    assert a.win_share + b.win_share + c.win_share == pytest.approx(1.0)


def test_a_single_game_has_the_whole_range_as_interval() -> None:
    (a, b, c) = summarize(["a", "b", "c"], [_result(0, (0, 1, 2), (1.0, -1.0, -1.0))],
                          game=GAME).lines
    assert a.return_ci95 == (-1.0, 1.0)
    assert a.win_share_ci95 == pytest.approx((1 / (1 + Z95 ** 2), 1.0))    # Wilson of 1 win in 1
    assert a.rank_ci95 == (1.0, 3.0)


# --- faults -------------------------------------------------------------------------------

@pytest.fixture()
def raiser_installed(tmp_path: Path) -> Iterator[None]:
    """A bot ``raiser`` whose every choose raises."""
    site = tmp_path / "site"
    write_distribution(site, "raiser", "1.0", {"pickpack.bots": {"raiser": "raiser_bot:Raiser"}},
                       {"raiser_bot": "class Raiser:\n    name = 'raiser'\n    bounded = True\n"
                                      "    games = None\n"
                                      "    def __init__(self, seed=None): pass\n"
                                      "    def choose(self, state): raise RuntimeError('no')\n"})
    with on_sys_path(site):
        yield


def test_a_faulting_seat_in_a_zero_sum_game_leaves_the_others_sharing_the_win(
        raiser_installed: None) -> None:
    assert GAME.zero_sum        # the dice race declares the default
    result = play_game(["random", "raiser", "random"], 1, 0, game=GAME)
    # game 1 plays order (1, 2, 0): bot 1 (raiser) in seat 0 (p1), moving first
    assert result.bot_seats == (2, 0, 1)
    # -1 for the faulting seat, -(-1)/(3-1) = +0.5 for each other: the sum stays 0
    assert result.returns == (-1.0, 0.5, 0.5)
    assert result.bot_returns == (0.5, -1.0, 0.5)
    assert result.fault == "exception" and result.forfeited_by == "p1"
    assert result.forfeit == "raiser (p1) exception: raised RuntimeError: no (at raiser_bot.py:6 in choose)"
    # the summary: the others share the win and tie at rank 1.5; the raiser loses
    a, raiser, c = summarize(["random", "raiser", "random"], [result], game=GAME).lines
    assert (raiser.wins, raiser.draws, raiser.losses, raiser.forfeits) == (0, 0, 1, 1)
    assert raiser.win_share == 0.0 and raiser.mean_rank == 3.0 and raiser.mean_return == -1.0
    for line in (a, c):
        assert (line.wins, line.draws, line.losses, line.forfeits) == (0, 1, 0, 0)
        assert line.win_share == 0.5 and line.mean_rank == 1.5 and line.mean_return == 0.5


def test_a_faulting_seat_in_a_game_that_is_not_zero_sum(raiser_installed: None) -> None:
    loose = dataclasses.replace(GAME, zero_sum=False)
    result = play_game(["random", "raiser", "random"], 1, 0, game=loose)
    assert result.returns == (-1.0, 1.0, 1.0)
    assert forfeit_returns(loose, 4, 3) == (1.0, 1.0, 1.0, -1.0)
    assert forfeit_returns(GAME, 4, 3) == pytest.approx((1 / 3, 1 / 3, 1 / 3, -1.0))
    # two players: the other side wins, as always
    assert forfeit_returns(GAME, 2, 0) == (-1.0, 1.0) == forfeit_returns(loose, 2, 0)


# --- bots declare their games ------------------------------------------------------------

def test_make_bot_refuses_a_game_the_bot_does_not_play() -> None:
    with pytest.raises(BotSpecError) as info:
        make_bot("greedy", seed=1, game=GAME, players=3)
    assert str(info.value) == "bot 'greedy' does not play dice; it plays: pacru, pickpack"
    with pytest.raises(BotSpecError, match="bot 'alphabeta:depth=2' does not play dice"):
        play_match(["alphabeta:depth=2", "random", "random"], games=1, seed=0, game=GAME)
    assert make_bot("random", seed=1, game=GAME, players=3).name == "random"


def test_a_declaration_must_be_none_or_a_tuple_of_names() -> None:
    class Chess:
        games = ("chess",)

    class Loose:
        games = "pickpack"

    class Silent:
        pass

    # a factory that declares nothing plays the default game alone (pickpack.bots.UNDECLARED)
    assert bot_games(Chess) == ("chess",) and bot_games(Silent) == ("pickpack",)
    with pytest.raises(TypeError, match="games must be None or a tuple of game names, got 'pickpack'"):
        bot_games(Loose)


def test_the_built_in_bots_declare_their_games() -> None:
    from pickpack.games.pacru.greedy_bot import GreedyBot as PacruGreedy
    from pickpack.games.pickpack.alphabeta_bot import AlphaBetaBot
    from pickpack.games.pickpack.greedy_bot import GreedyBot as PickpackGreedy
    from pickpack_bots.random_bot import RandomBot

    # a game's own bot plays that game alone (pickpack.bots, "A game's own bots")
    assert (RandomBot.games, PickpackGreedy.games, PacruGreedy.games, AlphaBetaBot.games) == (
        None, ("pickpack",), ("pacru",), ("pickpack",))


def test_match_game_checks_players_bots_variant_and_options() -> None:
    assert match_game(GAME, None, 3) == (GAME, 3)
    assert match_game(GAME, None, 2) == (GAME, 2)          # 2 bots: 2 players
    with pytest.raises(OptionError) as caught:
        match_game(GAME, None, 5)                          # the bots outside the range
    assert str(caught.value) == ("dice is played by 2..4 players, not 5 (the number of bots given); a match "
                                 "seats one bot per player: give 2 to 4 bots (name a bot again for another seat)")
    with pytest.raises(ValueError, match=r"dice with 3 players needs 3 bots \(one per player\), got 5"):
        match_game(GAME, 3, 5)
    with pytest.raises(OptionError, match="dice is played by 2..4 players, not 5"):
        match_game(GAME, 5, 5)
    with pytest.raises(OptionError, match="dice has no variant 'short'; variants: long"):
        match_game(GAME, 3, 3, variant="short")
    with pytest.raises(PluginNotFoundError):
        match_game("no-such-game", None, 2)


def test_a_variant_and_options_reach_the_game() -> None:
    long = play_game(["random", "random"], 0, 1, game=GAME, variant="long")
    assert long.plies == 4 * 2 and long.variant == "long"
    three = play_game(["random", "random"], 0, 1, game=GAME, options={"rounds": 3})
    assert three.plies == 3 * 2 and three.options == {"rounds": 3}


# --- the command line -----------------------------------------------------------------------

def test_the_command_plays_three_players(dice_installed: None, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    assert main(["match", "random", "random", "random", "--game", "dice", "--games", "6",
                 "--seed", "3", "--jobs", "1", "--json", "--option", "rounds=3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "dice" and data["players"] == 3 and data["options"] == {"rounds": 3}
    assert [g["bot_seats"] for g in data["games"]] == [[0, 1, 2], [2, 0, 1], [1, 2, 0],
                                                      [2, 1, 0], [0, 2, 1], [1, 0, 2]]
    assert all(g["plies"] == 9 for g in data["games"])
    direct = play_match(["random", "random", "random"], games=6, seed=3, game=GAME,
                        options={"rounds": 3})
    assert data["bots"] == direct.to_json()["bots"]
    assert "score_rate" not in data["bots"][0]          # two-player statistics only


@pytest.mark.parametrize(("argv", "line"), [
    (["random", "random", "--game", "nope"],
     "unknown game 'nope'; installed games: {installed}"),
    (["random"] * 3 + ["--game", "dice", "--players", "5"],
     "dice is played by 2..4 players, not 5; give players 2 to 4, and as many bots (name a bot again for "
     "another seat)"),
    (["random", "random", "--game", "dice", "--players", "3"],
     "dice with 3 players needs 3 bots (one per player), got 2; name a bot again for another seat"),
    (["random"] * 3, "pickpack is played by 2 players, not 3 (the number of bots given); a match seats one bot "
                     "per player: give 2 bots (name a bot again for another seat)"),
    (["random"] * 5 + ["--game", "dice"], "dice is played by 2..4 players, not 5 (the number of bots given); a "
                                          "match seats one bot per player: give 2 to 4 bots (name a bot again "
                                          "for another seat)"),
    (["random"] * 3 + ["--game", "dice", "--variant", "short"],
     "dice has no variant 'short'; variants: long"),
    (["random"] * 3 + ["--game", "dice", "--option", "colour=1"],
     "unknown option 'colour' for game dice; options: rounds"),
    (["random"] * 3 + ["--game", "dice", "--option", "rounds=0"],
     "option rounds=0: must be an int 1..10"),
    (["random"] * 3 + ["--game", "dice", "--option", "rounds"],
     "match: argument --option: must be KEY=VALUE, got 'rounds'"),
    (["greedy", "random", "random", "--game", "dice"],
     "bot 'greedy' does not play dice; it plays: pacru, pickpack"),
])
def test_every_bad_input_is_one_line_and_status_2(dice_installed: None, argv: list[str], line: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["match", *argv, "--games", "1", "--jobs", "1"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    # the installed games are whatever this environment has, with the test's dice game
    line = line.replace("{installed}", ", ".join(available_games()))
    assert captured.err == f"pickpack: error: {line}\n"
    assert captured.out == ""
