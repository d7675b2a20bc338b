"""The app's screens: placement, hand-over, board, choice prompt, help, game over, files."""
