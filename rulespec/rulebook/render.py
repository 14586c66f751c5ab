"""Compiled variant → rulebook page (Markdown), in the order a rulebook uses.

Each top-level IR node (``deck``, ``turn``, ``scoring`` …) has a renderer method named
``<node>_md``, found through a dispatch table built from the class (as sqlglot's generator
finds its ``<node>_sql`` methods). A renderer yields ``(section, weight, markdown)``
pieces; the page template lays the sections out in rulebook order.

No silent gaps: the IR is read through a recording view, and after a page is rendered
every leaf of the IR must have been read by some renderer. A top-level node with no
renderer, or a field that no renderer looked at (a rule added to the language but not to
the rulebook), raises :class:`UnrenderedNode` and fails the build.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import cards as C
from . import safe
from . import words as W
from .examples import EXAMPLE_CUT, Examples

# ---------------------------------------------------------------- no silent gaps


class UnrenderedNode(Exception):
    """An IR node or field that no rulebook renderer handles."""

    def __init__(self, variant: str, paths: list[str]):
        self.paths = paths
        super().__init__(f"{variant}: no rulebook renderer for {', '.join(paths)} "
                         f"(add a `<node>_md` method or read the field in one)")


class Tracked:
    """A read-recording view of one IR object: ``node["field"]`` notes the field's path."""

    __slots__ = ("_data", "_path", "_seen")

    def __init__(self, data: dict, path: str, seen: set):
        self._data, self._path, self._seen = data, path, seen

    def __getitem__(self, key: str):
        return _wrap(self._data[key], f"{self._path}.{key}" if self._path else key, self._seen)

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def keys(self):
        return self._data.keys()

    def get(self, key: str, default=None):
        return self[key] if key in self._data else default


def _wrap(value, path: str, seen: set):
    if isinstance(value, dict):
        return Tracked(value, path, seen)
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return [_wrap(v, path + ".*", seen) for v in value]
    seen.add(path)
    return value


def leaf_paths(value, path: str = "") -> set[str]:
    """Every leaf of an IR document, list items written ``*``."""
    if isinstance(value, dict):
        out = set()
        for k, v in value.items():
            out |= leaf_paths(v, f"{path}.{k}" if path else k)
        return out
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        out = set()
        for v in value:
            out |= leaf_paths(v, path + ".*")
        return out
    return {path}


# ---------------------------------------------------------------- vocabulary

_OPENING_FORMS = {
    "opening": {"verb": "open", "third": "opens", "done": "opened", "noun": "opening"},
    "going down": {"verb": "go down", "third": "goes down", "done": "gone down", "noun": "going down"},
}


@dataclass(frozen=True)
class Vocabulary:
    """The variant's own words (from its ``terms:``), for melds and for opening."""

    set: str = "set"
    run: str = "run"
    opening: str = "opening"

    @property
    def sets(self) -> str:
        return self.set + "s"

    @property
    def runs(self) -> str:
        return self.run + "s"

    def open(self, form: str) -> str:
        return _OPENING_FORMS[self.opening][form]

    def kind(self, kind: str, n: int = 1) -> str:
        word = self.set if kind == "set" else self.run
        return word if n == 1 else word + "s"


# ---------------------------------------------------------------- the page model

SECTIONS = (
    ("changes", None),
    ("overview", "Overview"),
    ("cards", "The cards"),
    ("deal", "The deal"),
    ("turn", "A turn"),
    ("melds", "Melds"),
    ("opening", None),  # titled in the variant's words
    ("ending", "Ending a hand"),
    ("scoring", "Scoring"),
    ("end", "End of the game"),
    ("optional", "Optional rules"),
)


@dataclass
class Page:
    title: str
    link_up: str | None = None
    sections: list[tuple[str, str | None, list[str]]] = field(default_factory=list)


@dataclass(frozen=True)
class Related:
    """Another page this one links to: its title, relative link and a one-line summary."""

    title: str
    link: str
    summary: str = ""


# ---------------------------------------------------------------- the renderer


class Rulebook:
    """The rulebook page of one compiled variant.

    ``parent`` (a :class:`Related`) and ``children`` (house rules and variants built on
    this one) come from the site, which knows every variant; ``changes`` are the
    sentences of :mod:`rulespec.rulebook.diff` against the parent.
    """

    def __init__(self, variant, parent: Related | None = None, children: tuple[Related, ...] = (),
                 changes: tuple[str, ...] = ()):
        self.variant = variant
        self.seen: set[str] = set()
        self.ir = Tracked(safe.ir(variant), "", self.seen)  # every string escaped for Markdown
        self.parent, self.children, self.changes = parent, children, changes
        t = self.ir["terms"]
        self.vocab = Vocabulary(t["set"], t["run"], t["opening"])
        self.ex = Examples(variant, self.vocab)

    # ------------------------------------------------------------ dispatch
    @classmethod
    def dispatch(cls) -> dict:
        return {name[:-3]: fn for klass in reversed(cls.__mro__)
                for name, fn in vars(klass).items() if name.endswith("_md")}

    def page(self) -> Page:
        table = self.dispatch()
        pieces: dict[str, list[tuple[int, int, str]]] = {}
        order = 0
        for key in self.variant.ir:
            fn = table.get(key)
            if fn is None:
                raise UnrenderedNode(self.variant.name, [key])
            for section, weight, text in fn(self, self.ir[key]) or ():
                pieces.setdefault(section, []).append((weight, order, text))
                order += 1
        missing = sorted(leaf_paths(self.variant.ir) - self.seen)
        if missing:
            raise UnrenderedNode(self.variant.name, missing)
        page = Page(self.ir["name"], self.parent.link if self.parent else None)
        for key, title in SECTIONS:
            if key not in pieces:
                continue
            if key == "opening":
                title = self.opening_title()
            page.sections.append((key, title, [t for _, _, t in sorted(pieces[key])]))
        return page

    # ------------------------------------------------------------ small helpers
    @property
    def rs(self):
        return self.variant.ruleset

    def player_counts(self) -> list[int]:
        p = self.rs.players
        return list(range(p.min, (p.max if p.max is not None else p.min + 4) + 1))

    def rounds(self) -> int | None:
        """How many rounds have their own rules (deal sizes or contracts), if any."""
        r = self.rs
        last = max([c.round for c in r.opening.contracts] +
                   [s.rounds.max or s.rounds.min for s in r.deal.sizes if s.rounds is not None] + [0])
        if last == 0:
            return None
        return max(last, r.game.rounds or 0)

    @staticmethod
    def bounds(rng) -> tuple[int, int | None] | None:
        """A range node as ``(min, max)``, or None."""
        return None if rng is None else (rng["min"], rng["max"])

    def opening_title(self) -> str:
        if self.vocab.opening != "opening":
            return W.capital(self.vocab.open("noun"))
        return "Contracts" if self.rs.opening.contracts else "Opening"

    def contract_text(self, option) -> str:
        parts = []
        for req in option:
            text = W.plural(req["count"], self.vocab.kind(req["kind"]), self.vocab.kind(req["kind"], 2))
            if req["size"] is not None:
                text += f" of {W.number(req['size'])}"
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

    def value_rows(self, values) -> list[tuple[str, str]]:
        """The value table: ranks grouped as a player reads them."""
        ranks = values["ranks"]
        groups: list[list[int]] = []
        for i, v in enumerate(ranks):  # neighbours of equal value first
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
            names = [C.RANKS[i] for i in idx]
            if len(idx) >= 3 and all(1 <= i <= 9 for i in idx):
                label = f"{names[0]} to {names[-1]}"
            else:
                label = ", ".join(names)
            if face and len(idx) > 1:
                rows.append((label, "the number on the card"))
            else:
                v = ranks[idx[0]]
                rows.append((label, "—" if v is None else W.points(v)))
        for cv in values["cards"]:
            rows.append((W.card(C.parse_card(cv["card"])), W.points(cv["value"])))
        return rows

    def table(self, head: list[str], rows: list[list[str]]) -> str:
        lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
        return "\n".join(lines)

    def example_table(self, examples, head=("Cards", "")) -> str:
        rows = [[W.cards(e.cards), ("✔ " if e.ok else "✘ not a meld: ") + e.note] for e in examples]
        return self.table(list(head), rows)

    def wild_words(self) -> str:
        """What the variant's wild cards are, in a phrase (empty when there are none)."""
        w = self.rs.wilds
        parts = []
        if w.jokers:
            parts.append("the jokers")
        for r in w.ranks:
            parts.append(f"every {W.rank_name(r)}")
        if w.cards:
            red = all(C.is_red(C.parse_card(c)) for c in w.cards)
            same = len({c[:-1] for c in w.cards}) == 1
            if same and len(w.cards) == 2 and red:
                parts.append(f"the red {W.rank_name(w.cards[0][:-1], many=True)} "
                             f"({W.cards(C.parse_card(c) for c in w.cards)})")
            else:
                parts.append(W.cards(C.parse_card(c) for c in w.cards))
        if w.cut:
            parts.append("every card of the rank cut for the deal")
        return W.join(parts)

    # ------------------------------------------------------------ renderers: the variant
    def name_md(self, name) -> Iterator:
        return ()  # the page title

    def terms_md(self, terms) -> Iterator:
        """The variant's words are read in ``__init__`` and used throughout the page."""
        return ()

    def sources_md(self, sources) -> Iterator:
        """Source spans point diagnostics at the text; a rulebook states rules, not where
        they were written, so the whole node is consumed without output."""
        self.seen.update(leaf_paths(self.variant.ir["sources"], "sources"))
        return ()

    def origin_md(self, origin) -> Iterator:
        origin["file"], origin["overrides"]
        if origin["parent"] is not None and self.parent is not None:
            house = "/house/" in origin["file"]
            if house:
                text = f"These are house rules for [{self.parent.title}]({self.parent.link}). They change "
            else:
                text = f"This variant is built on [{self.parent.title}]({self.parent.link}). It changes "
            if self.changes:
                text += "these rules; everything else is as in the parent game:\n\n"
                text += "\n".join(f"- {c}" for c in self.changes)
            else:
                text += "nothing that the rulebook shows."
            yield "changes", 0, text
        if self.children:
            house = [c for c in self.children if "house/" in c.link]
            others = [c for c in self.children if "house/" not in c.link]
            if house:
                yield "optional", 0, ("Players who agree beforehand may play with these house rules; "
                                      "each page lists what it changes.\n\n" +
                                      "\n".join(f"- [{c.title}]({c.link}): {c.summary}" for c in house))
            if others:
                yield "optional", 1, ("These variants are built on this one:\n\n" +
                                      "\n".join(f"- [{c.title}]({c.link}): {c.summary}" for c in others))

    # ------------------------------------------------------------ players and cards
    def players_md(self, players) -> Iterator:
        lo, hi = players["min"], players["max"]
        name = self.ir["name"]
        yield "overview", 0, f"{name} is a game for {W.span(lo, hi, 'player')}."

    def partnerships_md(self, p) -> Iterator:
        if p is None:
            return
        yield "overview", 1, (f"The players form {W.plural(p['teams'], 'team')} of {W.number(p['size'])} "
                              f"in fixed partnerships; partners sit opposite each other, so that the "
                              f"turn passes from team to team.")

    def deck_md(self, deck) -> Iterator:
        packs = deck["packs"]
        jokers, per_pack = deck["jokers"], deck["jokers_per_pack"]

        def pack_words(n: int) -> str:
            text = W.plural(n, "standard pack") + " of 52 cards"
            if jokers and per_pack:
                text += f" with {W.plural(jokers, 'joker')} each"
            elif jokers:
                text += f" and {W.plural(jokers, 'joker')}"
            return text

        counts = self.player_counts()
        if len(packs) == 1 and packs[0]["players"] is None:
            n = packs[0]["packs"]
            size = self.rs.deck.size(counts[0])
            tail = ", without jokers" if not jokers else ""
            yield "overview", 2, f"It is played with {pack_words(n)}{tail}: {size} cards in all."
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
            yield "overview", 2, ("The number of standard 52-card packs depends on the number of players"
                                  f"{extra}:\n\n" + self.table(["Players", "Packs", "Cards"], rows))

    def aces_md(self, aces) -> Iterator:
        mode = aces["mode"]
        runs = self.ex.ace_runs()
        order = "A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K"
        text = {
            "low": f"The cards of each suit rank {order}. Aces are low.",
            "high": "The cards of each suit rank 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A. Aces are high.",
            "either": f"The cards of each suit rank {order}. An ace may be used low or high in a "
                      f"{self.vocab.run}, but not both at once: it may not join a king to a two.",
            "around": f"The cards of each suit rank {order}, and the order goes round the corner: "
                      f"an ace may be low, high, or between a king and a two.",
        }[mode]
        if runs:
            text += "\n\n" + self.table(["Cards", ""], [
                [W.cards(e.cards), f"{e.note}: {'a ' + self.vocab.run if e.ok else 'not a ' + self.vocab.run}"]
                for e in runs])
        yield "cards", 0, text

    def wilds_md(self, w) -> Iterator:
        w["jokers"], w["ranks"], w["cards"], w["cut"]
        joker_rank = w["cut_joker_rank"]
        what = self.wild_words()
        if not what:
            yield "cards", 1, "There are no wild cards."
            # nothing below applies without wild cards, but every rule is still considered
            w["cut_joker_rank"], w["as_natural"], w["max_per_meld"], w["not_outnumber"], w["all_wild"]
            w["replace"]
            return
        lines = [f"**Wild cards.** {W.capital(what)} are wild: a wild card may stand for any card "
                 f"needed to complete a meld."]
        if w["cut"]:
            lines.append("After the deal one card is cut at random from the stock and placed face up: "
                         "it is the wild joker for that deal, and every card of its rank is wild.")
            if joker_rank is not None:
                lines.append(f"If a printed joker is cut, the {W.rank_name(joker_rank, many=True)} "
                             f"are wild instead.")
        nat = w["as_natural"]
        if nat == "runs":
            lines.append(f"A wild card that is not a joker may also stand for itself in a {self.vocab.run} "
                         f"(as a natural card).")
        elif nat == "always":
            lines.append("A wild card that is not a joker may also stand for itself, as a natural card.")
        if w["not_outnumber"]:
            lines.append("Wild cards may never outnumber the natural cards in a meld.")
        if w["max_per_meld"] is not None:
            lines.append(f"A meld may hold at most {W.plural(w['max_per_meld'], 'wild card')}.")
        allw = w["all_wild"]
        if allw == "sets":
            lines.append(f"A {self.vocab.set} made only of wild cards is allowed; a {self.vocab.run} is not.")
        elif allw == "any":
            lines.append("A meld made only of wild cards is allowed.")
        else:
            lines.append("A meld needs at least one natural card.")
        rep = w["replace"]
        if rep is not None:
            kinds = rep["melds"]
            where = (f"a {self.vocab.run}" if kinds == ["run"] else f"a {self.vocab.set}" if kinds == ["set"]
                     else "any meld")
            text = (f"**Replacing a wild card.** On your turn, if a wild card in {where} on the table "
                    f"stands for a card you hold, you may put your card in its place and take the wild card.")
            if rep["reuse_this_turn"]:
                text += " You must meld the wild card again in the same turn; you may not keep it in your hand."
            if rep["after_opening"]:
                text += f" Only a player who has {self.vocab.open('done')} may do this."
            if kinds == ["run"] and self.rs.melds.set is not None:
                text += f" A wild card in a {self.vocab.set} may not be taken."
            if nat != "never":
                text += " A wild card standing for itself stands for no other card, so it cannot be taken."
            lines.append(text)
        yield "cards", 1, "\n\n".join(lines)

    # ------------------------------------------------------------ values (in scoring)
    def values_md(self, values) -> Iterator:
        rows = self.value_rows(values)
        deck = self.rs.deck
        if deck.jokers:
            j = values["joker"]
            rows.append(("Joker", W.points(j or 0)))
        else:
            values["joker"]
        if values["wild"] is not None:
            rows.append(("Any card used as a wild card" if not self.rs.wilds.cut else
                         "Wild jokers (cards of the cut rank)", W.points(values["wild"])))
        yield "scoring", 0, ("**Card values.** Cards left in a hand count:\n\n" +
                             self.table(["Card", "Value"], [list(r) for r in rows]))

    # ------------------------------------------------------------ melds
    def melds_md(self, m) -> Iterator:
        s, r = m["set"], m["run"]
        lines = []
        kinds = []
        if s is not None:
            suits = "in different suits" if s["suits"] == "distinct" else "of any suits"
            size = W.span(s["min"], s["max"])
            lines.append(f"- A **{self.vocab.set}** is {size} cards of the same rank {suits}.")
            kinds.append(self.vocab.sets)
        if r is not None:
            size = W.span(r["min"], r["max"])
            lines.append(f"- A **{self.vocab.run}** is {size} cards of the same suit in sequence.")
            kinds.append(self.vocab.runs)
        intro = f"There are {W.plural(len(kinds), 'kind')} of meld: {W.join(kinds)}."
        text = intro + "\n\n" + "\n".join(lines)
        show = self.rs.show
        if show is not None and show.pure and r is not None:
            text += (f"\n\nA {self.vocab.run} without any wild card standing in for another card is "
                     f"**pure**; one that uses a wild card in place of a missing card is impure.")
        text += "\n\nA card belongs to one meld only."
        if not m["on_table"]:
            text += (" Melds are not laid on the table during play: you keep them in your hand "
                     "and show them when the hand ends.")
        yield "melds", 0, text
        examples = self.ex.melds()
        if examples:
            note = ""
            if self.ex.cut is not None:
                note = (f" In these examples the card cut as wild joker is "
                        f"{W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild.")
            yield "melds", 5, (f"**Examples.**{note}\n\n" + self.example_table(examples))

    # ------------------------------------------------------------ the deal
    def deal_md(self, d) -> Iterator:
        rot = "to the left (clockwise)" if d["rotation"] == "left" else "to the right"
        out = [f"The first dealer is chosen at random; after each hand the deal passes {rot}."]
        sizes = d["sizes"]
        for s in sizes:  # the table below asks the compiled ruleset, case by case
            s["cards"], self.bounds(s["players"]), self.bounds(s["rounds"])
        counts, rounds = self.player_counts(), self.rounds()
        rnds = list(range(1, (rounds or 1) + 1))
        grid = {(n, k): self.variant.deal_size(n, k) for n in counts for k in rnds}
        by_players = len({grid[(n, 1)] for n in counts}) > 1
        by_rounds = len({grid[(counts[0], k)] for k in rnds}) > 1
        extra = d["starter_extra"]
        cards = lambda n: "—" if n is None else W.number(n)  # noqa: E731
        if not by_players and not by_rounds:
            n = grid[(counts[0], 1)]
            out.append(f"The dealer deals the cards one at a time, {W.plural(n, 'card')} to each player.")
        elif by_players and not by_rounds:
            rows, last = [], None
            for n in counts:
                if last and last[1] == grid[(n, 1)]:
                    last[0].append(n)
                else:
                    last = ([n], grid[(n, 1)])
                    rows.append(last)
            out.append("The dealer deals the cards one at a time; how many each player gets depends on "
                       "the number of players:\n\n" + self.table(
                           ["Players", "Cards each"],
                           [[W.capital(W.span(ns[0], ns[-1])), cards(c)] for ns, c in rows]))
        elif by_rounds and not by_players:
            out.append("The dealer deals the cards one at a time; the number of cards changes from round "
                       "to round:\n\n" + self.table(["Round", "Cards each"],
                                                    [[W.capital(W.ordinal(k)), cards(grid[(counts[0], k)])]
                                                     for k in rnds]))
        else:
            head = ["Round"] + [f"{n} players" for n in counts]
            out.append("Cards dealt to each player, by round and number of players:\n\n" + self.table(
                head, [[W.capital(W.ordinal(k))] + [cards(grid[(n, k)]) for n in counts] for k in rnds]))
        if extra:
            sizes_now = {grid[k] for k in grid}
            total = f" ({W.number(sizes_now.pop() + extra)} in all)" if len(sizes_now) == 1 else ""
            out.append(f"The player who starts (the player to the dealer's left) is dealt "
                       f"{W.plural(extra, 'extra card')}{total}.")
        if d["upcard"]:
            text = ("The next card is turned face up to start the discard pile, and the rest of the "
                    "pack is placed face down beside it as the stock.")
            if self.wild_words():
                if d["upcard_wild"] == "bury":
                    text += (" The first face-up card may not be a wild card: if it is, the dealer buries it "
                             "in the stock and turns up the next card.")
                else:
                    text += " If that card is a wild card it stays there, and may be taken like any other."
            else:
                d["upcard_wild"]
            out.append(text)
        else:
            d["upcard_wild"]
            out.append("No card is turned up: the rest of the pack is placed face down as the stock, and "
                       "the discard pile starts with the first discard.")
        offer = d["offer"]
        if offer:
            roles = [("the non-dealer" if r == "non-dealer" else "the dealer") for r in offer]
            out.append(f"Before play begins the upcard is offered first to {', then to '.join(roles)}; "
                       f"a player who takes it then discards. If it is refused, the non-dealer "
                       f"starts by drawing from the stock.")
        if self.rs.wilds.cut:
            out.append("One card is then cut at random from the stock to choose the wild joker for the "
                       "deal (see [The cards](#the-cards)).")
        yield "deal", 0, "\n\n".join(out)

    # ------------------------------------------------------------ a turn
    def turn_md(self, t) -> Iterator:
        v, rs = self.vocab, self.rs
        steps = []
        sources = t["draw_from"]
        push = t["push"]
        if "push" in sources:
            then = push["then"] if push is not None else "stock"
            frm = "the discard pile" if then == "discard" else "the stock"
            steps.append(
                "**Draw.** Either take the top card of the discard pile, or **push**: put the top card "
                "of the stock face down on the top card of the discard pile and push the two cards to "
                "the player on your left, who must add them to their hand; then take the next card from "
                f"{frm}" + (" (from the stock when the pile is empty)." if then == "discard" else "."))
        else:
            if push is not None:
                push["then"]
            names = {"stock": "the top card of the stock", "discard": "the top card of the discard pile"}
            steps.append(f"**Draw** one card: {W.join([names[s] for s in sources], 'or')}.")
        if not t["starter_draws"]:
            steps[-1] += (" On the very first turn of a hand the starting player does not draw: they "
                          "begin by melding (if they can) and discarding.")
        claims = t["claims"]
        if claims is not None:
            text = ("**“May I?”** If the player in turn does not take the top card of the discard pile, "
                    "any other player may ask for it by saying “May I?”. The claimer takes it, and with it "
                    f"{W.plural(claims['penalty'], 'penalty card')} from the top of the stock, without "
                    "discarding.")
            if claims["priority"] == "nearest":
                text += " If several players ask, the one nearest in turn after the player in turn gets it."
            if claims["wait"]:
                text += " The claimer may not meld or lay off until their next regular turn."
            else:
                text += " The claimer may meld at once."
            text += " The player in turn then draws from the stock as usual."
            steps.append(text)
        melds_on_table = rs.melds.on_table
        layoff = t["layoff"]
        per_turn, whole, new_after = t["melds_per_turn"], t["all_at_once"], t["new_melds_after_opening"]
        if melds_on_table:
            text = "**Meld** (optional): lay melds from your hand face up on the table in front of you."
            if per_turn is not None:
                text += f" You may lay down at most {W.plural(per_turn, 'meld')} in a turn."
            else:
                text += " You may lay down as many melds as you like."
            if rs.opening.contracts:
                text += (f" Your first melds of a hand must meet the round's contract (see "
                         f"[{self.opening_title()}](#{self.opening_title().lower().replace(' ', '-')})).")
            elif rs.opening.threshold is not None:
                text += (f" Your first melds must be worth at least {W.points(rs.opening.threshold)} (see "
                         f"[{self.opening_title()}](#{self.opening_title().lower().replace(' ', '-')})).")
            if not new_after:
                text += (f" Once you have {v.open('done')} you may not start new melds: your other cards can "
                         f"only be laid off.")
            if whole is not None:
                text += (f" In {self.round_words(whole)} you may not meld until you can lay down your whole "
                         f"hand at once.")
            steps.append(text)
            if layoff is not None:
                onto = {"any": "any meld on the table", "own": "your own melds",
                        "team": "your own or your partner's melds"}[layoff["onto"]]
                text = (f"**Lay off** (optional): add cards from your hand to {onto}, as many as you like; "
                        f"each meld must stay valid.")
                req = layoff["requires"]
                if req == "own meld":
                    text += " You may lay off only once you have melded at least once yourself."
                elif req == "opening":
                    text += f" You may lay off only after you have {v.open('done')}."
                steps.append(text)
            else:
                steps.append("Laying off cards on melds already on the table is not allowed.")
            if rs.wilds.replace is not None:
                steps.append("**Replace a wild card** (optional), as described under "
                             "[The cards](#the-cards).")
        else:  # melds stay in hand: the melding rules have nothing to say
            per_turn, new_after, whole and (whole["min"], whole["max"])
            if layoff is not None:
                layoff["onto"], layoff["requires"]
        text = "**Discard** one card face up onto the discard pile. This ends your turn."
        if not t["discard_taken"]:
            text += (" You may not discard the card you took from the discard pile this turn (a card drawn "
                     "from the stock may be discarded at once).")
        else:
            text += " It may be the card you just took from the discard pile."
        if rs.knock is not None:
            text += (" Instead of an ordinary discard you may end the hand by knocking or going gin (see "
                     "[Ending a hand](#ending-a-hand)).")
        if rs.show is not None:
            text += " Instead of an ordinary discard you may make a show (see [Ending a hand](#ending-a-hand))."
        steps.append(text)
        draws, backs = t.get("max_discard_draws"), t.get("void_after_throw_backs")
        if draws is not None:
            steps.append(f"**A hand that goes nowhere** is void (nobody scores) at the {W.ordinal(draws)} draw "
                         f"from the discard pile in it.")
        if backs is not None:
            steps.append(f"**A hand that goes nowhere** is void (nobody scores) when "
                         f"{W.plural(backs, 'turn')} in a row end by discarding the card just taken from the "
                         f"discard pile.")
        intro = ("The player to the dealer's left starts, and play goes on clockwise. "
                 "Each turn has these steps:\n\n")
        if rs.deal.offer:
            intro = "After the upcard has been offered, the players take turns. Each turn has these steps:\n\n"
        yield "turn", 0, intro + "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))

    def round_words(self, rng) -> str:
        lo, hi = rng["min"], rng["max"]
        if hi == lo:
            return f"round {W.number(lo)}"
        if hi is None:
            return f"round {W.number(lo)} and later rounds"
        return f"rounds {W.number(lo)} to {W.number(hi)}"

    # ------------------------------------------------------------ opening requirements
    def opening_md(self, o) -> Iterator:
        v = self.vocab
        contracts, threshold = o["contracts"], o["threshold"]
        o["exact"], o["wild_counts_as_natural"]
        ovalues = o["values"]
        out = []
        if contracts:
            by_round = self.rs.deal.sizes and len({s.cards for s in self.rs.deal.sizes}) > 1
            head = ["Round"] + (["Cards dealt"] if by_round else []) + ["Contract", "Fewest cards"]
            rows = []
            for c in contracts:
                opts = c["options"]
                text = " or ".join(self.contract_text(opt) for opt in opts)
                fewest = min(self.min_cards(opt) for opt in opts)
                row = [W.capital(W.ordinal(c["round"]))]
                if by_round:
                    row.append(W.number(self.variant.deal_size(self.player_counts()[0], c["round"]) or 0))
                rows.append(row + [W.capital(text), W.number(fewest)])
            out.append(f"Each round has its own contract: the melds a player must lay down first, all in "
                       f"one turn, before making any other meld or laying off. Laying down the contract is "
                       f"called {v.open('noun')}. Every player must meet the contract themselves.\n\n"
                       + self.table(head, rows))
            sizes = [(k, getattr(self.rs.melds, k)) for k in ("set", "run") if getattr(self.rs.melds, k)]
            out.append("Where the contract gives no size, a meld of the smallest size will do ("
                       + W.join(f"{W.number(m.min)} cards for a {v.kind(k)}" for k, m in sizes) + ").")
            if o["exact"]:
                out.append(f"When you {v.open('verb')} you lay down exactly the melds of the contract, "
                           f"with no extra meld.")
        if threshold is not None:
            text = (f"Your first melds, laid down in one turn, must be worth at least "
                    f"{W.points(threshold)} together. Until you have {v.open('done')} you may not lay off.")
            if o["wild_counts_as_natural"]:
                text += " A wild card counts as the card it stands for."
            else:
                text += " A wild card counts its own value."
            if ovalues is not None:
                rows = self.value_rows(ovalues)
                ovalues["joker"], ovalues["wild"]
                text += "\n\nFor this count the cards are worth:\n\n" + self.table(
                    ["Card", "Value"], [list(r) for r in rows])
            out.append(text)
            ex = self.opening_examples()
            if ex:
                out.append(ex)
        elif ovalues is not None:
            self.value_rows(ovalues), ovalues["joker"], ovalues["wild"]
        if out:
            yield "opening", 0, "\n\n".join(out)

    def opening_examples(self) -> str:
        """Two openings counted by the meld code: one enough, one not."""
        t = self.rs.opening.threshold
        rows = []
        for hand in ("JS QS KS 7H 7D 7C", "4D 5D 6D 3H 3C 3S"):
            codes = C.parse_cards(hand)
            value, arr = self.variant.opening_value(codes)
            if len(arr.melds) != 2 or arr.deadwood:
                continue
            groups = "  ".join(W.cards(m.cards) for m in arr.melds)
            rows.append([groups, W.points(value), "enough" if value >= t else "not enough"])
        if not rows:
            return ""
        return "For example:\n\n" + self.table(["Melds", "Worth", f"To {self.vocab.open('verb')}"], rows)

    # ------------------------------------------------------------ ending a hand
    def going_out_md(self, g) -> Iterator:
        if g is None:
            return
        fd = g["final_discard"]
        text = "**Going out.** A player who gets rid of the last card in hand goes out, and the hand ends at once."
        if fd == "optional":
            text += " You may go out by melding or laying off all your cards, or by discarding the last one."
        elif fd == "required":
            text += (" You must go out by discarding your last card: you may not meld or lay off your whole "
                     "hand, leaving nothing to discard.")
        else:
            text += " You must go out by melding or laying off all your cards; you may not discard your last card."
        yield "ending", 0, text

    def knock_md(self, k) -> Iterator:
        if k is None:
            return
        m = k["max_deadwood"]
        term = (f"less than {W.points(m + 1)}" if m + 1 in (10, 5, 15) else f"{W.points(m)} or less")
        text = (f"**Knocking.** Your **deadwood** is the cards in your hand that are not in melds. When the "
                f"total value of your deadwood is {term}, you may knock at the end of a turn: discard one "
                f"card face down and lay out your hand in melds and deadwood. The opponent then lays out "
                f"their hand.")
        most = k.get("run_end_layoffs")  # read either way: it means nothing without lay-offs
        if k["defender_lays_off"]:
            text += (" The opponent may lay off deadwood cards onto the knocker's melds (unless the knocker "
                     "has gone gin). The knocker may not lay off.")
            if most is not None:
                text += (f" At most {W.plural(most, 'card')} may be laid off "
                         "beyond each end of one of the knocker's runs.")
        else:
            text += " No one may lay off."
        most = k.get("lay_out_max")
        if most is not None:
            text += (f" Melds are laid out at most {W.plural(most, 'card')} at a time: a longer run "
                     "goes down in parts.")
        text += " You are never obliged to knock."
        yield "ending", 1, text

    def gin_md(self, g) -> Iterator:
        if g is None:
            return
        n = self.variant.deal_size(self.player_counts()[0]) or 0
        text = ("**Gin.** If all the cards in your hand form melds, with no deadwood, you may go gin: knock "
                "with no deadwood. The opponent may not lay off.")
        if g["big_gin"]:
            text += (f" **Big gin**: if the card you draw completes your hand so that all {W.number(n + 1)} "
                     f"cards form melds, you may lay them all down without discarding.")
        yield "ending", 2, text

    def show_md(self, s) -> Iterator:
        if s is None:
            return
        n = self.variant.deal_size(self.player_counts()[0])
        seq, pure = s["sequences"], s["pure"]
        cards = f"all {W.number(n)} cards" if n else "all your cards"
        need = [f"at least {W.plural(seq, self.vocab.run)}"]
        if pure:
            need.append(f"at least {W.number(pure)} of them pure")
        text = (f"**Making a show.** When you can arrange {cards} of your hand in melds, with {W.join(need)}, "
                f"you may make a show (declare): discard your last card and show your hand, arranged in "
                f"melds, to the other players. The others then show their hands too.")
        rows = []
        for groups, ok, reason in self.ex.shows():
            rows.append([" ".join(W.cards(g) for g in groups), ("✔ " if ok else "✘ wrong show: ") + reason])
        if rows:
            note = ""
            if self.ex.cut is not None:
                note = (f" (the cut wild joker is {W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild)")
            text += f"\n\nExamples{note}:\n\n" + self.table(["Show", ""], rows)
        yield "ending", 3, text

    def drops_md(self, d) -> Iterator:
        if d is None:
            return
        text = (f"**Dropping.** A player who does not like the hand may drop out of it. Dropping on your "
                f"first turn, before drawing a card, is a first drop and costs {W.points(d['first'])}; "
                f"dropping at any later point, on a later turn or after drawing, is a middle drop and costs "
                f"{W.points(d['middle'])}.")
        if d["misses"] is not None:
            text += f" Missing {W.number(d['misses'])} turns in a row counts as a middle drop."
        yield "ending", 4, text

    def stock_md(self, s) -> Iterator:
        rem, action, times, outcome = s["remaining"], s["action"], s["times"], s["outcome"]
        if s.get("stalemate", "end") == "play on":
            yield "ending", 7, ("A hand in which no one can ever go out is played on all the same, until the "
                                "stock rules above end it.")
        elif self.rs.stalemate_applies:
            yield "ending", 7, ("**A hand nobody can finish.** When every hand has become too small to lay down a "
                                "new meld and no card left off the table fits onto a meld there, nobody can ever "
                                "go out: the hand ends at once, and " + self.stock_scored(outcome) + ".")
        last = s.get("last_discard", "any")
        if last == "knock":
            yield "ending", 6, ("Once the stock is exhausted, the top card of the discard pile may be taken "
                                "only by a player who then knocks at once.")
        when = ("When the stock runs out" if rem == 0 else
                f"When only {W.plural(rem, 'card')} are left in the stock")
        if outcome == "void":
            text = (f"{when} before anyone has ended the hand, the hand is void: nobody scores, and the "
                    f"cards are dealt again.")
            yield "ending", 5, "**The stock.** " + text
            return
        if action == "end":
            text = (f"{when}, the hand ends at once: nobody may take the top discard." if last == "none" else
                    f"{when} and the next player does not want the top discard, the hand ends.")
        else:
            how = ("turned over without shuffling" if action == "turn over" else "shuffled")
            text = (f"{when} and the next player does not want the top discard, the discard pile is {how} "
                    f"to form a new stock, and play goes on.")
            if times is not None:
                often = {1: "once", 2: "twice"}.get(times, f"{W.number(times)} times")
                text += f" This may be done only {often}" + (
                    ", and as soon as the stock runs out again the hand ends: nobody may take the top discard."
                    if last == "none" else ": when the stock runs out again, the hand ends.")
        if action == "end" or times is not None:
            if outcome == "differences":
                text += (" Everyone counts the cards left in their hand; the player with the lowest count "
                         "wins and scores the differences between their count and each other player's.")
                ex = self.differences_example()
                if ex:
                    text += " " + ex
            else:
                text += f" Then {self.stock_scored(outcome)}."
        yield "ending", 5, "**The stock.** " + text

    def stock_scored(self, outcome: str) -> str:
        """How a hand that nobody went out of is scored, as a clause."""
        if outcome == "void":
            return "the hand is void: nobody scores"
        if outcome == "differences":
            return ("the player with the lowest count of cards left in hand scores the differences between "
                    "that count and each other player's")
        if self.rs.scoring.method == "penalty":
            return "everyone scores the cards left in their hand as penalty points"
        return "nobody scores for the hand"

    def differences_example(self) -> str:
        hands = ["2S 4H", "KS 5D", "7C", "QH 9D 2C"]
        counts = [self.variant.penalty(h) for h in hands]
        low = min(counts)
        if counts.count(low) > 1 or len(hands) > (self.rs.players.max or 99):
            return ""
        names = "ABCD"
        won = sum(c - low for c in counts)
        w = names[counts.index(low)]
        parts = ", ".join(f"{n} holds {W.cards(C.parse_cards(h))} ({c})" for n, h, c in zip(names, hands, counts))
        diffs = " + ".join(str(c - low) for c in counts if c != low)
        return f"For example: {parts}. {w} wins and scores {diffs} = {W.points(won)}."

    # ------------------------------------------------------------ scoring
    def scoring_md(self, s) -> Iterator:
        rs = self.rs
        method, count, cap = s["method"], s["count"], s["cap"]
        knock, rummy = s["knock"], s["rummy"]
        wrong, valid = s["wrong_show"], s["valid_show"]
        out = []
        counted = {"all": "all the cards left in their hand",
                   "unmatched": "the cards in their hand that are not in melds",
                   "show": "their cards"}[count]
        if method == "winner collects":
            out.append(f"When a player goes out, every other player counts {counted}, and the player who "
                       f"went out scores the total of all their counts.")
        elif method == "penalty":
            who = "every other player"
            if rs.partnerships is not None:
                out.append(f"When a player goes out, that player's team scores nothing for the hand (the "
                           f"partner's cards do not count); the two opponents each count "
                           f"{counted.replace('their hand', 'their hands')}, and their team scores the total as penalty points.")
            else:
                out.append(f"When a player {'makes a valid show' if rs.show else 'goes out'}, "
                           f"{who} counts {counted} and scores that many penalty points; the winner of the "
                           f"hand scores nothing.")
        else:
            if knock is None:
                out.append("Each hand is scored on the deadwood of the two hands.")
            else:
                out.append("When a player knocks, each player counts their deadwood (after laying off). "
                           "If the knocker's count is lower, the knocker scores the difference.")
        if count == "show" and rs.show is not None:
            pure = rs.show.pure
            out.append(f"A losing player who holds {W.plural(rs.show.sequences, self.vocab.run)}"
                       + (f", {W.number(pure)} of them pure," if pure else "")
                       + " counts only the cards outside melds; a player who does not counts every card.")
        if cap is not None:
            out.append(f"No hand costs more than {W.points(cap)}.")
        if knock is not None:
            tie = ("equal to or lower than" if knock["ties"] == "defender" else "lower than")
            out.append(f"**Undercut.** If the opponent's count is {tie} the knocker's, the opponent has "
                       f"undercut the knocker and scores the difference plus a bonus of "
                       f"{W.points(knock['undercut'])}.")
            out.append(f"**Gin.** A player who goes gin scores the opponent's deadwood plus a bonus of "
                       f"{W.points(knock['gin'])}.")
            if rs.gin is not None and rs.gin.big_gin:
                out.append(f"**Big gin** scores the opponent's deadwood plus {W.points(knock['big_gin'])}.")
            else:
                knock["big_gin"]
        if rummy is not None:
            text = ("**Going rummy.** A player who goes out in a single turn, without having melded or "
                    "laid off any card before, goes rummy: ")
            # under penalty points the winner's bonus comes off their own total (engine/scoring.py)
            bonus = (f"{W.points(rummy['bonus'])} are taken off the winner's total" if method == "penalty"
                     else f"the winner scores a bonus of {W.points(rummy['bonus'])}")
            if rummy["multiplier"] > 1 and rummy["bonus"]:
                text += f"the score for the hand is multiplied by {rummy['multiplier']}, and {bonus}."
            elif rummy["multiplier"] > 1:
                text += "the score for the hand is doubled." if rummy["multiplier"] == 2 else \
                    f"the score for the hand is multiplied by {rummy['multiplier']}."
            else:
                text += f"{bonus}."
            out.append(text)
        if wrong is not None:
            out.append(f"**Wrong show.** A player whose show is not valid scores {W.points(wrong)}.")
        if valid is not None:
            out.append(f"A losing player who shows a valid hand of their own scores {W.points(valid)}.")
        yield "scoring", 1, "\n\n".join(out)
        example = self.scoring_example()
        if example:
            yield "scoring", 9, example

    # ------------------------------------------------------------ worked example
    def scoring_example(self) -> str:
        rs = self.rs
        if rs.scoring.method == "knock":
            return self.knock_example()
        if rs.scoring.count == "show" and rs.show is not None:
            return self.show_example()
        return self.penalty_example()

    def knock_example(self) -> str:
        v, rs = self.variant, self.rs
        knocker = C.parse_cards("4H 5H 6H 7H 9S 9D 9C AS 2C 3D")
        other = C.parse_cards("KS KH KD 10C JC QC 8H 5D 6C QD")
        a, b = v.best_arrangement(knocker), v.best_arrangement(other)
        if rs.knock is None or a.deadwood_points > rs.knock.max_deadwood or a.deadwood_points == 0:
            return ""
        d = b.deadwood_points
        laid = []
        if rs.knock.defender_lays_off:
            left = list(b.deadwood)
            table = [list(m.cards) for m in a.melds]
            for card, i in v.layoffs(left, table):
                if card in left:
                    left.remove(card)
                    table[i].append(card)
                    laid.append(card)
            d = sum(v.card_value(c) for c in left)
        k = a.deadwood_points
        lines = ["**A worked example** (computed by the meld code). The knocker holds "
                 + " ".join(W.cards(m.cards) for m in a.melds)
                 + f" with deadwood {W.cards(a.deadwood)}, which counts {k}. The opponent holds "
                 + " ".join(W.cards(m.cards) for m in b.melds)
                 + f" with deadwood {W.cards(b.deadwood)} ({b.deadwood_points})."]
        if laid:
            lines.append(f"The opponent lays off {W.cards(laid)} on the knocker's melds, leaving {d}.")
        ks = rs.scoring.knock
        if d > k or (d == k and ks.ties == "knocker"):
            lines.append(f"The knocker scores {d} − {k} = {W.points(d - k)}.")
        else:
            lines.append(f"The opponent undercuts and scores {k} − {d} + {ks.undercut} = "
                         f"{W.points(k - d + ks.undercut)}.")
        lines.append(f"Had the knocker gone gin instead, they would have scored {b.deadwood_points} + "
                     f"{ks.gin} = {W.points(b.deadwood_points + ks.gin)}.")
        return " ".join(lines)

    def penalty_example(self) -> str:
        v, rs = self.variant, self.rs
        hands = ["3S 4S 5S KH QD 9C 2H", "AS 8D 8C 10H"]
        if rs.deck.jokers and rs.wilds.jokers:
            hands[1] += " JK"
        wild = C.parse_card(EXAMPLE_CUT) if rs.wilds.cut else None
        costs, lines = [], []
        for h in hands:
            codes = C.parse_cards(h)
            cost = v.penalty(codes, wild=wild)
            costs.append(cost)
            detail = ""
            if rs.scoring.count == "unmatched":
                detail = f": only the unmatched {W.cards(v.best_arrangement(codes, wild=wild).deadwood)} count"
            lines.append(f"{W.cards(codes)} ({W.points(cost)}{detail})")
        total = sum(costs)
        who = "one opponent" if rs.partnerships is not None else "one player"
        text = (f"**A worked example** (computed by the meld code). A player goes out; {who} is left with "
                f"{lines[0]} and {'the other' if rs.partnerships is not None else 'another'} with {lines[1]}.")
        ru = rs.scoring.rummy
        if rs.scoring.method == "winner collects":
            text += f" The player who went out scores {costs[0]} + {costs[1]} = {W.points(total)}."
            if ru is not None:
                text += f" Had they gone rummy, they would have scored {W.points(total * ru.multiplier + ru.bonus)}."
        elif rs.partnerships is not None:
            text += f" Their team scores {costs[0]} + {costs[1]} = {total} penalty points for the hand."
        else:
            text += " Each scores that many penalty points."
            if ru is not None:
                text += (" Had the winner gone rummy, the penalties would be "
                         + W.join(W.points(c * ru.multiplier) for c in costs)
                         + (f", and the winner's total would go down by {W.points(ru.bonus)}." if ru.bonus else "."))
        return text

    def show_example(self) -> str:
        v, rs = self.variant, self.rs
        wild = C.parse_card(EXAMPLE_CUT)
        hands = ["3H 4H 5H 8S 9S JD KD QC 2C 6D 9H 10D AC", "KS KC QS QD 10S 10C 9D 8C 7C 6S 5S 4D 2H"]
        lines = []
        for h in hands:
            codes = C.parse_cards(h)
            cost = v.penalty(codes, wild=wild)
            arr = v.best_arrangement(codes, wild=wild)
            runs = [m for m in arr.melds if m.kind == "run"]
            how = ""
            if (arr.deadwood_points == cost and len(runs) >= rs.show.sequences
                    and sum(m.pure for m in runs) >= rs.show.pure):
                how = (f" (it holds {' '.join(W.cards(m.cards) for m in arr.melds)}, so only "
                       f"{W.cards(arr.deadwood)} count)")
            elif cost == rs.scoring.cap:
                how = (f" (it lacks the {self.vocab.runs} a show needs, so every card counts, "
                       f"{sum(v.card_value(c, wild=wild) for c in codes)} in all, capped at {rs.scoring.cap})")
            lines.append(f"{W.cards(codes)} counts {W.points(cost)}{how}")
        return (f"**A worked example** (computed by the meld code; the cut wild joker is "
                f"{W.card(wild)}, so every {W.rank_name(EXAMPLE_CUT[:-1])} is wild). When a player has made "
                f"a valid show, a player left with " + "; a player left with ".join(lines) + ".")

    # ------------------------------------------------------------ end of the game
    def game_md(self, g) -> Iterator:
        rs = self.rs
        target, rounds, elim, winner = g["target"], g["rounds"], g["eliminate"], g["winner"]
        best = "highest" if winner == "highest" else "lowest"
        team = "team" if rs.partnerships is not None else "player"
        parts = []
        if rounds == 1:
            parts.append("The game is a single deal.")
        elif rounds is not None:
            parts.append(f"A game is {W.number(rounds)} deals.")
        if target is not None:
            when = "The game ends" if rounds is None else "It ends earlier"
            parts.append(f"{when} when a {team} reaches {W.points(target)} or more.")
        if elim is not None:
            parts.append(f"The deals go on until all but one player are out: a player whose total reaches "
                         f"{W.points(elim)} or more is out of the game. The last player left wins.")
        else:
            parts.append(f"Then the {team} with the {best} total wins.")
        if rs.partnerships is not None:
            parts.append("Partners score together.")
        yield "end", 0, " ".join(parts)
        # the object of the game, for the overview
        if rs.knock is not None:
            obj = ("Each player tries to form the cards in hand into melds, and to knock or go gin before "
                   "the opponent, with as little deadwood as possible.")
        elif rs.show is not None:
            obj = "Each player tries to arrange the whole hand into melds and be the first to make a valid show."
        elif rs.opening.contracts:
            obj = ("In each round the players try first to meld that round's contract and then to get rid "
                   "of all their cards, by melding, laying off and discarding.")
        else:
            obj = "The object is to get rid of all your cards, by melding them, laying them off and discarding."
        best_total = "highest total" if winner == "highest" else "fewest penalty points"
        length = (f"after {W.number(rounds)} deals" if rounds and rounds > 1 else
                  f"when a {team} reaches {target} points" if target else
                  "when only one player is left" if elim else "after a single deal")
        if elim:
            yield "overview", 3, f"{obj} Players drop out as their totals grow; the last player left wins."
        else:
            yield "overview", 3, f"{obj} The {team} with the {best_total} {length} wins."
