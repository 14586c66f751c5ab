"""Scoring a hand: who scores what (winner collects, penalty points, knock arithmetic),
caps, undercut and gin bonuses, going rummy, shows; then a worked example computed by the
meld code (:mod:`.worked`). The words are in ``templates/prose/scoring.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from ..provenance import Placed
from .base import Base

#: What a player counts at the end of a hand, by ``scoring.count``.
COUNTED = {"all": "all the cards left in their hand",
            "unmatched": "the cards in their hand that are not in melds",
            "show": "their cards"}


class Scoring(Base):
    """The words are in ``templates/prose/scoring.md.j2``."""

    def scoring_md(self, s) -> Iterator:
        """One piece of paragraphs, each made in its own scope of reads so that a marker
        lands on the paragraph that states its rule (:class:`~..provenance.Placed`)."""
        if s["method"] == "none":  # nothing else of scoring applies (coverage.APPLIES_WHEN)
            # the hands won decide the game: "End of the game" says how many
            yield "scoring", 1, prose.say("scoring", "not_scored", unit=self.vocab.unit)
            return
        knock = s["knock"]  # the node: each paragraph reads the parts it states
        lowest = knock is not None and knock["winner"] == "lowest"  # module settlement
        parts = self.parts(self.who_scores_text, s, lowest)
        if (s["method"] != "knock" and s["stake"] is None and s["count"] == "show"
                and self.rs.show is not None):
            show = self.rs.show
            parts += self.parts(lambda: prose.say("scoring", "show_count", pure=show.pure,
                                                  runs=W.plural(show.sequences, self.vocab.run)))
        if s["cap"] is not None:
            parts += self.parts(lambda: prose.say("scoring", "cap", points=s["cap"]))
        if knock is not None and s["stake"] is None:  # under a stake: who_scores_text
            paired = lowest or s["settle"] == "pairs"
            makers = (self.lowest_knock_makers(knock, s["settle"]) if paired
                      else self.knock_makers(knock))
            for make in makers:
                parts += self.parts(make)
        # wording only (rs, not a read): partners score together, low totals are good
        teams, penalty = self.rs.partnerships is not None, self.rs.scoring.method == "penalty"
        # the bonus for going out first: going rummy's paragraph builds on it
        if s["out_bonus"]:
            parts += self.parts(lambda: prose.say(
                "scoring", "out_bonus", bonus=s["out_bonus"], penalty=penalty, teams=teams))
        if s["rummy"] is not None:
            parts += self.parts(lambda: prose.say(
                "scoring", "rummy", times=s["rummy"]["multiplier"], bonus=s["rummy"]["bonus"],
                penalty=penalty, teams=teams, out=self.rs.scoring.out_bonus))
        if s["unopened"] is not None:
            parts += self.parts(lambda: prose.say(
                "scoring", "unopened", points=s["unopened"], done=self.vocab.open("done"),
                side=teams and self.rs.opening.per_side))
        if s["second_hand_untaken"]:
            parts += self.parts(lambda: prose.say(
                "scoring", "second_hand_untaken", points=s["second_hand_untaken"],
                side=teams and self.rs.deal.second_hand.per == "side"))
        mb = s["meld_bonus"]
        if mb is not None:
            parts += self.parts(lambda: prose.say(
                "scoring", "meld_bonus", size=mb["size"], natural=mb["natural"],
                mixed=mb["mixed"], teams=teams))
        for kind in ("set", "run"):
            kb = s["kind_bonus"][kind]
            if kb is not None:
                parts += self.parts(lambda kb=kb, kind=kind: prose.say(
                    "scoring", "kind_bonus", word=getattr(self.vocab, kind), size=kb["size"],
                    natural=kb["natural"], mixed=kb["mixed"], teams=teams,
                    instead=mb is not None, longest=kb["size"] >= self.longest(kind)))
        parts += self.long_kind_parts(s["kind_bonus"], mb is not None, teams)
        for key in ("wrong_show", "valid_show"):
            if s[key] is not None:
                parts += self.parts(lambda key=key: prose.say("scoring", key, points=s[key]))
        for i in range(len(s.get("by_upcard") or ())):
            parts += self.parts(lambda i=i: prose.say(
                "scoring", "by_upcard", kind=W.upcard_kind(s["by_upcard"][i]),
                times=W.times(s["by_upcard"][i]["value"])))
        if s["settle"] is not None:
            parts += self.parts(lambda: self.payments_text(s["settle"]))
        yield "scoring", 1, Placed.of(parts, "\n\n")
        example = self.scoring_example()
        if example:
            yield "scoring", 9, example

    def long_kind_parts(self, kb, meld: bool, teams: bool) -> list:
        """The bonuses of a meld of wild cards alone and of long sets of a rank
        (``scoring.kind_bonus.wild``, ``ranks``), each the only bonus its meld earns."""
        parts = []
        others = meld or kb["set"] is not None or kb["run"] is not None
        wb = kb["wild"]
        if wb is not None:
            parts += self.parts(lambda: prose.say(
                "scoring", "wild_bonus", size=wb["size"], points=wb["points"], teams=teams,
                instead=others or bool(kb["ranks"])))
        for i in range(len(kb["ranks"])):
            parts += self.parts(lambda i=i: prose.say(
                "scoring", "rank_bonus", word=self.vocab.set,
                ranks=W.rank_name(kb["ranks"][i]["rank"], many=True),
                rank=W.rank_name(kb["ranks"][i]["rank"]), size=kb["ranks"][i]["size"],
                natural=kb["ranks"][i]["natural"], mixed=kb["ranks"][i]["mixed"], teams=teams,
                instead=others or wb is not None))
        return parts

    def who_scores_text(self, s, lowest: bool) -> str:
        """Who scores what when a hand ends: the lowest hand's knock, a stake, or the count."""
        rs = self.rs
        method, stake = s["method"], s["stake"]  # a knock won by the lowest hand states them too
        if stake is not None:  # a stake per hand, whatever the cards count (E386)
            said = prose.say("scoring", "stake", stake=stake, penalty=method == "penalty",
                             show=rs.show is not None,  # wording only: the rules say them
                             multiplied=(rs.scoring.rummy is not None
                                         and rs.scoring.rummy.multiplier > 1)
                             or bool(rs.scoring.by_upcard))
            k = s["knock"]
            if k is None:
                return said
            return said + "\n\n" + prose.say(
                "settlement", "stake_knock", lowest=lowest, ties=k["ties"],
                failed=k["undercut_stakes"], after=self.after_laying_off(),
                many=self.many_players())
        if lowest:
            return self.lowest_wins_text(s["knock"], s["settle"]) + self.out_in_knocks(s)
        count = None if method == "knock" else s["count"]  # a knock counts deadwood
        return prose.say("scoring", "who_scores", method=method, counted=COUNTED.get(count, ""),
                         partners=rs.partnerships is not None, show=rs.show is not None,
                         knock=rs.knock is not None and not rs.gin_only,
                         after=self.after_laying_off(), many=self.many_players(),
                         onto=rs.turn.layoff and rs.turn.layoff.onto,
                         out_bonus=bool(rs.scoring.out_bonus)) + self.out_in_knocks(s)

    def out_in_knocks(self, s) -> str:
        """In a knocking game whose melds go on the table, what going out scores: the
        others' counts (the engine's ``_LEFT_ALONE`` endings). "" elsewhere."""
        rs = self.rs
        if rs.knock is None or not rs.melds.on_table or s["stake"] is not None:
            return ""
        return " " + prose.say("scoring", "out_in_knocks", counted=COUNTED[s["count"]])

    def knock_makers(self, knock) -> list:
        """The undercut, gin and big gin paragraphs of a knock settled by the knocker, each
        a maker of its own paragraph."""
        many = self.many_players()  # a knock is settled with each other player
        makers = [] if self.rs.gin_only else [  # gin cannot be undercut
            lambda: prose.say("scoring", "undercut", ties=knock["ties"], bonus=knock["undercut"],
                              many=many)]
        if self.rs.gin is None:  # a knock with no deadwood is an ordinary knock
            return makers
        makers.append(lambda: prose.say("scoring", "gin", bonus=knock["gin"], many=many,
                                              only=self.rs.gin_only))
        if self.rs.gin.big_gin:
            makers.append(lambda: prose.say("scoring", "big_gin", bonus=knock["big_gin"],
                                            many=many))
        return makers

    def after_laying_off(self) -> str:
        """" (after laying off)" where the defenders lay off onto a knocker's melds."""
        lays_off = self.rs.knock is not None and self.rs.knock.defender_lays_off
        return " (after laying off)" if lays_off else ""

    def longest(self, kind: str) -> float:
        """The most cards a meld of ``kind`` may hold (a run: 13 at most, one a rank)."""
        rule = getattr(self.rs.melds, kind)
        most = rule.max if rule is not None and rule.max is not None else float("inf")
        return min(most, 13) if kind == "run" else most
