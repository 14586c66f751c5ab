"""The greedy agent judges a whole discard pile by what the whole take gives it
(rulespec/agents/pile.py), and a pile take refused only because the opening minimum is
short says so.

Found by the Mexicana trial (trials16): greedy took the pile 4-7 times a game against
85-131 turns where a take was legal, judging the top card alone, so greedy hands ran the
stock out; and `draw discard` with KS KH in hand and KC on the pile was refused with "no
meld of your hand would hold it", though KS KH KC is a meld: the 50-point opening was
what it lacked. Source for taking the pile (Canasta, pagat.com/rummy/canasta.html): "the
player who takes the discard pile ... takes the top card ... and the rest of the pile
into hand": the point of the move is the many cards it brings."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.agents import make_agent
from rulespec.agents.pile import pile_worth
from rulespec.agents.evaluate import evaluator
from rulespec.engine import new_game, stacked_deck

from conftest import LITTLE_CANASTA, alone_two, house

WHOLE = "draw: take only the whole discard pile; top card taken must be melded at once"


@pytest.fixture(scope="module")
def whole():
    """Basic Rummy where the top discard is taken only with the whole pile."""
    return house("basic", WHOLE)


def _piled(v, hand1, pile):
    """Seat 1 to draw, holding ``hand1``, with ``pile`` (bottom card first) as the discard
    pile: its first card is the upcard, the others come from the stock, each drawn and
    thrown at once (seat 0 throws last)."""
    under, *rest = pile.split()
    assert len(rest) % 2 == 1
    deck = stacked_deck(v, 2, hands=["5S 6H 5D 6D 8H 9H JS QC 10D 4S", hand1],
                        upcard=under, stock=rest)
    g = new_game(v, players=2, deck=deck).deal_on()
    for card in rest:
        g.play("draw stock").deal_on()
        g.play(f"discard {card}")
    assert g.current_player() == 1 and g.phase.value == "draw"
    return g


def _choices(g, seeds=range(8)) -> set:
    return {make_agent("greedy", seed=s).choose(g, 1).text for s in seeds}


def test_greedy_takes_a_pile_whose_two_sets_outweigh_its_junk(whole):
    # 9C on top melds 9S 9D, QD at the bottom QS QH: 57 points melded, and 38 of cards that
    # meld with nothing (KD JC 8S 10H): the deadwood stays 61, so judged by deadwood alone
    # (the top card's rule, or the old agent's) the pile was left
    g = _piled(whole, "9S 9D QS QH 4H 3C 5C AC 3S 7H", "QD KD JC 8S 10H 9C")
    assert "draw 6 discards to QD" in g.legal_strings()
    ev = evaluator(g.rules)
    hand = g.hands[1]
    assert ev.cost(hand + g.discards) == ev.cost(hand) == 61
    assert pile_worth(g, 1, ev, hand, g.discards) > 0
    assert _choices(g) == {"draw 6 discards to QD"}


def test_greedy_leaves_a_pile_that_melds_one_card_and_brings_junk(whole):
    # the 9C melds 9S 9D (27 points), the other nine cards (83 points) meld with nothing
    # but KD KC, a pair: the deadwood rises from 49 to 114
    g = _piled(whole, "9S 9D 4H 3C 5C AC 3S 7H 2H 6S", "QD KD JC 8S 10H KC 7C 8D JH 9C")
    assert "draw 10 discards to QD" in g.legal_strings()
    ev = evaluator(g.rules)
    assert (ev.cost(g.hands[1]), ev.cost(g.hands[1] + g.discards)) == (49, 114)
    assert pile_worth(g, 1, ev, g.hands[1], g.discards) < 0
    assert _choices(g) == {"draw stock"}


def test_a_pile_card_that_grows_the_sides_set_counts(whole):
    # with 7S 7D 7C on seat 1's table, the pile's 7H lays off onto it: the same hand and
    # pile are worth more to seat 1 than to a side without that set (seat 0)
    deck = stacked_deck(whole, 2, hands=["5S 6H 5D 6D 8H 9H JS QC 10D 4S",
                                         "7S 7D 7C QS QH 4H 3C 5C AC 3S"],
                        upcard="QD", stock=["KD", "JH", "7H"])
    g = new_game(whole, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard KD")
    g.play("draw stock").deal_on()
    g.play("meld 7S 7D 7C")
    g.play("discard JH")
    g.play("draw stock").deal_on()
    g.play("discard 7H")
    ev = evaluator(g.rules)
    hand = g.hands[1]
    assert pile_worth(g, 1, ev, hand, g.discards) > pile_worth(g, 0, ev, hand, g.discards)


PILE = ("draw:     from the stock or the discard pile\n"
        "          take only the whole discard pile\n"
        "          top card taken must be melded at once\n"
        "          discard pile frozen before opening\n"
        "          frozen discard pile taken only with a natural pair of the top card\n")
AT_ONCE = "          card taken from the discard pile must be melded at once\n"


def _canasta(*extra: str):
    """A little Canasta for two (opening 50) with Canasta's pile, and ``extra`` draw lines."""
    text = alone_two(LITTLE_CANASTA).replace(
        "draw:     from the stock or the discard pile\n", PILE + "".join(extra))
    return rulespec.compile_text(text, name="pile.rules")


OPENING = ("`meld KS KH KC` would not open for you: your first melds must be worth at least 50 "
           "together, and the cards you hold do not reach that")


@pytest.mark.parametrize("extra, said", [
    # the Mexicana trial's case: the card taken must be melded at once
    ((AT_ONCE,), "you may take KC from the discard pile only to meld it at once, and " + OPENING),
    # the frozen pile's natural pair alone
    ((), "your side has not opened, so the discard pile is frozen: you may take it only by "
         "melding its top card, KC, at once with two natural cards of its rank from your "
         "hand, and " + OPENING),
])
def test_a_take_short_only_of_the_opening_says_so_and_changes_nothing(extra, said):
    # KS KH KC is a meld worth 30; the opening asks 50 and the rest of the hand has no meld
    v = _canasta(*extra)
    deck = stacked_deck(v, 2, hands=["KS KH AS AH 5D 6D 8D 9D 10D 4C 5C", None],
                        upcard="KC", stock=["JD"])
    g = new_game(v, players=2, deck=deck).deal_on()
    assert g.legal_strings() == ["draw stock"]
    before = g.state_dict()
    with pytest.raises(rulespec.IllegalMove) as err:
        g.apply("draw discard")
    assert str(err.value) == f"illegal move `draw discard`: {said}"
    assert g.state_dict() == before


def test_with_the_opening_in_hand_the_same_take_is_allowed():
    # AS AH AD beside KS KH: KS KH KC and the aces make 90, so the pile may be taken
    v = _canasta(AT_ONCE)
    deck = stacked_deck(v, 2, hands=["KS KH AS AH AD 6D 8D 9D 10D 4C 5C", None],
                        upcard="KC", stock=["JD"])
    g = new_game(v, players=2, deck=deck).deal_on()
    assert "draw discard" in g.legal_strings()


def test_melding_the_rest_of_the_hand_while_the_pile_is_held_brings_the_pile_in():
    # a frozen take (the side has not opened) holds the pile back until the opening is
    # met: 4S 4H 4C, 5s, 6s make 45; the 7s make 60 and use up the hand, and the pile's
    # JD 8C join it (the player is not out). The engine ended the hand with the pile
    # still held and failed (found by greedy, which now takes such piles)
    v = _canasta()
    deck = stacked_deck(v, 2, hands=["4S 4H 5S 5H 5D 6S 6H 6D 7S 7H 7D", None],
                        upcard="8C", stock=["JD", "4C"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard JD")
    g.play("draw stock").deal_on()
    g.play("discard 4C")
    g.play("draw 3 discards to 8C", "meld 4S 4H 4C", "meld 5S 5H 5D", "meld 6S 6H 6D")
    assert g.pile_held == 2 and g.legal_strings() == ["meld 7S 7H 7D"]
    g.play("meld 7S 7H 7D")
    assert not g.results and g.pile_held == 0
    assert sorted(g.legal_strings()) == ["discard 8C", "discard JD"]


def test_greedy_takes_the_pile_in_whole_games_of_a_little_canasta():
    # a little Canasta for two with Canasta's pile: greedy takes it, and hands end
    v = _canasta()
    took = legal = 0
    for seed in range(2):
        g = new_game(v, players=2, seed=seed)
        bots = [make_agent("greedy", seed=seed * 10 + s) for s in range(2)]
        while not g.is_over():
            p = g.current_player()
            if p == rulespec.CHANCE:
                g.apply_chance()
                continue
            a = bots[p].choose(g, p)
            if g.phase.value == "draw" and any(x.kind.startswith("draw discard")
                                               for x in g.legal_actions()):
                legal += 1
                took += a.kind.startswith("draw discard")
            g.apply(a)
    assert legal and took / legal > 0.3
