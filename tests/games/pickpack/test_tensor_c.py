"""pp_observation_tensor (core/pickpack/observation.c) on its own, from a small C program:
it trusts nothing (a bad player, a wrong size, a NULL buffer or a corrupt state get their
error code and leave the buffer untouched) and fills the documented values
(docs/engine.md, "Observation tensor") for a fresh deal."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CORE = sorted(str(p) for p in [*(ROOT / "core" / "pickpack").glob("*.c"), *(ROOT / "core" / "common").glob("*.c")])
CC = shutil.which("cc") or shutil.which("gcc")

PROGRAM = r"""
#include <stdio.h>
#include "pickpack_core.h"

static float buf[PP_OBS_SIZE + 1];

/* The return code, then how many entries are no longer the sentinel 7. */
static void run(const char *name, const pp_state *s, int player, float *out, size_t size)
{
    for (int i = 0; i <= PP_OBS_SIZE; i++) buf[i] = 7.0f;
    int rc = pp_observation_tensor(s, player, out, size);
    int touched = 0;
    for (int i = 0; i <= PP_OBS_SIZE; i++) touched += buf[i] != 7.0f;
    printf("%s %d %d\n", name, rc, touched);
}

int main(void)
{
    uint8_t deal[PP_NUM_SQUARES];
    pp_state s;
    pp_rng rng;
    pp_rng_seed(&rng, 5);
    pp_random_deal(&rng, deal);
    pp_state_init(&s, deal, PP_RED);
    printf("size %zu\n", pp_observation_tensor_size(&s));
    run("ok", &s, PP_BLUE, buf, PP_OBS_SIZE);
    printf("sum %d\n", (int)(buf[0] + buf[4] + buf[6] + buf[PP_OBS_OWN_CRATES] + buf[PP_OBS_OPP_TILES + 6]));
    run("player2", &s, 2, buf, PP_OBS_SIZE);
    run("player-1", &s, -1, buf, PP_OBS_SIZE);
    run("short", &s, PP_RED, buf, PP_OBS_SIZE - 1);
    run("long", &s, PP_RED, buf, PP_OBS_SIZE + 1);
    run("null", &s, PP_RED, NULL, PP_OBS_SIZE);
    run("nostate", NULL, PP_RED, buf, PP_OBS_SIZE);
    pp_state bad = s; bad.crate_len[1][2] = PP_MAX_CRATE + 1;
    run("crate_len", &bad, PP_RED, buf, PP_OBS_SIZE);
    bad = s; bad.grid[3] = 7;
    run("grid", &bad, PP_RED, buf, PP_OBS_SIZE);
    bad = s; bad.tile_kind[0][0] = PP_NUM_KINDS;
    run("kind", &bad, PP_RED, buf, PP_OBS_SIZE);
    bad = s; bad.grabber = PP_NUM_SQUARES;
    run("grabber", &bad, PP_RED, buf, PP_OBS_SIZE);
    bad = s; bad.phase = 3;
    run("phase", &bad, PP_RED, buf, PP_OBS_SIZE);
    bad = s; bad.rush[1] = 3;
    run("rush", &bad, PP_RED, buf, PP_OBS_SIZE);
    return 0;
}
"""


def test_the_c_fill_checks_everything_and_writes_nothing_on_an_error(tmp_path: Path) -> None:
    assert CC is not None, "a C compiler is required to build pickpack"
    source = tmp_path / "tensor_demo.c"
    source.write_text(PROGRAM)
    exe = tmp_path / "tensor_demo"
    subprocess.run([CC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
                    f"-I{ROOT / 'core' / 'pickpack'}", f"-I{ROOT / 'core' / 'common'}", *CORE,
                    str(source), "-o", str(exe), "-lm"], check=True, capture_output=True, text=True)
    lines = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert lines[0] == "size 878"
    # Blue observing Red placing first: 878 written (not the sentinel past the end);
    # placement, opponent to move, blue, own crate 1 open, Red's aT unplayed
    assert lines[1] == "ok 0 878"
    assert lines[2] == "sum 5"
    assert lines[3:] == ["player2 1 0", "player-1 1 0", "short 2 0", "long 2 0", "null 2 0",
                         "nostate 3 0", "crate_len 3 0", "grid 3 0", "kind 3 0", "grabber 3 0",
                         "phase 3 0", "rush 3 0"]
