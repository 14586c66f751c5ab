"""Each variant's compiled rules carry its rule source's numbers (cited per test).

Sources are in ../shared/rules-sources/: 000 Push, 001 Basic + Indian, 002 Gin + Continental,
003 Indian + Basic (full) + Block + Wrotham + Rummy 51 + Rommé, 004 Push.
"""

from __future__ import annotations

import pytest

import rulespec
from rulespec.ruleset import Between, Requirement

from conftest import VARIANTS, variant_files, variant_id


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_variant_compiles_without_warnings(path):
    assert rulespec.load(path).warnings == ()


@pytest.mark.parametrize("path", sorted(VARIANTS.glob("*.rules")), ids=lambda p: p.stem)
def test_every_variant_file_opens_by_naming_its_rule_source(path):
    head = path.read_text(encoding="utf-8").split("variant ")[0]
    assert "../shared/rules-sources/0" in head


def test_gin_follows_source_002():
    """002: ten cards; knock when deadwood is less than 10; gin 30; big gin 50; undercut 10,
    ties to the responding player; ace 1, faces 10; game to 100."""
    r = load("gin").ruleset
    assert (r.players, r.deck.size(2), r.deal.hand_size(2)) == (Between(2, 2), 52, 10)
    assert r.knock.max_deadwood == 9 and r.knock.defender_lays_off
    k = r.scoring.knock
    assert (k.gin, k.big_gin, k.undercut, k.ties) == (30, 50, 10, "defender")
    assert r.values.ranks == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    assert r.deal.offer == ("non-dealer", "dealer") and r.game.target == 100
    assert r.melds.run.min == 3 and r.melds.set.max == 4 and not r.melds.on_table


def test_michigan_gin_allows_melds_of_three_to_five_cards():
    """002, Michigan: 'Melds have to include 3-5 cards'."""
    r = load("michigan-gin").ruleset
    assert (r.melds.run.min, r.melds.run.max) == (3, 5)
    assert r.origin.parent == "variants/gin.rules" and r.origin.overrides == ("melds.run",)


def test_basic_rummy_deals_by_player_count_and_doubles_going_rummy():
    """001/003: 10 cards for two, 7 for three or four, 6 for five or six; going rummy doubles;
    one meld per turn; the discard pile is turned over without shuffling."""
    r = load("basic").ruleset
    assert [r.deal.hand_size(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]
    assert r.scoring.rummy.multiplier == 2 and r.turn.melds_per_turn == 1
    assert r.stock.action == "turn over" and r.stock.times is None and not r.turn.discard_taken


def test_block_rummy_ends_at_the_empty_stock_and_pays_the_differences():
    """003, Block Rummy: the discard pile is not reused; lowest hand scores the differences."""
    r = load("block").ruleset
    assert (r.stock.action, r.stock.outcome) == ("end", "differences")


def test_indian_points_rummy_follows_sources_001_and_003():
    """13 cards, two decks with printed jokers, cut wild joker (a cut joker makes aces wild),
    two sequences with one pure, 80 cap, wrong show 80, drops 20/40, 3 misses = middle drop."""
    r = load("indian-points").ruleset
    assert r.deal.hand_size(6) == 13 and r.deck.packs_for(2) == 2 and r.deck.jokers_for(2) == 2
    assert r.wilds.jokers and r.wilds.cut and r.wilds.cut_joker_rank == "A"
    assert (r.show.sequences, r.show.pure) == (2, 1)
    assert (r.scoring.cap, r.scoring.wrong_show, r.scoring.count) == (80, 80, "show")
    assert (r.drops.first, r.drops.middle, r.drops.misses) == (20, 40, 3)
    assert r.values.ranks[0] == 10 and r.values.joker == 0 and r.values.wild == 0


@pytest.mark.parametrize("name,first,middle,out", [("indian-pool-101", 20, 40, 101), ("indian-pool-201", 25, 50, 201)])
def test_pool_rummy_drop_values_and_elimination(name, first, middle, out):
    """001: 101 pool drops 20/40; 201 pool drops 25/50."""
    r = load(name).ruleset
    assert (r.drops.first, r.drops.middle, r.game.eliminate, r.game.rounds, r.game.winner) == (
        first, middle, out, None, "lowest")


def test_push_contracts_deals_and_values_follow_source_000():
    """000/004: rounds of 6..10 cards; contracts 2 sets of 3 / set of 3 + run of 4 / 2 runs of 4 /
    3 sets of 3 / 2 runs of 5; 3-9 = 5, 10-K = 10, A = 15, joker and 2 = 20; partnerships."""
    r = load("push").ruleset
    assert [r.deal.hand_size(4, n) for n in range(1, 6)] == [6, 7, 8, 9, 10]
    assert r.deck.size(4) == 108 and r.partnerships.teams == 2 and r.game.rounds == 5
    assert r.opening.contract(2).options == ((Requirement("set", 1, 3), Requirement("run", 1, 4)),)
    assert r.opening.contract(5).options == ((Requirement("run", 2, 5),),)
    assert r.values.ranks == (15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10) and r.values.joker == 20
    assert r.wilds.ranks == ("2",) and r.wilds.as_natural == "runs" and r.deal.upcard_wild == "bury"
    assert r.turn.draw_from == ("discard", "push") and r.turn.push.then == "discard"
    assert r.wilds.replace.reuse_this_turn


def test_push_house_rules_change_only_what_they_say():
    ten = load("house/push-ten-cards").ruleset
    assert [ten.deal.hand_size(4, n) for n in range(1, 6)] == [10] * 5
    seven = load("house/push-three-and-seven").ruleset
    assert seven.opening.contract(5).options == ((Requirement("run", 1, 3), Requirement("run", 1, 7)),)
    assert seven.opening.contract(4) == load("push").ruleset.opening.contract(4)
    single = load("house/push-single-players").ruleset
    assert single.partnerships is None and single.deck.size(6) == 162 and single.deck.size(4) == 108


def test_continental_follows_source_002():
    """002: decks 2/3/3/4/4 for 4-8 players with two jokers per deck; 12 cards; jokers and red
    aces wild, never outnumbering naturals; runs of 4+; seven contracts; stock turned once."""
    r = load("continental").ruleset
    assert [r.deck.packs_for(n) for n in range(4, 9)] == [2, 3, 3, 4, 4]
    assert r.deck.size(4) == 108 and r.deal.hand_size(8) == 12
    assert r.wilds.cards == ("AH", "AD") and r.wilds.not_outnumber and r.wilds.all_wild == "sets"
    assert (r.melds.run.min, r.melds.run.max, r.melds.set.suits) == (4, 13, "any")
    seventh = r.opening.contract(7).options[0]
    assert seventh == (Requirement("run", 3, None),) and r.opening.exact
    assert (r.stock.action, r.stock.times) == ("turn over", 1)
    assert r.turn.claims.penalty == 1 and not r.turn.new_melds_after_opening
    assert r.wilds.replace.melds == ("run",) and r.values.joker == 50 and r.values.ranks[0] == 20


def test_wrotham_has_a_55_card_pack_and_melds_whole_hands_late():
    """003, Wrotham: 55 cards with three jokers; six deals; 8 cards to the starter and 7 to the
    others; the starter does not draw at first; in the last three rounds all seven at once."""
    r = load("wrotham").ruleset
    assert r.deck.size(4) == 55 and r.game.rounds == 6
    assert r.deal.hand_size(4) == 7 and r.deal.starter_extra == 1 and not r.turn.starter_draws
    assert r.turn.all_at_once == Between(4, 6)


@pytest.mark.parametrize("name,threshold,ace", [("rummy51", 51, 10), ("romme", 40, 11)])
def test_opening_thresholds(name, threshold, ace):
    """003: Rummy 51 opens with 51 (aces and 10-K count 10); Rommé opens with 40."""
    r = load(name).ruleset
    assert r.opening.threshold == threshold and r.opening.values.ranks[0] == ace
    assert r.opening.values.ranks[9:] == (10, 10, 10, 10)


def test_romme_uses_two_packs_and_six_jokers():
    assert load("romme").ruleset.deck.size(4) == 110


@pytest.mark.parametrize("name,check", [
    ("house/basic-multiple-melds", lambda r: r.turn.melds_per_turn is None),
    ("house/basic-rummy-bonus-10", lambda r: (r.scoring.rummy.multiplier, r.scoring.rummy.bonus) == (1, 10)),
    ("house/basic-layoff-after-meld", lambda r: r.turn.layoff.requires == "own meld"),
    ("house/basic-ace-high", lambda r: r.aces.mode == "either" and r.values.ranks[0] == 15),
    ("house/basic-round-the-corner", lambda r: r.aces.mode == "around" and r.values.ranks[0] == 15),
    ("house/basic-last-discard", lambda r: r.going_out.final_discard == "required"),
    ("house/basic-shuffle-restock", lambda r: r.stock.action == "shuffle"),
    ("house/basic-restock-twice", lambda r: (r.stock.times, r.stock.outcome) == (2, "differences")),
    ("house/basic-penalty-100", lambda r: (r.scoring.method, r.game.target, r.game.winner) == ("penalty", 100, "lowest")),
    ("house/gin-tournament", lambda r: (r.knock.max_deadwood, r.scoring.knock.gin, r.scoring.knock.undercut) == (10, 25, 25)),
    ("house/gin-openspiel", lambda r: (r.knock.max_deadwood, r.turn.discard_taken, r.gin.big_gin, r.game.rounds) == (10, True, False, 1)),
])
def test_house_rules_say_what_their_sources_say(name, check):
    assert check(load(name).ruleset)


def test_a_house_rule_records_its_parent_and_overrides():
    r = load("house/basic-round-the-corner").ruleset
    assert r.origin.parent == "variants/house/basic-ace-high.rules"
    assert r.origin.overrides == ("aces.mode",)
    assert rulespec.load(VARIANTS / "house/basic-round-the-corner.rules").ir["sources"]["values.ranks.0"]["file"] == (
        "variants/house/basic-ace-high.rules")


def test_extends_by_path_works_from_any_folder(tmp_path):
    (tmp_path / "mine.rules").write_text(f'variant "Mine"\nextends "{(VARIANTS / "gin.rules").as_posix()}"\n'
                                         "scoring: gin = opponent deadwood + 20\n")
    v = rulespec.load(tmp_path / "mine.rules")
    assert v.ruleset.scoring.knock.gin == 20 and v.ruleset.knock.max_deadwood == 9


def test_a_void_hand_needs_a_stock_that_runs_out():
    """`hand is void` only means something when the stock ends the hand (Gin's two-card wall)."""
    text = (VARIANTS / "gin.rules").read_text(encoding="utf-8").replace("hand ends; ", "")
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, "g.rules", base_dir=VARIANTS)
    (d,) = e.value.errors
    stock = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("stock:"))
    assert (d.code, d.line) == ("E342", stock) and "never void" in d.message
