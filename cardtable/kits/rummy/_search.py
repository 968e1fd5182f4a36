"""The meld solver's memoised search over a prepared hand (:class:`_Search`), and the
building of its choices into melds (:func:`_build`). How the search works and why it is
exact: :mod:`cardtable.kits.rummy.arrange`."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardtable.engine.cards import ALL_SUITS, JOKER_RANK, SUITS, Card, card_of

from ._hand import _Hand, _sig_info, _take
from .melds import RUN, SET, Meld, MeldRules, rank_at


@lru_cache(maxsize=64)
def _guard(count: int, width: int) -> int:
    """The guard bit of every field: taking a meld must leave them all set."""
    return sum(1 << (f * width + width - 1) for f in range(count))


@lru_cache(maxsize=256)
def _ok_bits(caps: tuple[int, int, int], nr: int, npure: int, nlong: int) -> int:
    """The counter states (bit ``r * mp + p``, as in :meth:`_Search.solve`) from which
    ``nr`` more runs, ``npure`` of them pure and ``nlong`` long, can still meet ``caps``."""
    rcap, pure_cap, lcap = caps
    ml = lcap + 1
    mp = pure_cap * ml + lcap + 1
    return sum(
        1 << (r * mp + p)
        for r in range(rcap + 1)
        for p in range(mp)
        if nr >= rcap - r and npure >= pure_cap - p // ml and nlong >= lcap - p % ml
    )


_TRANS: dict[tuple[int, int, int, int], tuple[dict[int, int], dict[int, int]]] = {}
"""Per (tokens, runs, pure runs, long runs) caps: the search's meld transitions on ``aux``
(``aux << 10 | signature id``) and its token transitions, kept across hands."""
_TRANS_MAX = 1 << 18
"""Transitions kept per caps before the table is started again (a bound on memory)."""


class _Search:
    """The memoised search over one prepared hand (costs are plain ints).

    The state is the packed class counts ``s`` plus one small int ``aux`` holding the
    tokens owed ``t`` (negative: wild-rank cards already given as tokens), the tokens
    that may still be absorbed ``u``, the runs and pure runs so far (capped at the need)
    and the discard flag; meld transitions on ``aux`` are cached per meld signature.
    """

    __slots__ = (
        "_tables",
        "big",
        "caps",
        "dead",
        "disc",
        "floor",
        "hand",
        "inf",
        "jdead",
        "jdisc",
        "tok_cost",
        "ucap",
    )

    def __init__(
        self,
        hand: _Hand,
        dead: list[int],
        disc: list[int | None],
        jdead: list[int],
        jdisc: list[int | None],
        caps: tuple[int, int, int],
        *,
        inf: int,
        big: int = 0,
        tok_cost: int = 0,
        floor: int | None = None,
    ) -> None:
        if floor is None:
            floor = -inf
        self.hand = hand
        self.dead = dead
        self.disc = disc
        self.jdead = jdead
        self.jdisc = jdisc
        self.caps = caps
        self.tok_cost = tok_cost
        self.inf = inf
        self.big = big
        """Cost added to a split that misses the need (0: such splits are impossible)."""
        self.floor = floor
        """No cost is below this (0 when every cost is >= 0): reaching it ends a state's search."""
        self.ucap = hand.tokens
        self._tables: tuple[list[tuple[int, int, list[int]]], list[tuple[int, int, list[int]]]] | None = None

    def settle(self, t: int, u: int, d: int) -> tuple[int, int, int]:
        """Settle the printed jokers: ``(cost, jokers used, joker discarded or -1)`` when
        ``t`` tokens are still owed and up to ``t + u`` may be absorbed."""
        best = (self.inf, 0, -1)
        tables = self._tables if self._tables is not None else self._make_tables()
        for q, base, tail in tables[d]:
            lo_k, hi_k = max(t, 0), min(t + u, len(tail) - 1)
            for k in range(lo_k, hi_k + 1):
                cost = base + tail[k]
                if cost < best[0]:
                    best = (cost, k, q)
        return best

    def _make_tables(self) -> tuple[list[tuple[int, int, list[int]]], list[tuple[int, int, list[int]]]]:
        """Per discard choice (none, or each distinct joker that may be thrown): its cost and
        the cost of the jokers kept when the first k of the rest (costliest first) are used."""
        jdead, jdisc = self.jdead, self.jdisc
        order = sorted(range(len(jdead)), key=lambda j: -jdead[j])

        def tail(rest: list[int]) -> list[int]:
            out = [0] * (len(rest) + 1)
            for k in range(len(rest) - 1, -1, -1):
                out[k] = out[k + 1] + jdead[rest[k]]
            return out

        keep = [(-1, 0, tail(order))]
        throw: list[tuple[int, int, list[int]]] = []
        seen: set[tuple[int, int]] = set()
        for q in order:
            dq = jdisc[q]
            if dq is None or (jdead[q], dq) in seen:
                continue
            seen.add((jdead[q], dq))
            throw.append((q, dq, tail([j for j in order if j != q])))
        self._tables = (keep, throw)
        return self._tables

    def solve(self, d0: int) -> tuple[int, list[tuple[Any, ...]], tuple[int, int, int]]:
        """The least cost, the choices that reach it, and the joker settlement."""
        h = self.hand
        inf, big = self.inf, self.big
        floor = self.floor
        ucap = self.ucap
        rcap, pure_cap, lcap = self.caps
        # ``p`` packs the pure runs and the long runs so far: pure * (lcap + 1) + long
        ml = lcap + 1
        pcap = pure_cap * ml + lcap
        mu, mr, mp = ucap + 1, rcap + 1, pcap + 1
        tdiv = mp * mr * mu  # aux >> 1 = ((t + ucap) * mu + u) * mr * mp + r * mp + p

        def decode(aux: int) -> tuple[int, int, int, int, int]:
            x = aux >> 1
            p = x % mp
            x //= mp
            r = x % mr
            x //= mr
            return x // mu - ucap, x % mu, r, p, aux & 1

        def encode(t: int, u: int, r: int, p: int, d: int) -> int:
            return ((((t + ucap) * mu + u) * mr + r) * mp + p) * 2 + d

        def move(aux: int, sid: int) -> int:
            a, b, dr, dp, dl = _sig_info(sid)
            t, u, r, p, d = decode(aux)
            t += a
            if t > ucap:
                return -1
            # absorbing beyond ``ucap`` tokens in all is never needed: cap t + u there
            u = min(u + b - a, ucap - t if t > 0 else ucap)
            p = min(p // ml + dp, pure_cap) * ml + min(p % ml + dl, lcap)
            return encode(t, u, min(r + dr, rcap), p, d)

        aux_bits = (encode(ucap, ucap, rcap, pcap, 1)).bit_length()
        by_low = h.by_low
        # the state transitions depend only on the counters' sizes: shared by every hand
        shared = _TRANS.get((ucap, rcap, pure_cap, lcap))
        if shared is None or len(shared[0]) > _TRANS_MAX:
            shared = _TRANS[ucap, rcap, pure_cap, lcap] = ({}, {})
        trans, tok_tr = shared
        trans_get = trans.get
        dead, disc = self.dead, self.disc
        width = h.width
        wbase = h.wbase
        guard = _guard(len(h.copies), width)
        tok_cost = self.tok_cost
        jokers = len(h.jokers)
        wshift = wbase * width
        fmask = (1 << width) - 1
        wfields = range(len(h.copies) - wbase)
        wcount: dict[int, int] = {}
        fin: dict[int, int] = {}
        memo: dict[int, int] = {}

        def final(aux: int) -> int:
            t, u, r, p, d = decode(aux)
            cost = self.settle(t, u, d)[0]
            if r < rcap or p != pcap:
                cost = cost + big if big else inf
            return min(cost, inf)

        memo_get = memo.get
        # A state whose classes left cannot hold the runs still needed costs ``big`` more
        # than floor at least: once a cheaper option is known it is not searched. ok[c]
        # has bit (r * mp + p) set when, counting only the runs whose lowest class is c or
        # later (one per copy), the counters r and p can still reach their caps.
        rpm = mr * mp
        lbig = floor + big if big else inf
        needy = bool(big and (rcap or pure_cap or lcap))  # else nothing ever goes ``later``
        ok = [(1 << rpm) - 1] * (len(h.copies) + 1)
        if big and (rcap or pure_cap or lcap):
            nr = npure = nlong = 0
            bits = _ok_bits(self.caps, 0, 0, 0)
            for c in range(len(h.copies) - 1, -1, -1):
                row = by_low[c]
                if row:
                    # (a meld's counts sit in its search meld too: (..., run, pure, spec))
                    run = pure = long = 0
                    for m in row:
                        run |= m[4][3]
                        pure |= m[4][4]
                        if lcap:
                            long |= _sig_info(m[1])[4]
                    if run or pure or long:
                        k = len(h.copies[c])
                        nr += k if run else 0
                        npure += k if pure else 0
                        nlong += k if long else 0
                        bits = _ok_bits(self.caps, min(nr, rcap), min(npure, pure_cap), min(nlong, lcap))
                ok[c] = bits

        # the pure runs' natural parts: a state owing a pure run needs one of them whole
        pures = [m[0] for row in by_low for m in row if m[4][4]]
        pure_none: dict[int, bool] = {}
        owe_pure = pure_cap * ml if big else 0  # p below this: a pure run is still owed

        def no_pure(s: int) -> bool:
            """Whether ``s`` holds no pure run's natural part whole."""
            got = pure_none.get(s)
            if got is None:
                sg = s | guard
                got = True
                for m in pures:
                    if (sg - m) & guard == guard:
                        got = False
                        break
                pure_none[s] = got
            return got

        # With the discard still to make, leaving a natural card c as deadwood is never
        # better than throwing it when it is worth at least as much as any card that could
        # be thrown later: throwing c instead and keeping that card as deadwood costs no
        # more (less penalty or the same, and a throw worth as much; the tie-breaks agree).
        jd = self.jdead
        top_later = max([jd[q] for q in range(len(jd)) if self.jdisc[q] is not None], default=-inf)
        keep_dead = [True] * len(dead)
        for c in range(len(dead) - 1, -1, -1):
            if d0 and disc[c] is not None:
                top_later = max(top_later, dead[c])
                keep_dead[c] = c >= wbase or dead[c] < top_later

        # Branch and bound: f(s, aux, lim) is exact when below ``lim``; otherwise it is a
        # lower bound, ``lim`` or more (kept in ``lbs``: a later call with a higher limit
        # searches the state again). An option whose own cost plus ``floor`` reaches the
        # least cost found so far (or ``lim``) is not searched.
        lbs: dict[int, int] = {}
        lbs_get = lbs.get
        dkey = 2 * (mu - 1) * rpm  # key(t - 1, u + 1) = key(t, u) - dkey
        # (looked up on every state searched, it cuts 11-25 % of them with 4 wild cards or
        # more, 1-7 % with fewer: there it costs more than it saves (measured))
        dom = ucap >= 4

        # A lower bound (when no cost is negative): with ``k`` tokens free, a plain class in
        # no meld of the hand owing ``k`` wilds or fewer is dead in every split (bar the one
        # discard). zml[k] holds those classes' fields; zlb caches the bound per part. Used
        # with a discard to make only: there it cuts enough states to pay for itself (the
        # throw doubles them), without one it cost more than it saved (measured).
        zml = [0] * (ucap + 1)  # by tokens free (at most all the hand's wild cards)
        if floor == 0 and d0 and h.cover is not None:
            plain_ones = (guard >> (width - 1)) & ((1 << wshift) - 1)
            held = 0
            for k, part in enumerate(h.cover[: ucap + 1]):
                held |= part
                y = held
                for b in range(1, width):
                    y |= held >> b
                zml[k] = (plain_ones & ~y) * fmask
        zlb: dict[int, tuple[int, int]] = {}
        zlb_get = zlb.get

        def zbound(z: int) -> tuple[int, int]:
            """The least cost of the dead classes ``z``: all dead, or one of them thrown."""
            tot = gain = 0
            m = z
            while m:
                f0 = ((m & -m).bit_length() - 1) // width
                dc = dead[f0]
                tot += (z >> (f0 * width) & fmask) * dc
                dd = disc[f0]
                if dd is not None and dc - dd > gain:
                    gain = dc - dd
                m &= ~(fmask << (f0 * width))
            got = zlb[z] = (tot, tot - gain)
            return got

        def f(s: int, aux: int, lim: int) -> int:
            if not s:
                v = fin.get(aux)
                if v is None:
                    v = fin[aux] = final(aux)
                return v
            if lim <= floor:
                return floor
            key = s << aux_bits | aux
            v = memo_get(key)
            if v is not None:
                return v
            low = lbs_get(key)
            if low is not None and low >= lim:
                return low
            # tokens still free: the wild cards left (jokers and wild-rank cards) less those owed
            wp = s >> wshift
            have = wcount.get(wp)
            if have is None:
                have = wcount[wp] = sum(wp >> (k * width) & fmask for k in wfields)
            room = jokers + have + ucap - (aux >> 1) // tdiv
            if room < 0:
                memo[key] = inf
                return inf
            # the same classes owing one token fewer with one more free to absorb can make
            # every split this state can (the jokers' range only widens): its value or lower
            # bound is one of this state's too (the first searched often owe the fewest)
            tu = (aux >> 1) // rpm if dom else 0
            if tu % mu < ucap and tu >= mu:
                v = memo_get(key - dkey)
                if v is None:
                    v = lbs_get(key - dkey)
                if v is not None and v >= lim:
                    return v
            z = zml[room] & s
            if z:
                zb = zlb_get(z) or zbound(z)
                if zb[aux & 1] >= lim:
                    return zb[aux & 1]
            c = ((s & -s).bit_length() - 1) // width
            s1 = s - (1 << (c * width))
            # ``cut``: the least exact cost found (below ``lim``), else ``lim``; ``low``: the
            # least lower bound of the options cut short (each is ``cut`` or more)
            cut = lim
            low = inf
            # options whose child cannot meet the need: searched last, and only while nothing
            # found costs less than they surely do (``lbig`` more than their own cost)
            later: list[tuple[int, int, int]] = []
            # melds first: when one reaches the floor (no cost can be lower) the rest is skipped
            sg = s | guard
            ak = aux << 10
            for n_mask, sid, a, wt, _cand in by_low[c]:
                if a > room:
                    break  # sorted by least wilds: none further can be paid
                rest = sg - n_mask
                if rest & guard != guard:
                    continue
                a2 = trans_get(ak | sid)
                if a2 is None:
                    a2 = trans[ak | sid] = move(aux, sid)
                if a2 >= 0:
                    rest ^= guard
                    # (child values are looked up here first: many are already known)
                    v = memo_get(rest << aux_bits | a2) if rest else None
                    if v is None:
                        if needy and rest:
                            x = (a2 >> 1) % rpm
                            if not ok[((rest & -rest).bit_length() - 1) // width] >> x & 1 or (
                                x % mp < owe_pure and no_pure(rest)
                            ):
                                later.append((rest, a2, wt))
                                continue
                        v = f(rest, a2, cut - wt)
                    v += wt
                    if v < cut:
                        cut = v
                        if v <= floor:
                            memo[key] = v
                            return v
                    elif v < low:
                        low = v
            # the options that keep the counters (token, discard, deadwood) go to ``later``
            # together when what is left after them cannot meet the need
            late = False
            if needy and s1:
                x = (aux >> 1) % rpm
                late = not ok[((s1 & -s1).bit_length() - 1) // width] >> x & 1 or (
                    x % mp < owe_pure and no_pure(s1)
                )
            if c >= wbase:
                a2 = tok_tr.get(aux)
                if a2 is None:
                    t, u, r, p, d = decode(aux)
                    a2 = tok_tr[aux] = encode(t - 1, u, r, p, d) if t > -ucap else -1
                if a2 >= 0:
                    if late:
                        later.append((s1, a2, tok_cost))
                    else:
                        v = tok_cost + floor  # (an option surely costing ``cut`` or more is not searched)
                        if v < cut:
                            v = memo_get(s1 << aux_bits | a2)
                            v = (f(s1, a2, cut - tok_cost) if v is None else v) + tok_cost
                        if v < cut:
                            cut = v
                        elif v < low:
                            low = v
            k1 = s1 << aux_bits | aux
            if aux & 1:
                dc = disc[c]
                if dc is not None:
                    if late:
                        later.append((s1, aux ^ 1, dc))
                    else:
                        v = dc + floor
                        if v < cut:
                            v = memo_get(k1 ^ 1)
                            v = (f(s1, aux ^ 1, cut - dc) if v is None else v) + dc
                        if v < cut:
                            cut = v
                        elif v < low:
                            low = v
            if not (aux & 1 and not keep_dead[c]):
                dc = dead[c]
                if late:
                    later.append((s1, aux, dc))
                else:
                    v = dc + floor
                    if v < cut:
                        v = memo_get(k1)
                        v = (f(s1, aux, cut - dc) if v is None else v) + dc
                    if v < cut:
                        cut = v
                    elif v < low:
                        low = v
            for rest, a2, wt in later:
                # (one surely costing ``cut`` or more is not searched)
                v = wt + lbig if wt + lbig >= cut else f(rest, a2, cut - wt) + wt
                if v < cut:
                    cut = v
                elif v < low:
                    low = v
            if cut < lim:
                memo[key] = cut
                return cut
            lbs[key] = low
            return low

        starts = [(0, 0)]
        if h.all_wild is not None:
            a, b = h.all_wild
            starts += [(g * a, g * (b - a)) for g in range(1, ucap // a + 1)]
        best = inf
        pick = 0
        for g, (t0, u0) in enumerate(starts):
            cost = f(h.start, encode(t0, min(u0, ucap), 0, 0, d0), best)
            if cost < best:
                best, pick = cost, g
                if cost <= floor:
                    break
        choices: list[tuple[Any, ...]] = [("allwild", pick)] if pick else []
        if best >= inf:
            return best, choices, (0, 0, -1)
        # walk the optimum down again, taking the first option that reaches each value (a
        # child's cost below ``target - wt + 1`` is exact, and none is below ``target - wt``)
        s = h.start
        aux = encode(starts[pick][0], min(starts[pick][1], ucap), 0, 0, d0)
        target = best
        while s:
            c = ((s & -s).bit_length() - 1) // width
            s1 = s - (1 << (c * width))
            for n_mask, sid, _a, wt, cand in by_low[c]:
                rest = (s | guard) - n_mask
                a2 = trans.get(aux << 10 | sid, -1)
                if rest & guard != guard or a2 < 0:
                    continue
                if f(rest ^ guard, a2, target - wt + 1) + wt == target:
                    choices.append(("meld", cand))
                    s, aux, target = rest ^ guard, a2, target - wt
                    break
            else:
                dc = disc[c]
                a2 = tok_tr.get(aux, -1)
                if c >= wbase and a2 >= 0 and f(s1, a2, target - tok_cost + 1) + tok_cost == target:
                    choices.append(("tok", c))
                    s, aux, target = s1, a2, target - tok_cost
                elif aux & 1 and dc is not None and f(s1, aux ^ 1, target - dc + 1) + dc == target:
                    choices.append(("disc", c))
                    s, aux, target = s1, aux ^ 1, target - dc
                elif f(s1, aux, target - dead[c] + 1) + dead[c] == target:
                    choices.append(("dead", c))
                    s, target = s1, target - dead[c]
                else:
                    raise AssertionError("the optimum could not be walked again")
        t, u, _r, _p, d = decode(aux)
        return best, choices, self.settle(t, u, d)


# ---------------------------------------------------------------------------- building


def _build(
    hand: _Hand,
    choices: list[tuple[Any, ...]],
    settle: tuple[int, int, int],
) -> tuple[list[Meld], list[int], int]:
    """Turn the search's choices into melds; returns (melds, deadwood indices, discard index)."""
    rules = hand.rules
    pools = [list(x) for x in hand.copies]
    tokens: list[int] = []
    dead: list[int] = []
    discard = -1
    melds: list[tuple[Any, ...]] = []
    allwild = 0
    for choice in choices:
        kind = choice[0]
        if kind == "allwild":
            allwild = choice[1]
        elif kind == "meld":
            melds.append(choice[1])
        else:
            c = choice[1]
            if kind == "disc":
                discard = pools[c].pop(-1)
            else:
                i = pools[c].pop(0)
                (dead if kind == "dead" else tokens).append(i)
    _cost, used, jq = settle
    jokers = hand.jokers
    if jq >= 0:
        discard = jokers[jq]
    order = sorted(range(len(jokers)), key=lambda j: -hand.vals[jokers[j]])
    rest = [j for j in order if j != jq]
    tokens += [jokers[j] for j in rest[:used]]
    dead += [jokers[j] for j in rest[used:]]
    # every meld takes its least wilds, then the spare tokens go to the first that has room
    wants = [m[1] for m in melds]
    all_wild = hand.all_wild
    groups_aw = [all_wild[0]] * allwild if all_wild else []
    spare = len(tokens) - sum(wants) - sum(groups_aw)
    for k, m in enumerate(melds):
        extra = min(spare, m[2] - m[1])
        wants[k] += extra
        spare -= extra
    for k in range(len(groups_aw)):
        assert all_wild is not None
        extra = min(spare, all_wild[1] - all_wild[0])
        groups_aw[k] += extra
        spare -= extra
    cards = hand.cards
    out: list[Meld] = []
    tok_iter = iter(tokens)
    for m, w in zip(melds, wants, strict=True):
        out.append(_make_meld(hand, pools, m[5], [cards[next(tok_iter)] for _ in range(w)]))
    for size in groups_aw:
        out.append(_make_all_wild([cards[next(tok_iter)] for _ in range(size)], rules))
    return out, dead, discard


_REPS: dict[int, Card] = {}


def _rep(rank: int, si: int) -> Card:
    """The card a meld's place stands for (rank, suit index): made once, as a Card is
    costly to make and never changes."""
    rep = _REPS.get(rank * 5 + si)
    if rep is None:
        rep = _REPS[rank * 5 + si] = card_of(rank, ALL_SUITS[si])
    return rep


def _make_meld(hand: _Hand, pools: list[list[int]], spec: tuple[Any, ...], wild_cards: list[Card]) -> Meld:
    """The meld of ``spec`` with ``wild_cards``, its natural cards taken from ``pools``.

    A run, ``(RUN, suit index, places[, first place])``: the naturals at ``places`` with the
    wild cards in the gaps, then above (then below) it, or from the first place given. A
    set, ``(SET, rank, copies per suit)``: the wild cards stand for the suits missing first.
    """
    if spec[0] == RUN:
        rules = hand.rules
        si, places = spec[1], spec[2]
        lo, hi = places[0], places[-1]
        have = set(places)
        gaps = [p for p in range(lo, hi + 1) if p not in have]
        extra = len(wild_cards) - len(gaps)
        if len(spec) > 3:
            down = lo - spec[3]
            up = extra - down
        else:
            up_room = rules.hi_max - hi
            down_room = lo - rules.lo_min
            if rules.run_wilds_apart:
                up_room, down_room = min(up_room, 1), min(down_room, 1)
            up = min(extra, up_room)
            down = extra - up
        lo2, hi2 = lo - down, hi + up
        suit = ALL_SUITS[si]
        wi = iter(wild_cards)
        seq: list[Card] = []
        reps: list[Card] = []
        # (_rep and _take inlined: a meld of every hand is built here)
        field_of, cards = hand.field_of, hand.cards
        for pos in range(lo2, hi2 + 1):
            key = (1 if pos == 14 else pos) * 5 + si
            rep = _REPS.get(key) or _rep(key // 5, si)
            seq.append(cards[pools[field_of[key]].pop(0)] if pos in have else next(wi))
            reps.append(rep)
        return Meld(RUN, tuple(seq), tuple(reps), suit=suit, lo=lo2)
    rank, vec = spec[1], spec[2]
    pairs: list[tuple[Card, Card]] = []
    for si, k in enumerate(vec):
        for _ in range(k):
            pairs.append((_take(hand, pools, rank, si), _rep(rank, si)))
    ns = len(vec)
    free = [si for si in range(ns) if not vec[si]] + [si for si in range(ns) if vec[si]]
    for n, w in enumerate(wild_cards):
        pairs.append((w, _rep(rank, free[n % ns])))
    pairs.sort(key=lambda cr: (cr[1].suit_index, cr[0].rank == JOKER_RANK))
    return Meld(SET, tuple(c for c, _ in pairs), tuple(r for _, r in pairs), rank=rank)


def _make_all_wild(wild_cards: list[Card], rules: MeldRules) -> Meld:
    """A group of wild cards only: a set of kings when a set that big is allowed, else a run
    of spades from the top (its reps are nominal: no natural card fixes them)."""
    n = len(wild_cards)
    if n <= min(rules.set_max, 4 if rules.set_distinct_suits else rules.set_max) and not (
        rules.set_wilds_le_naturals
    ):
        reps = tuple(card_of(13, SUITS[k % 4]) for k in range(n))
        return Meld(SET, tuple(wild_cards), reps, rank=13)
    lo = rules.hi_max - n + 1
    reps = tuple(card_of(rank_at(p), "S") for p in range(lo, lo + n))
    return Meld(RUN, tuple(wild_cards), reps, suit="S", lo=lo)
