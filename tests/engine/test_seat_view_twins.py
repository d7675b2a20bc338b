"""Twin states: two states that differ only in what the seat to move cannot see give every
bot kind identical input and the identical move (issue 20 item 1; pickpack.bots.view).

The twins of each game under test (the built-in games and Pig):

- Pick & Pack: Blue to place its third tile (PP-S3) over the same deal, Red's committed
  placement ``PPWWRRQQXXMM`` in one twin and ``MMXXQQRRWWPP`` in the other. Blue's
  observation is the same; the positions are not.
- PUSH: the deck's order is hidden, but no state holds it (every draw is a chance node
  over the cards left, PU-V1; docs/push.md): a game played to a decision and the same
  position loaded from its snapshot (another history) are the twins.
- PACRU and Pig: perfect information, so the twins are the same actions replayed on two
  states, and the views are trivially identical.

Every bot is asked through pickpack.bots.chosen_move, the match runner's one call, with
the same seed for both twins. "Input" is what the bot is handed: for an in-process bot
the state (its position string, snapshot and history, recorded by a wrapper), for a
process bot the ``position``/``legal`` lines it read (written to a file by the script),
for a native bot the position string and seat it got (written by the library). The
scripts and the recording library pick their move from a hash of their input, so a
leak would show in the move too. openspiel-mcts runs where OpenSpiel is installed. Besides:
the C MCTS asked directly, the Python MCTS on the twins, and a whole match in which
Blue's process bot logs every position it reads during placement.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.bots import NoInfostateError, chosen_move, close_bot, make_bot
from pickpack.errors import BotFault
from pickpack.game import Game, GameState
from pickpack.move import Move
from tests.engine.process_scripts import script
from tests.engine.test_native_bot import VERSION, build, build_text

ROOT = Path(__file__).resolve().parents[2]
SEED = 42
KINDS = "PWRQXM"             # Pick & Pack placement action k places kind KINDS[k]

sys.path.insert(0, str(ROOT / "examples" / "thirdparty-game"))
from pickpack_pig import GAME as PIG  # noqa: E402

try:
    import pyspiel  # noqa: F401
    HAVE_OPENSPIEL = True
except ImportError:
    HAVE_OPENSPIEL = False


# --- the twins --------------------------------------------------------------------------

def _pickpack_twins() -> tuple[GameState, GameState]:
    def placed(red: str) -> GameState:
        state: GameState = pickpack.new_game("pickpack", seed=3)
        for kind in red + "RW":
            state.apply_action(KINDS.index(kind))
        return state
    return placed("PPWWRRQQXXMM"), placed("MMXXQQRRWWPP")


def _walk(state: GameState, plies: int) -> GameState:
    """``state`` after ``plies`` actions, each the middle legal one, then on to a decision."""
    for i in range(plies):
        actions = state.legal_actions()
        state.apply_action(actions[(i * 7) % len(actions)])
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def _push_twins() -> tuple[GameState, GameState]:
    played = _walk(pickpack.new_game("push", players=3, seed=5), 40)
    loaded: GameState = type(played).from_snapshot(played.snapshot())
    return played, loaded


def _replayed(make: Callable[[], GameState], plies: int) -> tuple[GameState, GameState]:
    first = _walk(make(), plies)
    second = make()
    for action in first.history_actions():
        second.apply_action(action)
    return first, second


TWINS: dict[str, Callable[[], tuple[GameState, GameState]]] = {
    "pickpack": _pickpack_twins,
    "push": _push_twins,
    "pacru": lambda: _replayed(lambda: pickpack.new_game("pacru", players=3, seed=2), 9),
    "pig": lambda: _replayed(lambda: PIG.new_state(players=2, seed=4), 5),
}
GAMES: dict[str, str | Game[Any]] = {"pickpack": "pickpack", "push": "push", "pacru": "pacru", "pig": PIG}


def test_the_twins_differ_only_in_what_the_seat_to_move_cannot_see() -> None:
    red, blue = _pickpack_twins()
    assert red.to_position() != blue.to_position() and red.current_player == blue.current_player == "blue"
    assert red.observation("blue") == blue.observation("blue")
    assert red.observation_tensor("blue") == blue.observation_tensor("blue")
    played, loaded = _push_twins()
    assert played.history_actions() != [] == loaded.history_actions()
    assert played.snapshot() == loaded.snapshot() and not played.is_chance_node()
    for name in ("pacru", "pig"):
        one, two = TWINS[name]()
        assert one is not two and one.snapshot() == two.snapshot() and not one.is_terminal()


# --- recording what a bot is given --------------------------------------------------------

def _fingerprint(state: GameState) -> str:
    return json.dumps({"class": type(state).__name__, "position": state.to_position(),
                       "snapshot": state.snapshot(), "history": state.history_actions(),
                       "to_move": state.current_player_id(), "legal": state.legal_actions()},
                      sort_keys=True, default=repr)


class _Recorder:
    """A bot wrapper that keeps the fingerprint of every state its bot is handed."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.seen = bot, getattr(bot, "name", "bot"), []

    def choose(self, state: GameState) -> Move:
        self.seen.append(_fingerprint(state))
        move: Move = self.bot.choose(state)
        return move


# A process bot that writes every position/legal pair it reads to TWIN_LOG and answers
# the legal move a hash of them picks.
LOGGING_GO = '''\
import os, zlib
seen = positions[-1] + " | " + " ".join(legal)
with open(os.environ["TWIN_LOG"], "a") as out:
    out.write(seen + "\\n")
print("bestmove", legal[zlib.crc32(seen.encode()) % len(legal)], flush=True)'''

# A native bot (ABI 2) that writes "SEAT COUNT POSITION" to TWIN_LOG and answers the
# legal index a hash of its position picks.
RECORDING_LIBRARY = """
void *pickpack_bot_create(const char *g, int32_t n, uint64_t seed, char *e, int32_t k) {
    (void)g; (void)n; (void)seed; (void)e; (void)k; return malloc(1); }
int32_t pickpack_bot_choose(void *bot, const char *position, int32_t player,
                            const int32_t *legal, int32_t count) {
    FILE *out = fopen(getenv("TWIN_LOG"), "a");
    uint32_t h = 2166136261u;
    (void)bot; (void)legal;
    fprintf(out, "%d %d %s\\n", (int)player, (int)count, position);
    fclose(out);
    for (const char *c = position; *c; c++)
        h = (h ^ (uint8_t)*c) * 16777619u;
    return (int32_t)(h % (uint32_t)count);
}
void pickpack_bot_free(void *bot) { free(bot); }
"""


@pytest.fixture(scope="module")
def natives(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("twin-natives")
    return {"grab": build(ROOT / "examples" / "native-bot" / "grab_bot.c", tmp / "libgrab_bot.so"),
            "recording": build_text(tmp, "recording", VERSION + RECORDING_LIBRARY, abi=2)}


def _kinds(game: str, tmp: Path, natives: dict[str, Path]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(kind, spec, make_bot options) of every bot kind asked in ``game``."""
    in_process = {"pickpack": ["random", "greedy", "mcts:simulations=300", "alphabeta:depth=1"],
                  "push": ["random", "heuristic", "mcts:simulations=200"],
                  "pacru": ["random", "greedy", "mcts:simulations=200"],
                  "pig": ["random", "mcts:simulations=200"]}[game]
    for spec in in_process:
        yield "in-process", spec, {"isolate": False}
    yield "process", f"cmd:{sys.executable} {ROOT / 'examples' / 'process_bot.py'}", {}
    yield "process", script(tmp, "logging", go=LOGGING_GO), {}
    if game != "pig":                   # an isolated bot's child loads the game by name
        yield "isolated", "random", {"isolate": True}
    if game == "pickpack":              # the example plays Pick & Pack only
        yield "native", f"native:{natives['grab']}", {"isolate": False}
    yield "native", f"native:{natives['recording']}", {"isolate": False}
    if HAVE_OPENSPIEL:
        yield "openspiel-mcts", "openspiel-mcts:simulations=40", {"isolate": False}


def _ask(spec: str, options: dict[str, Any], game: str | Game[Any], state: GameState,
         log: Path) -> tuple[Move | str | BotFault, list[str], str]:
    """Build the bot for the game with SEED, ask it once through chosen_move; the answer,
    the fingerprints of what it was handed, and what it logged on the wire."""
    log.write_text("")
    bot = make_bot(spec, seed=SEED, game=game, players=state.num_players, time_limit=30.0, **options)
    recorder = _Recorder(bot)
    try:
        move = chosen_move(recorder, state, SEED)   # type: ignore[arg-type]
    finally:
        close_bot(bot, quiet=True)
    return move, recorder.seen, log.read_text()


@pytest.mark.parametrize("game", sorted(TWINS))
def test_every_bot_kind_gets_identical_input_and_gives_the_identical_move_on_twins(
        game: str, tmp_path: Path, natives: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "wire.txt"
    monkeypatch.setenv("TWIN_LOG", str(log))
    one, two = TWINS[game]()
    kinds = set()
    for kind, spec, options in _kinds(game, tmp_path, natives):
        first = _ask(spec, options, GAMES[game], one, log)
        second = _ask(spec, options, GAMES[game], two, log)
        assert isinstance(first[0], Move | str), (spec, first[0])
        assert first[1] == second[1] and len(first[1]) == 1, spec          # what it was handed
        assert first[2] == second[2], spec                                  # what it read
        assert first[0] == second[0], spec                                  # what it answered
        if "logging" in spec or "recording" in spec:
            assert first[2].count("\n") == 1 and first[2].split()[0] != ""
        kinds.add(kind)
    assert kinds >= {"in-process", "process", "native"} | ({"openspiel-mcts"} if HAVE_OPENSPIEL else set())


def test_a_pick_and_pack_process_bot_reads_reds_placement_redrawn_not_reds() -> None:
    # What Blue's process bot reads is the view's position string: Red's 12 kinds are an
    # arrangement of two of each (PP-C3) that is neither twin's real one.
    one, two = _pickpack_twins()
    red_of = {state.to_position().split()[4].split("/")[0] for state in (one, two)}
    assert red_of == {"PPWWRRQQXXMM", "MMXXQQRRWWPP"}
    lines = []
    for state in (one, two):
        bot = _Recorder(make_bot("random", seed=SEED, game="pickpack"))
        chosen_move(bot, state, SEED)   # type: ignore[arg-type]
        lines.append(json.loads(bot.seen[0])["position"].split()[4])
    assert lines[0] == lines[1] and lines[0].split("/")[1] == "RW.........."
    shown = lines[0].split("/")[0]
    assert sorted(shown) == sorted("PPWWRRQQXXMM") and shown not in red_of


def test_the_c_mcts_placement_move_no_longer_follows_the_hidden_placement() -> None:
    # Issue 20: seeded from the full-state hash, two placement states Blue cannot tell
    # apart gave different moves. Asked directly (no view), the search is seeded from the
    # view's hash (pickpack.bots.view.view_hash) and determinizes Red's tiles itself.
    one, two = _pickpack_twins()
    for seed in range(4):
        moves = [make_bot("mcts:simulations=400", seed=seed, game="pickpack", isolate=False).choose(s)
                 for s in (one, two)]
        assert moves[0] == moves[1], seed


class _SecretPig(type(PIG.new_state(players=2, seed=0))):  # type: ignore[misc]
    """Pig claiming hidden information, without resample_from_infostate."""

    @property
    def game(self) -> Game[Any]:
        return SECRET


def _secret_factory(players: int = 2, seed: int | None = None, **options: Any) -> GameState:
    state = _SecretPig.__new__(_SecretPig)
    state.__dict__.update(PIG.new_state(players=players, seed=seed, **options).__dict__)
    return state


SECRET = dataclasses.replace(PIG, name="secretpig", factory=_secret_factory, perfect_information=False)
NO_VIEW = ("a bot is given only what its seat may see: game 'secretpig' hides information "
           "(perfect_information is False) but its states offer no resample_from_infostate(seat, seed), "
           "so no bot can be given only what its seat may see (pickpack.game.HiddenInformationState, "
           "docs/writing-a-game.md)")


def test_a_hidden_information_game_without_a_view_is_refused_before_the_first_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pickpack.match.runner as runner
    from pickpack.commands.play import check_seat
    from pickpack.match import play_match

    started: list[int] = []
    play = runner._play
    monkeypatch.setattr(runner, "_play", lambda *args, **kwargs: (started.append(1), play(*args, **kwargs))[1])
    with pytest.raises(NoInfostateError) as caught:
        play_match(["random", "random"], 2, 1, game=SECRET)
    assert str(caught.value) == NO_VIEW and started == []          # one line, no game
    with pytest.raises(NoInfostateError) as caught:                 # pickpack play's check
        check_seat("random", game=SECRET, players=2)
    assert str(caught.value) == f"bot 'random': {NO_VIEW}"
    check_seat("human", game=SECRET, players=2)                     # a person sees their screen


def test_the_python_mcts_plays_pick_and_pack_placement_through_the_resample() -> None:
    # pickpack.bots.mcts.search determinizes through resample_from_infostate: the same
    # seed gives the same move on both twins.
    from pickpack.bots.mcts import search

    one, two = _pickpack_twins()
    for seed in range(3):
        found = [search(state, simulations=40, seed=seed) for state in (one, two)]
        assert found[0].action == found[1].action and found[0].action in one.legal_actions()


def test_in_a_match_blues_process_bot_never_reads_reds_real_placement(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Game 0 seats bot 0 as Red and bot 1 (the logging script) as Blue; the game starts
    # in placement (PP-S3). Each of Blue's 12 placement decisions reads a position whose
    # Red tiles are two of each kind (PP-C3) but not Red's committed ones.
    from pickpack.match import play_game

    log = tmp_path / "wire.txt"
    monkeypatch.setenv("TWIN_LOG", str(log))
    result = play_game(["random", script(tmp_path, "logging", go=LOGGING_GO)], 0, 1, game="pickpack",
                       options={"placements": None})
    assert result.forfeit is None and result.seats[1].startswith("cmd:")
    red = "".join(move.split("=")[1] for move in result.moves[:12])
    placing = [line.split()[4].split("/") for line in log.read_text().splitlines()[:12]]
    assert len(placing) == 12 and all(blue.count(".") == 12 - k for k, (_, blue) in enumerate(placing))
    assert all(sorted(shown) == sorted("PPWWRRQQXXMM") and shown != red for shown, _ in placing)
