"""No child of any bot outlives the match host, on any backend and any way the match
ends (issue 22, item 9; docs/process-protocol.md, "Lifetime").

The instance: ``pickpack match cmd:SLEEPER random --backend ray --jobs 2 --games 6``,
a bot whose ``go`` runs ``sleep 1001``. Ctrl-C printed the summary, but both bots'
``sleep`` children still ran 8 s later (Ray kills a cancelled worker's children, the
process bots' reaper among them, and the bots' own children stayed); SIGTERM ran Ray's
handler (``ray.init`` replaces Python's), which exited with status 1 or dumped a stack
trace, with no summary.

The bot here (``SLEEPER``) plays its first two games (tickets 0 and 1, taken at a
bot's first ``go``: the bot that check_bots starts in the host only shakes hands) and
hangs in every later one in ``go`` on a ``sleep`` child, whose pid it writes to a file.
The test waits for two such files (a bounded wait for an event, no fixed sleep), sends
the signal, and checks the exit status, the partial summary (2 of 6 games: the first
two finish before any bot hangs) and that no ``sleep`` is left (a bounded poll).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pickpack.match import play_match
from tests.engine.process_scripts import default_sigint, pid_alive, script, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: ``go``: games with ticket 0 and 1 are played at random; later ones start
#: ``sleep 1001``, write its pid to PIDDIR/sleep-PID, and wait for it.
SLEEPER_GO = '''\
import os, subprocess
piddir = os.environ["PIDDIR"]
if moves == 1:
    ticket = 0
    while True:
        try:
            os.close(os.open(os.path.join(piddir, f"ticket-{ticket}"), os.O_CREAT | os.O_EXCL))
            break
        except FileExistsError:
            ticket += 1
    hang = ticket >= 2
if hang:
    child = subprocess.Popen(["sleep", "1001"])
    with open(os.path.join(piddir, "tmp-" + str(child.pid)), "w") as out:
        out.write(str(child.pid))
    os.replace(os.path.join(piddir, "tmp-" + str(child.pid)), os.path.join(piddir, f"sleep-{child.pid}"))
    child.wait()
print("bestmove", rng.choice(legal), flush=True)'''

EXIT_STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}


def _sleeps(piddir: Path) -> list[int]:
    return [int(p.name.split("-", 1)[1]) for p in piddir.glob("sleep-*")]


def _interrupted_match(tmp_path: Path, how: signal.Signals, backend_args: list[str], hanging: int,
                       start_timeout: float) -> None:
    """Run the match, signal it once ``hanging`` bots hang, and check what the host did."""
    piddir = tmp_path / "pids"
    piddir.mkdir()
    sleeper = script(tmp_path, "sleeper", go=SLEEPER_GO)
    env = {**os.environ, "PIDDIR": str(piddir), "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pickpack.cli", "match", sleeper, "random", "--games", "6", "--seed", "1",
         "--time-limit", "600", "--json", *backend_args],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=default_sigint)
    try:
        wait_for(lambda: len(_sleeps(piddir)) >= hanging or proc.poll() is not None,
                  "the hanging bots", start_timeout)
        sleeps = _sleeps(piddir)
        proc.send_signal(how)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
        proc.wait()
    assert len(sleeps) >= hanging, err
    assert proc.returncode == EXIT_STATUS[how], err
    assert "Traceback" not in err and "SIGTERM received" not in err, err
    assert "pickpack: interrupted after 2 of 6 games" in err, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["games_played"] == 2
    assert len(data["games"]) == 2 and all(g["forfeit"] is None for g in data["games"])
    wait_for(lambda: not any(pid_alive(p) for p in _sleeps(piddir)), "every bot's sleep to end", 30)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "process-pool"])
def test_a_signal_stops_a_local_match_with_its_results_and_no_bot_child_left(
        tmp_path: Path, how: signal.Signals, jobs: str) -> None:
    # with one job a single game hangs at a time: one sleep to wait for
    _interrupted_match(tmp_path, how, ["--jobs", jobs], int(jobs), 120)


@pytest.mark.parametrize("how", [signal.SIGTERM, pytest.param(signal.SIGINT, marks=pytest.mark.slow)],
                         ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_a_ray_match_with_its_results_and_no_bot_child_left(
        tmp_path: Path, how: signal.Signals) -> None:
    pytest.importorskip("ray")
    # a local Ray takes about 10-20 s to start on 2 busy cores
    _interrupted_match(tmp_path, how, ["--backend", "ray", "--jobs", "2"], 2, 240)


def test_a_bot_past_its_deadline_leaves_no_child(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The deadline path: the hanging bot forfeits on time (2 s + grace) and its group
    # is killed with it, its sleep child included, before play_match returns.
    piddir = tmp_path / "pids"
    piddir.mkdir()
    for ticket in (0, 1):                 # every game of this bot hangs
        (piddir / f"ticket-{ticket}").touch()
    monkeypatch.setenv("PIDDIR", str(piddir))
    summary = play_match([script(tmp_path, "sleeper", go=SLEEPER_GO), "random"], games=1, seed=1,
                         time_limit=2.0, check=False)
    assert [g.fault for g in summary.games] == ["timeout"]
    sleeps = _sleeps(piddir)
    assert len(sleeps) == 1
    wait_for(lambda: not pid_alive(sleeps[0]), "the sleep to end", 30)
