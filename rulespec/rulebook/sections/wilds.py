"""Wild cards: which cards are wild (printed jokers, whole ranks, named cards, a rank cut
for each deal), whether they may stand for themselves, and the limits on wild cards in
a meld."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base


class Wilds(Base):
    def wilds_md(self, w) -> Iterator:
        what = self.wild_words()
        if not what:  # nothing else applies (coverage.APPLIES_WHEN)
            yield "cards", 1, "There are no wild cards."
            return
        # one piece per paragraph, each yielded right after the rules it reads, so that a
        # provenance marker lands on the paragraph that states its rule (render.page)
        yield "cards", 1, (f"**Wild cards.** {W.capital(what)} are wild: a wild card may stand "
                           f"for any card needed to complete a meld.")
        if w["cut"]:
            yield "cards", 1, ("After the deal one card is cut at random from the stock and "
                               f"placed face up: it is the wild joker for that {self.vocab.unit}, "
                               "and every card of its rank is wild.")
            joker_rank = w["cut_joker_rank"]
            if joker_rank is not None:
                yield "cards", 1, (f"If a printed joker is cut, the "
                                   f"{W.rank_name(joker_rank, many=True)} are wild instead.")
        nat = w["as_natural"]
        if nat == "runs":
            yield "cards", 1, (f"A wild card that is not a joker may also stand for itself in a "
                               f"{self.vocab.run} (as a natural card).")
        elif nat == "always":
            yield "cards", 1, ("A wild card that is not a joker may also stand for itself, as a "
                               "natural card.")
        if w["not_outnumber"]:  # a meld with no natural card is not held to it (melds/context.py)
            allw = w["all_wild"]
            text = "Wild cards may never outnumber the natural cards in a meld" + {
                "sets": f", except that a {self.vocab.set} may be made only of wild cards (a "
                        f"{self.vocab.run} may not).",
                "any": ", except that a meld may be made only of wild cards.",
            }.get(allw, ".")
            if allw in ("sets", "any") and self.rs.melds.on_table and self.rs.turn.layoff:
                # a natural card laid off onto it would be outnumbered (melds/context.py)
                what = self.vocab.set if allw == "sets" else "meld"
                text += f" Only wild cards may be laid off onto a {what} made only of wild cards."
            yield "cards", 1, text
        if w["max_per_meld"] is not None:
            yield "cards", 1, f"A meld may hold at most {W.plural(w['max_per_meld'], 'wild card')}."
        allw = w["all_wild"]
        if allw == "sets" and not w["not_outnumber"]:
            yield "cards", 1, (f"A {self.vocab.set} made only of wild cards is allowed; a "
                               f"{self.vocab.run} is not.")
        elif allw == "any" and not w["not_outnumber"]:
            yield "cards", 1, "A meld made only of wild cards is allowed."
        elif allw == "never":
            yield "cards", 1, "A meld needs at least one natural card."
        rep = w["replace"]
        if rep is not None:
            yield "cards", 1, self.replacing_text(rep, nat)
