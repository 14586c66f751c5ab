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
        lines = [f"**Wild cards.** {W.capital(what)} are wild: a wild card may stand for any card "
                 f"needed to complete a meld."]
        if w["cut"]:
            lines.append("After the deal one card is cut at random from the stock and placed face "
                         f"up: it is the wild joker for that {self.vocab.unit}, and every card of "
                         "its rank is wild.")
            joker_rank = w["cut_joker_rank"]
            if joker_rank is not None:
                lines.append(f"If a printed joker is cut, the {W.rank_name(joker_rank, many=True)} "
                             f"are wild instead.")
        nat = w["as_natural"]
        if nat == "runs":
            lines.append(f"A wild card that is not a joker may also stand for itself in a "
                         f"{self.vocab.run} (as a natural card).")
        elif nat == "always":
            lines.append("A wild card that is not a joker may also stand for itself, as a natural "
                         "card.")
        allw = w["all_wild"]
        if w["not_outnumber"]:  # a meld with no natural card is not held to it (melds/context.py)
            lines.append("Wild cards may never outnumber the natural cards in a meld" + {
                "sets": f", except that a {self.vocab.set} may be made only of wild cards (a "
                        f"{self.vocab.run} may not).",
                "any": ", except that a meld may be made only of wild cards.",
            }.get(allw, "."))
            if allw in ("sets", "any") and self.rs.melds.on_table and self.rs.turn.layoff:
                # a natural card laid off onto it would be outnumbered (melds/context.py)
                what = self.vocab.set if allw == "sets" else "meld"
                lines[-1] += (f" Only wild cards may be laid off onto a {what} made only of "
                              f"wild cards.")
        if w["max_per_meld"] is not None:
            lines.append(f"A meld may hold at most {W.plural(w['max_per_meld'], 'wild card')}.")
        if allw == "sets" and not w["not_outnumber"]:
            lines.append(f"A {self.vocab.set} made only of wild cards is allowed; a "
                         f"{self.vocab.run} is not.")
        elif allw == "any" and not w["not_outnumber"]:
            lines.append("A meld made only of wild cards is allowed.")
        elif allw == "never":
            lines.append("A meld needs at least one natural card.")
        rep = w["replace"]
        if rep is not None:
            lines.append(self.replacing_text(rep, nat))
        yield "cards", 1, "\n\n".join(lines)
