"""A file that `rulespec check` accepts builds its page and plays to the end (issue 13,
items 5-9): one regression test per cause found, each failing before its fix.

The property test over generated and mutated files is in ``test_playable_property.py``.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import permutations

import pytest

import rulespec
from rulespec import cards as C
from rulespec.melds import distinct as D
from rulespec.melds import hand as H
from rulespec.melds.classify import readings as reference_readings
from rulespec.melds.context import rules_for
from rulespec.melds.distinct import distinct_readings, pair_up
from rulespec.rulebook import render_page
from rulespec.sim.runner import play_game

from conftest import VARIANTS
from playable_cases import time_limit


def house(parent: str, *lines: str) -> rulespec.Variant:
    """A house rule over a shipped variant, compiled from text."""
    text = "\n".join(['variant "House"', f'extends "{parent}"', *lines]) + "\n"
    return rulespec.compile_text(text, name="house.rules", base_dir=VARIANTS)


def codes(*cards: str) -> list[int]:
    return [int(c) for c in rulespec.parse_cards(" ".join(cards))]


def assert_plays(variant, games: int = 2, **kw) -> None:
    """Random and greedy games finish with every invariant holding."""
    for agent in ("random", "greedy"):
        for i in range(games):
            out = play_game(variant, seed=1000 + i, agents=(agent,), index=i, **kw)
            assert out.finished and out.failure is None, (agent, i, out.failure, out.message)


# ------------------------------------------------------------------ item 5: many wild cards


def test_melds_of_a_hand_of_wild_cards_are_found_quickly():
    """Push's all-wild hand: each all-wild run was read once per order of its wild cards
    (9 wild cards: 25 s; 10: 93 s)."""
    rules = rules_for(rulespec.load(VARIANTS / "push.rules").ruleset)
    with time_limit(10, "the melds of the hand"):
        melds = H.hand_melds(rules, codes("JK JK JK JK 2S 2S 2H 2H 2D 2D 2C"))
    # 11367 before a set of 2s stopped being offered for wild cards alone (2s are wild)
    assert len(melds) == 11300


def test_wild_cards_standing_for_themselves_are_paired_quickly():
    """Every rank wild and standing for itself: the pairing of wild cards to places tried
    every permutation (a legal-move list of a hand of 11 took over 70 s)."""
    # the rules E361 now refuses, built directly
    rs = rulespec.load(VARIANTS / "basic.rules").ruleset
    rules = rules_for(dataclasses.replace(rs, wilds=dataclasses.replace(
        rs.wilds, ranks=tuple(C.RANKS), as_natural="always")))
    with time_limit(20, "the melds of the hand"):
        melds = H.hand_melds(rules, [8, 48, 16, 31, 30, 24, 6, 1, 27, 44, 14])
    assert len(melds) == 54288


def _brute_pair_up(rules, wilds, places):
    best = None
    for order in set(permutations(sorted(wilds))):
        ps = tuple(sorted(zip(order, places)))
        if any(w == s and w in rules.dual for w, s in ps):
            continue
        if best is None or ps < best:
            best = ps
    return best


def test_pair_up_is_the_smallest_allowed_pairing():
    class R:
        dual = frozenset()

    rnd = random.Random(1)
    for _ in range(3000):
        r = R()
        r.dual = frozenset(rnd.sample(range(8), rnd.randint(0, 8)))
        n = rnd.randint(1, 6)
        wilds = tuple(rnd.choice(range(8)) for _ in range(n))
        places = sorted(rnd.sample(range(8), n))
        expected = _brute_pair_up(r, wilds, places)
        assert pair_up(r, wilds, places) == expected, (r.dual, wilds, places)


@pytest.mark.parametrize("name", ["push", "continental", "indian-points", "romme",
                                  "house/push-three-and-seven"])
def test_distinct_readings_agree_with_the_reference(name):
    """The fast readings are the reference's, up to wild cards trading places."""
    v = rulespec.load(VARIANTS / f"{name}.rules")
    rnd = random.Random(name)
    for wild in (None, 5, C.JOKER):
        rules = rules_for(v.ruleset, wild)
        wilds = [c for c in range(53) if rules.is_wild(c)] or [C.JOKER]
        for _ in range(300):
            naturals = [0, 1, 2, 3, 4, 13, 14, 17, 26]
            group = tuple(sorted(rnd.choice(wilds) if rnd.random() < 0.4 else rnd.choice(naturals)
                                 for _ in range(rnd.randint(3, 6))))
            assert (D._in_order(D._dedupe(distinct_readings(rules, group)))
                    == D._in_order(D._dedupe(reference_readings(rules, group)))), group


# ------------------------------------------------------------------ item 6: jokers not wild


def test_a_hand_holding_a_joker_that_is_not_wild_has_melds_without_it():
    v = house("gin", "deck: 1 pack, 2 jokers", "values: jokers = 20")
    rules = rules_for(v.ruleset)
    melds = H.hand_melds(rules, codes("JK AS AH AD 2S 3S"))
    assert melds and all(C.JOKER not in cards for cards, _ in melds)
    assert sorted(len(cards) for cards, _ in melds) == [3, 3]


@pytest.mark.parametrize("parent", ["gin", "basic"])
def test_jokers_that_are_not_wild_play_to_the_end(parent):
    """Every game crashed with IndexError when a hand held a joker that is not wild."""
    assert_plays(house(parent, "deck: 1 pack, 2 jokers", "values: jokers = 20"), max_hands=3)


# ------------------------------------------------------------------ item 7: the starter's hand size


@pytest.mark.parametrize("lines", [
    ["deal: 10 cards each; 1 extra card to starting player"],
    ["draw: from the stock or the discard pile; no draw on first turn"],
    ["deal: 10 cards each; 1 extra card to starting player",
     "draw: from the stock or the discard pile; no draw on first turn"],
], ids=["extra card", "no first draw", "both"])
def test_the_starters_hand_size_follows_the_deal_and_the_first_turn(lines):
    """The invariant held every hand to the deal size: the starter's extra card, and the
    first turn played without a draw, broke it in every game (the engine played the rules
    as written; the invariant was wrong)."""
    assert_plays(house("gin", *lines), games=3, max_hands=2)


# ------------------------------------------------- item 8: wild cards taken before opening


def without(name: str, line: str) -> rulespec.Variant:
    """A shipped variant with one line taken out."""
    text = (VARIANTS / f"{name}.rules").read_text(encoding="utf-8")
    assert line in text
    return rulespec.compile_text(text.replace(line, ""), name=f"{name}.rules", base_dir=VARIANTS)


@pytest.mark.parametrize("name,line", [
    ("continental", "         only after going down\n"),
    ("push", "          only after opening\n"),
], ids=["continental", "push"])
def test_a_wild_taken_before_opening_can_be_played_again(name, line):
    """Without `only after opening`, a player who had not opened could take a wild card
    it could then meld only in an opening it could not finish: no legal move was left."""
    v = without(name, line)
    for seed in range(4):
        out = play_game(v, seed=seed, agents=("random",), index=seed, max_hands=2)
        assert out.failure is None, (seed, out.message)


# ------------------------------------------------------------------ item 9: pages of odd Gin rules


@pytest.mark.parametrize("line", [
    "melding: whole hand at once in rounds 1+",
    "knock: no lay off",
    "show: at least 3 runs",
])
def test_odd_gin_rules_build_their_page(line):
    """`rulespec build` failed with a traceback: rules with nothing to say while melds stay
    in hand (or without lay-offs) were never read by the page, so it refused to render."""
    from rulespec.rulebook import render_page

    assert "# House" in render_page(house("gin", line))


def test_a_show_of_more_runs_than_the_hand_holds_is_an_error():
    """`show: at least 10 runs` on Gin crashed the page (the show example ran out of runs)
    and could never be played: 10 runs of 3 need 30 cards, a hand has 10."""
    with pytest.raises(rulespec.SpecError) as e:
        house("gin", "show: at least 10 runs")
    d = e.value.diagnostics[0]
    assert (d.code, d.line, d.hint) == ("E360", 3, "ask for at most 3 runs, or deal more cards")


def test_every_rank_wild_is_rejected_with_the_reason():
    """Every rank wild compiled without a word and then took over 15 s per legal-move list."""
    with pytest.raises(rulespec.SpecError) as e:
        house("basic", "wild: As, 2s, 3s, 4s, 5s, 6s, 7s, 8s, 9s, 10s, Js, Qs, Ks; "
                       "wilds may stand for themselves")
    assert e.value.diagnostics[0].code == "E361"
    assert "20,000" in e.value.diagnostics[0].message


# ------------------------------------------------------------------ found by the property test


def test_a_hand_nobody_can_end_under_no_new_melds_is_a_stalemate():
    """Both players opened, nothing on the table takes a card, and no new melds after
    opening: the hand went on for ever (greedy games hit the 100,000-move limit)."""
    v = house("basic", "melding: no new melds after going down")
    for seed in range(3):
        out = play_game(v, seed=seed, agents=("greedy",), index=seed, max_hands=1,
                        max_hand_actions=5_000)
        assert out.failure is None, (seed, out.message)


def test_a_stalemate_needs_only_that_everyone_has_gone_down_where_no_new_melds_follow():
    """Found by the property test (CI, stop 22): Continental with its stock rule taken out
    reuses the pile without limit. Once every player had gone down, the table held every
    card of its ranks and no card left could be laid off, so nobody could ever go out; but
    May I claims let hands grow, the stalemate rule did not look, and random games hit the
    100,000-move limit. A player who has gone down lays no new meld however many cards
    they hold, so the hand is over."""
    text = (VARIANTS / "continental.rules").read_text(encoding="utf-8")
    stock = text[text.index("stock:"):text.index("\n\n", text.index("stock:"))]
    v = rulespec.compile_text(text.replace(stock, ""), name="continental.rules", base_dir=VARIANTS)
    assert v.ruleset.turn.claims is not None and v.ruleset.stock.times is None
    endings = []
    for seed in range(3):
        out = play_game(v, seed=seed, agents=("random",), index=seed, max_hands=1,
                        max_hand_actions=5_000)
        assert out.failure is None, (seed, out.message)
        endings.append(out.hands[0].reason)
    assert "stalemate" in endings
    page = " ".join(render_page(v).split())
    assert ("When every player has gone down, or no new meld can be made even of all the cards "
            "left off the table together, and no card left off the table fits") in page


def test_an_opening_of_a_contract_and_points_is_an_error():
    """Push's contracts with `melds worth at least 51` left a player who had laid the
    contract short of the points with no legal move."""
    with pytest.raises(rulespec.SpecError) as e:
        house("push", "opening: melds worth at least 51")
    assert e.value.diagnostics[0].code == "E362"


def test_a_game_for_one_player_is_an_error():
    """Indian Rummy with `players: 1-6` broke an invariant in its first game."""
    with pytest.raises(rulespec.SpecError) as e:
        house("indian-points", "players: 1-6")
    assert "E315" in {d.code for d in e.value.diagnostics}  # game_checks: at least 2 players


@pytest.mark.parametrize("parent", ["basic", "romme"])
def test_pushing_with_an_endless_stock_is_an_error(parent):
    """Pushing over a stock rebuilt without limit: hands grew until games hit the
    100,000-move limit of a hand."""
    with pytest.raises(rulespec.SpecError) as e:
        house(parent, "draw: from the discard pile or push")
    assert e.value.diagnostics[0].code == "E364"


def test_pushing_with_a_stock_reused_twice_is_an_error():
    """Found by the soak: pushing over a stock turned over twice still gave a hand of
    over 100,000 moves."""
    with pytest.raises(rulespec.SpecError) as e:
        house("house/basic-restock-twice", "draw: from the discard pile or push")
    assert e.value.diagnostics[0].code == "E364"


def test_a_show_while_melds_go_on_the_table_is_an_error():
    """Found by the soak: Indian Rummy with its melds laid on the table: a greedy player
    who had melded could never show, and the hand went on for ever."""
    text = (VARIANTS / "indian-points.rules").read_text(encoding="utf-8")
    line = "         kept in hand until the hand ends     # shown all at once in the show\n"
    assert line in text
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text.replace(line, ""), name="indian-points.rules", base_dir=VARIANTS)
    assert "E360" in {d.code for d in e.value.diagnostics}
