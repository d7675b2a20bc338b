"""Helpers shared by the subcommands: one-line failures and argument types."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

__all__ = ["fail", "positive_int", "seed"]


def fail(message: str) -> NoReturn:
    """Print ``pickpack: error: message`` on one line and exit with status 2."""
    sys.stderr.write(f"pickpack: error: {message}\n")
    raise SystemExit(2)


def seed(text: str) -> int:
    """argparse type: an integer seed in 0..2**64-1 (decimal or 0x...)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0..2**64-1, got {value}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {value}")
    return value
