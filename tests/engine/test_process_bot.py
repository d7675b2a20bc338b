"""Process bots: the line protocol of docs/process-protocol.md (pickpack.bots.process).

Time limits here are the protocol's own (a bot that never answers is killed at the
deadline); no test measures how fast anything runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.bots.process import MAX_LINE, ProcessBot
from pickpack.bots.spec import parse_bot_spec
from pickpack.errors import BotFault
from pickpack.match import play_match
from tests.engine.process_scripts import raw_script, script

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "process_bot.py"
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def opening() -> pickpack_game.State:
    state: pickpack_game.State = pickpack.new_game(seed=7, placements=PLACEMENTS)
    return state


def argv(spec: str) -> tuple[str, ...]:
    return parse_bot_spec(spec).argv


def test_example_bot_plays_the_seeded_random_choice() -> None:
    state = opening()
    with ProcessBot([sys.executable, str(EXAMPLE)], seed=42) as bot:
        assert (bot.name, bot.protocol) == ("example-random", 2)
        move = bot.choose(state)
    # examples/process_bot.py: random.Random(SEED).choice of the "legal" words, which
    # are the legal moves' canonical texts in ascending action order.
    expected = random.Random(42).choice([m.text for m in state.legal_moves()])
    assert move.text == expected and move in state.legal_moves()


def test_example_bot_plays_a_match_from_the_command_line(tmp_path: Path) -> None:
    spec = f"cmd:{sys.executable} {EXAMPLE}"
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "match", spec, "random",
                           "--games", "4", "--jobs", "1", "--json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [line["games"] for line in data["bots"]] == [4, 4]
    assert all(g["fault"] is None and g["plies"] > 0 for g in data["games"])


def test_served_bot_plays_exactly_like_the_in_process_one() -> None:
    # python -m pickpack.bots.serve greedy builds greedy with the newgame seed and
    # reads the position from the snapshot, so every move (and result) is the same.
    served = f"cmd:{sys.executable} -m pickpack.bots.serve greedy"
    over_pipe = play_match([served, "random"], games=2, seed=9)
    in_process = play_match(["greedy", "random"], games=2, seed=9)
    assert [g.moves for g in over_pipe.games] == [g.moves for g in in_process.games]
    assert [g.scores for g in over_pipe.games] == [g.scores for g in in_process.games]


def test_info_and_blank_lines_are_ignored(tmp_path: Path) -> None:
    spec = script(tmp_path, "chatty", go='print("info thinking hard\\n\\ninfo", flush=True)\n'
                                          'print("bestmove", rng.choice(legal), flush=True)')
    with ProcessBot(argv(spec), seed=1) as bot:
        assert bot.choose(opening()) in opening().legal_moves()


def test_handshake_without_answer_times_out(tmp_path: Path) -> None:
    spec = script(tmp_path, "mute", handshake="pass")
    with pytest.raises(BotFault) as err:
        ProcessBot(argv(spec), handshake_timeout=0.3, label="mute")
    assert err.value.kind == "timeout"
    assert str(err.value) == ("process bot 'mute': no answer to the handshake 'pickpack 2 game "
                              "pickpack players 2' in time (handshake timeout 0.3 s; raise it with --handshake-timeout); "
                              "killed")


def test_handshake_with_garbage(tmp_path: Path) -> None:
    spec = script(tmp_path, "hello", handshake='print("hello there", flush=True)')
    with pytest.raises(BotFault) as err:
        ProcessBot(argv(spec), label="hello")
    assert (err.value.kind, str(err.value)) == (
        "garbage", "process bot 'hello': answered 'hello there' to the handshake 'pickpack 2 "
                   "game pickpack players 2' (expected 'ok 2 NAME')")


def test_program_that_exits_at_once_reports_its_stderr(tmp_path: Path) -> None:
    spec = raw_script(tmp_path, "boom", 'import sys\nsys.stderr.write("boom: no model file\\n")\n'
                                        "sys.exit(3)\n")
    with pytest.raises(BotFault) as err:
        ProcessBot(argv(spec), label="boom")
    assert (err.value.kind, str(err.value)) == (
        "crash", "process bot 'boom': exited with status 3 while waiting for the handshake "
                 "'pickpack 2 game pickpack players 2'; last stderr line: 'boom: no model file'")


def test_program_that_does_not_exist() -> None:
    with pytest.raises(BotFault) as err:
        ProcessBot(["/nonexistent/pickpack-bot"], label="ghost")
    assert (err.value.kind, str(err.value)) == (
        "crash", "process bot 'ghost': cannot start '/nonexistent/pickpack-bot': "
                 "No such file or directory")


def test_go_without_answer_is_killed_at_the_deadline(tmp_path: Path) -> None:
    spec = script(tmp_path, "sleepy", go="time.sleep(60)")
    bot = ProcessBot(argv(spec), time_limit=0.2, label="sleepy")
    with pytest.raises(BotFault) as err:
        bot.choose(opening())
    assert (err.value.kind, str(err.value)) == (
        "timeout", "process bot 'sleepy': no answer to go 200 in time (limit 0.2 s + 0.5 s "
                   "grace); killed")
    assert bot._proc.poll() is not None          # the program is gone, not left running
    bot.close()


def test_overlong_line_is_garbage(tmp_path: Path) -> None:
    spec = script(tmp_path, "flood", go=f'sys.stdout.write("x" * {MAX_LINE + 10}); sys.stdout.flush()')
    with ProcessBot(argv(spec), label="flood") as bot:
        with pytest.raises(BotFault) as err:
            bot.choose(opening())
    assert (err.value.kind, str(err.value)) == (
        "garbage", f"process bot 'flood': wrote a line longer than {MAX_LINE} bytes")


def test_bot_that_ignores_quit_is_killed_on_close(tmp_path: Path) -> None:
    spec = script(tmp_path, "stubborn", quit="time.sleep(60)")
    bot = ProcessBot(argv(spec), label="stubborn")
    bot.close()
    assert bot._proc.returncode == -9            # SIGKILL after QUIT_TIMEOUT
    bot.close()                                  # closing twice is harmless


def test_served_native_library_plays(tmp_path: Path) -> None:
    lib = tmp_path / "libgrab.so"
    subprocess.run(["cc", "-std=c99", "-shared", "-fPIC", f"-I{ROOT / 'core' / 'common'}", "-o", str(lib),
                    str(ROOT / "examples" / "native-bot" / "grab_bot.c")], check=True)
    spec = f"cmd:{sys.executable} -m pickpack.bots.serve native:{lib}"
    summary = play_match([spec, "random"], games=2, seed=0)
    assert [g.fault for g in summary.games] == [None, None]
    assert summary.lines[0].games == 2


def test_a_command_that_starts_with_python_runs_this_interpreter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``cmd:python ...`` is the Python running pickpack (sys.executable), not PATH's
    ``python`` (docs/process-protocol.md, "The command"): with PATH holding only a
    ``python`` that fails, the bot still starts, and it names its own interpreter."""
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\nexit 3\n")
    fake.chmod(0o755)
    script = ("import sys; sys.stdin.readline(); "
              "print('ok 2 ' + ('same' if sys.executable == %r else 'other'), flush=True); "
              "sys.stdin.read()" % sys.executable)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert os.environ["PATH"] == str(tmp_path)
    with ProcessBot(["python", "-c", script], seed=1, game="pickpack", players=2) as bot:
        assert bot.name == "same"
