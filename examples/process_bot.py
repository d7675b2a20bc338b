#!/usr/bin/env python3
"""A process bot in pure Python: a random player speaking docs/process-protocol.md.

It imports nothing from pickpack: the engine sends the legal moves with every
position, so a bot in any language can play any game without knowing its rules. It
speaks protocol version 2 (any game) and, for older engines, version 1.

    pickpack match "cmd:python examples/process_bot.py" random --games 10
"""

import random
import sys


def main() -> int:
    rng = random.Random(0)
    legal: list[str] = []
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "pickpack":                  # "pickpack 2 game G players N [seat S]"
            version = rest.split(" ")[0]
            if version == "2":
                print("ok 2 example-random", flush=True)
            elif version == "1":                   # an older engine: Pick & Pack only
                print("ok example-random", flush=True)
            else:
                print(f"error this bot speaks protocol 1 and 2, not {version}", flush=True)
        elif command == "newgame":                 # "newgame SEED": reseed, no answer
            rng = random.Random(int(rest))
        elif command == "legal":                   # "legal MOVE MOVE ...": the legal moves
            legal = rest.split()
        elif command == "go":                      # "go MILLISECONDS": answer in time
            print(f"bestmove {rng.choice(legal)}", flush=True)
        elif command == "quit":
            return 0
        # anything else (here: "position ...") is not needed by this bot
    return 0


if __name__ == "__main__":
    sys.exit(main())
