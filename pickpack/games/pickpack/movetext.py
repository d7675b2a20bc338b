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

__all__ = ["parse_action"]

KINDS = "PWRQXM"
FILES = "abcdef"
PLACEMENT_ACTIONS = 6
DETAILS_PER_SQUARE = 142
TARGETS_PER_END = 69


def _square(text: str, i: int, what: str) -> int:
    if i + 2 > len(text) or text[i] not in FILES or text[i + 1] not in "123456":
        raise MoveSyntaxError(f"expected {what} (a1..f6)", text, i + 1)
    return (ord(text[i + 1]) - ord("1")) * 6 + FILES.index(text[i])


def _space(text: str, i: int) -> tuple[int, int]:
    """(player, space index) of an action space written at text[i:i+2]."""
    if i + 2 <= len(text):
        a, b = text[i], text[i + 1]
        if a in FILES and b in "TB":
            return 0, FILES.index(a) + (6 if b == "B" else 0)
        if a in "123456" and b in "LR":
            return 1, int(a) - 1 + (6 if b == "R" else 0)
    raise MoveSyntaxError("expected an action space (aT..fT, aB..fB, 1L..6L, 1R..6R)", text, i + 1)


def _crate(text: str, i: int) -> int:
    if i >= len(text) or text[i] not in "1234":
        raise MoveSyntaxError("expected a crate number 1..4", text, i + 1)
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
        raise MoveSyntaxError("empty move", text, 1)
    if len(text) > 16:
        raise MoveSyntaxError("move text too long", text, 17)
    if len(text) >= 3 and text[2] == "=":
        player, space = _space(text, 0)
        if len(text) != 4 or text[3] not in KINDS:
            raise MoveSyntaxError("expected one kind letter P W R Q X M after '='", text, 4)
        if placing_space < 0:
            raise IllegalMoveError(f"illegal move {text}: PP-S3: placement is over", rule="PP-S3")
        if player != mover or space != placing_space:
            raise IllegalMoveError(
                f"illegal move {text}: PP-S3: the next placement fills space {_space_name(mover, placing_space)}",
                rule="PP-S3")
        return KINDS.index(text[3])
    dest = _square(text, 0, "a destination square")
    i = 2
    rush = 0
    if text.endswith("+"):
        rush = 1
        body = text[:-1]
    else:
        body = text
    if i >= len(body):
        raise MoveSyntaxError("expected '>' and a crate, or '/' and an action space", text, i + 1)
    if body[i] == ">":
        detail = _crate(body, i + 1)
        i += 2
    elif body[i] == "/":
        player, space = _space(body, i + 1)
        if player != mover:
            raise IllegalMoveError(f"illegal move {text}: PP-C5: {body[i + 1:i + 3]} is not the mover's action space",
                                   rule="PP-C5")
        line = dest % 6 if mover == 0 else dest // 6
        if space % 6 != line:
            axis = "column" if mover == 0 else "row"
            raise IllegalMoveError(
                f"illegal move {text}: PP-M2: {body[i + 1:i + 3]} is not at an end of the destination's {axis}",
                rule="PP-M2")
        end = space // 6
        i += 3
        target = 0
        if i < len(body):
            if body[i] != ":":
                raise MoveSyntaxError("expected ':' and a target", text, i + 1)
            i += 1
            target, i = _target(body, i, mover, tile_kind[space])
        detail = 4 + end * TARGETS_PER_END + target
    else:
        raise MoveSyntaxError("expected '>' and a crate, or '/' and an action space", text, i + 1)
    if i != len(body):
        raise MoveSyntaxError("unexpected text after the move", text, i + 1)
    return PLACEMENT_ACTIONS + (dest * DETAILS_PER_SQUARE + detail) * 2 + rush


def _target(body: str, i: int, mover: int, kind: int | None) -> tuple[int, int]:
    if i + 1 < len(body) and body[i + 1] in "TBLR":
        player, space = _space(body, i)        # an action space: Malfunction on a tile
        if player == mover:
            raise IllegalMoveError(f"illegal move {body}: PP-A6: Malfunction flips one of the opponent's tiles",
                                   rule="PP-A6")
        return 57 + space, i + 2
    if i < len(body) and body[i] in "1234":
        a = int(body[i]) - 1
        if i + 1 < len(body) and body[i + 1] in ">x":
            sep = body[i + 1]
            b = _crate(body, i + 2)
            want = {3: ">", 4: "x"}.get(kind if kind is not None else -1)
            if want is not None and sep != want:
                raise MoveSyntaxError(
                    f"{'Quality control' if want == '>' else 'Order mix-up'} writes its crates "
                    f"as a{want}b", body, i + 2)
            return 5 + a * 4 + b, i + 3
        return 1 + a, i + 1
    return 21 + _square(body, i, "a target (crate 1..4, a>b, axb, a square or a space)"), i + 2


def _space_name(player: int, space: int) -> str:
    if player == 0:
        return FILES[space % 6] + ("B" if space >= 6 else "T")
    return str(space % 6 + 1) + ("R" if space >= 6 else "L")
