"""Page defects found by the new-user trials of round E (Five Crowns, Phase 10, Canasta and
Marriage, written from the docs alone), each with the rule file's words that showed it."""

from __future__ import annotations

import re

import rulespec
from rulespec.rulebook import render_page

from conftest import MARRIAGE, house


def flat(text: str) -> str:
    return " ".join(text.split())


def test_marriage_page_reads_right():
    page = flat(render_page(rulespec.compile_text(MARRIAGE, name="marriage.rules")))
    # one rank is wild: "is", and with no printed jokers any wild card may be natural
    assert "Every card of the rank cut for the hand is wild" in page
    assert "Any wild card may also stand for itself, as a natural card." in page
    # the show examples in the variant's words, and no "wrong show" where none is punished
    assert "✔ valid: 3 sequences (3 pure) and 4 triplets" in page
    assert "✘ not valid: 2 pure sequences: a show needs at least 3" in page
    assert "wrong show" not in page
    # the hand ends with a show, since nobody goes out
    assert "**A worked example.** A player makes a valid show;" in page
    assert "so the player who showed scores 10 + 10 = 20 points" in page
    assert "goes out" not in page.split("**A worked example.**")[1].split("##")[0]
    # melds of exactly three
    assert "✘ only two cards, and a triplet has exactly three" in page
    plain = re.sub(r"<[^>]+>", "", page)
    assert "| 4♠ 4♦ 4♠ | ✘ two spades" in plain  # three cards: a triplet has no fourth


def test_phase_10_page_reads_right():
    """Sized contracts need no word on the smallest meld; a rule on wild cards' places is
    marked with its own source only; sets "in any suits"."""
    v = house("basic", "wild: kings (source: \"make the kings wild\")",
              "table: wild cards keep their places (source: \"It must remain as that card\")",
              "melds: sets of 2+ cards of the same rank in any suits; "
              "runs of 4+ cards in the same suit",
              "opening: round 1: 2 sets of 3", "melding: no new melds after opening")
    page = flat(render_page(v))
    assert "smallest size" not in page
    assert "A **set** is two or more cards of the same rank in any suits." in page
    kept = next(p for p in render_page(v).split("\n\n") if p.startswith("A wild card keeps"))
    assert re.search(r"\.<sup>\d+</sup>$", kept), kept  # one marker: its own source


def test_canasta_page_reads_right():
    """No runs: nothing about aces, and the owner-scoring example melds sets only."""
    v = house("rummy500", "melds: sets of 3+ cards of the same rank in any suits; no runs")
    page = flat(render_page(v))
    assert "Aces are low" not in page and "low in a run" not in page
    example = page.split("**A worked example.**")[1].split("##")[0]
    assert "J♠" in example and "Q♠" not in example and "4♠ 5♠ 6♠" not in example


def test_ace_examples_and_the_worked_meld_use_no_wild_card_as_natural():
    """Pinnacola trial: with the black twos wild, the page's ace-low run was A♠ 2♠ 3♠ and
    its worked example melded it, a wild card passing as a natural two. They move to the
    first suit whose cards are natural (hearts)."""
    v = house("basic", "wild: black 2s", "aces: high or low but not both",
              "scoring: melds score for whoever laid them; count all cards")
    plain = re.sub(r"<[^>]+>", "", render_page(v))
    assert "| A♥ 2♥ 3♥ | ace low: a run |" in plain
    assert "| K♥ A♥ 2♥ | round the corner: not a run |" in plain
    assert "2♠ 3♠" not in plain and "2♣ 3♣" not in plain
    assert "A player melded A♥ 2♥ 3♥" in flat(plain)


def test_a_hand_the_stock_ends_pays_no_going_out_bonus_and_the_page_says_so():
    """Pinnacola trial: "as when a player goes out" read as if the 100 for going out were
    paid when the stock ends the hand; the engine pays it only to a player who went out."""
    v = house("basic", "stock: hand ends",
              "scoring: melds score for whoever laid them; count all cards; going out = +100")
    page = flat(render_page(v))
    assert ("When the stock runs out and the next player does not take the top discard, the "
            "hand ends. Then each player scores their cards on the table less the cards left "
            "in their hand, as when a player goes out, but nobody scores the 100 points for "
            "going out.") in page
    plain = flat(render_page(house("basic", "stock: hand ends",
                                   "scoring: melds score for whoever laid them; count all cards")))
    assert "as when a player goes out." in plain and "for going out." not in plain
