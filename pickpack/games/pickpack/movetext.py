"""Reading move text into action integers (docs/engine.md, "Move text").

Writing is done by the C core (``pp_action_text``); reading lives here so that errors
can name the column and the rule. The grammar::

    placement := space "=" kind                       aT=P
    move      := square (grab | tile) ["+"]
    grab      := ">" crate                            c4>2
    tile      := "/" space [":" target]               c4/aT   c4/aT:3
    target    := crate | crate (">" | "x") crate | square | space
"""

from __future__ import annotations

from pickpack.errors import IllegalMoveError, MoveSyntaxError
from pickpack.games.pickpack.encoding import (
    KINDS, NUM_CRATES, SPACES, TARGET_CRATE, TARGET_PAIR, TARGET_SPACE, TARGET_SQUARE, encode_raw,
    space_at_end, space_of, square_of)

__all__ = ["parse_action"]

_Q, _X = KINDS.index("Q"), KINDS.index("X")   # the two kinds that take a crate pair


def _square(text: str, i: int, what: str, field: str) -> int:
    try:
        return square_of(text[i:i + 2])
    except KeyError:
        raise MoveSyntaxError(f"expected {what} (a1..f6)", text, i + 1, field) from None


def _space(text: str, i: int, field: str) -> tuple[int, int]:
    """(player, space index) of an action space written at text[i:i+2]."""
    try:
        return space_of(text[i:i + 2])
    except KeyError:
        raise MoveSyntaxError("expected an action space (aT..fT, aB..fB, 1L..6L, 1R..6R)",
                              text, i + 1, field) from None


def _crate(text: str, i: int, field: str) -> int:
    if i >= len(text) or not "1" <= text[i] <= str(NUM_CRATES):
        raise MoveSyntaxError(f"expected a crate number 1..{NUM_CRATES}", text, i + 1, field)
    return int(text[i]) - 1


def parse_action(text: str, mover: int, placing_space: int, tile_kind: list[int | None]) -> int:
    """Read move text as an action integer for the player ``mover`` (0 red, 1 blue).

    ``placing_space`` is the space that the next placement decision fills (or -1 outside
    phase placement); ``tile_kind`` the mover's kinds per space (None if unplaced). The
    result still has to be checked for legality by the core. Raises MoveSyntaxError with
    the column for malformed text, IllegalMoveError for text that names something the
    mover cannot choose (another player's space, a line the tile is not on).
    """
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if text == "":
        raise MoveSyntaxError("empty move", text, 1, "move")
    if len(text) > 16:
        raise MoveSyntaxError("move text too long", text, 17, "move")
    if len(text) >= 3 and text[2] == "=":
        player, space = _space(text, 0, "space")
        if len(text) != 4 or text[3] not in KINDS:
            raise MoveSyntaxError(f"expected one kind letter {' '.join(KINDS)} after '='", text, 4, "kind")
        if placing_space < 0:
            raise IllegalMoveError.for_action(None, "PP-S3", "placement is over", text)
        if player != mover or space != placing_space:
            raise IllegalMoveError.for_action(
                None, "PP-S3", f"the next placement fills space {SPACES[mover][placing_space]}", text)
        return encode_raw(KINDS.index(text[3]), -1, -1, -1, 0, 0)
    dest = _square(text, 0, "a destination square", "destination")
    i = 2
    rush = 0
    if text.endswith("+"):
        rush = 1
        body = text[:-1]
    else:
        body = text
    if i >= len(body):
        raise MoveSyntaxError("expected '>' and a crate, or '/' and an action space", text, i + 1, "move")
    if body[i] == ">":
        crate = _crate(body, i + 1, "crate")
        i += 2
        return _finish(text, body, i, (-1, dest, crate, -1, 0, rush))
    if body[i] != "/":
        raise MoveSyntaxError("expected '>' and a crate, or '/' and an action space", text, i + 1, "move")
    player, space = _space(body, i + 1, "tile")
    if player != mover:
        raise IllegalMoveError.for_action(None, "PP-C5", f"{body[i + 1:i + 3]} is not the mover's action space",
                                          text)
    ends = [e for e in (0, 1) if space_at_end(mover, dest, e) == space]
    if not ends:
        axis = "column" if mover == 0 else "row"
        raise IllegalMoveError.for_action(
            None, "PP-M2", f"{body[i + 1:i + 3]} is not at an end of the destination's {axis}", text)
    i += 3
    target = 0
    if i < len(body):
        if body[i] != ":":
            raise MoveSyntaxError("expected ':' and a target", text, i + 1, "target")
        i += 1
        target, i = _target(body, i, mover, tile_kind[space])
    return _finish(text, body, i, (-1, dest, -1, ends[0], target, rush))


def _finish(text: str, body: str, i: int, parts: tuple[int, int, int, int, int, int]) -> int:
    """The action of ``parts`` once the whole body was read (else MoveSyntaxError)."""
    if i != len(body):
        raise MoveSyntaxError("unexpected text after the move", text, i + 1, "move")
    return encode_raw(*parts)


_SPACE_SIDES = frozenset(name[1] for side in SPACES for name in side)    # T B L R


def _target(body: str, i: int, mover: int, kind: int | None) -> tuple[int, int]:
    if i + 1 < len(body) and body[i + 1] in _SPACE_SIDES:
        player, space = _space(body, i, "target")        # an action space: Malfunction on a tile
        if player == mover:
            raise IllegalMoveError.for_action(None, "PP-A6", "Malfunction flips one of the opponent's tiles", body)
        return TARGET_SPACE + space, i + 2
    if i < len(body) and "1" <= body[i] <= str(NUM_CRATES):
        a = int(body[i]) - 1
        if i + 1 < len(body) and body[i + 1] in ">x":
            sep = body[i + 1]
            b = _crate(body, i + 2, "target")
            want = {_Q: ">", _X: "x"}.get(kind if kind is not None else -1)
            if want is not None and sep != want:
                raise MoveSyntaxError(
                    f"{'Quality control' if want == '>' else 'Order mix-up'} writes its crates "
                    f"as a{want}b", body, i + 2, "target")
            return TARGET_PAIR + a * NUM_CRATES + b, i + 3
        return TARGET_CRATE + a, i + 1
    return TARGET_SQUARE + _square(body, i, "a target (crate 1..4, a>b, axb, a square or a space)",
                                   "target"), i + 2
