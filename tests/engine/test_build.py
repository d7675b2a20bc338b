"""The build says nothing deprecated, ships the style sheets (issue 12, item 20) and makes
one extension module per game (issue 8: "one extension per game, no game's C linked into
another's extension"), plus the game-neutral ``pickpack._move``. Every way people build
works from a fresh copy (issue 22, item 10): ``python setup.py build_ext --inplace``
alone builds the static C libraries it links (``pp_common``, ``pp_<game>``).

``project.license`` as a TOML table is deprecated by setuptools (removal 2027-Feb-18):
it is the SPDX string ``"MIT"``. ``pickpack_tui/styles`` (the Textual ``*.tcss``
files, no Python) is declared as a data-only package, so setuptools no longer warns
that it is "absent from the packages configuration". The build runs in a copy of the
project, so the work tree is never touched.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The games with C in this repository (core/<name>/, core/common/ being shared C) and the
# extension modules the build makes for them: pickpack._move and one _core per game.
C_GAMES = sorted(p.name for p in (ROOT / "core").iterdir() if p.is_dir() and p.name != "common")
# The game-neutral ones (the move value, the C-state base, the one search binding) and
# one per game.
EXTENSIONS = sorted(["pickpack/_csearch", "pickpack/_cstate", "pickpack/_cvector", "pickpack/_move",
                     *(f"pickpack/games/{game}/_core" for game in C_GAMES)])
# What pickpack.games.pickpack._search re-exports from the game's one extension
# (alpha-beta and its helpers) and from the one search binding (the MCTS).
SEARCH_NAMES = ["EVALUATIONS", "MAX_DEPTH", "WIN_VALUE", "alphabeta_search", "counted_actions",
                "distinct_actions", "evaluate"]
MCTS_NAMES = ["MCTSResult", "mcts_search", "mcts_search_through_table"]
STYLES = sorted(p.name for p in (ROOT / "plugins" / "pickpack_tui" / "styles").glob("*.tcss"))
# What setuptools prints for the two faults (and any other deprecation).
BAD_WORDS = ("deprecat", "absent from the `packages`", "Package would be ignored")


def _cython_env(tmp: Path) -> dict[str, str]:
    """The environment for a build without isolation (setuptools shows its own
    deprecation warnings by default): it needs Cython (the ``test`` extra has it). If
    this interpreter lacks it (an environment made before Cython joined the extra), the
    base interpreter's Cython is linked into ``tmp`` and put on PYTHONPATH; without any,
    the test fails: Cython is a test requirement, not an optional one."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if importlib.util.find_spec("Cython") is not None:
        return env
    base = Path(sys.base_prefix) / "bin" / "python3"
    found = subprocess.run([str(base), "-c", "import Cython, os; print(os.path.dirname(Cython.__path__[0]))"],
                           capture_output=True, text=True, check=False) if base.exists() else None
    if found is None or found.returncode != 0:
        pytest.fail("Cython is not installed (pip install -e '.[test]' adds it)")
    site = Path(found.stdout.strip())
    link = tmp / "cython-only"
    link.mkdir()
    for name in ("Cython", "cython.py", "pyximport"):
        if (site / name).exists():
            (link / name).symlink_to(site / name)
    env["PYTHONPATH"] = str(link)
    return env


def _copy_project(tmp: Path) -> Path:
    """What a build reads, copied (generated C kept with its time stamp, so that
    cythonize can skip it when it is current)."""
    project = tmp / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, project / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.o", "build", "*.egg-info")
    for name in ("pickpack", "plugins", "core", "docs"):
        shutil.copytree(ROOT / name, project / name, ignore=ignore)
    return project


def _extension_modules(names: list[str]) -> list[str]:
    """The extension modules among archive or file names, as slash paths without the
    ``.cpython-…so`` tail (``pickpack/games/pickpack/_core``)."""
    return sorted(n.split(".", 1)[0] for n in names if n.endswith(".so") or n.endswith(".pyd"))


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def test_pyproject_uses_an_spdx_license_and_a_setuptools_that_reads_it() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["license"] == "MIT"
    assert "setuptools>=77" in data["build-system"]["requires"]
    assert data["tool"]["setuptools"]["package-data"]["pickpack_tui.styles"] == ["*.tcss"]


def test_build_and_sdist_print_no_deprecation_and_ship_the_styles(tmp_path: Path) -> None:
    env = _cython_env(tmp_path)
    project = _copy_project(tmp_path)
    output = _run([sys.executable, "setup.py", "build_py", "-d", str(tmp_path / "lib"),
                   "sdist", "-d", str(tmp_path / "dist")], project, env)
    for word in BAD_WORDS:
        assert word.lower() not in output.lower(), output
    assert sorted(p.name for p in (tmp_path / "lib" / "pickpack_tui" / "styles").glob("*.tcss")) == STYLES
    # pickpack.get_include(): the headers, rng.c and the base's .pxd files are package data
    shipped = {str(p.relative_to(tmp_path / "lib" / "pickpack")) for p in (tmp_path / "lib" / "pickpack" / "include").rglob("*")}
    assert {"include/pp_game_ops.h", "include/pp_mcts_impl.h", "include/rng.c", "include/pickpack/_cstate.pxd",
            "include/pickpack/_game_ops.pxd"} <= shipped
    # The Python constants generated from the C headers (setup.py GENERATED_CONSTANTS)
    constants = (tmp_path / "lib" / "pickpack" / "games" / "push" / "_constants.py").read_text(encoding="utf-8")
    assert "\nRAW_SIZE = 521\n" in constants and "\nPHASE_OVER = 6\n" in constants
    (sdist,) = glob.glob(str(tmp_path / "dist" / "pickpack_engine-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    assert sorted(n.rsplit("/", 1)[1] for n in names if "/plugins/pickpack_tui/styles/" in n) == STYLES
    assert len(STYLES) == 3
    # The sdist rebuilds the one extension: _core.pyx and the searches it includes.
    game_files = sorted(n.rsplit("/", 1)[1] for n in names if "/pickpack/games/pickpack/_" in n)
    assert "_search.pxi" in game_files and "_core.pyx" in game_files and "_search.py" in game_files
    assert "_search.pyx" not in game_files


def test_the_expected_extensions_are_one_per_game() -> None:
    assert C_GAMES == ["pacru", "pickpack", "push"]
    # pickpack/_cvector: the game-neutral batched environments (pickpack.vector).
    assert EXTENSIONS == ["pickpack/_csearch", "pickpack/_cstate", "pickpack/_cvector", "pickpack/_move",
                          "pickpack/games/pacru/_core", "pickpack/games/pickpack/_core",
                          "pickpack/games/push/_core"]


def test_the_work_tree_holds_one_extension_per_game() -> None:
    # The in-place build (pip install -e, or setup.py build_ext --inplace): a stale
    # _search extension would shadow _search.py on import.
    built = [str(p.relative_to(ROOT)) for p in (ROOT / "pickpack").rglob("*.so")]
    assert _extension_modules(built) == EXTENSIONS


def test_search_module_re_exports_the_searches_of_the_one_extension_and_the_one_binding() -> None:
    from pickpack import _csearch
    from pickpack.games.pickpack import _core, _search
    from pickpack.games.pickpack.game import GAME

    assert Path(_search.__file__ or "").name == "_search.py"
    assert sorted(_search.__all__) == sorted(SEARCH_NAMES + MCTS_NAMES)
    for name in SEARCH_NAMES:
        assert getattr(_search, name) is getattr(_core, name), name
    for name in MCTS_NAMES:
        assert getattr(_search, name) is getattr(_csearch, name), name
    module, _, attr = (GAME.native_mcts or "").partition(":")
    assert getattr(importlib.import_module(module), attr) is _csearch.mcts_search
    assert (_core.WIN_VALUE, _core.MAX_DEPTH, _core.EVALUATIONS) == (1 << 20, 64, ("full", "score"))


@pytest.mark.slow
def test_wheel_builds_quietly_with_the_styles_and_the_license_expression(tmp_path: Path) -> None:
    env = _cython_env(tmp_path)
    project = _copy_project(tmp_path)
    output = _run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
                   "-w", str(tmp_path / "wheels"), str(project)], project, env)
    for word in BAD_WORDS:
        assert word.lower() not in output.lower(), output
    (wheel,) = glob.glob(str(tmp_path / "wheels" / "pickpack_engine-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("pickpack_tui/styles/")) == STYLES
    assert "License-Expression: MIT" in metadata.splitlines()
    # Exactly one extension module per game, plus pickpack._move; the searches ride in
    # the game's _core, and _search is a plain module.
    assert _extension_modules(names) == EXTENSIONS
    assert "pickpack/games/pickpack/_search.py" in names


@pytest.mark.slow
def test_build_ext_inplace_alone_builds_the_c_libraries_it_links(tmp_path: Path) -> None:
    # Issue 22, item 10: in a fresh clone, build_ext used to fail with
    # "ld: cannot find -lpp_push" (build_clib had never run). About a minute on 2 cores.
    env = _cython_env(tmp_path)
    project = _copy_project(tmp_path)
    _run([sys.executable, "setup.py", "build_ext", "--inplace"], project, env)
    built = [str(p.relative_to(project)) for p in (project / "pickpack").rglob("*.so")]
    assert _extension_modules(built) == EXTENSIONS
    # The extensions import and play from the copy (their game's C linked in).
    check = ("import pickpack.games.push._core as c; from pickpack.games.push.game import GAME; "
             "s = GAME.new_state(seed=1); print(c.__file__, s.game.name, len(s.legal_actions()) > 0)")
    out = _run([sys.executable, "-c", check], project, {**env, "PYTHONPATH": str(project)})
    where, name, plays = out.split()
    assert Path(where).is_relative_to(project) and (name, plays) == ("push", "True")
