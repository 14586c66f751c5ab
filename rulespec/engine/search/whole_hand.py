"""Can every card of a hand go into melds (but at most a few): the search behind
melding a whole hand at once, going out without a final discard and a valid show.

The question is about how many cards are left out, not what they are worth, so it is
asked with every card counting one (:func:`counting_rules`): with the real values a card
worth nothing (every card where the rules have ``values: none``, a joker worth 0) may be
left out of melds at no loss, and a hand that can be melded whole would look as if it
could not.
"""

from __future__ import annotations

import copy

from ...melds.context import Rules
from ...melds.hand import cards_in_melds, hand_melds
from ...melds.solver import Search
from ...memo import Memo, attach


_ALL = Memo(100_000)


def counting_rules(rules: Rules) -> Rules:
    """``rules`` with every card counting one (kept on the rules, made once)."""
    cr = rules.__dict__.get("_count_rules")
    if cr is None:
        if all(v == 1 for v in rules.value):
            return rules
        cr = copy.copy(rules)
        cr.value = tuple([1] * len(rules.value))
        cr.__dict__.pop("_tables", None)
        cr.__dict__.pop("_count_rules", None)
        attach(rules, "_count_rules", cr)
    return cr


def can_meld_all(rules: Rules, hand, leave: int = 0, banned: int = 0) -> bool:
    """Can every card of ``hand`` but at most ``leave`` go into melds (``banned``: ranks,
    bit r, that may make no new set, their one set being on the table)?"""
    rules = counting_rules(rules)
    banned = banned if rules.one_per_rank else 0
    return _ALL.get_or((rules, tuple(sorted(hand)), leave, banned), _can_meld_all, rules, hand,
                       leave, banned)


def _can_meld_all(rules: Rules, hand, leave: int, banned: int) -> bool:
    hand = list(hand)
    if not hand:
        return True
    # quick no: more cards than may be left over are in no meld the hand can make
    used = cards_in_melds(hand_melds(rules, hand))
    if sum(1 for c in hand if c not in used) > leave:
        return False
    # every card counts one: the search leaves the fewest cards out of melds (rank by
    # rank: the same count, found far quicker in a hand of several packs)
    _v, _groups, dead = Search(rules, hand, banned=banned, order="rank").solve()
    return len(dead) <= leave
