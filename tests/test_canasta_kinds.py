"""Canastas by kind: a long set's or run's own bonus (``scoring: run of 7+ cards = +1500``)
and going out only with long melds of some kinds (``going out: only with 2 natural and 2
mixed melds of 7+ cards``).

Sources: Samba (pagat.com/rummy/samba.html): "a samba (seven cards in sequence in one suit,
no wild cards) scores 1500, a natural canasta 500, a mixed canasta 300 ... to go out a
side needs two canastas". Hand and Foot (pagat.com/rummy/handfoot.html): "a clean book
scores 500, a dirty book 300"; "to go out ... at least two clean and two dirty books".
Bolivia: an escalera (a sequence canasta) scores 2000."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.scoring import meld_bonuses
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page

from conftest import house, house_problems

SAMBA_SCORES = ("scoring: meld of 7+ cards = +500 natural, +300 mixed; run of 7+ cards = +1500")
#: Samba's cards and melds over 500 Rum: three packs and their jokers, jokers and deuces
#: wild in sets only (a sequence holds no wild card), sets of any size, runs up to seven
SAMBA = ("deck: 3 packs; 2 jokers per pack", "values: jokers = 50",
         "wild: jokers, 2s; wilds only in sets",
         "melds: sets of 3+ cards of the same rank in any suits; "
         "runs of 3-7 cards in the same suit")
JK = rulespec.parse_cards("JK")[0]


@pytest.fixture(scope="module")
def samba_ish():
    return house("rummy500", SAMBA_SCORES)


def _run(cards: str, suit: int, low: int, wild_at: int | None = None) -> tuple:
    """A run's cards and reading (``wild_at``: the rank a joker among them stands for)."""
    cs = rulespec.parse_cards(cards)
    wilds = () if wild_at is None else ((JK, wild_at),)
    return cs, Reading("run", suit=suit, ranks=tuple(range(low, low + len(cs))), wilds=wilds)


def _set(cards: str, rank: int, wild: bool = False) -> tuple:
    cs = rulespec.parse_cards(cards)
    return cs, Reading("set", rank=rank, wilds=((JK, None),) if wild else ())


def test_the_phrases_set_a_bonus_by_kind(samba_ish):
    kb = samba_ish.ruleset.scoring.kind_bonus
    assert kb.set is None and (kb.run.size, kb.run.natural, kb.run.mixed) == (7, 1500, 1500)
    books = house("rummy500", *SAMBA, "scoring: book of 7+ cards = +500 natural, +300 mixed")
    b = books.ruleset.scoring.kind_bonus.set
    assert (b.size, b.natural, b.mixed) == (7, 500, 300)
    seq = house("rummy500", "scoring: sequence of 8+ cards = +2000")
    assert seq.ruleset.scoring.kind_bonus.run.size == 8


def test_a_natural_run_of_seven_scores_1500_not_500(samba_ish):
    """The scripted hand: a player melds a seven-card run in spades and goes out."""
    deck = stacked_deck(samba_ish, 2, hands=["3S 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D", None],
                        upcard="JC", stock=["9S"])
    g = new_game(samba_ish, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld 3S 4S 5S 6S 7S 8S 9S", "meld KD KH KC", "meld QD QH QC", "discard 2D")
    (r,) = g.results
    assert r.details["meld bonuses"] == (1500, 0)  # the samba's own bonus, not 500, not both
    plain = house("rummy500", "scoring: meld of 7+ cards = +500 natural, +300 mixed")
    g = new_game(plain, players=2, deck=stacked_deck(
        plain, 2, hands=["3S 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D", None], upcard="JC",
        stock=["9S"])).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld 3S 4S 5S 6S 7S 8S 9S", "meld KD KH KC", "meld QD QH QC", "discard 2D")
    assert g.results[0].details["meld bonuses"] == (500, 0)  # without the run's bonus


def test_sets_keep_the_meld_bonus_and_short_runs_fall_back_to_it():
    v = house("rummy500", *SAMBA, "scoring: meld of 6+ cards = +500 natural, +300 mixed; "
              "run of 7+ cards = +1500")
    g = new_game(v, players=3, seed=1).deal_on()
    six = _run("3S 4S 5S 6S 7S 8S", 0, 2)
    mixed_set = _set("KD KH KC KS KD KH JK", 12, wild=True)
    g.table = [TableMeld(1, 0, *six), TableMeld(2, 1, *mixed_set),
               TableMeld(3, 2, *_run("3H 4H 5H 6H 7H 8H 9H", 1, 2))]
    assert meld_bonuses(g) == [500, 300, 1500]


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["set", "run"]), size=st.integers(3, 13), wild=st.booleans(),
       meld=st.tuples(st.integers(3, 9), st.integers(0, 1000), st.integers(0, 1000)),
       own=st.one_of(st.none(), st.tuples(st.integers(3, 9), st.integers(0, 3000),
                                          st.integers(0, 3000))))
def test_the_score_follows_the_table(kind, size, wild, meld, own):
    """Property: each long meld earns exactly one bonus, the one its kind and size name in
    the table (its kind's where it reaches that size, else any meld's, else none)."""
    from rulespec.engine.scoring import long_bonus
    from rulespec.ruleset import KindBonus, MeldBonus, Scoring
    mb = MeldBonus(*meld)
    ob = None if own is None else MeldBonus(*own)
    sc = Scoring(meld_bonus=mb, kind_bonus=KindBonus(**{kind: ob}))
    other = "run" if kind == "set" else "set"
    got = long_bonus(sc, kind, size)
    if ob is not None and size >= ob.size:
        assert got is ob
    elif size >= mb.size:
        assert got is mb
    else:
        assert got is None
    assert long_bonus(sc, other, size) is (mb if size >= mb.size else None)


def test_a_bonus_by_kind_needs_such_melds_long_enough_and_owner_scoring():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("basic", "scoring: run of 7+ cards = +1500") == ["E350"]
    assert errors("rummy500", "melds: no runs", "scoring: run of 7+ cards = +1500") == ["E350"]
    assert errors("rummy500", "melds: sets of 3-4 cards",
                  "scoring: set of 5+ cards = +100") == ["E350"]


def test_the_page_says_the_bonus_by_kind_in_the_variants_words():
    v = house("rummy500", SAMBA_SCORES, 'terms: runs are called "sequences"')
    page = " ".join(render_page(v).split())
    assert ("**Long sequences.** A sequence of seven or more cards on the table scores a bonus "
            "of 1500 points for the player who laid it, besides its cards' values, when the "
            "hand ends; such a sequence does not also score a long meld's bonus.") in page
