"""The deal: dealer rotation, cards dealt (by player count and by round), the starter's
extra card, the upcard (buried when wild) and the first upcard's offers."""

from __future__ import annotations

from collections.abc import Iterator

from ...ruleset import Deal as DealRules
from ...ruleset import from_dict
from ...ruleset.turns import CUT_JOKER, CUT_ORDER
from .. import words as W
from ..provenance import Placed
from .base import Base


def _cards(n: int | None) -> str:
    return "—" if n is None else W.number(n)


class Deal(Base):
    def deal_md(self, d) -> Iterator:
        parts = []
        for make in (self.first_dealer_text, self.next_dealer_text, self.sizes_text,
                     self.extra_text, self.upcard_text, self.offer_text):
            made = self.parts(make, d)
            if make == self.next_dealer_text:  # the same paragraph, its own marker
                made = [(text, reads, " ") for text, reads in made]
            parts += made
        if self.rs.wilds.cut:
            parts.append(("One card is then cut at random from the stock to choose the wild "
                          f"joker for the {self.vocab.unit} (see [The cards](#the-cards)).",
                          set()))
        yield "deal", 0, Placed.of(parts, "\n\n")

    def seating_md(self, s) -> Iterator:
        """``seating:`` is stated with the deal (:meth:`first_dealer_text`,
        :meth:`next_dealer_text`) and the turn."""
        return iter(())

    def first_dealer_text(self, d) -> str:
        """Who deals first (``seating.first_dealer``)."""
        first = self.ir["seating"]["first_dealer"]
        if first == "random":
            return "The first dealer is chosen at random."
        side = "highest" if first == "high card" else "lowest"
        order = CUT_ORDER + (f", {CUT_JOKER}" if self.rs.deck.jokers else "")
        return (f"To choose the first dealer, each player cuts a card from the shuffled pack "
                f"({order}); the player with the {side} card deals first, and players who tie "
                f"for it cut again.")

    def next_dealer_text(self, d) -> str:
        """Who deals each later hand (``seating.next_dealer``, and ``deal.rotation``): a
        sentence of its own, so that a marker on either rule lands on its sentence."""
        rot = "to the left (clockwise)" if d["rotation"] == "left" else "to the right"
        nxt, unit = self.ir["seating"]["next_dealer"], self.vocab.unit
        if nxt == "in turn":
            return f"After each {unit} the deal passes {rot}."
        return (f"After each {unit} the {nxt} of the {unit} deals the next one; when the {unit} "
                f"has no single {nxt}, the deal passes {rot}.")

    def grid(self, d) -> tuple[dict, list[int], list[int]]:
        """Cards dealt by (players, round), read as the engine reads them
        (ruleset.Deal.hand_size) from this page's view."""
        sizes = from_dict(DealRules, {"sizes": d["sizes"]})
        counts, rounds = self.player_counts(), self.rounds()
        rnds = list(range(1, (rounds or 1) + 1))
        return {(n, k): sizes.hand_size(n, k) for n in counts for k in rnds}, counts, rnds

    def sizes_text(self, d) -> str:
        return self.deal_sizes(*self.grid(d))

    def extra_text(self, d) -> str | None:
        extra = d["starter_extra"]
        if not extra:
            return None
        sizes_now = set(self.grid(d)[0].values())
        total = f" ({W.number(sizes_now.pop() + extra)} in all)" if len(sizes_now) == 1 else ""
        return (f"The player who starts (the player to the dealer's left) is dealt "
                f"{W.plural(extra, 'extra card')}{total}.")

    def offer_text(self, d) -> str | None:
        offer = d["offer"]
        if not offer:
            return None
        roles = [("the non-dealer" if r == "non-dealer" else "the dealer") for r in offer]
        return (f"Before play begins the upcard is offered first to "
                f"{', then to '.join(roles)}; a player who takes it then discards. If it "
                f"is refused, the non-dealer starts by drawing from the stock.")

    def deal_sizes(self, grid: dict, counts: list[int], rnds: list[int]) -> str:
        """How many cards each player gets: one number, or a table by players and rounds."""
        by_players = len({grid[(n, 1)] for n in counts}) > 1
        by_rounds = len({grid[(counts[0], k)] for k in rnds}) > 1
        if not by_players and not by_rounds:
            n = grid[(counts[0], 1)]
            return (f"The dealer deals the cards one at a time, {W.plural(n, 'card')} to each "
                    f"player.")
        if by_players and not by_rounds:
            rows, last = [], None
            for n in counts:
                if last and last[1] == grid[(n, 1)]:
                    last[0].append(n)
                else:
                    last = ([n], grid[(n, 1)])
                    rows.append(last)
            return ("The dealer deals the cards one at a time; how many each player gets depends "
                    "on the number of players:\n\n" + self.table(
                        ["Players", "Cards each"],
                        [[W.capital(W.span(ns[0], ns[-1])), _cards(c)] for ns, c in rows]))
        if by_rounds and not by_players:
            return ("The dealer deals the cards one at a time; the number of cards changes from "
                    "round to round:\n\n" + self.table(
                        ["Round", "Cards each"],
                        [[W.capital(W.ordinal(k)), _cards(grid[(counts[0], k)])] for k in rnds]))
        head = ["Round"] + [f"{n} players" for n in counts]
        return ("Cards dealt to each player, by round and number of players:\n\n" + self.table(
            head, [[W.capital(W.ordinal(k))] + [_cards(grid[(n, k)]) for n in counts]
                   for k in rnds]))

    def upcard_text(self, d) -> str:
        if not d["upcard"] and self.rs.turn.play_or_draw:
            return ("No card is turned up: the rest is placed face down as the stock. There is "
                    "no discard pile.")
        if not d["upcard"]:
            return ("No card is turned up: the rest of the pack is placed face down as the "
                    "stock, and the discard pile starts with the first discard.")
        text = ("The next card is turned face up to start the discard pile, and the rest of the "
                "pack is placed face down beside it as the stock.")
        if self.wild_words():
            if d["upcard_wild"] == "bury":
                text += (" The first face-up card may not be a wild card: if it is, the dealer "
                         "buries it in the stock and turns up the next card.")
            else:
                text += (" If that card is a wild card it stays there, and may be taken like "
                         "any other.")
        return text
