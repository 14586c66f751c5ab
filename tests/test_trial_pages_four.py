"""Page defects found by the new-user trials of round J (Cuban Canasta and Mexicana, written
from the docs alone), each with the rule file's words that showed it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import rulespec
from rulespec import cards as C
from rulespec.rulebook import render_page

from conftest import LITTLE_CANASTA, VARIANTS, house, random_walk

RED_THREES = "bonus cards: red 3s; each scores 100; all 4 score 800\n"
CONCEALED = ("scoring:  melds score for whoever laid them; count all cards\n"
             "          going out = +100\n          going rummy = +100\n")


def canasta(extra: str = "") -> str:
    return LITTLE_CANASTA.replace('game:', extra + 'game:')


def plain(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", page).split())


def worked(page: str) -> str:
    return plain(page).split("A worked example.")[1].split("##")[0]


def test_worked_example_melds_cards_the_packs_hold_and_reaches_the_opening():
    """Cuban Canasta's page melded J♠ J♠ J♠ from two packs (two J♠ only), worth 30 + 15,
    below the 50 the page asks of an opening just above."""
    v = rulespec.compile_text(canasta(RED_THREES), name="canasta.rules")
    text = worked(render_page(v))
    first = re.search(r"A player melded (.+?) \((\d+)\) and (.+?) \((\d+)\)", text)
    cards = first.group(1).split() + first.group(3).split()
    assert max(Counter(cards).values()) <= 2  # two packs: at most two of a card
    assert len(set(first.group(1).split())) == 3  # the set's three cards differ
    assert int(first.group(2)) + int(first.group(4)) >= 50
    assert v.can_open(C.parse_cards("AS AH AD 7H 7D 7C"))
    assert first.group(1) == "A♠ A♥ A♦"


def test_bonus_cards_are_said_apart_from_the_value_table():
    """The table says "3 to 7: 5 points", which holds the red threes, that never count in
    a hand: the page says so under the table."""
    page = plain(render_page(rulespec.compile_text(canasta(RED_THREES), name="c.rules")))
    values = page.split("Card values.")[1].split("When the hand ends")[0]
    assert "| 3 to 7 | 5 points |" in values
    assert values.strip().endswith(
        "The red threes are bonus cards: they are never held in a hand, and score as bonus "
        "cards (below), not by this table.")
    page = plain(render_page(rulespec.compile_text(canasta(), name="c.rules")))
    assert "are bonus cards" not in page


def test_the_bonus_for_going_out_comes_before_going_rummy_which_builds_on_it():
    """Mexicana: "Going concealed … besides the 100 points for going out" came before the
    paragraph on the 100 points for going out."""
    text = canasta().replace(
        "scoring:  melds score for whoever laid them; count all cards\n", CONCEALED)
    page = plain(render_page(rulespec.compile_text(text, name="c.rules")))
    out, rummy = page.index("Bonus for going out."), page.index("Going rummy.")
    assert out < rummy
    assert "besides the 100 points for going out" in page[rummy:]


def test_aces_high_without_runs_is_a_warning_and_not_said():
    """Cuban Canasta wrote `aces: high` in a game of sets: the page said "Aces are high",
    which means nothing there."""
    text = canasta().replace("values:", "aces:     high\nvalues:")
    v = rulespec.compile_text(text, name="c.rules")
    assert [d.code for d in v.warnings] == ["W303"]
    page = plain(render_page(v))
    assert "The cards of each suit rank 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A." in page
    assert "Aces are high" not in page
    assert not house("basic", "aces: high").warnings  # with runs: no warning


def test_the_first_dealer_at_random_is_marked_as_a_default_where_the_file_marks_rules():
    """Mexicana: "The first dealer is chosen at random" read as the source's rule."""
    marked = canasta().replace("players:  4", "players:  4   (source)")
    deal = plain(render_page(rulespec.compile_text(marked, name="c.rules"))).split(
        "## The deal")[1].split("## ")[0]
    assert "The first dealer is chosen at random.1" in deal
    assert "1 The language's default: the rule file does not say it." in deal
    said = marked.replace("deal:", "seating:  first dealer chosen at random\ndeal:")
    deal = plain(render_page(rulespec.compile_text(said, name="c.rules"))).split(
        "## The deal")[1].split("## ")[0]
    assert "The language's default" not in deal


BLOCK = (open(VARIANTS / "basic.rules", encoding="utf-8").read()
         .replace('variant "Basic Rummy"', 'variant "Block Rummy"')
         .replace("stock:   turn the discard pile over without shuffling",
                  "stock:   hand ends; discard may then not be taken"))


def test_the_last_stock_card_drawn_ends_the_hand_only_once_that_turn_is_played():
    """Round the Corner / Block Rummy: the page said "the hand ends at once" when the stock
    runs out, but the player who drew its last card melds and discards first (as the
    source plays it: "players do not continue after going through the pack once")."""
    v = rulespec.compile_text(BLOCK, name="block.rules")
    page = plain(render_page(v))
    assert ("When the stock runs out, the hand ends as soon as the player who drew from it "
            "last has finished their turn: nobody may take the top discard.") in page
    emptied = 0
    for seed in range(8):
        after = []  # the moves from the draw that empties the stock to the end of the hand
        for g in random_walk(v, 2, seed):
            if g.round != 1 or g.is_over():
                after.append(str(g.history[-1]))  # the move that ended the hand
                break
            if not g.stock:
                after.append(str(g.history[-1]))
        if len(after) < 2:
            continue  # someone went out first
        emptied += 1
        assert after[0].startswith("draw ") and after[0] != "draw stock"  # the last card
        assert after[-1].startswith("discard ")  # that player's turn, played out
        assert not any(m.startswith("draw") for m in after[1:])  # and nobody else's
    assert emptied >= 3


def test_two_sets_of_a_rank_are_said_only_where_the_cards_allow_them():
    """Round the Corner: "A player may lay down, as separate melds, two sets of the same
    rank" with one pack and no wild card, where the four cards of a rank make one set."""
    table = "table: melds are never split or joined"
    page = plain(render_page(house("basic", table)))
    assert "A player may lay down, as separate melds, two runs of the same suit" in page
    assert "two sets of the same rank" not in page
    wild = plain(render_page(house("basic", table, "wild: 2s")))
    assert "two sets of the same rank or two runs of the same suit" in wild


#: the shape of the Calypso trial's stand-in: runs only, drawn from the stock alone, every
#: card worth 20 melded and nothing in hand, a bonus for a whole suit
RUNS_ONLY = """variant "Runs Only"
players:  2
deck:     2 packs, no jokers
values:   A-K = 20 melded, 0 in hand
melds:    no sets
          runs of 3-13 cards in the same suit
deal:     13 cards each
upcard:   none
draw:     from the stock
lay off:  onto own melds
going out: with or without final discard
stock:    hand ends
scoring:  melds score for whoever laid them
          run of 13+ cards = +500
game:     4 deals; highest wins
"""


def test_a_game_of_runs_from_the_stock_reads_right():
    """Calypso trial: the worked example melded a set where there are none; "It may be
    the card you just took from the discard pile" and "the next player does not take the
    top discard" where nobody draws from it; `A-K = 20 melded` read as 52 cards; and
    `0 in hand` was refused as "every card is worth 0" (E347) though melds score."""
    v = rulespec.compile_text(RUNS_ONLY, name="runs.rules")
    page = plain(render_page(v))
    assert "A player melded A♠ 2♠ 3♠ (60) and 7♥ 8♥ 9♥ (60), and later laid off 10♥ (20)" in page
    assert "just took from the discard pile" not in page
    assert "does not take the top discard" not in page
    assert "Melded on the table, every card counts 20 points; left in hand" in page
    assert "A run of thirteen cards on the table scores a bonus of 500 points" in page  # no more


def test_a_value_melded_alone_asks_for_the_value_in_hand():
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(RUNS_ONLY.replace("20 melded, 0 in hand", "20 melded"),
                              name="r.rules")
    (d,) = err.value.errors
    assert d.code == "E320" and "a value melded but none in hand" in d.message
    with pytest.raises(rulespec.SpecError) as err:  # nothing scores at all: still E347
        rulespec.compile_text(RUNS_ONLY.replace("          run of 13+ cards = +500\n", "")
                              .replace("A-K = 20 melded, 0 in hand", "A-K = 0"), name="r.rules")
    assert [d.code for d in err.value.errors] == ["E347"]


#: the shape of the Chinese Rummy trial: a pack of five ranks, melds of five, one wild card
#: a meld, hands won deciding the game
FIVES = """variant "Fives"
players: 2-6
deck:    1 pack for 2-3 players
         2 packs for 4-6 players
         without 6-K
         2 jokers per pack
melds:   runs of 5 cards in the same suit
         sets of 5 cards of the same rank in any suits
wild:    jokers
         at most 1 wild per meld
         no all-wild melds
deal:    5 cards each
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
melding: whole hand at once
lay off: not allowed
going out: only with final discard
stock:   shuffle the discard pile into a new stock
scoring: none
game:    first to win 5 hands
"""


def test_a_pack_of_five_ranks_reads_right():
    """Chinese Rummy trial: 2-3-4-5-A "ace high" and 5-A-2-3-4 "round the corner" were the
    ace-low run's cards reordered; "Joker Joker Joker ✘ no natural card" was also too short
    and over the one-wild limit; a missing comma after the stripped ranks; the game's end
    said three times."""
    page = plain(render_page(rulespec.compile_text(FIVES, name="fives.rules")))
    assert "| A♠ 2♠ 3♠ 4♠ 5♠ | ace low: a run |" in page
    assert "ace high" not in page and "round the corner" not in page
    assert "| Joker Joker Joker |" not in page
    assert "stripped of the sixes, sevens, eights, nines, tens, jacks, queens and kings, " \
           "depends on the number of players" in page
    assert page.count("The first player to win five rounds wins the game") == 2  # overview, end
    assert "nobody counts any points, and the rounds won decide the game" in page


def test_a_show_game_where_the_winner_collects_says_show_and_who_is_owed():
    """Paplu trial: "When a player goes out … the player who went out scores" in a game
    where only a show ends the hand; "A player whose show is not valid scores 80 points"
    read as a gain where the winner collects; the drops' cost said nobody it was owed to."""
    v = house("indian-points", "scoring: winner collects; losers pay the winner",
              "game: to 500 points; highest wins")
    page = plain(render_page(v))
    assert ("When a player makes a valid show, every other player counts their cards, and the "
            "player who showed scores the total of all their counts.") in page
    assert "goes out" not in page.split("## Scoring")[1].split("## End")[0]
    assert ("A player whose show is not valid is out of the hand, as after a drop, and their "
            "hand counts 80 points, owed as any losing hand's count.") in page
    assert "The cost is what the dropped hand counts, owed as any losing hand's count." in page
