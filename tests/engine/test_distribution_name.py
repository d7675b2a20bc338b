"""pickpack's distribution has a name of its own (issue 22, item 12): ``pickpack`` on the
package index is an unrelated project (``pickpack 2.0.0.post1``), which the examples'
``dependencies = ["pickpack"]`` pulled into a fresh environment. The distribution is
``pickpack-engine``; the import name stays ``pickpack``. Every example depends on that
name, every install command the docs or the messages give names it, and the
installed metadata is found under it.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import distribution, version
from pathlib import Path

import pytest

from pickpack.install_hint import DISTRIBUTION, install_command

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXAMPLES = sorted(p.parent for p in (ROOT / "examples").glob("*/pyproject.toml"))
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "examples").glob("*/README.md")])
#: A requirement of the bare index name: "pickpack", "pickpack[tui]", "pickpack>=0.1"
#: (a path such as '/src/pickpack[tui]' or the import name in prose is not one).
BARE = re.compile(r"""(?<![\w/.-])['"]pickpack(?:\[[\w,]+\])?(?:\s*[<>=!~@][^'"]*)?['"]""")


def _requirement_name(requirement: str) -> str:
    """The project name of a PEP 508 requirement string, normalised (PEP 503)."""
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group(1)).lower()


def test_the_distribution_is_pickpack_engine_and_not_the_index_name() -> None:
    assert PROJECT["name"] == DISTRIBUTION == "pickpack-engine"
    # the import name is unchanged: the package folder and the console script
    assert (ROOT / "pickpack" / "__init__.py").is_file()
    assert PROJECT["scripts"] == {"pickpack": "pickpack.cli:main"}


def test_the_installed_metadata_is_found_under_the_distribution_name() -> None:
    dist = distribution(DISTRIBUTION)
    assert version(DISTRIBUTION) == PROJECT["version"] == dist.version
    games = {ep.name for ep in dist.entry_points if ep.group == "pickpack.games"}
    assert games == {"pickpack", "push", "pacru"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_every_example_depends_on_the_distribution_name(example: Path) -> None:
    project = tomllib.loads((example / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [_requirement_name(r) for r in project["dependencies"]]
    assert DISTRIBUTION in names and "pickpack" not in names, names


def test_the_examples_found_are_the_bot_and_the_two_games() -> None:
    assert [p.name for p in EXAMPLES] == ["thirdparty-bot", "thirdparty-c-game", "thirdparty-game"]


def _bare_requirements(text: str) -> list[str]:
    """The bare index name required on the lines of ``text`` that install something
    (``pip install``, ``dependencies``); elsewhere "pickpack" is a game's name."""
    return [hit for line in text.splitlines() if "pip install" in line or "dependencies" in line
            for hit in BARE.findall(line)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_installs_the_bare_index_name(doc: Path) -> None:
    assert _bare_requirements(doc.read_text(encoding="utf-8")) == []


def test_the_bare_name_is_told_from_paths_and_the_distribution_name() -> None:
    text = "\n".join(["pip install 'pickpack[tui]'", 'dependencies = ["pickpack"]',
                      "pip install 'pickpack>=0.1'", "pip install -e '/src/pickpack[tui]'",
                      "pip install 'pickpack-engine[ray]'", 'pickpack.new_game("pickpack")'])
    assert _bare_requirements(text) == ["'pickpack[tui]'", '"pickpack"', "'pickpack>=0.1'"]


def test_an_install_from_the_index_names_the_distribution() -> None:
    assert install_command("ray", None) == "pip install 'pickpack-engine[ray]'"
