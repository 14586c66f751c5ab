"""Scoring a hand: who scores what (winner collects, penalty points, knock arithmetic),
caps, undercut and gin bonuses, going rummy, shows; then a worked example computed by the
meld code (:mod:`.worked`). The words are in ``templates/prose/scoring.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base

#: What a player counts at the end of a hand, by ``scoring.count``.
COUNTED = {"all": "all the cards left in their hand",
            "unmatched": "the cards in their hand that are not in melds",
            "show": "their cards"}


class Scoring(Base):
    """The words are in ``templates/prose/scoring.md.j2``."""

    def scoring_md(self, s) -> Iterator:
        rs = self.rs
        method, cap, knock, rummy = s["method"], s["cap"], s["knock"], s["rummy"]
        wrong, valid, stake = s["wrong_show"], s["valid_show"], s["stake"]  # no stake: E386
        count = None if method == "knock" else s["count"]  # a knock counts deadwood
        lowest = knock is not None and knock["winner"] == "lowest"  # module settlement
        if lowest:
            out = [self.lowest_wins_text(knock, s["settle"])]
        elif stake is not None:  # a stake per hand, whatever the cards count
            out = [prose.say("scoring", "stake", stake=stake, penalty=method == "penalty",
                             show=rs.show is not None)]
        else:
            out = [prose.say("scoring", "who_scores", method=method, counted=COUNTED.get(count, ""),
                             partners=rs.partnerships is not None, show=rs.show is not None,
                             knock=knock is not None, after=self.after_laying_off(),
                             many=self.many_players())]
        if count == "show" and rs.show is not None:
            out.append(prose.say("scoring", "show_count", pure=rs.show.pure,
                                 runs=W.plural(rs.show.sequences, self.vocab.run)))
        if cap is not None:
            out.append(prose.say("scoring", "cap", points=cap))
        if knock is not None:
            out += (self.lowest_knock_scores(knock, s["settle"]) if lowest or s["settle"] == "pairs"
                    else self.knock_scores(knock))
        if rummy is not None:
            out.append(prose.say("scoring", "rummy", times=rummy["multiplier"],
                                 bonus=rummy["bonus"], penalty=method == "penalty"))
        if wrong is not None:
            out.append(prose.say("scoring", "wrong_show", points=wrong))
        if valid is not None:
            out.append(prose.say("scoring", "valid_show", points=valid))
        for r in s.get("by_upcard") or ():
            out.append(prose.say("scoring", "by_upcard", kind=W.upcard_kind(r),
                                 times=W.times(r["value"])))
        if s["settle"] is not None:
            out.append(self.payments_text(s["settle"]))
        yield "scoring", 1, "\n\n".join(out)
        example = self.scoring_example()
        if example:
            yield "scoring", 9, example

    def knock_scores(self, knock) -> list[str]:
        many = self.many_players()  # a knock is settled with each other player
        out = [prose.say("scoring", "undercut", ties=knock["ties"], bonus=knock["undercut"],
                         many=many)]
        if self.rs.gin is None:  # a knock with no deadwood is an ordinary knock
            return out
        out.append(prose.say("scoring", "gin", bonus=knock["gin"], many=many))
        if self.rs.gin.big_gin:
            out.append(prose.say("scoring", "big_gin", bonus=knock["big_gin"], many=many))
        return out

    def after_laying_off(self) -> str:
        """" (after laying off)" where the defenders lay off onto a knocker's melds."""
        lays_off = self.rs.knock is not None and self.rs.knock.defender_lays_off
        return " (after laying off)" if lays_off else ""
