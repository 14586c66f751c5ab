"""Canastas of wild cards and of one rank: ``scoring: meld of 7+ wild cards = +1000`` and
``scoring: set of 7s of 7+ cards = +1500`` (issue "Reach": Pennies from Heaven, Bolivia and
Mexicana could not say them).

Sources: Pennies from Heaven (pagat.com/rummy/pennies.html, rummy-games.com): "Wild cards
may be melded as a set of their own (three or more)"; "a canasta of sevens (worth 1500
points), one wild canasta (worth 1000 points), one natural canasta (worth 500 points), and
one mixed canasta (worth 300 points)". Bolivia (rummy-games.com/rules/bolivia.html): "A
canasta of seven wildcards is a 'bolivia', and earns a 2500-point bonus." Mexicana
(rummy-games.com/rules/mexicana.html): "A canasta of sevens is worth 1000 points.\""""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import check_invariants, check_long_melds
from rulespec.engine.phases import Ending
from rulespec.engine.scoring import HandResult, long_melds_record, meld_bonus_of, meld_bonuses
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page
from rulespec.ruleset import KindBonus, MeldBonus, RankBonus, Scoring, WildBonus

from conftest import LITTLE_CANASTA, house, house_problems, random_walk

CANASTA = "          meld of 7+ cards = +500 natural, +300 mixed\n"
WILD = "          meld of 7+ wild cards = +1000\n"
SEVENS = "          set of 7s of 7+ cards = +1500\n"
JK = rulespec.parse_cards("JK")[0]
#: seat 0's hands: seven wild cards with the draw (or seven sevens), four kings, the 5C
WILD_HAND = "2S 2H 2D 2C JK JK KS KH KD KC 5C"
SEVENS_HAND = "7S 7H 7D 7C 7S 7H KS KH KD KC 5C"


def pennies(*scores: str, name: str = "Pennies-ish"):
    """The little Canasta of the tests with Pennies from Heaven's melds (wild cards may be
    melded alone as a set, sets hold up to seven cards) and the bonuses ``scores``."""
    text = (LITTLE_CANASTA.replace("Little Canasta", name)
            .replace("no all-wild melds", "all-wild sets allowed")
            .replace("sets of 3+ cards", "sets of 3-7 cards")
            .replace("          one set of each rank per side\n", "")
            .replace("game:", "".join(scores) + "game:"))
    return rulespec.compile_text(text, name="pennies.rules")


@pytest.fixture(scope="module")
def full():
    return pennies(CANASTA, WILD, SEVENS)


def _out(v, hand: str, draw: str, first: str):
    """Seat 0 holds ``hand``, draws ``draw``, melds ``first`` and the four kings, and goes
    out by discarding the 5C: the hand's result."""
    deck = stacked_deck(v, 4, hands=[hand, None, None, None], upcard="9C", stock=[draw])
    g = new_game(v, players=4, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play(f"meld {first}", "meld KS KH KD KC", "discard 5C")
    check_invariants(g)
    (r,) = g.results
    return r


def test_the_phrases_set_the_bonuses(full):
    kb = full.ruleset.scoring.kind_bonus
    assert kb.wild == WildBonus(7, 1000)
    assert kb.ranks == (RankBonus("7", 7, 1500, 1500),)
    more = house("rummy500", "deck: 2 packs", "melds: sets of 3+ cards of the same rank in "
                 "any suits",
                 "scoring: book of sevens of 7+ cards = +1000",
                 "scoring: set of aces of 8+ cards = +800 natural, +600 mixed")
    assert more.ruleset.scoring.kind_bonus.ranks == (RankBonus("7", 7, 1000, 1000),
                                                     RankBonus("A", 8, 800, 600))


def test_a_wild_canasta_scores_1000_not_a_mixed_300(full):
    """Pennies from Heaven: a wild canasta is worth 1000, a mixed one 300. Seat 0 scores
    its cards (four 2s at 20, three jokers at 50, four kings at 10: 270) and the 1000."""
    r = _out(full, WILD_HAND, "JK", "2S 2H 2D 2C JK JK JK as set of 9s")
    assert r.reason == "went out" and r.details["meld bonuses"] == (1000, 0, 0, 0)
    assert r.details["table points"][0] == 270 and r.scores[0] == 270 + 1000
    plain = _out(pennies(CANASTA), WILD_HAND, "JK", "2S 2H 2D 2C JK JK JK as set of 9s")
    assert plain.details["meld bonuses"] == (300, 0, 0, 0)  # without it: a mixed canasta


def test_a_bolivia_scores_2500():
    """Bolivia: seven wild cards are a bolivia, 2500 points."""
    v = pennies(CANASTA, "          meld of 7+ wild cards = +2500\n", name="Bolivia-ish")
    r = _out(v, WILD_HAND, "JK", "2S 2H 2D 2C JK JK JK as set of 9s")
    assert r.details["meld bonuses"] == (2500, 0, 0, 0)


def test_a_canasta_of_sevens_scores_1500_not_500(full):
    """Pennies from Heaven: seven natural sevens score 1500 (not a natural canasta's 500,
    not both); their cards 35 and the kings 40."""
    r = _out(full, SEVENS_HAND, "7D", "7S 7H 7D 7C 7S 7H 7D")
    assert r.details["meld bonuses"] == (1500, 0, 0, 0)
    assert r.scores[0] == 35 + 40 + 1500
    mixed = _out(full, SEVENS_HAND, "JK", "7S 7H 7D 7C 7S 7H JK")
    assert mixed.details["meld bonuses"] == (1500, 0, 0, 0)  # one number: either way


def test_mexicanas_canasta_of_sevens_scores_1000_and_mixed_may_differ():
    v = pennies(CANASTA, "          set of 7s of 7+ cards = +1000\n", name="Mexicana-ish")
    assert _out(v, SEVENS_HAND, "7D", "7S 7H 7D 7C 7S 7H 7D").details["meld bonuses"] == (
        1000, 0, 0, 0)
    two = pennies(CANASTA, "          set of 7s of 7+ cards = +1500 natural, +1000 mixed\n")
    assert _out(two, SEVENS_HAND, "JK", "7S 7H 7D 7C 7S 7H JK").details["meld bonuses"] == (
        1000, 0, 0, 0)


def test_wild_cards_alone_are_a_wild_canasta_whatever_rank_they_stand_for(full):
    """Seven wild cards melded as a set of sevens earn the wild canasta's 1000, not the
    sevens' 1500; where only the sevens have a bonus they are a mixed canasta (300)."""
    r = _out(full, WILD_HAND, "JK", "2S 2H 2D 2C JK JK JK as set of 7s")
    assert r.details["meld bonuses"] == (1000, 0, 0, 0)
    only_sevens = pennies(CANASTA, SEVENS)
    r = _out(only_sevens, WILD_HAND, "JK", "2S 2H 2D 2C JK JK JK as set of 7s")
    assert r.details["meld bonuses"] == (300, 0, 0, 0)


def test_short_melds_earn_nothing_of_their_kind(full):
    """Six wild cards or six sevens are not canastas: no bonus at all."""
    g = new_game(full, players=4, seed=1).deal_on()
    six_wild = rulespec.parse_cards("2S 2H 2D 2C JK JK")
    six_sevens = rulespec.parse_cards("7S 7H 7D 7C 7S 7H")
    g.table = [TableMeld(1, 0, six_wild, Reading("set", rank=8, wilds=tuple(
                   (c, None) for c in six_wild))),
               TableMeld(2, 1, six_sevens, Reading("set", rank=6))]
    assert meld_bonuses(g) == [0, 0, 0, 0]


#: a table of every bonus for the property test: any meld, sets, runs, wild, the 7s
TABLE = Scoring(meld_bonus=MeldBonus(7, 500, 300),
                kind_bonus=KindBonus(set=MeldBonus(8, 600, 400), run=MeldBonus(7, 1500, 1500),
                                     wild=WildBonus(7, 1000),
                                     ranks=(RankBonus("7", 7, 1500, 1200),)))


@settings(max_examples=80, deadline=None)
@given(kind=st.sampled_from(["set", "run"]), rank=st.sampled_from([6, 9]),
       size=st.integers(3, 10), wild=st.integers(0, 10))
def test_each_meld_earns_the_most_specific_bonus_it_reaches(kind, rank, size, wild):
    """Property: a meld earns exactly one bonus, in the order of the rules: wild cards
    alone, then a set of its rank holding a natural card, then its kind, then any meld."""
    wild = min(wild, size)
    r = Reading(kind, rank=rank if kind == "set" else None, suit=0 if kind == "run" else None,
                ranks=tuple(range(size)) if kind == "run" else (),
                wilds=tuple((JK, None) for _ in range(wild)))
    got = meld_bonus_of(TABLE, r, size)
    if wild == size and size >= 7:
        want = 1000
    elif kind == "set" and rank == 6 and size >= 7:
        want = 1200 if wild else 1500
    elif kind == "set" and size >= 8:
        want = 400 if wild else 600
    elif kind == "run" and size >= 7:
        want = 1500
    elif size >= 7:
        want = 300 if wild else 500
    else:
        want = 0
    assert got == want


@settings(max_examples=40, deadline=None)
@given(melds=st.lists(st.tuples(st.integers(0, 3), st.integers(3, 9), st.booleans(),
                                st.sampled_from([6, 9])), max_size=6))
def test_the_invariant_checks_each_meld_booked_once(full, melds):
    """Property: the scoring's meld bonuses pass the invariant's own count over the table;
    one meld's bonus booked twice, or the bonuses moved to another seat, fail it."""
    g = new_game(full, players=4, seed=2).deal_on()
    table = []
    for i, (owner, size, all_wild, rank) in enumerate(melds, 1):
        cards = [JK] * size
        wilds = tuple((JK, None) for _ in range(size if all_wild else 1))
        table.append(TableMeld(i, owner, cards, Reading("set", rank=rank, wilds=wilds)))
    g.table = table
    bonuses = meld_bonuses(g)
    r = HandResult(1, Ending.WENT_OUT, 0, (0,) * 4, (0,) * 4, ((),) * 4,
                   details={"long melds": long_melds_record(g), "meld bonuses": tuple(bonuses)})
    assert check_long_melds(g, r) == []
    if any(bonuses):
        first = next(i for i, m in enumerate(table) if meld_bonus_of(
            full.ruleset.scoring, m.reading, len(m.cards)))
        twice = long_melds_record(g) + (long_melds_record(g)[first],)
        assert check_long_melds(g, dataclasses.replace(r, details={
            "long melds": twice, "meld bonuses": tuple(bonuses)}))
        moved = tuple(bonuses[1:]) + (bonuses[0],)
        if moved != tuple(bonuses):
            assert check_long_melds(g, dataclasses.replace(r, details={
                "long melds": long_melds_record(g), "meld bonuses": moved}))


def test_random_games_keep_every_invariant():
    """Seeded random games of a two-player Pennies-ish game (no partners): the bonuses are
    booked and checked after every step."""
    text = (LITTLE_CANASTA.replace("players:  4\npartners: 2 teams of 2\n", "players:  2\n")
            .replace("lay off:  onto own and partner's melds\n", "")
            .replace("no all-wild melds", "all-wild sets allowed")
            .replace("          one set of each rank per side\n", "")
            .replace("game:     to 1000 points", "game:     2 deals")
            .replace("game:", CANASTA + WILD + SEVENS + "game:"))
    v = rulespec.compile_text(text, name="pennies2.rules")
    bonuses = 0
    for seed in range(4):
        for g in random_walk(v, 2, seed, steps=3000):
            check_invariants(g)
        bonuses += sum(any(r.details.get("meld bonuses", ())) for r in g.results)
    assert bonuses  # some long melds were booked


def test_the_checks_say_when_the_bonuses_cannot_be_earned():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    jokers = ("players: 2-4", "deck: 1 pack, 2 jokers", "values: jokers = 15", "wild: jokers")
    assert errors("rummy500", *jokers, "scoring: meld of 7+ wild cards = +1000") == ["E336"]
    assert errors("basic", "scoring: meld of 7+ wild cards = +1000").count("E336") == 2
    assert errors("rummy500", *jokers, "wild: all-wild sets allowed",
                  "scoring: meld of 7+ wild cards = +1000") == ["E336"]  # two jokers
    assert errors("basic", "scoring: set of 7s of 7+ cards = +1500") == ["E337", "E337"]
    assert errors("rummy500", "melds: sets of 3+ cards of the same rank in any suits",
                  "deck: 2 packs", "scoring: set of 7s of 7+ cards = +1000",
                  "scoring: set of 7s of 8+ cards = +500") == ["E337"]
    assert errors("rummy500", "wild: 7s", "melds: sets of 3+ cards of the same rank in any "
                  "suits", "scoring: set of 7s of 5+ cards = +100") == ["E337"]
    found = house_problems("basic", "scoring: set of 7s of 7+ cards = +1500")[0]
    assert "melds do not score for whoever laid them" in found.message


def test_the_page_states_the_bonuses(full):
    page = " ".join(render_page(full).split())
    assert ("**Melds of wild cards.** A meld of seven or more cards on the table, every one "
            "of them a wild card, scores a bonus of 1000 points for the player who laid it "
            "(and so for their team), besides its cards' values, when the hand ends; it does "
            "not also score another long meld's bonus.") in page
    assert ("**Long sets of sevens.** A set of sevens of seven or more cards on the table, a "
            "natural seven in it at least, scores a bonus of 1500 points for the player who "
            "laid it (and so for their team)") in page


def test_a_house_rule_says_the_new_bonuses():
    """What a table that adds the two bonuses changes, in the words of a house rule's lead
    (and of ``rulespec diff``)."""
    from rulespec.rulebook import changes, prose
    base = pennies(CANASTA)
    new = pennies(CANASTA, WILD, "          set of aces of 7+ cards = +800 natural, +600 mixed\n")
    said = prose.changed(changes(base.ir, new.ir), base.ir, new.ir)
    assert ("meld of wild cards alone earns its own bonus, instead of any other: 1000 "
            "points for seven or more cards") in said
    assert ("a long set of a rank earns its own bonus, instead of any other: aces: 800 "
            "points for seven or more cards, 600 points with a wild card") in said
