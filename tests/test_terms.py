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


# ---------------------------------------------------------------- verbs (issue 15 item 13)

def gin_with(terms: str) -> str:
    text = (VARIANTS / "gin.rules").read_text(encoding="utf-8")
    return text + f"terms: {terms}\n"


def test_knock_renamed_in_every_form_heading_and_anchor():
    before = prose(page_of(gin_with("")[:-len("terms: \n")]))
    assert re.search(r"\bknocks\b", before) and "knocker" in before and "Knocking" in before
    page = page_of(gin_with('knock is called "rap"'))
    words = prose(page)
    assert not re.search(r"knock", words, re.IGNORECASE), \
        re.search(r".{40}knock.{40}", words, re.IGNORECASE).group(0)
    for form in ("rap", "raps", "rapping", "rapper", "Rapping"):
        assert re.search(rf"\b{form}\b", words), form


def test_gin_renamed_but_the_game_keeps_its_name():
    page = page_of(gin_with('gin is called "rummy"'))
    words = prose(page)
    assert not re.search(r"\bgin\b", words), re.search(r".{40}\bgin\b.{40}", words).group(0)
    assert "go rummy" in words and "gone rummy" in words and "**Rummy.**" in words
    assert page.startswith("# Gin Rummy")  # the title is the variant's name


def test_going_out_renamed_in_every_form_and_its_anchor():
    base = prose(page_of(basic_with("")[:-len("terms: \n")]))
    assert "goes out" in base and "went out" in base
    page = page_of(basic_with('going out is called "going rummy"; going rummy is called '
                              '"going bust"'))
    words = prose(page)
    assert not re.search(r"\b(go|goes|going|went|gone)[\s-]+out\b", words, re.IGNORECASE), \
        re.search(r".{40}\b(go|goes|going|went|gone)[\s-]+out\b.{40}", words, re.I).group(0)
    assert "goes rummy" in words and "went rummy" in words and "Going bust" in words
    anchors = set(re.findall(r"\]\(#([^)]*)\)", page))
    assert "going-out" not in " ".join(anchors)


def test_drop_and_show_renamed():
    text = (VARIANTS / "indian-points.rules").read_text(encoding="utf-8")
    page = prose(page_of(text.replace("terms:   runs are called sequences",
                                      'terms:   runs are called sequences; drop is called '
                                      '"pack"; show is called "declare"')))
    assert not re.search(r"\b(drop|drops|dropping|show|shows)\b", page, re.IGNORECASE)
    assert "first pack" in page and "Packing" in page and "valid declare" in page


def test_knock_rummy_calls_a_knock_with_no_deadwood_rummy():
    page = prose(render_page(rulespec.load(VARIANTS / "knock-rummy.rules")))
    assert "go rummy" in page and "**Rummy.**" in page and not re.search(r"\bgin\b", page, re.I)


@pytest.mark.parametrize("terms", ['knock is called "knock"', 'gin is called "gin"',
                                   'going out is called "going out"', 'drop is called "drop"',
                                   'show is called "show"', 'going rummy is called "going rummy"'])
def test_renaming_a_word_to_itself_changes_nothing(terms):
    plain = VARIANTS / "indian-points.rules" if "drop" in terms or "show" in terms else \
        VARIANTS / "gin.rules" if "knock" in terms or "gin" in terms else VARIANTS / "basic.rules"
    text = plain.read_text(encoding="utf-8")
    assert page_of(text + f"terms: {terms}\n") == page_of(text)


@pytest.mark.parametrize("verb,forms", [
    ("rap", ("raps", "rapped", "rapping", "rapper")),
    ("declare", ("declares", "declared", "declaring", "declarer")),
    ("go rummy", ("goes rummy", "went rummy", "going rummy", "goer rummy")),  # no doer said
    ("knock", ("knocks", "knocked", "knocking", "knocker")),
    ("drop", ("drops", "dropped", "dropping", "dropper"))])
def test_verb_forms(verb, forms):
    from rulespec.rulebook.verbs import forms as made
    f = made(verb)
    assert (f["third"], f["past"], f["ing"], f["doer"]) == forms


def test_going_out_that_is_not_going_is_refused():
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(basic_with('going out is called "declare"'), name="x.rules")
    assert [d.code for d in err.value.diagnostics] == ["E371"]


def test_rummikub_says_colours_not_suits():
    page = prose(render_page(rulespec.load(VARIANTS / "rummikub.rules")))
    assert not re.search(r"\b(suits?|spades|hearts|diamonds|clubs)\b", page, re.IGNORECASE), \
        re.search(r".{40}\b(suits?|spades|hearts|diamonds|clubs)\b.{40}", page, re.I).group(0)
    assert "a run in red" in page and "different colours" in page


def test_a_house_page_says_its_words_in_the_lead_and_keeps_the_parents_name(tmp_path):
    from rulespec.rulebook.site import Entry, render_pages
    house = tmp_path / "house" / "gin-rap.rules"
    house.parent.mkdir()
    house.write_text('variant "Gin: rap house"\nextends "gin"\n'
                     'terms:   knock is called "rap"; gin is called "rummy"\n', encoding="utf-8")
    mine = rulespec.load(house)
    gin = rulespec.load(VARIANTS / "gin.rules")
    out = render_pages([Entry("gin", gin), Entry("house/gin-rap", mine)])
    lead = next(line for line in out["house/gin-rap"].splitlines() if line.startswith("These"))
    assert "[Gin Rummy](../gin.md)" in lead, lead
    assert "rapping is called “rap” instead of “knock”" in lead, lead
    assert "“rummy” instead of “gin”" in lead, lead
    assert "knocking is called “rap”" in out["gin"]  # the parent's list, in its own words


@pytest.mark.parametrize("base", ["basic", "continental", "rummy500", "indian-points"])
def test_any_word_for_a_kind_of_meld_is_said_everywhere(base):
    """Loba's piernas and escaleras: no "set" or "run" is left on the page as a noun, and
    "an" comes before the word that starts with a vowel."""
    text = (VARIANTS / f"{base}.rules").read_text(encoding="utf-8")
    text = re.sub(r"^terms:.*\n(?:[ \t]+.*\n)*", "", text, flags=re.MULTILINE)
    words = prose(page_of(text + 'terms: sets are called "piernas"; run is called "escalera"\n'))
    assert "pierna" in words and "escalera" in words
    nouns = re.findall(r".{30}\b(?:sets?|runs?)\b(?! out| on).{10}", words, re.IGNORECASE)
    assert not nouns
    assert not re.search(r"\ba escalera", words, re.IGNORECASE)
    assert "piernass" not in words


@pytest.mark.parametrize("base", ["basic", "continental", "rummy500"])
def test_an_irregular_plural_is_said_wherever_the_page_says_several(base):
    """Scala 40's tris (the same in the plural) and scale (the plural of scala): the page
    never adds an s to them, and the diff says the plurals."""
    text = (VARIANTS / f"{base}.rules").read_text(encoding="utf-8")
    text = re.sub(r"^terms:.*\n(?:[ \t]+.*\n)*", "", text, flags=re.MULTILINE)
    words = prose(page_of(text + 'terms: set is called "tris", plural "tris"; '
                                 'run is called "scala", plural "scale"\n'))
    assert "scale" in words and "scala" in words
    said = re.sub(r'"[^"]*"', "", words)  # the sources' own words, quoted, stay theirs
    assert not re.search(r"\b(?:triss|scalas|sets?|runs?)\b(?! out| on)", said, re.IGNORECASE)


def test_a_meld_word_may_have_accents_and_a_house_file_drops_the_parents_plural():
    ir = rulespec.compile_text(basic_with('runs are called "sequências"'), name="x.rules").ir
    assert (ir["terms"]["run"], ir["terms"]["run_plural"]) == ("sequência", None)
    ir = rulespec.compile_text(basic_with('run is called "scala", plural "scale"'),
                               name="x.rules").ir
    assert (ir["terms"]["run"], ir["terms"]["run_plural"]) == ("scala", "scale")
    regular = rulespec.compile_text(basic_with('run is called "escala", plural "escalas"'),
                                    name="x.rules").ir
    assert regular["terms"]["run_plural"] is None  # the word and s: nothing irregular
    es = rulespec.compile_text(basic_with('runs are called "flushes"'), name="x.rules")
    assert (es.ir["terms"]["run"], es.ir["terms"]["run_plural"]) == ("flush", "flushes")
    assert "a flush " in render_page(es) and "flushe" not in render_page(es).replace("flushes", "")


@pytest.mark.parametrize("terms, message", [
    ('sets are called "pierna"', "`sets` are called by a word in the plural, and `pierna` "
                                 "does not end in s"),
    ('runs are called "two words"', "a run is called by one word in small letters"),
    ('runs are called "scale", plural "scale"', "`runs` are called by their plural already"),
    ('run is called "scala", plural "two words"', "not `two words`"),
])
def test_a_meld_word_that_cannot_be_said_is_refused(terms, message):
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(basic_with(terms), name="x.rules")
    assert message in str(err.value)
    assert "E371" in str(err.value)
