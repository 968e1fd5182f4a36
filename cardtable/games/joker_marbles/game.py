"""Joker, the marbles-and-cards board game (``shared/rules/joker-marbles.md``).

Four players in two teams (partners opposite), or six or eight (two teams in alternating
seats, or pairs opposite); five marbles each, a 72-hole track (18 holes a side per player),
two 54-card decks for four players (three for six, four for eight). Each turn a player draws
(hold 6), then plays one card to move marbles, or, with no move at all, discards one
(``pass``). A player whose five marbles are home moves a teammate's marbles. The first team
with every marble home wins.

Notation (the record notation of the rules file, §9.10): ``str(move)`` is

* ``QH:out B``: a Blue marble comes out onto its come-out hole;
* ``5C:B10>15xR``: the Blue marble on 10 goes 5 forward to 15 and sends a Red marble back to its start;
  ``B71>C2`` turns into the castle; ``BC2>C5`` moves inside it;
* ``7D:B10>13,B30>34``: a split 7, part 1 first;
* ``JK:B10*40xR`` (``JK:BS*60xY`` from start): the joker jump; ``xG>38``: a partner's marble
  sent to hole 38 (its in-spot, or the first empty hole behind it);
* ``8S:B20<12``: backwards; ``JS:B2<>R3``: a swap (Tock, Dog, Jackaroo jacks);
* ``pass 9D``: no move is possible, so the player discards 9D;
* a trailing `` #`` marks the move that wins.

Typed input may omit the bumps, list a split's parts in either order, and use the short forms
``out``, ``5 B10``, ``8 B20``, ``7 B10+3 B30+4``, ``7:3+4``, ``JK B10 R40`` (or ``JK B10 40``),
``J swap B2 R3``: they expand to the one legal move they mean; an ambiguous one is refused
with the candidates.

Colours by seat: B R G Y, then O P W K (seat 5 of six is Purple, as case M-41 has it).
Hole ``h`` of side ``s`` is ``18 s + h``; Blue comes out on 7 and turns in at 2.

Stacked positions: ``deal={"marbles": {"B": "10 20", "R": "13", "G": "C1 C2 C3 C4 C5"},
"hands": ["7S 2C 3D 4H 5S", ...], "stock": "9D ...", "discard": "...", "first": 0}``; marbles
not listed are in their start; the first seat to act draws the stock's first card at once
(draw-then-play). ``game.marbles`` gives each colour's marbles as notation.

Engine choices where the rules file leaves room: the game is one deal (phase ``move`` until
it is won); the turn limit ``turn_cap`` (2000 turns) ends an endless game, the team with more
marbles home winning; a legal move is listed once per card name (two 5s of different suits
are two moves) and once per resulting position (a split's two orders with one result are
one move, the first found).

Rounds (``deal_mode='rounds'``, the Tock, Dog and Jackaroo presets): hands of the
``round_sizes`` are dealt, nobody draws, a seat with no cards is passed over and a new round
is dealt (by the next dealer) once every hand is empty; a cycle of rounds starts from the
whole pack. With ``partner_exchange`` each deal opens phase ``exchange``: each seat in turn
writes ``give 5H`` (the card is set aside, hidden, and handed over once all have given).
With ``no_move='discard_hand'`` a stuck player's one move is ``pass`` with the whole hand
(``pass 2S 3S 4S``). Dog's burning 7, Jackaroo's forced discard and the fresh-marble rule
are not modelled.

>>> from cardtable.engine import new_game
>>> g = new_game("joker-marbles", ["Ann", "Bob", "Cat", "Dan"], seed=1,
...              deal={"marbles": {"B": "10", "R": "15"}, "hands": ["5C 2C 3D 4H 6S"], "stock": "9D"})
>>> [str(m) for m in g.legal_moves()][:3]
['5C:B10>15xR', '2C:B10>12', '3D:B10>13']
>>> _ = g.play("5 B10")
>>> g.marbles["B"], g.marbles["R"], g.log[-1]
(('S', 'S', 'S', 'S', '15'), ('S', 'S', 'S', 'S', 'S'), "Ann's 5 sends Bob's red marble back to its start")
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import chain
from typing import Any, NamedTuple

from cardtable.engine.cards import Card, make_deck, rank_word
from cardtable.engine.deals import deal_hand, read_stacked
from cardtable.engine.errors import IllegalMove, InvalidNotation, InvalidRules
from cardtable.engine.game import Outcome, TableMeld
from cardtable.engine.listing import MoveRange
from cardtable.engine.moves import BOARD_VERB, Move
from cardtable.engine.moves import parse_move as engine_parse
from cardtable.engine.phases import PhaseKind
from cardtable.engine.table_game import TableGame
from cardtable.engine.views import PlayerView
from cardtable.engine.zones import Visibility, Zone

from . import SPEC
from .board import (
    CASTLE,
    COLOUR_NAMES,
    START,
    Cand,
    Geo,
    State,
    Step,
    action_plays,
    apply_step,
    completed_team,
    controlled,
    finished,
    result_key,
)
from .notation import check_body, expand_short, strip_bumps
from .play_rules import PLAY_RULES
from .rules import PLAYER_COUNTS, JokerMarblesRules, deck_count, round_sizes
from .views import board_view, move_words, possessive

HAND = 5
_tuple = tuple.__new__
"""Builds a :class:`Play` from a card and a :class:`Cand` in one call (a listing makes dozens)."""


class Play(NamedTuple):
    """A listed card play: the card, its steps and whether it wins (its payload)."""

    card: Card
    steps: tuple[Step, ...]
    win: bool


class Pass(NamedTuple):
    """No move is possible: discard ``card`` (under ``no_move='discard_hand'``, ``card`` is the
    first of the whole hand thrown in)."""

    card: Card


class Give(NamedTuple):
    """The partner exchange: ``card`` goes face down to the partner."""

    card: Card


class PlayMove(Move):
    """A listed card play whose text (``5C:B10>15xR``, and its :attr:`word`, the steps) is
    made only when read: a listing holds dozens of plays (70 with a 7 and four marbles out)
    and a playout or a bot reads the text of none of them."""

    __slots__ = ("_geo",)

    # the fields every play shares, read from the class (a listing makes many plays)
    kind = BOARD_VERB  # type: ignore[misc]
    named = (None,)  # type: ignore[misc]
    target = None  # type: ignore[misc]
    groups = ()  # type: ignore[misc]
    flags = ()  # type: ignore[misc]
    suits = ()  # type: ignore[misc]

    def __init__(self, card: Card, play: Play, geo: Geo) -> None:
        self.cards = (card,)
        self.payload = play
        self._geo = geo
        self._text = None
        self._key = None
        self._stamp = None

    @property  # type: ignore[override]
    def word(self) -> str:
        """The steps in record notation, as ``B10>13,B30>34``."""
        text = str(self)
        return text[len(self.cards[0].name) + 1 : -2 if self.payload.win else None]

    def __str__(self) -> str:
        if self._text is None:
            g = self._geo
            body = ",".join([s.text(g) for s in self.payload.steps])
            mark = " #" if self.payload.win else ""
            self._text = f"{self.cards[0].name}:{body}{mark}"
        return self._text


class JokerMarbles(TableGame):
    """A game of Joker. Phases: 'exchange' (rounds dealing with the partner exchange: each seat
    in turn sets a card aside for its partner), 'move' (the seat to act plays a card or passes),
    'match-over'."""

    spec = SPEC
    play_rules = PLAY_RULES
    phase_kinds = {"move": PhaseKind.MOVE, "exchange": PhaseKind.EXCHANGE}
    move_caches = ("_alias",)
    _twins: list[tuple[Card, tuple[Step, ...], int]] = []

    rules: JokerMarblesRules

    def _set_up(self) -> None:
        rules = self.rules
        n = self.n
        if n not in PLAYER_COUNTS:
            raise InvalidRules(f"{self.title} is played by 4, 6 or 8 players (two teams), not {n}")
        self.geo = Geo(n, rules)
        self.melds_: list[Any] = []
        decks = deck_count(rules, n)
        self.deck = tuple(make_deck(decks, decks * rules.jokers_per_deck))  # shared by copies
        self.st = State.empty(self.geo)
        self.turns = 0
        self._alias: dict[str, Move] = {}
        self.deal_no = 1
        stacked = self.next_stacked_deal()
        self.dealer = self.rng.randrange(n)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.rounds = rules.deal_mode == "rounds"
        self.sizes = round_sizes(rules) if self.rounds else (HAND,)
        self.round_no = 0
        """The round of the cycle being played (rounds dealing): an index into ``sizes``."""
        self.gifts: list[list[Card]] = [[] for _ in range(n)]
        """The card each seat has set aside for its partner in the exchange."""
        pool = list(self.deck)
        if stacked is None:
            self.rng.shuffle(pool)
            self.stock: list[Card] = pool
            self.discard: list[Card] = []
            self._deal_round()
        else:
            self._deal_stacked(stacked, pool)
            self._begin_round()
        if not self.rounds and rules.draw_timing == "before":
            self._draw(self.cur)

    def _deal_stacked(self, stacked: dict[str, Any], pool: list[Card]) -> None:
        n = self.n
        fixed, top, discard, _ = read_stacked(stacked, pool, n, self.title, other_keys=("marbles", "first"))
        for seat, cards in fixed.items():
            if len(cards) > self.sizes[0] + 1:
                raise InvalidRules(f"deal: hand {seat} has {len(cards)} cards; a hand holds {self.sizes[0]}")
        first = stacked.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise InvalidRules(f"deal: first must be a seat number from 0 to {n - 1}, not {first!r}")
        self.cur = first
        self.dealer = (first - 1) % n
        self._place_marbles(stacked.get("marbles") or {})
        self.rng.shuffle(pool)
        for s in range(n):
            self.hands[s] = fixed[s] if s in fixed else deal_hand(pool, self.sizes[0])
        self.stock = pool + top[::-1]
        self.discard = discard

    def _place_marbles(self, marbles: Any) -> None:
        g = self.geo
        if not isinstance(marbles, dict):
            raise InvalidRules('deal: marbles must map colour letters to places, as {"B": "10 20 C1"}')
        for letter, text in marbles.items():
            key = str(letter).upper()
            if key not in g.letters:
                raise InvalidRules(f"deal: no colour {letter!r} with {self.n} players (colours: {g.letters})")
            c = g.letters.index(key)
            places = str(text).upper().split()
            if len(places) > g.m:
                raise InvalidRules(f"deal: colour {key} has {g.m} marbles, not {len(places)}")
            for p in places:
                if p == "S":
                    continue
                if p.startswith("C") and p[1:].isdigit() and 1 <= int(p[1:]) <= g.m:
                    loc = CASTLE + int(p[1:])
                    if self.st.castle[c][int(p[1:])]:
                        raise InvalidRules(f"deal: {key}{p} is listed twice")
                elif p.isdigit() and int(p) < g.n:
                    loc = int(p)
                    if self.st.track[loc] >= 0:
                        raise InvalidRules(f"deal: hole {p} is listed twice")
                else:
                    raise InvalidRules(
                        f"deal: {p!r} is not a place for a marble (S, a hole 0-{g.n - 1}, or C1-C{g.m})"
                    )
                self.st.put(g, c, loc)
        if completed_team(g, self.st) is not None:
            raise InvalidRules("deal: a team already has every marble home")

    # ------------------------------------------------------------------ public
    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """Joker has no melds."""
        return ()

    @property
    def marbles(self) -> dict[str, tuple[str, ...]]:
        """Each colour letter's marbles as notation: 'S', a hole number, 'C2'."""
        g = self.geo
        return {g.letters[c]: self.st.locations(g, c) for c in range(g.p)}

    def controlled(self, seat: int) -> list[int]:
        """The colours ``seat`` moves now (its own, or its unfinished teammates')."""
        return controlled(self.geo, self.st, seat)

    def colour_name(self, c: int) -> str:
        """'blue', 'red', ..."""
        return COLOUR_NAMES[self.geo.letters[c]]

    # ------------------------------------------------------------------ turn
    def _draw(self, seat: int) -> None:
        if not self.stock and self.discard:
            self.stock = self.discard
            self.discard = []
            self.rng.shuffle(self.stock)
            self.log.append("The discard pile is shuffled into a new stock")
        if self.stock:
            self.hands[seat].append(self.stock.pop())

    def _deal_round(self) -> None:
        """Deal this round's hands from the stock (a new cycle of rounds gathers the whole pack
        first; a stock too short for the round takes the discard pile under it)."""
        n, size = self.n, self.sizes[self.round_no]
        if self.rounds and self.round_no == 0 and self.discard:
            self.stock.extend(self.discard)
            self.discard = []
            self.rng.shuffle(self.stock)
        elif len(self.stock) < size * n and self.discard:
            pile, self.discard = self.discard, []
            self.rng.shuffle(pile)
            self.stock = pile + self.stock
        for _ in range(size):
            for s in range(n):
                if self.stock:
                    self.hands[s].append(self.stock.pop())
        self.cur = (self.dealer + 1) % n
        self._begin_round()

    def _begin_round(self) -> None:
        self.seating = self.seating.with_dealer(self.dealer)
        dealt = self.does(self.dealer, "deals")
        if self.rounds:
            dealt += f" {self.sizes[self.round_no]} cards each"
        if self.rounds and self.rules.partner_exchange:
            self.phase_ = "exchange"
            self.log.append(
                f"{dealt}; each player gives a card to their partner, {self.does(self.cur, 'gives')} first"
            )
            return
        self.phase_ = "move"
        self.log.append(f"{dealt}; {self.does(self.cur, 'plays')} first")

    def partner(self, seat: int) -> int:
        """The teammate ``seat`` gives a card to in the exchange: the next one clockwise."""
        team = self.geo.team
        return next(o for k in range(1, self.n) if team[o := (seat + k) % self.n] == team[seat])

    def _give(self, card: Card) -> None:
        seat = self.cur
        hand = self.hands[seat]
        del hand[next(i for i, c in enumerate(hand) if c is card)]
        self.gifts[seat].append(card)
        self.log.append(f"{self.does(seat, 'sets')} a card aside for {self.players[self.partner(seat)]}")
        self.cur = (seat + 1) % self.n
        if self.cur == (self.dealer + 1) % self.n:
            for s in range(self.n):
                self.hands[self.partner(s)].extend(self.gifts[s])
                self.gifts[s].clear()
            self.phase_ = "move"
            self.log.append(f"The cards go to the partners; {self.does(self.cur, 'plays')} first")

    def _end_turn(self) -> None:
        seat = self.cur
        if self.rounds:
            self._next_in_round(seat)
            return
        if self.rules.draw_timing == "after":
            while len(self.hands[seat]) < HAND and (self.stock or self.discard):
                self._draw(seat)
        self.turns += 1
        cap = self.rules.turn_cap
        if cap and self.turns >= cap:
            self._stop_at_cap()
            return
        self.cur = (seat + 1) % self.n
        if self.rules.draw_timing == "before":
            self._draw(self.cur)

    def _next_in_round(self, seat: int) -> None:
        """Rounds dealing: the next seat clockwise that still holds cards, or a new deal."""
        self.turns += 1
        cap = self.rules.turn_cap
        if cap and self.turns >= cap:
            self._stop_at_cap()
            return
        n = self.n
        for k in range(1, n + 1):
            if self.hands[(seat + k) % n]:
                self.cur = (seat + k) % n
                return
        self.round_no = (self.round_no + 1) % len(self.sizes)
        self.dealer = (self.dealer + 1) % n
        self._deal_round()

    def _stop_at_cap(self) -> None:
        g = self.geo
        home = [sum(self.st.home(c) for c in range(g.p) if g.team[c] == t) for t in range(g.teams)]
        best = max(home)
        tops = [t for t in range(g.teams) if home[t] == best]
        if len(tops) == 1:
            winners = tuple(s for s in range(self.n) if g.team[s] == tops[0])
            who = self._names(winners)
            reason = f"the turn limit ({self.rules.turn_cap}) is reached; {who} have more marbles home"
        else:
            winners = ()
            reason = f"the turn limit ({self.rules.turn_cap}) is reached with equal marbles home: a draw"
        self._finish(winners, reason)

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        row = tuple(1 if s in winners else 0 for s in range(self.n))
        self.rows.append(row)
        for s in range(self.n):
            self.total[s] += row[s]
        self.phase_ = "match-over"
        self.result = reason[0].upper() + reason[1:] + "."
        self._outcome = Outcome(winners, reason, tuple(self.total))
        self.log.append(self.result)

    def _is_you(self, seat: int) -> bool:
        return self.players[seat].casefold() == "you"

    def whose(self, seat: int, first: bool = False) -> str:
        """``seat``'s possessive for the log and status: "Ann's", but "your" ("Your" as the
        ``first`` word) for a player named You."""
        return possessive(self.players[seat], first)

    def _names(self, seats: Sequence[int]) -> str:
        return " and ".join(self.players[s] for s in seats)

    # ------------------------------------------------------------------ moves
    def plays(self) -> tuple[list[int], dict[int, list[Cand]]]:
        """The card plays of the seat to act, by card rank (before listing)."""
        g, st, seat = self.geo, self.st, self.cur
        ctrl = controlled(g, st, seat)
        by_rank = self._plays_for(ctrl)
        if self.rules.team_fallback_when_stuck and not any(by_rank.values()):
            by_rank = self._plays_for([o for o in g.teammates(seat) if not finished(g, st, o)])
        return ctrl, by_rank

    def _plays_for(self, ctrl: list[int]) -> dict[int, list[Cand]]:
        # ranks with the same actions (J, Q, K in the family table) share one listing, and an
        # action on several ranks (the 10's and the faces' 10 forward) one generation
        g, st, seat = self.geo, self.st, self.cur
        ids_of, action_list = g.rank_action_ids, g.action_list
        by_ids: dict[tuple[int, ...], list[Cand]] = {}
        by_act: dict[int, list[Cand]] = {}
        out: dict[int, list[Cand]] = {}
        for card in self.hands[seat]:
            r = card.rank
            if r in out:
                continue
            ids = ids_of[r]
            cands = by_ids.get(ids)
            if cands is None:
                lists = []
                for i in ids:
                    plays = by_act.get(i)
                    if plays is None:
                        plays = by_act[i] = action_plays(g, st, seat, ctrl, *action_list[i])
                    lists.append(plays)
                cands = by_ids[ids] = lists[0] if len(lists) == 1 else list(chain.from_iterable(lists))
            out[r] = cands
        return out

    def _listing(self, cands: list[Cand]) -> tuple[list[Cand], list[tuple[tuple[Step, ...], int]]]:
        """One rank's plays, one per resulting position, and the split orders left out as
        (steps, index of the listed play with the same result)."""
        listed: list[Cand] = []
        twins: list[tuple[tuple[Step, ...], int]] = []
        results: dict[tuple[object, ...], int] = {}
        # the steps stand for their text (a step's text is a function of its fields: the count
        # moved follows from the holes), so no text is made to tell two plays apart
        singles: set[tuple[Step, ...]] = set()
        for cand in cands:
            steps = cand.steps
            if len(steps) == 2:
                s1, s2 = steps
                if s1.bumps or s2.bumps:
                    res: tuple[object, ...] = result_key(self.st, steps)
                else:
                    # without bumps the result is the two marbles' moves, whatever the order
                    a, b = s1[1:4], s2[1:4]
                    res = (a, b) if a < b else (b, a)
                # (a play listed twice, a card with two ways to it, has one result: a twin)
                twin = results.get(res)
                if twin is not None:
                    twins.append((steps, twin))
                    continue
                results[res] = len(listed)
            elif steps in singles:
                continue  # a card with two ways to the same play (a split won in part 1)
            else:
                singles.add(steps)
            listed.append(cand)
        return listed, twins

    def _generate(self) -> list[Move] | MoveRange:
        self._twins = []  # (the alias table reads them by index into this listing)
        if self._outcome is not None:
            return []
        if self.phase_ == "exchange":
            return [Move("give", (c,), payload=Give(c)) for c in self._distinct(self.hands[self.cur])]
        _, by_rank = self.plays()
        geo = self.geo
        # a card without a split lists each step once already (its actions differ in kind or
        # in the holes reached), so only a split card's plays need telling apart
        split = geo.split_ranks
        listings = {r: self._listing(cands) if r in split else (cands, []) for r, cands in by_rank.items()}
        cards: list[Card] = []
        cands: list[Cand] = []
        twins: list[tuple[Card, tuple[Step, ...], int]] = []
        seen_names: set[str] = set()
        only_jokers = True
        for card in self.hands[self.cur]:
            name = card.name
            if name in seen_names:
                continue
            seen_names.add(name)
            listed, left_out = listings[card.rank]
            if not listed:
                continue
            if left_out:
                first = len(cands)
                twins.extend([(card, steps, first + i) for steps, i in left_out])
            cards += [card] * len(listed)
            cands += listed
            if only_jokers and not card.is_joker:
                only_jokers = False
        self._twins = twins
        self._alias = {}
        built: list[Move | None] = [None] * len(cands)

        def build(i: int) -> Move:
            # a play's move is made when first read (a playout reads one of the dozens listed)
            move = built[i]
            if move is None:
                card = cards[i]
                move = built[i] = PlayMove(card, _tuple(Play, (card, *cands[i])), geo)
            return move

        if cands and not (only_jokers and self.rules.joker_exempt_from_must_move):
            return MoveRange(len(cands), build)
        out: list[Move] = [build(i) for i in range(len(cands))]
        hand = self.hands[self.cur]
        if self._folds():
            out.append(Move("pass", tuple(hand), payload=Pass(hand[0])))
        else:
            out.extend(Move("pass", (c,), payload=Pass(c)) for c in self._distinct(hand))
        return out

    @staticmethod
    def _distinct(hand: list[Card]) -> list[Card]:
        """One card of each name, in hand order."""
        first: dict[str, Card] = {}
        for c in hand:
            first.setdefault(c.name, c)
        return list(first.values())

    def _folds(self) -> bool:
        """A stuck player throws in the whole hand (Tock, Dog), not one card."""
        return self.rounds and self.rules.no_move == "discard_hand"

    @property
    def alias(self) -> dict[str, Move]:
        """Each legal play's text without bumps (``5C:B10>15``), in capitals, and the listed
        move it means; a split in the other order with the same result means the listed one."""
        moves = self.legal_moves()
        if not self._alias and moves:
            g = self.geo
            alias = {}
            for m in moves:
                if m.kind == BOARD_VERB:
                    alias[f"{m.cards[0].name}:" + ",".join(s.core(g) for s in m.payload.steps)] = m
            for card, steps, i in self._twins:
                alias.setdefault(f"{card.name}:" + ",".join(s.core(g) for s in steps), moves[i])
            self._alias = alias
        return self._alias

    def _apply(self, move: Move) -> None:
        seat = self.cur
        p = move.payload
        if isinstance(p, Give):
            self._give(p.card)
            return
        hand = self.hands[seat]
        card = p.card
        if isinstance(p, Pass) and len(move.cards) > 1:
            self.discard.extend(hand)
            names = " ".join(c.name for c in hand)
            self.log.append(f"{self.does(seat, 'cannot move and discards')} the whole hand ({names})")
            hand.clear()
            self._end_turn()
            return
        for i, c in enumerate(hand):
            if c is card:  # (the card itself: another of its name may be in the hand)
                del hand[i]
                break
        self.discard.append(card)
        if isinstance(p, Pass):
            self.log.append(f"{self.does(seat, 'cannot move and discards')} {card.name}")
            self._end_turn()
            return
        self.log.append(f"{self.does(seat, 'plays')} {card.name}: {move_words(self, p.steps, bumps=False)}")
        for s in p.steps:
            apply_step(self.st, s)
            for o, dest in s.bumps:
                word = rank_word(card.rank) if not card.is_joker else "joker"
                where = "back to its start" if dest == START else f"to hole {dest}"
                marble = f"{self.whose(o)} {self.colour_name(o)} marble"
                self.log.append(f"{self.whose(seat, True)} {word} sends {marble} {where}")
        # only a marble turning into its castle can complete a team (no move takes one out)
        steps = p.steps  # (one or two)
        into = steps[0].to >= CASTLE or steps[-1].to >= CASTLE
        team = completed_team(self.geo, self.st) if into else None
        if team is not None:
            winners = tuple(s for s in range(self.n) if self.geo.team[s] == team)
            self._finish(winners, f"{self._names(winners)} have every marble home and win")
            return
        self._end_turn()

    # ------------------------------------------------------------------ notation
    def parse_move(self, text: str) -> Move:
        """Read a move: the record notation (``5C:B10>15``, ``pass 9D``) or a short form
        (``5 B10``, ``7 B10+3 B30+4``, ``JK B10 R40``, ``out``), which is expanded to the one
        legal move it means (an ambiguous one is refused, naming the candidates)."""
        if not isinstance(text, str):
            raise InvalidNotation(f"a move is text, not {type(text).__name__}")
        stripped = text.strip()
        head = stripped.split(None, 1)[0].lower() if stripped else ""
        if not re.fullmatch(r"(out|jk|a|j|q|k|\d+)(:\d+\+\d+)?", head):
            return engine_parse(text)
        return expand_short(self, stripped)

    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if move.flags or move.target is not None or move.groups:
            raise IllegalMove("Joker moves are 'CARD:STEPS' (as in '5C:B10>15') or 'pass CARD'", str(move))
        if self.phase_ == "exchange" or kind == "give":
            if kind != "give" or len(move.cards) != 1 or move.word:
                raise IllegalMove(
                    "in the exchange each player gives one card to their partner: write 'give CARD', as in "
                    "'give 5H'; cards are played once every player has given one"
                    if self.phase_ == "exchange"
                    else "'give' is for the partner exchange after a deal; now play a card as 'CARD:STEPS'",
                    str(move),
                )
            return Move("give", move.cards)
        if kind == "pass":
            if self._folds():
                if move.word or sorted(c.name for c in move.cards) != sorted(
                    c.name for c in self.hand(self.cur)
                ):
                    raise IllegalMove(
                        "with no move you discard the whole hand: 'pass' with every card you hold", str(move)
                    )
                return Move("pass", move.cards)
            if len(move.cards) != 1 or move.word:
                raise IllegalMove("'pass' names the one card you discard, as in 'pass 9D'", str(move))
            return Move("pass", move.cards)
        if kind == BOARD_VERB:
            if len(move.cards) != 1 or not move.word:
                raise IllegalMove(
                    "write a card and its steps, as in '5C:B10>15' or '7D:B10>13,B30>34'", str(move)
                )
            # the listed text itself (a record being replayed, a move read back) is found by key,
            # without building the table of every other way of writing the moves
            exact = self._legal_by_key().get(Move(BOARD_VERB, move.cards, word=move.word).key)
            if exact is not None:
                return exact
            check_body(self, move.word)
            key = f"{move.cards[0].name}:{strip_bumps(move.word)}"
            listed = self.alias.get(key)
            if listed is not None:
                return listed
            return Move(BOARD_VERB, move.cards, word=" ".join(move.word.upper().split()))
        raise IllegalMove(
            f"'{kind}' is not a Joker move: play a card as 'CARD:STEPS' (as in '5C:B10>15'), or 'pass CARD' "
            "when no move is possible",
            str(move),
        )

    # ------------------------------------------------------------------ views
    def _status(self, viewer: int | None) -> str:
        if self._outcome is not None:
            return self.result
        seat = self.cur
        name = self.players[seat]
        if self.phase_ == "exchange":
            return f"{name} to give a card to {self.players[self.partner(seat)]} (the partner exchange)"
        ctrl = controlled(self.geo, self.st, seat)
        whose = " and ".join(f"{self.whose(c)} {self.colour_name(c)}" for c in ctrl)
        moves = self.legal_moves() if viewer == seat else ()
        if moves and moves[0].kind == "pass":
            verb = "have" if self._is_you(seat) else "has"
            what = "the whole hand" if self._folds() else "a card"
            return f"{name} {verb} no move: discard {what} (pass)"
        if ctrl != [seat]:
            return f"{self.whose(seat, True)} marbles are home: play a card to move {whose} marbles"
        return f"{name} to play a card and move a {self.colour_name(seat)} marble"

    def _view(self, seat: int | None) -> PlayerView:
        g = self.geo
        seats = []
        for s in range(self.n):
            badges = [f"{self.colour_name(s)} ({g.letters[s]})", f"{self.st.home(s)}/{g.m} home"]
            if finished(g, self.st, s):
                badges.append("finished")
                mates = [o for o in g.teammates(s) if not finished(g, self.st, o)]
                if mates:
                    badges.append(
                        "moves " + ", ".join(f"{self.whose(o)} {self.colour_name(o)}" for o in mates)
                    )
            seats.append(self.seat_view(s, badges))
        mine = seat is not None and seat == self.to_act
        facts = {
            "turn": str(self.turns + 1),
            "teams": " v ".join(
                "+".join(self.players[s] for s in range(self.n) if g.team[s] == t) for t in range(g.teams)
            ),
        }
        if self.rounds:
            facts["round"] = f"{self.round_no + 1} of {len(self.sizes)} ({self.sizes[self.round_no]} cards)"
        return self.table_view(
            seat,
            seats=tuple(seats),
            stock_count=len(self.stock),
            discard_top=self.discard[-1].name if self.discard else None,
            discard_count=len(self.discard),
            board=board_view(self, self.legal_moves() if mine else ()),
            status=self._status(seat),
            facts=facts,
            result=self.result,
        )

    def zones(self) -> tuple[Zone, ...]:
        """The hands, the face-down stock and the face-up discard pile."""
        hands = [Zone(f"hand {s}", h, Visibility.OWNER, s, False) for s, h in enumerate(self.hands)]
        gifts = [Zone(f"gift {s}", g, Visibility.OWNER, s, False) for s, g in enumerate(self.gifts)]
        return (
            *hands,
            *gifts,
            Zone("stock", self.stock, Visibility.HIDDEN),
            Zone("discard", self.discard, Visibility.PUBLIC),
        )

    def copy(self) -> JokerMarbles:
        new = super().copy()
        new.st = self.st.copy()
        return new

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (*self._turn_state(), self.turns, self.round_no, self.st.key(), *self._match_state())
