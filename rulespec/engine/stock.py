"""When the stock ends a hand at once: the rules say the top discard may not be taken
once the stock is exhausted for good (``stock.last_discard`` ``none``).

Continental Rummy (source 002): "the stock pile is turned over once ... If the remaining
cards in the stock pile are depleted a second time without any player going out, the
hand ends". So the hand ends with the turn that drew the last card, and the next player
never gets to take the discard and play on.
"""

from __future__ import annotations


def stock_gone(game) -> bool:
    """After a turn: is the stock exhausted for good where the rules end the hand then?"""
    return (game.ruleset.stock.last_discard == "none" and not game._stock_live()
            and not game._can_rebuild())
