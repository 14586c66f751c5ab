"""The deck and the cards: how many packs and jokers, and how the cards rank (aces low,
high, either or round the corner). The words are in ``templates/prose/cards.md.j2``; the
tables are built here."""

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
            yield "overview", 2, prose.say("cards", "tile_deck", copies=n, jokers=jokers,
                                           size=self.rs.deck.size(counts[0]), tiles=tiles)
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
            yield "overview", 2, (prose.say("cards", "packs_by_players", jokers=jokers,
                                            per_pack=bool(per_pack)) + "\n\n"
                                  + self.table(["Players", "Packs", "Cards"], rows))

    def aces_md(self, aces) -> Iterator:
        mode = aces["mode"]
        runs = self.ex.ace_runs()
        text = (prose.say("tiles", "ranks") if self.rs.deck.tiles  # 1 is low (E375)
                else prose.say("cards", "ranks", mode=mode, run=self.vocab.run))
        if runs:
            run = self.vocab.run
            text += "\n\n" + self.table(["Cards", ""], [
                [W.cards(e.cards), f"{e.note}: {'a ' + run if e.ok else 'not a ' + run}"]
                for e in runs])
        yield "cards", 0, text
