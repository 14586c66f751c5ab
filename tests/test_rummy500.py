"""500 Rum (variants/rummy500.rules) and the constructs it brought (issue #15, items 1-3):
taking cards from deep in the discard pile, the deepest card melded at once, melds and
lay-offs scoring for whoever laid them, an ace worth 1 in A-2-3 and 15 elsewhere.

The worked examples are those of the file's cited pages: Pagat ("an ace melded with the 2
and 3 of the same suit ... scores 1 point instead of 15"), HowStuffWorks (lay-offs "count
to your score"; a card may be laid off on a lay-off), the Bicycle text (a player's score is
the cards showing on the table less the cards left in hand)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import actions as A
from rulespec.engine import scoring
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.phases import Ending
from rulespec.engine.state import new_game
from rulespec.language.diagnostics import SpecError
from rulespec.rulebook import render_page

from conftest import VARIANTS

FILE = VARIANTS / "rummy500.rules"
# seat 0 starts (seat 1 deals)
STARTER = "AS 2S 3S QH KH AH 4D 5D 6D 9C 10C JC 2H"
OTHER = "7D 8D 3C 4C 6H 8H 10H 8S 9S 10S KC 2C 5S"


@pytest.fixture(scope="module")
def rum():
    return rulespec.load(FILE)


def _game(v, upcard="JS", stock=("5C", "7H", "QC")):
    deck = stacked_deck(v, 2, hands=[STARTER, OTHER], upcard=upcard, stock=list(stock))
    return new_game(v, players=2, deck=deck).deal_on()


def _first_turn(g):
    """Seat 0 lays its three melds (A-2-3 of spades, Q-K-A of hearts, 4-5-6 of diamonds)."""
    g.play("draw stock", "meld AS 2S 3S", "meld QH KH AH", "meld 4D 5D 6D", "discard 5C")
    return g


def _texts(g) -> list[str]:
    return [a.text for a in g.legal_actions()]


def test_the_file_says_the_rules_of_its_pages(rum):
    rs = rum.ruleset
    assert rs.turn.take_discards.down_to == "any" and rs.turn.take_discards.meld_owed
    assert rs.turn.meld_taken
    assert rs.values.ace_low_run == 1 and rs.values.ranks[0] == 15
    assert rs.scoring.method == "owner" and rs.game.target == 500
    assert rs.deal.hand_size(2) == 13 and rs.deal.hand_size(5) == 7
    assert rs.deck.packs_for(4) == 1 and rs.deck.packs_for(5) == 2


def test_a_whole_hand_scores_each_card_for_whoever_laid_it(rum):
    """Pagat's ace: A-2-3 scores 6, Q-K-A 35. HowStuffWorks: the 7D and 8D laid off on
    4-5-6 score for the player who laid them off (an 8 laid off on the laid-off 7)."""
    g = _first_turn(_game(rum))
    g.play("draw stock", "lay off 7D on 3", "lay off 8D on 3", "meld 8S 9S 10S", "discard 7H")
    assert scoring.table_points(g) == [6 + 35 + 15, 15 + 27]
    g.play("draw stock", "meld 9C 10C JC QC", "discard 2H")  # seat 0 goes out
    r = g.results[-1]
    assert r.reason is Ending.WENT_OUT and r.winner == 0
    # seat 1 keeps 3C 4C 6H 8H 10H KC 2C 5S = 48 against its 42 on the table
    assert r.scores == (6 + 35 + 15 + 39, 42 - 48)
    assert r.penalties == (0, 48)
    assert g.scores().game == (95, -6)


def test_an_ace_is_1_only_low_in_a_run(rum):
    g = _first_turn(_game(rum))
    values = {str(m.reading): sum(scoring.card_value(rum.ruleset, c) for c in m.cards)
              for m in g.table}
    assert sorted(values.values()) == [15, 20, 35]  # as hand values: every ace 15
    assert scoring.table_points(g)[0] == 6 + 35 + 15
    no_rule = rulespec.compile_text(FILE.read_text().replace("ace low in a run = 1", "A = 15"),
                                    name=str(VARIANTS / "x.rules"))
    assert scoring.table_points(_first_turn(_game(no_rule)))[0] == 20 + 35 + 15


def test_one_move_per_depth_and_only_where_the_deepest_card_melds(rum):
    g = _first_turn(_game(rum, upcard="JS"))  # pile: JS, 5C (top)
    texts = _texts(g)
    assert "draw 2 discards to JS" in texts  # 8S 9S 10S JS
    assert "draw discard" in texts  # 5C melds with 2C 3C 4C
    g.apply("draw 2 discards to JS")
    assert g.discards == [] and {C.parse_card("JS"), C.parse_card("5C")} <= set(g.hands[1])
    texts = _texts(g)
    assert texts and all(t.startswith(("meld", "lay off")) and "JS" in t for t in texts)
    with pytest.raises(IllegalMove, match=r"\(JS\) must go into a meld first"):
        g.apply("discard 5C")
    g.apply("meld 8S 9S 10S JS")
    assert "discard 5C" in _texts(g)


def test_a_deep_card_that_melds_with_nothing_is_not_offered(rum):
    g = _first_turn(_game(rum, upcard="2D"))  # 2D: no meld of seat 1 would hold it
    assert not [t for t in _texts(g) if "discards" in t]
    with pytest.raises(IllegalMove, match="only to meld it at once"):
        g.apply("draw 2 discards to 2D")
    with pytest.raises(IllegalMove, match="card 2 from the top of the discard pile is 2D"):
        g.apply("draw 2 discards to 9H")


def test_without_the_rule_any_depth_is_offered_and_nothing_is_owed(rum):
    text = FILE.read_text().replace("         deepest card taken must be melded at once\n", "")
    v = rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))
    g = _first_turn(_game(v, upcard="2D"))
    g.apply("draw 2 discards to 2D")
    assert "discard 2D" in _texts(g)


def test_the_whole_pile_rule_offers_only_the_whole_pile(rum):
    text = FILE.read_text().replace("take down to any card of the discard pile",
                                    "take the whole discard pile")
    v = rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))
    g = _first_turn(_game(v, upcard="JS"))
    g.play("draw stock", "discard 7H")
    g.play("draw stock", "discard QC")  # pile: JS 5C 7H QC
    assert [t for t in _texts(g) if "discards" in t] == ["draw 4 discards to JS"]


def test_the_move_string_reads_back():
    p = A.parse("draw 3 discards to 7s")
    assert (p.kind, p.target, p.text) == (A.DRAW_DISCARDS, 3, "draw 3 discards to 7S")


@pytest.mark.parametrize("extra, code, said", [
    ("draw: from the stock\n      take down to any card of the discard pile", "E381",
     "no one may draw from the discard pile"),
    ('melds: kept in hand until the hand ends', "E382", "melds stay in hand"),
    ("game: lowest wins", "E345", "the player who melds least wins"),
])
def test_nonsense_combinations_are_diagnosed(rum, extra, code, said):
    text = 'variant "x"\nextends "rummy500"\n' + extra + "\n"
    with pytest.raises(SpecError) as e:
        rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))
    assert code in str(e.value) and said in str(e.value)


def test_the_page_says_the_rules(rum):
    page = render_page(rum)
    for words in ("and every card above it", "or the deepest of the cards you take",
                  "cards they laid off", "an ace melded low in a run (A-2-3) counts 1 point",
                  "6 + 21 + 7 − 19"):
        assert words in page, words


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_every_card_on_the_table_scores_for_exactly_one_seat(rum, seed, players):
    """Random play: the table points add up to the table's cards, each valued in its meld,
    and a finished hand scores each seat its table points less its hand."""
    import random

    g = new_game(rum, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.results:
        if g.is_chance():
            g.apply_chance()
            continue
        if rng.random() < 0.05:
            on_table = sum(scoring.card_value(rum.ruleset, c) for m in g.table for c in m.cards)
            low_aces = sum(1 for m in g.table for c in m.cards if C.rank_of(c) == 0
                           and m.reading.kind == "run" and m.reading.ranks[0] == 0)
            assert sum(scoring.table_points(g)) == on_table - 14 * low_aces
        g.apply(rng.choice(g.legal_actions()))
    r = g.results[0]
    assert r.scores == tuple(t - h for t, h in zip(r.details["table points"], r.penalties))


def _jokers_text() -> str:
    """500 Rum with Pagat's two wild jokers (15 points each)."""
    return (FILE.read_text().replace("players; no jokers", "players; 2 jokers")
            .replace("J Q K = 10\n", "J Q K = 10; jokers = 15\n")
            .replace("melds:   sets", "wild:    jokers\nmelds:   sets"))


def _with_jokers(frozen: bool):
    text = _jokers_text()
    if frozen:
        text += "draw: discard pile frozen by discarded wild cards\n"
    return rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))


@pytest.mark.parametrize("frozen", [False, True])
def test_a_discarded_wild_card_freezes_the_pile_under_it(frozen):
    v = _with_jokers(frozen)
    deck = stacked_deck(v, 2, hands=[STARTER.replace("2H", "JK"), OTHER], upcard="JS",
                        stock=["5C", "7H", "2D"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock", "meld AS 2S 3S", "discard JK", "draw stock", "discard 7H")  # JS JK 7H
    deep = [t for t in _texts(g) if "discards" in t]
    assert "draw 2 discards to JK" in deep  # down to the wild card itself
    assert ("draw 3 discards to JS" in deep) is not frozen  # JS JC JK would meld it
    if frozen:
        with pytest.raises(IllegalMove, match="freezes the discard pile under it"):
            g.apply("draw 3 discards to JS")
        assert "A wild card discarded freezes the pile under it" in render_page(v)


def test_a_frozen_pile_needs_wild_cards():
    text = FILE.read_text() + "draw: discard pile frozen by discarded wild cards\n"
    with pytest.raises(SpecError, match="E381.*no card is wild"):
        rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))


def test_a_natural_card_put_in_place_of_a_wild_scores_for_whoever_put_it():
    text = _jokers_text().replace("melds:   sets", "replace wilds: in runs only\nmelds:   sets")
    v = rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))
    deck = stacked_deck(v, 2, hands=["AS 2S 3S QH KH AH 4D 5D 2H 9C 10C JC JK",
                                     OTHER.replace("5S", "6D")], upcard="QC", stock=["5C", "7H"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock", "meld 4D 5D JK as run 4D-6D", "discard 5C", "draw stock",
           "replace JK on 1 with 6D")
    assert scoring.table_points(g) == [4 + 5, 6]
