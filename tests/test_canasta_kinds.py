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


# ---------------------------------------------------------------- going out by kind

OUT_2_2 = "going out: only with 2 natural and 2 mixed melds of 7+ cards"
N1, N2 = "KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD"  # natural canastas
M1, M2 = "JS JH JD JC JS JH JK", "10S 10H 10D 10C 10S 10H 2C"  # mixed canastas


@pytest.fixture(scope="module")
def hand_and_foot_ish():
    return house("rummy500", *SAMBA, "players: 2", "deal: 32 cards each", OUT_2_2)


def _canastas_then(v, canastas: list[str], rest: str):
    """Player 0 holds ``canastas`` and ``rest`` (32 cards), draws the 5S and melds each
    canasta; the 5H 5D 5C 5S and the 9H are left."""
    hand = " ".join(canastas + [rest.replace(" / ", " "), "5H 5D 5C 9H"])
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=[hand, None], upcard="4C",
                                                  stock=["5S"])).deal_on()
    g.play("draw stock").deal_on()
    g.play(*(f"meld {c}" for c in canastas))
    if rest:
        g.play(*(f"meld {m}" for m in rest.split(" / ")))
    return g


def test_the_phrase_sets_the_parts(hand_and_foot_ish):
    long = hand_and_foot_ish.ruleset.going_out.long
    assert (long.melds, long.size) == (4, 7)
    assert [(k.melds, k.kind, k.wilds) for k in long.kinds] == [(2, "meld", "natural"),
                                                                (2, "meld", "mixed")]
    one = house("rummy500", "going out: only with a natural meld of 7+").ruleset.going_out.long
    assert [(k.melds, k.kind, k.wilds) for k in one.kinds] == [(1, "meld", "natural")]
    books = house("rummy500", *SAMBA, "going out: only with 2 clean and 2 dirty books of 7 or "
                  "more cards").ruleset.going_out.long
    assert [(k.melds, k.kind, k.wilds) for k in books.kinds] == [(2, "set", "natural"),
                                                                 (2, "set", "mixed")]
    plain = house("rummy500", "going out: only with 2 melds of 7+ cards").ruleset.going_out.long
    assert (plain.melds, plain.kinds) == (2, ())


M3 = "7S 7H 7D 7C 7S 7H 2D"


@pytest.mark.parametrize("canastas,rest", [([N1, M1, M2], "8S 8H 8D / 3S 3H 3D 3C"),
                                           ([N1, M1, M2, M3], "")],
                         ids=["1 natural, 2 mixed", "1 natural, 3 mixed"])
def test_one_natural_canasta_may_not_go_out(hand_and_foot_ish, canastas, rest):
    """Four canastas are not enough when only one is natural."""
    g = _canastas_then(hand_and_foot_ish, canastas, rest)
    assert sorted(g.hands[0]) == sorted(rulespec.parse_cards("5H 5D 5C 9H 5S"))
    legal = {str(a) for a in g.legal_actions()}
    assert not any(a.startswith("meld 5") and a.count("5") == 4 for a in legal)
    with pytest.raises(rulespec.engine.IllegalMove,
                       match="you may not go out yet: you need 2 natural melds and 2 mixed "
                             "melds of 7 or more cards"):
        g.apply("meld 5H 5D 5C 5S")  # would leave the 9H to discard
    g.play("meld 5H 5D 5C")  # two cards stay
    with pytest.raises(rulespec.engine.IllegalMove, match="you may not go out yet"):
        g.apply(f"lay off 5S on {len(g.table)}")
    assert not g.results


def test_two_natural_and_two_mixed_canastas_go_out(hand_and_foot_ish):
    g = _canastas_then(hand_and_foot_ish, [N1, N2, M1, M2], "")
    g.play("meld 5H 5D 5C 5S", "discard 9H")
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 0)


def test_a_wild_laid_off_on_a_natural_canasta_makes_it_mixed(hand_and_foot_ish):
    """Two natural and two mixed canastas, and a wild card laid off onto a natural one:
    then there is one natural canasta, and the player may not go out."""
    g = new_game(hand_and_foot_ish, players=2, seed=2).deal_on()
    p = g.player
    g.table = [TableMeld(i + 1, p, *_set(c, r, wild=w)) for i, (c, r, w) in enumerate(
        ((N1, 12, False), (N2, 11, False), (M1, 10, True), (M2, 9, True)))]
    kings = g.table[0]
    assert g._out_ready(p)
    mixed = Reading("set", rank=12, wilds=((JK, None),))
    assert not g._out_ready(p, onto=kings, reading=mixed)
    assert g._out_ready(p, onto=kings, reading=kings.reading)  # a natural king keeps it natural
    # with two cards left, the wild card may not go onto the kings: it would leave the
    # 9H alone with one natural canasta (found by a simulation of `1 natural and 1 mixed`)
    g.play("draw stock").deal_on()
    g.hands[p] = rulespec.parse_cards("JK 9H")
    legal = {str(a) for a in g.legal_actions()}
    assert "lay off JK on 1" not in legal and "lay off JK on 3" in legal
    assert "discard 9H" in legal


def test_the_page_says_the_kinds():
    v = house("rummy500", *SAMBA, "going out: only with 2 clean and 2 dirty books of 7+ cards",
              'terms: sets are called "books"')
    page = " ".join(render_page(v).split())
    assert ("You may go out only when you have four melds of seven or more cards on the "
            "table: two natural books and two mixed books (the meld that makes it may be laid "
            "in the same turn; a natural meld has no wild card in it; a mixed meld has one at "
            "least).") in page


def test_kinds_the_rules_cannot_make_are_reported():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("rummy500", "going out: only with a mixed meld of 7+ cards") == ["E351"]
    assert errors("rummy500", "deck: 2 packs", "melds: sets of 3+ cards in any suits; no runs",
                  "going out: only with a run of 7+") == ["E351"]
    assert errors("rummy500", *SAMBA, "going out: only with 2 mixed runs of 7+") == ["E351"]


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.tuples(st.integers(1, 3), st.sampled_from(["meld", "set", "run"]),
                                st.sampled_from(["any", "natural", "mixed"])),
                      min_size=1, max_size=3),
       melds=st.lists(st.tuples(st.sampled_from(["set", "run"]), st.booleans()), max_size=7))
def test_the_kinds_are_met_exactly_when_the_melds_can_be_shared_out(parts, melds):
    """Property: the engine's test (Hall's condition) agrees with trying every way to give
    each long meld to one part."""
    import itertools

    from rulespec.engine.long_melds import fits, long_kinds_met
    from rulespec.ruleset import LongKind
    kinds = [LongKind(*p) for p in parts]
    readings = [Reading(k, wilds=((JK, None),) if mixed else ()) for k, mixed in melds]
    brute = any(
        all(sum(1 for i, g in enumerate(give) if g == j and fits(kinds[j], readings[i]))
            >= kinds[j].melds for j in range(len(kinds)))
        for give in itertools.product(range(len(kinds) + 1), repeat=len(readings)))
    assert long_kinds_met(kinds, readings) == brute


# ---------------------------------------------------------------- naturals outnumber wilds

BOOKS = ("deck: 3 packs; 2 jokers per pack", "values: jokers = 50",
         "melds: sets of 3+ cards of the same rank in any suits; no runs")


@pytest.fixture(scope="module")
def strict_rules():
    from rulespec.melds.context import rules_for
    v = house("rummy500", *BOOKS, "wild: jokers; naturals must outnumber wilds")
    weak = house("rummy500", *BOOKS, "wild: jokers; wilds may not outnumber naturals")
    return rules_for(v.ruleset), rules_for(weak.ruleset)


@settings(max_examples=60, deadline=None)
@given(naturals=st.integers(1, 7), wilds=st.integers(0, 6))
def test_a_book_holds_fewer_wild_cards_than_natural_ones(strict_rules, naturals, wilds):
    """Hand and Foot: "a book must contain at least one more natural card than wild
    cards"; the weaker rule (Continental's) allows as many."""
    from rulespec.melds.distinct import readings_of
    strict, weak = strict_rules
    nats = rulespec.parse_cards(" ".join(["KS", "KH", "KD", "KC"] * 2)[: 3 * naturals - 1])
    meld = nats + [JK] * wilds
    if len(meld) < 3:
        return
    assert bool(readings_of(strict, meld)) == (wilds < naturals)
    assert bool(readings_of(weak, meld)) == (wilds <= naturals)


def test_naturals_outnumber_is_said_and_clashes_are_reported():
    v = house("rummy500", *BOOKS, "wild: jokers; natural cards must outnumber wild cards")
    assert v.ruleset.wilds.naturals_outnumber and not v.ruleset.wilds.not_outnumber
    page = " ".join(render_page(v).split())
    assert ("A meld must hold more natural cards than wild cards: a meld with three natural "
            "cards may hold two wild cards at most.") in page

    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("rummy500", *BOOKS, "wild: jokers; naturals must outnumber wilds; "
                  "all-wild melds allowed") == ["E352"]
    assert errors("rummy500", *BOOKS, "wild: jokers; naturals must outnumber wilds; "
                  "wilds may not outnumber naturals") == ["E352"]
