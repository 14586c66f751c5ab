"""Every mechanic the variant files use, played on stacked decks: the rule sources' worked
examples first (Block Rummy's end of stock, Push's partnership scoring, Indian rummy's
declarations and penalties), then draws, claims, contracts, thresholds, wild cards, stock
exhaustion and multi-round games.

Sources are in ../shared/rules-sources/: 000/004 Push, 001 Basic + Indian, 002 Gin +
Continental, 003 Indian + Basic + Block + Wrotham + Rummy 51 + Rommé.
"""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec import IllegalMove
from rulespec import cards as C
from rulespec.engine import check_invariants, new_game, stacked_deck

from conftest import VARIANTS


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


def tweak(name: str, *changes: str) -> rulespec.Variant:
    """A variant file with some text changed (``old, new`` pairs), compiled from text (to
    reach a rule quickly)."""
    text = (VARIANTS / f"{name}.rules").read_text(encoding="utf-8")
    for old, new in zip(changes[::2], changes[1::2], strict=True):
        assert old in text
        text = text.replace(old, new)
    return rulespec.compile_text(text, name=f"{name}-tweaked.rules")


def cards(text: str) -> list[int]:
    return C.parse_cards(text)


def legal_kinds(g) -> set[str]:
    return {a.kind for a in g.legal_actions()}


# ------------------------------------------------------------------ Block Rummy (003)


def play_block_stock_out(third_hand: str, v=None):
    """Four Block players each lay one meld, then draw and throw back the drawn card until
    the stock is gone: the end-of-stock example's hands (A 6, B 15, D 21 left), with
    seat 2's hand given (``v``: a variant over Block, else Block itself)."""
    v = v or load("block")
    hands = ["10S JS QS KS AC 2D 3H", "3S 3D 3C 4C 5S 4H 2S", third_hand, "KH KD KC 2C 7D 6S 6C"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands)).deal_on()
    first = {0: "meld 10S JS QS KS", 1: "meld 3S 3D 3C", 2: "meld 9H 9D 9C 9S", 3: "meld KH KD KC"}
    while "draw stock" in g.legal_strings():
        p = g.current_player()
        g.play("draw stock").deal_on()
        drawn = g.hands[p][-1]
        if p in first:
            g.apply(first.pop(p))
        g.apply("discard " + C.card_str(drawn))
        check_invariants(g)
    return g


def test_block_rummy_end_of_stock_lowest_hand_scores_the_differences():
    """003: "Example: A has 6; B has 15; C has 7; D has 21. A is the winner and scores
    25 = (9 + 1 + 15)"."""
    g = play_block_stock_out("9H 9D 9C 9S AH AD 5C")
    # the stock is empty: not wanting the discard ends the hand (the pile is never reused)
    assert g.stock == [] and g.legal_strings() == ["draw discard", "pass"]
    g.apply("pass")
    r = g.results[-1]
    assert r.reason == "stock exhausted" and r.penalties == (6, 15, 7, 21)
    assert r.winner == 0 and r.scores == (25, 0, 0, 0)


def test_players_tied_for_the_lowest_hand_share_the_winnings():
    """003: "If two or more players tie for lowest, they share the winnings equally"."""
    g = play_block_stock_out("9H 9D 9C 9S AH AD 4D")
    g.apply("pass")
    r = g.results[-1]
    assert r.penalties == (6, 15, 6, 21) and r.scores == (12, 0, 12, 0)


# ------------------------------------------------------------------ Push (000, 004)


def test_push_partnership_scoring_the_team_going_out_scores_nothing():
    """000: "The team of the player who went out counts nothing for this round (the cards
    belonging to the partner of the player who went out do not count). The two opponents
    count the total value of cards remaining in both their hands." Values: 3-9 5, 10-K 10,
    A 15, jokers and 2s 20."""
    v = load("push")
    hands = ["7S 7H 7D 8S 8H 8D", "3S 4D 5C 9H 10S AS", "KS KH 4S 5D 6C QC", "2C JK QH KD 6S 6D"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands, upcard="KC"))
    g.play("draw discard", "meld 7S 7H 7D")
    assert legal_kinds(g) == {"meld"}  # the contract (two sets of three) is not yet made
    g.play("meld 8S 8H 8D", "discard KC")
    r = g.results[-1]
    assert r.reason == "went out" and r.winner == 0
    assert r.scores == (0, 45, 0, 70) and r.team_scores == (0, 115)
    assert g.scores().teams == (0, 115)


def test_a_contract_half_laid_can_be_finished_with_the_same_meld_twice():
    """Push, two packs, 3 sets of 3. After 10♥ 2♣ JK as a set of tens, the hand holds
    7♥ 7♣ 2♦ twice: each of the two sets still missing. The engine once let each meld of
    the hand fill one slot only when finishing a contract, so it let the set of tens go
    down and then offered nothing at all, neither meld nor discard (found by the
    acceptance run: random push-ten-cards, seed 3, game 175)."""
    v = tweak("push", "round 1: 2 sets of 3", "round 1: 3 sets of 3",
              "6 cards each in round 1", "12 cards each in round 1")
    hands = ["10H 7H 2D JK 5D 3D 7H 2C JD 2D 8H 7C", "3S 4D 5C 9H 10S AS 3H 4H 5H 6H 8S 9S",
             "KS KH 4S 5D 6C QC KC QS 8D 9D 10D JS", "3C JC QH KD 6S 6D 4C 8C 9C 10C QD AD"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands, upcard="7C"))
    g.play("draw discard", "meld 10H 2C JK as set of 10s")
    assert legal_kinds(g) == {"meld"}  # the contract is not yet made: melds only
    assert "meld 7H 2D 7C" in g.legal_strings()
    g.play("meld 7H 2D 7C", "meld 7H 2D 7C", "discard 8H")
    assert g.opened[0] and sorted(g.hands[0]) == sorted(cards("5D 3D JD"))
    check_invariants(g)


def test_push_passes_the_discard_and_a_stock_card_to_the_next_player():
    """000: "take the top card of the stock pile, put it face down on top of the top card
    from the discard pile, and then push these two cards to the opponent on their left ...
    the original player takes the next card from the top of the discard pile"."""
    v = load("push")
    g = new_game(v, players=4, deck=stacked_deck(v, 4, upcard="KC", stock=["QD", "3C"])).deal_on()
    assert g.legal_strings() == ["draw discard", "push"]
    g.play("push").deal_on()
    # the pile held only the upcard, so the pusher falls back to the stock
    assert [len(h) for h in g.hands] == [7, 8, 6, 6]
    assert set(cards("KC QD")) <= set(g.hands[1]) and cards("3C")[0] in g.hands[0]
    check_invariants(g)


def test_push_ends_the_round_when_a_player_must_draw_from_an_empty_stock():
    """000: "If the stock pile runs out ... as soon as a player wishes to draw from the
    stock and there are no cards available then the round is over"; "If the stock ran out
    before any player could go out then both teams score the penalty points in their
    hands"."""
    v = load("push")
    g = new_game(v, players=4, seed=3).deal_on()
    while not g.results and not (g.phase == "draw" and not g.stock):
        if g.phase == "draw":
            g.apply("push")
        else:
            g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
        g.deal_on()
    if not g.results:
        assert "push" not in g.legal_strings() and "pass" in g.legal_strings()
        g.apply("pass")
    r = g.results[0]
    assert r.reason == "stock exhausted" and all(s > 0 for s in r.scores)
    assert r.team_scores == (r.scores[0] + r.scores[2], r.scores[1] + r.scores[3])


def test_push_deals_more_cards_each_round_and_plays_five_rounds():
    """000: six cards in round one, "and so on until 10 cards are dealt in the final round";
    the dealer passes clockwise."""
    v = load("push")
    g = new_game(v, players=4, seed=12)
    rng = random.Random(1)
    sizes, dealers, seen = [], [], 0
    while not g.is_over():
        if g.is_chance():
            g.apply_chance()
            continue
        if g.round != seen:  # the first move of a hand: nobody has drawn yet
            seen = g.round
            sizes.append(len(g.hands[g.dealer]))
            dealers.append(g.dealer)
        g.apply(rng.choice(g.legal_actions()))
    assert sizes == [6, 7, 8, 9, 10] and dealers == [3, 0, 1, 2, 3]
    assert len(g.results) == 5 and g.scores().winners


def test_a_wild_upcard_is_buried_in_the_push_stock():
    """000: "if the card turned up is a two or joker, the dealer buries it in the stock and
    turns up a new card"."""
    v = load("push")
    g = new_game(v, players=4, deck=stacked_deck(v, 4, upcard="2H", stock=["9S"])).deal_on()
    assert C.cards_str(g.discards) == "9S" and cards("2H")[0] in g.stock
    check_invariants(g)


def test_a_wild_upcard_is_covered_by_the_next_card_and_freezes_the_pile():
    """Canasta (Pagat): "If the upcard is a joker or two ... one or more further cards are
    turned up on top of it"; the wild card in the pile freezes it."""
    from conftest import house
    from rulespec.rulebook import render_page

    v = house("basic", "wild: 2s", "upcard: covered by the next card if wild",
              "draw: take the whole discard pile; discard pile frozen by discarded wild cards")
    deck = stacked_deck(v, 2, hands=["KS KH 5D 6D 8C 9H JS QC 10D 4S", None], upcard="2H",
                        stock=["2C", "9S"])
    g = new_game(v, players=2, deck=deck).deal_on()
    assert C.cards_str(g.discards) == "2H 2C 9S"  # two wild cards covered, then the 9S
    assert g.first_upcard == cards("9S")[0]
    assert not [a for a in g.legal_strings() if a.startswith("draw 3 discards")]  # frozen
    check_invariants(g)
    assert "the next card is turned up on it (and again while the card turned up is wild): " \
           "the wild card freezes the discard pile" in render_page(v)


def test_a_two_standing_for_itself_is_never_rescued():
    """000: "If a two is used as a natural card in a meld such as A-2-3-4 then it can not be
    rescued"; a wild standing in for a card can be rescued with that card."""
    from rulespec.engine import search as ES
    from rulespec.melds import distinct as D
    from rulespec.melds.context import rules_for

    rules = rules_for(load("push").ruleset)
    natural = D.readings_of(rules, cards("AD 2D 3D 4D"))
    assert [r.pure for r in natural] == [True]
    assert ES.rescues(rules, cards("AD 2D 3D 4D"), natural[0], cards("2D")[0]) == []
    standing = [r for r in D.readings_of(rules, cards("AD 2C 3D 4D")) if r.kind == "run"]
    assert len(standing) == 1 and standing[0].wilds == ((cards("2C")[0], cards("2D")[0]),)
    (wild, new), = ES.rescues(rules, cards("AD 2C 3D 4D"), standing[0], cards("2D")[0])
    assert wild == cards("2C")[0] and new.pure


# ------------------------------------------------------------------ Indian rummy (001, 003)


@pytest.fixture(scope="module")
def indian():
    return load("indian-points")


def indian_game(v, hands, upcard="KH", cut="8H", stock=(), players=2):
    return new_game(v, players=players, deck=stacked_deck(v, players, hands=hands, upcard=upcard,
                                                            cut=cut, stock=stock))


def test_a_valid_indian_show_ends_the_hand_and_losers_count_their_cards(indian):
    """001 Example 1: "Ace♦ 2♦ 3♦ 4♦ - 5♠ 6♠ 7♠ - 9♦ 9♠ 9♣ - Queen♠ Queen♦ Queen♣ ... this
    is a valid declaration"; a valid show scores zero; a loser with two sequences counts
    only the cards out of them (here 4S 9H 10D KC)."""
    g = indian_game(indian, ["AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC",
                             "2H 3H 4H 5C 6C 7C 9H 10D KC 4S 4C 5H 6H"], stock=["JC"])
    g.play("draw stock", "show JC")
    r = g.results[-1]
    assert r.reason == "show" and r.winner == 0
    assert r.scores == (0, 9 + 10 + 10 + 4) and g.is_over()  # points rummy: one deal


def test_a_loser_without_a_pure_sequence_counts_every_card_capped_at_80(indian):
    """001: "If a losing player does not have two sequences including a Pure sequence, then
    all of his or her cards are added up ... the maximum points in this case is capped at
    80"."""
    g = indian_game(indian, ["AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC",
                             "KS KH KD JS JH JD 10S 10H 10D 9H 7H 7D 5H"], stock=["JC"])
    g.play("draw stock", "show JC")
    assert g.results[-1].scores == (0, 80)


def test_a_second_valid_declaration_by_a_loser_scores_two(indian):
    """001: "The second player to declare with a valid declaration will earn the player two
    points"."""
    g = indian_game(indian, ["AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD QC",
                             "AH 2H 3H 4H 5C 6C 7C 10S 10H 10D KS KH KD"], stock=["JC"])
    g.play("draw stock", "show JC")
    assert g.results[-1].scores == (0, 2)


def test_a_show_using_the_cut_wild_card_is_valid(indian):
    """003 Example B: "3♥ 4♥ 5♥ 6♥ - Valid Pure sequence 1; Jack♣ 7♥ Queen♣ - Valid
    sequence 2 where 7♥ is the wild joker (Impure sequence); Queen♠ Queen♦ Queen♣; 9♠ 9♥
    9♣" (two packs: two queens of clubs)."""
    hand = "3H 4H 5H 6H JC 7H QC QS QD QC 9S 9H 9C"
    g = indian_game(indian, [hand, None], cut="7S", stock=["2D"])
    g.play("draw stock", "show 2D")
    assert g.results[-1].reason == "show" and g.results[-1].winner == 0
    # the same hand with 7♥ not wild: J♣ 7♥ Q♣ is no meld, a wrong show
    g = indian_game(indian, [hand, None], cut="5S", stock=["2D"])
    g.play("draw stock", "show 2D")
    r = g.results[-1]
    assert r.reason == "wrong show" and r.details == {"dropped": {0: 80}, "wrong shows": [0]}


def test_a_wrong_show_costs_80_and_the_others_play_on(indian):
    """001: "A wrong declaration or invalid show will earn player 80 points"; three
    players, so the hand goes on without the wrong declarer."""
    hands = ["AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD KC", "2H 3H 4H 5C 6C 7C 9H 10D KD 4S 4C 5H 6H",
             "AS AH AC 2C 3C 4H 5D 6D 7D 10S JS JH JD"]
    g = indian_game(indian, hands, stock=["JC"], players=3)
    g.play("draw stock", "show JC")
    assert g.dropped == {0: 80} and not g.active[0] and not g.results
    assert g.current_player() == 1 and g.phase == "draw"
    check_invariants(g)


def test_first_and_middle_drops_cost_20_and_40(indian):
    """001: a drop "at their first turn before drawing a card ... will earn a player 20
    points"; "Any drop after the First Drop is called a Middle Drop and will earn a player
    40 points"."""
    g = indian_game(indian, [None, None])
    g.play("drop")
    r = g.results[-1]
    assert r.reason == "drops" and r.winner == 1 and r.scores == (20, 0)
    g = indian_game(indian, [None, None], stock=["JC", "JD"])
    g.play("draw stock", "discard JC", "draw stock", "discard JD", "drop")
    assert g.results[-1].scores == (40, 0)


def test_dropping_after_drawing_is_a_middle_drop(indian):
    """001: "A player will get 40 points if they leave the table after drawing a card from
    the closed deck, and this action will considered as a Middle Drop"."""
    g = indian_game(indian, [None, None], stock=["JC"])
    g.play("draw stock", "drop")
    r = g.results[-1]
    assert r.reason == "drops" and r.winner == 1 and r.scores == (40, 0)
    check_invariants(g)


def test_three_missed_turns_in_a_row_count_as_a_middle_drop(indian):
    """003: "A player missing their turn three times in succession will be awarded 40
    points"."""
    g = indian_game(indian, [None, None], stock=["JC", "JD", "JH", "JS"])
    g.play("miss", "draw stock", "discard JC", "miss", "draw stock", "discard JD")
    assert not g.results and g.misses[0] == 2
    g.play("miss")
    assert g.results[-1].scores == (40, 0)


def test_pool_rummy_deals_until_one_player_is_left_under_101():
    """001: 101 Pool Rummy, first drop 20: a player who reaches 101 is out."""
    v = load("indian-pool-101")
    g = new_game(v, players=2, seed=1)
    while not g.is_over():
        g.deal_on()
        if g.current_player() == 0 or g.drawn[1]:
            g.apply("drop" if g.current_player() == 0 else "draw stock")
        else:
            g.apply("draw stock")
            g.deal_on()
            g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    assert g.scores().game == (120, 0) and g.scores().winners == (1,) and g.eliminated == {0}
    assert len(g.results) == 6


# ------------------------------------------------------------------ Continental (002)


@pytest.fixture(scope="module")
def continental():
    return load("continental")


def test_may_i_gives_the_discard_and_a_penalty_card_to_the_nearest_claimer(continental):
    """002: "any player in order of rotation to the left of the player may claim that card,
    but must also draw the top card from the stock pile as a penalty ... the priority goes
    to the desiring player closest in rotation to the current player"; "The player whose
    turn was interrupted resumes play by selecting the top card from the stock pile"."""
    v = continental
    g = new_game(v, players=4, deck=stacked_deck(v, 4, upcard="KC", stock=["2S", "3S"])).deal_on()
    g.apply("draw stock")
    assert (g.phase, g.current_player(), g.legal_strings()) == ("claim", 1, ["may i", "pass"])
    g.play("pass", "may i")
    g.deal_on()
    assert [len(h) for h in g.hands] == [13, 12, 14, 12]
    assert set(cards("KC 2S")) <= set(g.hands[2]) and cards("3S")[0] in g.hands[0]
    assert g.current_player() == 0 and g.phase == "play"
    check_invariants(g)


def test_the_nearest_claimer_wins_and_the_others_are_not_asked(continental):
    v = continental
    g = new_game(v, players=4, deck=stacked_deck(v, 4, upcard="KC")).deal_on()
    g.play("draw stock", "may i")
    g.deal_on()
    assert [len(h) for h in g.hands] == [13, 14, 12, 12] and g.phase == "play"


def test_the_continental_contract_goes_down_whole_and_nothing_more(continental):
    """002: round 1 is "two trios"; "Once a player has gone down ... he may not create any
    new sets or runs. While playing the first hand of two sets, no player may play three
    sets."""
    v = continental
    hands = ["5S 5H 5C 9D 9C 9S QH QD QS 2C 3C 4D"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands, upcard="KC"))
    g.play("draw discard", "meld 5S 5H 5C")
    with pytest.raises(IllegalMove, match="finish going down first"):
        g.apply("discard 2C")
    g.play("meld 9D 9C 9S")
    assert g.opened[0] and not any(a.startswith("meld") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="no new melds after going down"):
        g.apply("meld QH QD QS")
    # laying off is allowed once down
    assert "lay off KC on 1" not in g.legal_strings()
    g.apply("discard KC")
    check_invariants(g)


def test_laying_off_needs_going_down_first_in_continental(continental):
    v = continental
    hands = ["5S 5H 5C 9D 9C 9S QH QD 3S 2C 3C 4D", "5D 8H 8D 8C KS KH KD JC 10C 6S 6H 6D"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands, upcard="KC", stock=["7S"]))
    g.play("draw discard", "meld 5S 5H 5C", "meld 9D 9C 9S", "discard 3S")
    g.play("draw stock", "pass", "pass")  # seats 2 and 3 may claim; seat 0 discarded it
    g.deal_on()
    assert not any(a.startswith("lay off") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="only after going down"):
        g.apply("lay off 5D on 1")
    g.play("meld 8H 8D 8C", "meld 6S 6H 6D")
    assert "lay off 5D on 1" in g.legal_strings()


def test_continental_stock_is_turned_over_once_then_the_hand_is_scored(continental):
    """002: "the stock pile is turned over once, without shuffling ... If the remaining
    cards in the stock pile are depleted a second time ... all points remaining in all
    players' hands are tallied"."""
    g = new_game(continental, players=4, seed=2)
    rng = random.Random(0)
    reuses = []
    while not g.results:
        if g.is_chance():
            g.apply_chance()
            continue
        acts = [a for a in g.legal_actions() if a.kind in ("draw stock", "discard", "pass", "draw discard")
                and not (g.phase == "claim" and a.kind == "may i")]
        acts = [a for a in acts if a.kind != "draw discard"] or acts
        g.apply(rng.choice(acts))
        reuses.append(g.reuses)
    r = g.results[-1]
    assert max(reuses) == 1 and r.reason == "stock exhausted"
    assert r.scores == tuple(g.results[-1].penalties) and all(s > 0 for s in r.scores)


# ------------------------------------------------------------------ thresholds and first turns


def test_romme_opens_with_melds_worth_40_in_one_turn():
    """003: German Rommé, "a player's first meld must be worth at least 40 points"; the
    starter begins with 14 cards by discarding."""
    v = load("romme")
    hands = ["10S JS QS 5H 5D 5C 2C 3D 4S 7H 8D 9C KC AS"]
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=hands))
    g.deal_on()
    assert g.phase == "play" and len(g.hands[0]) == 14  # no draw on the first turn
    strings = g.legal_strings()
    assert "meld 10S JS QS" in strings and "meld 5H 5D 5C" in strings
    g.apply("meld 10S JS QS")  # 30: not enough alone
    assert legal_kinds(g) == {"meld"} and "meld 5H 5D 5C" in g.legal_strings()
    g.apply("meld 5H 5D 5C")
    assert g.opened[0] and "discard KC" in g.legal_strings()


def test_rummy_51_refuses_an_opening_that_cannot_reach_51():
    """003: "The opening is done by placing valid groups of cards ... whose sum must be 51
    or more"."""
    v = load("rummy51")
    hands = ["10S JS QS 5H 5D 5C 2C 3D 4S 7H 8D 9C KC AS 6D"]
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=hands)).deal_on()
    assert not any(a.startswith("meld") for a in g.legal_strings())  # 30 + 15 < 51
    with pytest.raises(IllegalMove, match="worth at least 51"):
        g.apply("meld 10S JS QS")


def test_wrotham_deals_eight_to_the_starter_who_discards_first():
    """003: "Eight cards are dealt to the starting player and seven to each other player.
    On the first turn the starting player does not draw"."""
    v = load("wrotham")
    g = new_game(v, players=3, seed=1).deal_on()
    assert [len(h) for h in g.hands] == [8, 7, 7] and g.phase == "play"
    assert not legal_kinds(g) & {"draw stock", "draw discard"}


def test_in_whole_hand_rounds_melds_go_down_only_to_go_out():
    """003 (Wrotham): "in the last three rounds, players may not meld any cards until they
    are able to lay down all seven at once"."""
    v = tweak("wrotham", "whole hand at once in rounds 4-6", "whole hand at once in rounds 1-6")
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=["5S 6S 7S 9H 9D 9C KD 2H"]))
    g.deal_on()
    assert not any(a.startswith("meld") for a in g.legal_strings())
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=["5S 6S 7S 9H 9D 9C 8S 2H"]))
    g.deal_on()
    assert "meld 5S 6S 7S 8S" in g.legal_strings() and "meld 9H 9D 9C" in g.legal_strings()
    g.play("meld 9H 9D 9C")
    assert legal_kinds(g) == {"meld"}
    g.play("meld 5S 6S 7S 8S", "discard 2H")
    assert g.results[-1].reason == "went out" and g.results[-1].rummy


# ------------------------------------------------------------------ wild cards on the table


def test_a_natural_card_takes_a_jokers_place_and_the_joker_goes_to_hand():
    """003 (Wrotham): "A player who holds the card that a melded joker represents can,
    during her turn, exchange the real card for the joker"."""
    v = load("wrotham")
    hands = ["5D 7D JK 2S 3S 9C KH KC", "6D 8H 8C 4S QC QD 10H"]
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=hands, stock=["AH"]))
    g.play("meld 5D 7D JK", "discard KC")
    assert "replace JK on 1 with 6D" not in g.legal_strings()  # seat 1 must draw first
    g.play("draw stock", "replace JK on 1 with 6D")
    assert C.JOKER in g.hands[1] and sorted(g.table[0].cards) == sorted(cards("5D 6D 7D"))
    check_invariants(g)


REPLACE_RULES = """variant "Replace test"
players: 2
deck:    1 pack, 2 jokers
values:  A = 1; 2-10 = face value; J Q K = 10; jokers = 15
wild:    jokers
replace wilds: in runs only
         the wild must be played again this turn
         only after going down
melds:   sets of 3-4 cards of the same rank in different suits
         runs of 3+ cards in the same suit
deal:    10 cards each
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
lay off: onto any meld
going out: with or without final discard
stock:   turn the discard pile over without shuffling
scoring: losers score penalty points; count all cards
game:    to 100 points; lowest wins
"""


def test_a_rescued_wild_must_be_played_again_the_same_turn_runs_only_after_going_down():
    """002 (Continental): "a wild card already laid on the table as part of any run may be
    replaced by the card which it represents ... The wild card must then be played on the
    table ... Wild cards that are part of a set may not be replaced"; only once opened."""
    v = rulespec.compile_text(REPLACE_RULES, name="replace.rules")
    hands = ["5D 7D JK 9S 9H JK QS KH AC 2C", "6D 8H 8C 8S QC QD 10H 9D 3C 6C"]
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=hands, upcard="AH", stock=["4S", "4H"]))
    g.play("draw stock", "meld 5D 7D JK", "meld 9S 9H JK", "discard AC")
    g.play("draw stock").deal_on()
    assert not any(a.startswith("replace") for a in g.legal_strings())  # not gone down yet
    with pytest.raises(IllegalMove, match="only after going down"):
        g.apply("replace JK on 1 with 6D")
    g.play("meld 8H 8C 8S")
    assert "replace JK on 1 with 6D" in g.legal_strings()
    assert "replace JK on 2 with 9D" not in g.legal_strings()  # sets are out of bounds
    g.play("replace JK on 1 with 6D")
    before = g.state_dict()
    with pytest.raises(IllegalMove, match="must be played again"):
        g.apply("discard 3C")
    assert g.state_dict() == before
    assert all("JK" in a.split(" on ")[0] for a in g.legal_strings())
    assert "meld QD QC JK" in g.legal_strings() and "lay off JK on 3" in g.legal_strings()
    g.play("meld QD QC JK", "discard 3C")
    check_invariants(g)


# ------------------------------------------------------------------ stock exhaustion


def test_the_restock_twice_house_rule_ends_play_at_the_third_exhaustion():
    """003: "after the stock becomes exhausted for the third time, the play should end if the
    next player does not want to take the discard"."""
    v = load("house/basic-restock-twice")
    g = new_game(v, players=2, seed=6)
    rng = random.Random(6)
    while not g.results:
        if g.is_chance():
            g.apply_chance()
            continue
        acts = [a for a in g.legal_actions() if a.kind in ("draw stock", "discard", "pass")]
        g.apply(rng.choice(acts))
    r = g.results[-1]
    assert r.reason == "stock exhausted" and r.details["stock reused"] == 2
    low = min(r.penalties)
    assert r.scores[r.winner] == sum(p - low for p in r.penalties)


def test_a_shuffled_restock_is_a_new_random_stock():
    v = load("house/basic-shuffle-restock")
    g = new_game(v, players=2, seed=6).deal_on()
    rng = random.Random(6)
    while g.reuses == 0:
        if g.is_chance():
            g.apply_chance()
            continue
        acts = [a for a in g.legal_actions() if a.kind in ("draw stock", "discard")]
        g.apply(rng.choice(acts))
    assert not g.stock_ordered and len(g.chance_outcomes()) > 1


def test_the_top_discard_stays_when_the_rest_of_the_pile_becomes_the_stock():
    """Found by a trial (Kalooki: "the discard pile, except its top card, is shuffled to
    form a new stock"): `the top discard stays` keeps the top card, and who threw it, as
    the discard pile; the rest of the pile is the new stock."""
    from conftest import house
    from rulespec.rulebook import render_page

    v = house("basic", "stock: shuffle the discard pile into a new stock; the top discard stays")
    g = new_game(v, players=2, seed=6).deal_on()
    rng = random.Random(6)
    while len(g.stock) > 0 or g.phase != "draw":
        if g.is_chance():
            g.apply_chance()
            continue
        acts = [a for a in g.legal_actions() if a.kind in ("draw stock", "discard")]
        g.apply(rng.choice(acts))
    pile, thrower = list(g.discards), g.top_discarder
    g.apply("draw stock")
    assert g.discards == pile[-1:] and g.top_discarder == thrower and g.reuses == 1
    g.apply_chance()
    assert sorted(g.stock + [g.hands[g.player][-1]]) == sorted(pile[:-1])
    check_invariants(g)
    page = render_page(v)
    assert "the discard pile except its top card is shuffled to form a new stock" in page


# ------------------------------------------------------------------ OpenSpiel's gin


@pytest.fixture(scope="module")
def os_gin():
    return load("house/gin-openspiel")


def test_two_throw_backs_in_a_row_make_the_openspiel_hand_void(os_gin):
    """gin-openspiel: "hand is void after 2 throw-backs in a row" (gin_rummy.cc ends the
    game when the upcard is thrown back twice running)."""
    g = new_game(os_gin, players=2, deck=stacked_deck(os_gin, 2, upcard="KD"))
    g.play("draw discard", "discard KD")
    assert not g.results and g.throw_backs == 1
    g.play("draw discard", "discard KD")
    r = g.results[-1]
    assert r.reason == "void" and r.details["why"] == "repeated throw-back" and r.scores == (0, 0)


def test_the_fiftieth_draw_from_the_discard_pile_voids_the_openspiel_hand(os_gin):
    """gin-openspiel: "hand is void on draw 50 from the discard pile" (the upcard offer
    before the first turn does not count)."""
    g = new_game(os_gin, players=2, deck=stacked_deck(os_gin, 2, upcard="KD"))
    g.play("pass", "pass", "draw stock")
    g.deal_on()
    g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    draws = 0
    while not g.results:
        g.apply("draw discard")
        draws += 1
        if g.results:
            break
        g.apply(next(a for a in g.legal_actions() if a.kind == "discard" and a.card != g.taken))
    assert draws == 50 and g.results[-1].reason == "void"
    assert g.results[-1].details["why"] == "discard draw limit"


def test_at_the_openspiel_wall_the_upcard_is_taken_only_to_knock(os_gin):
    """gin-openspiel: when two stock cards remain the player may pass (a void hand) or take
    the upcard and knock at once (gin_rummy.cc's wall phase)."""
    stock = [f"{r}{s}" for s in "SHD" for r in ("A 2 3 4 5 6 7 8 9 10 J Q K".split())
             if f"{r}{s}" not in ("2S", "3S", "4S", "5H", "6H", "7H", "KD", "QD")][:28] + ["10C"]
    hands = ["AC 2C 3C 4C 5C 6C 7C JC QC KC", "2S 3S 4S 5H 6H 7H 8C 9C KD QD"]
    deck = stacked_deck(os_gin, 2, hands=hands, upcard="JD" if "JD" not in stock else "AS", stock=stock)
    g = new_game(os_gin, players=2, deck=deck)
    g.play("pass", "pass")
    while len(g.stock) > 2:
        p = g.current_player()
        g.play("draw stock").deal_on()
        g.apply("discard " + C.card_str(g.hands[p][-1]))
    assert g.current_player() == 1 and C.card_str(g.discards[-1]) == "10C"
    assert g.legal_strings() == ["draw discard", "pass"]
    g.apply("draw discard")
    assert set(g.legal_strings()) == {"knock KD", "knock QD"}
    g.play("knock KD", "meld 2S 3S 4S", "meld 5H 6H 7H", "meld 8C 9C 10C", "pass", "pass", "pass")
    r = g.results[-1]
    assert r.reason == "knock" and r.penalties == (28 + 30, 10) and r.scores == (0, 48)


def test_openspiel_ties_score_nothing(os_gin):
    """gin-openspiel: "ties go to the knocker": an equal count scores zero, no bonus
    (gin_rummy.cc adds the undercut bonus only when the knocker's score is negative)."""
    deck = stacked_deck(os_gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                          "QS QD QC 3D 4D 5D 6D 7D 8D 8C"], upcard="8S")
    g = new_game(os_gin, players=2, deck=deck)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass",
           "pass", "meld QS QD QC", "meld 3D 4D 5D", "meld 6D 7D 8D", "pass")
    r = g.results[-1]
    assert r.penalties == (8, 8) and r.reason == "knock" and r.scores == (0, 0)


# ------------------------------------------------------------------ lay-off and going-out rules


def test_lay_off_onto_own_melds_only():
    v = tweak("basic", "lay off: onto any meld", "lay off: onto own melds")
    deck = stacked_deck(v, 2, hands=["AS 2S 3S 9H 9D KD QD JC 10C 4C", "5S 7C 7D 7H 2H 3H 4H 9C 6C JD"],
                        upcard="KC", stock=["QC", "8C"])
    g = new_game(v, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S", "discard QC")
    g.play("draw stock", "meld 7C 7D 7H")
    assert "lay off 5S on 1" not in g.legal_strings() and "lay off 8C on 2" not in g.legal_strings()
    with pytest.raises(IllegalMove, match="only onto your own melds"):
        g.apply("lay off 5S on 1")
    assert "lay off 6C on 2" not in g.legal_strings()  # 6C does not fit 7-7-7


def test_lay_off_needs_a_meld_of_ones_own_first():
    """003 (Laying off): "you may not lay off any cards on other players' melds until you
    have laid down at least one meld of your own"."""
    v = load("house/basic-layoff-after-meld")
    deck = stacked_deck(v, 2, hands=["AS 2S 3S 9H 9D KD QD JC 10C 4C", "5S 7C 7D 7H 2H 3H 4H 9C 6C JD"],
                        upcard="KC", stock=["QC", "8C"])
    g = new_game(v, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S", "discard QC", "draw stock").deal_on()
    with pytest.raises(IllegalMove, match="meld of your own"):
        g.apply("lay off 4H on 1")
    g.play("meld 7C 7D 7H")
    assert "lay off 5S on 1" not in g.legal_strings()  # 5S does not fit A-2-3 either
    assert "lay off 4H on 1" not in g.legal_strings()


def test_partners_lay_off_onto_each_others_melds_but_not_onto_the_opponents():
    v = tweak("house/push-ten-cards", "extends \"push\"", "extends \"push\"\nlay off: onto own and partner's melds; only after opening")
    hands = ["7S 7H 7D 8S 8H 8D 3C 4D 5H 9S", "8C JS JH JC 10H 10D 10C 4S 5D 6H",
             "8C QS QH QC 9H 9D 9C 3S 6D 2H"]
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=hands, upcard="KC"))
    g.play("draw discard", "meld 7S 7H 7D", "meld 8S 8H 8D", "discard KC")
    g.play("draw discard", "meld JS JH JC", "meld 10H 10D 10C")
    assert "lay off 8C on 2" not in g.legal_strings()
    g.apply("discard 4S")
    g.play("draw discard", "meld QS QH QC", "meld 9H 9D 9C")
    assert "lay off 8C on 2" in g.legal_strings()


def test_going_out_only_with_a_final_discard_keeps_a_card_back():
    """003 (Last discard): "You are not allowed to meld all your cards, leaving nothing to
    discard"."""
    v = load("house/basic-last-discard")
    deck = stacked_deck(v, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"], upcard="KC", stock=["JS"])
    g = new_game(v, players=2, deck=deck)
    g.play("draw stock")
    assert "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS" not in g.legal_strings()
    g.play("meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "discard JS")
    assert g.results[-1].reason == "went out" and g.results[-1].rummy


def test_a_claimer_who_may_meld_at_once_does_so_before_the_turn_goes_on():
    v = tweak("continental", "no melding until next turn", "claimer may meld at once")
    g = new_game(v, players=4, deck=stacked_deck(v, 4, upcard="KC")).deal_on()
    g.play("draw stock", "may i")
    g.deal_on()
    assert (g.phase, g.current_player()) == ("claim meld", 1) and "pass" in g.legal_strings()
    g.play("pass")
    g.deal_on()
    assert (g.phase, g.current_player()) == ("play", 0)
    check_invariants(g)


def test_continental_round_two_asks_for_one_trio_and_one_straight(continental):
    """002: hand 2 is "One trio & one straight"; the deal passes to the left."""
    v = continental
    first = stacked_deck(v, 4, hands=["5S 5H 5C 5D 5S 5H 9D 9C 9S 9H 9D 9C"], upcard="KC", stock=["5C"])
    second = stacked_deck(v, 4, round=2, hands=[None, "7S 7H 7D 3C 4C 5C 6C KS QH JD 2S 8H"],
                          upcard="KC", stock=["10D"])
    g = new_game(v, players=4, deck=[first, second])
    g.play("draw stock", "pass", "pass", "pass", "meld 5S 5H 5C", "meld 9D 9C 9S")
    for c in "5D 5S 5H 9H 9D 9C".split():
        g.apply(f"lay off {c} on {1 if c[0] == '5' else 2}")
    g.apply("discard 5C") if g.hands[0] else None
    assert g.results[0].reason == "went out" and g.results[0].winner == 0
    g.deal_on()
    assert (g.round, g.dealer, g.current_player()) == (2, 0, 1)
    g.play("draw stock", "pass", "pass", "pass", "meld 7S 7H 7D")
    assert "meld 3C 4C 5C 6C" in g.legal_strings()
    g.play("meld 3C 4C 5C 6C")
    assert g.opened[1]
