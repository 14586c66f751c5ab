"""Knock Rummy (variants/knock-rummy.rules) and the constructs it brought: knocking at any
count and before drawing (``knock: at any count``, ``before or after drawing``), a knock
won by the lowest hand (``scoring: the lowest hand wins a knock``) and settlement between
players (``losers pay the winner``, ``each pair settles the difference``).

The pages' rules (Bicycle, "Knock Rummy"): "The player with the lowest count wins the
difference in counts from each opponent plus 25 points if he goes rummy. If any other
player ties the knocker for low count, that player wins instead of the knocker. If the
knocker does not have the lowest count, he pays a penalty of 10 points plus the
difference in counts to the player with the lowest count, who wins the hand." The pages
give no figures, so each example below is their rule applied to a scripted deal."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import actions as A
from rulespec.engine import check_invariants, new_game, stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.rulebook import render_page

from conftest import VARIANTS, house_problems, random_game

# seat 0 starts (the last seat deals); each hand is 7 cards, seat 0 draws one and knocks
KNOCKER = "3S 4S 5S 9H 9D 9C 5H"  # a run and a set: deadwood 5H after the knock
LOW = "AH AD AC 5C 6C 7C 2D"  # deadwood 2D: 2
HIGH = "8S 8H 8D 10C JC 4H 6S"  # deadwood 10C JC 4H 6S: 30


@pytest.fixture(scope="module")
def knock_rummy():
    return rulespec.load(VARIANTS / "knock-rummy.rules")


def _house(*lines: str) -> rulespec.Variant:
    text = 'variant "Knock house"\nextends "knock-rummy"\n' + "\n".join(lines) + "\n"
    return rulespec.compile_text(text, name="knock-house.rules")


def _knock(v, hands, draw: str, knock: str, upcard: str = "KS"):
    """Seat 0 draws ``draw`` and knocks discarding ``knock``; every player then lays out
    every meld it can, and passes."""
    n = len(hands)
    g = new_game(v, players=n, deck=stacked_deck(v, n, hands=hands, upcard=upcard, stock=[draw]))
    g.deal_on().play("draw stock").deal_on().play(f"knock {knock}")
    while not g.results:
        _lay_out(g)
    check_invariants(g)
    return g.results[-1]


def _lay_out(g) -> None:
    """The player to move lays its longest meld, or passes when it has none."""
    melds = [a for a in g.legal_actions() if a.kind == A.MELD]
    g.apply(max(melds, key=lambda a: len(a.cards)) if melds else "pass")


def test_deal_sizes_follow_the_number_of_players(knock_rummy):
    assert [knock_rummy.deal_size(n) for n in (2, 3, 4, 5)] == [10, 7, 7, 6]


def test_a_failed_knock_with_three_players_pays_the_lowest_hand(knock_rummy):
    """The knocker (5) is beaten by seat 1 (2): it pays 10 + (5 - 2), seat 2 pays 30 - 2."""
    r = _knock(knock_rummy, [KNOCKER, LOW, HIGH], "7D", "7D")
    assert r.penalties == (5, 2, 30)
    assert r.reason == "undercut" and r.winner == 1 and r.details["knocker"] == 0
    assert r.scores == (-13, 41, -28)


def test_a_rummy_is_paid_the_difference_and_25_by_each_opponent(knock_rummy):
    r = _knock(knock_rummy, ["3S 4S 5S 9H 9D 9C KD", LOW, HIGH], "2S", "KD")
    assert r.reason == "gin" and r.penalties == (0, 2, 30)
    assert r.scores == (2 + 25 + 30 + 25, -27, -55)


def test_a_player_who_ties_the_knocker_wins_instead(knock_rummy):
    r = _knock(knock_rummy, ["3S 4S 5S 9H 9D 9C 2H", LOW, HIGH], "KD", "KD")
    assert r.penalties == (2, 2, 30)
    assert r.reason == "undercut" and r.winner == 1
    assert r.scores == (-10, 38, -28)


def test_a_knocker_with_the_lowest_count_collects_from_each_opponent(knock_rummy):
    r = _knock(knock_rummy, ["3S 4S 5S 9H 9D 9C AS", LOW, HIGH], "KD", "KD")
    assert r.reason == "knock" and r.winner == 0
    assert r.scores == (1 + 29, -1, -29)


def test_two_lowest_hands_that_tie_share_what_the_others_pay(knock_rummy):
    """Four players: seats 1 and 2 both count 2, below the knocker's 5; they share the
    knocker's 10 + 3 and seat 3's 63 - 2."""
    hands = [KNOCKER, LOW, "8S 8H 8D 10C JC QC 2C", "KH KC QS QD JS JD 3D"]
    r = _knock(knock_rummy, hands, "7D", "7D")
    assert r.penalties == (5, 2, 2, 63)
    assert r.reason == "undercut" and r.winner == 1 and r.details["winners"] == [1, 2]
    assert r.scores == (-13, 37, 37, -61)


def test_two_players_settle_as_in_gin_with_the_stakes_paid(knock_rummy):
    hands = ["3S 4S 5S 9H 9D 9C 5H 6H 7H AS", "AH AD AC 5C 6C 7C 3D 4D 5D KD"]
    r = _knock(knock_rummy, hands, "QS", "QS")
    assert r.reason == "knock" and r.penalties == (1, 10)
    assert r.scores == (9, -9)


def test_a_knock_at_any_count_is_allowed_and_knocking_needs_a_draw(knock_rummy):
    v = knock_rummy
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=[HIGH, LOW, KNOCKER], upcard="KS",
                                                 stock=["QD"]))
    g.deal_on()
    with pytest.raises(IllegalMove, match="you may knock only after drawing"):
        g.apply("knock")
    g.play("draw stock").deal_on()
    assert "knock QD" in g.legal_strings()  # 40 points of deadwood after it: any count


def test_knocking_before_drawing_ends_the_hand_with_the_cards_as_dealt():
    v = _house("knock: before or after drawing")
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=[LOW, KNOCKER, HIGH], upcard="KS"))
    g.deal_on()
    assert "knock" in g.legal_strings() and "draw stock" in g.legal_strings()
    g.play("knock")
    while not g.results:
        _lay_out(g)
    r = g.results[-1]
    assert r.reason == "knock" and r.penalties == (2, 5, 30)
    assert r.scores == (3 + 28, -3, -28)
    assert sum(len(h) for h in r.hands) + sum(len(m.cards) for m in g.table) == 21


def test_a_knock_without_a_card_after_drawing_is_refused():
    v = _house("knock: before or after drawing")
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=[LOW, KNOCKER, HIGH], upcard="KS"))
    g.deal_on().play("draw stock").deal_on()
    with pytest.raises(IllegalMove, match="you have drawn, so knock by discarding a card"):
        g.apply("knock")


def test_knocking_before_drawing_under_a_limit_needs_the_hand_within_it():
    v = _house("knock: with deadwood under 10; before or after drawing")
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=[HIGH, LOW, KNOCKER], upcard="KS"))
    g.deal_on()
    assert "knock" not in g.legal_strings()
    with pytest.raises(IllegalMove, match="deadwood of 9 or less; your deadwood is 30"):
        g.apply("knock")


def test_each_pair_settles_the_difference_of_their_counts():
    """A failed knock under pair settlement: every two players settle the difference
    (the knocker 5, seat 1 2, seat 2 30), and the knocker pays its 10 to seat 1, the one
    who beat it."""
    v = _house("scoring: each pair settles the difference")
    r = _knock(v, [KNOCKER, LOW, HIGH], "7D", "7D")
    assert r.scores == (-3 - 10 + 25, 3 + 10 + 28, -25 - 28)


def test_pairs_settle_a_hand_won_by_going_out():
    """Basic Rummy with pair settlement: seat 0 goes rummy (out in one turn)."""
    v = rulespec.compile_text('variant "b"\nextends "basic"\n'
                              'melding: any number of melds per turn\n'
                              'scoring: each pair settles the difference\n', name="b.rules")
    hands = ["2S 3S 4S 5H 6H 7H 8H", "KS KH QD JC 10C 9D 8D", "AC 2C 3D 4D 5D 9H 10H"]
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=hands, upcard="KC", stock=["9C"]))
    g.deal_on().play("draw stock").deal_on()
    g.play("meld 2S 3S 4S", "meld 5H 6H 7H 8H", "discard 9C")
    r = g.results[-1]
    assert r.reason == "went out" and r.penalties == (0, 67, 34) and r.rummy
    # going rummy doubles what each loser owes (134 and 68); then every pair settles
    assert r.scores == (134 + 68, -134 - 66, 66 - 68)


@pytest.mark.parametrize("line, code", [
    ("scoring: losers score penalty points\ngame: lowest wins", "E348"),
    ("game: lowest wins", "E348"),
    ("game: players out at 100 points", "E348"),
])
def test_payments_that_do_not_fit_the_game_are_diagnosed(line, code):
    with pytest.raises(rulespec.SpecError) as e:
        _house(line)
    assert code in {d.code for d in e.value.diagnostics}


def test_the_page_states_the_knock_and_the_payments(knock_rummy):
    page = render_page(knock_rummy)
    assert "at any count" in page
    assert "lowest count" in page and "pays" in page
    assert "No one may lay off." in page


_SETTLE = {"winner": "", "pairs": "scoring: each pair settles the difference",
           "knocker": "scoring: the knocker settles with each defender"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000),
       how=st.sampled_from(sorted(_SETTLE)), before=st.booleans())
def test_every_ending_is_zero_sum(players, seed, how, before):
    """Random hands of 3-5 players, however they end (knock, rummy, undercut, ties, the
    stock): what the winners get the others pay, under every way of settling."""
    lines = [_SETTLE[how]] + (["knock: before or after drawing"] if before else [])
    g = random_game(_variant_for(tuple(lines)), players, seed)
    r = g.results[-1]
    assert sum(r.scores) == pytest.approx(0)
    assert max(r.scores) > 0 or all(s == 0 for s in r.scores)
    check_invariants(g)


_VARIANTS: dict = {}


def _variant_for(lines: tuple) -> rulespec.Variant:
    if lines not in _VARIANTS:
        _VARIANTS[lines] = _house(*lines)
    return _VARIANTS[lines]


def test_a_fixed_phrase_gives_each_file_its_own_value():
    """The clause table's values (`gin: with no deadwood` sets `gin` to {}) were shared by
    every file compiled in a process, so Gin Rummy's `big gin` leaked into the next file
    that turned gin on: Knock Rummy then failed to compile (E342, big gin without bonus)."""
    rulespec.load(VARIANTS / "gin.rules")
    again = rulespec.compile_text((VARIANTS / "knock-rummy.rules").read_text(encoding="utf-8"),
                                  name="knock-rummy.rules")
    assert again.ruleset.gin is not None and not again.ruleset.gin.big_gin


# ------------------------------------------------------------------ found by trials of new games


def _scoring(page: str) -> str:
    return page.split("## Scoring\n", 1)[1].split("\n## ", 1)[0]


def test_a_knock_settled_with_each_defender_speaks_of_every_other_player_not_the_opponent():
    """Found by a trial (a new user's Chinchón, 2-4 players): the page said "If the
    opponent's count is lower …" of a knock the engine settles with each defender in
    turn (engine/settlement.py: the knocker against every other live seat)."""
    page = render_page(_house("knock:   with deadwood under 10; defender lays off",
                              "scoring: knocker settles with each defender; no payments"))
    ending = page.split("## Ending a hand\n", 1)[1].split("**A worked example.**")[0]
    assert "opponent" not in ending
    scoring = _scoring(page)
    assert "the knocker is compared with each other player in turn" in scoring
    assert "Each player whose count is equal to or lower than the knocker's has undercut" \
        in scoring
    assert "deadwood plus a bonus of 25 points for each of them" in scoring


def test_a_knock_without_lay_offs_or_an_undercut_bonus_says_neither():
    """Found by trials (Tonk, Chinchón): "counts their deadwood (after laying off)" under
    `no lay off`, and "the difference plus a bonus of 0 points"."""
    v = _house("knock:   with deadwood under 10; no lay off",
               "scoring: knocker settles with each defender; no payments",
               "         undercut = difference + 0")
    scoring = _scoring(render_page(v))
    assert "each player counts their deadwood, and the knocker" in scoring
    assert "after laying off" not in scoring and "bonus of 0" not in scoring
    assert "has undercut the knocker, and scores the difference." in scoring


def test_the_worked_knock_holds_hands_of_the_size_dealt():
    """Found by a trial (Tonk, five cards each): the worked example showed ten-card hands."""
    v = _house("players: 2-5", "deal: 5 cards each")
    example = _scoring(render_page(v)).split("**A worked example.**", 1)[1].split("\n\n")[0]
    assert example.count('class="card ') == 10  # five cards in each of the two hands


def test_a_knock_only_before_drawing_is_offered_at_the_start_of_a_turn_and_refused_after():
    """Found by a trial (Tonk): "a drop is made only at the start of a turn, before
    drawing" could not be said (`before or after drawing` also allows it after)."""
    v = _house("knock:   only before drawing")
    assert (v.ruleset.knock.before_draw, v.ruleset.knock.after_draw) == (True, False)
    game = new_game(v, seed=1)
    while game.is_chance():
        game.apply_chance()
    assert "knock" in [str(a) for a in game.legal_actions()]
    game.apply("draw stock")
    while game.is_chance():
        game.apply_chance()
    assert not [a for a in game.legal_actions() if str(a).startswith("knock")]
    before = game.history[:]
    card = str(game.legal_actions()[0]).split()[-1]
    with pytest.raises(IllegalMove, match="only at the start of your turn, before drawing"):
        game.apply(f"knock {card}")
    assert game.history == before  # nothing lost
    knocking = render_page(v).split("**Knocking.**", 1)[1].split("\n\n")[0]
    assert "but only at the start of your turn, before drawing" in knocking
    assert "at the end of a turn" not in knocking


def test_big_gin_and_knocks_only_before_drawing_cannot_be_played_together():
    problems = house_problems("gin", "knock: only before drawing")
    assert [(d.code, d.message) for d in problems][0] == (
        "E342", "big gin is a knock after drawing, but knocks come only before drawing")
