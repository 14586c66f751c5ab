"""Opening requirements: the contract of each round, or the points a player's first melds
must be worth (with examples counted by the meld code). The words are in
``templates/prose/opening.md.j2``; the tables are built here."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from ..provenance import Placed
from .base import Base


#: hands an opening example may show, as two melds each (the first two suit most tables;
#: the others give a higher and a lower count, and sets alone for a game without runs)
_OPENING_HANDS = ("JS QS KS 7H 7D 7C", "4D 5D 6D 3H 3C 3S", "AS AH AD KS KH KD",
                  "4D 5D 6D 4H 4C 4S", "4H 4C 4S 5H 5C 5S")


class Opening(Base):
    def opening_md(self, o) -> Iterator:
        """Parts, each with the rules read to write it, so that a marker lands on the
        sentence of its rule (the threshold, or how a wild card counts)."""
        parts = []
        if o["contracts"]:
            parts += self.parts(self.contracts_text, o)
            if o["exact"]:
                verb = self.vocab.open("verb")
                parts += self.parts(lambda: prose.say("opening", "exact", verb=verb))
            if o["threshold"] is None and not o["by_score"]:
                parts += self.parts(self.per_side_text, o)
        if o["threshold"] is not None or o["by_score"]:  # values alone are an error (E333)
            parts += self.parts(self.threshold_text, o)
            parts += [(s, reads, " ") for s, reads in self.parts(self.per_side_text, o)]
            parts += [(s, reads, " ") for s, reads in self.parts(self.wild_count_text, o)]
            parts += [(s, reads, "\n\n") for s, reads in self.parts(self.opening_values_text, o)]
        if o["then_draw"]:
            parts += self.parts(lambda: prose.say(
                "opening", "then_draw", cards=W.plural(o["then_draw"], "card"),
                side=self.rs.partnerships is not None and self.rs.opening.per_side))
        if parts:
            yield "opening", 0, Placed.of(parts, "\n\n")

    def contracts_text(self, o) -> list[str]:
        v = self.vocab
        by_round = self.rs.deal.sizes and len({s.cards for s in self.rs.deal.sizes}) > 1
        head = ["Round"] + (["Cards dealt"] if by_round else []) + ["Contract", "Fewest cards"]
        rows = []
        # round 0: every round without a contract of its own (listed last)
        listed = o["contracts"]
        every = None if listed[0]["round"] else "all" if len(listed) == 1 else "rest"
        for c in listed[1:] + listed[:1] if every == "rest" else listed:
            opts = c["options"]
            text = " or ".join(self.contract_text(opt) for opt in opts)
            fewest = min(self.min_cards(opt) for opt in opts)
            row = [W.capital(W.ordinal(c["round"])) if c["round"]
                   else "Every round" if every == "all" else "Every other round"]
            if by_round:
                dealt = self.variant.deal_size(self.player_counts()[0], c["round"] or 1)
                varies = not c["round"] and any(s.rounds for s in self.rs.deal.sizes)
                row.append("as dealt" if varies else W.number(dealt or 0))
            rows.append(row + [W.capital(text), W.number(fewest)])
        # with no new melds after opening, the only thing the contract comes before is laying off
        new_after = self.ir["turn"]["new_melds_after_opening"]
        out = [prose.say("opening", "contracts", others=new_after, noun=v.open("noun"),
                         every=every)
               + "\n\n" + self.table(head, rows)]
        unsized = {r.kind for c in self.rs.opening.contracts for opt in c.options for r in opt
                   if r.size is None}  # only a slot with no size takes the smallest meld
        sizes = [(k, getattr(self.rs.melds, k)) for k in ("set", "run")
                 if getattr(self.rs.melds, k) and k in unsized]
        if sizes:
            out.append(prose.say("opening", "smallest", sizes=W.join(
                f"{W.number(m.min)} cards for a {v.kind(k)}" for k, m in sizes)))
        return "\n\n".join(out)

    def threshold_text(self, o) -> str:
        layoff = self.ir["turn"]["layoff"]  # a lay-off may need the opening, or nothing
        needs = None if layoff is None else layoff["requires"]
        if needs == "nothing" and self._only_opened_melds(layoff["onto"], o["per_side"]):
            needs = None  # nothing to lay off onto before opening: no sentence
        tiers = [(t["threshold"], t["least"], t["below"]) for t in o["by_score"]]
        return prose.say("opening", "threshold", points=o["threshold"],
                         layoff=needs,
                         done=self.vocab.open("done"), tiers=tiers,
                         side=self.rs.partnerships is not None, pure=o["pure_runs"],
                         run=self.vocab.run, runs=self.vocab.runs)

    @staticmethod
    def _only_opened_melds(onto: str, per_side: bool) -> bool:
        """May lay-offs go only onto melds of a side that has opened (a player's own, or
        also a partner's where one opening opens the side)? Then none is possible before."""
        return onto == "own" or (onto == "team" and per_side)

    def per_side_text(self, o) -> str:
        """Under partnerships, whether a partner's opening opens the whole side."""
        return prose.say("opening", "per_side", done=self.vocab.open("done")) if o[
            "per_side"] else ""

    def wild_count_text(self, o) -> str:
        w = self.rs.wilds
        own = (self.vocab.set if o["wild_counts_as_natural"] and w.any and w.all_wild != "never"
               and self.rs.melds.set is not None and self.ir["wilds"]["all_wild_own"] else "")
        return prose.say("opening", "wild_count", natural=o["wild_counts_as_natural"], own=own)

    def opening_values_text(self, o) -> str:
        """The values the opening is counted with (when the file gives them), and two
        openings counted by the meld code."""
        ovalues = o["values"]
        text = ""
        if ovalues is not None:
            rows = self.value_rows(ovalues)
            if not o["wild_counts_as_natural"]:  # else no wild card counts its own value
                # a joker without an opening value counts its value in hand (melds/context.py)
                rows += self.wild_value_rows(ovalues, self.ir["values"]["joker"] or 0)
            text = prose.say("opening", "values_head") + "\n\n" + self.table(
                ["Card", "Value"], [list(r) for r in rows])
        # an ace counted by its place in a run: the opening's own values, else the table's
        places = self.ace_places(ovalues if ovalues is not None else self.ir["values"])
        melded = "" if ovalues is not None else self.melded_text(self.ir["values"], True)
        text += ("\n\n" if text and melded else "") + melded
        if places:
            text += ("\n\n" if text else "") + prose.say(
                "values", "ace_in_run", places=places, run=self.vocab.run, opening=True,
                noun=self.vocab.open("noun"), above=ovalues is not None)
        return "\n\n".join(t for t in (text, self.opening_examples()) if t)

    def contract_text(self, option) -> str:
        parts = []
        for req in option:
            kind = self.vocab.kind(req["kind"])
            text = W.plural(req["count"], kind, self.vocab.kind(req["kind"], 2))
            size, exact = req["size"], req["exact"]  # exact comes with a size only
            if size is not None:
                text += " of " + ("exactly " if exact else "") + W.number(size)
            parts.append(text)
        return W.join(parts)

    def min_cards(self, option) -> int:
        m = self.rs.melds
        total = 0
        for req in option:
            size = req["size"]
            if size is None:
                size = (m.set.min if req["kind"] == "set" else m.run.min)
            total += req["count"] * size
        return total

    def opening_examples(self) -> str:
        """Two openings counted by the meld code: one enough, one not."""
        t = self.rs.opening.threshold
        bonus = set(self.rs.bonus.cards) if self.rs.bonus is not None else set()
        found = []  # (row, enough) for each candidate that is two melds with nothing over
        for hand in _OPENING_HANDS:
            if bonus & set(hand.split()):  # a bonus card is never melded
                continue
            value, arr = self.variant.opening_value(C.parse_cards(hand))
            if len(arr.melds) != 2 or arr.deadwood:
                continue
            groups = "  ".join(W.cards(m.cards) for m in arr.melds)
            # enough: worth the threshold, with the pure runs the opening must include
            pure = sum(1 for m in arr.melds if m.kind == "run" and m.pure)
            ok = value >= t and pure >= self.rs.opening.pure_runs
            found.append(([groups, W.points(value), "enough" if ok else "not enough"], ok))
        # one that is enough and one that is not, where the candidates have both
        mixed = [next((f for f in found if f[1] is ok), None) for ok in (True, False)]
        rows = ([f[0] for f in found if f in mixed] if all(mixed)
                else [f[0] for f in found[:2]])
        if not rows:
            return ""
        head = ["Melds", "Worth", f"To {self.vocab.open('verb')}"]
        return prose.say("opening", "examples_head") + "\n\n" + self.table(head, rows)
