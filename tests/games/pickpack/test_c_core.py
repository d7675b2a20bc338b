"""The C core on its own: it compiles warning-free as C99 and embeds without Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pickpack
import pickpack.games.pickpack as pickpack_game

ROOT = Path(__file__).resolve().parents[3]
# One game's C and the shared C (core/common): what an embedding program compiles.
CORE = sorted(str(p) for p in [*(ROOT / "core" / "pickpack").glob("*.c"), *(ROOT / "core" / "common").glob("*.c")])
CC = shutil.which("cc") or shutil.which("gcc")


def _compile(tmp_path: Path, *extra: str, program: str = "embed_demo") -> Path:
    assert CC is not None, "a C compiler is required to build pickpack"
    exe = tmp_path / program
    subprocess.run(
        [CC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", *extra,
         f"-I{ROOT / 'core' / 'pickpack'}", f"-I{ROOT / 'core' / 'common'}", *CORE,
         str(ROOT / "tests" / "c" / f"{program}.c"), "-o", str(exe), "-lm"],
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


# Both players' placements, two of each kind in kind order (PP-C3): 24 decisions.
_PLACE_ALL = [str(k) for k in range(6) for _ in range(2)] * 2


def _ops_table(exe: Path, seed: int, actions: list[str]) -> dict[str, list[list[str]]]:
    """ops_table's lines by their first word, each split once more at spaces."""
    out = subprocess.run([str(exe), str(seed), *actions], check=True, capture_output=True, text=True).stdout
    lines: dict[str, list[list[str]]] = {}
    for line in out.splitlines():
        word, _, rest = line.partition(" ")
        lines.setdefault(word, []).append(rest.split(" ", 2))
    return lines


def test_ops_table_entries_name_the_rule_text_and_observation(tmp_path: Path) -> None:
    # pp_game_ops ABI 4 (core/common/pp_game_ops.h) in Pick & Pack's table (ops.c).
    exe = _compile(tmp_path, "-fsanitize=undefined", "-fno-sanitize-recover=all", program="ops_table")
    start = _ops_table(exe, 1, [])
    # ABI 4, the 10230 actions of docs/engine.md, no chance weights (no chance nodes,
    # PP-S1), its own MCTS compile.
    assert start["abi"] == [["4", "10230", "408 0 1"]]
    checks = {int(a): (int(code), rest) for a, code, rest in start["check"]}
    assert checks[-1] == (1, "action space|the action integer is outside the action space 0..10229")
    assert checks[10230] == checks[-1]
    assert checks[0] == (0, "|legal") and checks[5] == (0, "|legal")
    # PP-S3: no grabber move while placing.
    assert checks[6] == (4, "PP-S3|the grabber cannot move before both players have committed their placements")
    texts = {int(a): (int(n), t) for a, n, t in start["text"]}
    assert texts[0] == (4, "aT=P") and texts[5] == (4, "aT=M")
    assert texts[6] == (-1, "-") and texts[-1] == (-1, "-") and texts[10230] == (-1, "-")
    # 878 floats (docs/engine.md, "Observation tensor"); seat 2 and a short buffer are
    # refused. At the start Red sees: phase, to move, colour, grabber (4 ones), 36 face-up
    # trays, 8 open crates, 24 unplayed tiles without kinds: 72.
    assert start["observation"] == [["878", "0", "-1 -1 72.0000"]]
    assert start["mcts"] == [["1"]]

    play = _ops_table(exe, 1, _PLACE_ALL)
    state = pickpack.new_game("pickpack", seed=1, placements={"red": "PPWWRRQQXXMM", "blue": "PPWWRRQQXXMM"})
    for action, (code, rest) in ((int(a), (int(c), r)) for a, c, r in play["check"]):
        rule, _, reason = rest.partition("|")
        # The table's codes say what the binding's check_action says.
        assert (None if code == 0 else (rule, reason)) == state.check_action(action), action
    assert {int(a): t for a, n, t in play["text"] if int(n) >= 0} == {
        6: "a1>1", 100: "a1/aT:e4", 10229: "f6/fB:6R+"}
    assert all(state.action_text(a) == t for a, t in ((6, "a1>1"), (100, "a1/aT:e4"), (10229, "f6/fB:6R+")))
    # In play the 24 tile kinds show too: 72 + 24.
    assert play["observation"] == [["878", "0", "-1 -1 96.0000"]]
    assert play["mcts"] == [["1"]]


def test_observation_update_rewrites_a_row_into_the_full_tensor(tmp_path: Path) -> None:
    # pp_game_ops ABI 4 observation_update (what pickpack.vector steps with) against the
    # table's full observation (PP-V1, PP-V2, PP-S3), ply by ply over 40 random games and
    # across each game's end to the next deal, to the same seat and to the other; a bad
    # seat or size is refused with the row untouched.
    exe = _compile(tmp_path, "-fsanitize=undefined", "-fno-sanitize-recover=all", "-pthread",
                   program="obs_update")
    out = subprocess.run([str(exe), "5", "40"], check=True, capture_output=True, text=True).stdout.split("\n")
    plies, face_down = (int(x) for x in out[0].split()[1:])
    assert plies >= 40 * (24 + 1)        # 24 placements (PP-S3) and a move of play at least
    assert face_down > 0                 # Malfunction flips (PP-A6) were rewritten too
    assert out[1] == "mismatches 0"
    assert out[2] == "refused -1 -1 1"
