"""The deck and the cards: how many packs and jokers, and how the cards rank (aces low,
high, either or round the corner). The deck's paragraph is in
``templates/prose/cards.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


class Cards(Base):
    def deck_md(self, deck) -> Iterator:
        packs = deck["packs"]
        jokers = deck["jokers"]
        per_pack = jokers and deck["jokers_per_pack"]

        counts = self.player_counts()
        stripped = self.stripped_words(deck)  # never with tiles (E316)
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
                                           size=self.rs.deck.size(counts[0]),
                                           without=stripped)
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
            strip = f", each stripped of the {stripped}" if stripped else ""
            yield "overview", 2, (
                f"The number of standard 52-card packs{strip} depends on the number of players"
                f"{extra}:\n\n" + self.table(["Players", "Packs", "Cards"], rows))

    def stripped_words(self, deck) -> str:
        """The ranks taken out of each pack, as a player says them ("eights, nines and
        tens"); empty for a full pack."""
        return W.join(W.rank_name(r, many=True) for r in deck["without"])

    def aces_md(self, aces) -> Iterator:
        mode = aces["mode"]
        runs = self.ex.ace_runs()
        kept = [C.RANKS[i] for i in self.rs.deck.ranks]
        order = ", ".join(kept)
        high = ", ".join(kept[1:] + kept[:1])
        text = {
            "low": f"The cards of each suit rank {order}. Aces are low.",
            "high": f"The cards of each suit rank {high}. Aces are high.",
            "either": f"The cards of each suit rank {order}. An ace may be used low or high in a "
                      f"{self.vocab.run}, but not both at once: it may not join a king to a two.",
            "around": f"The cards of each suit rank {order}, and the order goes round the corner: "
                      f"an ace may be low, high, or between a king and a two.",
        }[mode]
        gap = self.ex.gap_run()
        if gap is not None:
            gone = self.rs.deck.without
            kept = self.rs.deck.ranks
            steps = [f"the {C.RANKS[a]} to the {C.RANKS[b]}" for a, b in zip(kept, kept[1:])
                     if b - a > 1]
            text += (f" The pack has no {W.join((r + 's' for r in gone), 'or')}, so a "
                     f"{self.vocab.run} goes straight from {W.join(steps)}: "
                     f"{'-'.join(C.RANKS[C.rank_of(c)] for c in gap.cards)} is a "
                     f"{self.vocab.run}.")
        if runs:
            run = self.vocab.run
            text += "\n\n" + self.table(["Cards", ""], [
                [W.cards(e.cards), f"{e.note}: {'a ' + run if e.ok else 'not a ' + run}"]
                for e in runs])
        yield "cards", 0, text
