"""Meld solver benchmark: rulespec against OpenSpiel's and RLCard's gin rummy helpers.

Run from the repository root:  python benchmarks/bench_melds.py [--hands 10000] [--seed 1]
Needs the bench extra (pip install -e '.[bench]'): open-spiel and rlcard.

Every implementation gets the same hands, one call per hand from Python, and all three
must agree on every hand (11-card hands: least deadwood after the best discard, which is
what OpenSpiel's MinDeadwood and RLCard's knock check compute). Where they disagree the
rules decide: an exhaustive check (every discard, then rulespec's general search, which
does not use the table route) is printed next to each answer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulespec  # noqa: E402
from rulespec import cards as C  # noqa: E402
from rulespec.melds import deadwood  # noqa: E402
from rulespec.melds.checks import contract_melds, penalty  # noqa: E402
from rulespec.melds.context import rules_for  # noqa: E402
from rulespec.melds.fast import after_discard_value, deadwood_many, tables  # noqa: E402
from rulespec.melds.solver import Search  # noqa: E402


def load(name):
    return rulespec.load(ROOT / "variants" / f"{name}.rules").ruleset


def timed(fn, hands, repeat=3):
    """(answers, best hands/second over ``repeat`` runs)."""
    best = None
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn(hands)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return out, len(hands) / best


def timed_side_by_side(fns, hands, repeat=9):
    """``timed`` for several implementations, their runs interleaved (a, b, c, a, b, c,
    ...) so that load from other jobs on a shared machine falls on all of them alike."""
    outs = [None] * len(fns)
    best = [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            outs[i] = fn(hands)
            dt = time.perf_counter() - t
            best[i] = dt if best[i] is None else min(best[i], dt)
    return [(out, len(hands) / b) for out, b in zip(outs, best)]


# ---------------------------------------------------------------- peers


def openspiel_fn(hand_size):
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    md = utils.min_deadwood
    # OpenSpiel cards are suit * 13 + rank too (suits s c d h); deadwood ignores suit names
    return lambda hands: [md(h) for h in hands]


def rlcard_fn(hand_size):
    from rlcard.games.gin_rummy.utils import melding, utils
    from rlcard.games.base import Card

    deck = [Card(s, r) for s in "SHDC" for r in "A23456789TJQK"]

    def ten(cards):
        clusters = melding.get_best_meld_clusters(cards)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in cards)
        return utils.get_deadwood_count(cards, clusters[0])

    def one(hand):
        cards = [deck[c] for c in hand]
        if len(cards) == 10:
            return ten(cards)
        # 11 cards: RLCard's judge tries every discard and keeps the best 10
        return min(ten(cards[:i] + cards[i + 1:]) for i in range(len(cards)))

    return lambda hands: [one(h) for h in hands]


def rulespec_fn(ruleset, discard=False):
    rules = rules_for(ruleset)
    if discard:
        return lambda hands: [after_discard_value(rules, h) for h in hands]
    return lambda hands: [deadwood(ruleset, h) for h in hands]


def rules_decide(ruleset, hand):
    """The exact answer by the general search alone (every discard for 11 cards)."""
    rules = rules_for(ruleset)

    def dw(h):
        total = sum(rules.value[c] for c in h)
        return total - Search(rules, h).solve()[0]

    if len(hand) == 10:
        return dw(hand)
    return min(dw(hand[:i] + hand[i + 1:]) for i in range(len(hand)))


# ---------------------------------------------------------------- hand sets


def random_hands(n, size, rng):
    return [rng.sample(range(52), size) for _ in range(n)]


def meld_heavy_hands(n, size, rng):
    """Hands built from overlapping candidates: a run through a rank that also has a set,
    plus a second run or set sharing a card, filled up at random."""
    hands = []
    while len(hands) < n:
        r = rng.randrange(1, 11)
        s = rng.randrange(4)
        h = {C.make(r + d, s) for d in (-1, 0, 1, 2)}
        h |= {C.make(r, t) for t in rng.sample(range(4), 3)}
        r2 = rng.choice([r - 1, r + 2])
        h |= {C.make(r2, t) for t in rng.sample(range(4), 2)}
        if rng.random() < 0.7:
            s2 = rng.randrange(4)
            base = rng.randrange(0, 10)
            h |= {C.make(base + d, s2) for d in range(3)}
        h = list(h)
        rng.shuffle(h)
        h = h[:size]
        while len(h) < size:
            c = rng.randrange(52)
            if c not in h:
                h.append(c)
        hands.append(h)
    return hands


def with_jokers(hands, k, rng):
    out = []
    for h in hands:
        h = list(h)
        for i in rng.sample(range(len(h)), k):
            h[i] = C.JOKER
        out.append(h)
    return out


# ---------------------------------------------------------------- main


def compare(title, ruleset, hands, rows, disagreements):
    size = len(hands[0])
    (ours, ours_rate), (batch, batch_rate), (osp, osp_rate) = timed_side_by_side(
        [
            rulespec_fn(ruleset, discard=size == 11),
            lambda hs: deadwood_many(ruleset, hs, discard=size == 11),
            openspiel_fn(size),
        ],
        hands,
    )
    rlc, rlc_rate = timed(rlcard_fn(size), hands, repeat=1)
    assert batch == ours
    bad = [
        (h, a, b, c) for h, a, b, c in zip(hands, ours, osp, rlc) if not a == b == c
    ]
    for h, a, b, c in bad:
        disagreements.append((title, h, a, b, c, rules_decide(ruleset, h)))
    rows.append((title, len(hands), ours_rate, batch_rate, osp_rate, rlc_rate, len(bad)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    gin = load("gin")
    t = time.perf_counter()
    tables(rules_for(gin))
    table_ms = (time.perf_counter() - t) * 1000

    rows, disagreements = [], []
    compare("Gin, random 10-card", gin, random_hands(args.hands, 10, rng), rows, disagreements)
    compare("Gin, random 11-card", gin, random_hands(args.hands, 11, rng), rows, disagreements)
    heavy10 = meld_heavy_hands(args.hands // 5, 10, rng)
    compare("Gin, meld-heavy 10-card", gin, heavy10, rows, disagreements)

    print(f"rulespec tables for gin built once in {table_ms:.1f} ms (not in the rates)\n")
    print("| hands | n | rulespec per hand /s | rulespec batch /s | OpenSpiel /s | RLCard /s "
          "| rulespec / RLCard | rulespec / OpenSpiel | disagreements |")
    print("|---|---|---|---|---|---|---|---|---|")
    for title, n, ours, batch, osp, rlc, bad in rows:
        print(f"| {title} | {n} | {ours:,.0f} | {batch:,.0f} | {osp:,.0f} | {rlc:,.0f} "
              f"| {ours / rlc:.1f}x | {ours / osp:.2f}x | {bad} |")
    if disagreements:
        print("\nDisagreements (decided by the rules: every discard, general search):")
        for title, h, a, b, c, truth in disagreements:
            print(f"  {title}: {C.cards_str(sorted(h, key=C.sort_key))}: rulespec {a}, "
                  f"OpenSpiel {b}, RLCard {c}; rules say {truth}")
            assert a == truth, "rulespec is wrong on this hand"

    # rulespec only: wilds, several packs, contracts, shows
    print("\n| rulespec only | n | hands/s | mean ms/hand |")
    print("|---|---|---|---|")
    push = load("push")
    for k in (1, 2):
        hs = with_jokers(meld_heavy_hands(2000, 10, rng), k, rng)
        _, rate = timed(lambda xs: [deadwood(push, h) for h in xs], hs, repeat=1)
        print(f"| Push, meld-heavy 10-card with {k} joker{'s' if k > 1 else ''} | {len(hs)} "
              f"| {rate:,.0f} | {1000 / rate:.3f} |")
    indian = load("indian-points")
    deck2 = list(range(52)) * 2 + [C.JOKER] * 2
    ind = []
    while len(ind) < 2000:
        h = rng.sample(deck2, 13)
        cut = rng.randrange(52)
        if sum(rules_for(indian, cut).is_wild(c) for c in h) == 2:
            ind.append((h, cut))
    _, rate = timed(lambda xs: [deadwood(indian, h, w) for h, w in xs], ind, repeat=1)
    print(f"| Indian 13-card, two wilds: least deadwood | {len(ind)} | {rate:,.0f} | {1000 / rate:.3f} |")
    _, rate = timed(lambda xs: [penalty(indian, h, w) for h, w in xs], ind, repeat=1)
    print(f"| Indian 13-card, two wilds: penalty (show rule) | {len(ind)} | {rate:,.0f} | {1000 / rate:.3f} |")
    cont = load("continental")
    deck_c = list(range(52)) * 2 + [C.JOKER] * 4
    hs = [(rng.sample(deck_c, 12), rng.randrange(1, 8)) for _ in range(1000)]
    res, rate = timed(lambda xs: [contract_melds(cont, h, r) for h, r in xs], hs, repeat=1)
    met = sum(r is not None for r in res)
    print(f"| Continental 12-card contract check (rounds 1-7, {met} met) | {len(hs)} | {rate:,.0f} | {1000 / rate:.3f} |")
    heavy_c = []
    for _ in range(1000):
        h = meld_heavy_hands(1, 10, rng)[0] + [C.JOKER, rng.choice([13, 26])]
        heavy_c.append((h, 7))
    res, rate = timed(lambda xs: [contract_melds(cont, h, r) for h, r in xs], heavy_c, repeat=1)
    met = sum(r is not None for r in res)
    print(f"| Continental 12-card meld-heavy, hand 7 (three runs of four; {met} met) | {len(heavy_c)} | {rate:,.0f} | {1000 / rate:.3f} |")


if __name__ == "__main__":
    main()
