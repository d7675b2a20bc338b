"""Text reports that fit 80 columns for any figures (``pickpack bench`` of every game).

A report is lines of a label column (LABEL_WIDTH characters) followed by a right-aligned
figure and its unit. Two things used to push a line past 80 columns: a figure larger
than its column (``{x:>14,.0f}`` of 1e30 is 40 characters) and free text of any length
(the install command for OpenSpiel names the folder pickpack was installed from). Here
``figure`` keeps every figure within FIGURE_WIDTH characters -- scientific notation
when the fixed form would not fit, or when a non-zero figure would print as zero -- and
``fit_lines`` wraps what is still too long between words (a word longer than a line is
broken), with the continuation under the figures.

>>> figure(12345678.9), figure(1e30), figure(0.00004, 1), figure(0.0)
('12,345,679', '1.00e+30', '4.00e-05', '0')
>>> print(fit_lines(["label" + " " * 19 + "a " * 40]))
label                   a a a a a a a a a a a a a a a a a a a a a a a a a a a a
                        a a a a a a a a a a a a
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable

__all__ = ["FIGURE_WIDTH", "LABEL_WIDTH", "WIDTH", "figure", "fit_lines", "label"]

WIDTH = 80           # columns of every report line
LABEL_WIDTH = 24     # the label column
FIGURE_WIDTH = 14    # the longest figure: "99,999,999,999" or "-1.23e+300" fit


def label(text: str) -> str:
    """``text`` padded to the label column (a longer label is kept whole)."""
    return f"{text:<{LABEL_WIDTH}}"


def figure(value: float, decimals: int = 0, width: int = FIGURE_WIDTH, *, plus: bool = False) -> str:
    """``value`` with thousands separators and ``decimals`` decimals when that takes at
    most ``width`` characters and shows a non-zero value as non-zero; otherwise three
    significant digits in scientific notation (``1.23e+30``, ``4.00e-05``), which is at
    most 10 characters (11 with the sign). ``inf``, ``-inf`` and ``nan`` are written so;
    ``plus`` writes the sign of a positive value too (``+0.500``)."""
    sign = "+" if plus else ""
    if math.isnan(value) or math.isinf(value):
        return f"{value:{sign}}"
    fixed = f"{value:{sign},.{decimals}f}"
    shown_zero = value != 0 and float(fixed.replace(",", "")) == 0
    if len(fixed) <= width and not shown_zero:
        return fixed
    return f"{value:{sign}.2e}"


def fit_lines(lines: Iterable[str], width: int = WIDTH) -> str:
    """The lines joined by newlines, each one longer than ``width`` wrapped between
    words into lines of at most ``width`` characters, continued under the figures
    (LABEL_WIDTH spaces in)."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        out += textwrap.wrap(line, width=width, subsequent_indent=" " * LABEL_WIDTH,
                             break_on_hyphens=False)
    return "\n".join(out)
