"""Card values: what each card left in a hand counts, as a table a player reads (also used
for the values an opening is counted with). The sentences are in
``templates/prose/values.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


#: an ace's places in a run: (the ``values.ace_<key>_run`` key, how the page says it)
_ACE_PLACES = (("low", ("low", "A-2-3")), ("high", ("high", "Q-K-A")),
               ("corner", ("round the corner", "K-A-2")))


class Values(Base):
    def values_md(self, values) -> Iterator:
        if not self.rs.values_count:  # hands not scored, and nothing counts the cards
            return
        rows = self.value_rows(values) + self.wild_value_rows(values, joker_default=0)
        places = self.ace_places(values)
        owner = self.rs.scoring.method == "owner"
        worth = [*values["ranks"], values["joker"], values["wild"],
                 *(cv["value"] for cv in (*values["cards"], *values["melded"]))]
        if not any(p for _, p in places) and not any(worth):  # a game for a stake (Pif Paf)
            yield "scoring", 0, prose.say("values", "no_values", stake=self.rs.scoring.stake)
            return
        on_table = "" if not places else "\n\n" + prose.say("values", "ace_in_run",
                                                              places=places, run=self.vocab.run)
        melded = self.melded_text(values) if owner else ""
        on_table += "\n\n" + melded if melded else ""
        if self.rs.bonus is not None and self.rs.bonus.cards:  # wording: their own section
            on_table += "\n\n" + prose.say("values", "bonus_apart",
                                            cards=W.bonus_names(self.rs.bonus.cards)[0])
        yield "scoring", 0, (prose.say("values", "head", owner=owner) + "\n\n" +
                             self.table(["Card", "Value"], [list(r) for r in rows]) + on_table)

    def melded_text(self, values, opening: bool = False) -> str:
        """What cards count melded where that differs from their value in hand
        (``values.melded``), cards of one value together; "" where none do."""
        groups: dict[int, list[str]] = {}
        for cv in values["melded"]:
            groups.setdefault(cv["value"], []).append(cv["card"])
        if not groups:
            return ""
        parts = [(words, points, len(cards) > 1 and words != "every card")
                 for points, cards in groups.items() for words in [self.card_group(cards)]]
        return prose.say("values", "melded", parts=parts, opening=opening)

    def card_group(self, names: list[str]) -> str:
        """Cards (``3S``, ``3C``, …) in a player's words: "every card" for the whole pack,
        a rank for its four suits ("the kings"), a colour ("the black threes"), else each
        card: `A-K = 20 melded` read as fifty-two cards (the Calypso trial)."""
        by_rank: dict[str, list[str]] = {}
        for n in names:
            by_rank.setdefault(n[:-1], []).append(n)
        if len(by_rank) == len(self.rs.deck.ranks) and all(len(c) == 4 for c in by_rank.values()):
            return "every card"
        words = []
        for cards in by_rank.values():
            plural, one = W.bonus_names(cards)
            whole = len(cards) > 1 and one != "bonus card"  # a rank or a colour of it
            words += [f"the {plural}"] if whole else [W.card(C.parse_card(c)) for c in cards]
        return W.join(words)

    def ace_places(self, values) -> list:
        """An ace's value by its place in a run, ``((where, shape), points)`` for each place
        ``values`` gives one (coverage.APPLIES_WHEN: with no runs, none)."""
        if self.rs.melds.run is None:
            return []
        return [(where, values[f"ace_{key}_run"]) for key, where in _ACE_PLACES
                if values[f"ace_{key}_run"] is not None]

    def wild_value_rows(self, values, joker_default: int) -> list[tuple[str, str]]:
        """The rows for printed jokers (when the deck has them; ``joker_default`` when the
        table gives them no value) and for any card used as a wild card (when it says)."""
        rows = []
        if self.rs.deck.has_jokers:
            j = values["joker"]
            rows.append(("Joker", W.points(joker_default if j is None else j)))
        if values["wild"] is not None:
            other = "other " if self.rs.deck.has_jokers and values["joker"] is not None else ""
            rows.append((f"Any {other}card used as a wild card" if not self.rs.wilds.cut else
                         "Wild jokers (cards of the cut rank)", W.points(values["wild"])))
        return rows

    @staticmethod
    def _each_card_valued(values, rank: int) -> bool:
        """Has every card of ``rank`` a value of its own (``values.cards``)?"""
        named = {cv["card"] for cv in values["cards"]}
        return all(C.RANKS[rank] + s in named for s in C.SUITS)

    def value_rows(self, values) -> list[tuple[str, str]]:
        """The value table: ranks grouped as a player reads them (only the ranks the pack
        has: a stripped pack's table leaves out the ranks taken out)."""
        ranks = values["ranks"]
        groups: list[list[int]] = []
        kept = self.rs.deck.ranks
        for i, v in ((i, ranks[i]) for i in kept):  # neighbours of equal value first
            if groups and ranks[groups[-1][-1]] == v and v is not None:
                groups[-1].append(i)
            else:
                groups.append([i])
        merged: list[tuple[bool, list[int]]] = []
        for g in groups:  # then single pip cards worth their number
            face = len(g) == 1 and 1 <= g[0] <= 9 and ranks[g[0]] == g[0] + 1
            if face and merged and merged[-1][0] and merged[-1][1][-1] == g[0] - 1:
                merged[-1][1].append(g[0])
            else:
                merged.append((face, list(g)))
        rows = []
        for face, idx in merged:
            names = [str(i + 1) if self.rs.deck.tiles else C.RANKS[i] for i in idx]
            if len(idx) >= 3 and all(1 <= i <= 9 for i in idx):
                label = f"{names[0]} to {names[-1]}"
            else:
                label = ", ".join(names)
            if face and len(idx) > 1:
                rows.append((label, "the number on the card"))
            else:
                v = ranks[idx[0]]
                if v is None and len(idx) == 1 and self._each_card_valued(values, idx[0]):
                    continue  # red and black threes apart: the cards' own rows say it
                rows.append((label, "—" if v is None else W.points(v)))
        for cv in values["cards"]:
            rows.append((W.card(C.parse_card(cv["card"])), W.points(cv["value"])))
        return rows
