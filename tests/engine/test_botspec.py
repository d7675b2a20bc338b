"""Bot specs on the command line (pickpack.bots.spec, pickpack.bots.make_bot), issue 5.

Columns in the expected messages are counted by hand, 1-based, in the spec text.
"""

from __future__ import annotations

import pytest

from pickpack.bots import make_bot
from pickpack.bots.spec import BotSpec, parse_bot_spec, parse_option_value
from pickpack.cli import main
from pickpack.errors import BotSpecError
from pickpack.plugins import PluginNotFoundError


def test_plain_name() -> None:
    assert parse_bot_spec("random") == BotSpec("random", "entry", "random")


def test_options_are_int_float_or_str() -> None:
    spec = parse_bot_spec("mcts:simulations=2000,c=1.4,policy=uct,big=1e3,inf=inf,neg=-3")
    assert spec.kind == "entry" and spec.name == "mcts"
    # int() takes "2000" and "-3"; float() takes "1.4" and "1e3"; "inf" is not finite,
    # so it stays a string like "uct".
    assert spec.options == {"simulations": 2000, "c": 1.4, "policy": "uct", "big": 1000.0,
                            "inf": "inf", "neg": -3}
    assert [type(v) for v in spec.options.values()] == [int, float, str, float, str, int]


def test_option_value_parsing() -> None:
    assert parse_option_value("007") == 7
    assert parse_option_value("0.5") == 0.5
    assert parse_option_value("nan") == "nan"
    assert parse_option_value("a=b") == "a=b"


def test_native_keeps_the_whole_path() -> None:
    spec = parse_bot_spec("native:/opt/bots:v2/lib,fast.so")
    assert (spec.kind, spec.target, spec.options) == ("native", "/opt/bots:v2/lib,fast.so", {})


def test_cmd_splits_like_a_shell() -> None:
    spec = parse_bot_spec("cmd:python 'my bot.py' --depth=3 a\\ b")
    assert spec.kind == "cmd"
    assert spec.argv == ("python", "my bot.py", "--depth=3", "a b")
    assert spec.target == "python 'my bot.py' --depth=3 a\\ b"


@pytest.mark.parametrize(("text", "message"), [
    ("", "bad bot spec '': empty; give a bot name, native:PATH or cmd:COMMAND"),
    ("native:", "bad bot spec 'native:' at column 8: native: needs the path of a shared library"),
    ("cmd:  ", "bad bot spec 'cmd:  ' at column 5: cmd: needs a command line"),
    ("cmd:python 'bot.py", "bad bot spec \"cmd:python 'bot.py\" at column 5: cannot split the "
                           "command line: No closing quotation"),
    ("my bot", "bad bot spec 'my bot' at column 1: 'my bot' is not a bot name (letters, digits, "
               "'_', '.', '-'; or native:PATH, cmd:COMMAND)"),
    ("random:", "bad bot spec 'random:' at column 8: no options after ':' (give key=value,...)"),
    # "mcts:" is 5 characters, "simulations=200," 16 more: the third option starts at 22
    ("mcts:simulations=200,c", "bad bot spec 'mcts:simulations=200,c' at column 22: option 'c' "
                               "needs the form key=value"),
    ("mcts:2x=1", "bad bot spec 'mcts:2x=1' at column 6: option key '2x' is not an identifier"),
    ("mcts:seed=4", "bad bot spec 'mcts:seed=4' at column 6: 'seed' is not an option: the match "
                    "seeds every game"),
    ("mcts:c=1,c=2", "bad bot spec 'mcts:c=1,c=2' at column 10: option 'c' given twice"),
    # "random:" is 7 characters, "depth=" 6 more: the empty value is at column 14
    ("random:depth=", "bad bot spec 'random:depth=' at column 14: option 'depth' has an empty value"),
])
def test_malformed_specs(text: str, message: str) -> None:
    with pytest.raises(BotSpecError) as err:
        parse_bot_spec(text)
    assert str(err.value) == message


def test_unknown_name_lists_the_choices() -> None:
    with pytest.raises(PluginNotFoundError) as err:
        make_bot("nosuchbot")
    message = str(err.value)
    assert message.startswith("unknown bot 'nosuchbot'; choices: ")
    assert "greedy, " in message and "random, " in message
    assert message.endswith(", native:PATH, cmd:COMMAND")


def test_unknown_option_names_the_options_taken() -> None:
    # RandomBot.__init__(self, seed=None): seed is the match's, so it takes no options
    with pytest.raises(BotSpecError) as err:
        make_bot("random:depth=3")
    assert str(err.value) == "bot 'random:depth=3': random has no option 'depth'; its options: none"


def test_option_in_spec_and_keyword_is_an_error() -> None:
    with pytest.raises(BotSpecError, match="option 'x' given in the spec and as a keyword"):
        make_bot("random:x=1", x=2)


def test_native_and_cmd_take_no_options() -> None:
    with pytest.raises(BotSpecError) as err:
        make_bot("native:/x.so", depth=3)
    assert str(err.value) == "bot 'native:/x.so': native: bots take no options, got depth"


def test_spec_builds_the_same_bot_as_the_name() -> None:
    bot = make_bot("greedy", seed=3)
    assert bot.name == "greedy"


@pytest.mark.parametrize(("argv", "line"), [
    (["match", "nosuchbot", "random"], "pickpack: error: unknown bot 'nosuchbot'; choices: "),
    (["match", "random:depth=3", "random"],
     "pickpack: error: bot 'random:depth=3': random has no option 'depth'; its options: none"),
    (["match", "random", "mcts:c"],
     "pickpack: error: bad bot spec 'mcts:c' at column 6: option 'c' needs the form key=value"),
    (["match", "random", "random", "--ray-address", "x:1"],
     "pickpack: error: --ray-address needs --backend ray"),
])
def test_command_line_errors_are_one_line_and_exit_2(
        argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(line)


def test_time_limit_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["match", "random", "random", "--time-limit", "0"])
    assert done.value.code == 2
    assert "--time-limit: must be a positive number of seconds, got 0" in capsys.readouterr().err
