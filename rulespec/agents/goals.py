"""What going out still asks of a side, for the greedy agent: long melds of given kinds
(``going out: only with a natural sequence and a book of 7+ cards``, Hand and Foot's two
clean and two dirty books).

Greedy judges a hand by its deadwood alone, which knows nothing of the table: it lays a
lone wild card off onto the one natural book its side has, and throws away the card two
places from the end of the side's run. :class:`Goals` reads the side's table against the
kinds going out needs and tells greedy three things:

* which table melds a wild card must stay off (:meth:`Goals.spoils`): a natural meld that
  a natural part of the need still counts on, when the side has no natural meld to spare;
* which cards of the hand lead to a missing kind (:meth:`Goals.keeps`): a card that grows
  a run of the side's table towards the length a missing run needs (within as many places
  of its ends as it lacks), a natural card of a natural meld a missing natural part counts
  on, and, while a run is missing, a card of the hand that has a card of its suit at most
  :data:`NEAR` places away (a run in the making);
* which new melds are of a missing kind (:meth:`Goals.wanted`): one that fits a part of
  the need the table leaves short (a run while a run is missing, a meld with no wild card
  while a natural meld of its kind is).

Cards melded only when going out (Canasta's black threes) are deadwood to the solver, the
cheapest to throw away; a hand that holds a set of them keeps them instead
(:meth:`Goals.keeps`), since that set may be the meld that goes out.

It is worked out once per decision from the public table; where going out asks for no
kinds, or the side has them already, nothing is steered (:attr:`Goals.active` is false).
"""

from __future__ import annotations

from .. import cards as C
from ..engine.long_melds import fits

#: while a run is missing, a card with a card of its suit this many places away or nearer
#: in the hand is kept (a run in the making)
NEAR = 2


class Goals:
    """The kinds of long melds ``p``'s side still lacks for going out, and what leads there."""

    def __init__(self, game, p: int):
        self.rules = game.rules
        long = game.ruleset.going_out.long if game.ruleset.going_out is not None else None
        self.active = False
        self.runs: list = []  # (suit, low place, high place, places missing) of runs to grow
        self.sets: set[int] = set()  # ranks of natural sets a natural part counts on
        self.protected: set[int] = set()  # ids of the natural melds no wild card may join
        self.run_missing = self.natural_missing = False
        self.short: list = []  # the parts of the need the side's table leaves short
        #: is there anything to keep (kinds going out lacks, or a set to go out with)?
        self.steers = bool(self.rules.out_only)
        if long is None or not long.kinds:
            return
        side = game._team(p)
        mine = [m for m in game.table if game._team(m.owner) == side and m.reading is not None]
        done = [m for m in mine if len(m.cards) >= long.size]
        short = _shortfall(long.kinds, [m.reading for m in done])
        if not short:
            return
        self.active = self.steers = True
        self.short = [part for part, _n in short]
        self.run_missing = any(part.kind == "run" for part, _n in short)
        self.natural_missing = any(part.wilds == "natural" for part, _n in short)
        natural_parts = [part for part in long.kinds if part.wilds == "natural"]
        need_natural = sum(part.melds for part in natural_parts)
        naturals = [m for m in mine if not m.reading.wilds
                    and any(fits(part, m.reading) for part in natural_parts)]
        if naturals and len(naturals) <= need_natural:
            self.protected = {m.id for m in naturals}
        for m in mine:
            rd = m.reading
            grow = long.size - len(m.cards)
            if grow <= 0 or not any(fits(part, rd) for part, _n in short):
                continue
            if rd.kind == "run":
                places = _places(rd.ranks)
                self.runs.append((rd.suit, places[0], places[-1], grow))
            elif not rd.wilds and self.natural_missing:
                self.sets.add(rd.rank)

    def spoils(self, meld_id: int) -> bool:
        """Would a wild card laid off onto table meld ``meld_id`` spoil a natural meld that
        going out still counts on?"""
        return meld_id in self.protected

    def keeps(self, card: int, hand) -> bool:
        """Does ``card`` of ``hand`` lead to a kind going out still lacks, or is it one of
        a set of cards melded only when going out that the hand holds?"""
        if card == C.JOKER or self.rules.is_wild(card):
            return False
        suit, rank = C.suit_of(card), C.rank_of(card)
        if card in self.rules.out_only:
            return sum(1 for c in hand if c in self.rules.out_only
                       and C.rank_of(c) == rank) >= self.rules.out_min
        if not self.active:
            return False
        if rank in self.sets:
            return True
        if not self.run_missing or card in self.rules.barred_in["run"]:
            return False
        mine = _places((rank,)) + ((13,) if rank == 0 else ())
        for s, low, high, grow in self.runs:
            if s == suit and any(low - grow <= x < low or high < x <= high + grow for x in mine):
                return True
        return any(other != card and other != C.JOKER and C.suit_of(other) == suit
                   and not self.rules.is_wild(other)
                   and 0 < abs(C.rank_of(other) - rank) <= NEAR for other in hand)

    def wanted(self, reading) -> bool:
        """Is a new meld read as ``reading`` of a kind going out still lacks?"""
        return any(fits(part, reading) for part in self.short)


def _places(ranks) -> tuple:
    """A run's places low to high, an ace above a king counted as place 13."""
    if 0 in ranks and 12 in ranks:
        return tuple(sorted(13 if r == 0 else r for r in ranks))
    return tuple(sorted(ranks))


def _shortfall(parts, readings) -> list:
    """The parts of the need that the long melds read as ``readings`` leave short, each
    with how many melds it lacks: the melds are handed out to the most particular parts
    first (a natural run before a run, a run before any meld)."""
    left = list(readings)
    short = []
    for part in sorted(parts, key=lambda q: (q.wilds == "any", q.kind == "meld")):
        got = 0
        for r in list(left):
            if got < part.melds and fits(part, r):
                left.remove(r)
                got += 1
        if got < part.melds:
            short.append((part, part.melds - got))
    return short
