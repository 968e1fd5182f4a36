"""The score table at the end of a deal or of the match, drawn from the view alone.

What the scores count (penalty points, points, chips...) and which way is better come from
the view's score model; teams, when the view has them, get columns of their own with their
totals (in a team-scored game the teams' columns replace the seats').
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from cardtable.engine.scoring import ScoreKind, running_totals
from cardtable.engine.views import PlayerView
from cardtable.engine.words import counted
from cardtable.tui.screens.deliberate import Deliberate


def team_name(view: PlayerView, team: Sequence[int]) -> str:
    """A team by its players' names: 'Ann & Cid'."""
    return " & ".join(view.seats[s].name for s in team)


def score_hint(view: PlayerView) -> str:
    """How to read the table, in a sentence or two."""
    scoring = view.scoring
    better = "lower is better" if scoring.lower_is_better else "higher is better"
    if scoring.kind is ScoreKind.CHIPS:
        unit = scoring.label  # the game's own word: chips, credits
        text = f"{unit.capitalize()}: {better}; a player with no {unit} has left the match."
    else:
        text = f"Scores are {scoring.label}: {better}."
    if view.teams:
        if scoring.team_scored:
            text += " Each team scores as one."
        else:
            text += " A team's total is the sum of its players' scores."
    return text


def score_hint_short(view: PlayerView) -> str:
    """Which way is better, in three words."""
    return "lower is better" if view.scoring.lower_is_better else "higher is better"


def cumulative_lines(view: PlayerView, balances: bool = False) -> dict[str, list[int]]:
    """Running totals deal by deal, per seat (or per team in a team-scored game), from 0; with
    ``balances``, a stack of chips or credits starts from its stake, so that its line ends at
    the total the table shows (the stake plus each deal's change)."""
    if view.teams and view.scoring.team_scored:
        columns = [
            (team_name(view, team), [row[t] for row in view.team_deal_scores])
            for t, team in enumerate(view.teams)
        ]
        finals: tuple[int, ...] = view.team_totals
    else:
        columns = [(seat.name, [row[s] for row in view.deal_scores]) for s, seat in enumerate(view.seats)]
        finals = view.scores
    stacks = balances and view.scoring.kind is ScoreKind.CHIPS
    out: dict[str, list[int]] = {}
    for k, (name, values) in enumerate(columns):
        change = sum(value or 0 for value in values)
        out[name] = running_totals(values, finals[k] - change if stacks and k < len(finals) else 0)
    return out


def one_deal_text(view: PlayerView) -> str:
    """A match of one deal in a sentence, best score first (where a chart would go)."""
    lines = cumulative_lines(view)
    head = f"One {view.deal_word} played, so no chart of totals over time.\n\n"
    finals = {line[-1] for line in lines.values()}
    if len(lines) > 1 and len(finals) == 1:
        # (a game that counts no cards when one deal is the match: "best first" then listed
        # the winner anywhere among equal zeros)
        return head + f"That {view.deal_word}: {counted(finals.pop(), view.scoring.label)} each."
    ranked = sorted(lines, key=lambda name: lines[name][-1], reverse=not view.scoring.lower_is_better)
    scores = ", ".join(f"{name} {lines[name][-1]:+d}" if lines[name][-1] else f"{name} 0" for name in ranked)
    # the score hint beside the table already says which way is better
    order = ", best first" if len(ranked) > 1 else ""
    # (the label last: "Games won in that deal" read oddly where a deal is a game)
    return head + f"That {view.deal_word}{order}: {scores} ({view.scoring.label})."


class ScoreTable(DataTable[str | Text]):
    """The score table, one row per deal then the totals: made shorter than its rows (a
    small terminal, a long match), it shows its end, the latest deals and the totals."""

    def on_resize(self) -> None:
        self.scroll_end(animate=False)


class ScoresScreen(Deliberate, Screen[str]):
    """End of a deal or of the match: per-deal and total scores, and what happened.

    It waits for a deliberate key: Enter pressed during play (a last card, a bot's move that
    ended the deal) in its first moment is not carried past it into the next deal."""

    GRACE = 0.6

    BINDINGS = [
        Binding("enter", "primary", "Continue", id="continue"),
        Binding("escape", "dismiss_back", "Back to the table", id="back-to-table", show=False),
        # the buttons stand in a row: the arrows move along it, as Tab does
        Binding("right", "button(1)", "Next button", show=False, id="button-next"),
        Binding("left", "button(-1)", "Previous button", show=False, id="button-back"),
    ]
    DEFAULT_CSS = """
    ScoresScreen { align: center middle; background: $panel; }
    ScoresScreen > Vertical { width: 96%; max-width: 100; height: auto; max-height: 95%; border: heavy $primary; background: $surface; padding: 1 2; }
    ScoresScreen #scores-title { text-style: bold; color: $primary; }
    ScoresScreen DataTable { height: auto; max-height: 14; margin: 1 0 0 0; }
    ScoresScreen #scores-model { color: $text-muted; margin-bottom: 1; }
    ScoresScreen Horizontal { height: auto; }
    ScoresScreen Button { margin-right: 2; }
    ScoresScreen.-over > Vertical { height: 95%; }
    ScoresScreen #scores-body { height: 1fr; }
    ScoresScreen #scores-left { width: auto; max-width: 65%; height: 1fr; margin-right: 1; }
    /* the table takes the room left under nothing: it shows its end (the totals) when short */
    ScoresScreen #scores-left DataTable { height: 1fr; min-height: 3; }
    ScoresScreen #scores-chart { width: 1fr; height: 1fr; min-height: 6; }
    ScoresScreen Static#scores-chart { padding-left: 2; }  /* words, not a chart: set apart from the table's */
    ScoresScreen #scores-records { color: $text-muted; height: auto; }
    ScoresScreen.-table-only #scores-left { max-width: 100%; margin-right: 0; }
    ScoresScreen.-table-only #scores-chart { display: none; }
    """

    def __init__(
        self,
        view: PlayerView,
        over: bool,
        hints: list[int] | None = None,
        records: Sequence[str] = (),
    ) -> None:
        super().__init__(classes="-over" if over else "")
        self.view = view
        self.over = over
        self.hints = hints or []
        self.records = tuple(records)
        """The players' records at this game, updated with this match: the lines of a small
        table, its header first (see :func:`cardtable.history.records_table`)."""

    def compose(self) -> ComposeResult:
        view = self.view
        word = view.deal_word.capitalize()  # the game's own word for a deal ('Round 1')
        title = "Match over" if self.over else f"{word} {view.deal_number} is over"
        with Vertical(id="scores-box"):
            yield Static(title, id="scores-title")
            yield Static(_without_title(view.result or "", None if self.over else title), id="scores-result")
            # At a betting table or on a board cards left count nothing; after a trick game
            # every hand is empty, and a line of zeros only takes room.
            counted = view.scoring.kind is not ScoreKind.CHIPS and view.board is None
            if counted and any(s.card_count for s in view.seats):
                left = ", ".join(f"{s.name} {s.card_count}" for s in view.seats if s.active or s.card_count)
                yield Static(f"{view.scoring.cards_left.capitalize()}: {left}", id="scores-cards")
            if self.over and not _says_again(view.status, view.result):
                # (under the title "Match over", the line goes on from it)
                outcome = view.status.removeprefix("Match over: ")
                yield Static(outcome[:1].upper() + outcome[1:], id="scores-outcome")
            if self.over:
                # The table and the records beside the chart: at 80x24 there is no room
                # for them one above the other.
                with Horizontal(id="scores-body"):
                    with VerticalScroll(id="scores-left"):
                        yield ScoreTable(id="scores-table", cursor_type="none", zebra_stripes=True)
                        yield Static(score_hint(view), id="scores-model")
                        if self.records:
                            yield Static("\n".join(self.records), id="scores-records")
                    if len(view.deal_scores) == 1:  # a chart of one point a line says nothing
                        yield Static(one_deal_text(view), id="scores-chart")
                    elif view.deal_scores:
                        from cardtable.tui.charts import ScoreChart

                        yield ScoreChart(id="scores-chart")
            else:
                yield ScoreTable(id="scores-table", cursor_type="none", zebra_stripes=True)
                yield Static(score_hint(view), id="scores-model")
            with Horizontal():
                if self.over:
                    yield Button("Play again", id="again", variant="primary")
                    yield Button("New game", id="picker")
                    yield Button("Quit", id="quit")
                else:
                    yield Button(f"Next {view.deal_word}", id="next", variant="primary")  # "Next hand"
                    yield Button("Look at the table", id="look")

    def on_mount(self) -> None:
        self.start_grace()
        self.fill(self.query_one(DataTable))
        self.query_one(Button).focus()
        if self.over and len(self.view.deal_scores) > 1:
            from cardtable.tui.charts import ScoreChart

            chart = self.query_one(ScoreChart)
            view = self.view
            chart.cumulative(
                cumulative_lines(view, balances=True),
                view.scoring.label,
                score_hint_short(view),
                view.deal_word,
            )
        self.call_after_refresh(self._make_room if self.over else self._fit_table)

    def on_resize(self) -> None:
        self.call_after_refresh(self._make_room if self.over else self._fit_table)

    def _fit_table(self) -> None:
        """The buttons in sight below the table: after many deals at 80x24 the table of a
        deal's end grew past the box and cut them off. The table then gives up rows, keeping
        the latest deals and the totals in sight (a :class:`ScoreTable` scrolls to its end)."""
        box = self.query_one("#scores-box", Vertical)
        table = self.query_one(DataTable)
        others = sum(
            w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
            for w in box.children
            if w is not table and w.display
        )
        # the box's and the table's most heights are the stylesheet's (95%, 14 rows): the
        # table's own is read from its CSS, as the line below overrides it inline
        limit = box.styles.max_height
        tall = int(limit.resolve(self.size, self.app.size)) if limit is not None else self.size.height
        rows = table.styles.base.max_height
        most = int(rows.value) if rows is not None else self.size.height
        room = tall - box.styles.gutter.height - others - table.styles.margin.top
        table.styles.max_height = max(3, min(most, room))

    def action_button(self, step: int) -> None:
        buttons = list(self.query(Button))
        at = buttons.index(self.focused) if self.focused in buttons else 0
        buttons[(at + step) % len(buttons)].focus()

    def _make_room(self) -> None:
        """The table whole beside the chart when both fit; else the table alone (many seats
        in a small terminal): the chart only draws what the table already says."""
        bodies = self.query("#scores-body")
        if not bodies:
            return
        table = self.query_one(DataTable)
        # the pane's share of the body (its max-width) less its scrollbar and margin
        room = bodies.first().size.width * 65 // 100 - 3
        self.set_class(table.virtual_size.width > room, "-table-only")

    def fill(self, table: DataTable[str | Text]) -> None:
        """One column per seat (none in a team-scored game), one per team, one row per deal,
        then the totals and the hints used."""
        view = self.view
        chips = view.scoring.kind is ScoreKind.CHIPS
        seats = () if view.teams and view.scoring.team_scored else tuple(range(len(view.seats)))
        teams = view.teams
        table.add_column(view.scoring.label.capitalize(), key="deal")
        for s in seats:
            table.add_column(view.seats[s].name, key=f"seat-{s}")
        for t, team in enumerate(teams):
            table.add_column(team_name(view, team), key=f"team-{t}")

        def cell(value: int | None) -> str:
            if value is None:
                return "—"
            return f"{value:+d}" if chips and value else str(value)

        team_rows = view.team_deal_scores or [()] * len(view.deal_scores)
        for i, (row, team_row) in enumerate(zip(view.deal_scores, team_rows, strict=False), start=1):
            table.add_row(
                f"{view.deal_word.capitalize()} {i}",
                *(cell(row[s]) for s in seats),
                *(cell(v) for v in team_row),
            )

        def total(value: int, out: bool) -> Text:
            return Text(f"{value} (out)" if out else str(value), style="bold")

        table.add_row(
            # a table's chips are stacks; a machine's credits (or points) are a total
            Text("Stacks" if chips and view.scoring.label == "chips" else "Total", style="bold"),
            *(
                total(view.scores[s], chips and (view.scores[s] <= 0 or not view.seats[s].active))
                for s in seats
            ),
            *(total(v, False) for v in view.team_totals),
        )
        if any(self.hints):
            hints = [Text(str(self.hints[s]) if s < len(self.hints) else "", style="italic") for s in seats]
            hints += [
                Text(str(sum(self.hints[s] for s in team if s < len(self.hints))), style="italic")
                for team in teams
            ]
            table.add_row(Text("Hints used", style="italic"), *hints)
        table.can_focus = False

    def action_primary(self) -> None:
        if self.fresh():
            self.dismiss("again" if self.over else "next")

    def action_dismiss_back(self) -> None:
        if not self.over and self.fresh():
            self.dismiss("look")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.fresh():
            self.dismiss(event.button.id or "next")


def _without_title(result: str, title: str | None) -> str:
    """The result without a lead that repeats the title ("Deal 1 is over" above "Deal 1: …").

    >>> _without_title("Deal 1: Ann's 7♥ is made.", "Deal 1 is over")
    "Ann's 7♥ is made."
    >>> _without_title("Deal 1: Ann's 7♥ is made.", None)
    "Deal 1: Ann's 7♥ is made."
    """
    if title is None or not title.endswith(" is over"):
        return result
    lead = title.removesuffix(" is over") + ": "
    if not result.casefold().startswith(lead.casefold()) or len(result) == len(lead):
        return result
    rest = result[len(lead) :]
    return rest[:1].upper() + rest[1:]


def _says_again(status: str, result: str | None) -> bool:
    """The match's closing line only repeats the deal's result ("Match over: Bot 2 wins
    with 100 credits." under "Bot 2 wins with 100 credits")."""
    return bool(result) and status.removeprefix("Match over: ").rstrip(".") == (result or "").rstrip(".")
