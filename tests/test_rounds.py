"""Rules by round (#15 item 10): ``in round 7: may i: 2 penalty cards`` gives a
section's rules for some rounds only. The compiler makes a whole, checked ruleset for each
stretch of rounds; the game keeps the sections that differ (``Ruleset.by_round``), the
engine plays each hand by ``Ruleset.for_round(n)``, and the page says the rules by round."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.agents import make_agent
from rulespec.engine.state import new_game
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import VARIANTS

HOUSE = VARIANTS / "house" / "california-last-hand-dear-buys.rules"
BASE = '''variant "Rounds"
players: 2-4
deal:    7 cards each
values:  A = 1; 2-10 = face value; J Q K = 10
draw:    from the stock or the discard pile
going out: with or without final discard
scoring: losers score penalty points
game:    4 deals; lowest wins
'''


def _compile(extra: str):
    return rulespec.compile_text(BASE + extra, name="x.rules")


def test_a_rule_for_one_round_holds_in_that_round_only():
    rs = _compile("in round 4: going out: only without discard\n").ruleset
    assert [rs.for_round(n).going_out.final_discard for n in (1, 2, 3, 4)] == \
        ["optional"] * 3 + ["forbidden"]
    assert rs.going_out.final_discard == "optional"  # the game's own rules are unchanged
    assert rs.for_round(1) is rs and rs.for_round(4) is rs.for_round(4)  # built once


def test_overlapping_ranges_combine_and_the_later_line_wins():
    rs = _compile("in rounds 2-4: may i: 2 penalty cards\n"
                  "in round 4: may i: 1 penalty card; at most 1 buy per hand\n"
                  "in rounds 3+: melding: 1 meld per turn\n").ruleset
    claims = [rs.for_round(n).turn.claims for n in (1, 2, 3, 4)]
    assert claims[0] is None
    assert (claims[1].penalty, claims[2].penalty, claims[3].penalty) == (2, 2, 1)
    assert claims[3].per_hand == 1 and claims[2].per_hand is None
    assert [rs.for_round(n).turn.melds_per_turn for n in (1, 2, 3, 4)] == [None, None, 1, 1]


def test_the_old_round_phrases_still_work_beside_the_new_form():
    v = _compile("in round 2: deal: 8 cards each\n")
    assert v.ruleset.for_round(2).deal.hand_size(2, 2) == 8
    assert v.ruleset.for_round(1).deal.hand_size(2, 1) == 7
    old = rulespec.compile_text(BASE.replace("7 cards each",
                                             "7 cards each in round 1; 8 cards each in rounds 2-4"),
                                name="y.rules")
    assert old.ruleset.deal.hand_size(2, 2) == 8 and not old.ruleset.by_round


def test_the_ir_keeps_only_the_sections_that_differ():
    ir = _compile("in round 4: going out: only without discard\n").ir
    assert ir["by_round"] == [{"rounds": {"min": 4, "max": 4},
                               "rules": {"going_out": {"final_discard": "forbidden",
                                                       "last_turns": False, "long": None,
                                                       "bonus_each": False, "ask": None}}}]


def test_the_page_says_the_rules_by_round():
    page = render_page(rulespec.load(HOUSE))
    assert "## Rules by round" in page
    assert ("- **Round 7.** Players may claim a discard out of turn (“May I?”: two penalty cards "
            "instead of one penalty card; nearest player first; no melding until the next turn; "
            "at most 1 per player per hand).") in page
    assert "## Rules by round" not in render_page(rulespec.load(VARIANTS / "california.rules"))


def test_rulespec_diff_says_a_rule_by_round():
    base, house = (rulespec.load(VARIANTS / "california.rules").ir, rulespec.load(HOUSE).ir)
    said = [str(c) for c in changes(base, house)]
    assert said == ["Rules by round: Round 7: “May I?” claims: two penalty cards; nearest player "
                    "first; no melding until the next turn; at most 1 per player per hand instead "
                    "of the same in every round"]


def _play(variant, seed: int, stop_round: int) -> list[str]:
    """A greedy game's moves up to the start of ``stop_round`` (or its end)."""
    g = new_game(variant, players=3, seed=seed)
    bots = [make_agent("greedy", seed=s) for s in range(3)]
    while not g.is_over() and g.round < stop_round:
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(bots[g.current_player()].choose(g, g.current_player()))
    return list(g.history)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_rule_switched_on_in_the_last_round_changes_play_only_there(seed):
    """The same seeded game of California Rummy with and without the last-hand rule is
    move for move the same until the seventh hand; in it, a buy costs two cards."""
    plain, house = rulespec.load(VARIANTS / "california.rules"), rulespec.load(HOUSE)
    assert _play(plain, seed, 7) == _play(house, seed, 7)
    g = new_game(house, players=3, seed=seed)
    bots = [make_agent("greedy", seed=s) for s in range(3)]
    while not g.is_over() and g.round < 7:
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(bots[g.current_player()].choose(g, g.current_player()))
        assert g.ruleset.turn.claims.penalty == (2 if g.round == 7 else 1)
    assert g.round == 7 and g.game_rules.turn.claims.penalty == 1


def test_no_may_i_in_the_last_three_hands_is_a_rule_by_round():
    """Continental's regional variation (source 002, "Rule Variations"), said with
    `may i: none` in a rule by round: claims in hands 1-4, none in 5-7, and no game of
    those hands offers the claim."""
    v = rulespec.load(VARIANTS / "house" / "continental-no-may-i-late.rules")
    claims = [v.ruleset.for_round(n).turn.claims for n in range(1, 8)]
    assert all(c is not None for c in claims[:4]) and claims[4:] == [None] * 3
    g = new_game(v, players=4, seed=3)
    seen = set()
    while not g.is_over() and g.round <= 7:
        if g.is_chance():
            g.apply_chance()
            continue
        legal = g.legal_strings()
        if "may i" in legal:
            seen.add(g.round)
        g.apply(make_agent("greedy", seed=1).choose(g, g.current_player()))
    assert seen and max(seen) <= 4, seen


def test_a_wild_rank_by_round_scores_each_hand_by_its_own_round():
    """Found by a Three Thirteen trial (a new wild rank each round): the invariants counted
    every past hand by the current round's wild cards, so each game failed. Each hand's
    count is checked against its own round's rules now."""
    v = _compile("wild: threes\nin round 2: wild: fours\nin round 3: wild: fives\n"
                 "in round 4: wild: sixes\nscoring: count unmatched cards\n")
    assert [v.ruleset.for_round(n).wilds.ranks for n in (1, 2, 4)] == [("3",), ("4",), ("6",)]
    for seed in range(8):
        out = play_game(v, seed=seed, agents=("greedy",), check_every=1)
        assert out.finished and out.failure is None, out.message


def test_rules_for_the_game_that_no_round_plays_are_not_checked_alone():
    """Found by a Three Thirteen trial: every round named its own wild rank, and a limit on
    wild cards for the whole game was refused (E324: "the rules have none"), though no
    round is played without wild cards. A round left without them is still refused."""
    every = "".join(f"in round {n}: wild: {r}\n" for n, r in
                    ((1, "threes"), (2, "fours"), (3, "fives"), (4, "sixes")))
    v = _compile("wild: all-wild melds allowed\n" + every)
    assert v.ruleset.for_round(3).wilds.ranks == ("5",)
    with pytest.raises(rulespec.SpecError) as e:
        _compile("wild: all-wild melds allowed\n" + every.replace("in round 4: wild: sixes\n", ""))
    (d,) = [d for d in e.value.diagnostics if d.code == "E324"]
    assert "the rules have none" in d.message


def test_a_contract_larger_than_the_hand_is_refused_unless_buys_can_bring_the_cards():
    """Found by a Shanghai trial: 11 cards dealt and three runs of four (12 cards) in a
    late round, met by buying ("buying discards will be required"). E322 counts what the
    claims may bring: without a limit a hand can grow to any contract."""
    big = "melds: runs of 3+ cards in the same suit\nopening: round 1: 3 runs of 4\n"
    with pytest.raises(rulespec.SpecError) as e:
        _compile(big)
    assert "asks for 12 cards in melds but a hand holds only 7" in str(e.value)
    assert _compile(big + "may i: 1 penalty card from stock\n").ruleset.turn.claims is not None
    with pytest.raises(rulespec.SpecError) as e:
        _compile(big + "may i: 1 penalty card; at most 1 buy per hand\n")
    assert "(and one drawn, and 2 bought)" in str(e.value)
    assert _compile(big + "may i: 1 penalty card; at most 2 buys per hand\n")
