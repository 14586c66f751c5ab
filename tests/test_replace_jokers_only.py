"""Only jokers are taken back from the table (`replace wilds: only jokers`).

Source (Pinnacola, as the new-user trial read regoledelgioco.com's Pinella page): jokers
may be taken back from the table by putting the card they stand for in their place; a
pinella (a black two, also wild) may not."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import IllegalMove, new_game
from rulespec.engine.search import readings_of
from rulespec.engine.views import TableMeld
from rulespec.rulebook import render_page

from conftest import house

RULES = ("wild: jokers; black 2s", "replace wilds: in any meld; only jokers")


@pytest.fixture(scope="module")
def jokers_only():
    return house("rummy51", *RULES)


def _table(v):
    """The player to move, opened, holding 4H and 8C; on the table 3H JK 5H (the joker for
    the 4H) and 7C 2S 9C (the black two for the 8C)."""
    g = new_game(v, players=2, seed=1).deal_on()
    p = g.player
    if "draw stock" in g.legal_strings():  # the starter of Rummy 51 does not draw
        g.play("draw stock").deal_on()
    g.opened[p] = True
    g.hands[p] = rulespec.parse_cards("4H 8C KD QS")
    melds = []
    for i, text in enumerate(("3H JK 5H", "7C 2S 9C"), 1):
        cards = rulespec.parse_cards(text)
        melds.append(TableMeld(i, 1 - p, cards, readings_of(g.rules, cards)[0]))
    g.table = melds
    g._legal_map = g._legal = None
    return g


def test_the_phrase_sets_the_rule(jokers_only):
    assert jokers_only.ruleset.wilds.replace.jokers_only
    assert not rulespec.load("variants/rummy51.rules").ruleset.wilds.replace.jokers_only


def test_a_joker_may_be_taken_back_and_a_black_two_may_not(jokers_only):
    g = _table(jokers_only)
    legal = g.legal_strings()
    assert "replace JK on 1 with 4H" in legal
    assert not any(a.startswith("replace 2S") for a in legal)
    with pytest.raises(IllegalMove, match="only a joker may be taken off the table"):
        g.apply("replace 2S on 2 with 8C")
    both = _table(house("rummy51", "wild: jokers; black 2s"))  # without the rule: both
    assert {"replace JK on 1 with 4H", "replace 2S on 2 with 8C"} <= set(both.legal_strings())


def test_the_page_says_it(jokers_only):
    page = " ".join(render_page(jokers_only).split())
    assert ("**Replacing a joker.** On your turn, if a joker in any meld on the table stands for "
            "a card you hold, you may put your card in its place and take the joker. Other wild "
            "cards stay where they are melded.") in page
