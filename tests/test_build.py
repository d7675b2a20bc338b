"""The build says nothing deprecated and ships the style sheets (issue 12, item 20).

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

ROOT = Path(__file__).resolve().parent.parent
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
    (sdist,) = glob.glob(str(tmp_path / "dist" / "pickpack-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    assert sorted(n.rsplit("/", 1)[1] for n in names if "/plugins/pickpack_tui/styles/" in n) == STYLES
    assert len(STYLES) == 3


@pytest.mark.slow
def test_wheel_builds_quietly_with_the_styles_and_the_license_expression(tmp_path: Path) -> None:
    env = _cython_env(tmp_path)
    project = _copy_project(tmp_path)
    output = _run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
                   "-w", str(tmp_path / "wheels"), str(project)], project, env)
    for word in BAD_WORDS:
        assert word.lower() not in output.lower(), output
    (wheel,) = glob.glob(str(tmp_path / "wheels" / "pickpack-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("pickpack_tui/styles/")) == STYLES
    assert "License-Expression: MIT" in metadata.splitlines()
