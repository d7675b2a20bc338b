"""Discovery is guarded, not only loading (issue 12, item 9).

One installed distribution of any tool with a malformed ``entry_points.txt`` (or
unreadable METADATA) used to break every plugin lookup with a TypeError from
importlib.metadata. It is now skipped and reported once as a broken plugin source.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack
from pickpack import plugins
from pickpack.bots import make_bot
from tests.support.plugin_dist import on_sys_path, write_distribution

BAD_ENTRY_POINTS = "[some_other_tool.plugins]\nwidget some.module:Widget\n"


def bad_tool(site: Path, entry_points: str = BAD_ENTRY_POINTS, name: str = "bad-tool") -> None:
    """A distribution ``name`` 1.0 (of another tool) whose entry_points.txt is ``entry_points``."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def nameless(site: Path, metadata: bytes) -> None:
    """Distribution folder ``noname-2.0.dist-info`` with METADATA ``metadata`` (no usable Name)."""
    info = site / "noname-2.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_bytes(metadata)
    (info / "entry_points.txt").write_text("[pickpack.bots]\nghost = ghost_mod:Ghost\n")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    bad_tool(site)
    nameless(site, b"Metadata-Version: 2.1\nVersion: 2.0\n")
    return site


def cli(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
           "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "pickpack.cli", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_plugins_command_lists_each_broken_source_once_and_exits_0(site: Path) -> None:
    done = cli(site, "plugins", "--json")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    rows = json.loads(done.stdout)
    broken = [r for r in rows if r["error"] and r["error"].startswith("broken plugin source: ")]
    assert [(r["distribution"], r["version"]) for r in broken] == [("bad-tool", "1.0"), ("noname", "2.0")]
    assert broken[0]["error"] == ("broken plugin source: entry_points.txt line 2: "
                                  "'widget some.module:Widget' is not 'name = module:attr' (no '=')")
    assert broken[1]["error"] == "broken plugin source: METADATA has no Name field"
    assert broken[0]["value"].endswith("bad_tool-1.0.dist-info")
    # every built-in plugin is still there and loads
    ok = {(r["group"], r["name"]) for r in rows if r["error"] is None}
    assert {("pickpack.bots", b) for b in ("random", "pickpack.greedy", "mcts", "pickpack.alphabeta")} <= ok
    assert ("pickpack.games", "pickpack") in ok
    # the nameless source's entry point is skipped, not half-registered
    assert ("pickpack.bots", "ghost") not in {(r["group"], r["name"]) for r in rows}

    table = cli(site, "plugins")
    assert table.returncode == 0, table.stderr
    assert table.stdout.count("bad-tool") == 1


def test_match_runs_beside_a_broken_source(site: Path) -> None:
    done = cli(site, "match", "random", "greedy", "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game_count"] == 2


def test_the_api_works_beside_a_broken_source(site: Path) -> None:
    with on_sys_path(site):
        state = pickpack.new_game("pickpack", seed=3)
        assert state.phase == "placement"
        assert make_bot("random", seed=1).name
        assert {"random", "pickpack.greedy", "mcts", "pickpack.alphabeta"} <= set(plugins.names("pickpack.bots"))
        assert [(b.distribution, b.error) for b in plugins.broken_sources()] == [
            ("bad-tool", "entry_points.txt line 2: 'widget some.module:Widget' is not "
                         "'name = module:attr' (no '=')"),
            ("noname", "METADATA has no Name field")]


@pytest.mark.parametrize(("text", "problem"), [
    ("[pickpack.bots]\nmybot pkg.mod:Bot\n",
     "entry_points.txt line 2: 'mybot pkg.mod:Bot' is not 'name = module:attr' (no '=')"),
    ("# a comment\n[console_scripts]\ntool = tool:main\n\n[tool.hooks]\n   hook\n",
     "entry_points.txt line 6: 'hook' is not 'name = module:attr' (no '=')"),
])
def test_every_line_without_equals_makes_a_broken_source(tmp_path: Path, text: str, problem: str) -> None:
    site = tmp_path / "site"
    bad_tool(site, text)
    with on_sys_path(site):
        assert [(b.distribution, b.error) for b in plugins.broken_sources()] == [("bad-tool", problem)]
        assert "random" in plugins.names("pickpack.bots")
        assert "mybot" not in plugins.names("pickpack.bots")


def test_a_readable_entry_points_file_is_not_broken(tmp_path: Path) -> None:
    # importlib ignores lines before the first [group]; so does pickpack, and the
    # distribution's plugins are found.
    site = tmp_path / "site"
    write_distribution(site, "fine-bot", "1.0", {"pickpack.bots": {"fine": "fine_mod:Bot"}},
                       {"fine_mod": "class Bot: pass\n"})
    info = site / "fine_bot-1.0.dist-info" / "entry_points.txt"
    info.write_text("stray = line:before\n" + info.read_text())
    with on_sys_path(site):
        assert plugins.broken_sources() == []
        assert "fine" in plugins.names("pickpack.bots")


def test_the_instance_from_the_issue_is_broken_for_importlib_itself(tmp_path: Path) -> None:
    # Guard against a vacuous test: the file above really is unreadable for importlib.
    from importlib.metadata import PathDistribution
    site = tmp_path / "site"
    bad_tool(site)
    with pytest.raises((TypeError, ValueError)):
        list(PathDistribution(site / "bad_tool-1.0.dist-info").entry_points)


def test_undecodable_metadata_is_a_broken_source(tmp_path: Path) -> None:
    site = tmp_path / "site"
    nameless(site, b"Metadata-Version: 2.1\nName: \xff\xfe\nVersion: 2.0\n")
    with on_sys_path(site):
        broken = plugins.broken_sources()
        assert pickpack.new_game("pickpack", seed=1).phase == "placement"
    assert len(broken) == 1
    assert broken[0].distribution == "noname"
    assert broken[0].error.startswith("METADATA cannot be read: UnicodeDecodeError")


def test_broken_source_hides_neither_earlier_nor_later_plugins_and_first_wins(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    write_distribution(first, "bot-one", "1.0", {"pickpack.bots": {"twin": "twin_one:Bot"}},
                       {"twin_one": "class Bot:\n    name = 'one'\n"
                                    "    def __init__(self, seed=None): pass\n"
                                    "    def choose(self, state): return state.legal_moves()[0]\n"})
    bad_tool(first)
    write_distribution(second, "bot-two", "1.0", {"pickpack.bots": {"twin": "twin_two:Bot",
                                                                   "solo": "twin_two:Bot"}},
                       {"twin_two": "class Bot:\n    name = 'two'\n"
                                    "    def __init__(self, seed=None): pass\n"
                                    "    def choose(self, state): return state.legal_moves()[0]\n"})
    with on_sys_path(second), on_sys_path(first):        # first ends up before second
        assert make_bot("twin").name == "one"           # first on sys.path wins
        assert make_bot("solo").name == "two"
        assert [b.distribution for b in plugins.broken_sources()] == ["bad-tool"]
