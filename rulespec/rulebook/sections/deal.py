"""The deal: dealer rotation, cards dealt (by player count and by round), the starter's
extra card, the upcard (buried when wild) and the first upcard's offers. The words are in
``templates/prose/deal.md.j2``; the tables are built here."""

from __future__ import annotations

from collections.abc import Iterator

from ...ruleset import Deal as DealRules
from ...ruleset import from_dict
from ...ruleset.turns import CUT_JOKER, CUT_ORDER
from .. import prose
from .. import words as W
from ..provenance import Placed
from .base import Base


def _cards(n: int | None) -> str:
    return "—" if n is None else W.number(n)


class Deal(Base):
    def deal_md(self, d) -> Iterator:
        parts = []
        for make in (self.first_dealer_text, self.next_dealer_text, self.sizes_text,
                     self.extra_text, self.second_hand_text, self.upcard_text, self.offer_text):
            made = self.parts(make, d)
            if make == self.next_dealer_text:  # the same paragraph, its own marker
                made = [(text, reads, " ") for text, reads in made]
            parts += made
        if self.rs.wilds.cut:
            parts.append((prose.say("deal", "cut_wild", unit=self.vocab.unit), set()))
        yield "deal", 0, Placed.of(parts, "\n\n")

    def seating_md(self, s) -> Iterator:
        """``seating:`` is stated with the deal (:meth:`first_dealer_text`,
        :meth:`next_dealer_text`) and the turn."""
        return iter(())

    def first_dealer_text(self, d) -> str:
        """Who deals first (``seating.first_dealer``)."""
        order = CUT_ORDER + (f", {CUT_JOKER}" if self.rs.deck.has_jokers else "")
        return prose.say("deal", "first_dealer", first=self.ir["seating"]["first_dealer"],
                         order=order)

    def next_dealer_text(self, d) -> str:
        """Who deals each later hand (``seating.next_dealer``, and ``deal.rotation``): a
        sentence of its own, so that a marker on either rule lands on its sentence. In a
        game of one deal the next dealer deals the next game (a session of games)."""
        way = "to the left (clockwise)" if d["rotation"] == "left" else "to the right"
        if self.player_counts() == [2]:
            way = "to the other player"
        return prose.say("deal", "next_dealer", next=self.ir["seating"]["next_dealer"], way=way,
                         unit=self.vocab.unit, single=self.rs.game.rounds == 1)

    def grid(self, d) -> tuple[dict, list[int], list[int]]:
        """Cards dealt by (players, round), read as the engine reads them
        (ruleset.Deal.hand_size) from this page's view."""
        sizes = from_dict(DealRules, {"sizes": d["sizes"]})
        counts, rounds = self.player_counts(), self.rounds()
        rnds = list(range(1, (rounds or 1) + 1))
        return {(n, k): sizes.hand_size(n, k) for n in counts for k in rnds}, counts, rnds

    def sizes_text(self, d) -> str:
        return self.deal_sizes(*self.grid(d), at=d["at_a_time"])

    def extra_text(self, d) -> str | None:
        extra = d["starter_extra"]
        if not extra:
            return None
        sizes_now = set(self.grid(d)[0].values())
        total = W.number(sizes_now.pop() + extra) if len(sizes_now) == 1 else None
        return prose.say("deal", "extra", extra=W.plural(extra, "extra card"), total=total,
                         side=self.rs.seating.first_player if self.rs.seating.first_player
                         in ("dealer", "winner") else self.rs.seating.play,
                         play=self.rs.seating.play)  # wording only: the turn section states it

    def second_hand_text(self, d) -> str | None:
        """The packets set aside after the hands (``deal.second_hand``): how many cards, for
        whom, and when one is picked up (stated with going out, where it is played)."""
        aside = d["second_hand"]
        if aside is None:
            return None
        side = aside["per"] == "side" and self.rs.partnerships is not None
        return prose.say("deal", "second_hand", cards=W.plural(aside["size"], "card"),
                         side=side)

    def offer_text(self, d) -> str | None:
        offer = d["offer"]
        if not offer:
            return None
        roles = [("the non-dealer" if r == "non-dealer" else "the dealer") for r in offer]
        return prose.say("deal", "offer", roles=", then to ".join(roles))

    def deal_sizes(self, grid: dict, counts: list[int], rnds: list[int], at: int | None) -> str:
        """How many cards each player gets (``at`` a time, when the rules say): one number,
        or a table by players and rounds."""
        side = "two" if self.player_counts() == [2] else self.ir["seating"]["play"]
        by_players = len({grid[(n, 1)] for n in counts}) > 1
        by_rounds = len({grid[(counts[0], k)] for k in rnds}) > 1
        if not by_players and not by_rounds:
            return prose.say("deal", "sizes", how="one", at=at, side=side,
                             cards=W.plural(grid[(counts[0], 1)], "card"))
        if by_players and not by_rounds:
            rows, last = [], None
            for n in counts:
                if last and last[1] == grid[(n, 1)]:
                    last[0].append(n)
                else:
                    last = ([n], grid[(n, 1)])
                    rows.append(last)
            head = prose.say("deal", "sizes", how="players", cards=None, at=at, side=side)
            return head + "\n\n" + self.table(
                ["Players", "Cards each"],
                [[W.capital(W.span(ns[0], ns[-1])), _cards(c)] for ns, c in rows])
        if by_rounds and not by_players:
            head = prose.say("deal", "sizes", how="rounds", cards=None, at=at, side=side)
            return head + "\n\n" + self.table(
                ["Round", "Cards each"],
                [[W.capital(W.ordinal(k)), _cards(grid[(counts[0], k)])] for k in rnds])
        head = ["Round"] + [f"{n} players" for n in counts]
        return prose.say("deal", "sizes", how="both", cards=None, at=at,
                         side=side) + "\n\n" + self.table(
            head, [[W.capital(W.ordinal(k))] + [_cards(grid[(n, k)]) for n in counts]
                   for k in rnds])

    def upcard_text(self, d) -> str:
        upcard = d["upcard"]
        # what a turned-up wild card does (asked of the ruleset: the sentence states the
        # upcard's rule, not the wild cards')
        wild = upcard and self.rs.wilds.any
        return prose.say("deal", "upcard", upcard=upcard, wild=wild,
                         pile=upcard or not self.rs.turn.play_or_draw,
                         bury=upcard and wild and d["upcard_wild"] == "bury",
                         cover=upcard and wild and d["upcard_wild"] == "cover",
                         frozen=(td := self.rs.turn.take_discards) is not None
                         and td.frozen_by == "wild")
