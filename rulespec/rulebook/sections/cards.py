"""The deck and the cards: how many packs and jokers, and how the cards rank (aces low,
high, either or round the corner). The deck's paragraph is in
``templates/prose/cards.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class Cards(Base):
    def deck_md(self, deck) -> Iterator:
        packs = deck["packs"]
        jokers = deck["jokers"]
        per_pack = jokers and deck["jokers_per_pack"]

        counts = self.player_counts()
        tiles = self.tiles_words(deck)
        if tiles and len(packs) == 1 and packs[0]["players"] is None:
            n = packs[0]["packs"]
            joke = f" and {W.plural(jokers, 'joker')}" if jokers else ""
            yield "overview", 2, (f"It is played with {W.plural(n, 'copy', 'copies')} of each "
                                  f"tile{joke}: {self.rs.deck.size(counts[0])} tiles in all. "
                                  + tiles)
            return
        if len(packs) == 1 and packs[0]["players"] is None:
            n = packs[0]["packs"]
            yield "overview", 2, prose.say("cards", "deck", packs=n, jokers=jokers,
                                           per_pack=bool(per_pack),
                                           size=self.rs.deck.size(counts[0]))
        else:
            rows = []
            for p in packs:
                rng = p["players"]
                who = "any other number" if rng is None else W.span(rng["min"], rng["max"])
                n = p["packs"]
                sample = rng["min"] if rng is not None else counts[-1]
                rows.append([W.capital(who), W.number(n), str(self.rs.deck.size(sample))])
            extra = f", each pack with {W.plural(jokers, 'joker')}" if jokers and per_pack else \
                (f", with {W.plural(jokers, 'joker')}" if jokers else ", without jokers")
            yield "overview", 2, (
                "The number of standard 52-card packs depends on the number of players"
                f"{extra}:\n\n" + self.table(["Players", "Packs", "Cards"], rows))

    def aces_md(self, aces) -> Iterator:
        mode = aces["mode"]
        runs = self.ex.ace_runs()
        order = "A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K"
        text = {
            "low": f"The cards of each suit rank {order}. Aces are low.",
            "high": "The cards of each suit rank 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A. "
                    "Aces are high.",
            "either": f"The cards of each suit rank {order}. An ace may be used low or high in a "
                      f"{self.vocab.run}, but not both at once: it may not join a king to a two.",
            "around": f"The cards of each suit rank {order}, and the order goes round the corner: "
                      f"an ace may be low, high, or between a king and a two.",
        }[mode]
        if runs:
            run = self.vocab.run
            text += "\n\n" + self.table(["Cards", ""], [
                [W.cards(e.cards), f"{e.note}: {'a ' + run if e.ok else 'not a ' + run}"]
                for e in runs])
        yield "cards", 0, text
