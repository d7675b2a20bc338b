"""PACRU's tensor fill in C alone (core/pacru/observation.c, issue 11): it compiles
warning-free as C99 without Python, refuses a bad player, a wrong size and NULL without
writing a byte, and fills what the binding returns."""

from __future__ import annotations

import array
import shutil
import subprocess
from pathlib import Path

import pickpack

ROOT = Path(__file__).resolve().parents[3]
CORE = sorted(str(p) for p in [*(ROOT / "core" / "pacru").glob("*.c"), *(ROOT / "core" / "common").glob("*.c")])
CC = shutil.which("cc") or shutil.which("gcc")

DRIVER = r"""
#include <stdio.h>
#include "pacru_core.h"

#define N (PACRU_TENSOR_PLANES * PACRU_CELLS)

int main(void)
{
    static float out[N + 2];
    pacru_state s;
    pacru_init();
    if (pacru_state_init(&s, 3, 0, 1, 400) != 0)
        return 1;
    out[N] = out[N + 1] = -7.0f;          /* guards: never written */
    for (int i = 0; i < N; i++)
        out[i] = -5.0f;
    printf("%zu\n", pacru_observation_tensor_size(&s));
    printf("%d %d %d %d %d\n",
           pacru_observation_tensor(&s, 3, out, N),          /* seat 3 of 3 */
           pacru_observation_tensor(&s, -1, out, N),
           pacru_observation_tensor(&s, 0, out, N - 1),      /* wrong size */
           pacru_observation_tensor(&s, 0, out, N + 1),
           pacru_observation_tensor(&s, 0, NULL, N));
    int untouched = 1;
    for (int i = 0; i < N; i++)
        untouched &= out[i] == -5.0f;
    printf("%d\n", untouched);
    printf("%d\n", pacru_observation_tensor(&s, 1, out, N));
    for (int i = 0; i < N + 2; i++)
        printf("%.9g\n", (double)out[i]);   /* 9 digits: a float32 exactly */
    return 0;
}
"""


def test_c_fill_checks_its_arguments_and_matches_the_binding(tmp_path: Path) -> None:
    assert CC is not None, "a C compiler is required to build pickpack"
    driver = tmp_path / "tensor_driver.c"
    driver.write_text(DRIVER)
    exe = tmp_path / "tensor_driver"
    subprocess.run([CC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
                    f"-I{ROOT / 'core' / 'pacru'}", f"-I{ROOT / 'core' / 'common'}", *CORE, str(driver),
                    "-o", str(exe), "-lm"], check=True, capture_output=True, text=True)
    lines = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split("\n")
    assert lines[0] == "4293"
    assert lines[1] == "2 2 3 3 1"        # PACRU_TENSOR_ERR_PLAYER, _SIZE, _NULL (pacru_core.h)
    assert lines[2] == "1"                # nothing written on an error
    assert lines[3] == "0"
    values = array.array("f", [float(v) for v in lines[4:4 + 4293 + 2]])
    assert list(values[-2:]) == [-7.0, -7.0]    # the guards past the end
    state = pickpack.new_game("pacru", players=3, classic_meeting=True, max_plies=400)
    assert values[:-2] == state.observation_tensor(1)
    assert values[52 * 81] == 1.0                                   # classic meeting (PA-T2)
    assert values[50 * 81] == array.array("f", [0.4])[0]            # cap 400 of 1000 (PA-E3)
