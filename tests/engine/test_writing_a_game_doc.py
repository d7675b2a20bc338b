"""docs/writing-a-game.md quotes its two running examples truly: every code block marked
``<!-- excerpt: PATH -->`` is the file's own text (a line ``...`` marks where lines are
left out: the parts around it appear in the file in that order), and every file the
doc names under examples/, core/, pickpack/ or docs/ (or inside an example) exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
EXCERPT = re.compile(r"<!-- excerpt: (\S+) -->\n```\w*\n(.*?)\n```", re.S)
GAP = "..."


def _excerpts() -> list[tuple[str, str]]:
    return EXCERPT.findall(DOC)


def test_the_doc_quotes_both_examples_and_every_layer() -> None:
    quoted = {path for path, _ in _excerpts()}
    assert quoted == {
        "examples/thirdparty-game/pickpack_pig/game.py", "examples/thirdparty-game/pickpack_pig/state.py",
        "examples/thirdparty-game/pyproject.toml",
        "examples/thirdparty-c-game/src/breakthrough.h", "examples/thirdparty-c-game/src/breakthrough.c",
        "examples/thirdparty-c-game/pickpack_breakthrough/_core.pyx",
        "examples/thirdparty-c-game/pickpack_breakthrough/state.py",
        "examples/thirdparty-c-game/pickpack_breakthrough/game.py",
        "examples/thirdparty-c-game/setup.py", "examples/thirdparty-c-game/pyproject.toml"}
    assert DOC.count("<!-- excerpt:") == len(_excerpts())          # every marker is before a block


@pytest.mark.parametrize(("path", "block"), _excerpts(), ids=[f"{p}:{i}" for i, (p, _) in enumerate(_excerpts())])
def test_each_excerpt_is_the_files_own_text(path: str, block: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    at = 0
    for part in re.split(rf"^{re.escape(GAP)}$", block, flags=re.M):
        part = part.strip("\n")
        found = text.find(part, at)
        assert part and found >= 0, f"{path}: not in the file (after offset {at}):\n{part}"
        at = found + len(part)


def test_every_file_the_doc_names_exists() -> None:
    named = set(re.findall(r"`((?:examples|core|pickpack|docs)/[\w./-]+)`", DOC))
    # the examples' own files, named inside their distribution
    named |= {f"examples/thirdparty-game/{p}" for p in re.findall(r"`(pickpack_pig/[\w.]+)`", DOC)}
    named |= {f"examples/thirdparty-c-game/{p}" for p in re.findall(r"`((?:src|pickpack_breakthrough)/[\w.]+)`", DOC)}
    assert len(named) >= 15
    assert sorted(p for p in named if not (ROOT / p).exists()) == []
