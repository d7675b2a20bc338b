"""PACRU in brief, with rule ids (docs/pacru.md), for the shell's help screen."""

__all__ = ["HELP_TEXT"]

HELP_TEXT = """\
# PACRU in brief

**Goal.** Reach the target number of cells of your colour (42 with 2 players, 28 with
3, 24 with 4), or be the last player with chevrons (PA-E2). After the ply cap the
players with the most cells share the result (PA-E3).

**The board.** Nine 3x3 borderlands, framed by thick lines (PA-C1). A cell is neutral
(`·`) or of a player's colour (its letter in lower case, on the player's colour); a
chevron is its player's letter and an arrow (`A↑·`: A's chevron pointing north on a
neutral cell).

**A move** (PA-M1): a chevron goes straight ahead or 45 degrees to either side, 1 to
its **power** cells (PA-M2: your cells in its borderland, at least 1), never over a
chevron nor onto another player's colour (PA-M3). Crossing into another borderland
colours one neutral cell there (PA-B1), or the whole borderland when it has none (PA-B2).
A long move between two cells of yours colours the cells between (PA-J1) and may jump
chevrons (PA-J2). Two chevrons attacking an enemy chevron may take it (pincer, PA-K).
Two of your chevrons on your cells facing each other: colour any cell (meeting, PA-T1,
once an opponent has 9 cells, PA-T2).

**Turning** (PA-O1): turn a chevron 45 degrees (free 2 of your cells) or 90 (free 4).

**Keys.** Arrows move the cursor (the line under the board tells what is under it: the
chevron's power and what it attacks). Enter (or a click) chooses: one of your chevrons,
then one of the marked cells `[·]`; then only the questions still open (connection or
crossing, the crossing cell, the meeting cell, on the board). `o` turns the chevron
under the cursor: choose the direction, then the cells to free. The move's text is shown
before it is played: Enter plays it, Escape takes back the last choice.
"""
