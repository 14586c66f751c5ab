"""An opening that must include a pure run, one in which no wild card stands
(``opening: melds worth at least 51 including a pure run``).

Sources, as the "Reach" trials read them: Rami 51 (jeuxdecartes1.e-monsite.com): "Pour
pouvoir poser, un joueur doit totaliser un minimum de 51 points et avoir une suite d'au
moins 3 cartes sans Joker (une suite franche)"; mundicontest.com, "Rami, façon 51": "vous
devez atteindre 51 points lorsque vous poser vos cartes pour la première fois. De plus,
vous devez obligatoirement poser une « tierce franche », c'est-à-dire une suite de 3 cartes
sans joker". The words are Indian rummy's (``show: at least 1 pure sequence``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.state import new_game
from rulespec.melds.context import rules_for
from rulespec.melds.opening import opening_solution
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import VARIANTS, house, house_problems

PURE = house("rummy51", "opening: melds worth at least 51 including a pure run")
PLAIN = rulespec.load(VARIANTS / "rummy51.rules")


def _melds(variant, hand: str) -> set[str]:
    deck = stacked_deck(variant, 2, hands=[hand, None])
    g = new_game(variant, players=2, deck=deck).deal_on()
    return {a.text for a in g.legal_actions() if a.text.startswith("meld")}


def test_the_phrase_sets_the_rule():
    assert PURE.ruleset.opening.pure_runs == 1 and PURE.ruleset.opening.threshold == 51
    two = house("rummy51", "opening: including 2 pure runs")
    assert two.ruleset.opening.pure_runs == 2 and two.ruleset.opening.threshold == 51
    assert PLAIN.ruleset.opening.pure_runs == 0


def test_sets_worth_enough_do_not_open_without_a_pure_run():
    hand = "KS KH KD QS QH QD 9C 9H 9D 2C 5H 7D 3C 8S 4H"  # 87 in sets, no run
    assert _melds(PURE, hand) == set()
    assert "meld KS KH KD" in _melds(PLAIN, hand)


def test_a_run_with_a_joker_is_not_pure():
    hand = "KS KH KD QS QH QD 9C 9H JK 2C 3C 6D 6H 8S 4H"  # 2C 3C JK: a run, not pure
    assert _melds(PURE, hand) == set()
    assert "meld 2C 3C JK as run 2C-4C" in _melds(PLAIN, hand)


def test_with_a_pure_run_the_opening_goes_down_and_must_hold_it():
    hand = "KS KH KD QS QH QD 9C 9H 9D 2C 3C 4C 3H 8S 4H"  # 2C 3C 4C pure, 9 points
    deck = stacked_deck(PURE, 2, hands=[hand, None])
    g = new_game(PURE, players=2, deck=deck).deal_on()
    for meld in ("meld KS KH KD", "meld QS QH QD", "meld 9H 9D 9C"):  # 87 points, no run yet
        g.apply(meld)
    assert not g.opened[0]
    with pytest.raises(IllegalMove):  # the opening is not finished: no discard yet
        g.apply("discard 8S")
    assert not g.opened[0]
    g.apply("meld 2C 3C 4C")
    assert g.opened[0]


def test_the_refusal_says_a_pure_run_is_needed():
    hand = "KS KH KD QS QH QD 9C 9H 9D 2C 5H 7D 3C 8S 4H"
    deck = stacked_deck(PURE, 2, hands=[hand, None])
    g = new_game(PURE, players=2, deck=deck).deal_on()
    with pytest.raises(IllegalMove) as err:
        g.apply("meld KS KH KD")
    assert "with a pure run among them (one with no wild card)" in str(err.value)


@pytest.mark.parametrize("lines, said", [
    (("opening: including a pure run",), "no opening worth a number of points"),
    (("melds: no runs", "opening: including a pure run"), "there are no runs"),
])
def test_a_pure_run_that_cannot_be_asked_is_an_error(lines, said):
    parent = "basic" if len(lines) == 1 else "rummy51"
    found = [d for d in house_problems(parent, *lines) if d.code == "E353"]
    assert found and said in found[0].message


def test_the_page_and_the_diff_say_it():
    page = " ".join(render_page(PURE).split())
    assert ("must be worth at least 51 points together. Among them must be a pure run: one in "
            "which no wild card stands.") in page
    said = {c.rule: c.new for c in changes(PLAIN.ir, PURE.ir)}
    assert said["Pure runs the opening must include"] == "one"


_POOL = [c for c in range(52) if C.rank_of(c) in (0, 1, 2, 3, 9, 10, 11, 12)] + [C.JOKER] * 2


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(range(len(_POOL))), min_size=3, max_size=12, unique=True))
def test_the_best_opening_with_a_pure_run_holds_one_and_never_beats_the_free_best(idx):
    hand = [_POOL[i] for i in idx]
    rules = rules_for(PURE.ruleset)
    val, groups, _dead = opening_solution(rules, hand, pure=1)
    free = opening_solution(rules, hand)[0]
    if val is None:  # no pure run in the hand at all
        return
    assert val <= free
    from rulespec.melds.distinct import readings_of
    assert any(any(r.kind == "run" and r.pure for r in readings_of(rules, g)) for g in groups)


def test_greedy_games_with_the_rule_open_and_finish():
    opened = 0
    for seed in range(3):
        out = play_game(PURE, players=2, seed=seed, agents=("greedy",), max_hands=2)
        assert out.failure is None, out.message
        opened += sum(1 for h in out.hands if h.opening)
    assert opened
