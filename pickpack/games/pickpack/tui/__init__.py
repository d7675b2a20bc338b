"""Pick & Pack's face in the TUI shell (pickpack_tui): board, panels, placement, move questions."""
