"""Wild cards: which cards are wild (printed jokers, whole ranks, named cards, a rank cut
for each deal), whether they may stand for themselves, and the limits on wild cards in
a meld. The words are in ``templates/prose/wilds.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


class Wilds(Base):
    """The words are in ``templates/prose/wilds.md.j2``."""

    def dealt_ranks(self) -> list[tuple[str, str]]:
        """Under ``wild: rank of cards dealt``, each round's wild rank and the round, as the
        engine reads them (``Ruleset.dealt_wild_rank``): ("threes", "first")."""
        last = self.rounds() or 1
        return [(W.rank_name(rank, many=True), W.ordinal(k)) for k in range(1, last + 1)
                if (rank := self.rs.dealt_wild_rank(k)) is not None]

    def cut_only(self) -> bool:
        """Is the cut rank the one thing wild ("every card of the rank cut … is wild")?"""
        w = self.rs.wilds
        return w.cut and not (w.jokers or w.ranks or w.cards or w.dealt_rank)

    def _runs(self, v) -> str | None:
        """The word for a run, or None in a game without runs (nothing to contrast)."""
        return v.run if self.rs.melds.run is not None else None

    def wilds_md(self, w) -> Iterator:
        what = self.wild_words()
        # wording only: some rounds name wild cards of their own (Three Thirteen)
        by_round = any("wilds" in e.rules and e.rules["wilds"] != self.ir["wilds"]
                       for e in self.rs.by_round)
        if not what and not by_round:  # nothing else applies (coverage.APPLIES_WHEN)
            yield "cards", 1, prose.say("wilds", "no_wilds")
            return
        v = self.vocab
        # one piece per paragraph, each yielded right after the rules it reads, so that a
        # provenance marker lands on the paragraph that states its rule (render.page)
        if not what:
            yield "cards", 1, prose.say("wilds", "by_round", unit=v.unit)
        else:
            yield "cards", 1, prose.say("wilds", "which", what=W.capital(what),
                                        one=self.cut_only())
        if w["dealt_rank"]:
            yield "cards", 1, prose.say("wilds", "dealt_rank", unit=v.unit,
                                        ranks=self.dealt_ranks())
        if w["cut"]:
            yield "cards", 1, prose.say("wilds", "cut", unit=v.unit)
            joker_rank = w["cut_joker_rank"]
            if joker_rank is not None:
                yield "cards", 1, prose.say("wilds", "cut_joker",
                                            ranks=W.rank_name(joker_rank, many=True))
        nat = w["as_natural"]
        if nat in ("runs", "always"):
            yield "cards", 1, prose.say("wilds", "natural", where=nat, run=v.run,
                                        jokers=self.rs.deck.has_jokers)
        if w["not_outnumber"]:  # a meld with no natural card is not held to it (melds/context.py)
            # the sentence states the all-wild rule only as an exception ("except that a set
            # may be made only of wild cards"): read it there, so that its marker lands there
            allw = self.rs.wilds.all_wild
            if allw != "never":
                allw = w["all_wild"]
            # a natural card laid off onto an all-wild meld would be outnumbered (melds/context.py)
            lay_off = allw in ("sets", "any") and self.rs.melds.on_table and self.rs.turn.layoff
            yield "cards", 1, prose.say("wilds", "not_outnumber", all_wild=allw,
                                        lay_off=bool(lay_off), set=v.set, run=self._runs(v))
        if w["naturals_outnumber"]:
            yield "cards", 1, prose.say("wilds", "naturals_outnumber")
        if w["only_in"] is not None:
            yield "cards", 1, prose.say("wilds", "only_in", kind=w["only_in"], set=v.set,
                                        run=v.run)
        if w["not_for"]:
            chips = W.join([W.card(C.parse_card(n)) for n in w["not_for"]], "or")
            yield "cards", 1, prose.say("wilds", "not_for", cards=chips,
                                        distinct=self.rs.melds.set is not None
                                        and self.rs.melds.set.suits == "distinct")
        if w["min_naturals"] is not None:
            yield "cards", 1, prose.say("wilds", "min_naturals", least=w["min_naturals"])
        if w["max_per_meld"] is not None:
            yield "cards", 1, prose.say("wilds", "at_most", most=w["max_per_meld"])
        allw = w["all_wild"]
        if allw == "never" or not w["not_outnumber"]:
            yield "cards", 1, prose.say("wilds", "all_wild", all_wild=allw, set=v.set,
                                        run=self._runs(v))
        if allw != "never" and self.rs.melds.set is not None:
            yield "cards", 1, self._all_wild_rank(w, v)
        rep = w["replace"]
        if rep is not None:
            yield "cards", 1, self.replacing_text(rep, nat)

    def _all_wild_rank(self, w, v) -> str:
        """What a set made only of wild cards is: a set of no rank (``all_wild_own``), or
        of the rank its player names, never one whose every card is wild."""
        m, rs = self.rs.melds, self.rs
        who = None
        if m.one_per_rank is not None:
            who = ("side" if m.one_per_rank == "side" and rs.partnerships is not None
                   else "player")
        wild_ranks = "" if w["as_natural"] == "always" else W.join(
            [W.rank_name(r, many=True) for r in w["ranks"]], "or")
        return prose.say("wilds", "all_wild_rank", own=w["all_wild_own"], who=who,
                         # the rule on outnumbering says it already
                         lay_off=bool(m.on_table and rs.turn.layoff and not w["not_outnumber"]),
                         wild_ranks=wild_ranks,
                         set=v.set)
