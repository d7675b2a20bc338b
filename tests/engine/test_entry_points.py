"""The engine's entry points: new_game options, perft, playouts, random_playouts, CLI.

Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.errors import NotAnActionError


def _opening(seed: int) -> pickpack_game.State:
    return pickpack.new_game("pickpack", seed=seed, placements=pickpack_game.placements_from_seed(seed))


@pytest.mark.parametrize("seed", [1, 2, 99])
def test_perft_of_the_first_play_position_by_hand(seed: int) -> None:
    # Depth 1: Red moves along the grabber's row to any of the 5 other squares, all
    # face-up trays (PP-M1, PP-M2); all 4 crates are empty, so 4 crate choices
    # (PP-G2): 5*4 = 20. Depth 2: Blue moves along the new column, 5 trays, Blue's 4
    # crates empty: 20 each, 400. Depth 3: Red's row is Blue's new row, which holds no
    # empty square yet (the only empties are in Red's first row and Blue's column), 5
    # trays; Red has one crate with a tray, so 3 crates tie at 0: 15 each, 6,000.
    # Depth 4: the same for Blue: 90,000.
    state = _opening(seed)
    assert [state.perft(d) for d in (1, 2, 3, 4)] == [20, 400, 6000, 90000]


def test_perft_of_the_placement_phase_counts_kind_choices() -> None:
    # Each of the first 2 placement decisions may take any of the 6 kinds (PP-S3):
    # 6 * 6 = 36 sequences. After "P P" a third P is impossible (PP-C3): 5 choices.
    state = pickpack.new_game("pickpack", seed=3)
    assert state.perft(2) == 36
    state.apply("aT=P")
    state.apply("bT=P")
    assert state.perft(1) == 5


def test_perft_leaves_the_state_unchanged_and_rejects_bad_depths() -> None:
    state = _opening(4)
    before = state.snapshot()
    state.perft(3)
    assert state.snapshot() == before
    for bad in (-1, 9, "3", 2.0):
        with pytest.raises(ValueError, match="depth"):
            state.perft(bad)  # type: ignore[arg-type]


def test_playout_finishes_a_copy_and_is_reproducible() -> None:
    state = _opening(5)
    before = state.zobrist_hash()
    a, b = state.playout(7), state.playout(7)
    assert a == b and state.zobrist_hash() == before and not state.is_terminal()
    # PP-C2: 97 apples in all; PP-E3 gives at most 2 points per apple.
    assert 0 <= a["red"] + a["blue"] <= 2 * 97


def test_random_playouts_counts_every_game() -> None:
    r = pickpack_game.random_playouts(1000, seed=3)
    assert r["games"] == 1000
    assert r["wins"]["red"] + r["wins"]["blue"] + r["draws"] == 1000
    # Every game lasts at least 5 play plies: a ply empties or flips at most one
    # square, and the mover is stuck (PP-E2) only once all 5 other squares of the line
    # have changed; PP-E1 needs 4 tile activations on squares emptied before.
    assert r["plies"] >= 5 * 1000
    assert pickpack_game.random_playouts(1000, seed=3) == r
    assert pickpack_game.random_playouts(0, seed=1)["games"] == 0
    with pytest.raises(ValueError):
        pickpack_game.random_playouts(-1, seed=1)
    with pytest.raises(ValueError):
        pickpack_game.random_playouts(10, seed=-1)


def test_new_game_options_are_validated_by_name() -> None:
    with pytest.raises(ValueError, match="first"):
        pickpack.new_game("pickpack", seed=1, first="green")
    with pytest.raises(ValueError, match="PP-C3"):
        pickpack.new_game("pickpack", seed=1, placements={"red": "PPPWRRQQXXMM", "blue": "PPWWRRQQXXMM"})
    with pytest.raises(ValueError, match="12"):
        pickpack.new_game("pickpack", seed=1, placements={"red": "PPWW", "blue": "PPWWRRQQXXMM"})
    with pytest.raises(ValueError, match="PP-C2"):
        pickpack.new_game("pickpack", deal=[1] * 36)
    with pytest.raises(pickpack.PluginNotFoundError, match="pickpack"):
        pickpack.new_game("chess")


def test_state_options_are_the_game_options_it_keeps() -> None:
    # PP-S4: who moves first once placement is over rules the whole game and is kept by
    # the state (copies, pickles, a snapshot reloaded with it); the deal and the
    # placements only set up the start, like the seed, and are not options of a state.
    state = pickpack.new_game("pickpack", seed=3, first="blue", placements="dealt")
    assert state.options == {"first": "blue"}
    assert set(state.options) <= set(pickpack_game.GAME.options)
    state.apply_action(state.legal_actions()[0])
    assert state.copy().options == pickle.loads(pickle.dumps(state)).options == {"first": "blue"}
    assert pickpack_game.GAME.new_state(seed=4, **state.options).options == {"first": "blue"}
    assert pickpack.new_game("pickpack", seed=3).options == {"first": "red"}


def test_a_pickle_keeps_the_form_of_pickles_made_before_the_c_state_base() -> None:
    # Pickles name pickpack.games.pickpack._core._rebuild(cls, root snapshot, first,
    # actions): who moves first (PP-S4) is not in a snapshot, and pickles written before
    # the base still load through the same function.
    from pickpack.games.pickpack import _core
    state = pickpack.new_game("pickpack", seed=9, first="blue", placements="dealt")
    for _ in range(7):
        state.apply_action(state.legal_actions()[-1])
    rebuild, (cls, snap, first, actions) = state.__reduce__()
    assert rebuild is _core._rebuild and cls is type(state)
    assert (first, actions, snap["phase"]) == ("blue", state.history_actions(), "play")
    again = pickle.loads(pickle.dumps(state))
    assert (again.zobrist_hash(), again.ply, again.first_player) == (state.zobrist_hash(), 7, "blue")
    assert again.history_actions() == state.history_actions()


def test_explicit_deal_puts_the_grabber_on_the_six() -> None:
    deal = [1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6]   # f6 holds the 6
    state = pickpack.new_game("pickpack", deal=deal)
    assert state.snapshot()["grabber"] == "f6"                       # PP-S2
    assert state.phase == "placement" and state.current_player == "red"


def test_game_description_is_registered_as_an_entry_point() -> None:
    game = pickpack.get_game("pickpack")
    assert game.players == ("red", "blue")
    assert game.num_distinct_actions == 10230 == pickpack_game.NUM_DISTINCT_ACTIONS
    assert game.max_game_length == 84      # 24 placements + 36 grabs + 24 tiles


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pickpack.cli", *args],
                          capture_output=True, text=True, timeout=300)


def test_cli_perft_prints_leaf_counts() -> None:
    out = _cli("perft", "--seed", "1", "--depth", "3")
    assert out.returncode == 0
    assert out.stdout.splitlines() == ["depth 1: 20", "depth 2: 400", "depth 3: 6000"]


def test_cli_match_is_reproducible_and_prints_json() -> None:
    a = _cli("match", "random", "greedy", "--games", "6", "--seed", "4", "--json", "--jobs", "1")
    b = _cli("match", "random", "greedy", "--games", "6", "--seed", "4", "--json", "--jobs", "1")
    assert a.returncode == 0, a.stderr
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert da == db
    bots = {line["bot"]: line for line in da["bots"]}
    assert bots["random"]["wins"] + bots["random"]["draws"] + bots["random"]["losses"] == 6
    assert bots["random"]["wins"] == bots["greedy"]["losses"]


@pytest.mark.parametrize("args, needle", [
    (("match", "random", "nosuchbot"), "nosuchbot"),
    (("match", "random", "greedy", "--games", "0"), "--games"),
    (("perft", "--seed", "x", "--depth", "2"), "seed"),
    (("perft", "--seed", "1", "--depth", "9"), "depth"),
    (("nosuchcommand",), "nosuchcommand"),
])
def test_cli_bad_arguments_give_one_line_and_status_2(args: tuple[str, ...], needle: str) -> None:
    out = _cli(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in out.stderr


def test_cli_bench_reports_every_figure() -> None:
    out = _cli("bench", "--json", "--seconds", "0.05")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("c_playouts", "python_int_loop_plies_per_s", "python_move_loop_plies_per_s",
                "reference_plies_per_s", "copy_per_s", "state_bytes", "ratios"):
        assert key in report
    assert report["c_playouts"]["plies_per_s"] > report["reference_plies_per_s"] > 0


def test_package_doctest_runs() -> None:
    import doctest
    failures, tried = doctest.testmod(pickpack)
    assert tried >= 4 and failures == 0


def test_unknown_new_game_option_is_a_value_error_listing_the_options() -> None:
    with pytest.raises(ValueError, match=r"unknown option 'sed' for game pickpack; options: deal, first, placements"):
        pickpack.new_game("pickpack", sed=1)


def test_states_compare_equal_by_position_not_by_history() -> None:
    a = _opening(12)
    b = pickpack_game.from_position(a.to_position())
    assert a == b and a.copy() == a and b.ply == 0
    a.apply(a.legal_moves()[0])
    assert a != b
    a.undo()
    assert a == b


def test_board_text_shows_grabber_trays_and_tiles() -> None:
    # Ascending deal: f6 holds the 6 and the grabber (PP-S2); a1..d2 hold 1s.
    deal = [1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6]
    state = pickpack.new_game("pickpack", deal=deal,
                              placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    lines = str(state).splitlines()
    assert lines[0] == "     P   P   W   W   R   R "            # Red's aT..fT
    # Row 6: Blue's "MMXXQQRRWWPP" fills 1L..6L then 1R..6R, so 6L = Q and 6R = P; the
    # trays of a6..f6 are squares 30..35 of the ascending deal: 4, 5, 5, 5, 5, 6.
    assert lines[1] == "6 Q  4   5   5   5   5  [6]  P"
    assert lines[-1] == "phase play, to move: red"


def test_apply_action_with_text_is_not_an_action() -> None:
    # The one error of a non-int action (pickpack/errors.py): an IllegalMoveError and a
    # TypeError, rule "action space"; the state is unchanged.
    state = _opening(3)
    before = state.zobrist_hash()
    with pytest.raises(NotAnActionError) as info:
        state.apply_action("a6>1")  # type: ignore[arg-type]
    assert isinstance(info.value, pickpack.IllegalMoveError) and isinstance(info.value, TypeError)
    assert str(info.value) == "not an action: 'a6>1' (a str): action space: an action is an int"
    assert info.value.rule == "action space" and state.zobrist_hash() == before and state.ply == 0


def test_cli_version_and_bare_command() -> None:
    assert _cli("--version").stdout.strip() == f"pickpack {pickpack.__version__}"
    bare = _cli()
    assert bare.returncode == 2 and "usage: pickpack" in bare.stderr
