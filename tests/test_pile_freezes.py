"""More of Canasta's discard-pile rules (issue #15 "Reach"), found missing by the round J
trials of Cuban Canasta and Mexicana (/work/trials16): ``discard pile always frozen``,
``discard pile frozen by CARDS turned up``, and stop cards named as ``wild`` or
``jokers``; and a wild card at the bottom of a pile taken whole freezes it.

Sources: Cuban Canasta (rummy-games.com/rules/cuban-canasta.html): "a version of Canasta
in which the discard pile is always frozen"; "if the discard pile is topped by a wildcard,
it may not be taken". Mexicana, and Hoyle's Canasta as moviecultists.com quotes it: "The
discard pile is frozen when a red three is turned as an upcard or if a wild card ... is
turned as an upcard or discarded"."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import actions as A
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.phases import Ending
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import LITTLE_CANASTA, VARIANTS, alone_two, house, house_problems

WHOLE = "draw: take only the whole discard pile; top card taken must be melded at once"
PAIR = "draw: frozen discard pile taken only with a natural pair of the top card"
ALWAYS = "draw: discard pile always frozen"
UPCARD = "draw: discard pile frozen by red 3s turned up"


def _opened_seat_one(v, last="KC", hand1="KS KH KD 3D 2H 9D JH QS AD 7S"):
    """Seat 1 opens with KS KH KD; seat 0 then throws ``last`` onto 7C 8D 10S."""
    deck = stacked_deck(v, 2, hands=["5S 6H 5D 6D 8C 9H JS QC 10D 4S", hand1],
                        upcard="7C", stock=["8D", "10S", last])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard 8D")
    g.play("draw stock").deal_on()
    g.play("meld KS KH KD")
    g.play("discard 10S")
    g.play("draw stock").deal_on()
    g.play(f"discard {last}")
    return g


def _upcard_game(v, hand0, upcard, hand1=None, stock=("4C",)):
    deck = stacked_deck(v, 2, hands=[hand0, hand1], upcard=upcard, stock=list(stock))
    return new_game(v, players=2, deck=deck).deal_on()


# ---------------------------------------------------------------- always frozen


def test_always_frozen_an_opened_side_no_longer_takes_the_pile_by_laying_off():
    """Cuban Canasta: "the discard pile is always frozen". The Cuban Canasta trial found
    an opened side taking the pile by laying its top card off (KC onto K K K)."""
    loose = house("basic", "wild: 2s", WHOLE, PAIR, "draw: discard pile frozen before opening")
    assert "draw 4 discards to 7C" in _opened_seat_one(loose).legal_strings()
    cuban = house("basic", "wild: 2s", WHOLE, PAIR, ALWAYS)
    assert cuban.ruleset.turn.take_discards.frozen_always
    g = _opened_seat_one(cuban)
    assert g.legal_strings() == ["draw stock"]
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("draw 4 discards to 7C")
    assert ("the discard pile is always frozen: you may take it only by melding its top card, "
            "KC, at once with two natural cards of its rank") in str(e.value)
    assert len(g.discards) == 4  # the refused move changed nothing


def test_always_frozen_a_natural_pair_takes_it():
    cuban = house("basic", "wild: 2s", WHOLE, PAIR, ALWAYS)
    g = _opened_seat_one(cuban, last="9C", hand1="KS KH KD 9D 9S JH QS AD 7S 3D")
    g.play("draw 4 discards to 7C")
    assert all({"9C", "9D", "9S"} <= set(m.split()[1:]) for m in g.legal_strings())
    g.play("meld 9C 9D 9S")
    assert not g.discards and C.parse_card("7C") in g.hands[1]


def test_always_frozen_a_pile_of_one_card_is_frozen_too():
    """A one-card pile is the whole pile: frozen like any (the trial saw a lone upcard
    taken with one natural card and a wild one)."""
    cuban = house("basic", "wild: 2s", WHOLE, PAIR, ALWAYS)
    g = _upcard_game(cuban, "9S 2C 5D 6D 8C JH QS AD 10D 4S", "9D")
    assert "draw discard" not in g.legal_strings()
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("draw discard")
    assert "the discard pile is always frozen" in str(e.value)
    g = _upcard_game(cuban, "9S 9H 2C 6D 8C JH QS AD 10D 4S", "9D")
    g.play("draw discard")
    g.play("meld 9D 9S 9H")


def test_always_frozen_where_the_top_card_may_be_taken_alone_it_still_is():
    v = house("basic", "wild: 2s", "draw: take whole discard pile", PAIR, ALWAYS)
    g = _opened_seat_one(v)
    assert g.legal_strings() == ["draw stock", "draw discard"]  # the top card, not the pile
    page = " ".join(render_page(v).split())
    assert "The discard pile is always frozen, for everyone." in page
    assert "Its top card alone may still be taken as an ordinary draw" in page
    assert "a pile of a single card is frozen like any other" not in page


def test_always_frozen_taken_only_whole_needs_a_way_to_take_it():
    codes = [d.code for d in house_problems("basic", WHOLE, ALWAYS)]
    assert "E302" in codes
    house("basic", "draw: take whole discard pile", ALWAYS)  # the top card alone: playable
    assert "E394" not in [d.code for d in house_problems("basic", WHOLE, ALWAYS)]


# ---------------------------------------------------------------- stop cards by kind


def _little(*lines: str):
    text = alone_two(LITTLE_CANASTA).replace("stock:    hand ends\n",
                                             "stock:    hand ends\n" + "\n".join(lines) + "\n")
    return rulespec.compile_text(text, name="little.rules", base_dir=VARIANTS)


def test_a_lone_joker_discarded_onto_an_empty_pile_is_stopped():
    """Cuban Canasta: "if the discard pile is topped by a wildcard, it may not be taken".
    The trial saw a lone joker, discarded onto an empty pile, taken by a side that had not
    opened (probe7)."""
    v = _little("draw: discard pile may not be taken when the top card is jokers or 2s")
    assert v.ruleset.turn.discard_stops[0] == "JK"
    hands = ["AS AH AD JK 4D 7C 7D 8C 8D 9C 9S", "5S 5H QH 4S 6S 8S 10S JS 4H 6H 8H"]
    deck = stacked_deck(v, 2, hands=hands, upcard="AC", stock=["QD"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw discard")
    g.play("meld AC AS AH AD")
    g.play("discard JK")
    assert g.discards == [C.JOKER]
    assert g.legal_strings() == ["draw stock"]
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("draw discard")
    assert "JK on top of the discard pile stops it" in str(e.value)
    free = _little()
    deck = stacked_deck(free, 2, hands=hands, upcard="AC", stock=["QD"])
    g = new_game(free, players=2, deck=deck).deal_on()
    g.play("draw discard")
    g.play("meld AC AS AH AD")
    g.play("discard JK")
    assert "draw discard" in g.legal_strings()  # without the rule, the joker is taken


def test_wild_names_every_wild_card_of_the_deal():
    v = _little("draw: discard pile may not be taken when the top card is wild")
    assert v.ruleset.turn.discard_stops == ("wild",)
    g = _upcard_game(v, "5S 5H QH 4S 6S 8S 10S JS 4H 6H 8H", "2D")
    assert g.legal_strings() == ["draw stock"]
    g = _upcard_game(v, "5S 5H QH 4S 6S 8S 10S JS 4H 6H 8H", "5D")
    assert "draw discard" in g.legal_strings()
    page = " ".join(render_page(v).split())
    assert "While a wild card lies on top of the discard pile, the next player may not" in page


def test_stop_cards_the_deck_lacks_are_diagnosed():
    assert "E319" in [d.code for d in house_problems(
        "basic", "draw: discard pile may not be taken when top card is wild")]
    assert "E319" in [d.code for d in house_problems(
        "basic", "draw: discard pile may not be taken when top card is jokers")]


# ---------------------------------------------------------------- frozen by the upcard


def test_a_red_three_turned_up_freezes_the_pile_until_it_is_taken():
    """Mexicana: a red three turned up as the upcard freezes the pile. Before it is taken
    a player needs a natural pair of the top card; after, the pile is free again."""
    v = house("basic", WHOLE, PAIR, UPCARD)
    free = house("basic", WHOLE)
    run = "4H 5H 9S 9H 6C 7D 8S JC QD KS"  # 3H 4H 5H would take the lone upcard
    assert "draw discard" in _upcard_game(free, run, "3H").legal_strings()
    g = _upcard_game(v, run, "3H")
    assert "draw discard" not in g.legal_strings()
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("draw discard")
    assert "3H, turned up at the deal, freezes the discard pile" in str(e.value)
    # seat 0 throws 9C on the 3H: seat 1 takes the pile with 9S 9H, and it thaws
    g = _upcard_game(v, "4H 5H 6C 7D 8S JC QD KS AC 10D", "3H",
                     hand1="9S 9H 4S 5S 6S 7H 8H JD QS 10C", stock=["9C", "2C", "5C"])
    g.play("draw stock").deal_on()
    g.play("discard 9C")
    assert g.upcard_freeze == 0
    g.play("draw 2 discards to 3H")
    g.play("meld 9C 9S 9H")
    assert g.upcard_freeze is None and not g.discards
    g.play("discard JD")
    g.play("draw stock").deal_on()
    g.play("discard 2C")  # the pile is 2C on JD: no longer frozen, the run takes it
    assert "draw 2 discards to JD" not in g.legal_strings()  # no meld holds the 2C
    assert g._thaw_depth() == 2


def test_a_red_three_upcard_under_the_next_card_freezes_the_pile():
    """The Mexicana trial: "a red three as upcard: covered, but does not freeze the pile".
    A bonus red three stays under the next card turned, and freezes the pile."""
    v = _little("bonus cards: red 3s; each scores 100",
                "draw: take only the whole discard pile; top card taken must be melded at once",
                PAIR, UPCARD)
    hand = "9S 4D 7C 7D 8C 8D 5S 5H QH 4S 6S"  # 9D: 9S 7C... no pair; 9S + wild? none
    deck = stacked_deck(v, 2, hands=[hand, None], upcard="3H", stock=["9D", "4C"])
    g = new_game(v, players=2, deck=deck).deal_on()
    assert [C.card_str(c) for c in g.discards] == ["3H", "9D"]
    assert g.upcard_freeze == 0
    assert g.legal_strings() == ["draw stock"]
    unfrozen = _little("bonus cards: red 3s; each scores 100",
                       "draw: take only the whole discard pile; top card taken must be melded at "
                       "once", PAIR, "draw: discard pile frozen by discarded wild cards")
    hand = "9S JK 7C 7D 8C 8D 5S 5H QH 4S 6S"
    deck = stacked_deck(unfrozen, 2, hands=[hand, None], upcard="3H", stock=["9D", "4C"])
    g = new_game(unfrozen, players=2, deck=deck).deal_on()
    assert "draw 2 discards to 3H" in g.legal_strings()  # 9D 9S JK, where the 3H freezes not


def test_the_upcard_freeze_is_diagnosed_and_said():
    assert "E303" in [d.code for d in house_problems(
        "basic", "draw: take whole discard pile; discard pile frozen by jokers turned up")]
    assert "E303" in [d.code for d in house_problems("basic", WHOLE, UPCARD)]
    assert "E303" in [d.code for d in house_problems(
        "basic", "upcard: none", "draw: take whole discard pile", UPCARD)]
    v = house("basic", WHOLE, PAIR, UPCARD)
    page = " ".join(render_page(v).split())
    assert ('The discard pile is frozen for everyone while <span class="card red">3♥</span> or '
            '<span class="card red">3♦</span>, turned up at the deal, lies in it') in page
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, v.ir)]
    assert ("Cards turned up at the deal that freeze the discard pile: 3H, 3D instead of "
            "none") in said
    v = house("basic", WHOLE, PAIR, ALWAYS)
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, v.ir)]
    assert "The discard pile at all times: frozen instead of not frozen" in said


# ---------------------------------------------------------------- a wild card at the bottom


def test_a_wild_card_at_the_bottom_of_a_pile_taken_whole_freezes_it():
    """The page says a wild upcard covered by the next card "freezes the pile as a
    discarded one does"; at the bottom of the pile it let the whole pile be taken."""
    v = house("basic", "wild: 2s", WHOLE, PAIR, "draw: discard pile frozen by discarded wild "
              "cards", "upcard: covered by the next card if wild")
    deck = stacked_deck(v, 2, hands=["QS QH 5D 6D 8C 9H JS 4C 10D 4S",
                                     "KS KH 4H 7C 9D JH 8S AD 6S 3S"],
                        upcard="2C", stock=["KC", "4D"])
    g = new_game(v, players=2, deck=deck).deal_on()
    assert [C.card_str(c) for c in g.discards] == ["2C", "KC"]
    assert g.legal_strings() == ["draw stock"]  # no natural pair of KC
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("draw 2 discards to 2C")
    assert "a wild card in it freezes the discard pile" in str(e.value)
    g.play("draw stock").deal_on()
    g.play("discard 4D")
    assert g.legal_strings() == ["draw stock"]  # 4H and the pile's 2C: frozen, so not


# ---------------------------------------------------------------- whole games


@pytest.fixture(scope="module")
def cuban():
    return _little("draw: take only the whole discard pile; top card taken must be melded at once",
                   PAIR, ALWAYS, UPCARD, "bonus cards: red 3s; each scores 100",
                   "draw: discard pile may not be taken when the top card is wild or black 3s")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_every_take_of_a_pile_always_frozen_is_by_a_natural_pair(cuban, seed):
    """Property: in random play, whenever the pile may be taken, the player holds two
    natural cards of its top card's rank, the top card is no wild card, and the move that
    follows the take melds the top card with them."""
    from conftest import random_walk  # noqa: PLC0415
    top = None  # the top card of the pile just taken, owed with a natural pair
    for g in random_walk(cuban, 2, seed, steps=600):
        last = g.history[-1] if g.history else ""
        if top is not None and not g.is_chance():
            cards = last.split()[1:]
            assert last.startswith("meld ") and C.card_str(top) in cards, last
            rank = C.rank_of(top)
            assert sum(g._natural(C.parse_card(c), rank) for c in cards) >= 3, last
            top = None
        if last.startswith("draw") and "discard" in last:
            top = g.deep_taken
            assert top is not None and g.pair_hand is not None
            TAKES.append(seed)
        if g.is_over() or g.is_chance():
            continue
        for a in g.legal_actions():
            if a.kind in (A.DRAW_DISCARD, A.DRAW_DISCARDS):
                pile_top = g.discards[-1]
                assert not g.rules.is_wild(pile_top)
                assert sum(g._natural(c, C.rank_of(pile_top)) for c in g.hands[g.player]) >= 2


TAKES: list[int] = []


def test_the_property_saw_takes():
    """The property above is worth something only if random play takes the pile."""
    if not TAKES:
        pytest.skip("run with the property test")
    assert len(TAKES) >= 3


@pytest.mark.parametrize("agents", ["greedy", "random"])
def test_whole_games_play_through(cuban, agents):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    for seed in range(3):
        out = play_game(cuban, seed=seed, agents=(agents,), check_every=1)
        assert out.finished and out.failure is None, out.message


# ---------------------------------------------------------------- the discard at the wall

MUST = "stock: hand ends; discard must then be taken when it can be melded"


def _wall(v):
    """Seat 0 to draw with the stock gone for good and 9D on top (seat 0 holds 9S 9H)."""
    deck = stacked_deck(v, 2, hands=["9S 9H 5D 6D 8C 2H JS QC 10D 4S",
                                     "KS KH 4H 7C 3D JH 8S AD 6S 3S"],
                        upcard="AC", stock=["KC", "9D"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.stock = g.stock[-2:]  # a stock of two cards: KC, then 9D
    g.play("draw stock").deal_on()
    g.play("discard KC")
    g.play("draw stock").deal_on()
    g.play("discard 9D")
    assert not g.stock
    return g


def test_with_the_stock_gone_a_discard_that_can_be_melded_must_be_taken():
    """Canasta: "when the stock is exhausted, each player must take the discard if it
    matches a meld on the table" (here: a new meld with a pair from the hand)."""
    assert _wall(house("basic", "stock: hand ends")).legal_strings() == ["draw discard", "pass"]
    v = house("basic", MUST)
    assert v.ruleset.stock.last_discard == "must"
    g = _wall(v)
    assert g.legal_strings() == ["draw discard"]
    with pytest.raises(rulespec.IllegalMove) as e:
        g.play("pass")
    assert ("the stock is exhausted and you can meld the top discard, 9D, so you must take "
            "it: `draw discard`") in str(e.value)
    g.play("draw discard")
    assert g.legal_strings() == ["meld 9S 9H 9D"]  # taken only to meld it at once


def test_with_the_stock_gone_a_discard_that_cannot_be_melded_ends_the_hand():
    g = _wall(house("basic", MUST))
    g.play("draw discard")
    g.play("meld 9S 9H 9D")
    g.play("discard 4S")  # seat 1 holds no 4 and no run around it
    assert g.legal_strings() == ["pass"]
    g.play("pass")
    assert g.results[-1].reason == Ending.STOCK_EXHAUSTED


def test_the_page_and_the_diff_say_the_discard_at_the_wall():
    v = house("basic", MUST)
    page = " ".join(render_page(v).split())
    assert ("Once the stock is exhausted, the top card of the discard pile may be taken only to "
            "meld it at once") in page
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, v.ir)]
    assert any(c.startswith("Top discard once the stock is exhausted: must be taken when it can "
                            "be melded") for c in said)
