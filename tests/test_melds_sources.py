"""Every meld and declaration example the rule sources spell out, judged by the meld code.

Sources are in ../shared/rules-sources/ (cited by file name per test); the rulesets come
from tests/meld_rulesets.py (the compiled variant files once the compiler loads them).
"""

from __future__ import annotations

import dataclasses

import pytest

from meld_rulesets import ruleset
from rulespec.cards import JOKER, parse_card, parse_cards
from rulespec.melds import best_arrangement, card_value, classify_meld
from rulespec.melds.checks import (
    can_lay_off,
    check_declaration,
    contract_melds,
    fulfils_contract,
    penalty,
    replacements,
)
from rulespec.melds.opening import opening_melds, reaches_threshold
from rulespec.ruleset import Aces


def P(text):
    return parse_cards(text.replace("Joker", "JK"))


def meld(name, text, wild=None):
    return classify_meld(ruleset(name), P(text), None if wild is None else parse_card(wild))


# ------------------------------------------------------------------ Indian rummy

# 001_dffb708cd3d4bc02.txt, "Examples of valid sequences" / "Pure sequences"; 003 the same.
@pytest.mark.parametrize("text", ["6D 7D 8D 9D", "AC KC QC JC", "7S 8S 9S", "AC 2C 3C 4C"])
def test_indian_valid_pure_sequences_are_pure_runs(text):
    m = meld("indian-points", text)
    assert m is not None and m.kind == "run" and m.pure


# 001 and 003, "Examples of valid sets" and "Valid Sets" Example 1; 003 notes on colours.
@pytest.mark.parametrize(
    "text", ["8D 8H 8C 8S", "QC QD QH", "KC KD KH KS", "QH QD QC", "2D 2C 2H"]
)
def test_indian_valid_sets_are_sets(text):
    m = meld("indian-points", text)
    assert m is not None and m.kind == "set" and m.pure


# 001, "Example of a valid sequence with a Joker: 5♦ 6♦ Joker 8♦ (Joker used in place of 7♦)".
def test_indian_joker_stands_for_the_missing_card_of_a_sequence():
    m = meld("indian-points", "5D 6D Joker 8D")
    assert m is not None and not m.pure
    assert [r.wilds for r in m.readings if r.kind == "run"] == [((JOKER, parse_card("7D")),)]


# 001, "Impure sequences" Example 1: 4♦ 5♦ Joker 7♦, the joker in place of 6♦.
def test_indian_impure_sequence_with_the_joker_for_six_of_diamonds():
    m = meld("indian-points", "4D 5D Joker 7D")
    assert m.kind == "run" and not m.pure
    assert m.readings[0].wilds == ((JOKER, parse_card("6D")),)


# 001, "Impure sequences" Example 2: K♠ Q♠ J♠ Joker, the joker standing for 10♠.
def test_indian_joker_below_the_jack_reads_as_ten_of_spades():
    m = meld("indian-points", "KS QS JS Joker")
    assert m is not None and not m.pure
    assert ((JOKER, parse_card("10S")),) in [r.wilds for r in m.readings]


# 001, "Example of a valid set with a Joker: 6♣ 6♦ 6♥ Joker" and "Joker 7♦ 7♥ 7♠".
@pytest.mark.parametrize("text,rank", [("6C 6D 6H Joker", 5), ("Joker 7D 7H 7S", 6)])
def test_indian_joker_completes_a_set(text, rank):
    m = meld("indian-points", text)
    assert m.kind == "set" and m.readings[0].rank == rank and not m.pure


# 001, "Invalid Sets" Examples 1 and 2: a suit used twice.
@pytest.mark.parametrize("text", ["4S 4D 4H 4S", "QC QD QH QD"])
def test_indian_sets_with_a_suit_twice_are_invalid(text):
    assert meld("indian-points", text) is None


# 001, "Printed Jokers"/"Wild Joker": the cut card's rank is wild; the cut joker makes aces wild
# (001 "How to play rummy" point 9).
def test_indian_cut_wild_joker_and_cut_printed_joker_make_aces_wild():
    m = meld("indian-points", "5S 6S 9H", wild="9C")
    assert m is not None and not m.pure
    assert meld("indian-points", "5S 6S AH", wild="JK") is not None
    assert meld("indian-points", "5S 6S AH", wild="9C") is None


# 001, "Examples of valid declarations" Example 1 and 003 Example A.
def test_indian_declaration_example_1_is_valid():
    groups = [P("AD 2D 3D 4D"), P("5S 6S 7S"), P("9D 9S 9C"), P("QS QD QC")]
    v = check_declaration(ruleset("indian-points"), groups)
    assert v.ok, v.reason


# 003, Example B: "Jack♣ 7♥ Queen♣ - Valid sequence 2 where 7♥ is the wild joker".
def test_indian_declaration_example_b_with_seven_of_hearts_wild_is_valid():
    groups = [P("3H 4H 5H 6H"), P("JC 7H QC"), P("QS QD QC"), P("9S 9H 9C")]
    v = check_declaration(ruleset("indian-points"), groups, wild=parse_card("7H"))
    assert v.ok, v.reason


# 001, Example 2 prints the second group as "Jack♣ 7♥ Jack♥" (the scrape garbled 003's
# "Jack♣ 7♥ Queen♣"): with 7♥ wild, J♣ 7♥ J♥ is a set of jacks, not a sequence, so as
# printed the show has one sequence and the rules make it wrong. Decided by the rules.
def test_indian_declaration_example_2_as_printed_has_only_one_sequence():
    groups = [P("3H 4H 5H 6H"), P("JC 7H JH"), P("QS QD QC"), P("9S 9H 9C")]
    rs = ruleset("indian-points")
    assert classify_meld(rs, P("JC 7H JH"), parse_card("7H")).kinds == {"set"}
    v = check_declaration(rs, groups, wild=parse_card("7H"))
    assert not v.ok and "sequence" in v.reason


# 001, "Invalid or wrong declarations" Example 1 - where 9♥ is the wild joker: one sequence.
def test_indian_wrong_declaration_with_only_one_sequence():
    groups = [P("AH 2H 3H 4H"), P("5C 5S 9H"), P("6D 6S 9H"), P("7D 7C 7H")]
    v = check_declaration(ruleset("indian-points"), groups, wild=parse_card("9H"))
    assert not v.ok and "1 sequence" in v.reason


# 001, Example 2 - where an invalid set is used: 7♥ 7♦ 7♥.
def test_indian_wrong_declaration_with_seven_of_hearts_twice():
    groups = [P("AC 2C 3C 4C"), P("5C 6C 7C"), P("7H 7D 7H"), P("9D 9S 9C")]
    v = check_declaration(ruleset("indian-points"), groups)
    assert not v.ok and "twice" in v.reason


# 003, "A declaration ... should use all 13 cards".
def test_indian_declaration_must_use_thirteen_cards():
    groups = [P("AD 2D 3D 4D"), P("5S 6S 7S"), P("9D 9S 9C")]
    assert not check_declaration(ruleset("indian-points"), groups).ok


# 001 "How points are calculated" 4-6: jokers 0, A J Q K 10; no two sequences with a pure
# one -> every card counts, capped at 80; with them only the ungrouped cards count.
def test_indian_penalty_counts_ungrouped_cards_only_with_two_sequences_one_pure():
    rs = ruleset("indian-points")
    assert penalty(rs, P("AD 2D 3D 4D 5S 6S 7S 9D 9S 9C QS QD KC")) == 30
    assert penalty(rs, P("AD 2D 3D 4D 5S 6S JK 9D 9S 9C QS QD KC")) == 30
    # one sequence only: all 13 cards (95 points) count, capped at 80
    assert penalty(rs, P("AD 2D 3D 4D 5S 6S 8S 9D 9S 9C QS QD KC")) == 80
    # two impure sequences and no pure one: everything counts (2+3+9+9+9+10+10 = 52)
    assert penalty(rs, P("5S 6S JK 9D 10D JK 2C 3H 9S 9C QS QD")) == 5 + 6 + 9 + 10 + 2 + 3 + 9 + 9 + 10 + 10


# 003 "What is the value of each card": jokers (wild and printed) 0, ace 10, faces 10.
def test_indian_card_values():
    rs = ruleset("indian-points")
    assert card_value(rs, JOKER) == 0
    assert card_value(rs, parse_card("7H"), parse_card("7C")) == 0
    assert card_value(rs, parse_card("AS")) == 10
    assert card_value(rs, parse_card("8D")) == 8


# ------------------------------------------------------------------ Push

# 000_549a6f6be144c7fc.txt / 004: "if you put down 6-2-Joker you must say whether it is a set of
# sixes or a run in diamonds, and if it is a run ... 4-5-6, 5-6-7 or 6-7-8".
def test_push_six_two_joker_reads_as_sixes_or_three_runs():
    m = meld("push", "6D 2C JK")
    sets = {r.rank for r in m.readings if r.kind == "set"}
    runs = {r.ranks for r in m.readings if r.kind == "run"}
    assert sets == {5}
    assert runs == {(3, 4, 5), (4, 5, 6), (5, 6, 7)}
    assert all(r.suit == 2 for r in m.readings if r.kind == "run")


# 000: "A two can also be used as a natural card (i.e. representing itself) in a run such as A-2-3-4."
def test_push_two_is_natural_in_ace_two_three_four():
    m = meld("push", "AD 2D 3D 4D")
    assert m.kind == "run" and m.pure


# 000: "Aces can be used as a high card (J-Q-K-A) or as a low card (A-2-3-4), but not both
# (K-A-2-3 is not allowed)".
@pytest.mark.parametrize("text,ok", [("JH QH KH AH", True), ("AH 2H 3H 4H", True),
                                     ("KH AH 2H 3H", False), ("3C 4C 5C 6C", True),
                                     ("9S 10S JS", True)])
def test_push_aces_high_or_low_but_not_both(text, ok):
    assert (meld("push", text) is not None) == ok


# 000: "a set cannot contain two cards of the same suit. Therefore a set cannot contain more
# than four cards. However, a player can meld two separate sets ... 8-8-8 and 8-8-8."
def test_push_sets_need_different_suits_but_two_sets_of_eights_meld():
    assert meld("push", "8S 8S 8H") is None
    assert meld("push", "7S 7H 7D") is not None and meld("push", "QS QH QD QC") is not None
    assert meld("push", "QS QH QD QC JK") is None
    arr = best_arrangement(ruleset("push"), P("8S 8H 8D 8S 8H 8D"))
    assert len(arr.melds) == 2 and arr.deadwood == ()


# 000: "4-5-6-7 and 8-9-10-J, or these eight cards could be melded as a single run".
def test_push_eight_card_run_or_two_runs():
    assert meld("push", "4S 5S 6S 7S 8S 9S 10S JS") is not None
    assert best_arrangement(ruleset("push"), P("4S 5S 6S 7S 8S 9S 10S JS")).deadwood_points == 0


# 000: "Wild cards can be used as substitute for any number of cards"; a meld may be all wild.
def test_push_melds_of_mostly_or_only_wild_cards():
    assert meld("push", "6D 2C JK 2H") is not None
    assert meld("push", "2C JK 2H") is not None


# 000 Scoring table: 3-9 = 5, 10-K = 10, Ace = 15, Joker and 2 = 20.
def test_push_card_values():
    rs = ruleset("push")
    assert [card_value(rs, c) for c in P("3S 9H 10D KC AS 2C JK")] == [5, 5, 10, 10, 15, 20, 20]


# 000 "The Contracts": round 1 two sets of three ... round 5 two runs of five.
def test_push_contracts():
    rs = ruleset("push")
    assert fulfils_contract(rs, [P("5S 5H 5D"), P("KS KH 2C")], round=1)
    assert not fulfils_contract(rs, [P("5S 5H 5D"), P("KS QS JS")], round=1)
    assert fulfils_contract(rs, [P("5S 5H 5D"), P("9S 10S JS QS")], round=2)
    assert fulfils_contract(rs, [P("3S 4S 5S 6S 7S"), P("7H 8H 9H 10H JK")], round=5)
    assert not fulfils_contract(rs, [P("3S 4S 5S 6S"), P("7H 8H 9H 10H JK")], round=5)
    arr = contract_melds(rs, P("3S 4S 5S 6S 7S 7H 8H 9H 10H JK"), round=5)
    assert arr is not None and fulfils_contract(rs, arr.melds, round=5)
    assert contract_melds(rs, P("3S 4S 5S 6S 7S 7H 8H 9H 10H KD"), round=5) is None


# 000: rescue a wild with the natural it represents; "If a two is used as a natural card in a
# meld such as A-2-3-4 then it can not be rescued".
def test_push_rescuing_wilds_but_never_a_natural_two():
    rs = ruleset("push")
    assert replacements(rs, P("6D"), [P("5D JK 7D")]) == [(parse_card("6D"), 0, JOKER)]
    assert replacements(rs, P("3C 5C"), [P("AD 2D 3D 4D")]) == []


# ------------------------------------------------------------------ Gin and Michigan

# 002_ea5597a1718b1936.txt, "A straight of 5 cards: 7♠ 8♠ 9♠ 10♠ J♠", "A set of 4 cards: 2♠ 2♦ 2♣ 2♥".
def test_gin_straight_and_set_examples():
    assert meld("gin", "7S 8S 9S 10S JS").kind == "run"
    assert meld("gin", "2S 2D 2C 2H").kind == "set"
    arr = best_arrangement(ruleset("gin"), P("7S 8S 9S 10S JS 2S 2D 2C 2H KH"))
    assert arr.deadwood_points == 10 and len(arr.melds) == 2


# 002 "Michigan Rummy": "Melds have to include 3-5 cards": a 5-card straight, a set of 4, and
# "Illegal set of 2 cards: 7♦ 7♣"; 002 Gin "melds of 6 or more cards are not allowed".
def test_michigan_melds_of_three_to_five_cards():
    assert meld("michigan-gin", "7S 8S 9S 10S JS") is not None
    assert meld("michigan-gin", "8S 8D 8C 8H") is not None
    assert meld("michigan-gin", "7D 7C") is None
    assert meld("michigan-gin", "7S 8S 9S 10S JS QS") is None
    assert best_arrangement(ruleset("michigan-gin"), P("7S 8S 9S 10S JS QS")).deadwood_points == 0


# 003 "Ace High or Low": "aces are low. A-2-3 is a valid run but Q-K-A is not"; "round the
# corner" runs K-A-2 are a house rule.
def test_basic_aces_low_and_round_the_corner_house_rule():
    assert meld("basic", "AS 2S 3S") is not None
    assert meld("basic", "QS KS AS") is None
    around = dataclasses.replace(ruleset("basic"), aces=Aces("around"))
    assert classify_meld(around, P("KS AS 2S")) is not None
    either = dataclasses.replace(ruleset("basic"), aces=Aces("either"))
    assert classify_meld(either, P("QS KS AS")) is not None
    assert classify_meld(either, P("KS AS 2S")) is None


# 003 "Laying off": "to the 4, 5, 6 you could add the 3 or the 7" but with 2-2-2-2 and 3-4-5 on
# the table you may not move a 2 to lay off the A.
def test_basic_lay_off_examples():
    rs = ruleset("basic")
    assert can_lay_off(rs, parse_card("3H"), P("4H 5H 6H")) is not None
    assert can_lay_off(rs, parse_card("7H"), P("4H 5H 6H")) is not None
    assert can_lay_off(rs, parse_card("AH"), P("3H 4H 5H")) is None


# ------------------------------------------------------------------ Continental

# 002 "Continental Rummy": "the wilds can never outnumber the standard cards. Trios of wild
# cards can be played, however, and only wild cards can be played onto these trios."
def test_continental_wilds_never_outnumber_but_wild_trios_are_allowed():
    rs = ruleset("continental")
    assert classify_meld(rs, P("5S 5H JK")) is not None
    assert classify_meld(rs, P("5S JK AH")) is None
    assert classify_meld(rs, P("JK JK AH")) is not None
    assert can_lay_off(rs, parse_card("5S"), P("JK JK AH")) is None
    assert can_lay_off(rs, JOKER, P("JK JK AH")) is not None


# 002: "A set consists of three or more cards of the same face value"; "A run consists of four or
# more cards of the same suit"; "No run may contain more than 13 cards"; aces high or low.
def test_continental_set_and_run_sizes():
    rs = ruleset("continental")
    assert classify_meld(rs, P("7S 7S 7H")) is not None  # two packs: any suits
    assert classify_meld(rs, P("7S 7S 7H 7C 7D")) is not None
    assert classify_meld(rs, P("5S 6S 7S")) is None
    assert classify_meld(rs, P("5S 6S 7S 8S")) is not None
    assert classify_meld(rs, P("JC QC KC AC")) is not None
    assert classify_meld(rs, P("KC AC 2C 3C")) is None


# 002: "Player 1 has a straight of 4-8 of hearts, with a wild standing in for the 5. Player 2
# ... cannot play his 5 of hearts and move the wild card"; wilds in runs may be replaced,
# "Wild cards that are part of a set may not be replaced".
def test_continental_wild_in_a_run_is_replaced_not_moved():
    rs = ruleset("continental")
    table = [P("4H JK 6H 7H 8H"), P("7S 7D JK")]
    assert can_lay_off(rs, parse_card("5H"), table[0]) is None
    assert replacements(rs, P("5H 7C"), table) == [(parse_card("5H"), 0, JOKER)]


# 002 "The sequence of seven hands": two trios ... three straights; "While playing the first hand
# of two sets, no player may play three sets"; 5-8 and 9-Q of spades as two straights.
def test_continental_contracts():
    rs = ruleset("continental")
    assert fulfils_contract(rs, [P("5S 5H 5D"), P("KS KH JK")], round=1)
    assert not fulfils_contract(rs, [P("5S 5H 5D"), P("KS KH JK"), P("9C 9D 9H")], round=1)
    assert fulfils_contract(rs, [P("5S 6S 7S 8S"), P("9S 10S JS QS")], round=3)
    hand = P("3S 4S 5S 6S 7H 8H 9H 10H JK 2D 3D 5D")
    arr = contract_melds(rs, hand, round=7)
    assert arr is not None and len(arr.melds) == 3 and arr.deadwood == ()
    assert fulfils_contract(rs, arr.melds, round=7)
    assert contract_melds(rs, P("3S 4S 5S 6S 7H 8H 9H 10H KC 2D 3D 5D"), round=7) is None


# 002 "Scoring": 2-9 = 5, 10 and faces 10, aces 20, jokers 50 (red aces are wild, still aces).
def test_continental_card_values():
    rs = ruleset("continental")
    assert [card_value(rs, c) for c in P("2S 9H 10D KC AS AH JK")] == [5, 5, 10, 10, 20, 20, 50]


# ------------------------------------------------------------------ opening thresholds

# 003: Rummy 51, "whose sum must be 51 or more ... 10, 12, 13, 14, and aces count as 10 points".
def test_rummy51_opening_needs_fifty_one():
    rs = ruleset("rummy51")
    assert opening_melds(rs, P("10S JS QS KS 5H 5D 5C 2H 3H 9C KD"))[0] == 55
    assert reaches_threshold(rs, P("10S JS QS KS 5H 5D 5C 2H 3H 9C KD"))
    assert not reaches_threshold(rs, P("10S JS QS KS 4H 4D 2H 3H 9C KD"))
    # a joker counts as the card it replaces: Q-K-A with the joker as the ace adds 10
    assert opening_melds(rs, P("QH KH JK 9S 9D 9C 10C"))[0] == 30 + 27


# 003: Rommé, "a player's first meld must be worth at least 40 points".
def test_romme_opening_needs_forty():
    rs = ruleset("romme")
    assert reaches_threshold(rs, P("10S JS QS KS 2H"))
    assert not reaches_threshold(rs, P("2S 3S 4S 5S 6S 7S 9H"))
