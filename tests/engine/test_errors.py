"""Say what is true; one bot spec everywhere (issue 12, items 15 and 19).

The README's claims are checked against the code; the API's errors are all
PickpackErrors; ``dir(pickpack)`` is the public API; every command that takes a bot
takes the same spec grammar with the same one-line errors; error lines have one format
and the install hint fits the installation.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
import pickpack.errors
from pickpack.errors import illegal_move_message
from pickpack import plugins
from pickpack.cli import main
from pickpack.commands import play
from pickpack.commands._common import OneLineParser, error_line, fail
from pickpack.install_hint import install_command, install_hint, pip_command

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLACED = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


# --- undo with no history ---------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: pickpack.new_game("pickpack", seed=4),
    lambda: pickpack.new_game("pickpack", seed=4, placements=PLACED),
    lambda: pickpack_game.from_position(pickpack.new_game("pickpack", seed=4, placements=PLACED).to_position()),
], ids=["placement", "play", "from_position"])
def test_undo_with_no_history_is_a_pickpack_error_and_an_index_error(make: Any) -> None:
    state = make()
    with pytest.raises(pickpack.NothingToUndoError) as err:
        state.undo()
    assert isinstance(err.value, pickpack.PickpackError) and isinstance(err.value, IndexError)
    assert str(err.value) == "nothing to undo: no action since this state was created"   # the base's wording


def test_undo_stops_at_the_root_and_leaves_the_state_unchanged() -> None:
    state = pickpack.new_game("pickpack", seed=4, placements=PLACED)
    root = state.to_position()
    state.apply(state.legal_moves()[0])
    state.undo()
    with pytest.raises(IndexError):          # old code catching IndexError still works
        state.undo()
    assert state.to_position() == root
    state.copy().apply(state.legal_moves()[0])
    with pytest.raises(pickpack.NothingToUndoError):
        state.copy().undo()


# --- the errors are PickpackErrors and exported -------------------------------------------

def test_position_error_is_a_pickpack_error_and_exported() -> None:
    from pickpack.games.pickpack.position import PositionError
    assert pickpack.PositionError is PositionError
    assert issubclass(PositionError, pickpack.PickpackError) and issubclass(PositionError, ValueError)
    with pytest.raises(pickpack.PickpackError):
        pickpack_game.from_position("not a position")


def test_every_exported_exception_is_a_pickpack_error() -> None:
    exported = [getattr(pickpack, n) for n in pickpack.__all__]
    exported += [getattr(pickpack.errors, n) for n in pickpack.errors.__all__]
    exported += [plugins.PluginNotFoundError]
    classes = [c for c in exported if isinstance(c, type) and issubclass(c, BaseException)]
    assert len(classes) >= 10
    assert [c.__name__ for c in classes if not issubclass(c, pickpack.PickpackError)] == []


def test_unknown_game_is_a_pickpack_error_and_a_lookup_error() -> None:
    with pytest.raises(pickpack.PickpackError) as err:
        pickpack.new_game("chess")
    assert isinstance(err.value, LookupError)
    # the installed games: pickpack, and whatever else this environment has (pig, ...)
    assert "pickpack" in pickpack.available_games()
    assert str(err.value) == f"unknown game 'chess'; choices: {', '.join(pickpack.available_games())}"


# --- dir(pickpack) ------------------------------------------------------------------------

def test_dir_of_the_package_is_its_public_api() -> None:
    names = dir(pickpack)
    for leaked in ("Any", "annotations", "inspect", "load"):
        assert leaked not in names
    public = {n for n in names if not n.startswith("_")}
    assert public == set(pickpack.__all__)
    assert "__version__" in names
    for name in pickpack.__all__:
        assert hasattr(pickpack, name), name


# --- what the README says -----------------------------------------------------------------

def test_play_defaults_to_the_top_of_the_ladder_and_the_readme_says_which() -> None:
    ladder = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    order = re.search(r"The order: ((?:`\w+`(?: > )?)+)", ladder)
    assert order is not None
    best = re.findall(r"`(\w+)`", order.group(1))
    assert best == ["alphabeta", "mcts", "greedy", "random"]
    assert play.STRONGEST == tuple(best[:3])
    assert play.strongest_bot() == "alphabeta"
    assert "you are Red against alphabeta, the strongest built-in bot" in README
    assert "# you are Red against the strongest built-in bot\n" not in README


def test_placement_legal_moves_are_what_the_readme_says() -> None:
    state = pickpack.new_game("pickpack", seed=7)
    counts, first_texts = [], []
    while state.phase == "placement":
        moves = state.legal_moves()
        counts.append(len(moves))
        first_texts.append(moves[0].text.split("=")[0])
        state.apply(moves[-1])
    # two of each of six kinds per player: 6,6,5,5,...,1,1 for Red, then the same for Blue
    assert counts == [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1] * 2
    assert first_texts == ["aT", "bT", "cT", "dT", "eT", "fT", "aB", "bB", "cB", "dB", "eB", "fB",
                           "1L", "2L", "3L", "4L", "5L", "6L", "1R", "2R", "3R", "4R", "5R", "6R"]
    text = " ".join(README.split())
    assert "its legal moves are the 24 placement decisions" not in text
    assert ("24 placement decisions, one tile space at a time (Red's `aT`…`fB`, then "
            "Blue's `1L`…`6R`): `legal_moves()` gives one move per tile kind the player "
            "still has for that space (`aT=P`, …), 6 at first and 1 for the last space") in text


# --- one bot spec everywhere (item 15) ----------------------------------------------------

@pytest.fixture
def frontend_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``pickpack play``'s front end replaced by a recorder (no Textual app is run)."""
    calls: list[dict[str, Any]] = []
    real_load = plugins.load

    def fake(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    def load(group: str, name: str) -> Any:
        return fake if group == "pickpack.frontends" else real_load(group, name)

    monkeypatch.setattr(plugins, "load", load)
    return calls


@pytest.mark.parametrize("spec", ["mcts:simulations=500", "alphabeta:depth=2,eval=score",
                                  f"cmd:{sys.executable} {ROOT / 'examples' / 'process_bot.py'}"])
def test_play_takes_every_spec_match_takes(spec: str, frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--blue", spec, "--seed", "3"]) == 0
    assert len(frontend_calls) == 1
    assert frontend_calls[0]["seats"] == {"red": "human", "blue": spec}
    assert frontend_calls[0]["game"] == "pickpack" and frontend_calls[0]["seed"] == 3


def test_play_without_blue_gets_the_strongest(frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--red", "greedy"]) == 0
    assert frontend_calls[0]["seats"] == {"red": "greedy", "blue": "alphabeta"}


def _stderr_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(("spec", "line"), [
    ("nosuch", "pickpack: error: unknown bot 'nosuch'; choices: alphabeta, greedy, mcts, openspiel-mcts, random, "
               "native:PATH, cmd:COMMAND\n"),
    ("alphabeta:bogus=1", "pickpack: error: bot 'alphabeta:bogus=1': alphabeta: unknown option "
                          "'bogus'; its options: depth (plies 1..64), seconds (seconds per move > 0), "
                          "eval (full or score)\n"),
    ("random:depth=3", "pickpack: error: bot 'random:depth=3': random has no option 'depth'; "
                       "its options: none\n"),
    ("mcts:c", "pickpack: error: bad bot spec 'mcts:c' at column 6: option 'c' needs the form "
               "key=value\n"),
    ("cmd:", "pickpack: error: bad bot spec 'cmd:' at column 5: cmd: needs a command line\n"),
    ("native:", "pickpack: error: bad bot spec 'native:' at column 8: native: needs the path of "
                "a shared library\n"),
])
def test_play_and_match_give_the_same_one_line_errors(
        spec: str, line: str, capsys: pytest.CaptureFixture[str],
        frontend_calls: list[dict[str, Any]]) -> None:
    assert _stderr_of(["play", "--blue", spec], capsys) == line
    assert _stderr_of(["play", "--red", spec, "--blue", "human"], capsys) == line
    assert _stderr_of(["match", spec, "random"], capsys) == line
    assert frontend_calls == []


def test_frontend_takes_specs_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from pickpack_tui import frontend          # textual: in the test extra
    started: list[dict[str, str]] = []

    class App:
        def __init__(self, session: Any) -> None:
            started.append(dict(session.seats))

        def run(self) -> None:
            pass

    monkeypatch.setattr(frontend, "PickPackApp", App)
    monkeypatch.setattr(frontend, "has_terminal", lambda: True)
    assert frontend.run(red="human", blue="mcts:simulations=500", seed=2) == 0
    assert started == [{"red": "human", "blue": "mcts:simulations=500"}]
    with pytest.raises(pickpack.PickpackError, match="^unknown bot 'nosuch'"):
        frontend.run(blue="nosuch")


def test_play_without_a_terminal_is_one_line_not_a_hang() -> None:
    # Standard input from /dev/null: the app would wait for keys forever; the command
    # says why it cannot start instead (exit 2, one line, nothing written to stdout).
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "play"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == ("pickpack: error: the terminal UI needs a terminal on standard input and "
                           "output; to play bots against each other without one: pickpack match A B\n")


# --- error lines and install hints --------------------------------------------------------

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
    assert _stderr_of(["play", "--blue", "random"], capsys) == (
        f"pickpack: error: the terminal UI needs Textual: pip install -e '{ROOT}[tui]' "
        "(No module named 'textual')\n")


def test_no_hard_coded_install_command_in_my_files() -> None:
    for path in ["pickpack/commands/play.py", "pickpack/commands/_common.py", "pickpack/plugins.py",
                 "plugins/pickpack_tui/frontend.py"]:
        assert "pip install" not in (ROOT / path).read_text(encoding="utf-8"), path


@pytest.mark.parametrize("depth", ["0", "9", "x", "-1"])
def test_perft_depth_out_of_range_has_one_message(depth: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _stderr_of(["perft", "--seed", "1", "--depth", depth], capsys) == (
        f"pickpack: error: perft: argument --depth: must be a whole number 1..8, got {depth!r}\n")


@pytest.mark.parametrize(("placements", "text", "rule"), [
    (None, "bT=P", "PP-S3"),                       # Red's next placement fills aT, not bT
    (None, "a6>1", "PP-S3"),                       # no grabber move before both placed
    ({"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}, "c4/aT:3", "PP-M2"),   # aT is not on c's line
    ({"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}, "a1>1", "PP-M1"),      # Red moves along row 6
])
def test_every_illegal_move_message_has_one_form(placements: dict[str, str] | None, text: str,
                                                 rule: str) -> None:
    # Whichever layer finds the fault (the move-text reader or the C legality check),
    # the message reads "illegal move TEXT (action N): RULE: reason", without
    # "(action N)" when the reader refused the text before it named an action.
    state = pickpack.new_game("pickpack", seed=7, placements=placements)
    with pytest.raises(pickpack.IllegalMoveError) as info:
        state.apply(text)
    error = info.value
    assert (error.rule, error.text) == (rule, text) and error.reason
    assert str(error) == illegal_move_message(error.action, rule, error.reason, text)
    assert str(error).startswith(f"illegal move {text}: {rule}: " if error.action is None
                                 else f"illegal move {text} (action {error.action}): {rule}: ")
