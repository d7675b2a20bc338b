"""The older path of ``pickpack.records.dialect``, kept because third-party games import
RecordDialect, GenericDialect and MOVE_TOKEN from it (docs/ppn.md,
docs/writing-a-game.md) and name it in a Game's ``record_dialect``.

It re-exports the same objects (not copies); new code imports pickpack.records.dialect.
"""

from __future__ import annotations

from pickpack.records.dialect import (MOVE_TOKEN, RETURNS_TOKEN, TWO_PLAYER_RESULTS, GenericDialect,
                                      RecordDialect, TagError, check_move_token, dialect_for, dialect_named,
                                      parse_return, parse_returns, player_tag, result_from_returns, return_text,
                                      returns_text, roster_tags, same_result)

__all__ = ["MOVE_TOKEN", "RETURNS_TOKEN", "TWO_PLAYER_RESULTS", "GenericDialect", "RecordDialect", "TagError",
           "check_move_token", "dialect_for", "dialect_named", "parse_return", "parse_returns", "player_tag",
           "result_from_returns", "return_text", "returns_text", "roster_tags", "same_result"]
