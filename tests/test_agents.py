"""Agents: the common interface, the registry, and the random and greedy bots.

Scripted hands come from the rule sources' own examples where there is one (002 Gin's
knock hand, 001 Basic Rummy's going out in one turn).
"""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent, parse_agents, register
from rulespec.engine import stacked_deck
from rulespec.sim.runner import play_game

from conftest import VARIANTS


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


#: variants whose moves cover every kind of decision: upcard offers, knocks and lay-offs
#: (gin), claims and wild replacement (continental), pushes and partners (push), shows and
#: drops (indian), whole-hand melding and no first draw (wrotham), thresholds (rummy51)
MECHANICS = ["gin", "continental", "push", "indian-pool-101", "wrotham", "rummy51"]


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["random", "greedy"])
@pytest.mark.parametrize("name", MECHANICS)
def test_agents_choose_only_legal_moves_and_leave_the_game_untouched(name, agent):
    """Every choice is one of ``legal_actions()``, and choosing changes nothing in the
    game (the greedy agent asks the game whether a show is valid)."""
    v = load(name)
    g = rulespec.new_game(v, seed=11)
    bots = [make_agent(agent, seed=s) for s in range(g.n)]
    moves = 0
    while not g.is_over() and moves < 250:
        if g.is_chance():
            g.apply_chance()
            continue
        p = g.current_player()
        before = g.state_dict()
        a = bots[p].choose(g, p)
        assert g.state_dict() == before
        assert a in g.legal_actions()
        g.apply(a)
        moves += 1
    assert moves > 10 or g.is_over()


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_a_seeded_agent_makes_the_same_choices_again(agent):
    v = load("basic")

    def run(agent_seed):
        g = rulespec.new_game(v, seed=5)
        bots = [make_agent(agent, seed=agent_seed + s) for s in range(g.n)]
        while len(g.results) < 2:
            if g.is_chance():
                g.apply_chance()
            else:
                g.apply(bots[g.current_player()].choose(g, g.current_player()))
        return g.history

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_the_random_agent_uses_the_generator_it_is_given():
    g = rulespec.new_game(load("gin"), seed=1).deal_on()
    g.apply("pass")
    g.apply("pass")
    g.apply("draw stock")
    g.deal_on()
    bot = RandomAgent(seed=0)
    picks = {bot.choose(g, 0, random.Random(k)).text for k in range(40)}
    assert len(picks) > 3 and picks <= set(g.legal_strings())


def test_unknown_agent_names_are_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="greedy, random"):
        make_agent("clever")
    with pytest.raises(ValueError, match="no agent called 'smart'"):
        parse_agents("greedy,smart")
    assert parse_agents(" Greedy , random ") == ["greedy", "random"]


def test_a_new_agent_is_added_by_registering_a_class():
    @register("first-move")
    class FirstMove(Agent):
        def choose(self, game, player, rng=None):
            return game.legal_actions()[0]

    try:
        o = play_game(load("gin"), seed=3, agents=("first-move", "greedy"), max_hands=1)
        assert o.failure is None and o.agents == ("first-move", "greedy")
        assert isinstance(make_agent("first-move"), FirstMove)
    finally:
        del AGENTS["first-move"]


# ------------------------------------------------------------------ greedy play


def test_greedy_takes_a_useful_upcard_and_knocks_at_once():
    """002 Gin's hand: 8H 9H 10H, 2S 2D 2C, 5C 6C 7C and KS (deadwood 10). The upcard 8S
    lowers it to 8 after discarding the king, and 8 is under 10: take it and knock."""
    gin = load("gin")
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                       "QS QD QC 3D 4D 5D JH 7H AC 3S"], upcard="8S")
    g = rulespec.new_game(gin, players=2, deck=deck).deal_on()
    bot = GreedyAgent(seed=0)
    assert bot.choose(g, 0).text == "draw discard"
    g.apply("draw discard")
    assert bot.choose(g, 0).text == "knock KS"
    g.apply("knock KS")
    while g.current_player() == 0 and g.phase == "knock":
        g.apply(bot.choose(g, 0))
    assert sorted(len(m.cards) for m in g.table) == [3, 3, 3]  # every meld laid, 8S kept out
    # the defender lays off JH and 7H on the hearts before melding (the source's example)
    laid = []
    while not g.results:
        a = bot.choose(g, g.current_player())
        if a.kind == "lay off":
            laid.append(a.text)
        g.apply(a)
    assert sorted(laid) == ["lay off 7H on 1", "lay off JH on 1"]
    assert g.results[-1].reason == "undercut"


def test_greedy_lays_down_a_whole_hand_and_goes_out_rummy():
    """001: going out in one turn without melding before is going rummy."""
    basic = load("basic")
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                                         "2H 4H 6H 8H 10H 2D 4D 6D 8D KC"], upcard="QC", stock=["JD"])
    g = rulespec.new_game(basic, players=2, deck=deck).deal_on()
    bot = GreedyAgent(seed=0)
    while not g.results:
        g.apply(bot.choose(g, 0))
        g.deal_on()
    r = g.results[-1]
    assert r.reason == "went out" and r.winner == 0 and r.rummy


@pytest.mark.slow
@pytest.mark.parametrize("name", ["push", "continental", "rummy51", "romme"])
def test_greedy_goes_down_as_soon_as_it_can_meet_the_opening(name):
    """Whenever the opening is due and a meld towards it is legal, the greedy agent lays
    one (waiting for a better opening let a Push hand grow to forty cards, pushed two at
    a time, with every decision a search of the whole hand)."""
    from rulespec.engine import actions as A

    v = load(name)
    seen = 0
    for seed in range(3):
        g = rulespec.new_game(v, seed=seed)
        bots = [GreedyAgent(seed=s) for s in range(g.n)]
        moves = 0
        while not g.is_over() and moves < 600:
            if g.is_chance():
                g.apply_chance()
                continue
            p = g.current_player()
            a = bots[p].choose(g, p)
            if (g.phase == "play" and g.opening_due(p) and not GreedyAgent._stuck(g)
                    and any(x.kind == A.MELD for x in g.legal_actions())):
                assert a.kind == A.MELD, (name, seed, moves, str(a))
                seen += 1
            g.apply(a)
            moves += 1
    assert seen > 0


def test_greedy_passes_a_useless_upcard():
    gin = load("gin")
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C 3S"], upcard="KD")
    g = rulespec.new_game(gin, players=2, deck=deck).deal_on()
    assert GreedyAgent(seed=0).choose(g, 0).text == "pass"


@pytest.mark.slow
def test_greedy_never_shows_wrongly():
    """Indian rummy's wrong show costs 80: the greedy agent shows only a valid hand."""
    v = load("indian-points")
    shows = wrong = 0
    for seed in range(8):
        o = play_game(v, seed=seed, players=3, agents=("greedy",), check_every=0)
        assert o.failure is None, o.message
        shows += sum(h.reason == "show" for h in o.hands)
        wrong += o.events.get("wrong shows", 0)
    assert shows > 0 and wrong == 0


def test_greedy_beats_random_at_gin():
    v = load("gin")
    wins = 0
    for seed in range(6):
        o = play_game(v, seed=seed, agents=("greedy", "random"), check_every=0)
        assert o.finished
        wins += o.winners == (0,)
    assert wins == 6
