"""An ace on the table valued by its place in a run: low (A-2-3), high (Q-K-A) or round
the corner (K-A-2) (``values: ace high in a run = 10; ace round the corner in a run = 5``).

Source (Treppenrommé, as the trial read de.wikipedia.org/wiki/Treppenrommé): the ace counts
"1 als niedrigste Karte einer Folge, 10 als höchste, 5 um die Ecke, 15 im Satz" (1 as the
lowest card of a run, 10 as the highest, 5 round the corner, 15 in a set). Found missing by
the new-user trial of Treppenrommé."""

from __future__ import annotations

import rulespec
from rulespec.engine import new_game
from rulespec.engine.scoring import table_points
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page

from conftest import house

LINES = ("aces: round the corner",
         "values: A = 15; ace low in a run = 1; ace high in a run = 10; "
         "ace round the corner in a run = 5")


def _run(meld_id, owner, cards, ranks):
    return TableMeld(meld_id, owner, rulespec.parse_cards(cards),
                     Reading("run", suit=0, ranks=ranks))


def test_each_place_of_the_ace_has_its_value():
    v = house("rummy500", *LINES)
    g = new_game(v, players=3, seed=1).deal_on()
    g.table = [_run(1, 0, "AS 2S 3S", (0, 1, 2)), _run(2, 1, "QS KS AS", (11, 12, 0)),
               _run(3, 2, "KS AS 2S", (12, 0, 1)),
               TableMeld(4, 0, rulespec.parse_cards("AH AD AC"), Reading("set", rank=0))]
    # the low ace 1, the high 10, the corner 5; the set's three aces 15 each (A = 15)
    values = v.ruleset.values
    q, k, two, three = (values.ranks[i] for i in (11, 12, 1, 2))
    assert table_points(g) == [1 + two + three + 45, q + k + 10, k + 5 + two]


def test_an_opening_value_by_place_is_the_openings_own():
    """Once refused (E155); now the opening counts an ace by its place
    (tests/test_values_by_place.py)."""
    v = house("rummy51", "opening values: ace high in a run = 10")
    assert v.ruleset.opening.values.ace_high_run == 10
    assert v.ruleset.values.ace_high_run is None


def test_the_page_says_each_place():
    page = " ".join(render_page(house("rummy500", *LINES)).split())
    assert ("On the table an ace melded in a run counts 1 point low (A-2-3), 10 points high "
            "(Q-K-A) and 5 points round the corner (K-A-2); in any other meld it counts as in "
            "the table above.") in page
