"""The deck and the cards: how many packs and jokers, and how the cards rank (aces low,
high, either or round the corner). The words are in ``templates/prose/cards.md.j2``; the
tables are built here."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


class Cards(Base):
    def deck_by_players(self, deck) -> str:
        """Packs and jokers for each number of players, where the jokers change with it
        (``deck: 1 joker for 3-4 players``): one row per number of players."""
        d = self.rs.deck
        # the table is worked out from these rules (Deck.packs_for, jokers_for): read each
        for rule in [*deck["packs"], *deck["jokers_by"]]:
            rng = rule["players"]
            _ = (rule.get("packs"), rule.get("jokers"), rng and (rng["min"], rng["max"]))
        self.tiles_words(deck)  # never tiles: a tile set has its own jokers (E316)
        rows = [[W.capital(W.span(n, n)), W.number(d.packs_for(n)), W.number(d.jokers_for(n)),
                 str(d.size(n))] for n in self.player_counts()]
        return (prose.say("cards", "packs_and_jokers", without=self.stripped_words(deck))
                + "\n\n" + self.table(["Players", "Packs", "Jokers", "Cards"], rows))

    def deck_md(self, deck) -> Iterator:
        packs = deck["packs"]
        jokers = deck["jokers"]
        per_pack = jokers and deck["jokers_per_pack"]
        if deck["jokers_by"]:  # by the number of players: a table, a row per count
            yield "overview", 2, self.deck_by_players(deck)
            return

        counts = self.player_counts()
        stripped = self.stripped_words(deck)  # never with tiles (E316)
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
                                           size=self.rs.deck.size(counts[0]),
                                           without=stripped, left=4 * len(self.rs.deck.ranks))
        else:
            rows = []
            for p in packs:
                rng = p["players"]
                who = "any other number" if rng is None else W.span(rng["min"], rng["max"])
                n = p["packs"]
                sample = rng["min"] if rng is not None else counts[-1]
                rows.append([W.capital(who), W.number(n), str(self.rs.deck.size(sample))])
            yield "overview", 2, (prose.say("cards", "packs_by_players", jokers=jokers,
                                            per_pack=bool(per_pack), without=stripped)
                                  + "\n\n" + self.table(["Players", "Packs", "Cards"], rows))

    def stripped_words(self, deck) -> str:
        """The ranks taken out of each pack, as a player says them ("eights, nines and
        tens"); empty for a full pack."""
        return W.join(W.rank_name(r, many=True) for r in deck["without"])

    def aces_md(self, aces) -> Iterator:
        mode = aces["mode"]
        runs = self.ex.ace_runs()
        if self.rs.deck.tiles:  # the 1 plays the ace's part
            text = prose.say("tiles", "ranks", mode=mode)
        else:
            kept = [C.RANKS[i] for i in self.rs.deck.ranks]
            text = prose.say("cards", "ranks", mode=mode, run=self.vocab.run,
                             runs=self.rs.melds.run is not None,
                             order=", ".join(kept), high=", ".join(kept[1:] + kept[:1]))
        gap = self.ex.gap_run()
        if gap is not None:  # a stripped pack: a run skips the ranks taken out
            kept = self.rs.deck.ranks
            steps = [f"the {C.RANKS[a]} to the {C.RANKS[b]}" for a, b in zip(kept, kept[1:])
                     if b - a > 1]
            text += " " + prose.say(
                "cards", "gap", gone=W.join((r + "s" for r in self.rs.deck.without), "or"),
                steps=W.join(steps), run=self.vocab.run,
                example="-".join(C.RANKS[C.rank_of(c)] for c in gap.cards))
        if runs:
            run = self.vocab.run
            text += "\n\n" + self.table(["Cards", ""], [
                [W.cards(e.cards), f"{e.note}: {'a ' + run if e.ok else 'not a ' + run}"]
                for e in runs])
        yield "cards", 0, text
