"""Breakthrough 6x6 for pickpack, in C with a thin binding (examples/thirdparty-c-game)."""
