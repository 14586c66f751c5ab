"""Words and meld shapes new users of the Canasta family asked for (trials of Cuban Canasta
and Mexicana): a name for a long meld (`terms: meld of 7+ cards is called "canasta"`), a
set of wild cards alone that takes no rank (`wild: all-wild sets have no rank`), and the
size of the set black threes go out with (`… only when going out, as a set of 3 or 4`).

Sources: Canasta (pagat.com/rummy/canasta.html): "A canasta is a meld of seven or more
cards"; "Black threes may only be melded when going out, as a meld of three or four black
threes, without wild cards". Cuban Canasta (pagat.com/rummy/cubancanasta.html): "a
canasta of wild cards", wild cards alone, to which only wild cards may be added; it is
no meld of a rank, so natural cards of any rank may still be melded."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.rulebook.prose import changed
from rulespec.rulebook.words import Vocabulary
from rulespec.ruleset import Terms

from conftest import LITTLE_CANASTA, house_problems, random_walk

CANASTA = "          meld of 7+ cards = +500 natural, +300 mixed\n"
WILD = "          meld of 7+ wild cards = +1000\n"
OUT = "          only with 1 meld of 7+ cards\n"
TERM = 'terms:    meld of 7+ cards is called "canasta"\n'
THREES = "          black 3s may be melded only when going out{size} without wild cards\n"


def little(*, term: str = "", own: bool | None = None, size: str | None = None,
           name: str = "Cuban-ish", out: str = OUT):
    """The little Canasta of the tests with canasta bonuses and going out on a canasta;
    ``own``: all-wild sets allowed (taking no rank when true); ``size``: black threes go
    out as a set of that size (``""``: a set's size); ``out``: what going out needs."""
    text = (LITTLE_CANASTA.replace("Little Canasta", name)
            .replace("scoring:  melds score for whoever laid them; count all cards\n",
                     "scoring:  melds score for whoever laid them; count all cards\n"
                     + CANASTA + (WILD if own is not None else ""))
            .replace("going out: with or without final discard\n",
                     "going out: with or without final discard\n" + out))
    if own is not None:
        text = text.replace("no all-wild melds", "all-wild sets allowed"
                            + ("\n          all-wild sets have no rank" if own else ""))
    if size is not None:
        text = text.replace("          one set of each rank per side\n",
                            "          one set of each rank per side\n"
                            + THREES.format(size=size and f", as a set of {size}"))
    return rulespec.compile_text(text + term, name="cuban.rules")


def _errors(text: str) -> list[str]:
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(text, name="x.rules")
    return [d.code for d in err.value.diagnostics if d.is_error]


# ---------------------------------------------------------------- a name for a long meld


def test_the_phrase_names_a_long_meld_in_either_number():
    t = little(term=TERM).ruleset.terms
    assert (t.long, t.long_plural, t.long_size) == ("canasta", None, 7)
    t = little(term='terms: melds of 7 or more cards are called "canastas"\n').ruleset.terms
    assert (t.long, t.long_plural, t.long_size) == ("canasta", None, 7)
    t = little(term='terms: meld of 7+ is called "canastra", plural "canastre"\n').ruleset.terms
    assert (t.long, t.long_plural) == ("canastra", "canastre")
    assert little().ruleset.terms.long is None


def test_the_page_says_canasta_wherever_it_speaks_of_melds_of_seven():
    plain, named = render_page(little(own=True)), render_page(little(own=True, term=TERM))
    assert "when your side has a meld of seven or more cards on the table" in plain
    assert "when your side has a canasta on the table" in named
    assert "**Long melds.** A meld of seven or more cards on the table scores" in plain
    assert "**Canastas.** A canasta on the table scores a bonus of 500 points" in named
    assert "**Canastas of wild cards.** A canasta on the table made only of wild cards" in named
    assert "seven or more cards" not in named


def test_the_words_of_other_pieces_and_other_sizes():
    v = Vocabulary(**{**vars(Terms()), "long": "canasta", "long_size": 7})
    assert v.long_melds("has two natural melds and two mixed melds of seven or more "
                        "cards") == "has two natural canastas and two mixed canastas"
    assert v.long_melds("**Long sets of sevens.** A set of sevens of seven or more cards on "
                        "the table") == "**Canastas of sevens.** A canasta of sevens on the table"
    assert v.long_melds("may not be added to a meld that already holds seven cards or more"
                        ) == "may not be added to a canasta"
    assert v.long_melds("a meld of eight or more cards") == "a meld of eight or more cards"
    assert Vocabulary(**{**vars(Terms()), "long": "escalera", "long_size": 7}).long_melds(
        "A meld of seven or more cards") == "An escalera"


def test_a_name_for_a_size_no_rule_speaks_of_is_e373():
    assert _errors(LITTLE_CANASTA + TERM) == ["E373"]  # no long meld at all
    problems = [d for d in house_problems("basic", "scoring: melds score for whoever laid "
                                          "them", "scoring: meld of 7+ cards = +100",
                                          'terms: meld of 8+ cards is called "canasta"')
                if d.is_error]
    assert [d.code for d in problems] == ["E373"]
    assert "meld of 7+ cards is called" in problems[0].hint
    assert _errors(LITTLE_CANASTA + 'terms: meld of 7+ cards is called "two words"\n') == [
        "E371"]


def test_diff_says_the_name_alone_changes_and_other_rows_in_its_words():
    plain, named = little(own=True), little(own=True, term=TERM)
    found = changes(plain.ir, named.ir)
    assert [(c.rule, c.new) for c in found] == [
        ("A long meld is called", "canasta (plural canastas): a meld of seven or more cards")]
    text = (LITTLE_CANASTA.replace("going out: with or without final discard\n",
                                   "going out: with or without final discard\n"
                                   "          only with 2 melds of 7+ cards\n") + TERM)
    two = rulespec.compile_text(text, name="x.rules")
    (out,) = [c for c in changes(named.ir, two.ir) if c.rule == "Going out needs on the table"]
    assert (out.old, out.new) == ("a canasta", "two canastas")
    assert changed(found, plain.ir, named.ir) == (
        "A meld of seven or more cards is called a canasta.")
    assert changed(changes(named.ir, plain.ir), named.ir, plain.ir) == (
        "A long meld has no name of its own.")


# ---------------------------------------------------------------- all-wild sets of no rank


def _seat0(v, hand: str, stock=("JK",)):
    deck = stacked_deck(v, 4, hands=[hand, None, None, None], upcard="4C", stock=list(stock))
    g = new_game(v, players=4, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    return g


HAND = "2S 2H JK 9S 9H 9D KS KH KD 9C 6C"  # seat 0 draws the other joker


def test_a_set_of_wild_cards_takes_a_rank_and_blocks_it_unless_it_has_none():
    """The trial's repro: 2S 2H JK as a set of 9s, then natural nines were refused."""
    g = _seat0(little(own=False), HAND)
    g.play("meld 2S 2H JK as set of 9s")
    with pytest.raises(IllegalMove, match="already has a set of 9s"):
        g.apply("meld 9S 9H 9D")
    g = _seat0(little(own=True), HAND)
    assert "meld 2S 2H JK" in g.legal_strings()
    g.play("meld 2S 2H JK", "meld 9S 9H 9D")  # a set of no rank, then the nines
    assert [str(m.reading) for m in g.table] == ["set of wild cards (2S wild, 2H wild, JK wild)",
                                                 "set of 9s"]
    check_invariants(g)


def test_no_set_of_a_rank_that_is_all_wild_is_offered():
    moves = _seat0(little(own=False), HAND).legal_strings()
    heads = {m.split(" as ")[1] for m in moves if m.startswith("meld 2S 2H JK as ")}
    assert "set of 9s" in heads and "set of 2s" not in heads and len(heads) == 12


def test_only_wild_cards_join_a_set_of_no_rank():
    g = _seat0(little(own=True), HAND)
    g.play("meld 2S 2H JK", "meld 9S 9H 9D")
    lay = [s for s in g.legal_strings() if s.startswith("lay off")]
    assert "lay off JK on 1" in lay and "lay off 9C on 2" in lay and "lay off 9C on 1" not in lay
    with pytest.raises(IllegalMove, match="only wild cards may be laid off onto it"):
        g.apply("lay off 9C on 1")
    g.play("lay off JK on 1")
    assert len(g.table[0].cards) == 4 and g.table[0].reading.rank is None


def test_a_set_of_no_rank_opens_with_its_wild_cards_own_values():
    """Seat 0 opens (50) with 2S 2H JK alone: 20 + 20 + 50, no card of a rank to count."""
    g = _seat0(little(own=True), "2S 2H JK 4S 5H 6D 7S 8H 9D 10S QC", stock=("KC",))
    assert "meld 2S 2H JK" in g.legal_strings()
    g.play("meld 2S 2H JK")
    assert g.opened[0]
    ranked = _seat0(little(own=False), "2S 2H JK 4S 5H 6D 7S 8H 9D 10S QC", stock=("KC",))
    with pytest.raises(IllegalMove):  # as aces, 20 each: 60 would open; as 4s it does not
        ranked.play("meld 2S 2H JK as set of 4s", "discard QC")


def test_the_page_says_what_a_set_of_wild_cards_is():
    own, ranked = render_page(little(own=True)), render_page(little(own=False))
    assert ("A set made only of wild cards has no rank: its wild cards stand for no card, "
            "it is none of a side's sets of each rank (it neither counts as one nor keeps "
            "one out).") in own
    assert "one in a set made only of wild cards stands for none and counts its own value" in own
    assert ("A set made only of wild cards is laid as a set of a rank its player names (not "
            "twos, which are all wild), and its wild cards stand for cards of that rank: it "
            "is the side's set of that rank.") in ranked


def test_no_rank_where_no_set_of_wild_cards_is_allowed_is_e399():
    assert "E399" in _errors(LITTLE_CANASTA.replace("no all-wild melds",
                                                    "all-wild sets have no rank"))
    assert [d.code for d in house_problems("basic", "wild: all-wild sets have no rank")
            if d.is_error] == ["E399"]


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_sets_of_no_rank_keeps_every_invariant(seed):
    v, seen = little(own=True, size="3 or 4", term=TERM), 0
    for g in random_walk(v, 4, seed, steps=1500):
        check_invariants(g)
        seen += sum(1 for m in g.table if m.reading is not None and m.reading.kind == "set"
                    and m.reading.rank is None)
    assert seed or seen  # the random agent reaches them


# ---------------------------------------------------------------- the black threes' set


def _threes(v, hand: str, draw: str):
    return [s for s in _seat0(v, hand, stock=(draw,)).legal_strings()
            if s.startswith("meld 3")]


def test_black_threes_go_out_at_the_size_said():
    """Canasta: "as a meld of three or four black threes". Seat 0 opens with the kings
    and aces, then goes out with its black threes (four left, or two)."""
    four = "3S 3C 3S 3C KS KH KD KC AS AH AD"

    def out(size, hand, draw, melds):
        v = little(size=size, out="")
        g = _seat0(v, hand, stock=(draw,))
        g.play(*melds)
        return [s for s in g.legal_strings() if s.startswith("meld 3")]

    melds = ("meld KS KH KD KC", "meld AS AH AD")
    assert out("", four, "5D", melds) == ["meld 3S 3S 3C 3C"]
    assert out("3 or 4", four, "5D", melds) == ["meld 3S 3S 3C 3C"]
    assert out("3", four, "5D", melds) == []  # three leave two cards
    two = "3S 3C KS KH KD KC AS AH AD QC QD"
    melds2 = melds + ("meld QC QD QH",)
    assert out("", two, "QH", melds2) == []
    assert out("2-4", two, "QH", melds2) == ["meld 3S 3C"]


def test_the_page_caps_the_size_at_what_the_deck_holds():
    for size in ("", "3 or 4", "3+"):
        page = render_page(little(size=size))
        assert "as a set of three or four of them alone" in page, size
    assert "as a set of two to four of them alone" in render_page(little(size="2+"))
    assert little(size="3 or 4").ruleset.melds.going_out_size.max == 4


def test_a_size_the_deck_cannot_fill_is_e398():
    assert _errors(LITTLE_CANASTA.replace(
        "          one set of each rank per side\n",
        "          one set of each rank per side\n"
        + THREES.format(size=", as a set of 5-6"))) == ["E398"]
    assert _errors(LITTLE_CANASTA.replace(
        "          one set of each rank per side\n",
        "          one set of each rank per side\n"
        + THREES.format(size=", as a set of 4-3"))) == ["E398"]


def test_diff_says_the_size():
    found = changes(little(size="").ir, little(size="3 or 4").ir)
    assert [(c.rule, c.old, c.new) for c in found] == [
        ("The set of cards melded only when going out", "a set's size", "three or four cards")]
    assert changed(found, little(size="").ir, little(size="3 or 4").ir) == (
        "Cards melded only when going out go down as a set of three or four cards.")
    own = changes(little(own=False).ir, little(own=True).ir)
    assert changed(own, little(own=False).ir, little(own=True).ir) == (
        "A set of wild cards only takes no rank, and only wild cards may join it.")
