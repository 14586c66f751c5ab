"""Page defects that new-user trials found (Tongits, Gin with Hollywood scoring, written
from the docs alone), each with the rule file's words that showed it. A page that states
a rule the engine does not play, or leaves out one it does, is the defect."""

from __future__ import annotations

import pytest

import rulespec
import rulespec.agents
from rulespec.engine.phases import Ending
from rulespec.rulebook import render_page

from conftest import VARIANTS, house, house_problems

#: Tongits as a trial wrote it (three players, melds on the table, a call before drawing
#: won by the lowest hand, play to the right), without its rules the language cannot say
TONGITS = """variant "Tongits"
players: 3
deck:    1 pack, no jokers
aces:    low
values:  A = 1; 2-10 = face value; J Q K = 10
melds:   sets of 3-4 cards of the same rank
         runs of 3+ cards in the same suit
seating: first dealer chosen at random
         winner of the hand deals next
         play goes counterclockwise
deal:    12 cards each; 1 extra card to the starting player
         dealer rotates right
upcard:  none
draw:    from the stock or the discard pile
         starting player does not draw on the first turn
         card taken from the discard pile must be melded at once
melding: any number of melds per turn
lay off: onto any meld
going out: with or without final discard
knock:   at any count; only before drawing; no lay off
stock:   hand ends; lowest hand scores differences
scoring: knock = deadwood difference
         the lowest hand wins a knock
         ties go to the defender
         count {count} cards
         losers pay the winner
game:    4 deals; highest wins
terms:   going out is called "going tong-its"
         knock is called "call"
"""


def tongits(count: str = "unmatched"):
    return rulespec.compile_text(TONGITS.format(count=count), name=str(VARIANTS / "tongits.rules"))


@pytest.fixture(scope="module")
def page():
    return render_page(tongits())


def test_the_starter_sits_where_play_goes(page):
    """The deal said "the player to the dealer's left" under `play goes counterclockwise`."""
    said = "The player who starts (the player to the dealer's right) is dealt one extra card"
    assert said in page
    left = render_page(house("basic", "deal: 1 extra card to the starting player"))
    assert "The player who starts (the player to the dealer's left)" in left


def test_a_knock_only_before_drawing_is_not_offered_in_place_of_the_discard(page):
    assert "Instead of an ordinary discard you may end the hand by calling" not in page
    assert "only at the start of your turn, before drawing" in page
    gin = render_page(rulespec.load(VARIANTS / "gin.rules"))
    assert "Instead of an ordinary discard you may end the hand by knocking" in gin


def test_no_failed_call_penalty_of_nothing(page):
    assert "penalty of 0 points" not in page
    assert "**Failed knock.**" in render_page(rulespec.load(VARIANTS / "knock-rummy.rules"))


def test_the_worked_knock_speaks_of_one_of_several_players(page):
    assert "Another player holds" in page and "from that player" in page
    assert "The opponent holds" not in page
    assert "The opponent holds" in render_page(rulespec.load(VARIANTS / "gin.rules"))


def test_the_overview_says_a_hand_may_also_be_won_by_going_out(page):
    assert "Each player tries to get rid of all their cards in melds, or to call before" in page


def test_the_page_says_what_going_out_scores_in_a_knocking_game_and_the_engine_agrees(page):
    said = ("When a player goes tong-its instead, every other player counts the cards in their "
            "hand that are not in melds, and the player who went tong-its scores the total of "
            "their counts.")
    assert said in page
    v = tongits()
    seen = 0
    for seed in range(30):
        g = rulespec.new_game(v, seed=seed)
        bots = [rulespec.agents.make_agent("greedy", seed=s) for s in range(3)]
        while not g.is_over():
            if g.is_chance():
                g.apply_chance()
            else:
                p = g.current_player()
                g.apply(bots[p].choose(g, p))
        for r in g.results:
            if r.reason is Ending.WENT_OUT:
                others = [p for p in range(3) if p != r.winner]
                assert r.scores[r.winner] == sum(r.penalties[p] for p in others)
                assert all(r.scores[p] == -r.penalties[p] for p in others)
                assert all(r.penalties[p] == v.penalty(list(r.hands[p])) for p in others)
                seen += 1
    assert seen


def test_counting_every_card_is_no_warning_where_players_can_go_out():
    """W345 said `count all cards` changes nothing under knock scoring; with melds on the
    table a player who goes out is paid the others' counts, which it does change."""
    v = tongits("all")
    assert not [w for w in v.warnings if w.code == "W345"]
    assert "counts all the cards left in their hand" in render_page(v)


def test_a_going_word_may_have_a_hyphen_and_a_bad_one_is_said_in_words():
    assert tongits().ruleset.terms.going_out == "going tong-its"
    found = house_problems("gin", 'terms: going out is called "going Out Now"')
    assert [d.code for d in found] == ["E371"]
    assert "one word in small letters" in found[0].message
    assert "does not match" not in found[0].message


def test_in_a_game_of_one_deal_the_next_dealer_deals_the_next_game():
    """Pif Paf and Desmoche, `game: 1 deal`: "After each hand the deal passes to the left"
    beside "The game is a single hand" read as a rule that never happens; it is the next
    game's dealer (Indian points rummy: a session of deals, each a game)."""
    one = render_page(house("basic", "game: 1 deal; highest wins"))
    assert ("After each hand, which is the whole game, the deal passes to the left "
            "(clockwise) for the next game.") in one
    assert "the deal passes to the left (clockwise)." in render_page(
        rulespec.load(VARIANTS / "basic.rules"))


@pytest.mark.parametrize("lines, said", [
    ((), "by melding them, laying them off and discarding."),
    (("lay off: not allowed",), "by melding them and discarding."),
    (("going out: only without discard",), "by melding them and laying them off."),
    (("melding: whole hand at once", "lay off: not allowed"),
     "The object is to be the first to lay down your whole hand in melds at once."),
])
def test_the_object_names_only_the_ways_a_card_leaves_a_hand(lines, said):
    """Desmoche (no final discard) and Pif Paf (the whole hand at once, no lay-offs): the
    object said "by melding them, laying them off and discarding" whatever the rules."""
    assert said in render_page(house("basic", *lines))


def test_the_whole_hand_at_once_in_every_round_is_one_sentence():
    page = render_page(house("basic", "melding: whole hand at once"))
    assert "You may not meld until you can lay down your whole hand at once" in page
    assert "as many melds as you like" not in page and "In round one" not in page


def test_wild_cards_only_in_runs_as_in_loba():
    """Loba: "jokers may be used in escaleras only, never in piernas". The trial's page
    showed 9♣ 9♦ Joker as a set."""
    v = house("romme", "wild: only in runs")
    assert v.classify_meld("9C 9D JK") is None
    assert v.classify_meld("4H 5H JK") is not None and v.classify_meld("9C 9D 9H") is not None
    assert v.deadwood("9C 9D JK 4H 5H") == 18  # the joker goes in the run, the nines stay
    page = render_page(v)
    assert "Wild cards may be used only in runs: a set is made of natural cards alone." in page
    sets = house("basic", "wild: 2s, wilds only in sets")
    assert sets.classify_meld("4H 5H 2C") is None and sets.classify_meld("9C 9D 2C") is not None
    assert [p.code for p in house_problems("basic", "wild: only in runs")] == ["E324"]  # no wilds


def test_jokers_that_change_with_the_number_of_players():
    """Progressive Rummy: "105 cards (2 decks + 1 joker) for 3-4 players, 158 (3 decks + 2
    jokers) for 5-8". The trial could write only a joker per pack (106 and 159)."""
    from rulespec.engine import check_invariants, new_game

    v = house("continental", "players: 3-8",
              "deck: 2 packs for 3-4 players, 3 packs for 5-8 players, "
              "1 joker for 3-4 players, 2 jokers for 5-8 players")
    assert [v.ruleset.deck.size(n) for n in (3, 4, 5, 8)] == [105, 105, 158, 158]
    for n, size in ((3, 105), (6, 158)):
        g = new_game(v, players=n, seed=1).deal_on()
        assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.discards) == size
        check_invariants(g)  # every card of the deck in one place
    page = render_page(v)
    assert "| Three | two | one | 105 |" in page and "| Five | three | two | 158 |" in page
    assert [p.code for p in house_problems("basic", "deck: 2 jokers for 2-3 players")] == ["E320"]


def test_melds_as_many_as_you_like_only_in_the_turn_you_open():
    """Progressive Rummy: "You may lay down as many melds as you like" beside "Once you
    have opened you may not start new melds"; and Phase 10: not "as many as you like" where
    the opening is exactly the contract (Continental)."""
    page = render_page(rulespec.load(VARIANTS / "continental.rules"))
    assert rulespec.load(VARIANTS / "continental.rules").ruleset.opening.exact
    assert "In the turn you go down you lay down the melds of the contract." in page
    assert "as many melds as you like" not in page
    page = render_page(house("basic", "opening: round 1: 2 sets of 3",
                             "melding: any number of melds per turn; no new melds after opening"))
    assert "You may lay down as many melds as you like in the turn you open." in page


def test_a_meld_read_more_than_one_way_is_not_all_wild_where_none_may_be():
    """500 Rum with jokers: "(all wild cards, or one natural card and the rest wild)" two
    lines after "A meld needs at least one natural card"."""
    v = house("romme", "table: wilds must be declared", "wild: no all-wild melds")
    page = render_page(v)
    assert "more than one way (one natural card and the rest wild)" in page


def test_a_game_for_a_stake_whose_cards_carry_no_points():
    """Pif Paf and Desmoche: a stake per hand and no card values. The page printed a table
    of "1 point"s, "What multiplies the score of a hand multiplies the stake" where nothing
    does, tied winners where none can tie, and point counts in the worked example."""
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8")
    text = text.replace("values:  A = 1", "values:  A-K = 0  # A = 1").replace(
        "         going rummy doubles\n", "         a stake of 1 per hand; losers pay the winner\n")
    page = render_page(rulespec.compile_text(text, name="stake.rules"))
    assert "**Card values.** Cards carry no points: each hand is played for the stake." in page
    assert "| Card | Value |" not in page and "What multiplies" not in page
    assert "winners who tie" not in page and "(7 points)" not in page
    rummy = render_page(house("basic", "values: A-K = 0", "scoring: a stake of 1 per hand; "
                              "losers pay the winner"))  # basic's going rummy doubles the stake
    assert "What multiplies the score of a hand multiplies the stake." in rummy


def test_melds_anyone_may_take_apart_belong_to_no_one():
    """Machiavelli and Carousel: "lay melds … on the table in front of you" where any player
    may rearrange any meld."""
    page = render_page(rulespec.load(VARIANTS / "rummikub.rules"))
    assert "face up on the table, where they belong to no one." in page
    assert "in front of you" in render_page(rulespec.load(VARIANTS / "basic.rules"))


def test_a_claim_out_of_turn_comes_before_the_draw_in_the_steps():
    """Progressive Rummy: "May I?" was listed as step 2, after Draw, though it happens when
    the player in turn passes the discard, before drawing from the stock."""
    page = render_page(rulespec.load(VARIANTS / "continental.rules"))
    assert page.index("1. **“May I?”**") < page.index("2. **Draw**")
