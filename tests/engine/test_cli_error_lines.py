"""Error lines have one format and the install hint fits the installation (issue 12,
item 19): ``fail`` and argparse's errors read ``pickpack: error: ...`` on one line, the
hint names how this pickpack was installed, and no command hard-codes a pip command."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pickpack import plugins
from pickpack.commands._common import OneLineParser, error_line, fail
from pickpack.install_hint import install_command, install_hint, pip_command
from tests.engine.cli_errors import stderr_of

ROOT = Path(__file__).resolve().parents[2]


def test_fail_and_argparse_errors_share_one_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        fail("first line\n  second line")
    assert done.value.code == 2
    assert capsys.readouterr().err == "pickpack: error: first line second line\n"

    parser = OneLineParser(prog="pickpack")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    sub.add_parser("match").add_argument("--games", type=int)
    # argparse's own words; CPython releases differ on quoting the choices ('match' or match)
    for argv, pattern in [(["match", "--games", "x"], re.escape(
                              "pickpack: error: match: argument --games: invalid int value: 'x'\n")),
                          (["nope"], re.escape("pickpack: error: argument command: invalid choice: "
                                               "'nope' (choose from ") + r"'?match'?\)\n")]:
        with pytest.raises(SystemExit) as done:
            parser.parse_args(argv)
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert re.fullmatch(pattern, err), err
    assert error_line("x") == "pickpack: error: x"


@pytest.mark.parametrize(("direct_url", "command"), [
    # the distribution's own name (issue 22, item 12): "pickpack" on the index is another project
    (None, "pip install 'pickpack-engine[tui]'"),
    ('{"url": "file:///home/me/src/pickpack", "dir_info": {"editable": true}}',
     "pip install -e '/home/me/src/pickpack[tui]'"),
    ('{"url": "file:///home/me/my%20games/pickpack", "dir_info": {}}',
     "pip install '/home/me/my games/pickpack[tui]'"),
    ('{"url": "https://example.org/pickpack-0.1.0.tar.gz", "archive_info": {}}',
     "pip install 'pickpack-engine[tui] @ https://example.org/pickpack-0.1.0.tar.gz'"),
    ('{"url": "https://example.org/pickpack.git", "vcs_info": {"vcs": "git", "commit_id": "ab12"}}',
     "pip install 'pickpack-engine[tui] @ git+https://example.org/pickpack.git'"),
    ("not json", "pip install 'pickpack-engine[tui]'"),
])
def test_install_command_matches_how_pickpack_was_installed(direct_url: str | None, command: str) -> None:
    assert install_command("tui", direct_url) == command


def test_install_hint_for_this_checkout_and_a_bad_extra() -> None:
    # The test suite runs from the source folder, installed editable (README).
    assert install_hint("tui") == f"needs Textual: pip install -e '{ROOT}[tui]'"
    assert pip_command("native") == f"pip install -e '{ROOT}[native]'"
    with pytest.raises(ValueError, match="^pickpack has no extra 'gui'; extras: tui, ray"):
        install_hint("gui")


def test_play_without_textual_prints_the_hint_for_this_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real_load = plugins.load

    def load(group: str, name: str) -> Any:
        if group == "pickpack.frontends":
            raise ModuleNotFoundError("No module named 'textual'")
        return real_load(group, name)

    monkeypatch.setattr(plugins, "load", load)
    assert stderr_of(["play", "--blue", "random"], capsys) == (
        f"pickpack: error: the terminal UI needs Textual: pip install -e '{ROOT}[tui]' "
        "(No module named 'textual')\n")


def test_no_hard_coded_install_command_in_my_files() -> None:
    for path in ["pickpack/commands/play.py", "pickpack/commands/_common.py", "pickpack/plugins.py",
                 "plugins/pickpack_tui/frontend.py"]:
        assert "pip install" not in (ROOT / path).read_text(encoding="utf-8"), path


@pytest.mark.parametrize("depth", ["0", "9", "x", "-1"])
def test_perft_depth_out_of_range_has_one_message(depth: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert stderr_of(["perft", "--seed", "1", "--depth", depth], capsys) == (
        f"pickpack: error: perft: argument --depth: must be a whole number 1..8, got {depth!r}\n")
