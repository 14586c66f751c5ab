"""Rules the sources state that the pages and the language once left out (issue 16, item
3): each is checked on the page, and where it changes play, in a game on a stacked deck.

Sources: ../shared/rules-sources/000_549a6f6be144c7fc.txt (Push),
002_ea5597a1718b1936.txt (Gin Rummy, Continental Rummy), 003_7c6f46fb7ffca698.txt (Block
Rummy)."""

from __future__ import annotations

import rulespec
from rulespec.rulebook import render_page

from conftest import VARIANTS


def page(name: str) -> str:
    return render_page(rulespec.load(VARIANTS / f"{name}.rules"))


def flat(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ Block: ties share


def test_the_block_page_says_that_tied_lowest_hands_share_the_winnings():
    """The engine shares the differences among hands that tie for lowest
    (engine/scoring.py, test_hand_endings); the page now says so where it states the rule."""
    text = flat(page("block"))
    assert "Players who tie for the lowest count share those points equally." in text
