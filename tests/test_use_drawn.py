"""The card drawn must be melded this turn or else discarded (``draw: card drawn must be
melded or discarded``, issue #15 item 2): a condition on the card a turn draws, which
narrows the moves that end the turn; its check (E383) and its sentence on the page."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.state import new_game
from rulespec.language.diagnostics import SpecError
from rulespec.rulebook import render_page

from conftest import VARIANTS

HOUSE = ('variant "Basic: use the card drawn"\nextends "basic"\n'
         "draw: card drawn must be melded or discarded\n"
         "discard: may be card taken from the discard pile\nstock: hand ends\n")
HAND = "AS 2S 3S 4H 5H 6H 7C 8C KD KH"


def _variant(text: str = HOUSE):
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def _game(v, upcard="QC", stock=("9C", "2D", "5S")):
    deck = stacked_deck(v, 2, hands=[HAND, None], upcard=upcard, stock=list(stock))
    return new_game(v, players=2, deck=deck).deal_on()


def _ends(g) -> list[str]:
    return sorted(a.text for a in g.legal_actions() if a.kind == "discard")


def test_an_unused_card_drawn_is_the_only_discard():
    g = _game(_variant(), stock=("2D",))
    g.play("draw stock").deal_on()
    assert _ends(g) == ["discard 2D"]
    with pytest.raises(IllegalMove, match=r"the card you drew \(2D\) must be melded this turn"):
        g.apply("discard KD")
    g.apply("discard 2D")


def test_once_the_card_drawn_is_melded_any_card_may_go():
    g = _game(_variant(), stock=("9C",))
    g.play("draw stock").deal_on()
    g.apply("meld 7C 8C 9C")
    assert "discard KD" in _ends(g) and len(_ends(g)) > 1


def test_the_top_discard_taken_is_held_to_the_rule_too():
    g = _game(_variant(), upcard="QC")
    g.apply("draw discard")
    assert _ends(g) == ["discard QC"]


def test_without_the_rule_any_card_may_be_discarded():
    base = rulespec.load(VARIANTS / "basic.rules")
    g = _game(base, stock=("2D",))
    g.play("draw stock").deal_on()
    assert len(_ends(g)) == 11


@pytest.mark.parametrize("dropped, said", [
    ("discard: may be card taken from the discard pile\n", "may not be discarded"),
    ("stock: hand ends\n", "the hand never ends"),
])
def test_combinations_that_could_stick_are_refused(dropped, said):
    with pytest.raises(SpecError) as e:
        _variant(HOUSE.replace(dropped, ""))
    assert "E383" in str(e.value) and said in str(e.value)


def test_melds_kept_in_hand_are_refused():
    text = ('variant "x"\nextends "gin"\ndraw: card drawn must be melded or discarded\n')
    with pytest.raises(SpecError, match="E383"):
        rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def test_the_page_says_it():
    assert "The card you draw must be used in the same turn" in render_page(_variant())
    basic = rulespec.load(VARIANTS / "basic.rules")
    assert "The card you draw must be used" not in render_page(basic)
