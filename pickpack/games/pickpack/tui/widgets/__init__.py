"""Pick & Pack's board widgets: grid squares, action tiles, crates, rush area, player panels."""
