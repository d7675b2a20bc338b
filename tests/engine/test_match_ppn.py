"""`pickpack match --ppn FILE` writes every game; `replay` reproduces the match's scores."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pickpack.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_match_records_replay_to_the_reported_scores(tmp_path: Path) -> None:
    out = _cli("match", "random", "greedy", "--games", "6", "--seed", "8", "--jobs", "1",
               "--json", "--ppn", str(tmp_path / "m.ppn"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    games = json.loads(out.stdout)["games"]
    text = (tmp_path / "m.ppn").read_text(encoding="utf-8")
    assert text.count('[Event "pickpack match"]') == 6
    replay = _cli("replay", str(tmp_path / "m.ppn"), cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr
    lines = replay.stdout.splitlines()
    assert len(lines) == 6
    for line, game in zip(lines, games):
        assert f"scores red {game['scores']['red']} blue {game['scores']['blue']}" in line
    assert _cli("validate", str(tmp_path / "m.ppn"), cwd=tmp_path).returncode == 0


def test_match_refuses_an_unwritable_record_before_playing(tmp_path: Path) -> None:
    out = _cli("match", "random", "greedy", "--games", "2", "--ppn",
               str(tmp_path / "missing-dir" / "m.ppn"), cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"pickpack: error: --ppn {tmp_path / 'missing-dir' / 'm.ppn'}: cannot write: the folder {tmp_path / 'missing-dir'} does not exist"]
