"""The C core on its own: it compiles warning-free as C99 and embeds without Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pickpack
import pickpack.games.pickpack as pickpack_game

ROOT = Path(__file__).resolve().parent.parent
# One game's C and the shared C (core/common): what an embedding program compiles.
CORE = sorted(str(p) for p in [*(ROOT / "core" / "pickpack").glob("*.c"), *(ROOT / "core" / "common").glob("*.c")])
CC = shutil.which("cc") or shutil.which("gcc")


def _compile(tmp_path: Path, *extra: str) -> Path:
    assert CC is not None, "a C compiler is required to build pickpack"
    exe = tmp_path / "embed_demo"
    subprocess.run(
        [CC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", *extra,
         f"-I{ROOT / 'core' / 'pickpack'}", f"-I{ROOT / 'core' / 'common'}", *CORE, str(ROOT / "tests" / "c" / "embed_demo.c"), "-o", str(exe), "-lm"],
        check=True, capture_output=True, text=True)
    return exe


def test_core_header_has_no_python_include() -> None:
    for path in (ROOT / "core").glob("*/*"):
        assert "Python.h" not in path.read_text(), path


def test_core_compiles_as_c99_without_warnings_and_embeds(tmp_path: Path) -> None:
    exe = _compile(tmp_path)
    for deal_seed, playout_seed in ((1, 2), (17, 5), (2**63, 9)):
        out = subprocess.run([str(exe), str(deal_seed), str(playout_seed)],
                             check=True, capture_output=True, text=True).stdout.split()
        # The same game through the Python API gives the same plies, scores and hash.
        state = pickpack.new_game("pickpack", seed=deal_seed,
                                  placements=pickpack_game.placements_from_seed(deal_seed))
        scores = state.playout(playout_seed)
        assert [int(out[1]), int(out[2])] == [scores["red"], scores["blue"]]
        assert int(out[0]) >= 1


def test_embedded_game_ends_in_a_consistent_state(tmp_path: Path) -> None:
    exe = _compile(tmp_path, "-fsanitize=undefined", "-fno-sanitize-recover=all")
    for seed in range(20):
        proc = subprocess.run([str(exe), str(seed), str(seed + 1)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
