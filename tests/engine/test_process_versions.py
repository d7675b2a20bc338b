"""The process protocol's versions (docs/process-protocol.md, issue 8 item 5): the
engine offers version 2, which names the game, the player count and the seat and sends
the game's position strings; version-1 bots still play Pick & Pack and are refused,
with one line, for anything else.

The bots are small Python programs (tests/engine/process_scripts.py) that record what they
were told in files the test then reads; the other game is the pure-Python dice race of
tests/support/nplayer_game.py (3 players).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.bots import make_bot
from pickpack.bots.process import Handshake, ProcessBot, RebuildingPlayer, offer_line, serve_protocol
from pickpack.bots.serve import serve_spec
from pickpack.bots.spec import parse_bot_spec
from pickpack.errors import BotFault
from tests.support.nplayer_game import DiceState
from tests.engine.process_scripts import HANDSHAKE_V1, HANDSHAKE_V1_STRICT, script

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "process_bot.py"
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}
#: a go piece: write the last position line's text to the file POSFILE, then play
RECORD_POSITION = ('open(POSFILE, "w").write(positions[-1])\n'
                   'print("bestmove", rng.choice(legal), flush=True)')


def opening() -> pickpack_game.State:
    state: pickpack_game.State = pickpack.new_game(seed=7, placements=PLACEMENTS)
    return state


def recording_bot(tmp: Path, name: str, handshake: str) -> list[str]:
    """A bot whose handshake piece is ``handshake`` and that writes what it was told:
    the handshake's words to HELLOFILE, the last position to POSFILE."""
    hello, position = tmp / f"{name}.hello", tmp / f"{name}.pos"
    spec = script(tmp, name, handshake=f'open({str(hello)!r}, "w").write(rest)\n' + handshake,
                  go=RECORD_POSITION.replace("POSFILE", repr(str(position))))
    return list(parse_bot_spec(spec).argv)


def test_offer_line_names_game_players_and_seat() -> None:
    assert offer_line("pickpack", 2) == "pickpack 2 game pickpack players 2"
    assert offer_line("dice", 3, 2) == "pickpack 2 game dice players 3 seat 2"


def test_v2_handshake_and_position_string_end_to_end(tmp_path: Path) -> None:
    argv = recording_bot(tmp_path, "v2", 'print("ok 2 recorder", flush=True)')
    state = opening()
    with ProcessBot(argv, seed=5, seat=1) as bot:
        assert (bot.name, bot.protocol) == ("recorder", 2)
        move = bot.choose(state)
    assert (tmp_path / "v2.hello").read_text() == "2 game pickpack players 2 seat 1"
    assert (tmp_path / "v2.pos").read_text() == (
        "233654/321515/322211/412314/431211/445312 d6 r r PPWWRRQQXXMM/MMXXQQRRWWPP "
        "-,-,-,-/-,-,-,- 0/0")
    # the scripted bot: random.Random(newgame SEED).choice of the "legal" words
    assert move.text == random.Random(5).choice([m.text for m in state.legal_moves()])


def test_example_bot_plays_a_three_player_game(tmp_path: Path) -> None:
    # examples/process_bot.py knows no rules: it picks among the legal words, so it
    # plays the dice race (safe/roll) as well as Pick & Pack
    state = DiceState(3, 2)
    with ProcessBot([sys.executable, str(EXAMPLE)], seed=8, game="dice", players=3, seat=0) as bot:
        assert bot.protocol == 2
        move = bot.choose(state)
    assert (move.action, move.text) == {"safe": (0, "safe"), "roll": (1, "roll")}[
        random.Random(8).choice(["safe", "roll"])]


def test_v1_bot_that_answers_any_handshake_plays_pickpack(tmp_path: Path) -> None:
    argv = recording_bot(tmp_path, "v1", HANDSHAKE_V1)
    state = opening()
    with ProcessBot(argv, seed=5) as bot:
        assert (bot.name, bot.protocol) == ("scripted-v1", 1)
        move = bot.choose(state)
    assert (tmp_path / "v1.hello").read_text() == "2 game pickpack players 2"
    position = (tmp_path / "v1.pos").read_text()
    assert position.startswith("snapshot {") and json.loads(position[9:]) == state.snapshot()
    assert move.text == random.Random(5).choice([m.text for m in state.legal_moves()])


def test_strict_v1_bot_is_started_again_with_version_1(tmp_path: Path) -> None:
    # it exits on "pickpack 2 ..." as version 1 told it to; the second program hears
    # "pickpack 1" (its file holds the last handshake it was sent)
    argv = recording_bot(tmp_path, "strict", HANDSHAKE_V1_STRICT)
    state = opening()
    with ProcessBot(argv, seed=6) as bot:
        assert (bot.name, bot.protocol) == ("strict-v1", 1)
        assert bot.choose(state) in state.legal_moves()
    assert (tmp_path / "strict.hello").read_text() == "1"
    assert (tmp_path / "strict.pos").read_text().startswith("snapshot {")


@pytest.mark.parametrize(("game", "players"), [("dice", 3), ("pickpack", 3)])
def test_v1_bot_is_refused_for_another_game(tmp_path: Path, game: str, players: int) -> None:
    argv = recording_bot(tmp_path, "v1", HANDSHAKE_V1)
    with pytest.raises(BotFault) as err:
        ProcessBot(argv, game=game, players=players, label="old")
    assert (err.value.kind, str(err.value)) == (
        "crash", f"process bot 'old': speaks protocol version 1 (pickpack with 2 players only) "
                 f"and cannot play {game} with {players} players; answer 'ok 2 NAME' to speak "
                 "version 2")


def test_strict_v1_bot_for_another_game_fails_with_its_own_line(tmp_path: Path) -> None:
    argv = recording_bot(tmp_path, "strict", HANDSHAKE_V1_STRICT)
    with pytest.raises(BotFault) as err:
        ProcessBot(argv, game="dice", players=3, label="strict")
    assert (err.value.kind, str(err.value)) == (
        "crash", "process bot 'strict': exited with status 1 while waiting for the handshake "
                 "'pickpack 2 game dice players 3'; last stderr line: 'this bot speaks protocol "
                 "1, not 2 game dice players 3'")
    assert (tmp_path / "strict.hello").read_text() == "2 game dice players 3"   # not retried


def test_v2_bot_refuses_a_game_with_error(tmp_path: Path) -> None:
    argv = recording_bot(tmp_path, "picky", 'print("error plays only pickpack", flush=True)')
    with pytest.raises(BotFault) as err:
        ProcessBot(argv, game="dice", players=3, label="picky")
    assert (err.value.kind, str(err.value)) == (
        "crash", "process bot 'picky': refuses to play dice with 3 players: plays only pickpack")


def test_bad_handshake_arguments_are_refused_before_starting() -> None:
    with pytest.raises(ValueError, match=r"^process bot: game must be a registry name such as "
                                         r"'pickpack', not 'two words'$"):
        ProcessBot(["/nonexistent"], game="two words")
    with pytest.raises(ValueError, match=r"^process bot: players must be a whole number >= 1, not 0$"):
        ProcessBot(["/nonexistent"], players=0)
    with pytest.raises(ValueError, match=r"^process bot: seat must be None or 0\.\.1, not 2$"):
        ProcessBot(["/nonexistent"], seat=2)


def test_a_state_of_another_game_is_refused(tmp_path: Path) -> None:
    argv = recording_bot(tmp_path, "v2", 'print("ok 2 recorder", flush=True)')
    fake = SimpleNamespace(game=SimpleNamespace(name="dice"), num_players=3)
    with ProcessBot(argv) as bot:
        with pytest.raises(ValueError) as err:
            bot.choose(fake)
    assert str(err.value) == (f"process bot {bot.label!r} was started for pickpack with 2 "
                              "players, not dice with 3 players")


# --- the bot's side: serve_protocol --------------------------------------------------

def served(lines: str, spec: str = "greedy") -> list[str]:
    out = io.StringIO()
    assert serve_spec(spec, io.StringIO(lines), out) == 0
    return out.getvalue().splitlines()


def test_served_bot_reads_the_position_string() -> None:
    state = opening()
    answers = served(f"pickpack 2 game pickpack players 2 seat 0\nnewgame 5\n"
                     f"position {state.to_position()}\ngo 250\nquit\n")
    expected = make_bot("greedy", 5, isolate=False).choose(state.copy()).text
    assert answers == ["ok 2 greedy", f"bestmove {expected}"]


def test_served_bot_still_speaks_version_1() -> None:
    state = opening()
    snapshot = json.dumps(state.snapshot(), separators=(",", ":"))
    answers = served(f"pickpack 1\nnewgame 5\nposition snapshot {snapshot}\ngo 250\nquit\n")
    expected = make_bot("greedy", 5, isolate=False).choose(state.copy()).text
    assert answers == ["ok greedy", f"bestmove {expected}"]


@pytest.mark.parametrize(("handshake", "answer"), [
    ("pickpack 3", "error this bot speaks protocol versions 1 and 2, not 3"),
    ("pickpack", "error this bot speaks protocol versions 1 and 2, not (none)"),
    ("pickpack 2 players 2", "error handshake 'pickpack 2 players 2' lacks 'game NAME players N'"),
    ("pickpack 2 game pickpack players two",
     "error handshake 'pickpack 2 game pickpack players two' lacks 'game NAME players N'"),
    ("pickpack 2 game pickpack players 2 seat 2",
     "error handshake 'pickpack 2 game pickpack players 2 seat 2': seat 2 is not 0..1"),
    ("pickpack 2 game nosuch players 2",
     f"error unknown game 'nosuch'; installed games: {', '.join(pickpack.available_games())}"),
    ("pickpack 2 game pickpack players 3", "error pickpack is played by 2 players, not 3"),
])
def test_bad_handshakes_get_one_error_line(handshake: str, answer: str) -> None:
    assert served(f"{handshake}\nquit\n", spec="random") == [answer]


def test_a_player_that_refuses_answers_error() -> None:
    def build(handshake: Handshake, seed: int, time_limit: float | None) -> object:
        raise ValueError(f"no bot for {handshake.game}\nsecond line")

    out = io.StringIO()
    status = serve_protocol(RebuildingPlayer(build),
                            io.StringIO("pickpack 2 game pickpack players 2\nquit\n"), out)
    assert (status, out.getvalue()) == (0, "error no bot for pickpack second line\n")


def test_example_bot_answers_each_version() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], input="pickpack 1\npickpack 3\n"
                          "pickpack 2 game pig players 4 seat 3\nquit\n", capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout.splitlines()) == (0, [
        "ok example-random", "error this bot speaks protocol 1 and 2, not 3", "ok 2 example-random"])
