"""Can every card of a hand go into melds (but at most a few): the search behind
melding a whole hand at once and going out without a final discard.
"""

from __future__ import annotations

from ...melds.context import Rules
from ...melds.hand import cards_in_melds, hand_melds
from ...melds.solver import Search
from ...memo import Memo


_ALL = Memo(100_000)


def can_meld_all(rules: Rules, hand, leave: int = 0) -> bool:
    """Can every card of ``hand`` but at most ``leave`` go into melds?"""
    return _ALL.get_or((rules, tuple(sorted(hand)), leave), _can_meld_all, rules, hand, leave)


def _can_meld_all(rules: Rules, hand, leave: int) -> bool:
    hand = list(hand)
    if not hand:
        return True
    # quick no: more cards than may be left over are in no meld the hand can make
    used = cards_in_melds(hand_melds(rules, hand))
    if sum(1 for c in hand if c not in used) > leave:
        return False
    _v, groups, dead = Search(rules, hand).solve()
    if len(dead) <= leave:
        return True
    if leave == 0:
        return False
    for d in set(dead):
        rest = list(hand)
        rest.remove(d)
        if can_meld_all(rules, rest, leave - 1):
            return True
    return False
