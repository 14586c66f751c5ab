"""Scoring a finished hand, exactly as ``ruleset.scoring`` says, and deciding when the
game is over.

A hand ends in one of these ways (:attr:`HandResult.reason`):

``went out``        a player got rid of every card
``knock``           a knock the knocker won; ``undercut``: a defender won it;
``gin``, ``big gin`` knocks with no deadwood
``show``            a valid declaration
``special hand``    a special hand declared (Tonk's 49 or 50 dealt)
``drops``           everybody but one player dropped out; ``wrong show``: the same, the
                    last to leave having shown wrongly
``stock exhausted`` the stock ran out and the rules end the hand there
``stalemate``       no player could ever go out (scored as when the stock runs out)
``void``            the hand counts for nothing (the stock rule says so, or a stalemate rule)

Every ending says what each seat owes (the count of its cards, its drop or wrong-show
penalty, or its difference to the lowest hand; with a stake per hand, ``scoring.stake``,
the stake instead of the count or the difference, times the hand's multipliers) and who
collects it: the player who went
out, showed or was left, the lowest hand(s) when the stock pays differences, nobody when
the stock ends a hand that is scored as it stands. Then one rule per scoring method:
``penalty`` (losers score penalty points): each seat scores what it owes; ``winner
collects`` and ``knock``: the collectors share all that is owed and nobody else scores.
So ``knock = deadwood difference`` is winner collects whose knocks are settled by
difference (pair by pair: the knocker against each defender, or the lowest hand against
every other player). Where the players pay each other (``scoring.settle``), what one
collects the others pay: :mod:`.settlement`. A void hand scores nothing, drops included.
docs/language.md ("How a hand is scored") has this as a table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .. import cards as C
from ..melds.checks import penalty as _penalty
from ..melds.context import card_value
from ..ruleset import KindBonus
from . import settlement
from .phases import KNOCK_ENDINGS, Ending

#: endings in which one seat got rid of its cards or was the last left: the others pay it
_LEFT_ALONE = (Ending.WENT_OUT, Ending.DROPS, Ending.WRONG_SHOW)


def number(x):
    """A score as a result keeps it: whole numbers as ints, shares of a split as floats
    (settling works in exact fractions, module settlement)."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


@dataclass(frozen=True)
class HandResult:
    """How one hand ended and what each seat scored in it."""

    round: int
    reason: Ending
    winner: int | None  # the seat that went out / knocked and won / showed / was left
    scores: tuple  # per seat, what the hand adds to the seat's total
    penalties: tuple  # per seat, what the cards left in hand counted (None: not counted)
    hands: tuple  # per seat, the cards left in hand at the end (sorted)
    rummy: bool = False  # went out in one turn without melding or laying off before
    team_scores: tuple | None = None
    wild: int | None = None  # the card cut as wild in that deal
    details: dict = field(default_factory=dict, compare=False)


def _team(game, seat: int) -> int:
    p = game.ruleset.partnerships
    return seat % p.teams if p is not None else seat


def team_totals(game, per_seat) -> tuple | None:
    p = game.ruleset.partnerships
    if p is None:
        return None
    out = [0] * p.teams
    for seat, v in enumerate(per_seat):
        out[seat % p.teams] += v
    return tuple(number(v) for v in out)


def upcard_rules(rules, card) -> list:
    """The ``ByUpcard`` rules (``knock.by_upcard``, ``scoring.by_upcard``) that a hand whose
    first upcard is ``card`` (None: none was turned) plays by."""
    if card is None or card == C.JOKER or not rules:  # a joker has no rank or suit
        return []
    rank, suit = C.RANKS[C.rank_of(card)], C.SUITS[C.suit_of(card)]
    return [r for r in rules if r.rank == rank or r.suit == suit]


def _multiplied(game, scores: list, details: dict) -> list:
    """Every score of the hand times what its first upcard multiplies it by (spades double);
    the upcard goes in the details, where the invariants check it."""
    rules = game.ruleset.scoring.by_upcard
    if not rules or game.first_upcard is None:
        return scores
    details["first upcard"] = game.first_upcard
    times = 1
    for r in upcard_rules(rules, game.first_upcard):
        times *= r.value
    return [s * times for s in scores]


def penalty_of(game, seat: int) -> int:
    """What ``seat``'s hand counts at the end of the hand (count rule and cap); a flat
    ``scoring.unopened`` where the player (or, opening once per side, the side) has not
    opened."""
    if _not_opened(game, seat):
        return game.ruleset.scoring.unopened
    return _penalty(game.ruleset, game.hands[seat], game.wild)


def _not_opened(game, seat: int) -> bool:
    """Does ``seat``'s hand count ``scoring.unopened``: the rule, and nobody of the seat
    (its side, opening once per side) opened this hand?"""
    rs = game.ruleset
    return rs.scoring.unopened is not None and not (
        game._side_opened(seat) if rs.opening.per_side else game.opened[seat])


def score_hand(game, reason: Ending, winner: int | None = None, rummy: bool = False,
               details: dict | None = None) -> HandResult:
    """The result of the hand that just ended in ``game``.

    Every ending first says what each seat *owes* (its count, its drop, its difference to
    the lowest hand) and who *collects* it; the scoring method then settles: under
    ``penalty`` each seat scores what it owes, under the collecting methods the collectors
    share it (module docstring). Knocks are settled first, into payments (module
    settlement)."""
    rs = game.ruleset
    sc = rs.scoring
    n = game.n
    live = [p for p in range(n) if game.in_hand[p] and game.active[p]]
    scores, owed = [0] * n, [0] * n
    pens: list = [None] * n
    takers: list[int] = []  # who collects what is owed, under a collecting method
    bonus = 0  # the winner's own bonus (going out, going rummy)
    details = dict(details or {})
    pay: list = []  # payments (payer, payee, amount): module settlement

    # dropped players and wrong shows owe the fixed penalty they were given
    for p, pts in game.dropped.items():
        owed[p] = pens[p] = pts
    if game.dropped:
        details["dropped"] = dict(game.dropped)
    if game.wrong_shows:
        details["wrong shows"] = list(game.wrong_shows)

    def count_all():
        for p in live:
            pens[p] = penalty_of(game, p)

    if reason in _LEFT_ALONE:
        count_all()
        mult = sc.rummy.multiplier if (rummy and sc.rummy) else 1
        bonus = _own_bonus(sc, reason, rummy)
        for p in live:
            if _team(game, p) != _team(game, winner):
                owed[p] = _count_or_stake(sc, pens[p]) * mult
        takers = [winner]
    elif reason is Ending.SHOW:
        count_all()
        _show_owed(game, live, winner, pens, owed, details)
        takers = [winner]
    elif reason is Ending.SPECIAL:
        count_all()
        _special_owed(game, live, winner, pens, owed, details)
        takers = [winner]
    elif reason in KNOCK_ENDINGS:
        reason, winner, pay = settlement.knock(game, reason, winner, live, pens, details)
        takers = [winner]
    elif reason is Ending.STOCK_EXHAUSTED or reason is Ending.STALEMATE:
        details["stock reused"] = game.reuses
        outcome = rs.stock.outcome
        if outcome == "void":
            reason = Ending.VOID if reason is Ending.STOCK_EXHAUSTED else reason
            owed = [0] * n
        else:
            count_all()
            low = min(pens[p] for p in live)
            for p in live:
                owed[p] = _stock_owed(sc, pens[p], low, outcome)
                scores[p] -= owed[p] if outcome == "lose" else 0  # "lose": off its own total
            if outcome == "differences":
                takers = [p for p in live if pens[p] == low]
                winner = takers[0] if len(takers) == 1 else None
    elif reason is Ending.VOID:
        owed = [0] * n
    else:  # pragma: no cover - every ending is listed above
        raise AssertionError(f"unknown ending {reason!r}")

    if sc.method == "owner":  # each seat's table less its hand (nothing when void)
        _by_owner(game, reason, scores, pens, details, winner, bonus)
    else:
        _pay(sc, scores, owed, takers, winner, bonus, pay, pens)
    scores = _adjusted(game, reason, scores, details)
    hands = tuple(tuple(sorted(game.hands[p])) for p in range(n))
    scores_t = tuple(number(s) for s in scores)
    return HandResult(game.round, reason, winner, scores_t, tuple(pens), hands, rummy,
                      team_totals(game, scores_t), game.wild, details)


def _adjusted(game, reason: Ending, scores: list, details: dict) -> list:
    """The settled scores with what applies to the whole hand: the upcard's multipliers,
    the untaken second hand (and the seats counted as not opened, in ``details``); all 0
    where hands are not scored (``scoring: none``: the game is won by hands, ``game.hands``)."""
    scores = _multiplied(game, scores, details)
    _untaken(game, reason, scores, details)
    flat = tuple(p for p in range(game.n) if game.hands[p] and _not_opened(game, p))
    if flat:
        details["not opened"] = flat
    return [0] * game.n if game.ruleset.scoring.method == "none" else scores


def _untaken(game, reason: Ending, scores: list, details: dict) -> None:
    """A side (or seat) that never took its second hand scores
    ``scoring.second_hand_untaken`` (on its first seat); its cards count for nothing."""
    pts = game.ruleset.scoring.second_hand_untaken
    if not pts or reason is Ending.VOID:
        return
    seats = game._untaken_packets()
    for p in seats:
        scores[p] += pts
    if seats:
        details["second hand not taken"] = tuple(seats)


def _stock_owed(sc, pen, low, outcome: str):
    """What a hand the stock ended owes: its count, or its difference to the lowest; under
    a stake, one stake from each higher hand (with no winner, nothing)."""
    owed = pen - low if outcome == "differences" else pen
    if sc.stake is not None:
        return sc.stake if outcome == "differences" and owed else 0
    return owed


def _show_owed(game, live: list, winner: int, pens: list, owed: list, details: dict) -> None:
    """After a valid show: the winner counts nothing; a loser whose own hand would also
    have shown validly owes the fixed ``scoring.valid_show`` (where set), others their count."""
    valid_show = game.ruleset.scoring.valid_show
    for p in live:
        if p == winner:
            pens[p] = 0
        elif valid_show is not None and game.valid_show(p):
            owed[p] = valid_show
            details.setdefault("valid shows", []).append(p)
        else:
            owed[p] = _count_or_stake(game.ruleset.scoring, pens[p])


def _count_or_stake(sc, count):
    """What a loser owes for its cards: their count, or the hand's stake when it has one
    (``scoring.stake``: the same whatever the cards count)."""
    return count if sc.stake is None else sc.stake


def _special_owed(game, live: list, winner: int, pens: list, owed: list, details: dict) -> None:
    """After a special hand is declared: the declarer counts nothing; every other player
    (not the declarer's partner) owes the rule's fixed amount, or their count times its
    factor."""
    rule = game.ruleset.special[details["special hand"]]
    for p in live:
        if p == winner:
            pens[p] = 0
        elif _team(game, p) != _team(game, winner):
            owed[p] = rule.each if rule.each is not None else \
                _count_or_stake(game.ruleset.scoring, pens[p]) * (rule.factor or 1)


def _pay(sc, scores: list, owed: list, takers: list, winner, bonus: int, pay: list,
         pens: list) -> None:
    """Settle the hand into ``scores``: as points won (``scoring.settle`` None, by the
    method), or as payments between the players (module settlement)."""
    if sc.settle is None:
        _settle(sc.method, scores, owed, takers, winner, bonus)
    elif sc.settle == "winner":
        pay += settlement.owed(owed, takers, bonus, winner)
    else:
        seats = [p for p in range(len(scores)) if pens[p] is not None or owed[p]]
        pay += settlement.pairs(owed, seats)
        pay += [(p, winner, bonus) for p in seats if bonus and p != winner]
    settlement.apply(scores, pay, zero_sum=sc.settle is not None)


def _settle(method: str, scores: list, owed: list, takers: list, winner, bonus: int) -> None:
    """Add what is owed to ``scores`` as the scoring method says."""
    if method == "penalty":
        for p, v in enumerate(owed):
            scores[p] += v
        if bonus and winner is not None:
            scores[winner] -= bonus
        return
    if not takers:  # no one won the hand: what was owed is not paid
        return
    pot = sum(owed)
    for p in takers:
        scores[p] += pot // len(takers) if pot % len(takers) == 0 else pot / len(takers)
    if bonus:
        scores[winner] += bonus


def table_points(game) -> list:
    """What the cards on the table are worth to each seat: a card scores for whoever laid
    it (the meld's owner, or the seat that laid it off), valued in its meld (an ace in a
    run by its place, ``values.ace_low_run`` and the others, when set; a card with a value
    of its own melded, ``values.melded``, at that value)."""
    v = game.ruleset.values
    melded = {C.parse_card(cv.card): cv.value for cv in v.melded}  # its value on the table
    layers: dict = {}
    for seat, meld_id, card in game.laid_off:
        layers.setdefault((meld_id, card), []).append(seat)
    points = [0] * game.n
    for m in game.table:
        r = m.reading
        ace = _run_ace_value(v, r)
        for card in m.cards:
            seats = layers.get((m.id, card))
            seat = seats.pop() if seats else m.owner
            value = card_value(game.ruleset, card, game.wild)
            natural = card != C.JOKER and card not in dict(r.wilds)
            if natural and card in melded:
                value = melded[card]
            if ace is not None and natural and C.rank_of(card) == 0:
                value = ace
            points[seat] += value
    return points


def _run_ace_value(v, r) -> int | None:
    """What a natural ace is worth in the run read ``r`` by its place: low (A-2-3), high
    (Q-K-A) or round the corner (K-A-2), where ``values`` gives one (None: its own value)."""
    if r is None or r.kind != "run" or 0 not in r.ranks:
        return None
    if r.ranks[0] == 0:
        return v.ace_low_run
    return v.ace_high_run if r.ranks[-1] == 0 else v.ace_corner_run


def meld_bonuses(game) -> list:
    """What each seat's long melds earn it besides their cards (``scoring.meld_bonus``,
    ``scoring.kind_bonus``): a meld of the size or more on the table scores its owner the
    natural bonus when no card in it stands as a wild card, else the mixed one. One bonus a
    meld, the most specific: a meld of wild cards alone (a wild canasta), a set of its rank
    (a canasta of sevens), its kind's (a samba's 1500), else any meld's."""
    sc = game.ruleset.scoring
    out = [0] * game.n
    if sc.meld_bonus is None and sc.kind_bonus == KindBonus():
        return out
    for m in game.table:
        out[m.owner] += meld_bonus_of(sc, m.reading, len(m.cards))
    return out


def meld_bonus_of(sc, reading, size: int) -> int:
    """The points of the one long-meld bonus a meld read as ``reading`` (None: unread) of
    ``size`` cards earns (0: none)."""
    kb = sc.kind_bonus
    if reading is None:
        mb = long_bonus(sc, None, size)
        return 0 if mb is None else mb.natural
    wild = len(reading.wilds)
    if kb.wild is not None and wild == size and size >= kb.wild.size:
        return kb.wild.points
    if kb.ranks and reading.kind == "set" and wild < size and reading.rank is not None:
        rb = kb.of_rank(C.RANKS[reading.rank])
        if rb is not None and size >= rb.size:
            return rb.mixed if wild else rb.natural
    mb = long_bonus(sc, reading.kind, size)
    return 0 if mb is None else (mb.mixed if wild else mb.natural)


def long_melds_record(game) -> tuple:
    """Each table meld as the invariants check its bonus: ``(id, owner, size, kind, rank,
    wild cards)`` (kind None: unread)."""
    return tuple((m.id, m.owner, len(m.cards), m.reading and m.reading.kind,
                  m.reading.rank if m.reading is not None else None,
                  len(m.reading.wilds) if m.reading is not None else 0) for m in game.table)


def long_bonus(sc, kind: str | None, size: int):
    """The long-meld bonus by kind or of any meld a ``kind`` meld of ``size`` cards earns
    (None: none): the bonus of its own kind where it reaches that size, or else the bonus
    of any meld."""
    own = sc.kind_bonus.of(kind) if kind is not None else None
    if own is not None and size >= own.size:
        return own
    mb = sc.meld_bonus
    return mb if mb is not None and size >= mb.size else None


def bonus_points(game) -> list:
    """What each seat's bonus cards (``bonus``) add to its score: ``each`` a card, or for a
    side holding ``many.count`` or more of them ``many.value`` in all (the part above the
    cards' own worth goes to the side's first seat holding one); negative for a side none
    of whose players has melded, under ``against_unmelded``. A side's seats add up to what
    the side scores."""
    b = game.ruleset.bonus
    out = [0] * game.n
    if b is None:
        return out
    sides: dict = {}
    for p in range(game.n):
        sides.setdefault(_team(game, p), []).append(p)
    for seats in sides.values():
        held = [len(game.bonus[p]) for p in seats]
        for p, k in zip(seats, held):
            out[p] = k * b.each
        if b.many is not None and sum(held) >= b.many.count:
            first = next(p for p, k in zip(seats, held) if k)
            out[first] += b.many.value - sum(held) * b.each
        if b.against_unmelded and not any(game.melded[p] for p in seats):
            for p in seats:
                out[p] = -out[p]
    return out


def _by_owner(game, reason: Ending, scores: list, pens: list, details: dict, winner,
              bonus: int) -> None:
    """Scoring by owner: each seat's table points less its hand's count, and the winner's
    own bonus."""
    if reason is Ending.VOID:
        return
    table = table_points(game)
    details["table points"] = tuple(table)
    melds = meld_bonuses(game)
    if any(melds):
        details["meld bonuses"] = tuple(melds)
    sc = game.ruleset.scoring
    if sc.meld_bonus is not None or sc.kind_bonus != KindBonus():
        details["long melds"] = long_melds_record(game)  # the invariants check each bonus
    extra = bonus_points(game)
    if game.ruleset.bonus is not None:
        details["bonus cards"] = tuple(extra)
    for p in range(game.n):
        if pens[p] is None:
            pens[p] = penalty_of(game, p)
        scores[p] += table[p] + melds[p] + extra[p] - pens[p]
    if bonus:
        scores[winner] += bonus


def _own_bonus(sc, reason: Ending, rummy: bool) -> int:
    """What the winner of a hand scores besides: going rummy's bonus, going out's."""
    bonus = sc.rummy.bonus if (rummy and sc.rummy) else 0
    out = sc.out_bonus if reason is Ending.WENT_OUT else None
    return bonus + (out or 0)
