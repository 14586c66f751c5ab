"""Semantic checks of special hands (issue 15, item 12): a special hand no deal can hold,
or a score the scoring method cannot pay.

====  ================================================================================
E385  a special hand can never be held (more pairs than the hand has cards, identical
      cards in a deck without any, a count no hand reaches), is declared after a draw in
      turns that do not draw, or owes what scoring by owner never pays
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, player_counts, rounds

check = Checks()


def _largest_hand(r: Ruleset, turn: bool) -> int:
    """The most cards a hand holds when a special hand may be declared (after drawing: one more)."""
    sizes = [r.deal.hand_size(n, rnd) or 0 for n in player_counts(r) for rnd in rounds(r)]
    return max(sizes, default=0) + r.deal.starter_extra + (1 if turn else 0)


def _dearest_card(r: Ruleset) -> int:
    """The most one card can count in hand: a natural card, a joker, a wild card."""
    values = list(r.natural_values)
    if r.deck.has_jokers:
        values.append(r.values.joker or 0)
    if r.values.wild is not None:
        values.append(r.values.wild)
    return max(values, default=0)


def _identical_cards(r: Ruleset) -> bool:
    """Can two cards of the deck be identical (two packs, or two jokers) for some number of
    players?"""
    return any(r.deck.packs_for(n) >= 2 or r.deck.jokers_for(n) >= 2 for n in player_counts(r))


@check("E385")
def special_hands_can_happen(r: Ruleset, doc: dict):
    for i, s in enumerate(r.special):
        path = f"special.{i}"
        cards = _largest_hand(r, s.when == "turn")
        if s.when == "turn" and r.turn.play_or_draw:
            yield Problem(path, "a special hand is declared after drawing, but a turn either "
                                "plays or draws, never both", "write `when dealt` instead")
        if s.pattern == "pairs":
            if not _identical_cards(r):
                yield Problem(path, f"a special hand needs {s.pairs} pairs of identical cards, but "
                                    "a deck of one pack has no two identical cards",
                              "use two packs under `deck:`, or another special hand")
            elif 2 * s.pairs > cards:
                yield Problem(path, f"a special hand needs {s.pairs} pairs ({2 * s.pairs} "
                                    f"cards), but a hand holds at most {cards} cards then",
                              f"ask for {cards // 2} pairs or fewer")
        if s.pattern == "count" and s.least is not None and s.least > cards * _dearest_card(r):
            most = cards * _dearest_card(r)
            yield Problem(path, f"a special hand counts at least {s.least}, but {cards} cards "
                                f"count at most {most}", "ask for a lower count")
        if r.scoring.method == "owner":
            yield Problem(path, "a special hand makes each other player owe points, but melds "
                                "score for whoever laid them, where nobody owes anyone",
                          "choose another scoring method, or remove the special hand")

