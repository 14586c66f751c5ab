"""Cards that may not be melded (`melds: 3s may not be melded`, `3s may not be in runs`,
`black 3s may be melded only when going out`).

Sources: Canasta (pagat.com/rummy/canasta.html): "Black threes may only be melded when
going out, as a meld of three or four black threes, without wild cards"; Hand and Foot
(pagat.com/rummy/handfoot.html): threes are never melded; Samba (pagat.com/rummy/samba.html):
sequences run from four up to the ace, and threes are never in them."""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import parse_cards as C
from rulespec.engine import IllegalMove, new_game
from rulespec.engine.invariants import barred_on_table, problems
from rulespec.engine.search import readings_of
from rulespec.engine.views import TableMeld
from rulespec.melds import best_arrangement, deadwood
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.rulebook.prose import changed

from conftest import brute_force, house, house_problems, LITTLE_CANASTA, random_walk, ROOT

#: the little Canasta of conftest, where red threes are bonus cards and black threes go
#: down only when going out
CANASTA = LITTLE_CANASTA.replace('"Little Canasta"', '"Little Canasta with black threes"').replace(
    "          one set of each rank per side\n",
    "          one set of each rank per side\n"
    "          black 3s may be melded only when going out without wild cards\n"
    "bonus cards: red 3s; each scores 100; all 4 score 800\n"
    "             count against a side that has not melded\n")

#: Rummy 51 (two packs, jokers wild, runs) with Hand and Foot's and Samba's rules
NO_BLACK_THREES = ("melds: black 3s may not be melded",)
SAMBA_RUNS = ("aces: high", "melds: 3s may not be in runs")


@pytest.fixture(scope="module")
def canasta():
    return rulespec.compile_text(CANASTA, name="little-canasta.rules")


@pytest.fixture(scope="module")
def black():
    return house("rummy51", *NO_BLACK_THREES)


@pytest.fixture(scope="module")
def samba():
    return house("rummy51", *SAMBA_RUNS)


def _kinds(v, cards: str) -> list[str]:
    m = v.classify_meld(C(cards))
    return [] if m is None else [str(r) for r in m.readings]


def test_the_phrases_set_the_rules(canasta, black, samba):
    assert canasta.ruleset.melds.going_out_only == ("3S", "3C")
    assert black.ruleset.melds.barred == ("3S", "3C")
    assert samba.ruleset.melds.barred_runs == ("3S", "3H", "3D", "3C")
    assert house("rummy51", "melds: 3s may not be melded").ruleset.melds.barred == (
        "3S", "3H", "3D", "3C")
    assert house("rummy51", "melds: 3H 3D may not be melded").ruleset.melds.barred == ("3H", "3D")
    assert rulespec.load("variants/rummy51.rules").ruleset.melds.barred == ()


def test_a_barred_card_is_in_no_meld_and_no_wild_card_stands_for_it(black):
    assert _kinds(black, "3S 3H 3D") == []  # a natural black three
    assert _kinds(black, "2S 3S 4S") == []
    assert _kinds(black, "2S JK 4S") == []  # the joker could only be the 3S
    assert _kinds(black, "2H JK 4H") == ["run 2-3-4♥ (JK=3H)"]  # a red three is not barred
    # a set of a rank with barred cards takes no wild card (it might stand for one)
    assert _kinds(black, "3H 3D JK") == []
    assert _kinds(black, "JK 4S 5S") == ["run 4-5-6♠ (JK=6S)"]  # not the 3S below


def test_threes_are_never_in_runs_and_a_run_stops_at_the_ace(samba):
    assert _kinds(samba, "4H 5H 6H") == ["run 4-5-6♥"]
    assert _kinds(samba, "2H 3H 4H") == []
    assert _kinds(samba, "QH KH AH") == ["run Q-K-A♥"]
    assert _kinds(samba, "JK 4H 5H") == ["run 4-5-6♥ (JK=6H)"]
    assert _kinds(samba, "3H 3D 3C") == ["set of 3s"]  # sets of threes are still melds
    assert _kinds(samba, "3H 3D JK") == ["set of 3s (JK=3)"]


def test_the_solver_leaves_barred_cards_as_deadwood(black, samba):
    arr = best_arrangement(black.ruleset, C("2S 4S JK 3S 3C 9H 9D 9C"))
    assert sorted(map(str, arr.melds)) == ["9♥ 9♦ 9♣ JK"]  # not 2S-JK-4S: JK is no 3S
    assert sorted(arr.deadwood) == sorted(C("2S 4S 3S 3C"))
    arr = best_arrangement(samba.ruleset, C("2H JK 4H 5H 6H"))
    assert [str(m) for m in arr.melds] == ["4♥ 5♥ 6♥ JK"]
    # the table route (no wild card, no second copy) sends a hand with a barred card on
    plain = rulespec.load("variants/rummy51.rules").ruleset
    assert deadwood(plain, C("3S 3H 3D 4S 5S")) == 6
    assert deadwood(black.ruleset, C("3S 3H 3D 4S 5S")) == 18


def _position(v, hand: str, table: list, opened: bool = True):
    """Seat 0 to play, holding ``hand``; ``table``: (owner, cards[, reading]) melds."""
    g = new_game(v, seed=3).deal_on()
    g.player = g.turn = 0
    while g.phase.name != "PLAY":
        g.play("draw stock").deal_on() if "draw stock" in g.legal_strings() else g.play("pass")
    g.player = g.turn = 0
    g.opened = [opened] * g.n
    g.hands[0] = C(hand)
    melds = []
    for i, (owner, cards, *reading) in enumerate(table, 1):
        melds.append(TableMeld(i, owner, C(cards),
                               reading[0] if reading else readings_of(g.rules, C(cards))[0]))
    g.table = melds
    g._legal_map = g._legal = None
    return g


def _melds(g) -> list[str]:
    return [s for s in g.legal_strings() if s.startswith("meld")]


def test_black_threes_go_down_only_by_the_meld_that_goes_out(canasta):
    # Canasta: "Black threes may only be melded when going out, as a meld of three or
    # four black threes, without wild cards"
    g = _position(canasta, "3S 3C 3S 9D", [(0, "KD KS KH")])
    assert _melds(g) == ["meld 3S 3S 3C"]  # leaves the final discard
    g = _position(canasta, "3S 3C 3S 3C", [(0, "KD KS KH")])
    # three of them and the last one discarded, or all four
    assert sorted(_melds(g)) == ["meld 3S 3C 3C", "meld 3S 3S 3C", "meld 3S 3S 3C 3C"]
    g.apply("meld 3S 3S 3C 3C")
    assert g.results[-1].winner == 0 and g.results[-1].reason.name == "WENT_OUT"


def test_black_threes_are_refused_when_the_meld_does_not_go_out(canasta):
    g = _position(canasta, "3S 3C 3S 9D 9H", [(0, "KD KS KH")])
    assert _melds(g) == []
    with pytest.raises(IllegalMove, match="may be melded only when going out"):
        g.apply("meld 3S 3C 3S")
    g = _position(canasta, "3S 3C 3S 9D", [(0, "KD KS KH")], opened=False)
    assert _melds(g) == []  # not before opening


def test_a_wild_card_cannot_join_the_black_threes(canasta):
    g = _position(canasta, "3S 3C JK", [(0, "KD KS KH")])
    assert _melds(g) == []
    with pytest.raises(IllegalMove, match="3S 3C may not be melded except as a set"):
        g.apply("meld 3S 3C JK")


def test_a_barred_card_is_not_laid_off(black, canasta):
    g = _position(black, "3S 9D 4H KC", [(0, "4S 5S 6S"), (0, "7H 7D 7C")])
    lay = [s for s in g.legal_strings() if s.startswith("lay off")]
    assert not any("3S" in s for s in lay)
    with pytest.raises(IllegalMove, match="3S may not be melded, nor laid off"):
        g.apply("lay off 3S on 1")
    # nor onto a set of black threes laid when going out (one more turn for the others)
    threes = Reading("set", rank=2)
    g = _position(canasta, "3S 9D 4H", [(1, "3S 3C 3C", threes)])
    assert not any("3S" in s for s in g.legal_strings() if s.startswith("lay off"))


def test_the_stalemate_counts_on_the_black_threes_that_may_still_go_out(canasta):
    """Few cards left: three black threes in play could still make the set that goes
    out, so nobody-can-go-out is not proved; two could not."""
    g = _position(canasta, "3S 4H", [(0, "KD KS KH")])
    g.hands[1:] = [C("5D"), C("6C"), C("7S")]
    g.stock, g.discards = C("3C"), C("3S 8D")
    assert g._could_meld_off_table(3)
    g.discards = C("9S 8D")
    assert not g._could_meld_off_table(3)


def _barred_melds(g) -> list[str]:
    """Table melds holding a barred card or a wild card standing for one (read from the
    rules' card names, not from the meld code's tables), but for a set of cards melded
    only when going out (and nothing else) whose owner went out."""
    m_rules = g.ruleset.melds
    never = set(C(" ".join(m_rules.barred + m_rules.going_out_only)))
    runs = never | set(C(" ".join(m_rules.barred_runs)))
    out_only = set(C(" ".join(m_rules.going_out_only)))
    out = []
    for m in g.table:
        bar = runs if m.reading.kind == "run" else never
        naturals = list(m.cards)
        for w, _ in m.reading.wilds:
            naturals.remove(w)
        stands = [s for _, s in m.reading.wilds if s is not None]
        rank_barred = any(c % 13 == m.reading.rank for c in never) if m.reading.rank is not None \
            else False
        if m.reading.kind == "set" and m.reading.wilds and rank_barred:
            out.append(str(m.cards))
        elif any(c in bar for c in naturals + stands):
            own = not m.reading.wilds and all(c in out_only for c in m.cards)
            if not (own and len(g.hands[m.owner]) <= 1):
                out.append(str(m.cards))
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), which=st.sampled_from(["canasta", "black", "samba"]))
def test_no_meld_on_the_table_ever_holds_a_barred_card(seed, which, canasta, black, samba):
    """Random play: no table meld ever holds a barred card (or a wild card standing for
    one), but for a set of black threes laid by the meld that went out."""
    v = {"canasta": canasta, "black": black, "samba": samba}[which]
    for g in random_walk(v, None, seed, 600):
        assert not _barred_melds(g), _barred_melds(g)
        assert not barred_on_table(g)
    assert not problems(g), problems(g)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(hand=st.lists(st.sampled_from(C("2S 3S 4S 5S 6S 2H 3H 4H 5H 3C 3D AH KH QH JK 7C 7D 7H")),
                     min_size=3, max_size=9), which=st.sampled_from(["black", "samba"]))
def test_the_solver_never_melds_a_barred_card(hand, which, black, samba):
    v = {"black": black, "samba": samba}[which]
    arr = best_arrangement(v.ruleset, hand)  # every meld is classified, or it raises
    m_rules = v.ruleset.melds
    for m in arr.melds:
        for rd in m.readings:
            barred = set(C(" ".join(m_rules.barred + (m_rules.barred_runs if rd.kind == "run"
                                                       else ()))))
            acting = [w for w, _ in rd.wilds]
            assert not any(c in barred for c in m.cards if c not in acting)
            assert not any(s in barred for _, s in rd.wilds)
    assert deadwood(v.ruleset, hand) == arr.deadwood_points


AROUND = ("aces: round the corner", "melds: black 7s may not be in runs")
POOL = C("AS 2S 3S 4S 5S 6S 7S 8S QS KS AH 2H 3H 4H 5H 3C 7C 3D JK JK")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(idx=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=8, unique=True),
       which=st.sampled_from(["black", "samba", "around"]))
def test_the_solver_matches_brute_force_with_barred_cards(idx, which, black, samba):
    v = {"black": black, "samba": samba, "around": _around()}[which]
    hand = [POOL[i] for i in idx]
    assert best_arrangement(v.ruleset, hand).deadwood_points == brute_force(v.ruleset, hand)


@lru_cache(maxsize=None)
def _around():
    return house("rummy51", *AROUND)


@pytest.mark.parametrize("lines,code,anchor", [
    (("melds: black 3s may not be melded", "melds: 3s may be melded only when going out"),
     "E325", "named both"),
    (("wild: 3s", "melds: 3s may not be melded"), "E325", "would be wild cards"),
    (("deck: 2 packs without 3s", "melds: 3s may not be melded"), "E325", "not in the deck"),
    (("melds: 3s may be melded only when going out", "going out: not allowed"), "E326",
     "going out is not allowed"),
    (("melds: red 3s may be melded only when going out",), "E326", "at most 2"),
    (("melds: no runs; 3s may not be in runs",), "E327", "there are no runs"),
    (("melds: no sets; runs of 13 cards; 3s may not be in runs",), "E327", "no run is left"),
])
def test_rules_that_clash_are_errors(lines, code, anchor):
    diags = house_problems("rummy51", *lines)
    assert any(d.code == code and anchor in d.message for d in diags), [
        (d.code, d.message) for d in diags]


def test_the_page_says_it_in_the_melds_section(canasta, samba):
    page = " ".join(render_page(canasta).split())
    melds = page[page.index("## Melds"):]
    # Canasta: "as a meld of three or four black threes": two packs hold four of them
    assert ("**Black threes may be melded only when going out**: as a set of three or four "
            "of them alone, with no wild card, laid by the meld that ends your hand (or leaves "
            "only the card you discard), once you have opened, or as the last meld of the "
            "turn in which you open (they count towards the opening).") in melds
    page = " ".join(render_page(samba).split())
    assert "**Threes may not be in a run**, and no wild card may stand for one there" in page


def test_a_house_rule_says_the_change(black):
    base = rulespec.load("variants/rummy51.rules").ir
    assert changed(changes(base, black.ir), base, black.ir) == (
        "Black threes may not be melded, nor laid off.")


def test_a_canasta_like_game_plays_to_the_end_with_every_agent(tmp_path):
    """The simulator, as a user runs it, on a file outside the variants folder."""
    path = tmp_path / "canasta-like.rules"
    path.write_text(CANASTA)
    for agents, n in (("random", "4"), ("greedy", "1")):
        out = subprocess.run([sys.executable, "-m", "rulespec", "simulate", str(path), "-n", n,
                              "--agents", agents, "--workers", "1", "-q"], cwd=ROOT,
                             capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        assert "invariant failures 0 · safety-limit hits 0 · errors 0" in out.stdout, out.stdout
