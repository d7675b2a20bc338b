#!/usr/bin/env python3
"""A process bot in pure Python: a random player speaking docs/process-protocol.md.

It imports nothing from pickpack: the engine sends the legal moves with every
position, so a bot in any language can play without knowing the rules.

    pickpack match "cmd:python examples/process_bot.py" random --games 10
"""

import random
import sys


def main() -> int:
    rng = random.Random(0)
    legal: list[str] = []
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "pickpack":                  # handshake: "pickpack 1"
            if rest != "1":
                print(f"info this bot speaks protocol 1, not {rest}", file=sys.stderr)
                return 1
            print("ok example-random", flush=True)
        elif command == "newgame":                 # "newgame SEED": reseed, no answer
            rng = random.Random(int(rest))
        elif command == "legal":                   # "legal MOVE MOVE ...": the legal moves
            legal = rest.split()
        elif command == "go":                      # "go MILLISECONDS": answer in time
            print(f"bestmove {rng.choice(legal)}", flush=True)
        elif command == "quit":
            return 0
        # anything else (here: "position snapshot JSON") is not needed by this bot
    return 0


if __name__ == "__main__":
    sys.exit(main())
