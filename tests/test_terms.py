"""The variant's own words (``terms:``, issue #15 construct 13 and #16 item 6): a page
says the words its variant uses, everywhere, and an unknown term is a diagnostic."""

from __future__ import annotations

import re

import pytest

import rulespec
from rulespec.rulebook import render_page

from conftest import VARIANTS


def page_of(text: str) -> str:
    return render_page(rulespec.compile_text(text, name="x.rules"))


def basic_with(terms: str) -> str:
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8")
    return text + f"terms: {terms}\n"


def prose(page: str) -> str:
    """The page's words, without its tags (the card chips) and code."""
    return re.sub(r"<[^>]*>|`[^`]*`", "", page)


@pytest.mark.parametrize("name", ["indian-points", "indian-pool-101", "indian-pool-201"])
def test_indian_pages_say_closed_deck_and_open_deck(name):
    page = prose(render_page(rulespec.load(VARIANTS / f"{name}.rules")))
    assert "closed deck" in page and "open deck" in page
    assert not re.search(r"\b(stock|discard pile)\b", page, re.IGNORECASE), \
        re.search(r".{40}\b(stock|discard pile)\b.{40}", page, re.IGNORECASE).group(0)


def test_tiles_instead_of_cards_everywhere_but_in_the_markup():
    page = page_of(basic_with('cards are called "tiles"'))
    words = prose(page)
    assert not re.search(r"\bcards?\b", words, re.IGNORECASE)
    assert "## The tiles" in page and "(#the-cards)" not in page
    assert "a tile" in words or "one tile" in words
    assert 'class="card' in page  # the chips are markup, not words


def test_the_other_number_follows_and_may_be_said_too():
    one = prose(page_of(basic_with('card is called "tile"')))
    assert "tiles" in one and not re.search(r"\bcards?\b", one)
    both = prose(page_of(basic_with('card is called "man"; cards are called "men"')))
    assert " men" in both and " man" in both and "mans" not in both


def test_a_term_with_an_article_and_two_words():
    page = prose(page_of(basic_with('the discard pile is called "open deck"; '
                                    'the stock is called "talon"')))
    assert "the open deck" in page and "the talon" in page
    assert not re.search(r"\b(stock|discard pile)\b", page)


def test_a_word_that_is_not_plain_words_is_refused_with_a_diagnostic():
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(basic_with('stock is called "<b>x</b>"'), name="x.rules")
    messages = [d.message for d in err.value.diagnostics]
    assert any(m.startswith("the word for the stock must be plain words") for m in messages), \
        messages


def test_rulespec_diff_names_the_renamed_words():
    from rulespec.rulebook import diff
    lines = [str(c) for c in diff.changes(rulespec.load(VARIANTS / "basic.rules").ir,
                                         rulespec.load(VARIANTS / "indian-points.rules").ir)]
    assert "The stock is called: closed deck instead of stock" in lines
    assert "The discard pile is called: open deck instead of discard pile" in lines
