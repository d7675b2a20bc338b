"""The tags that set up a game, and the state they set up (docs/ppn.md, "Set-up tags").

A game starts either from a deal (``Seed`` or ``Deal``, PP-S1), optionally with both
tile placements already made (``RedPlacement``, ``BluePlacement``, PP-S3) and who moves
first (``First``, PP-S4); or, for a game taken up part-way, from a position string
(``SetUp "1"`` and ``Position``, pickpack.games.pickpack.position). ``Variant`` names the rules
variant; this engine plays only the standard game.
"""

from __future__ import annotations

from collections.abc import Mapping

from pickpack import new_game
from pickpack.games.pickpack import State, deal_from_seed
from pickpack.games.pickpack.position import PositionError

__all__ = ["SETUP_TAGS", "TagError", "state_from_tags", "tags_for_state"]

SETUP_TAGS = ("Variant", "Seed", "Deal", "RedPlacement", "BluePlacement", "First", "SetUp", "Position")
_KINDS = "PWRQXM"
_SORTED_PLACEMENT = sorted(_KINDS * 2)
_TRAY_COUNTS = {1: 10, 2: 8, 3: 7, 4: 6, 5: 4, 6: 1}   # PP-C2
_VARIANTS = ("standard",)


class TagError(ValueError):
    """A set-up tag that is missing, malformed or inconsistent.

    ``tag`` names it (None when the problem is that no tag sets up the game);
    ``offset`` is the 0-based index in its value where the problem is.
    """

    def __init__(self, tag: str | None, offset: int, message: str) -> None:
        super().__init__(f"tag {tag}: {message}" if tag else message)
        self.tag = tag
        self.offset = offset
        self.message = message


def state_from_tags(tags: Mapping[str, str]) -> State:
    """The initial state the set-up tags in ``tags`` describe (a new State, no history).

    Other tags are ignored. Raises TagError naming the tag and the offset in its value.
    """
    variant = tags.get("Variant", "standard")
    if variant not in _VARIANTS:
        raise TagError("Variant", 0, f"unknown variant {variant!r}; this engine plays: {', '.join(_VARIANTS)}")
    setup = tags.get("SetUp")
    if setup is not None and setup not in ("0", "1"):
        raise TagError("SetUp", 0, f"must be \"0\" or \"1\", got {setup!r}")
    if "Position" in tags:
        if setup == "0":
            raise TagError("SetUp", 0, "is \"0\" but a Position tag is given (use \"1\")")
        for other in ("Seed", "Deal", "RedPlacement", "BluePlacement", "First"):
            if other in tags:
                raise TagError(other, 0, "cannot be given with a Position tag (the position "
                               "string sets up the whole game)")
        try:
            return State.from_position(tags["Position"])
        except PositionError as exc:
            raise TagError("Position", exc.column - 1, str(exc)) from None
    if setup == "1":
        raise TagError("SetUp", 0, "is \"1\" but there is no Position tag")
    deal = _deal(tags)
    first = tags.get("First", "red")
    if first not in ("red", "blue"):
        raise TagError("First", 0, f"must be \"red\" or \"blue\" (PP-S4), got {first!r}")
    placements = _placements(tags)
    try:
        state: State = new_game("pickpack", deal=deal, first=first, placements=placements)
    except ValueError as exc:  # everything was checked above; kept as a tag error all the same
        raise TagError(None, 0, f"cannot set up the game: {exc}") from None
    return state


def _deal(tags: Mapping[str, str]) -> list[int]:
    seed_deal = None
    if "Seed" in tags:
        text = tags["Seed"]
        if not text.isascii() or not text.isdigit() or int(text) >= 2**64:
            raise TagError("Seed", 0, f"must be a decimal integer 0..2**64-1 (PP-S1), got {text!r}")
        seed_deal = deal_from_seed(int(text))
    if "Deal" not in tags:
        if seed_deal is None:
            raise TagError(None, 0, "no Seed, Deal or Position tag: the game cannot be set up")
        return seed_deal
    text = tags["Deal"]
    for i, ch in enumerate(text):
        if not "1" <= ch <= "6":
            where = f" for square {_square(i)}" if i < 36 else ""
            raise TagError("Deal", i, f"expected the apples of each square a1..f6 as a digit 1-6, "
                           f"got {ch!r}{where}")
    if len(text) != 36:
        raise TagError("Deal", len(text), f"must give 36 squares a1..f6, got {len(text)}")
    deal = [int(ch) for ch in text]
    for apples, count in _TRAY_COUNTS.items():
        if deal.count(apples) != count:
            raise TagError("Deal", 0, f"must hold ten 1s, eight 2s, seven 3s, six 4s, four 5s and one 6 "
                           f"(PP-C2); it has {deal.count(apples)} of {apples}")
    if seed_deal is not None and seed_deal != deal:
        bad = next(i for i in range(36) if seed_deal[i] != deal[i])
        raise TagError("Deal", bad, f"differs from the deal of Seed {tags['Seed']} at square {_square(bad)}")
    return deal


def _square(i: int) -> str:
    return f"{'abcdef'[i % 6]}{i // 6 + 1}"


def _placements(tags: Mapping[str, str]) -> dict[str, str] | None:
    red, blue = tags.get("RedPlacement"), tags.get("BluePlacement")
    if red is None and blue is None:
        return None
    if red is None or blue is None:
        given, missing = ("BluePlacement", "RedPlacement") if red is None else ("RedPlacement", "BluePlacement")
        raise TagError(given, 0, f"needs {missing} too (both placements, or neither: PP-S3)")
    for tag, text in (("RedPlacement", red), ("BluePlacement", blue)):
        if sorted(text) == _SORTED_PLACEMENT:
            continue                        # two of each kind: well formed (PP-C3)
        for i, ch in enumerate(text):
            if ch not in _KINDS:
                raise TagError(tag, i, f"expected a kind P W R Q X M per space, got {ch!r}")
        if len(text) != 12:
            raise TagError(tag, len(text) if len(text) < 12 else 12,
                           f"must give 12 kinds, one per space, got {len(text)}")
        for k in _KINDS:
            if text.count(k) != 2:
                raise TagError(tag, 0, f"must hold two of each kind P W R Q X M (PP-C3); "
                               f"it has {text.count(k)} of {k}")
    return {"red": red, "blue": blue}


def tags_for_state(root: State, seed: int | None = None) -> dict[str, str]:
    """The set-up tags that reproduce ``root`` exactly, in writing order.

    A fresh deal (phase placement, nothing placed) gives ``Deal`` (or ``Seed`` when
    ``seed`` is given and deals it) and ``First``; a deal with both placements just
    made adds ``RedPlacement`` and ``BluePlacement``; any other position gives
    ``SetUp "1"`` and ``Position``. Raises ValueError if ``seed`` does not deal
    ``root``'s trays.
    """
    snap = root.snapshot()
    first = root.first_player
    grid = snap["grid"]
    trays = [grid[sq] for sq in grid]
    fresh = all(t is not None and t["face_up"] for t in trays)
    if fresh:
        deal = [t["apples"] for t in trays]
        if seed is not None and deal_from_seed(seed) != deal:
            raise ValueError(f"Seed {seed} does not deal this game's trays")
        kinds = {p: "".join(t["kind"] or "." for t in snap["tiles"][p].values()) for p in ("red", "blue")}
        placements = None if kinds["red"] == "." * 12 else kinds
        if placements is None or "." not in placements["red"] + placements["blue"]:
            candidate = new_game("pickpack", deal=deal, first=first, placements=placements)
            if candidate.snapshot() == snap and candidate.zobrist_hash() == root.zobrist_hash():
                tags = {"Seed": str(seed)} if seed is not None else {"Deal": "".join(map(str, deal))}
                if placements is not None:
                    tags["RedPlacement"] = placements["red"]
                    tags["BluePlacement"] = placements["blue"]
                tags["First"] = first
                return tags
    if seed is not None:
        raise ValueError(f"Seed {seed} cannot be written for a game that starts part-way (it uses Position)")
    return {"SetUp": "1", "Position": root.to_position()}
