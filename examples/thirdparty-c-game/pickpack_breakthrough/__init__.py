"""Breakthrough 6x6 for pickpack: a third-party game in C (src/breakthrough.c) with a
thin Cython binding over pickpack's C state base. README: examples/thirdparty-c-game."""
