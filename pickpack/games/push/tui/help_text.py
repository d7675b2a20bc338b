"""PUSH in brief, with rule ids (docs/push.md), for the shell's help screen."""

__all__ = ["HELP_TEXT"]

HELP_TEXT = """\
# PUSH in brief

**Goal.** Score the most: the values of the number cards on your bench and in your bank
(PU-E2). Equal best scores share the win (PU-E3).

**Your turn** (PU-T1): **push** (`d`) or **bank** a colour you have on your bench
(`r` `b` `g` `y` `p`): all its bench cards go to your bank, safe for the rest of the
game (PU-B1, PU-B2).

**Pushing.** Draw a card (PU-P1) and place it (`1` `2` `3`, or click a stack): a number
card joins a stack with no card of its colour or value; a roll card a stack without
one; a new stack may be started while fewer than three exist (PU-P2). A switch card goes
to the switch pile and reverses the collection order (PU-S1, PU-S2). Then draw again
(`d`) or stop (`x`) (PU-P4). A card with no place is a **bust**: it is discarded, you
roll the die and take nothing (PU-P5).

**Collecting.** After a stop you take a stack (`1` `2` `3`), then the others in the
collection order shown on the table take one each; stacks left when it comes back to
you are discarded (PU-K1..K3). A stack with a roll card: its cards go to your bench,
then you roll (PU-K4).

**The die** (PU-R): a colour discards every card of that colour from the roller's
bench; the star, nothing (variant *hard*: the whole bench, PU-R3). Banks are safe.

**End.** When the deck is empty and that turn is over (PU-E1).

**What you see** (PU-V1): stacks, benches, switch pile, discard and deck counts are
public; your bank is face up for you, the others' show their card count. On the
table, `Collect ↻` lists who takes a stack after whom in seat order (`↺`: against it,
after an odd number of switch cards). Beside the seats, `▶` marks whose turn it is,
`◆` who takes a stack or rolls now; benches are grouped by colour (`R116` is R1 R1 R6),
with their points. With several
people at one keyboard, the screen is handed over whenever another person decides.
The app draws every card and rolls every die (from the game's seed); they are in the
move log.

**The mouse.** A click on a stack places the drawn card there or takes it; a click on a
button under the table makes that decision.
"""
