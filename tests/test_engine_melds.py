"""The meld questions the interpreter asks (rulespec/engine/search/, rulespec/melds/hand.py), checked
against the meld module's own validation (classify_meld) by brute force on random hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

import rulespec
from rulespec import cards as C
from rulespec.engine.deal import deck_cards
from rulespec.engine import search as ES
from rulespec.melds import distinct as D
from rulespec.melds import hand as H
from rulespec.melds import opening as O
from rulespec.melds.checks import can_lay_off
from rulespec.melds.classify import readings as classify_readings
from rulespec.melds.context import rules_for

from conftest import VARIANTS

NAMES = ["basic", "push", "continental", "indian-points", "wrotham", "romme",
         "house/basic-round-the-corner", "house/basic-ace-high"]


def setup(name: str, seed: int, size: tuple[int, int]):
    rs = rulespec.load(VARIANTS / f"{name}.rules").ruleset
    rng = random.Random(seed)
    deck = deck_cards(rs, rs.players.min)
    hand = rng.sample(deck, rng.randint(*size))
    wild = rng.choice(deck) if rs.wilds.cut else None
    return rs, rules_for(rs, wild), hand, wild, rng


@pytest.mark.parametrize("name", NAMES)
def test_every_meld_in_a_hand_is_listed_with_every_reading(name):
    """Brute force: every sub-multiset of the hand that classify_meld accepts is listed,
    with exactly its readings (wild cards trading places counted once)."""
    for seed in range(25):
        rs, rules, hand, wild, _ = setup(name, seed, (4, 9))
        listed: dict = {}
        for cards, r in H.hand_melds(rules, hand):
            listed.setdefault(tuple(sorted(cards)), set()).add(r)
        want = {}
        for k in range(2, len(hand) + 1):
            for sub in set(combinations(sorted(hand), k)):
                rd = classify_readings(rules, sub)
                if rd:
                    want[sub] = set(D._dedupe(rd))
        assert listed == want, (name, C.cards_str(hand), C.card_str(wild) if wild is not None else None)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_constructed_readings_of_big_hands_match_the_meld_module(name):
    for seed in range(40):
        rs, rules, hand, wild, _ = setup(name, 100 + seed, (10, 18))
        D._READINGS.clear()
        listed: dict = {}
        for cards, r in H.hand_melds(rules, hand):
            listed.setdefault(tuple(sorted(cards)), set()).add(r)
        for group, rd in listed.items():
            assert rd == set(D._dedupe(classify_readings(rules, group)))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_a_lay_off_keeps_every_wild_standing_for_the_same_card(name):
    """extensions() agrees with melds.checks.can_lay_off on which cards fit a table meld,
    and every extension is a reading of the longer meld that extends the old one."""
    for seed in range(30):
        rs, rules, hand, wild, rng = setup(name, 200 + seed, (8, 14))
        melds = H.hand_melds(rules, hand)
        if not melds:
            continue
        cards, reading = rng.choice(melds)
        for card in set(deck_cards(rs, rs.players.min)):
            ext = ES.extensions(rules, cards, reading, card)
            # every reading, wild cards in every place (a table meld keeps its own)
            longer = set(classify_readings(rules, tuple(sorted(cards + (card,)))))
            for new in ext:
                assert new in longer
                assert not (Counter(reading.wilds) - Counter(new.wilds))
            table = rulespec.melds.classify_meld(rs, cards, wild)
            # can_lay_off tries every reading of the table meld; ours keeps the one laid
            if ext:
                assert can_lay_off(rs, card, table, wild) is not None



@pytest.mark.parametrize("name", ["push", "continental", "indian-points", "romme", "rummy51",
                                  "house/push-three-and-seven"])
@pytest.mark.slow
def test_melds_worked_out_from_a_recent_hand_are_the_melds_worked_out_afresh(name):
    """hand_melds derives the melds of a hand with wild cards from a recent hand that lacks
    a few natural cards (drop the melds of cards gone, add those of cards come): a walk of
    hands where each step draws, lays down or swaps up to six cards must list what a fresh
    start lists."""
    derived = 0
    for seed in range(12):
        rs, rules, hand, wild, rng = setup(name, 300 + seed, (5, 12))
        pool = [c for c in deck_cards(rs, rs.players.min)]
        for c in hand:
            pool.remove(c)
        rng.shuffle(pool)
        H._RECENT.clear()
        D._READINGS.clear()
        H.hand_melds(rules, hand)
        for _step in range(12):
            for _change in range(rng.randint(1, 6)):
                r = rng.random()
                if r < 0.4 and pool:
                    hand.append(pool.pop())
                elif r < 0.7 and len(hand) > 3:
                    hand.remove(rng.choice(hand))
                elif pool:
                    hand.remove(rng.choice(hand))
                    hand.append(pool.pop())
            recent = list(H._RECENT.get(rules, []))
            derived += H._groups_from_recent(rules, Counter(hand), recent) is not None
            worked = H.hand_melds(rules, hand)
            H._RECENT.clear()
            assert worked == H.hand_melds(rules, hand), (name, C.cards_str(hand))
        # and no group's readings were remembered short (a group met on the short way
        # without a new card in it may lack readings of a kind it was not searched for)
        listed: dict = {}
        for cards, r in worked:
            listed.setdefault(tuple(sorted(cards)), set()).add(r)
        for group, rd in listed.items():
            assert rd == set(D._dedupe(classify_readings(rules, group))), (name, C.cards_str(group))
    assert derived > 20  # the walk does take the short way


@pytest.mark.parametrize("name", ["rummy51", "romme", "house/basic-penalty-100", "push"])
def test_opening_reaches_says_whether_the_opening_value_is_that_high(name):
    """The yes-or-no question stops early; it must still answer as the full count does
    (asked first, with no count remembered, so that it works its own answer out)."""
    for seed in range(30):
        rs, rules, hand, wild, rng = setup(name, 500 + seed, (3, 14))
        for keep in (0, 1, 2):
            needs = (1, 10, 30, 51, 80)
            O._OPEN.clear()
            reached = [O.opening_reaches(rules, hand, keep, need) for need in needs]
            value = O.opening_value(rules, hand, keep)
            assert reached == [value >= need for need in needs], (C.cards_str(hand), keep, value)


def test_card_codes_sort_as_a_player_sorts_them():
    """hand_melds shows a meld's cards in code order, which must be the player's order."""
    codes = list(range(C.JOKER + 1))
    assert sorted(codes, key=C.sort_key) == codes


def test_a_group_met_on_the_short_way_is_not_remembered_with_readings_missing():
    """Adding 5♥ to a hand holding 5♠ and two jokers searches sets of fives and runs of
    hearts only; 5♠ with two jokers is met there as a set, but it is a run of spades too.
    It must not be remembered (as it once was) with its set reading alone, even when the
    table of readings was emptied in between (it empties itself when full)."""
    rs = rulespec.load(VARIANTS / "rummy51.rules").ruleset
    rules = rules_for(rs, None)
    five_spades, five_hearts = C.make(4, 0), C.make(4, 1)
    hand = [five_spades, C.JOKER, C.JOKER, C.make(9, 1), C.make(11, 3)]
    H._RECENT.clear()
    H.hand_melds(rules, hand)
    D._READINGS.clear()
    assert H._groups_from_recent(rules, Counter(hand + [five_hearts]), H._RECENT[rules]) is not None
    H.hand_melds(rules, hand + [five_hearts])
    group = tuple(sorted([five_spades, C.JOKER, C.JOKER]))
    kinds = {r.kind for r in D.readings_of(rules, group)}
    assert kinds == {"set", "run"}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["push", "continental"])
def test_the_quick_contract_search_agrees_with_the_solver(name):
    """fill_from (over the hand's own meld list) answers every contract of the variant
    as the exact solver does, whenever it answers at all; big hands of several packs hold
    the same meld twice, which two slots alike may both take."""
    rs = rulespec.load(VARIANTS / f"{name}.rules").ruleset
    contracts = [rs.opening.contract(r) for r in range(1, 8)]
    answered = 0
    for seed in range(60):
        _, rules, hand, _, rng = setup(name, 300 + seed, (9, 14))
        hand += rng.sample(hand, 4)  # some cards twice, as several packs deal them
        melds = H.hand_melds(rules, hand)
        for contract in filter(None, contracts):
            for option in contract.options:
                slots = ES.contract_slots(rules, option)
                for keep in (0, 1):
                    quick = ES.fill_from(melds, Counter(hand), slots, keep, budget=100_000)
                    if quick is not None:
                        answered += 1
                        assert quick == ES.can_fill(rules, hand, slots, keep), (
                            name, C.cards_str(hand), slots, keep)
    assert answered > 100
