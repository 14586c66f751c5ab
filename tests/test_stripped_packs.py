"""Stripped packs (issue #15, item 7): `deck: 1 pack without 8s, 9s and 10s`.

The rules reproduced are the sources' of variants/conquian.rules: a 40-card pack (no 8s,
9s or 10s) in which "the jack and seven are considered to be in sequence" and the ace is
low only, "so that the sequence A, 2, 3 can be formed, but not A, K, Q" (bicyclecards.com);
"6-7-J" is a run (rummy.com). A piquet pack (`without 2-6`, 32 cards) puts the 7 next to
the ace. Runs across the gap must be found by the classifier, the solver (both routes),
the engine's meld and lay-off moves; the deal must fit the smaller deck; and every card
of the stripped deck is in exactly one place throughout a game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import check_invariants, new_game
from rulespec.engine.deal import deck_cards, stacked_deck
from rulespec.engine.invariants import zones
from rulespec.melds.context import rules_for
from rulespec.melds.fast import deadwood, deadwood_after_discard
from rulespec.melds.solver import Search

from conftest import VARIANTS

CONQUIAN = VARIANTS / "conquian.rules"
BARE = 'variant "x"\nextends "basic"\n'
HEAD = BARE + "players: 2\n"


def _compile(body: str, head: str = HEAD):
    return rulespec.compile_text(head + body, name="x.rules")


def _codes(err) -> list[str]:
    return [d.code for d in err.value.diagnostics]


@pytest.fixture(scope="module")
def conquian():
    return rulespec.load(CONQUIAN)


@pytest.fixture(scope="module")
def piquet():
    return _compile("deck: 1 pack without 2-6\naces: high or low\n")


@pytest.fixture(scope="module")
def basic():
    return rulespec.load(VARIANTS / "basic.rules")


# ------------------------------------------------------------------ the clause


@pytest.mark.parametrize("text, gone", [
    ("deck: 1 pack without 8s, 9s and 10s", ("8", "9", "10")),
    ("deck: 1 pack without eights, nines or tens, no jokers", ("8", "9", "10")),
    ("deck: 1 pack without 8-10", ("8", "9", "10")),
    ("deck: 1 pack; without the 2s to 6s", None),  # `2s to 6s` is not a span: E101
    ("deck: without 2-6", ("2", "3", "4", "5", "6")),
    ("deck: 1 pack without 8s, no jokers", ("8",)),
])
def test_the_without_clause(text, gone):
    if gone is None:
        with pytest.raises(rulespec.SpecError):
            _compile(text + "\n")
        return
    d = _compile(text + "\n").ruleset.deck
    assert d.without == gone and d.jokers == 0
    assert d.size(2) == 52 - 4 * len(gone)


def test_the_deck_holds_only_the_ranks_kept(conquian):
    deck = deck_cards(conquian.ruleset, 2)
    assert len(deck) == 40 == conquian.deck_size(2)
    assert {C.RANKS[C.rank_of(c)] for c in deck} == set("A 2 3 4 5 6 7 J Q K".split())
    with pytest.raises(ValueError, match="no .*8S"):
        stacked_deck(conquian, 2, hands=[["8S"]])


@pytest.mark.parametrize("body, code", [
    ("deck: 1 pack without A-K\n", "E316"),                 # no rank left
    ("deck: 1 pack without 3-K\nmelds: no sets\n", "E316"),  # two ranks: no run of 3
    ("deck: 1 pack without aces\naces: high\n", "E316"),    # no ace to put high
    ("deck: 1 pack without 8s\nwild: 8s\n", "E317"),        # a wild rank taken out
    ("deck: 1 pack without 8s\nwild: 8H\n", "E317"),        # a wild card taken out
])
def test_nonsense_packs_are_diagnosed(body, code):
    with pytest.raises(rulespec.SpecError) as err:
        _compile(body)
    assert code in _codes(err)


def test_a_value_for_a_card_taken_out_is_a_warning():
    v = _compile("deck: 1 pack without 8s\nvalues: 8H = 50\n")
    assert "W317" in [d.code for d in v.warnings]


def test_the_deal_size_check_counts_the_stripped_pack():
    """32 cards: three players of 10 need 32 (hands, upcard, one to draw), four need 42."""
    ok = _compile("deck: 1 pack without 2-6\ndeal: 10 cards each\nplayers: 3\n", BARE)
    assert ok.deck_size(3) == 32
    with pytest.raises(rulespec.SpecError) as err:
        _compile("deck: 1 pack without 2-6\ndeal: 10 cards each\nplayers: 3-4\n", BARE)
    (d,) = [d for d in err.value.diagnostics if d.code == "E312"]
    assert "4 players need 42 cards" in d.message and "only 32" in d.message


def test_ranks_taken_out_need_no_value(conquian):
    assert conquian.ruleset.values.ranks[7:10] == (None, None, None)
    assert conquian.card_value(C.parse_card("7S")) == 7
    assert conquian.card_value(C.parse_card("AS")) == 15


# ------------------------------------------------------------------ runs across the gap


@pytest.mark.parametrize("hand, kind", [
    ("7S JS QS", "run"), ("6H 7H JH", "run"), ("5D 6D 7D JD QD KD", "run"),
    ("AS 2S 3S", "run"), ("QS KS AS", None),  # ace low only
    ("7S 8S 9S", None), ("7S 8S", None),      # no 8s, 9s or 10s in the pack
    ("6S 7S QS", None),                       # the J is missing between 7 and Q
    ("JC JD JH", "set"),
])
def test_runs_skip_the_gap(conquian, hand, kind):
    m = conquian.classify_meld(C.parse_cards(hand))
    assert (m.kind if m else None) == kind


def test_a_full_pack_has_no_such_run(basic):
    assert basic.classify_meld(C.parse_cards("7S JS QS")) is None
    assert basic.classify_meld(C.parse_cards("7S 8S 9S")).kind == "run"


def test_a_piquet_pack_puts_the_seven_next_to_the_ace(piquet):
    for hand in ("AS 7S 8S", "QS KS AS", "10H JH QH KH AH"):
        assert piquet.classify_meld(C.parse_cards(hand)).kind == "run", hand
    assert piquet.classify_meld(C.parse_cards("KH AH 7H")) is None  # high or low, not both


HANDS = [  # (hand, least deadwood): Conquian values, A 15, J Q K 10
    ("6S 7S JS QD QH 2C 3C 4C KD AH", 10 + 10 + 10 + 15),
    ("5S 6S 7S JS QS KS 2D 2H 2C AD", 15),
    ("7S JS QS KS 7H JH QH 3D 4D 5D", 0),
]


@pytest.mark.parametrize("hand, dead", HANDS)
def test_the_solver_finds_runs_across_the_gap(conquian, hand, dead):
    cards = C.parse_cards(hand)
    arr = conquian.best_arrangement(cards)
    assert arr.deadwood_points == dead
    rules = rules_for(conquian.ruleset)
    total = sum(rules.value[c] for c in cards)
    assert deadwood(conquian.ruleset, cards) == dead                   # the table route
    assert total - Search(rules, cards).solve()[0] == dead             # the exact search


def test_the_two_solver_routes_agree_on_random_stripped_hands(conquian, piquet):
    for v in (conquian, piquet):
        rs = v.ruleset
        deck = deck_cards(rs, 2)
        rules = rules_for(rs)
        rng = random.Random(5)
        for _ in range(300):
            hand = rng.sample(deck, 11)
            exact = sum(rules.value[c] for c in hand) - Search(rules, hand).solve()[0]
            assert deadwood(rs, hand) == exact
            best = min(deadwood(rs, hand[:i] + hand[i + 1:]) for i in range(len(hand)))
            assert deadwood_after_discard(rs, hand) == best


def test_the_engine_offers_the_run_and_the_lay_offs_across_the_gap(conquian):
    hands = ["6S 7S QS 2D 3H 4C 5D KH AD 2C", "AS 2S 3D 4H 5C 6D 7C QC KC AH"]
    deck = stacked_deck(conquian, 2, hands=hands, stock=["JS", "KS", "QH"])
    g = new_game(conquian, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    legal = g.legal_strings()
    assert "meld 6S 7S JS" in legal and "meld 7S JS QS" in legal
    assert "meld 6S 7S JS QS" in legal
    g.play("meld 6S 7S JS QS")
    check_invariants(g)
    assert [sorted(m.cards) for m in g.table] == [C.parse_cards("6S 7S JS QS")]


def test_lay_offs_follow_the_pack(conquian):
    hands = ["6S 7S JS 5S QS 2D 3H 4C KH AD", "AS 2S 3D 4H 5C 6D 7C QC KC AH"]
    deck = stacked_deck(conquian, 2, hands=hands, stock=["KS"])
    g = new_game(conquian, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld 6S 7S JS")
    legal = g.legal_strings()
    assert "lay off 5S" in " ".join(legal) and "lay off QS" in " ".join(legal)


# ------------------------------------------------------------------ every card in one place


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 1_000), min_size=20, max_size=80))
def test_every_card_is_in_exactly_one_place(conquian, seed, picks):
    """Whatever moves are made, the cards in play are exactly the 40 of the stripped pack,
    each once (stock, discards, hands, table), and no 8, 9 or 10 ever appears."""
    g = new_game(conquian, players=2, seed=seed)
    want = Counter(deck_cards(conquian.ruleset, 2))
    for pick in picks:
        if g.is_over():
            break
        if g.is_chance():
            g.apply_chance()
        else:
            acts = g.legal_actions()
            g.apply(acts[pick % len(acts)])
        have = zones(g)
        assert have == want
        assert not {C.rank_of(c) for c in have} & {7, 8, 9}
        check_invariants(g)
