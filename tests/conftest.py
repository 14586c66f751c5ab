"""Shared test settings: the repository root, and ``--update-golden`` to rewrite goldens."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files from today's output")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


def variant_files() -> list[Path]:
    return sorted(VARIANTS.rglob("*.rules"))


def variant_id(path: Path) -> str:
    return path.relative_to(VARIANTS).with_suffix("").as_posix()


def house(parent: str, *lines: str):
    """A house-rule file over ``parent`` made of ``lines``, compiled (as if read from the
    variants folder)."""
    import rulespec
    text = f'variant "House"\nextends "{parent}"\n' + "\n".join(lines) + "\n"
    return rulespec.compile_text(text, name="house.rules", base_dir=VARIANTS)


def house_problems(parent: str, *lines: str) -> list:
    """The diagnostics of a house-rule file that does not compile."""
    import rulespec
    with pytest.raises(rulespec.SpecError) as err:
        house(parent, *lines)
    return err.value.diagnostics


#: a two-player Gin defender: three runs and the KC, deadwood 10 (Oklahoma and Straight Gin)
GIN_DEFENDER = "2D 3D 4D 7H 8H 9H 10D JD QD KC"


def gin_after_draw(variant, hand: str, upcard: str, draw: str, defender: str = GIN_DEFENDER):
    """A two-player knock game where both players refuse ``upcard`` and seat 0, holding
    ``hand``, draws ``draw`` from the stock: the moment a knock may come."""
    from rulespec.engine import new_game, stacked_deck

    deck = stacked_deck(variant, 2, hands=[hand, defender], upcard=upcard, stock=[draw])
    g = new_game(variant, players=2, deck=deck).deal_on()
    for text in ("pass", "pass", "draw stock"):
        g.apply(text)
    if g.is_chance():
        g.apply_chance()
    return g


def random_walk(variant, players: int | None, seed: int, steps: int | None = None):
    """The game of ``variant`` after each random move (or chance step), seeded: the same
    moves for the same seed as long as the legal moves are the same (whatever the scores);
    until the game is over, or ``steps`` steps. ``players`` None: the fewest allowed."""
    import itertools
    import random

    from rulespec.engine import new_game

    g = new_game(variant, seed=seed, **({} if players is None else {"players": players}))
    rng = random.Random(seed)
    for _ in itertools.repeat(None) if steps is None else range(steps):
        if g.is_over():
            return
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
        yield g


def random_game(variant, players: int, seed: int):
    """A whole game of ``variant`` played by random moves (:func:`random_walk`)."""
    for g in random_walk(variant, players, seed):
        pass
    return g


def knock_moves(g) -> set[str]:
    """The knocks (and big gin) the player in turn may make now, as typed."""
    from rulespec.engine import actions as A

    return {a.text for a in g.legal_actions() if a.kind in (A.KNOCK, A.GIN)}


def run_capped(*args, cwd=None, env=None, timeout=60):
    """``rulespec *args`` in a child process with its memory capped at 2 GiB, so that an
    attack that reads a device without end fails there, not on the machine."""
    import os
    import resource
    import subprocess
    import sys

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))

    return subprocess.run([sys.executable, "-m", "rulespec", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=timeout,
                          preexec_fn=cap)


#: Marriage (Nepal), as a new-user trial wrote it: three packs without jokers, a cut wild
#: rank, melds of exactly three kept in hand for a show, a stake per hand, no going out
MARRIAGE = """variant "Marriage"
players: 2-5
deck:    3 packs, no jokers
aces:    high or low but not both
values:  none
melds:   sets of 3 cards of the same rank in different suits
         runs of 3 cards in the same suit
         kept in hand until the hand ends
wild:    cut card
         wild cards may stand for themselves
         all-wild melds allowed
terms:   runs are called sequences
         sets are called "triplets"
deal:    21 cards each
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
show:    whole hand in melds
         at least 3 sequences; at least 3 pure sequences
going out: not allowed
stock:   shuffle the discard pile into a new stock
scoring: winner collects
         a stake of 10 per hand
         losers pay the winner
game:    1 deal
"""


def brute_force(rs, hand, wild=None) -> int:
    """Least deadwood by trying every group of cards as a meld (exponential; small hands):
    the reference the meld solver is checked against."""
    from functools import lru_cache

    from rulespec.melds.classify import classify_meld
    from rulespec.melds.context import rules_for

    value = rules_for(rs, wild).value

    @lru_cache(maxsize=None)
    def go(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = value[first] + go(others)
        for mask in range(1, 1 << len(others)):
            group = [first] + [others[i] for i in range(len(others)) if mask >> i & 1]
            if classify_meld(rs, group, wild) is not None:
                left = tuple(others[i] for i in range(len(others)) if not mask >> i & 1)
                best = min(best, go(left))
        return best

    return go(tuple(sorted(hand)))


#: a made-up Canasta, small enough to play many games in a test (partners, two packs,
#: sets only, one set of each rank per side)
LITTLE_CANASTA = """variant "Little Canasta"
players:  4
partners: 2 teams of 2
deck:     2 packs, 2 jokers per pack
values:   jokers = 50; A = 20; 2 = 20; 8-10 J Q K = 10; 3-7 = 5
wild:     jokers; 2s
          wild cards may not outnumber natural cards
          no all-wild melds
melds:    sets of 3+ cards of the same rank in any suits
          no runs
          one set of each rank per side
lay off:  onto own and partner's melds
deal:     11 cards each
upcard:   turned up to start the discard pile
draw:     from the stock or the discard pile
opening:  melds worth at least 50
going out: with or without final discard
stock:    hand ends
scoring:  melds score for whoever laid them; count all cards
game:     to 1000 points; highest wins
"""


def alone_two(text: str) -> str:
    """A little Canasta text (:data:`LITTLE_CANASTA`) for two players alone, two deals."""
    return (text.replace("players:  4\npartners: 2 teams of 2\n", "players:  2\n")
            .replace("lay off:  onto own and partner's melds\n", "")
            .replace("game:     to 1000 points", "game:     2 deals"))
