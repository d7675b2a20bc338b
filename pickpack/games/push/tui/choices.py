"""A person's choices: which decision a key (or a click on a stack) stands for in each
phase, and the label of each decision's button.

Keys: ``d`` push / draw again (PU-P1, PU-P4), ``x`` stop (PU-P4), ``r b g y p`` bank that
colour (PU-B1), ``1 2 3`` place the drawn card on that stack (PU-P2) or, while
collecting, take that stack (PU-K1). A key whose decision is not legal now is still
handed to the engine's ``check_action``, whose rule and reason are shown.

    >>> decision_for_key("collect", "2"), decision_for_key("place", "2"), decision_for_key("start", "y")
    (11, 8, 5)
    >>> label(DRAW, "start"), label(BANK + 1, "start"), label(TAKE, "collect")
    ('Push (d)', 'Bank B (b)', 'Take 1 (1)')
"""

from __future__ import annotations

from collections.abc import Sequence

from pickpack.games.push.encoding import BANK, COLOUR_LETTERS, DRAW, NUM_STACKS, PLACE, STOP, TAKE

__all__ = ["KEYS", "decision_for_key", "key_of", "label"]

#: The keys a person decides with, in the order of the actions they stand for.
KEYS = ("d", "x", *(letter.lower() for letter in COLOUR_LETTERS), *(str(s + 1) for s in range(NUM_STACKS)))


def decision_for_key(phase: str, key: str) -> int:
    """The decision ``key`` (one of KEYS) stands for in ``phase``: a stack key places in
    phase place and takes otherwise. ValueError for another key."""
    if key == "d":
        return DRAW
    if key == "x":
        return STOP
    if key.upper() in COLOUR_LETTERS:
        return BANK + COLOUR_LETTERS.index(key.upper())
    if key in ("1", "2", "3"):
        return (PLACE if phase == "place" else TAKE) + int(key) - 1
    raise ValueError(f"no decision on key {key!r}; keys: {' '.join(KEYS)}")


def key_of(action: int) -> str:
    """The key of decision ``action`` (0..12). ValueError for another action."""
    if action == DRAW:
        return "d"
    if action == STOP:
        return "x"
    if BANK <= action < PLACE:
        return COLOUR_LETTERS[action - BANK].lower()
    if PLACE <= action < TAKE + NUM_STACKS:
        return str((action - PLACE) % NUM_STACKS + 1)
    raise ValueError(f"no decision {action}: decisions are 0..{TAKE + NUM_STACKS - 1}")


def label(action: int, phase: str, stacks: Sequence[Sequence[str]] = ((), (), ())) -> str:
    """The button text of decision ``action`` in ``phase`` with its key: ``Push (d)``,
    ``Draw again (d)``, ``Stop (x)``, ``Bank R (r)``, ``Stack 2 (2)`` / ``New stack 2
    (2)`` (where the drawn card goes: a stack or an empty one, given ``stacks``),
    ``Take 1 (1)``. ValueError for an action that is no decision."""
    key = key_of(action)
    if action == DRAW:
        text = "Push" if phase == "start" else "Draw again"
    elif action == STOP:
        text = "Stop"
    elif action < PLACE:
        text = f"Bank {COLOUR_LETTERS[action - BANK]}"
    elif action < TAKE:
        stack = action - PLACE
        text = f"Stack {stack + 1}" if stacks[stack] else f"New stack {stack + 1}"
    else:
        text = f"Take {action - TAKE + 1}"
    return f"{text} ({key})"
