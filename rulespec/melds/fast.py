"""Least deadwood as a number, by the fastest route the hand allows."""

from __future__ import annotations

from .context import Rules
from .solver import Search


def deadwood_value(rules: Rules, hand: list[int]) -> int:
    total = sum(rules.value[c] for c in hand)
    val, _m, _d = Search(rules, hand).solve()
    return total - val
