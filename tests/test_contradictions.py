"""No page states two rules that cannot both hold (issue 16, item 4).

Two nets, both run over every page `rulespec build` writes and over pages of variant files
kept outside ``variants/`` (a user's own house rules):

- ``CLAIMS``: a sentence a section writes is a claim about the compiled rules. Each entry
  is (what the page says, the rule that must hold for it to be true, why): a page that
  makes the claim for a ruleset where the rule does not hold contradicts the game it
  describes (and, in the cases below, another sentence of its own page).
- ``PAIRS``: two statements that cannot both hold unless the page says how they fit
  together. Each entry is (statement A, statement B, the reconciling words, why): a page
  with A and B and without the reconciling words contradicts itself.

A new sentence a section writes that is only true under some rules belongs in ``CLAIMS``.
"""

from __future__ import annotations

import re

import pytest

import rulespec
from rulespec.language.compiler import compile_all
from rulespec.outputs import rule_files
from rulespec.rulebook import render_page
from rulespec.rulebook.build import output_name
from rulespec.rulebook.site import Entry, render_pages

from conftest import VARIANTS

#: a score that ends the game (not one that puts a player out of a pool)
_TARGET = r"(ends[^.]*|total when a \w+ )reaches \d+ points"

#: (page says, rule that must hold, why)
CLAIMS = [
    (r"Until you have \w+ you may not lay off",
     lambda rs: rs.turn.layoff is not None and rs.turn.layoff.requires != "nothing",
     "a variant whose lay-offs need nothing lets a player lay off before opening"),
    (r"at most \w+ melds? in a turn\.",
     lambda rs: rs.turn.all_at_once is None,
     "in the rounds where the whole hand goes down at once the limit is lifted; the "
     "sentence must say so"),
    (_TARGET,
     lambda rs: rs.game.target is not None and rs.game.rounds != 1,
     "a game of a single deal ends with that deal, whatever the totals"),
    (r"before making any other meld",
     lambda rs: rs.turn.new_melds_after_opening,
     "after opening no new meld may be started: the contract comes before laying off only"),
    (r"never outnumber the natural cards in a meld\.",
     lambda rs: rs.wilds.all_wild == "never",
     "a meld made only of wild cards is an exception the sentence must state"),
    (r"stock runs out",
     lambda rs: rs.stock.remaining == 0,
     "the stock ends with cards still in it: the page must name that moment the same way"),
]

#: (statement A, statement B, reconciling words, why)
PAIRS = [
    (r"at most \w+ melds? in a turn", r"until you can lay down your whole hand",
     r"at most \w+ melds? in a turn, except in",
     "one meld a turn, and the whole hand at once"),
    (r"single (deal|hand|round)", _TARGET, None,
     "a single deal, and a game that ends earlier at a score"),
    (r"only \w+ cards? (are )?left in (the stock|it)", r"stock is exhausted",
     r"stock counts as exhausted when only",
     "the stock ends with cards left, and is then exhausted, without saying they are one"),
    (r"only \w+ cards? (are )?left in (the stock|it)", r"stock runs out", None,
     "the stock ends with cards left, and then goes on to run out"),
    (r"never outnumber", r"made only of wild cards( is| are)? allowed|only of wild cards",
     r"never outnumber[^.]*except",
     "wild cards never outnumber naturals, and a meld of wild cards only"),
    (r"before making any other meld", r"may not start new melds", None,
     "other melds after the contract, and no new meld after it"),
    (r"Until you have \w+ you may not lay off", r"lay off[^.]*before you have", None,
     "no lay-off before opening, and a lay-off before opening"),
]

#: Variant files outside ``variants/`` (base directory ``variants/``, so they may extend a
#: shipped game), each written to reach a sentence that only a rule no shipped file
#: sets can reach.
OUTSIDE = {
    # a child file cannot drop "only after opening" from its parent's lay-off rule
    "romme-free-layoffs": (VARIANTS / "romme.rules").read_text(encoding="utf-8")
    .replace("; only after opening", "").replace('variant "', 'variant "Free lay-offs: '),
    "wrotham-two-melds": 'variant "Wrotham: two melds"\nextends "wrotham"\n'
                         "melding: 2 melds per turn\n",
    "gin-one-deal": 'variant "Gin: one deal"\nextends "gin"\ngame: 1 deal\n',
    # no meld of wild cards only: "never outnumber" stands without an exception
    "continental-no-wild-trios": (VARIANTS / "continental.rules").read_text(encoding="utf-8")
    .replace("all-wild sets only", "").replace('variant "', 'variant "No wild trios: '),
}


def _pages() -> list[tuple[str, object, str]]:
    variants, _ = compile_all(rule_files([str(VARIANTS)]))
    entries = [Entry(output_name(VARIANTS, f).as_posix(), v) for f, v in variants.items()]
    texts = render_pages(entries)
    out = [(e.name, e.variant, texts[e.name]) for e in entries]
    for name, text in OUTSIDE.items():
        v = rulespec.compile_text(text, f"{name}.rules", base_dir=VARIANTS)
        out.append((name, v, render_page(v)))
    return out


@pytest.fixture(scope="module")
def pages():
    return _pages()


def contradictions(variant, text: str) -> list[str]:
    """What on a page cannot hold: claims its rules make false, pairs left unreconciled."""
    rs = variant.ruleset
    found = []
    for said, holds, why in CLAIMS:
        m = re.search(said, text)
        if m and not holds(rs):
            found.append(f"says {m.group(0)!r}, but {why}")
    for a, b, fits, why in PAIRS:
        ma, mb = re.search(a, text), re.search(b, text)
        if ma and mb and not (fits and re.search(fits, text)):
            found.append(f"{why}: {ma.group(0)!r} and {mb.group(0)!r}")
    return found


def test_every_page_is_checked(pages):
    names = {n for n, _, _ in pages}
    assert {"wrotham", "continental", "house/gin-openspiel", "romme-free-layoffs"} <= names


def test_no_page_contradicts_itself_or_its_rules(pages):
    bad = {name: c for name, v, text in pages if (c := contradictions(v, text))}
    assert not bad, "\n".join(f"{n}: {x}" for n, cs in bad.items() for x in cs)


@pytest.mark.parametrize("text,expected", [
    ("You may lay down at most one meld in a turn. In rounds four to six you may not meld "
     "until you can lay down your whole hand at once.", 1),
    ("You may lay down at most one meld in a turn, except in rounds four to six: then you "
     "may not meld until you can lay down your whole hand at once.", 0),
    ("Wild cards may never outnumber the natural cards in a meld. A trio made only of wild "
     "cards is allowed; a straight is not.", 1),
    ("The game is a single deal. It ends earlier when a player reaches 100 points.", 1),
])
def test_the_pair_table_catches_what_it_names(text, expected):
    """The pairs alone (the claims need a ruleset): a contradiction found, a fit one not."""
    hits = [1 for a, b, fits, _ in PAIRS
            if re.search(a, text) and re.search(b, text)
            and not (fits and re.search(fits, text))]
    assert len(hits) == expected


def test_the_tables_still_match_the_pages(pages):
    """A pattern that no page matches any more checks nothing: each claim and each side
    of each pair is found on some page, so a change of wording fails here first."""
    texts = [text for _, _, text in pages]
    patterns = [said for said, _, _ in CLAIMS] + [p for a, b, _, _ in PAIRS for p in (a, b)]
    dead = [p for p in patterns if not any(re.search(p, t) for t in texts)]
    assert not dead, dead
    free = next(v for n, v, _ in pages if n == "romme-free-layoffs")
    assert free.ruleset.turn.layoff.requires == "nothing"
    tame = next(v for n, v, _ in pages if n == "continental-no-wild-trios")
    assert tame.ruleset.wilds.all_wild == "never"
