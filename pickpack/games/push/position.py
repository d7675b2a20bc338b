"""PUSH's one-line position string (FEN-like): every field of the snapshot.

Twelve fields separated by single spaces:

    players options phase turn actor card deck stacks benches banks switches turn_switches

- ``players``: 2..6.
- ``options``: ``-``, or the letters ``h`` (hard, PU-R3) and/or ``s`` (switch_per_turn,
  PU-S2), in that order.
- ``phase``: start, draw, place, decide, roll, collect or over (encoding.PHASES).
- ``turn``, ``actor``: seats, 0-based as in the snapshot.
- ``card``: the drawn card awaiting placement (``R1`` .. ``P6``, ``roll``), or ``-``.
- ``deck``: 30 digits 0..3 (copies left of R1 .. R6, B1 .., P6), a dot, the roll cards
  left, a dot, the switch cards left.
- ``stacks``: the 3 stacks separated by ``/``, each its cards joined by ``,`` in
  card-type order, or ``-`` when empty.
- ``benches``, ``banks``: one card list per seat, written like a stack.
- ``switches``: the switch pile's size; ``turn_switches``: switch cards drawn this turn.

A 4-player game's start, and a position in collection:

    4 - start 0 0 - 333333333333333333333333333333.18.12 -/-/- -/-/-/- -/-/-/- 0 0
    3 h collect 1 2 - 232333233333323333333233333333.17.11 R3,B1,roll/-/G2 R1/-/- -/Y4/- 1 1

``parse_position`` raises ``pickpack.PositionError(field, column, reason, rule)`` with the
field's name (FIELDS) and the 1-based column where the problem is; the parsed snapshot is
then checked by snapshot_check.validate_snapshot (the C loader), whose errors are reported at
their field's column. ``load_position`` also loads it (the C loader's reachability checks) and reports
the loader's errors the same way, at the stack's or seat's card list where there is one.

    >>> from pickpack.games.push.reference import RefState
    >>> format_position(RefState(2).snapshot())
    '2 - start 0 0 - 333333333333333333333333333333.18.0 -/-/- -/- -/- 0 0'
    >>> parse_position(format_position(RefState(2).snapshot()))["deck"]["roll"]
    18
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pickpack.errors import PositionError, SnapshotError
from pickpack.games.push.encoding import NUM_NUMBER_TYPES, ROLL, SWITCH
from pickpack.games.push.snapshot import deck_from_counts, deck_to_counts
from pickpack.games.push.snapshot_check import validate_snapshot

__all__ = ["FIELDS", "format_position", "load_position", "parse_position", "picture", "position_error"]

T = TypeVar("T")

#: The position string's fields, in order.
FIELDS = ("players", "options", "phase", "turn", "actor", "card", "deck", "stacks", "benches", "banks",
          "switches", "turn_switches")

#: Snapshot key -> position field (SnapshotError.field -> PositionError.field).
_SNAPSHOT_TO_FIELD = {"players": "players", "hard": "options", "switch_per_turn": "options",
                      "phase": "phase", "turn": "turn", "actor": "actor", "card": "card", "deck": "deck",
                      "stacks": "stacks", "benches": "benches", "banks": "banks", "switches": "switches",
                      "turn_switches": "turn_switches", "snapshot": "players"}

_DECK = re.compile(r"([0-3]{30})\.(0|[1-9]\d?)\.(0|[1-9]\d?)")


def _cards(cards: list[str]) -> str:
    return ",".join(cards) if cards else "-"


def format_position(snap: Mapping[str, Any]) -> str:
    """The position string of the (valid) snapshot ``snap`` (see the module docstring)."""
    options = ("h" if snap["hard"] else "") + ("s" if snap["switch_per_turn"] else "")
    deck = deck_to_counts(snap["deck"])
    fields = [
        str(snap["players"]), options or "-", snap["phase"], str(snap["turn"]), str(snap["actor"]),
        snap["card"] or "-",
        "".join(str(n) for n in deck[:NUM_NUMBER_TYPES]) + f".{deck[ROLL]}.{deck[SWITCH]}",
        "/".join(_cards(stack) for stack in snap["stacks"]),
        "/".join(_cards(cards) for cards in snap["benches"]),
        "/".join(_cards(cards) for cards in snap["banks"]),
        str(snap["switches"]), str(snap["turn_switches"]),
    ]
    return " ".join(fields)


def _int(word: str, field: str, column: int) -> int:
    if not re.fullmatch(r"0|[1-9]\d{0,2}", word):
        raise PositionError(field, column, f"a small integer >= 0 without leading zeros expected, not {word!r}")
    return int(word)


def _lists(word: str, field: str, column: int) -> list[list[str]]:
    parts = word.split("/")
    out: list[list[str]] = []
    for part in parts:
        if part == "-":
            out.append([])
        elif part == "" or "" in part.split(","):
            raise PositionError(field, column, f"each card list is cards joined by ',' or '-', not {word!r}")
        else:
            out.append(part.split(","))
    return out


def _words(text: str) -> list[tuple[str, int]]:
    """The space-separated words of ``text`` with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"[^ ]+", text)]


def position_error(text: str, exc: SnapshotError) -> PositionError:
    """The PositionError for ``exc``, raised for the snapshot of the well-formed position
    string ``text``: at the column of the field, or of the stack (``index``) or seat
    (``player``) card list within stacks, benches or banks; the rule is kept."""
    words = _words(text)
    field = _SNAPSHOT_TO_FIELD.get(exc.field, "players")
    word, column = words[FIELDS.index(field)]
    part = exc.index if field == "stacks" else None
    if field in ("benches", "banks") and exc.player is not None:
        part = int(exc.player[1:]) - 1
    parts = word.split("/")
    if part is not None and 0 <= part < len(parts):
        column += sum(len(p) + 1 for p in parts[:part])
    return PositionError(field, column, str(exc), rule=exc.rule)


def parse_position(text: str) -> dict[str, Any]:
    """The normalised snapshot the position string ``text`` describes. PositionError
    (field, 1-based column, reason) for a malformed string or an impossible position
    (snapshot_check.validate_snapshot's check, reported at its field); TypeError for a non-str.
    The C loader's reachability checks apply when the snapshot is loaded
    (load_position)."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is a str, not {type(text).__name__}")
    words = _words(text)
    for index, (word_text, start) in enumerate(words):
        bad = re.search(r"[^!-~]", word_text)
        if bad is not None:
            raise PositionError(FIELDS[min(index, len(FIELDS) - 1)], start + bad.start(),
                                f"only printable ASCII characters and spaces, not {bad.group()!r}")
    gap = re.search(r"^ | {2}| $", text)
    if gap is not None:
        before = sum(1 for _, start in words if start <= gap.start())
        raise PositionError(FIELDS[min(before, len(FIELDS) - 1)], gap.start() + 1,
                            "fields are separated by single spaces, with none before or after")
    if len(words) < len(FIELDS):
        raise PositionError(FIELDS[len(words)], len(text) + 1,
                            f"{len(FIELDS)} fields expected ({' '.join(FIELDS)}), found {len(words)}")
    if len(words) > len(FIELDS):
        raise PositionError(FIELDS[-1], words[len(FIELDS)][1],
                            f"{len(FIELDS)} fields expected ({' '.join(FIELDS)}), found {len(words)}")
    columns = {field: column for field, (_, column) in zip(FIELDS, words)}
    word = {field: w for field, (w, _) in zip(FIELDS, words)}

    players = _int(word["players"], "players", columns["players"])
    options = word["options"]
    if options not in ("-", "h", "s", "hs"):
        raise PositionError("options", columns["options"], f"'-', 'h', 's' or 'hs' expected, not {options!r}")
    deck = _DECK.fullmatch(word["deck"])
    if deck is None:
        raise PositionError("deck", columns["deck"], "30 digits 0..3 (R1 .. P6), '.', the roll cards, '.', "
                                                     f"the switch cards expected, not {word['deck']!r}")
    counts = [int(c) for c in deck.group(1)] + [int(deck.group(2)), int(deck.group(3))]
    snap: dict[str, Any] = {
        "players": players, "hard": "h" in options, "switch_per_turn": "s" in options,
        "phase": word["phase"],
        "turn": _int(word["turn"], "turn", columns["turn"]),
        "actor": _int(word["actor"], "actor", columns["actor"]),
        "card": None if word["card"] == "-" else word["card"],
        "deck": deck_from_counts(counts),
        "stacks": _lists(word["stacks"], "stacks", columns["stacks"]),
        "benches": _lists(word["benches"], "benches", columns["benches"]),
        "banks": _lists(word["banks"], "banks", columns["banks"]),
        "switches": _int(word["switches"], "switches", columns["switches"]),
        "turn_switches": _int(word["turn_switches"], "turn_switches", columns["turn_switches"]),
    }
    try:
        return validate_snapshot(snap)
    except SnapshotError as exc:
        raise position_error(text, exc) from exc


def load_position(text: str, load: Callable[[dict[str, Any]], T]) -> T:
    """``load(parse_position(text))`` (a loader such as ``State._load``), with the
    loader's SnapshotError for an impossible position (the C loader's reachability
    checks, docs/push.md "Positions the rules can reach") raised as the PositionError of
    its field, column and rule (position_error)."""
    snap = parse_position(text)
    try:
        return load(snap)
    except SnapshotError as exc:
        raise position_error(text, exc) from exc


def picture(snap: Mapping[str, Any], direction: int, scores: Sequence[int]) -> str:
    """The short picture both implementations print (``str(state)``) of the snapshot
    ``snap`` with its collection direction (+1/-1) and each seat's score: options and
    phase, deck and switch pile, the stacks, one line per seat (``>`` marks the turn,
    ``*`` the actor when another seat) with bench, bank size and score."""
    flags = [name for name in ("hard", "switch_per_turn") if snap[name]]
    head = (f"PUSH, {snap['players']} players{' (' + ', '.join(flags) + ')' if flags else ''}, phase {snap['phase']}"
            + (f", card {snap['card']}" if snap["card"] is not None else ""))
    lines = [head, f"deck {sum(snap['deck'].values())}, switch pile {snap['switches']} "
                   f"({'clockwise' if direction > 0 else 'anticlockwise'})",
             "stacks " + " ".join("[" + " ".join(stack) + "]" for stack in snap["stacks"])]
    for seat, score in enumerate(scores):
        mark = ">" if seat == snap["turn"] else "*" if seat == snap["actor"] else " "
        lines.append(f"{mark} p{seat + 1}: bench {' '.join(snap['benches'][seat]) or '-'}; "
                     f"bank {len(snap['banks'][seat])} cards; score {score}")
    return "\n".join(lines)
