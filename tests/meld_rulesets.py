"""Rulesets for the meld tests, one per seed variant.

Once the compiler can load ``variants/<name>.rules`` the tests use the compiled variant,
so they follow the variant files; until then (``rulespec.load`` missing) they use the
hand-built mirrors below, written from the same rule sources (cited per ruleset).
"""

from __future__ import annotations

from pathlib import Path

import rulespec
from rulespec.ruleset import (
    Aces,
    Between,
    Contract,
    Deck,
    Melds,
    Opening,
    PackRule,
    Replace,
    Requirement,
    Ruleset,
    RunRule,
    Scoring,
    SetRule,
    Show,
    Values,
    Wilds,
)

VARIANTS = Path(__file__).resolve().parent.parent / "variants"

# 002_ea5597a1718b1936.txt (Gin Rummy): one pack, no jokers, aces low, A=1, faces 10.
GIN = Ruleset(
    "Gin Rummy",
    Between(2, 2),
    melds=Melds(SetRule(3, 4), RunRule(3), on_table=False),
    scoring=Scoring(method="knock", count="unmatched"),
)

# 002 (Michigan-style gin): "Melds have to include 3-5 cards".
MICHIGAN_GIN = Ruleset(
    "Michigan Gin",
    Between(2, 2),
    melds=Melds(SetRule(3, 4), RunRule(3, 5), on_table=False),
    scoring=Scoring(method="knock", count="unmatched"),
)

# 001/003 (Basic Rummy): ace low, A=1, sets 3-4, runs 3+.
BASIC = Ruleset("Basic Rummy", Between(2, 6))


def _contracts(*rounds):
    out = []
    for i, options in enumerate(rounds, start=1):
        out.append(Contract(i, tuple(tuple(Requirement(*r) for r in opt) for opt in options)))
    return tuple(out)


# 000/004 (Push): 2 packs + 4 jokers, jokers and 2s wild, a 2 may be itself in a run,
# aces high or low not both, values 3-9=5, 10-K=10, A=15, joker and 2 = 20.
PUSH = Ruleset(
    "Push",
    Between(4, 4),
    deck=Deck((PackRule(2),), jokers=2, jokers_per_pack=True),
    aces=Aces("either"),
    values=Values(ranks=(15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), joker=20),
    wilds=Wilds(
        jokers=True, ranks=("2",), as_natural="runs", all_wild="any",
        replace=Replace(("run", "set"), reuse_this_turn=True, after_opening=True),
    ),
    melds=Melds(SetRule(3, 4), RunRule(3)),
    opening=Opening(
        _contracts(
            [[("set", 2, 3)]],
            [[("set", 1, 3), ("run", 1, 4)]],
            [[("run", 2, 4)]],
            [[("set", 3, 3)]],
            [[("run", 2, 5)]],
        )
    ),
)

# 001/003 (Indian 13-card rummy): 2 packs with printed jokers, a cut wild joker (a cut
# printed joker makes aces wild), aces either, A J Q K = 10, jokers 0, show: 2 sequences
# of which 1 pure, losers count ungrouped cards if they hold them, else all, cap 80.
INDIAN = Ruleset(
    "Indian Rummy",
    Between(2, 6),
    deck=Deck((PackRule(2),), jokers=1, jokers_per_pack=True),
    aces=Aces("either"),
    values=Values(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0, wild=0),
    wilds=Wilds(jokers=True, cut=True, cut_joker_rank="A", as_natural="always"),
    melds=Melds(SetRule(3, 4), RunRule(3)),
    show=Show(2, 1),
    scoring=Scoring(method="penalty", count="show", cap=80, wrong_show=80),
)

# 002 (Continental): jokers and red aces wild, never outnumbering naturals, trios of
# wilds allowed, sets 3+ any suits, runs 4-13, aces either; 2-9=5, 10-K=10, A=20, joker 50.
CONTINENTAL = Ruleset(
    "Continental Rummy",
    Between(4, 8),
    deck=Deck((PackRule(2, Between(4, 4)), PackRule(3, Between(5, 6)), PackRule(4, Between(7, 8))),
              jokers=2, jokers_per_pack=True),
    aces=Aces("either"),
    values=Values(ranks=(20, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), joker=50),
    wilds=Wilds(jokers=True, cards=("AH", "AD"), not_outnumber=True, all_wild="sets",
                replace=Replace(("run",), reuse_this_turn=True, after_opening=True)),
    melds=Melds(SetRule(3, None, "any"), RunRule(4, 13)),
    opening=Opening(
        _contracts(
            [[("set", 2, 3)]],
            [[("set", 1, 3), ("run", 1, 4)]],
            [[("run", 2, 4)]],
            [[("set", 3, 3)]],
            [[("set", 2, 3), ("run", 1, 4)]],
            [[("run", 2, 4), ("set", 1, 3)]],
            [[("run", 3, 4)]],
        ),
        exact=True,
    ),
)

# 003 (Rummy 51): the first melds worth 51+, aces and 10-K count 10, others face value.
RUMMY51 = Ruleset(
    "Rummy 51",
    Between(2, 5),
    deck=Deck((PackRule(2),), jokers=2, jokers_per_pack=True),
    aces=Aces("either"),
    values=Values(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=25),
    wilds=Wilds(jokers=True),
    opening=Opening(threshold=51, values=Values(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))),
)

# 003 (German Rommé): two decks, 6 jokers, first meld worth at least 40.
ROMME = Ruleset(
    "Rommé",
    Between(2, 6),
    deck=Deck((PackRule(2),), jokers=6),
    aces=Aces("either"),
    values=Values(ranks=(11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20),
    wilds=Wilds(jokers=True),
    opening=Opening(threshold=40),
)

FIXTURES = {
    "gin": GIN,
    "michigan-gin": MICHIGAN_GIN,
    "basic": BASIC,
    "push": PUSH,
    "indian-points": INDIAN,
    "continental": CONTINENTAL,
    "rummy51": RUMMY51,
    "romme": ROMME,
}


def ruleset(name: str) -> Ruleset:
    """The ruleset of variant ``name``: compiled from its file when the compiler exists."""
    if hasattr(rulespec, "load"):
        return rulespec.load(VARIANTS / f"{name}.rules").ruleset
    return FIXTURES[name]
