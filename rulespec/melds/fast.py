"""Least deadwood as a number, by the fastest route the hand allows."""

from __future__ import annotations

from .context import Rules
from .solver import Search


def deadwood_value(rules: Rules, hand: list[int]) -> int:
    total = sum(rules.value[c] for c in hand)
    val, _m, _d = Search(rules, hand).solve()
    return total - val


def deadwood_many(ruleset, hands, wild=None) -> list[int]:
    """Least deadwood of each hand, tables looked up once for the whole batch."""
    from .context import rules_for

    rules = rules_for(ruleset, wild)
    return [deadwood_value(rules, list(h)) for h in hands]
