"""Records and files: what pickpack reads and writes to disk.

- ``loading``: ``read_games`` (a PPN record's games) and ``load_save`` (a save file),
  also ``pickpack.read_games`` and ``pickpack.load_save``;
- ``savefile``: the save file of ``pickpack play`` (SavedGame, SaveFileError);
- ``dialect``: what a record's tags and results mean in one game (RecordDialect,
  GenericDialect; docs/ppn.md);
- ``file_kinds``: a record, a save or neither, from a file's first bytes;
- ``file_errors``: an OSError in words;
- ``safe_files``: writing a file atomically (never a half-written file).

This package imports none of its modules: import the one you use.
"""
