"""Pick & Pack as a registered game (entry point ``pickpack.games:pickpack``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence

from pickpack.game import Game, GameOption, PlayFlag, fixed_names
from pickpack.games.pickpack._constants import MAX_PLIES as MAX_GAME_LENGTH
from pickpack.games.pickpack._core import deal_from_seed, placements_from_seed
from pickpack.games.pickpack.encoding import KINDS, NUM_DISTINCT_ACTIONS, NUM_SPACES, PLAYERS
from pickpack.games.pickpack.state import State


__all__ = ["GAME", "first_play_position", "new_pickpack"]


def _placement_kinds(player: str, text: object) -> list[int]:
    """Validate one player's placement string (PP-C3: exactly two of each kind)."""
    letters = " ".join(KINDS)
    if not isinstance(text, str):
        raise ValueError(f"placements[{player!r}]: must be a string of {NUM_SPACES} kind letters, not "
                         f"{type(text).__name__}")
    if len(text) != NUM_SPACES:
        raise ValueError(f"placements[{player!r}]: must have {NUM_SPACES} kind letters (one per space), "
                         f"got {len(text)}")
    for i, ch in enumerate(text):
        if ch not in KINDS:
            raise ValueError(f"placements[{player!r}][{i}]: {ch!r} is not a kind ({letters})")
    for k in KINDS:
        if text.count(k) != 2:
            raise ValueError(f"placements[{player!r}]: must hold exactly two of each kind {letters} "
                             f"(PP-C3), has {text.count(k)} of {k}")
    return [KINDS.index(ch) for ch in text]


def new_pickpack(
    seed: int | None = None,
    first: str = "red",
    placements: Mapping[str, str] | str | None = None,
    deal: Sequence[int] | None = None,
) -> State:
    """A new game of Pick & Pack.

    ``seed`` (int 0..2**64-1) fixes the deal (PP-S1; None: a fresh random seed);
    ``deal`` gives the 36 apple counts in square order a1..f6 instead (PP-C2 multiset).
    ``first`` is who moves first once placement is done (PP-S4). ``placements`` maps
    "red" and "blue" to 12 kind letters each in space order (Red aT..fT, aB..fB; Blue
    1L..6L, 1R..6R); ``"dealt"`` draws both from the seed (placements_from_seed, the
    variant ``dealt`` that matches play); without it the game starts in phase "placement".
    Raises ValueError naming the field for any bad argument.
    """
    if first not in PLAYERS:
        raise ValueError(f"first: must be 'red' or 'blue', got {first!r}")
    if deal is not None and seed is not None:
        raise ValueError("give either seed or deal, not both")
    if placements == "dealt":
        if deal is not None:
            raise ValueError('placements: "dealt" draws the placements from the seed; give seed, not deal')
        seed = secrets.randbits(64) if seed is None else seed
        placements = placements_from_seed(seed)
    if deal is None:
        deal = deal_from_seed(secrets.randbits(64) if seed is None else seed)
    state: State = State._from_deal(list(deal), first)
    if placements is not None:
        if not isinstance(placements, Mapping) or set(placements) != set(PLAYERS):
            raise ValueError("placements: must map exactly 'red' and 'blue' to 12 kind letters each, "
                             'or be "dealt"')
        for player in PLAYERS:
            for kind in _placement_kinds(player, placements[player]):
                state.apply_action(kind)
        state._drop_history()
    return state


def first_play_position(seed: int) -> State:
    """The first play-phase position of the deal ``seed`` with both placements drawn from
    the same seed (placements_from_seed): where ``pickpack perft`` counts from."""
    return new_pickpack(seed=seed, placements=placements_from_seed(seed))


def _factory(players: int, seed: int | None, *, first: str, placements: Mapping[str, str] | str | None,
             deal: Sequence[int] | None) -> State:
    """Game.new_state's factory: the player count is always 2 (checked by the Game).

    A ``deal`` option fixes the apples, so the seed (which a match or a save always
    passes) is not used for them then; ``placements="dealt"`` still draws from it.
    """
    if deal is not None:
        if placements == "dealt":
            placements = placements_from_seed(secrets.randbits(64) if seed is None else seed)
        seed = None
    return new_pickpack(seed=seed, first=first, placements=placements, deal=deal)


def _problem(check: Callable[[], object]) -> str | None:
    """The ValueError/TypeError message of ``check()``, or None when it passes."""
    try:
        check()
    except (ValueError, TypeError) as exc:
        return str(exc)
    return None


def _check_placements(value: object) -> str | None:
    """GameOption check of ``placements``: None, "dealt", or both players' 12 kind
    letters with two of each kind (PP-C3)."""
    if value is None or value == "dealt":
        return None
    if not isinstance(value, Mapping) or set(value) != set(PLAYERS):
        return "must map exactly 'red' and 'blue' to 12 kind letters each, or be \"dealt\""
    return _problem(lambda: [_placement_kinds(p, value[p]) for p in PLAYERS])


def _check_deal(value: object) -> str | None:
    """GameOption check of ``deal``: None or 36 apple counts with the PP-C2 multiset."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        return "must be a list of 36 apple counts, one per square a1..f6 (PP-S1)"
    return _problem(lambda: State._from_deal(list(value), "red"))


GAME = Game(
    name="pickpack",
    title="Pick & Pack",
    factory=_factory,
    player_names=fixed_names(PLAYERS),
    min_players=2,
    max_players=2,
    num_distinct_actions=NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_GAME_LENGTH,
    min_utility=-1.0,
    max_utility=1.0,
    perfect_information=False,
    zero_sum=True,                 # +1/-1 or 0/0 (PP-E4)   # hidden trays in crates and hidden placements (PP-V1, PP-S3)
    options={
        "first": GameOption("red", "who moves first once placement is over (PP-S4)", choices=PLAYERS),
        "placements": GameOption(None, "both players' tiles: {'red': 12 kind letters, 'blue': ...}, "
                                 "or \"dealt\" to draw both from the seed; without it the game "
                                 "starts in phase placement (PP-S3)", check=_check_placements, setup=True),
        "deal": GameOption(None, "the 36 apple counts a1..f6 instead of a deal from the seed (PP-C2)",
                           check=_check_deal, setup=True),
    },
    # Matches play from a dealt placement unless asked otherwise (pickpack match --variant).
    variants={"dealt": {"placements": "dealt"}},
    match_variant="dealt",
    state_class="pickpack.games.pickpack.state:State",
    ppn_dialect="pickpack.games.pickpack.ppn_dialect:DIALECT",
    tui_face="pickpack.games.pickpack.tui.face:FACE",
    save_converter="pickpack.games.pickpack.legacy_save:convert_v1",
    benchmark="pickpack.games.pickpack.benchmark",
    perft_root="pickpack.games.pickpack.game:first_play_position",
    native_mcts="pickpack.games.pickpack._search:mcts_search",
    # pickpack play --red SPEC / --blue SPEC / --first red|blue (docs/pickpack.md)
    play_flags={
        "red": PlayFlag("who plays Red: 'human' (default) or a bot spec", seat="red"),
        "blue": PlayFlag("who plays Blue: 'human' or a bot spec (default: the strongest bot)", seat="blue"),
        "first": PlayFlag("who moves first once the tiles are placed: red or blue (PP-S4)", option="first"),
    },
)
"""Pick & Pack as a registered game (entry point ``pickpack.games:pickpack``)."""

State._GAME = GAME
