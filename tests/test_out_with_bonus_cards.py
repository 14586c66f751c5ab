"""Going out with a bonus card laid out for each long meld: ``going out: only with as many
bonus cards as long melds`` (issue "Reach": Mexicana could not say it).

Source: Mexicana (rummy-games.com/rules/mexicana.html): "To go out, a side must have
completed two canastas, plus have laid down at least as many red threes as it has
canastas." Also said there: "The discard pile cannot be taken when the upcard is a seven",
which `draw: discard pile may not be taken when top card is 7s` already says."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page

from conftest import LITTLE_CANASTA, alone_two, house_problems, random_walk

RULES = ("bonus cards: red 3s; each scores 100\n"
         "going out: only with a meld of 7+ cards\n"
         "           only with as many bonus cards as long melds\n")
#: seat 0: seven kings, three nines and the 6C; the draw brings the fourth nine
HAND = "KS KH KD KC KS KH KD 9S 9H 9D 6C"


def mexicana(extra: str = RULES, players: int = 4):
    text = LITTLE_CANASTA.replace("going out: with or without final discard\n",
                                  "going out: with or without final discard\n" + extra)
    if players == 2:
        text = alone_two(text)
    return rulespec.compile_text(text.replace("Little Canasta", "Mexicana-ish"),
                                 name="mexicana.rules")


@pytest.fixture(scope="module")
def mex():
    return mexicana()


#: the other seats hold no red three (a red three dealt is replaced from the stock)
OTHERS = ["4S 4H 4D 5S 5H 5D 6S 6H 6D 8S 8H", "4C 5C 6D 8C 8D 10S 10H 10D JS JH JD",
          "AS AH AD AC 10C JC QS QH QD 8S 8H"]


def _game(v, hand: str, stock: list[str]):
    deck = stacked_deck(v, 4, hands=[hand, *OTHERS], upcard="QC", stock=stock)
    g = new_game(v, players=4, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    return g


def test_the_phrase_sets_the_rule(mex):
    assert mex.ruleset.going_out.bonus_each
    assert not mexicana("going out: only with a meld of 7+ cards\n").ruleset.going_out.bonus_each


def test_a_canasta_without_a_red_three_does_not_let_the_side_go_out(mex):
    """Seven kings and no red three: the last nines may not leave one card to discard."""
    g = _game(mex, HAND, ["9C"])
    g.play("meld KS KH KD KC KS KH KD")
    moves = {a.text for a in g.legal_actions()}
    assert "meld 9S 9H 9D" in moves and "meld 9S 9H 9D 9C" not in moves
    with pytest.raises(IllegalMove, match="a bonus card laid out for each meld of that size"):
        g.play("meld 9S 9H 9D 9C")
    check_invariants(g)


def test_with_a_red_three_for_the_canasta_the_player_goes_out(mex):
    """The 3H dealt is laid out (and replaced by the 6D); the canasta then has its red
    three, and seat 0 melds down to the 6C and goes out by discarding it."""
    g = _game(mex, "3H KS KH KD KC KS KH KD 9S 9H 9D", ["6C", "9C"])
    assert g.bonus[0] == rulespec.parse_cards("3H")
    g.play("meld KS KH KD KC KS KH KD", "meld 9S 9H 9D 9C", "discard 6C")
    (r,) = g.results
    assert r.reason == "went out" and r.winner == 0
    check_invariants(g)


def test_a_second_canasta_wants_a_second_red_three(mex):
    """Mexicana's count: as many red threes as canastas, counted after the move."""
    g = new_game(mex, players=4, seed=3).deal_on()
    kings, queens = (rulespec.parse_cards(t) for t in ("KS KH KD KC KS KH KD",
                                                        "QS QH QD QC QS QH QD"))
    g.table = [TableMeld(1, 0, kings, Reading("set", rank=12)),
               TableMeld(2, 2, queens, Reading("set", rank=11))]
    g.bonus[0], g.bonus[2] = rulespec.parse_cards("3H"), []
    assert not g._out_ready(0) and not g._out_ready(2)  # one red three, two canastas
    g.bonus[2] = rulespec.parse_cards("3D")
    assert g._out_ready(0) and g._out_ready(2)  # the partner's red three counts too
    assert not g._out_ready(0, new=7, reading=Reading("set", rank=10))  # a third canasta
    assert not g._out_ready(1)  # the other side has none


def test_random_games_keep_every_invariant_and_go_out_only_with_the_red_threes():
    """Seeded random games: whenever a player went out, their bonus cards laid out were at
    least their long melds (two players: each side is one seat; the canastas' bonus puts
    the table of the hand's end in the result, and each red three scores 100)."""
    v = mexicana(RULES.replace("going out:", "scoring: meld of 7+ cards = +500\ngoing out:"),
                 players=2)
    checked = 0
    for seed in range(6):
        seen = 0
        for g in random_walk(v, 2, seed, steps=3000):
            check_invariants(g)
            if len(g.results) > seen:
                seen = len(g.results)
                r = g.results[-1]
                if r.reason == "went out":
                    long = sum(1 for m in r.details["long melds"]
                               if m[1] == r.winner and m[2] >= 7)
                    assert 1 <= long <= r.details["bonus cards"][r.winner] // 100
                    checked += 1
    assert checked  # some hands were won by going out


def test_the_check_asks_for_long_melds_and_bonus_cards():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("rummy500", "going out: only with as many bonus cards as long melds") == [
        "E339", "E339"]
    assert errors("rummy500", "going out: only with a meld of 7+ cards",
                  "going out: only with at least as many bonus cards as long melds") == ["E339"]


def test_the_page_says_it(mex):
    page = " ".join(render_page(mex).split())
    assert ("You may go out only when your side has a meld of seven or more cards on the "
            "table, and your side has laid out at least as many red threes as it has melds "
            "of that size") in page
