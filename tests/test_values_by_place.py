"""Card values that depend on where the card is.

An opening counted by the ace's place in its run (``opening values: A = 11; ace low in a
run = 1``). Sources, as the "Reach" trials read them:

- Rami 51 (mundicontest.com, "Rami, façon 51"): "L'As : 1 ou 11 points, selon sa place
  dans une suite (1 point posé avant le 2, 11 points après le Roi). S'il s'agit d'un
  ensemble d'As, chaque As vaut 11 points. Le Joker : il vaut la carte qu'il remplace."
- Rami 51 (jeuxdecartes1.e-monsite.com): "As, dans une suite As – 2 – 3 : 1 point; As,
  dans une suite Dame – Roi – As, un brelan ou un carré : 11 points".
- Kalooki 51 (raminoz.com, rummychief.com): the ace "can be worth either 1 or 11 points
  during the game", 11 left in hand.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine.deal import stacked_deck
from rulespec.engine.state import new_game
from rulespec.melds.context import rules_for
from rulespec.melds.distinct import readings_of
from rulespec.melds.opening import opening_solution, reading_value
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, house, house_problems

VALUES = "values: A = 11; 10 J Q K = 10; 2-9 = face value; jokers = 25"
RAMI = house("rummy51", VALUES, "opening values: A = 11; 10 J Q K = 10; 2-9 = face value; "
             "ace low in a run = 1")
FLAT = house("rummy51", VALUES, "opening values: A = 11; 10 J Q K = 10; 2-9 = face value")
#: Treppenrommé's places, round the corner (tests/test_ace_by_place.py), as opening values
CORNER = house("rummy51", "aces: round the corner",
               "opening values: A = 15; 10 J Q K = 10; 2-9 = face value; ace low in a run = 1; "
               "ace high in a run = 10; ace round the corner in a run = 5")
#: wild cards counting their own value, the ace high worth more than in a set
OWN = house("rummy51", "aces: round the corner", "opening: wild cards count their own value",
            "opening values: A = 15; 10 J Q K = 10; 2-9 = face value; jokers = 7; "
            "ace low in a run = 1; ace high in a run = 20; ace round the corner in a run = 5")


def _best(variant, hand: str) -> int:
    return variant.opening_value(rulespec.parse_cards(hand))[0]


@pytest.mark.parametrize("hand, worth", [
    ("AS 2S 3S", 6),           # "1 point posé avant le 2"
    ("QS KS AS", 31),          # "11 points après le Roi"
    ("AS AH AD", 33),          # "un ensemble d'As, chaque As vaut 11 points"
    ("AS 2S 3S 4S", 10),
    ("JK 2S 3S", 9),           # the joker is the 4 (4 points), not the low ace (1)
    ("AS 2S JK", 6),           # A-2-3: the joker "vaut la carte qu'il remplace", the 3
    ("QS KS JK", 31),          # the joker is the high ace, 11
    ("AS 2S 3S QH KH AH", 37),
])
def test_the_sources_numbers(hand, worth):
    assert _best(RAMI, hand) == worth


def test_without_the_rule_an_ace_counts_one_value_everywhere():
    assert _best(FLAT, "AS 2S 3S") == 16
    assert _best(FLAT, "QS KS AS") == 31


@pytest.mark.parametrize("hand, worth", [
    ("KS AS 2S", 17),          # round the corner: 10 + 5 + 2
    ("AS 2S JK", 17),          # the joker makes K-A-2 (10 + 5 + 2), not A-2-3 (1 + 2 + 3)
    ("QS KS AS", 30),          # high: 10 + 10 + 10
    ("AS AH AD", 45),          # a set: A = 15
])
def test_round_the_corner_each_place_counts(hand, worth):
    assert _best(CORNER, hand) == worth


def test_an_ace_is_placed_where_it_counts_most_when_wild_cards_count_their_own():
    # A + two jokers: Q-K-A counts 20 + 7 + 7; A-2-3 would count 1 + 14, K-A-2 5 + 14
    assert _best(OWN, "AS JK JK") == 34
    assert _best(OWN, "AS 2S 3S") == 6


HAND = "AS 2S 3S JS QS KS 4H 4D 4C 6H 8D 9C 2H 10C 7S"


def _start(variant):
    deck = stacked_deck(variant, 2, hands=[HAND, None])
    return new_game(variant, players=2, deck=deck).deal_on()


def test_the_engine_offers_only_melds_that_lead_to_an_opening_counted_by_place():
    """J-Q-K-A (41) and 4-4-4 (12) make 53; with A-2-3 (6), J-Q-K (30) and 4-4-4 the hand
    makes only 48. Counting the ace 11 everywhere, A-2-3 would count 16 and open."""
    melds = {a.text for a in _start(RAMI).legal_actions() if a.text.startswith("meld")}
    assert melds == {"meld AS JS QS KS", "meld 4H 4D 4C"}
    flat = {a.text for a in _start(FLAT).legal_actions() if a.text.startswith("meld")}
    assert "meld AS 2S 3S" in flat and "meld JS QS KS" in flat


def test_the_opening_counted_by_place_opens():
    g = _start(RAMI)
    g.apply("meld AS JS QS KS")
    assert not g.opened[0]
    g.apply("meld 4H 4D 4C")
    assert g.opened[0]


def test_values_by_place_count_towards_the_opening_without_opening_values():
    # 500 Rum's values (A 15, but 1 in A-2-3) with an opening of 30
    v = house("rummy500", "opening: melds worth at least 30")
    assert v.ruleset.opening.values is None
    assert _best(v, "AS 2S 3S") == 6 and _best(v, "QS KS AS") == 35
    page = " ".join(render_page(v).split())
    assert ("Towards the opening an ace melded low in a run (A-2-3) counts 1 point; in any "
            "other meld it counts its value in the table of card values.") in page


def test_the_page_says_the_opening_counts_the_ace_by_place():
    page = " ".join(render_page(RAMI).split())
    assert ("Towards the opening an ace melded low in a run (A-2-3) counts 1 point; in any "
            "other meld it counts as in the table above.") in page
    assert "Towards the opening an ace" not in " ".join(render_page(FLAT).split())


def test_diff_says_the_opening_ace_by_place():
    found = {c.rule: c for c in changes(FLAT.ir, RAMI.ir)}
    change = found["Opening value of an ace low in a run"]
    assert (change.old, change.new) == ("its own value", "1 point")


# ---------------------------------------------------------------- properties

def _by_hand(variant, cards, reading) -> int:
    """What a meld counts under the rule, card by card, written apart from the engine: an
    ace of a run by its place (first: low, last: high, else round the corner), a joker
    as the card it stands for, every other card its opening value."""
    ov = variant.ruleset.opening.values
    places = {"low": ov.ace_low_run, "high": ov.ace_high_run, "corner": ov.ace_corner_run}
    if reading.kind == "set":
        return len(cards) * ov.ranks[reading.rank]
    total = 0
    for i, rank in enumerate(reading.ranks):
        where = "low" if i == 0 else "high" if i == len(reading.ranks) - 1 else "corner"
        place = places[where] if rank == 0 else None
        total += ov.ranks[rank] if place is None else place
    return total


def _brute(variant, hand) -> int:
    """The best opening by trying every group of cards as a meld (small hands)."""
    rules = rules_for(variant.ruleset)

    @lru_cache(maxsize=None)
    def go(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = go(others)
        for mask in range(1, 1 << len(others)):
            group = [first] + [others[i] for i in range(len(others)) if mask >> i & 1]
            found = readings_of(rules, group)
            if found:
                left = tuple(others[i] for i in range(len(others)) if not mask >> i & 1)
                best = max(best, max(_by_hand(variant, group, r) for r in found) + go(left))
        return best

    return go(tuple(sorted(hand)))


#: aces, low and high cards and jokers: the cards whose places matter
_POOL = [c for c in range(52) if C.rank_of(c) in (0, 1, 2, 3, 10, 11, 12)] * 2 + [C.JOKER] * 2
_RULES = st.sampled_from([RAMI, CORNER])


@settings(max_examples=150, deadline=None)
@given(_RULES, st.lists(st.sampled_from(range(len(_POOL))), min_size=3, max_size=5, unique=True))
def test_a_melds_opening_value_is_the_sum_of_its_cards_under_the_rule(variant, idx):
    cards = [_POOL[i] for i in idx]
    rules = rules_for(variant.ruleset)
    for reading in readings_of(rules, cards):
        assert reading_value(rules, cards, reading) == _by_hand(variant, cards, reading)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(_RULES, st.lists(st.sampled_from(range(len(_POOL))), min_size=3, max_size=8, unique=True))
def test_the_opening_search_finds_the_best_opening_counted_by_place(variant, idx):
    hand = [_POOL[i] for i in idx]
    assert opening_solution(rules_for(variant.ruleset), hand)[0] == _brute(variant, hand)


# ---------------------------------------------------------------- melded and in hand
#
# Bolivia (bicyclecards.ca, "Bolivia"; web.archive.org bright.net "Bolivian Canasta"): "A
# black three left in the hand when any other player (including a partner) goes out counts
# minus 100 points. Black threes melded in going out count 5 points each." Played here on
# 500 Rum's table, where melds score for whoever laid them and cards in hand count against.

BOLIVIA = house("rummy500", "values: black 3s = 5 melded, 100 in hand")


def test_the_phrase_gives_each_black_three_two_values():
    v = BOLIVIA.ruleset.values
    assert {(cv.card, cv.value) for cv in v.cards} == {("3S", 100), ("3C", 100)}
    assert {(cv.card, cv.value) for cv in v.melded} == {("3S", 5), ("3C", 5)}
    same = house("rummy500", "values: black 3s = 100 left in hand, 5 on the table")
    assert same.ruleset.values == v
    alone = house("rummy500", "values: 3 = 5 melded")  # the value in hand stays 3
    assert alone.ruleset.values.ranks[2] == 3 and len(alone.ruleset.values.melded) == 4


def _bolivia_game():
    from rulespec.engine.scoring import penalty_of, table_points
    hand = "3S 3C 3D 3H 7H 8H 9H 4C 6D 9S JD QC KH"
    deck = stacked_deck(BOLIVIA, 2, hands=[hand, None])
    g = new_game(BOLIVIA, players=2, deck=deck).deal_on()
    return g, table_points, penalty_of


def test_a_black_three_melded_scores_5_and_one_left_in_hand_costs_100():
    g, table_points, penalty_of = _bolivia_game()
    g.apply("draw stock")
    if g.is_chance():
        g.apply_chance()
    before = penalty_of(g, 0)
    g.apply("meld 3S 3D 3H")  # the black 3S counts 5 melded, the red threes 3 each
    assert table_points(g)[0] == 5 + 3 + 3
    # the 3C still in hand counts 100 against its holder; 3S no longer does
    assert penalty_of(g, 0) == before - 100 - 3 - 3
    assert 100 <= penalty_of(g, 0)


def test_the_page_and_the_diff_say_both_values():
    page = " ".join(render_page(BOLIVIA).split())
    assert ("Melded on the table, the black threes count 5 points each; left in hand, as in the "
            "table above.") in page
    assert "3♠</span> | 100 points" in page
    said = {c.rule: c.new for c in changes(rulespec.load(VARIANTS / "rummy500.rules").ir,
                                           BOLIVIA.ir)}
    assert said["Values of single cards melded"] == "3S 5 points and 3C 5 points"


def test_an_opening_counted_with_values_counts_the_melded_value():
    v = house("rummy500", "values: black 3s = 5 melded, 100 in hand",
              "opening: melds worth at least 30")
    assert _best(v, "3S 3C 3D") == 5 + 5 + 3
    page = " ".join(render_page(v).split())
    assert "Towards the opening, the black threes count 5 points each." in page


@pytest.mark.parametrize("parent, lines, code, said", [
    ("basic", ("values: black 3s = 5 melded, 100 in hand",), "E354",
     "no card on the table is ever counted"),
    ("rummy500", ("melds: black 3s may not be melded", "values: black 3s = 5 melded, 100 in hand"),
     "E355", "3S is given a value melded, but it may never be melded"),
    ("rummy500", ("values: jokers = 5 melded, 100 in hand",), "E356",
     "a wild card on the table counts as the card it stands for"),
    ("rummy51", ("opening values: 3 = 5 melded, 100 in hand",), "E356",
     "opening values count cards as they are melded"),
])
def test_a_melded_value_that_never_counts_is_an_error(parent, lines, code, said):
    found = [d for d in house_problems(parent, *lines) if d.code == code]
    assert found and said in found[0].message


def test_red_and_black_threes_valued_apart_give_the_rank_its_values():
    """Found combining the Canasta phrases: `red 3s = 5; black 3s = 100` gives each three
    a value, yet E320 said the threes had none and the page's table showed a row "3 | —"."""
    from conftest import LITTLE_CANASTA
    from rulespec.rulebook import render_page

    text = LITTLE_CANASTA.replace("3-7 = 5", "4-7 = 5; red 3s = 5; black 3s = 100")
    v = rulespec.compile_text(text, name="little.rules")
    assert [v.card_value(C.parse_card(c)) for c in ("3H", "3D", "3S", "3C")] == [5, 5, 100, 100]
    page = render_page(v)
    assert "| 3 |" not in page and "| 4 to 7 | 5 points |" in page
