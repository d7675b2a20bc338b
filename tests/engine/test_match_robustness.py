"""The match runner when things go wrong (issue 12): records written game by game and kept
when a match is interrupted, Ctrl-C and a dying host stop every worker and bot, a dead
worker is explained by its real cause, memory does not grow with --games, the results
table fits the terminal, and the handshake timeout is an option.

Subprocess tests watch real signals and processes; their time bounds are generous
behaviour bounds (a stopped match is not one that waits out a 30 s move limit).
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack.match.runner as match_module
from pickpack.cli import main
from pickpack.match import GameResult, MatchInterrupted, play_game, play_match
from pickpack.match.backends import BackendError, has_main_guard
from pickpack.match.stats import elo_texts
from pickpack.plugins import load
from tests.support.plugin_dist import on_sys_path, write_distribution
from tests.engine.process_scripts import default_sigint, pid_alive, script, wait_for

SLOW_GO = 'time.sleep(0.03)\nprint("bestmove", rng.choice(legal), flush=True)'
HANG_GO = "time.sleep(60)"


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    # SIGINT back to its default: the tests interrupt it even when pytest ignores SIGINT
    return subprocess.Popen([sys.executable, "-m", "pickpack.cli", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)


def _descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (a /proc scan of parent pids)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found and pid_alive(child):
                found.add(child)
                todo.append(child)
    return found


def _temp_records(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f".{name}.*.tmp"))


def _ppn_games(path: Path) -> list[dict[str, str]]:
    ppn = load("pickpack.notations", "ppn")
    with ppn.open(path) as source:
        return [dict(game.headers) for game in ppn.iter_games(source)]


OLD_RECORD = '[Event "kept"]\n\n1. a1>1 *\n\n'


# --- item 1: the record is written game by game and survives an interrupt --------------------

def test_interrupted_match_keeps_every_finished_game_and_prints_partial_results(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow", go=SLOW_GO)
    record = tmp_path / "keep.ppn"
    record.write_text(OLD_RECORD)
    proc = _start(["match", slow, "random", "--games", "60", "--jobs", "1", "--ppn", str(record), "--force"],
                  tmp_path)
    try:
        # the record grows game by game in its temporary file; the old one is untouched
        def two_games_written() -> bool:
            temps = _temp_records(tmp_path, "keep.ppn")
            return bool(temps) and temps[0].read_text().count("[Event ") >= 2
        wait_for(two_games_written, "two games in the temporary record")
        assert record.read_text() == OLD_RECORD
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    headers = _ppn_games(record)
    played = len(headers)
    assert 2 <= played < 60
    assert [h["Round"] for h in headers] == [str(i + 1) for i in range(played)]
    assert not _temp_records(tmp_path, "keep.ppn")
    assert f"interrupted after {played} of 60 games, seed 0" in out
    assert f"pickpack: interrupted after {played} of 60 games; {played} written to {record}" in err
    # the table counts exactly the recorded games: wins + draws + losses of bot A (a long
    # cmd: spec at 80 columns: the tables say A and B, the names stand above them)
    assert out.startswith("A: cmd:") and "\nB: random\n" in out
    row = [line for line in out.splitlines() if line.startswith("│ A ")][-1]    # the counts
    counts = [int(x) for x in re.findall(r"│\s+(\d+)\s+(?=│)", row)[:3]]
    assert sum(counts) == played
    # each recorded game is the game the match plays at that index
    first = play_game([slow, "random"], 0, 0)
    assert headers[0]["Result"] == {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2"}[first.winner]


def test_interrupt_before_the_first_game_leaves_the_old_record(tmp_path: Path) -> None:
    hang = script(tmp_path, "hang", go=HANG_GO)
    record = tmp_path / "keep.ppn"
    record.write_text(OLD_RECORD)
    proc = _start(["match", hang, "random", "--games", "4", "--jobs", "1", "--time-limit", "30",
                   "--ppn", str(record), "--force"], tmp_path)
    try:
        wait_for(lambda: bool(_temp_records(tmp_path, "keep.ppn")), "the temporary record")
        time.sleep(0.5)                       # the first game is running: its bot hangs
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert record.read_text() == OLD_RECORD
    assert not _temp_records(tmp_path, "keep.ppn")
    assert f"pickpack: interrupted after 0 of 4 games; {record} left as it was (no game finished)" in err
    assert out == ""


def test_a_completed_record_replaces_the_old_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "keep.ppn"
    record.write_text(OLD_RECORD)
    assert main(["match", "random", "greedy", "--games", "3", "--seed", "4", "--jobs", "1",
                 "--ppn", str(record), "--force"]) == 0
    assert [h["Round"] for h in _ppn_games(record)] == ["1", "2", "3"]
    assert not _temp_records(tmp_path, "keep.ppn")


def test_record_of_games_one_at_a_time_equals_one_list() -> None:
    # the CLI writes each game as it comes with games_to_ppn([game]); that must be the
    # same text as the whole list at once
    ppn = load("pickpack.notations", "ppn")
    games = play_match(["random", "greedy"], games=3, seed=6).games
    whole, singles = io.StringIO(), io.StringIO()
    ppn.games_to_ppn(games, whole, date="2026.01.02")
    for game in games:
        ppn.games_to_ppn([game], singles, date="2026.01.02")
    assert singles.getvalue() == whole.getvalue()
    assert whole.getvalue().count('[Date "2026.01.02"]') == 3


def test_a_record_path_that_is_a_folder_is_refused_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["match", "random", "greedy", "--games", "2", "--ppn", str(tmp_path)])
    assert done.value.code == 2
    assert capsys.readouterr().err == f"pickpack: error: --ppn {tmp_path}: is a directory\n"


def _results(indices: list[int]) -> list[GameResult]:
    return [play_game(["random", "random"], i, 3) for i in indices]


def test_record_gets_games_in_order_and_the_early_ones_when_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # results arrive out of order (as from parallel workers): 2, 0, 3, then Ctrl-C.
    # Game 0 is recorded when it arrives, 2 and 3 (finished, waiting for 1) when stopped.
    arrived = _results([2, 0, 3])

    def out_of_order(*args: object, **kwargs: object) -> Iterator[list[tuple[int, GameResult]]]:
        for game in arrived:
            yield [(game.index, game)]
        raise KeyboardInterrupt

    monkeypatch.setattr(match_module, "iter_batches", out_of_order)
    recorded: list[int] = []
    with pytest.raises(MatchInterrupted) as stopped:
        play_match(["random", "random"], games=10, seed=3, keep_games=False,
                   record=lambda g: recorded.append(g.index))
    assert recorded == [0, 2, 3]
    summary = stopped.value.summary
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert (summary.interrupted, summary.games_played, summary.games) == (True, 3, [])
    assert summary.to_json()["games_played"] == 3 and summary.to_json()["interrupted"] is True


def test_record_order_with_two_workers() -> None:
    recorded: list[int] = []
    summary = play_match(["random", "greedy"], games=12, seed=1, jobs=2,
                         record=lambda g: recorded.append(g.index))
    assert recorded == list(range(12)) == [g.index for g in summary.games]


# --- item 3: Ctrl-C and a dying host stop every worker and bot ----------------------------

def _hung_match(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """A match on 2 workers whose bot A hangs on every move: returns the host and its
    workers and bots once both bots run in the pool's workers. (Before the first game
    check_bots builds the bot once in the host: counting those processes too, a signal
    could come before the match itself has started.)"""
    hang = script(tmp_path, "hang", go=HANG_GO)
    proc = _start(["match", hang, "random", "--games", "8", "--jobs", "2", "--time-limit", "30"],
                  tmp_path)
    bots: set[int] = set()

    def both_bots_run() -> bool:
        nonlocal bots
        workers = {p for p in _descendants(proc.pid) if "spawn_main" in _cmdline(p)}
        bots = {p for w in workers for p in _descendants(w) if "hang.py" in _cmdline(p)}
        return len(bots) >= 2
    wait_for(both_bots_run, "both hanging bots")
    return proc, _descendants(proc.pid)


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_parallel_match_at_once(tmp_path: Path) -> None:
    proc, children = _hung_match(tmp_path)
    try:
        proc.send_signal(signal.SIGINT)
        # the bots would answer (or be killed) only after 30 s; the match stops now
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "pickpack: interrupted after 0 of 8 games" in err
    assert "Traceback" not in err
    wait_for(lambda: not any(pid_alive(p) for p in children), "the workers and bots to end", 30)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL,
                                 pytest.param(signal.SIGTERM, marks=pytest.mark.slow)],
                         ids=["SIGKILL", "SIGTERM"])
def test_no_worker_or_bot_outlives_its_host(tmp_path: Path, how: signal.Signals) -> None:
    proc, children = _hung_match(tmp_path)
    # the pool's workers (spawn_main), not the resource tracker (also "multiprocessing")
    workers = {p for p in children if "spawn_main" in _cmdline(p)}
    assert len(workers) >= 2 and len(children) >= 4, [_cmdline(p) for p in children]
    proc.send_signal(how)
    proc.communicate(timeout=10)
    wait_for(lambda: not any(pid_alive(p) for p in children), "the workers and bots to end", 30)


# --- item 7: a dead worker is explained by its real cause -----------------------------------

NO_GUARD = '''\
from pickpack.match import play_match
summary = play_match(["random", "random"], games=4, seed=0, jobs=2)
print("played", summary.games_played)
'''

GUARDED = '''\
from pickpack.match import play_match
if __name__ == "__main__":
    summary = play_match(["random", "random"], games=4, seed=0, jobs=2)
    print("played", summary.games_played)
'''

BROKEN_IN_WORKERS = '''\
from pickpack.match import play_match
if __name__ != "__main__":
    raise ImportError("this module cannot be imported")
summary = play_match(["random", "random"], games=4, seed=0, jobs=2)
'''


def _run_script(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "run_match.py"
    path.write_text(code)
    return subprocess.run([sys.executable, str(path)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)


def test_a_script_without_the_main_guard_is_told_the_fix(tmp_path: Path) -> None:
    done = _run_script(tmp_path, NO_GUARD)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    told = (f"pickpack.match.backends.BackendError: the worker processes died while starting, "
            f"before any game: with the 'spawn' start method every worker imports the main "
            f"module {tmp_path / 'run_match.py'}, which starts the match again at its top "
            f"level; the fix: put the script's top-level code under "
            f"'if __name__ == \"__main__\":'")
    assert told in lines
    # the traceback's last line; after it at most the multiprocessing resource tracker's own
    # exit warning (another process, printed or not depending on when the workers died)
    assert all("resource_tracker" in line for line in lines[lines.index(told) + 1:])
    assert "native bot" not in done.stderr


@pytest.mark.slow
def test_the_guarded_script_plays(tmp_path: Path) -> None:
    done = _run_script(tmp_path, GUARDED)
    assert (done.returncode, done.stdout) == (0, "played 4\n"), done.stderr


def test_a_main_module_failing_in_the_workers_is_reported_as_such(tmp_path: Path) -> None:
    done = _run_script(tmp_path, BROKEN_IN_WORKERS)
    last = done.stderr.strip().splitlines()[-1]
    assert last.endswith(f"the worker processes died while starting, before any game: importing "
                         f"the main module {tmp_path / 'run_match.py'} or pickpack failed in them "
                         f"(their error is printed above)")
    assert "ImportError: this module cannot be imported" in done.stderr


def test_has_main_guard(tmp_path: Path) -> None:
    cases = {"a.py": (GUARDED, True), "b.py": (NO_GUARD, False),
             "c.py": ("if '__main__' == __name__:\n    pass\n", True),
             "d.py": ("def f(:\n", None)}
    for name, (code, expected) in cases.items():
        (tmp_path / name).write_text(code)
        assert has_main_guard(str(tmp_path / name)) is expected, name
    assert has_main_guard(str(tmp_path / "missing.py")) is None


CRASHER = '''\
import os
from pickpack import Move

class Crasher:
    """Dies with its whole process on its first move, as a crashing native library would."""
    name = "crasher"
    bounded = True          # answers at once: stays in-process (pickpack.bots.make_bot)

    def __init__(self, seed=None):
        pass

    def choose(self, state):
        os._exit(3)
'''


def test_a_worker_killed_by_a_bot_is_blamed_on_the_bot(tmp_path: Path) -> None:
    write_distribution(tmp_path, "crasher-bot", "0.1", {"pickpack.bots": {"crasher": "crasher_bot:Crasher"}},
                       {"crasher_bot": CRASHER})
    with on_sys_path(tmp_path), pytest.raises(BackendError) as died:
        play_match(["crasher", "random"], games=4, seed=0, jobs=2)
    assert str(died.value) == ("a worker process died while playing (a native bot that crashed?); "
                               "run such a bot isolated as "
                               "'cmd:python -m pickpack.bots.serve native:PATH'")


# --- item 13: memory follows the workers, not the number of games ----------------------------

class _Enough(Exception):
    pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_huge_match_uses_little_memory(jobs: int) -> None:
    seen: list[int] = []

    def stop_after_three(game: GameResult) -> None:
        seen.append(game.index)
        if len(seen) == 3:
            raise _Enough

    tracemalloc.start()
    try:
        with pytest.raises(_Enough):
            play_match(["random", "random"], games=10**14, seed=0, jobs=jobs,
                       progress=stop_after_three)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # a list of 10**14 tasks would need petabytes; the lazy schedule holds a few chunks
    assert peak < 4 * 2**20, peak
    assert len(seen) == 3


def test_huge_game_counts_on_the_command_line(tmp_path: Path) -> None:
    # 99999999999999 games: stopped at once by Ctrl-C, with the results of the games done
    proc = _start(["match", "random", "random", "--games", "99999999999999", "--jobs", "1",
                   "--json", "--ppn", str(tmp_path / "huge.ppn")], tmp_path)
    try:
        def one_game_written() -> bool:
            temps = _temp_records(tmp_path, "huge.ppn")
            return bool(temps) and "[Event " in temps[0].read_text()
        wait_for(one_game_written, "the first game in the record")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["game_count"] == 99999999999999
    assert data["games_played"] == len(data["games"]) == data["bots"][0]["games"] >= 1
    assert len(_ppn_games(tmp_path / "huge.ppn")) == data["games_played"]


# --- item 14: the table fits the terminal -------------------------------------------------------

@pytest.mark.parametrize("width", [80, 160])
def test_results_table_fits_the_width(width: int, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["mcts:simulations=20", "alphabeta:depth=1"]
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["match", *bots, "--games", "4", "--seed", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    summary = play_match(bots, games=4, seed=2)
    assert all(len(line) <= width for line in out.splitlines())
    for letter, bot, line in zip("AB", bots, summary.lines):
        # a bot's name (or its letter, when the names are listed above the table: "A: mcts..."),
        # score interval and Elo interval whole on one line of the table
        label = f"│ {letter} " if f"{letter}: {bot}" in out else bot
        lo, hi = line.score_ci95
        score_ci = f"{lo:.1%} to {hi:.1%}"
        elo_ci = elo_texts(line.score_rate, line.games)[1]      # never inf (a 4-0 score: "+N or more")
        assert any(label in row and score_ci in row and elo_ci in row for row in out.splitlines())
        assert "…" not in out
    header_lines = [row for row in out.splitlines() if row.startswith("┃") and "wins" in row]
    # one table with every column at 160; at 80 the compact layout: the statistics,
    # then the counts
    assert len(header_lines) == 1
    assert ("Elo 95% CI" in header_lines[0]) is (width == 160)


def test_piped_output_uses_80_columns(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "match", "random", "greedy",
                           "--games", "2", "--jobs", "1"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    # greedy wins both games: Wilson lower bound n/(n + z²) = 2/5.8415 = 34.2%
    assert any("greedy" in line and "34.2% to 100.0%" in line for line in lines)


# --- item 5: the handshake timeout is an option ------------------------------------------------

def test_handshake_timeout_reaches_every_game(tmp_path: Path) -> None:
    slow_start = script(tmp_path, "slowstart",
                        handshake='time.sleep(0.4)\nprint("ok scripted", flush=True)')
    late = play_match([slow_start, "random"], games=2, seed=0, check=False, handshake_timeout=0.1)
    assert [(g.fault, g.forfeited_by) for g in late.games] == [("timeout", "red"), ("timeout", "blue")]
    on_time = play_match([slow_start, "random"], games=2, seed=0, handshake_timeout=5.0)
    assert [g.fault for g in on_time.games] == [None, None]


def test_handshake_timeout_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    slow_start = script(tmp_path, "slowstart",
                        handshake='time.sleep(0.4)\nprint("ok scripted", flush=True)')
    with pytest.raises(SystemExit) as done:
        main(["match", slow_start, "random", "--games", "1", "--handshake-timeout", "0.1"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("pickpack: error: ") and "handshake" in err and "0.1" in err
    assert main(["match", slow_start, "random", "--games", "1", "--jobs", "1",
                 "--handshake-timeout", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["handshake_timeout"] == 5.0
    with pytest.raises(SystemExit):
        main(["match", "random", "random", "--handshake-timeout", "0"])
    assert "--handshake-timeout: must be a positive number of seconds, got 0" in capsys.readouterr().err



@pytest.mark.parametrize("width", [72, 40])
def test_long_names_and_narrow_terminals_break_no_word_and_cut_no_number(
        width: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A cmd: spec is longer than the compact tables allow: at 72 columns the tables call
    # the bots A and B and the names stand above them; at 40 no table fits, and each
    # bot gets a paragraph. Either way no header is broken inside a word and every
    # interval is whole.
    bots = ["alphabeta:depth=1,seconds=0.5", "mcts:simulations=20,exploration=1.4"]
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["match", *bots, "--games", "2", "--seed", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    summary = play_match(bots, games=2, seed=2)
    assert all(len(line) <= width for line in out.splitlines())
    assert f"A: {bots[0]}" in out and f"B: {bots[1]}" in out
    flat = " ".join(out.split())
    for line in summary.lines:
        assert elo_texts(line.score_rate, line.games)[1] in flat
    for word in ("forfeits", "points", "losses"):
        assert word in flat
    # at 40 columns no table fits: the figures are stacked lines; at 72 a table only when it
    # fits whole (a 2-0 score's Elo is words, "> -113 (no game lost)", and takes the room)
    assert "┃" not in out if width == 40 else all(len(row) <= width for row in out.splitlines() if "┃" in row)
