"""Pick & Pack in brief, with rule ids (docs/rules.md), for the shell's help screen."""

__all__ = ["HELP_TEXT"]

HELP_TEXT = """\
# Pick & Pack in brief

**Goal.** Fill your four crates with apple trays and score more than your opponent (PP-E3, PP-E4).

**Set-up.** Each player puts their 12 action tiles, two of each kind, on their 12 action
spaces, hidden from the other (PP-S3). Red's spaces are the column ends (`aT`..`fB`),
Blue's the row ends (`1L`..`6R`) (PP-C5). The grabber starts on the 6-apple tray (PP-S2).

**A move** (PP-M1). Red moves the grabber along its **row**, Blue along its **column**, to
another square:

- a **face-up tray**: grab it into one of your open crates with the fewest trays (PP-G1, PP-G2);
- an **empty** square: activate one of your unplayed tiles at an end of the line that
  crosses your axis there (Red: its column, Blue: its row) (PP-M2);
- never a **face-down** tray (PP-M3).

**Action tiles** (PP-A):

| tile | effect |
|---|---|
| `P` Premium | close one of your open crates as premium: 2 points per apple (PP-A1) |
| `W` Wholesale | close an opponent's open crate as wholesale: 1 point per 2 apples (PP-A2) |
| `R` Rush order | goes to your rush-order area (PP-A3) |
| `Q` Quality control | take the top tray of an opponent's crate into yours (PP-A4) |
| `X` Order mix-up | swap the top trays of an opponent's crate and one of yours (PP-A5) |
| `M` Malfunction | turn a tray on the grid face down, or an opponent's unplayed tile (PP-A6) |

A tile with no possible target may still be activated, without effect (PP-A7).

**Rush orders.** After a later move you may spend one to move again at once (PP-R1, PP-R2).

**End.** The game ends when a player has all four crates closed (PP-E1) or the player to
move has no legal move (PP-E2). Open crates score 1 point per apple (PP-E3); equal totals
draw (PP-E4). You see your own crates in full; the opponent's open crates as count and top
tray, their closed ones (covered by the Premium or Wholesale tile) as status and count only
(PP-V2). At the end the crates are scored openly (PP-E3): everything is shown.

**The mouse.** A click chooses a square of the grid, a tile while placing, an option of a
question or a button.

"""
