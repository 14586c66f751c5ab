"""Invariants a game must keep after every move; tests and simulations call
:func:`check_invariants` and treat any message as a bug.

* every card is in exactly one place: hands, stock, discard pile, table, cards out of
  play (dropped hands) and the cut card together are exactly the deck;
* hand sizes follow the rules: the deal gives each player the deal size (the starter its
  extra cards); in a variant whose turns neither lay cards down nor pass them between
  players, a hand holds the deal size between turns and one more during its turn;
* scores follow the variant's table: every finished hand's counted penalties are what
  the cards left in that hand cost, and the totals are the sums of the hands' scores.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .. import cards as C
from .deal import deck_cards
from ..melds.checks import penalty as _penalty
from ..melds.context import rules_for


class InvariantError(AssertionError):
    """A broken invariant: a bug in the interpreter, never a player's mistake."""


def zones(game) -> Counter:
    """Every card in play, counted over all the places it can be."""
    c = Counter(game.stock)
    c.update(game.discards)
    c.update(game.out)
    for h in game.hands:
        c.update(h)
    for m in game.table:
        c.update(m.cards)
    if game.cut_card is not None:
        c[game.cut_card] += 1
    return c


def problems(game) -> list[str]:
    """Every broken invariant, in words (empty: all is well)."""
    out: list[str] = []
    rs = game.ruleset
    count = sum(game.in_hand)
    got = [*game.stock, *game.discards, *game.out]
    for h in game.hands:
        got += h
    for m in game.table:
        got += m.cards
    if game.cut_card is not None:
        got.append(game.cut_card)
    got.sort()
    if got != _sorted_deck(rs.deck.packs_for(count), rs.deck.jokers_for(count)):
        deck = Counter(deck_cards(rs, count))
        have = zones(game)
        missing = deck - have
        extra = have - deck
        out.append(f"cards are lost or doubled: missing {C.cards_str(sorted(missing.elements()))}; "
                   f"extra {C.cards_str(sorted(extra.elements()))}")
    for p in range(game.n):
        if not game.in_hand[p] and game.hands[p]:
            out.append(f"seat {p} is out of the game but holds cards")
        if game.in_hand[p] and not game.active[p] and game.hands[p]:
            out.append(f"seat {p} dropped out but holds cards")
    size = game.deal_size
    if game.dealt is not None:
        for p in range(game.n):
            want = 0
            if game.in_hand[p]:
                want = size + (rs.deal.starter_extra if p == game.starter else 0)
            if game.dealt[p] != want:
                out.append(f"seat {p} was dealt {game.dealt[p]} cards, the rules give {want}")
    if not game.is_over() and game.phase not in ("deal",):
        t = rs.turn
        simple = (not rs.melds.on_table and t.push is None and t.claims is None)
        if simple and game.phase in ("offer", "draw", "play", "claim"):
            for p in range(game.n):
                if not game.active[p]:
                    continue
                n = len(game.hands[p])
                mine = p == game.turn and game.phase == "play"
                want = size + (1 if mine else 0)
                if n != want:
                    out.append(f"seat {p} holds {n} cards, the rules give {want} here")
    elif game.phase == "deal" and not game.is_over():
        dealt = [len(h) for h in game.hands]
        if sum(dealt) == 0 and game.discards:
            out.append("the upcard was turned before the deal")
    for p in range(game.n):
        if game.in_hand[p] and game.active[p] and game.phase in ("draw", "play") and not game.hands[p] \
                and not game.is_chance():
            out.append(f"seat {p} is still in the hand with no cards")
    # scores
    sums, wrong = _scored_hands(game)
    out.extend(wrong)
    if [round(t, 6) for t in sums] != [round(t, 6) for t in game.totals]:
        out.append(f"totals {game.totals} are not the sum of the hands' scores {sums}")
    return out


#: per game (by id): the results already checked, the sums of their scores, what was wrong
_SCORED: dict[int, tuple[list, list, list[str]]] = {}


def _scored_hands(game) -> tuple[list, list[str]]:
    """The sums of the finished hands' scores and what is wrong with how each hand was
    scored, each hand worked out once (a check after every move stays cheap in long games)."""
    results = game.results
    hit = _SCORED.get(id(game))
    if hit is not None and len(hit[0]) <= len(results) and all(
            a is b for a, b in zip(hit[0][-1:], results[len(hit[0]) - 1:len(hit[0])])):
        done, sums, wrong = hit
    else:
        done, sums, wrong = [], [0] * game.n, []
    if len(done) == len(results):
        return sums, wrong
    sums, wrong = list(sums), list(wrong)
    for res in results[len(done):]:
        for p in range(game.n):
            sums[p] += res.scores[p]
        if game.ruleset.partnerships is not None:
            t = res.team_scores
            if t is None or sum(t) != sum(res.scores):
                wrong.append(f"round {res.round}: team scores {t} do not add up to {res.scores}")
        wrong.extend(check_penalties(game, res))
    if len(_SCORED) > 1000:
        _SCORED.clear()
    _SCORED[id(game)] = (list(results), sums, wrong)
    return sums, wrong


@lru_cache(maxsize=None)
def _sorted_deck(packs: int, jokers: int) -> list[int]:
    return sorted(C.build_deck(packs, jokers))


def check_knock(game, result) -> list[str]:
    """A knock between two players scored as the variant's knock table says: the deadwood
    counts are the cards left in hand, and the winner gets the difference plus the bonus."""
    out = []
    rules = rules_for(game.ruleset, result.wild)
    counts = [sum(rules.value[c] for c in h) for h in result.hands]
    for p in range(game.n):
        if result.penalties[p] is not None and result.penalties[p] != counts[p]:
            out.append(f"round {result.round}: seat {p}'s deadwood was counted {result.penalties[p]}, "
                       f"its cards count {counts[p]}")
    live = [p for p in range(game.n) if result.penalties[p] is not None]
    k = game.ruleset.scoring.knock
    if len(live) != 2 or k is None:
        return out
    if result.reason == "undercut":
        d, knocker = result.winner, result.details["knocker"]
        want = counts[knocker] - counts[d] + k.undercut
    else:
        knocker = result.winner
        d = next(p for p in live if p != knocker)
        bonus = {"gin": k.gin, "big gin": k.big_gin}.get(result.reason, 0)
        want = counts[d] - counts[knocker] + bonus
    if result.scores[result.winner] != want:
        out.append(f"round {result.round}: a {result.reason} should score {want}, "
                   f"not {result.scores[result.winner]}")
    return out


def check_penalties(game, result) -> list[str]:
    """Are a finished hand's counted penalties what the cards left in each hand cost
    under the variant's table (count rule and cap)?"""
    out = []
    if result.reason in ("knock", "undercut", "gin", "big gin"):
        return check_knock(game, result)
    if result.reason == "void":
        return out
    for p in range(game.n):
        pen = result.penalties[p]
        if pen is None or p in _dropped(result) or (result.reason == "show" and p == result.winner):
            continue
        want = _penalty(game.ruleset, list(result.hands[p]), result.wild)
        if pen != want:
            out.append(f"round {result.round}: seat {p} was counted {pen}, its cards cost {want}")
    return out


def _dropped(result) -> set:
    return set(result.details.get("dropped", ()))


def check_invariants(game) -> None:
    """Raise :class:`InvariantError` listing every broken invariant."""
    found = problems(game)
    if found:
        raise InvariantError("; ".join(found))
