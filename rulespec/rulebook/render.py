"""Compiled variant → rulebook page (Markdown), in the order a rulebook uses.

Each top-level IR node (``deck``, ``turn``, ``scoring`` …) has a renderer method named
``<node>_md``, found through a dispatch table built from the class (as sqlglot's generator
finds its ``<node>_sql`` methods). The renderers live in :mod:`rulespec.rulebook.sections`,
one module per mechanic; a renderer yields ``(section, weight, markdown)`` pieces, and
this module lays the sections out in rulebook order.

No silent gaps (:mod:`rulespec.rulebook.coverage`): the IR is read through a recording
view, and a rule whose value no renderer uses fails the build.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import provenance, safe
from .coverage import Tracked, UnrenderedNode, applies, unrendered
from .examples import Examples
from .sections import Sections
from .words import Vocabulary

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
    ("players", "Rules by number of players"),
    ("rounds", "Rules by round"),
    ("unenforced", "Rules the interpreter does not enforce"),
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


class Rulebook(Sections):
    """The rulebook page of one compiled variant.

    ``parent`` (a :class:`Related`) and ``children`` (house rules and variants built on
    this one) come from the site, which knows every variant; ``lead`` is what the page
    changes against its parent, in words (``templates/lead.md.j2``).
    """

    def __init__(self, variant, parent: Related | None = None, children: tuple[Related, ...] = (),
                 lead: str = ""):
        self.variant = variant
        self.seen = provenance.Reads()
        self.own: list[tuple[str, str | None, tuple]] = []  # the interpreter's own rules
        self.ir = Tracked(safe.ir(variant), "", self.seen)  # every string escaped for Markdown
        self.parent, self.children, self.lead = parent, children, lead
        self.vocab = Vocabulary.of(self.ir["terms"], unit="round" if self.by_round() else "hand",
                                   tiles=self.rs.deck.tiles)
        self.ex = Examples(variant, self.vocab)

    def by_round(self) -> bool:
        """Do some rules go by round (contracts, hand sizes, melding the whole hand)? Then
        the page calls each deal played out a round, everywhere; otherwise a hand."""
        rs = self.rs
        return bool(rs.opening.contracts or rs.turn.all_at_once is not None
                    or any(s.rounds is not None for s in rs.deal.sizes))

    # ------------------------------------------------------------ dispatch
    @classmethod
    def dispatch(cls) -> dict:
        return {name[:-3]: fn for klass in reversed(cls.__mro__)
                for name, fn in vars(klass).items() if name.endswith("_md")}

    def page(self) -> Page:
        table = self.dispatch()
        pieces: dict[str, list[list]] = {}
        order = 0
        for key in self.variant.ir:
            fn = table.get(key)
            if fn is None:
                raise UnrenderedNode(self.variant.name, [key])
            made = iter(fn(self, self.ir[key]) or ())
            while True:
                with self.seen.scope() as reads:  # the rules this piece states
                    piece = next(made, None)
                if piece is None:
                    break
                section, weight, text = piece
                pieces.setdefault(section, []).append([weight, order, text, frozenset(reads)])
                order += 1
        provenance.annotate(pieces, self.marks() + self.own + self.defaults(), self.vocab.say)
        missing = unrendered(self.variant.ir, self.rs, self.seen)
        if missing:
            raise UnrenderedNode(self.variant.name, missing)
        page = Page(self.ir["name"], self.parent.link if self.parent else None)
        for key, title in SECTIONS:
            if key not in pieces:
                continue
            if key == "opening":
                title = self.opening_title()
            said = [(p[0] == provenance.NOTE, p[2]) for p in sorted(pieces[key])]
            if self.rs.deck.tiles:  # the examples' card chips as tiles (sections/tiles.py)
                said = [(note, self.tile_chips(t)) for note, t in said]
            # the source's text, and a section's note (its notes are the file's), as written
            say = (lambda t: t) if key == "unenforced" else self.vocab.say
            page.sections.append((key, title and self.vocab.say(title),
                                  [t if note else say(t) for note, t in said]))
        return page

    def parts(self, make, *args) -> list[tuple[str, set]]:
        """What ``make(*args)`` says (a paragraph, or a list of steps), each part with the
        rules read to write it, so that a provenance marker lands on the part that states
        a marked rule (:class:`~rulespec.rulebook.provenance.Placed`)."""
        with self.seen.scope() as reads:
            out = make(*args)
        return [(s, reads) for s in ([out] if isinstance(out, str) else out or []) if s]

    def defaults(self) -> list[tuple[str, str | None, tuple]]:
        """The rules of :data:`~.provenance.DEFAULTED` no file of the variant says, where
        its files mark where their rules come from (a marker lands only where the page
        states the rule)."""
        if not self.variant.ir.get("provenance"):
            return []
        said = self.variant.ir.get("sources", {})
        unsaid = tuple(p for p in provenance.DEFAULTED
                       if p not in said and applies(self.rs, p))
        return [(provenance.DEFAULT, None, unsaid)] if unsaid else []

    def marks(self) -> list[tuple[str, str | None, tuple]]:
        """The file's provenance markers: kind, note (escaped) and the paths they mark."""
        raw = self.variant.ir.get("provenance", [])  # paths as written, not escaped
        marked = self.ir.get("provenance", [])  # read only for the markers that can land
        ir = self.variant.ir
        return [(marked[i]["kind"], marked[i]["note"],
                 tuple(marked[i]["paths"] and provenance.staged(r["paths"], ir)))
                for i, r in enumerate(raw)
                if not r["paths"] or any(applies(self.rs, p) for p in r["paths"])]
