"""Invariants a game must keep after every move; tests and simulations call
:func:`check_invariants` and treat any message as a bug.

* every card is in exactly one place: hands, stock, discard pile, table, cards out of
  play (dropped hands), bonus cards laid out, the packets set aside (second hands) and the
  cut card together are exactly the deck; a bonus card is never in a hand or a meld;
* hand sizes follow the rules: the deal gives each player the deal size (the starter its
  extra cards); in a variant whose turns neither lay cards down nor pass them between
  players, and draw one card at a time, a hand holds what it was dealt between turns and
  one more during its turn (one fewer for a starter who does not draw on the first turn,
  once that turn begins);
* the player to move always has a legal move (a game never stalls half-way through a
  turn, as a contract laid in part that the hand cannot finish would make it);
* scores follow the variant's table: every finished hand's counted penalties are what
  the cards left in that hand cost, each long meld earns its one bonus, and the totals
  are the sums of the hands' scores; where players pay each other (``scoring.settle``),
  each hand's scores add up to zero.
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..melds.checks import penalty as _penalty
from ..melds.context import rules_for
from ..memo import cached, table
from .deal import deck_cards
from .mechanics.bonus import bonus_codes
from .phases import KNOCK_ENDINGS, Ending, Phase

_TURN = (Phase.DRAW, Phase.PLAY)  # a player's own turn
_DRAWING_OR_TURN = (Phase.OFFER, Phase.DRAW, Phase.PLAY, Phase.CLAIM)


class InvariantError(AssertionError):
    """A broken invariant: a bug in the interpreter, never a player's mistake."""


def zones(game) -> Counter:
    """Every card in play, counted over all the places it can be."""
    c = Counter(game.stock)
    c.update(game.discards)
    c.update(game.out)
    for b in game.bonus:  # bonus cards laid out in front of their seats
        c.update(b)
    for h in game.hands:
        c.update(h)
    for m in game.table:
        c.update(m.cards)
    for k in game.packets:
        c.update(k)
    if game.cut_card is not None:
        c[game.cut_card] += 1
    return c


def problems(game) -> list[str]:
    """Every broken invariant, in words (empty: all is well)."""
    out: list[str] = []
    rs = game.ruleset
    n = game.n
    hands, in_hand, active = game.hands, game.in_hand, game.active
    count = sum(in_hand)
    got = [*game.stock, *game.discards, *game.out]
    for h in (*hands, *game.bonus):
        got += h
    for m in game.table:
        got += m.cards
    for k in game.packets:  # second hands set aside (mechanic second_hand)
        got += k
    if game.cut_card is not None:
        got.append(game.cut_card)
    got.sort()
    if got != _sorted_deck(rs.deck.packs_for(count), rs.deck.jokers_for(count), rs.deck.ranks):
        deck = Counter(deck_cards(rs, count))
        have = zones(game)
        missing = deck - have
        extra = have - deck
        out.append(f"cards are lost or doubled: missing {C.cards_str(sorted(missing.elements()))}; "
                   f"extra {C.cards_str(sorted(extra.elements()))}")
    if rs.bonus is not None:
        out.extend(_bonus_misplaced(game))
    over, phase = game.is_over(), game.phase
    size = game.deal_size
    dealt = game.dealt
    playing = phase in _TURN and not game.is_chance()
    # a hand holds the deal size between turns, one more during its turn, in a variant whose
    # turns neither lay cards down nor pass them between players, and draw one card
    t = rs.turn
    fixed = (not over and phase in _DRAWING_OR_TURN and not rs.melds.on_table
             and t.push is None and t.claims is None and t.stock_cards == 1)
    for p in range(n):
        held = len(hands[p])
        if held and not in_hand[p]:
            out.append(f"seat {p} is out of the game but holds cards")
        if held and in_hand[p] and not active[p]:
            out.append(f"seat {p} dropped out but holds cards")
        if dealt is not None:
            want = size + (rs.deal.starter_extra if p == game.starter else 0) if in_hand[p] else 0
            if dealt[p] != want:
                out.append(f"seat {p} was dealt {dealt[p]} cards, the rules give {want}")
        if fixed and active[p] and dealt is not None:
            # the deal (the starter's extra cards included), one card fewer once a starter
            # who does not draw on the first turn has begun it, one more while drawn
            want = (dealt[p] + (1 if p == game.turn and phase is Phase.PLAY else 0)
                    - (1 if p == game.starter and not rs.turn.starter_draws and not game._first_turn else 0))
            if held != want:
                out.append(f"seat {p} holds {held} cards, the rules give {want} here")
        closed = game.closer is not None and game.closer[0] == p  # waits out the last turns
        closed = closed or p in game.packet_due  # takes the packet set aside next turn
        if playing and not held and in_hand[p] and active[p] and not closed \
                and game._table_settled():
            out.append(f"seat {p} is still in the hand with no cards")
    if rs.melds.one_per_rank is not None:
        out.extend(_two_sets_of_a_rank(game))
    if game.rules.barred_any:
        out.extend(barred_on_table(game))
    if not over and not game.is_chance() and not game.legal_actions():
        out.append(f"seat {game.current_player()} is to move ({phase}) but has no legal move")
    if phase is Phase.DEAL and not over and game.discards and not any(hands):
        out.append("the upcard was turned before the deal")
    # scores
    sums, wrong = _scored_hands(game)
    out.extend(wrong)
    if game.results and "game bonuses" in game.results[-1].details:  # added as the game ended
        sums = [s + b for s, b in zip(sums, game.results[-1].details["game bonuses"])]
    if game.results and "game settlement" in game.results[-1].details:  # the totals paid
        sums = [s + b for s, b in zip(sums, game.results[-1].details["game settlement"])]
    if sums != game.totals and [round(t, 6) for t in sums] != [round(t, 6) for t in game.totals]:
        out.append(f"totals {game.totals} are not the sum of the hands' scores {sums}")
    return out


def _two_sets_of_a_rank(game) -> list[str]:
    """Under ``melds: one set of each rank per side`` (or player): the sides holding two
    sets of one rank on the table."""
    seen: set = set()
    out = []
    for m in game.table:
        if m.reading is None or m.reading.kind != "set":
            continue
        side = game._team(m.owner) if game.ruleset.melds.one_per_rank == "side" else m.owner
        if m.reading.rank is None:  # a set of wild cards alone takes no rank
            if len(m.reading.wilds) != len(m.cards):
                out.append(f"meld {m.id} ({C.cards_str(m.cards)}), a set of wild cards, "
                           "holds a natural card")
            continue
        if (side, m.reading.rank) in seen:
            out.append(f"side {side} has two sets of {C.RANKS[m.reading.rank]}s on the table")
        seen.add((side, m.reading.rank))
    return out


def barred_on_table(game) -> list[str]:
    """The table melds that hold a barred card (``melds.barred``, ``barred_runs``) or a
    wild card standing for one; a set of cards melded only when going out is allowed
    alone, with no wild card, as the meld that ended its owner's hand (or left only the
    final discard)."""
    r = game.rules
    out = []
    for m in game.table:
        if m.reading is None or r.reading_ok(m.cards, m.reading):
            continue
        own = (m.reading.kind == "set" and not m.reading.wilds
               and all(c in r.out_only for c in m.cards))
        if not (own and len(game.hands[m.owner]) <= 1):  # the final discard may be due
            out.append(f"meld {m.id} ({C.cards_str(m.cards)}) holds a card that may not be melded")
    return out


#: per game (by id): its list of results, how many of them are checked, the sums of
#: their scores and what was wrong (the list object tells a new game from an old id)
_SCORED: dict[int, tuple[list, int, list, list[str]]] = table()


def _scored_hands(game) -> tuple[list, list[str]]:
    """The sums of the finished hands' scores and what is wrong with how each hand was
    scored, each hand worked out once (a check after every move stays cheap in long games)."""
    results = game.results
    hit = _SCORED.get(id(game))
    if hit is not None and hit[0] is results and hit[1] <= len(results):
        _r, done, sums, wrong = hit
        if done == len(results):
            return sums, wrong
    else:
        done, sums, wrong = 0, [0] * game.n, []
    sums, wrong = list(sums), list(wrong)
    for res in results[done:]:
        for p in range(game.n):
            sums[p] += res.scores[p]
        if game.ruleset.partnerships is not None:
            t = res.team_scores
            if t is None or sum(t) != sum(res.scores):
                wrong.append(f"round {res.round}: team scores {t} do not add up to {res.scores}")
        wrong.extend(check_penalties(game, res))
        wrong.extend(check_long_melds(game, res))
        if (game.game_rules.for_round(res.round).scoring.settle is not None
                and abs(sum(res.scores)) > 1e-6):
            wrong.append(f"round {res.round}: players pay each other, but the scores "
                         f"{res.scores} do not add up to zero")
    if len(_SCORED) > 1000:
        _SCORED.clear()
    _SCORED[id(game)] = (results, len(results), sums, wrong)
    return sums, wrong


def _bonus_misplaced(game) -> list[str]:
    """A bonus card in a hand or a meld (it is laid out at once, never melded)."""
    codes = bonus_codes(game.ruleset.bonus)
    out = [f"seat {p} holds the bonus card {C.card_str(c)}"
           for p, h in enumerate(game.hands) for c in h if c in codes]
    out += [f"meld {m.id} holds the bonus card {C.card_str(c)}"
            for m in game.table for c in m.cards if c in codes]
    return out


@cached(None)
def _sorted_deck(packs: int, jokers: int, ranks: tuple[int, ...]) -> list[int]:
    return sorted(C.build_deck(packs, jokers, ranks))


def check_knock(game, result) -> list[str]:
    """A knock between two players scored as the variant's knock table says: the deadwood
    counts are the cards left in hand, and the winner gets the difference plus the bonus
    (under a stake: the stake, or a failed knocker's stakes)."""
    out = []
    rs = game.game_rules.for_round(result.round)  # the rules of the hand, not of today's
    rules = rules_for(rs, result.wild)
    counts = [sum(rules.value[c] for c in h) for h in result.hands]
    for p in range(game.n):
        if result.penalties[p] is not None and result.penalties[p] != counts[p]:
            out.append(f"round {result.round}: seat {p}'s deadwood was counted {result.penalties[p]}, "
                       f"its cards count {counts[p]}")
    live = [p for p in range(game.n) if result.penalties[p] is not None]
    k = rs.scoring.knock
    if len(live) != 2 or k is None:
        return out
    stake = rs.scoring.stake
    if stake is not None:
        want = stake * (k.undercut_stakes if result.reason is Ending.UNDERCUT else 1)
    elif result.reason is Ending.UNDERCUT:
        d, knocker = result.winner, result.details["knocker"]
        want = counts[knocker] - counts[d] + k.undercut
    else:
        knocker = result.winner
        d = next(p for p in live if p != knocker)
        bonus = {Ending.GIN: k.gin, Ending.BIG_GIN: k.big_gin}.get(result.reason, 0)
        want = counts[d] - counts[knocker] + bonus
    up = result.details.get("first upcard")
    name = C.card_str(up) if up is not None else ""
    for r in rs.scoring.by_upcard if up is not None else ():
        if r.rank == name[:-1] or r.suit == name[-1]:
            want *= r.value  # the first upcard multiplies the hand (spades double)
    if result.scores[result.winner] != want:
        out.append(f"round {result.round}: a {result.reason} should score {want}, "
                   f"not {result.scores[result.winner]}")
    return out


#: endings whose winner showed the hand, which counts nothing
_SHOWN = (Ending.SHOW, Ending.SPECIAL)


def check_penalties(game, result) -> list[str]:
    """Are a finished hand's counted penalties what the cards left in each hand cost
    under the variant's table (count rule and cap)?"""
    out = []
    if result.reason in KNOCK_ENDINGS:
        return check_knock(game, result)
    if result.reason is Ending.VOID:
        return out
    for p in range(game.n):
        pen = result.penalties[p]
        if pen is None or p in _dropped(result) or (result.reason in _SHOWN and p == result.winner):
            continue
        rules = game.game_rules.for_round(result.round)
        want = (rules.scoring.unopened if p in result.details.get("not opened", ())
                else _penalty(rules, list(result.hands[p]), result.wild))
        if pen != want:
            out.append(f"round {result.round}: seat {p} was counted {pen}, its cards cost {want}")
    return out


def check_long_melds(game, result) -> list[str]:
    """Scoring by owner with long-meld bonuses: each meld on the table when the hand ended
    is booked once, with the first bonus of the variant's table it is long enough for (a
    meld of wild cards alone, a set of its rank with a natural card in it, its kind, any
    meld), mixed where a card in it stands as a wild card; each seat's meld bonuses are the
    sum of its melds'."""
    record = result.details.get("long melds")
    if record is None:
        return []
    sc = game.game_rules.for_round(result.round).scoring
    kb, want, out = sc.kind_bonus, [0] * game.n, []
    if len({r[0] for r in record}) != len(record):
        out.append(f"round {result.round}: a meld was booked twice for its bonus")
    for _id, owner, size, kind, rank, wild in record:
        tiers = [(kb.wild.size, kb.wild.points, kb.wild.points)] if (
            kb.wild is not None and size == wild) else []
        rb = kb.of_rank(C.RANKS[rank]) if kind == "set" and wild < size else None
        tiers += [(rb.size, rb.natural, rb.mixed)] if rb is not None else []
        own = kb.of(kind) if kind is not None else None
        tiers += [(b.size, b.natural, b.mixed) for b in (own, sc.meld_bonus) if b is not None]
        hit = next((t for t in tiers if size >= t[0]), None)
        if hit is not None:
            want[owner] += hit[2] if wild else hit[1]
    got = list(result.details.get("meld bonuses", [0] * game.n))
    if got != want:
        out.append(f"round {result.round}: the long melds earn {want}, not {got}")
    return out


def _dropped(result) -> set:
    return set(result.details.get("dropped", ()))


def check_invariants(game) -> None:
    """Raise :class:`InvariantError` listing every broken invariant."""
    found = problems(game)
    if found:
        raise InvariantError("; ".join(found))
