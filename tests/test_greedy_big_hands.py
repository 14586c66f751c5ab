"""The greedy agent on big hands with many wild cards (Marriage-like: three packs, 21
cards, a cut rank wild, a show of the whole hand with three pure sequences): it plays at a
usable speed, shows when its hand holds a valid show, and its faster hand costs (one
priced search for a show, dual cards tried as themselves only where a pure sequence can
hold them) are the costs of the search they replace."""

from __future__ import annotations

import random
import time

import rulespec
from rulespec import cards as C
from rulespec.agents import make_agent
from rulespec.agents.evaluate import evaluator
from rulespec.engine import search as ES
from rulespec.engine.phases import Ending
from rulespec.melds.fast import deadwood_value
from rulespec.melds.solver import Search

from conftest import MARRIAGE


def _game(seed: int = 1):
    g = rulespec.new_game(rulespec.compile_text(MARRIAGE), players=2, seed=seed)
    while g.is_chance():
        g.apply_chance()
    return g


def _play_turn(g):
    """Draw from the stock, so that the player to move is in the play phase."""
    g.apply(next(a for a in g.legal_actions() if a.kind == "draw stock"))
    while g.is_chance():
        g.apply_chance()


def test_a_hand_holding_a_valid_show_shows():
    """Seven pure sequences and one card more: the show is offered (every card counts
    the same, worth nothing, in these rules) and greedy makes it."""
    g = _game()
    _play_turn(g)
    p = g.current_player()
    runs = [(s, lo) for s in range(3) for lo in (1, 5)] + [(3, 1)]
    hand = [C.make(lo + i, s) for s, lo in runs for i in range(3)] + [C.make(11, 0)]
    g.hands[p][:] = hand
    g._legal = None
    shows = [a for a in g.legal_actions() if a.kind == "show"]
    assert C.make(11, 0) in [a.card for a in shows]  # more where the cut card is in a run
    assert make_agent("greedy", seed=1).choose(g, p).kind == "show"


def test_can_meld_all_counts_cards_not_their_values():
    g = _game()
    hand = [C.make(r, s) for s in range(3) for r in range(1, 4)]
    assert not any(g.rules.value)  # values: none
    assert ES.can_meld_all(g.rules, hand, 0)
    assert ES.can_meld_all(g.rules, hand + [C.make(9, 3)], 1)
    assert not ES.can_meld_all(g.rules, hand + [C.make(9, 3), C.make(11, 3)], 1)


def _cost_by_levels(ev, hand) -> int:
    """The show's cost as it was worked out before: one search a level, the show's
    sequences first, then one sequence fewer at a time, each missing one charged."""
    rules, show = ev.rules, ev.rules.ruleset.show
    total, best = len(hand), None
    for pure in range(show.pure, -1, -1):
        charge = (show.pure - pure) * ev.missing
        if pure:
            slots = [("run", rules.run_min, True)]
            val = Search(rules, hand, slots=slots, counts=[pure]).solve()[0]
            here = None if val is None else sum(rules.value[c] for c in hand) - val + charge
        else:
            here = deadwood_value(rules, list(hand)) + charge
        if here is not None and (best is None or here < best):
            best = here
    return total if best is None else best


def test_the_priced_show_search_gives_the_costs_of_the_levels():
    rng = random.Random(3)
    for seed in range(3):
        g = _game(seed)
        ev = evaluator(g.rules)
        deck = list(g.stock) + [c for h in g.hands for c in h]
        for _ in range(6):
            hand = rng.sample(deck, rng.choice((12, 21, 22)))
            assert ev.cost(hand) == _cost_by_levels(ev, hand)


def test_greedy_plays_big_hands_quickly_and_shows():
    g = _game(2)
    bots = [make_agent("greedy", seed=s) for s in range(g.n)]
    start, moves = time.perf_counter(), 0
    while not g.is_over() and moves < 300:
        if g.is_chance():
            g.apply_chance()
            continue
        g.apply(bots[g.current_player()].choose(g, g.current_player()))
        moves += 1
    assert g.results and g.results[0].reason is Ending.SHOW
    assert moves / (time.perf_counter() - start) > 5  # about 80 a second when written
