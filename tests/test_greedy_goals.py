"""The greedy agent plays towards the long melds going out needs by kind, and a player
may open and go out in one turn with the cards melded only when going out.

Sources: Hand and Foot (pagat.com/rummy/handfoot.html): "to go out ... at least two clean
and two dirty books"; Bolivia: going out needs an escalera (a seven-card sequence) and a
canasta; Canasta: "Black threes may only be melded when going out, as a meld of three or
four black threes, without wild cards", the initial meld is "the sum of the values of the
cards played in the player's turn", and a player may go out concealed, melding the whole
hand in one turn without having melded before. Found by trials of Bolivia-style games:
greedy hands almost never went out (it threw away the cards that would have grown the
side's sequence, and laid wild cards off onto the side's one natural book)."""

from __future__ import annotations

import rulespec
from rulespec import parse_cards as C
from rulespec.agents import make_agent
from rulespec.agents.goals import Goals
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import problems
from rulespec.engine.views import TableMeld
from rulespec.engine.search import readings_of

from conftest import LITTLE_CANASTA

#: Little Canasta (conftest) with Canasta's black threes and runs, going out only with a
#: natural run and a set of 7+ cards (Bolivia's escalera and canasta), wild cards in sets
BOLIVIA = LITTLE_CANASTA.replace('"Little Canasta"', '"Little Bolivia"').replace(
    "          no runs\n", "          runs of 3-7 cards in the same suit\n").replace(
    "going out: with or without final discard\n",
    "going out: with or without final discard\n"
    "going out: only with a natural run and a set of 7+ cards\n")
#: the same with Hand and Foot's need: two clean and two dirty books
BOOKS = LITTLE_CANASTA.replace('"Little Canasta"', '"Little Hand and Foot"').replace(
    "going out: with or without final discard\n",
    "going out: with or without final discard\n"
    "going out: only with 2 clean and 2 dirty books of 7+ cards\n")
#: Little Canasta with black threes melded only when going out, nine cards dealt
THREES = LITTLE_CANASTA.replace('"Little Canasta"', '"Little Canasta, black threes"').replace(
    "          one set of each rank per side\n",
    "          one set of each rank per side\n"
    "          black 3s may be melded only when going out without wild cards\n").replace(
    "deal:     11 cards each", "deal:     9 cards each")


def _position(text: str, hand: str, table: list, seed: int = 3):
    """Seat 0 to play (drawn already), holding ``hand``; ``table``: (owner, cards) melds."""
    v = rulespec.compile_text(text, name="goals.rules")
    g = new_game(v, seed=seed).deal_on()
    g.player = g.turn = 0
    while g.phase.name != "PLAY":
        g.play("draw stock").deal_on() if "draw stock" in g.legal_strings() else g.play("pass")
    g.player = g.turn = 0
    g.opened = [True] * g.n
    g.hands[0] = C(hand)
    g.table = [TableMeld(i, owner, C(cards), readings_of(g.rules, C(cards))[0])
               for i, (owner, cards) in enumerate(table, 1)]
    g._legal_map = g._legal = None
    return g


def _greedy_moves(g, seeds=range(8)) -> set[str]:
    return {str(make_agent("greedy", seed=s).choose(g, 0)) for s in seeds}


def test_greedy_keeps_the_card_that_grows_the_sides_run_towards_seven():
    # the side's run 5-9 of hearts lacks two cards; 10H and JH grow it: JH is in hand,
    # waiting for the 10H; KD and QC are deadwood worth as much (10 each)
    g = _position(BOLIVIA, "JH KD QC", [(0, "5H 6H 7H 8H 9H"), (2, "9S 9D 9C 9S 9D 9C 9H")])
    assert Goals(g, 0).run_missing and Goals(g, 0).keeps(C("JH")[0], g.hands[0])
    assert _greedy_moves(g, range(16)) == {"discard KD", "discard QC"}
    # with the run the need asks for on the table, JH is deadwood like the others
    g = _position(BOLIVIA, "JH KD QC", [(0, "3H 4H 5H 6H 7H 8H 9H"),
                                        (2, "9S 9D 9C 9S 9D 9C 9H")])
    assert not Goals(g, 0).active
    assert _greedy_moves(g, range(16)) == {"discard JH", "discard KD", "discard QC"}


def test_greedy_lays_the_run_rather_than_the_set_while_a_run_is_missing():
    # 8H 9H 10H or 10S 10D 10H: either leaves 40 in hand; the run is what is missing
    g = _position(BOLIVIA, "8H 9H 10H 10S 10D KC KS", [(2, "QS QD QC QS QD QC QH")])
    assert _greedy_moves(g) == {"meld 8H 9H 10H"}
    # with the side's run down, the tie is broken at random
    g = _position(BOLIVIA, "8H 9H 10H 10S 10D KC KS", [(2, "QS QD QC QS QD QC QH"),
                                                      (0, "3S 4S 5S 6S 7S 8S 9S")])
    assert _greedy_moves(g) == {"meld 8H 9H 10H", "meld 10S 10H 10D"}


def test_greedy_keeps_a_wild_card_off_the_one_natural_book_going_out_counts_on():
    # two clean and two dirty books: the side has one natural book of queens (six cards)
    # and a dirty one of kings; the lone joker goes onto the kings, never the queens
    table = [(0, "QS QH QD QC QS QH"), (2, "KS KH KD 2C")]
    g = _position(BOOKS, "JK 5D 9C", table)
    assert Goals(g, 0).spoils(1) and not Goals(g, 0).spoils(2)
    moves = _greedy_moves(g)
    assert "lay off JK on 1" not in moves and "lay off JK on 2" in moves, moves
    # without the rule greedy would as soon lay it on the queens: both are legal
    assert {"lay off JK on 1", "lay off JK on 2"} <= set(g.legal_strings())


def test_a_player_who_has_not_opened_opens_and_goes_out_with_the_black_threes():
    """Canasta's initial meld is what the turn's melds are worth: KKK (30) and 444 (15)
    fall short of 50, with the three black threes (15) they make 60, and the threes go
    down last, by the meld that goes out. Seat 0 is dealt the hand, draws 9D, and goes
    out concealed."""
    v = rulespec.compile_text(THREES, name="threes.rules")
    deck = stacked_deck(v, 4, hands=["KD KS KH 4D 4S 4H 3S 3C 3S", None, None, None],
                        upcard="QD", stock=["9D"])
    g = new_game(v, players=4, deck=deck, seed=1).deal_on()
    assert g.current_player() == 0
    g.play("draw stock").deal_on()
    melds = [s for s in g.legal_strings() if s.startswith("meld")]
    assert sorted(melds) == ["meld 4S 4H 4D", "meld KS KH KD"]  # they lead to the opening
    g.play("meld KS KH KD", "meld 4S 4H 4D")
    assert not g.opened[0]  # 45 of 50: the opening waits for the threes
    assert g.legal_strings() == ["meld 3S 3S 3C"]
    g.play("meld 3S 3S 3C")
    assert g.opened[0] and g.legal_strings() == ["discard 9D"]
    g.play("discard 9D")
    (r,) = g.results
    assert r.reason == "went out" and r.winner == 0 and r.rummy  # concealed: one turn
    assert not problems(g)


def test_no_opening_is_offered_that_the_threes_cannot_finish():
    # a 5 where the third 4 was: 30 + 15 (threes) < 50, and 5H would stay in hand
    v = rulespec.compile_text(THREES, name="threes.rules")
    deck = stacked_deck(v, 4, hands=["KD KS KH 4D 4S 5H 3S 3C 3S", None, None, None],
                        upcard="QD", stock=["9D"])
    g = new_game(v, players=4, deck=deck, seed=1).deal_on()
    g.play("draw stock").deal_on()
    assert not [s for s in g.legal_strings() if s.startswith("meld")]


def test_greedy_opens_and_goes_out_with_the_threes():
    v = rulespec.compile_text(THREES, name="threes.rules")
    deck = stacked_deck(v, 4, hands=["KD KS KH 4D 4S 4H 3S 3C 3S", None, None, None],
                        upcard="QD", stock=["9D"])
    g = new_game(v, players=4, deck=deck, seed=1).deal_on()
    bot = make_agent("greedy", seed=0)
    while not g.results:
        if g.is_chance():
            g.apply_chance()
            continue
        assert g.current_player() == 0
        g.apply(bot.choose(g, 0))
    assert g.results[0].reason == "went out" and g.results[0].winner == 0


def test_greedy_keeps_a_set_of_black_threes_for_going_out():
    # every card is worth 5: without the plan, greedy throws any of them away at random
    g = _position(THREES, "3S 3C 3S 4H 5D", [(0, "KS KH KD"), (2, "6S 6H 6D")])
    moves = _greedy_moves(g)
    assert not any(m.startswith("discard 3") for m in moves), moves
