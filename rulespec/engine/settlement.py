"""Settling a hand between players: who wins a knock, and who pays whom.

:mod:`.scoring` says what each seat owes and who collects it. Settling turns that into
*payments*, each from one seat to another:

``scoring.settle`` None        scores are points won: a payment adds to its payee and is
                               taken from nobody (the seed variants, Gin Rummy's knocks)
``"winner"``                   each loser pays the winner(s) what it owes, so the hand's
                               scores add up to zero: what one wins the others lose
``"pairs"``                    every two players settle the difference of what they owe
                               (the lower count collects from the higher), plus the knock's
                               penalty and bonuses between the knocker and each player

A knock (``scoring.knock.winner``) is won either by the knocker, settled with each
defender in turn (``"knocker"``: the difference to the knocker, or to a defender who
undercut, with the bonuses), or by the lowest hand (``"lowest"``), which collects the
difference from every other player; a knocker who is not the lowest pays the undercut
bonus as a penalty, and a knocker who goes gin is paid the gin bonus by everyone.
Under a stake per hand (``scoring.stake``) a knock pays stakes, not counts (Tonk): the
winner of a knock won by the lowest hand collects a stake from each other player, a
knocker who does not win pays ``undercut_stakes`` instead; a knock settled by the knocker
is paid a stake by every other player, unless someone beat or tied it (by ``ties``): then
the knocker pays each of them ``undercut_stakes`` stakes, and nobody pays the knocker.
Payments are exact fractions while settling (a pot shared by tied winners);
:func:`.scoring.number` turns each score into a whole number where it comes out whole.
"""

from __future__ import annotations

from fractions import Fraction

from .phases import Ending


def knock(game, reason: Ending, knocker: int, live: list[int], pens: list, details: dict):
    """The payments of a knock, and the ending's name and winner (the knocker, or the
    first player after the knocker, in turn order, who beat it). Fills in each live
    seat's deadwood (``pens``) and the details the invariants read."""
    k = game.ruleset.scoring.knock
    order = [p for p in game._order_from(knocker) if p in live]
    value = {p: game.hand_value(p) for p in order}
    for p in order:
        pens[p] = value[p]
    K = value[knocker]
    details["knocker deadwood"] = K
    is_gin = reason is Ending.GIN or reason is Ending.BIG_GIN
    bonus = 0
    if is_gin and k is not None:
        bonus = k.big_gin if reason is Ending.BIG_GIN else k.gin
    undercut = k.undercut if k else 0
    ties = k.ties if k else "defender"
    stake = game.ruleset.scoring.stake
    if stake is not None:
        winners, pay = _stakes(order, value, knocker, k, stake, is_gin)
    elif k is not None and k.winner == "lowest":
        winners = _lowest(order, value, knocker, ties, is_gin)
        pay = []
        for p in order:
            if p in winners:
                continue
            due = value[p] - value[winners[0]]
            due += undercut if p == knocker else bonus if knocker in winners else 0
            pay += _shared(p, winners, due)
    else:
        winners, pay = [], []
        for d in order[1:]:
            D = value[d]
            if not is_gin and (D < K or (D == K and ties == "defender")):
                pay.append((knocker, d, K - D + undercut))
                winners.append(d)
            else:
                pay.append((d, knocker, D - K + bonus))
    if game.ruleset.scoring.settle == "pairs":
        pay = knock_pairs(game, reason, knocker, live, pens)
    if winners and knocker not in winners:
        details["knocker"] = knocker
        if len(winners) > 1:
            details["winners"] = list(winners)
        return Ending.UNDERCUT, winners[0], pay
    return reason, knocker, pay


def _stakes(order, value, knocker, k, stake, is_gin) -> tuple[list, list]:
    """The winners and payments of a knock under a stake per hand (module docstring)."""
    ties = k.ties if k else "defender"
    failed = (k.undercut_stakes if k else 1) * stake
    if k is not None and k.winner == "lowest":
        winners = _lowest(order, value, knocker, ties, is_gin)
        pay = []
        for p in order:
            if p not in winners:
                pay += _shared(p, winners, failed if p == knocker else stake)
        return winners, pay
    K = value[knocker]
    beat = [] if is_gin else [d for d in order[1:]
                              if value[d] < K or (value[d] == K and ties == "defender")]
    if beat:
        return beat, [(knocker, d, failed) for d in beat]
    return [], [(d, knocker, stake) for d in order[1:]]


def _lowest(order, value, knocker, ties, is_gin) -> list[int]:
    """The seats that win a knock won by the lowest hand: the lowest count, the knocker
    alone when it went gin or wins ties, else the defenders who tie it."""
    if is_gin:
        return [knocker]
    low = min(value.values())
    best = [p for p in order if value[p] == low]
    if knocker in best and len(best) > 1:
        return [knocker] if ties == "knocker" else [p for p in best if p != knocker]
    return best


def _shared(payer: int, payees: list[int], amount) -> list[tuple]:
    """``amount`` from ``payer``, shared equally among ``payees``."""
    part = Fraction(amount, len(payees))
    return [(payer, q, part) for q in payees]


def owed(owes: list, takers: list[int], bonus: int, winner) -> list[tuple]:
    """Under ``losers pay the winner``: each seat pays what it owes to the takers (shared),
    and each seat that owes anything pays the winner's own bonus (going rummy) too."""
    pay = []
    if not takers:
        return pay
    for p, v in enumerate(owes):
        if p in takers:
            continue
        extra = bonus if (bonus and winner is not None and v) else 0
        if v or extra:
            pay += _shared(p, takers, v) + ([(p, winner, extra)] if extra else [])
    return pay


def pairs(owes: list, seats: list[int]) -> list[tuple]:
    """Under ``each pair settles the difference``: of every two seats, the one that owes
    more pays the other the difference."""
    pay = []
    for i, p in enumerate(seats):
        for q in seats[i + 1:]:
            if owes[p] > owes[q]:
                pay.append((p, q, owes[p] - owes[q]))
            elif owes[q] > owes[p]:
                pay.append((q, p, owes[q] - owes[p]))
    return pay


def knock_pairs(game, reason: Ending, knocker: int, live: list[int], pens: list) -> list:
    """Under ``each pair settles the difference``, a knock: every two players settle the
    difference of their deadwood, the knocker pays the undercut bonus to each player who
    beat it, and each player pays the knocker's gin bonus."""
    pay = pairs(pens, live)
    k = game.ruleset.scoring.knock
    if k is None:
        return pay
    K = pens[knocker]
    gin = {Ending.GIN: k.gin, Ending.BIG_GIN: k.big_gin}.get(reason)
    for p in live:
        if p == knocker:
            continue
        if gin is not None:
            pay.append((p, knocker, gin))
        elif pens[p] < K or (pens[p] == K and k.ties == "defender"):
            pay.append((knocker, p, k.undercut))
    return [x for x in pay if x[2]]


def apply(scores: list, pay: list[tuple], zero_sum: bool) -> None:
    """Add each payment to its payee's score and, when players pay each other, take it
    from its payer's."""
    for payer, payee, amount in pay:
        scores[payee] += amount
        if zero_sum:
            scores[payer] -= amount

