"""Canasta's frozen discard pile and its stop cards (issue #15 "Reach"): ``discard pile
frozen before opening``, ``frozen discard pile taken only with a natural pair of the top
card`` and ``discard pile may not be taken when top card is black 3s``.

Source (Canasta, pagat.com/rummy/canasta.html, as the Canasta trial quotes it): "the pile
is frozen for a side that has not yet melded, and for everyone while a wild card lies in
it; a frozen pile is taken only with a natural pair of the top card's rank from hand";
"a black three on top of the discard pile stops the next player from taking the pile".
Found missing by the new-user trial of Canasta (trials11)."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import cards as C
from rulespec.engine import new_game, stacked_deck
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, house, house_problems

WHOLE = "draw: take only the whole discard pile; top card taken must be melded at once"
UNOPENED = "draw: discard pile frozen before opening"
PAIR = "draw: frozen discard pile taken only with a natural pair of the top card"
WILD = "draw: discard pile frozen by discarded wild cards"
STOP = "draw: discard pile may not be taken when the top card is black 3s"


@pytest.fixture(scope="module")
def canasta():
    """Basic Rummy with deuces wild and Canasta's pile: frozen before opening and by a
    discarded wild card, taken then only with a natural pair; black threes stop it."""
    return house("basic", "wild: 2s", WHOLE, UNOPENED, PAIR, WILD, STOP)


def _game(v, hand1, under="KC", top="3C", hand0="KS KH 5D 6D 8C 9H JS QC 10D 4S"):
    """Seat 0 draws ``top`` and throws it on the upcard ``under``; seat 1 holds ``hand1``."""
    deck = stacked_deck(v, 2, hands=[hand0, hand1], upcard=under, stock=[top])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play(f"discard {top}")
    return g


def test_the_phrases_set_the_rules(canasta):
    t = canasta.ruleset.turn
    assert (t.take_discards.frozen_unopened, t.take_discards.frozen_take) == (True, "natural_pair")
    assert t.discard_stops == ("3S", "3C")


def test_a_frozen_pile_is_refused_without_a_natural_pair(canasta):
    # 4H 5H: the run 3H 4H 5H would meld the top card, but the pile is frozen
    g = _game(canasta, "3D 4H 5H 7C 9D JH QS AD 6S 8S", top="3H")
    assert "draw 2 discards to KC" not in g.legal_strings()
    with pytest.raises(Exception) as e:
        g.play("draw 2 discards to KC")
    assert "your side has not opened, so the discard pile is frozen" in str(e.value)
    assert "you hold no natural pair of it" in str(e.value)


def test_without_the_rules_the_same_pile_is_taken_with_the_run():
    v = house("basic", "wild: 2s", WHOLE)
    g = _game(v, "3D 4H 5H 7C 9D JH QS AD 6S 8S", top="3H")
    assert "draw 2 discards to KC" in g.legal_strings()


def test_a_frozen_pile_is_taken_with_a_natural_pair_melded_at_once(canasta):
    g = _game(canasta, "3D 3S 4H 5H 9D JH QS AD 6S 8S", top="3H")
    assert "draw 2 discards to KC" in g.legal_strings()
    g.play("draw 2 discards to KC")
    assert all(m.startswith("meld") and "3H" in m and "3D" in m and "3S" in m
               for m in g.legal_strings())
    with pytest.raises(Exception) as e:
        g.play("meld 3H 4H 5H")  # not the pair, even if the meld holds the top card
    assert "two natural cards of its rank from the hand you held" in str(e.value)
    assert g.discards == [C.parse_card("KC")]  # the rest of the pile waits for the meld
    g.play("meld 3H 3D 3S")
    assert not g.discards and C.parse_card("KC") in g.hands[1]


def test_the_pair_must_come_from_the_hand_not_from_the_pile(canasta):
    # the 3D under the top 3H would make 3H 3D 3S, but only one 3 is in hand
    g = _game(canasta, "3S 4C 7C 9D JH QS AD 6S 8S 10C", under="3D", top="3H")
    assert "draw 2 discards to 3D" not in g.legal_strings()
    v = house("basic", "wild: 2s", WHOLE)
    assert "draw 2 discards to 3D" in _game(v, "3S 4C 7C 9D JH QS AD 6S 8S 10C",
                                            under="3D", top="3H").legal_strings()


def test_a_natural_and_a_wild_card_take_it_once_the_side_has_opened(canasta):
    # seat 1 melds KS KH KD first; then seat 0 throws the 3H, and 3D 2H take the pile
    deck = stacked_deck(canasta, 2, hands=["5S 6H 5D 6D 8C 9H JS QC 10D 4S",
                                           "KS KH KD 3D 2H 9D JH QS AD 7S"],
                        upcard="7C", stock=["8D", "10S", "3H"])
    g = new_game(canasta, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard 8D")
    g.play("draw stock").deal_on()
    g.play("meld KS KH KD")
    g.play("discard 10S")
    assert g.opened[1]
    g.play("draw stock").deal_on()
    g.play("discard 3H")
    assert "draw 4 discards to 7C" in g.legal_strings()
    g.play("draw 4 discards to 7C")
    assert any("3H" in m and "3D" in m and "2H" in m for m in g.legal_strings())


def test_a_wild_card_in_the_pile_freezes_it_for_an_opened_side_too(canasta):
    deck = stacked_deck(canasta, 2, hands=["5S 6H 5D 6D 8C 9H JS QC 10D 4S",
                                           "KS KH KD 3D 2H 9D JH QS AD 7S"],
                        upcard="7C", stock=["2D", "10S", "3H"])
    g = new_game(canasta, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard 2D")  # a wild card: the pile is frozen for everyone
    g.play("draw stock").deal_on()
    g.play("meld KS KH KD")
    g.play("discard 10S")
    g.play("draw stock").deal_on()
    g.play("discard 3H")
    assert not any(m.startswith("draw 4") for m in g.legal_strings())  # 3D 2H is no pair
    with pytest.raises(Exception) as e:
        g.play("draw 4 discards to 7C")
    assert "a wild card in it freezes the discard pile" in str(e.value)  # a whole pile


def test_a_black_three_on_top_stops_the_next_player(canasta):
    g = _game(canasta, "3D 3H 4H 7C 9D JH QS AD 6S 8S", top="3C")
    assert g.legal_strings() == ["draw stock"]
    with pytest.raises(Exception) as e:
        g.play("draw 2 discards to KC")
    assert "3C on top of the discard pile stops it" in str(e.value)
    v = house("basic", STOP)
    g = _game(v, "3D 3H 4H 7C 9D JH QS AD 6S 8S", top="3C")
    with pytest.raises(Exception) as e:
        g.play("draw discard")  # the top card alone is stopped too
    assert "stops it" in str(e.value)


def test_clashes_are_diagnosed():
    codes = [d.code for d in house_problems("basic", PAIR)]
    assert "E394" in codes  # nothing freezes the pile
    codes = [d.code for d in house_problems("basic", "draw: take only the whole discard pile",
                                            UNOPENED, PAIR, "melds: no sets")]
    assert "E394" in codes  # a natural pair makes no meld without sets
    codes = [d.code for d in house_problems("basic", "draw: from the stock", STOP)]
    assert "E395" in codes  # a stop card on a pile no one draws from


def test_the_page_and_the_diff_say_it(canasta):
    page = " ".join(render_page(canasta).split())
    assert ("The discard pile is frozen for you until you have opened, and for everyone while "
            "a wild card lies in it.") in page
    assert ("A frozen pile may be taken only by melding its top card at once with two natural "
            "cards of its rank from your hand (a natural pair)") in page
    assert ('While <span class="card black">3♠</span> or <span class="card black">3♣</span> lies '
            "on top of the discard pile, the next player may not take from the pile") in page
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, canasta.ir)]
    assert any(c.startswith("A frozen discard pile: taken only with a natural pair") for c in said)
    assert any(c.startswith("Cards that stop the discard pile: 3S, 3C") for c in said)


@pytest.mark.parametrize("agents", ["greedy", "random"])
def test_whole_games_play_through(canasta, agents):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    for seed in range(4):
        out = play_game(canasta, seed=seed, agents=(agents,), check_every=1)
        assert out.finished and out.failure is None, out.message


def _upcard_game(v, hand0, upcard):
    """Seat 0 to draw, the discard pile the upcard alone."""
    deck = stacked_deck(v, 2, hands=[hand0, None], upcard=upcard, stock=["4C"])
    return new_game(v, players=2, deck=deck).deal_on()


def test_a_pile_of_one_card_taken_only_whole_is_frozen_like_any_other(canasta):
    """Found by the Cuban Canasta and Mexicana trials: a one-card pile escaped every
    freeze, so a side that had not opened took the lone upcard with one natural card and a
    wild one, and a lone discarded wild card was taken at all. Taken only whole, the one
    card is the whole pile: before opening it needs a natural pair, and a wild card on top
    is never taken."""
    g = _upcard_game(canasta, "9S 2C 5D 6D 8C JH QS AD 10D 4S", "9D")
    assert "draw discard" not in g.legal_strings()
    with pytest.raises(Exception) as e:
        g.play("draw discard")
    assert "your side has not opened, so the discard pile is frozen" in str(e.value)
    assert "you hold no natural pair of it" in str(e.value)
    assert g.discards == [C.parse_card("9D")]  # the refused move changed nothing

    g = _upcard_game(canasta, "9S 9H 2C 6D 8C JH QS AD 10D 4S", "9D")
    g.play("draw discard")
    assert all(m.startswith("meld") and {"9D", "9S", "9H"} <= set(m.split()[1:])
               for m in g.legal_strings())
    g.play("meld 9D 9S 9H")

    wild = house("basic", "wild: 2s", WHOLE, PAIR, WILD)
    g = _upcard_game(wild, "2D 2H 9S 9H 8C JH QS AD 10D 4S", "2S")
    assert "draw discard" not in g.legal_strings()
    with pytest.raises(Exception) as e:
        g.play("draw discard")
    assert "a wild card on top freezes the discard pile" in str(e.value)


def test_a_pile_of_one_card_is_taken_alone_where_the_top_card_may_be(canasta):
    """Where the top card may be taken alone, a frozen pile still gives its top card."""
    v = house("basic", "wild: 2s", UNOPENED, "draw: take down to any card of the discard pile")
    g = _upcard_game(v, "9S 2C 5D 6D 8C JH QS AD 10D 4S", "9D")
    assert "draw discard" in g.legal_strings()


def test_a_lone_frozen_card_without_the_natural_pair_rule_is_refused_in_those_words():
    v = house("basic", "wild: 2s", WHOLE, UNOPENED)
    g = _upcard_game(v, "9S 9H 2C 6D 8C JH QS AD 10D 4S", "9D")
    assert "draw discard" not in g.legal_strings()
    with pytest.raises(Exception) as e:
        g.play("draw discard")
    assert ("your side has not opened, so the discard pile is frozen: it may not be taken, "
            "even as a single card") in str(e.value)


HAND_ONLY = "draw: take only the whole discard pile; top card taken must be melded at once " \
    "with cards from hand"


def test_the_top_card_is_melded_with_cards_from_the_hand_and_the_pile_follows():
    """Canasta (pagat): to take the pile "you must be able to meld its top card with two
    cards from your hand"; the Mexicana trial found the pile's own cards completing that
    meld (one queen in hand and one deeper in the pile). With `… with cards from hand` the
    top card joins the hand alone, and the rest only once it is melded."""
    loose = house("basic", "wild: 2s", WHOLE)
    strict = house("basic", "wild: 2s", HAND_ONLY)
    assert strict.ruleset.turn.take_discards.from_hand
    one_queen = "QS 4H 5C 7C 9D JH 6S AD 8S 10C"
    assert "draw 2 discards to QD" in _game(loose, one_queen, under="QD", top="QH").legal_strings()
    assert "draw 2 discards to QD" not in _game(strict, one_queen, under="QD",
                                                top="QH").legal_strings()
    g = _game(strict, "QS 2C 5C 7C 9D JH 6S AD 8S 10C", under="QD", top="QH")
    g.play("draw 2 discards to QD")
    assert g.discards == [C.parse_card("QD")]  # held back until the top card is down
    assert g.legal_strings() and all("QH" in m.split() and "QD" not in m.split()
                                     for m in g.legal_strings())
    with pytest.raises(Exception) as e:
        g.play("discard 5C")
    assert "must go on the table at once, in a meld with cards of the hand you held" in str(
        e.value)
    g.play("meld QH QS 2C")
    assert not g.discards and C.parse_card("QD") in g.hands[1]
    page = " ".join(render_page(strict).split())
    assert "Only the top card joins your hand at first; the rest of the pile follows" in page
