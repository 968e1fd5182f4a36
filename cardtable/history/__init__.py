"""The match history: a SQLite store of every match played, and statistics from it.

Not part of the engine: the session, the command line and the TUI use it; it imports no
game (it keeps what the session hands it). See :mod:`cardtable.history.store` for the file
and its events, :mod:`cardtable.history.recorder` for the session's hook and
:mod:`cardtable.history.stats` for the figures.
"""

from cardtable.history.recorder import MatchRecorder, match_info, store_game
from cardtable.history.stats import (
    STATS_JSON_HELP,
    PlayerStats,
    cumulative_scores,
    player_stats,
    records_of,
    records_table,
    win_rate_series,
)
from cardtable.history.store import (
    HistoryError,
    HistoryStore,
    MatchInfo,
    StoredMatch,
    history_path,
    load_record,
)

__all__ = [
    "STATS_JSON_HELP",
    "HistoryError",
    "HistoryStore",
    "MatchInfo",
    "MatchRecorder",
    "PlayerStats",
    "StoredMatch",
    "cumulative_scores",
    "history_path",
    "load_record",
    "match_info",
    "player_stats",
    "records_of",
    "records_table",
    "store_game",
    "win_rate_series",
]
