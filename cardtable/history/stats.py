"""Statistics from the stored matches: per player and game, and win rate over time.

Only finished matches count. "Best score" follows each game's score model (the lowest in a
penalty game, the highest in a points or chips game); in a team game a seat wins when its
team wins.

>>> from cardtable.history.store import StoredMatch
>>> def m(i, scores, winners, lower=True):
...     return StoredMatch("g", "G", {}, 1, ("Ann", "Bob"), ("human", "human"), (), lower,
...                        id=i, status="finished", winners=winners, scores=scores, reason="",
...                        started=f"2026-01-0{i}", ended="x", deal_rows=((scores[0], scores[1]),))
>>> rows = player_stats([m(1, (10, 50), (0,)), m(2, (30, 5), (1,)), m(3, (0, 90), (0,))])
>>> ann = rows[0]
>>> ann.player, ann.matches, ann.wins, ann.best_score, ann.longest_streak
('Ann', 3, 2, 0, 1)
>>> ann.cells()[2:5]
('3', '2', '67%')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from rich.cells import cell_len

from cardtable.engine.scoring import running_totals
from cardtable.history.store import StoredMatch


@dataclass(frozen=True)
class PlayerStats:
    """One player's record at one game."""

    player: str
    game: str
    title: str
    matches: int
    wins: int
    win_rate: float
    """Wins over matches, 0 to 1."""
    average_score: float
    best_score: int
    longest_streak: int
    """The most matches won in a row (in the order they ended)."""
    average_deal_score: float | None
    """The mean of the player's scores per deal (None when no deal was scored)."""
    lower_is_better: bool
    score_label: str

    def cells(self, percent: str = "%") -> tuple[str, ...]:
        """The row a statistics table shows: player, game, matches, wins, win rate (with
        ``percent`` after it), average score, best score, longest streak, average per deal."""
        return (
            self.player,
            self.title,
            str(self.matches),
            str(self.wins),
            f"{100 * self.win_rate:.0f}{percent}",
            f"{self.average_score:.1f}",
            f"{self.best_score} ({'low' if self.lower_is_better else 'high'})",
            str(self.longest_streak),
            "—" if self.average_deal_score is None else f"{self.average_deal_score:.1f}",
        )

    def to_json(self) -> dict[str, object]:
        """The object ``cardtable stats --json`` prints."""
        out: dict[str, object] = asdict(self)
        out["win_rate"] = round(self.win_rate, 4)
        out["average_score"] = round(self.average_score, 2)
        if self.average_deal_score is not None:
            out["average_deal_score"] = round(self.average_deal_score, 2)
        return out


STATS_JSON_HELP = (
    "--json prints a list of objects, one per player and game: player, game, title, matches,"
    " wins, win_rate (0-1), average_score, best_score (lowest for penalty-point games, highest"
    " otherwise), longest_streak (matches won in a row), average_deal_score, lower_is_better"
    " and score_label; only finished matches count"
)


def _in_order(matches: Iterable[StoredMatch]) -> list[StoredMatch]:
    """Finished matches, oldest first."""
    done = [m for m in matches if m.status == "finished" and m.scores]
    return sorted(done, key=lambda m: (m.ended or m.started, m.id))


def player_stats(matches: Iterable[StoredMatch], player: str | None = None) -> list[PlayerStats]:
    """Per player and game, sorted by player then game; ``player`` keeps one name (any case)."""
    groups: dict[tuple[str, str], list[tuple[StoredMatch, int]]] = {}
    for match in _in_order(matches):
        for seat, name in enumerate(match.players):
            if player is not None and name.casefold() != player.casefold():
                continue
            groups.setdefault((name, match.game), []).append((match, seat))
    out: list[PlayerStats] = []
    for (name, game), played in sorted(groups.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1])):
        first = played[-1][0]  # the latest match says how the game scores now
        lower = first.lower_is_better
        scores = [m.scores[s] for m, s in played]
        wins = [s in m.winners for m, s in played]
        deal_scores = [
            row[s] for m, s in played for row in m.deal_rows if s < len(row) and row[s] is not None
        ]
        out.append(
            PlayerStats(
                player=name,
                game=game,
                title=first.title,
                matches=len(played),
                wins=sum(wins),
                win_rate=sum(wins) / len(played),
                average_score=sum(scores) / len(scores),
                best_score=min(scores) if lower else max(scores),
                longest_streak=longest_run(wins),
                average_deal_score=(
                    sum(v for v in deal_scores if v is not None) / len(deal_scores) if deal_scores else None
                ),
                lower_is_better=lower,
                score_label=first.score_label,
            )
        )
    return out


def longest_run(flags: Sequence[bool]) -> int:
    """The longest run of True.

    >>> longest_run([True, True, False, True]), longest_run([])
    (2, 0)
    """
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def win_rate_series(
    matches: Iterable[StoredMatch], players: Sequence[str] | None = None, top: int = 5
) -> dict[str, list[float]]:
    """Each player's win rate (percent) after each of their finished matches, oldest first:
    the players named, or the ``top`` who played most.

    >>> from cardtable.history.store import StoredMatch
    >>> m = lambda i, w: StoredMatch("g", "G", {}, 1, ("Ann", "Bob"), ("human", "human"), id=i,
    ...     status="finished", winners=w, scores=(1, 2), reason="", started=f"t{i}", ended=f"t{i}")
    >>> win_rate_series([m(1, (0,)), m(2, (1,))])
    {'Ann': [100.0, 50.0], 'Bob': [0.0, 50.0]}
    """
    series: dict[str, list[float]] = {}
    won: dict[str, int] = {}
    for match in _in_order(matches):
        for seat, name in enumerate(match.players):
            won[name] = won.get(name, 0) + (seat in match.winners)
            played = series.setdefault(name, [])
            played.append(100.0 * won[name] / (len(played) + 1))
    if players:
        wanted = {p.casefold() for p in players}
        return {n: v for n, v in series.items() if n.casefold() in wanted}
    keep = sorted(series, key=lambda n: (-len(series[n]), n))[:top]
    return {n: series[n] for n in sorted(keep)}


def cumulative_scores(match: StoredMatch) -> dict[str, list[int]]:
    """Each seat's (or, in a team-scored game, each team's) running total deal by deal,
    starting from 0.

    >>> from cardtable.history.store import StoredMatch
    >>> m = StoredMatch("g", "G", {}, 1, ("Ann", "Bob"), ("human", "human"), id=1, status="finished",
    ...     winners=(0,), scores=(5, 9), reason="", started="t", ended="t", deal_rows=((2, 4), (3, None)))
    >>> cumulative_scores(m)
    {'Ann': [0, 2, 5], 'Bob': [0, 4, 4]}
    """
    columns: list[tuple[str, tuple[int, ...]]]
    if match.teams and match.team_scored:
        columns = [(" & ".join(match.players[s] for s in team), (team[0],)) for team in match.teams]
    else:
        columns = [(name, (s,)) for s, name in enumerate(match.players)]
    return {
        label: running_totals([sum(row[s] or 0 for s in seats if s < len(row)) for row in match.deal_rows])
        for label, seats in columns
    }


def records_of(matches: Iterable[StoredMatch], game: str, players: Sequence[str]) -> list[PlayerStats]:
    """The records at ``game`` of the ``players`` named (seat order; a player with no finished
    match there is left out): what the end-of-match screen shows."""
    rows = {r.player: r for r in player_stats(m for m in matches if m.game == game)}
    return [rows[name] for name in dict.fromkeys(players) if name in rows]


def records_table(records: Sequence[PlayerStats]) -> list[str]:
    """The records as lines of a small table, a header first: one line a player, so that
    four players fit the narrow pane beside a match's chart (the averages are left to
    ``cardtable stats``). None: no lines.

    >>> ann = PlayerStats("Ann", "g", "G", 4, 3, 0.75, 20.0, 5, 2, 4.5, True, "penalty points")
    >>> bot = PlayerStats("Bot 2", "g", "G", 12, 1, 1 / 12, 40.0, 11, 1, None, True, "penalty points")
    >>> print("\\n".join(records_table([ann, bot])))
    Records  won      best  streak
    Ann      3 of 4   5     2
    Bot 2    1 of 12  11    1
    >>> wide = PlayerStats("太郎", "g", "G", 1, 1, 1.0, 5.0, 5, 1, 5.0, True, "penalty points")
    >>> print("\\n".join(records_table([wide, ann])))
    Records  won     best  streak
    太郎     1 of 1  5     1
    Ann      3 of 4  5     2
    """
    if not records:
        return []
    rows = [("Records", "won", "best", "streak")]
    for r in records:
        rows.append((r.player, f"{r.wins} of {r.matches}", str(r.best_score), str(r.longest_streak)))
    # padded by terminal columns, not characters: a name may hold wide characters
    widths = [max(cell_len(row[k]) for row in rows) for k in range(3)]
    return [
        "  ".join([*(row[k] + " " * (widths[k] - cell_len(row[k])) for k in range(3)), row[3]])
        for row in rows
    ]
