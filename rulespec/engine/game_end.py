"""The end of the game, after each hand is scored (:mod:`.scoring`): whether a target, a
number of deals, elimination or hands won end it and who wins (``game``), then the
bonuses and the settlement added to the totals once it is over."""

from __future__ import annotations

from fractions import Fraction

from .scoring import _team, number, team_totals


def game_over(game) -> tuple[bool, tuple[int, ...]]:
    """Whether the game ends after the hand just scored, and the winning seats if so.
    Players at or over an elimination total leave the table here."""
    g = game.ruleset.game
    totals = game.totals
    teams = team_totals(game, totals)
    over = False
    if g.eliminate is not None:
        for p in range(game.n):
            if p not in game.eliminated and totals[p] >= g.eliminate:
                game.eliminated.add(p)
        left = [p for p in range(game.n) if p not in game.eliminated]
        if len(left) <= 1:
            return True, tuple(left) if left else _best(game, range(game.n))
    if g.hands is not None:
        won = hands_won(game)
        if max(won.values(), default=0) >= g.hands:
            return True, tuple(p for p in range(game.n) if won.get(_team(game, p), 0) >= g.hands)
    if g.target is not None:
        values = teams if teams is not None else totals
        if any(v >= g.target for v in values):
            over = True
    if g.rounds is not None and game.round >= g.rounds:
        over = True
    if not over:
        return False, ()
    candidates = [p for p in range(game.n) if p not in game.eliminated]
    return True, _best(game, candidates)


def hands_won(game) -> dict[int, int]:
    """How many hands each side (a seat, or a team under partners) has won so far: a hand
    the stock or a stalemate ended has no winner."""
    won: dict[int, int] = {}
    for r in game.results:
        if r.winner is not None:
            side = _team(game, r.winner)
            won[side] = won.get(side, 0) + 1
    return won


def game_bonuses(game, winners) -> list:
    """What ``game.bonus`` adds to each seat's total when the game ends: the game bonus to
    each winner, the per-hand bonus for each hand a seat won, then each winner's total times
    the shutout factor when another seat won no hand."""
    b = game.ruleset.game.bonus
    add = [0] * game.n
    if b is None:
        return add
    won = [0] * game.n
    for r in game.results:
        if r.winner is not None:
            won[r.winner] += 1
    for p in range(game.n):
        add[p] = b.per_hand * won[p] + (b.win if p in winners else 0)
    if b.shutout != 1 and any(won[p] == 0 for p in range(game.n) if p not in winners):
        for p in winners:
            add[p] += (game.totals[p] + add[p]) * (b.shutout - 1)
    return add


def game_settlement(game, winners) -> list:
    """What ``game.settle`` changes in each seat's total when the game ends: under
    ``difference`` each other player pays the winners the difference between a winner's
    total and their own (shared when winners tie), so the totals become what each seat won
    or lost and add up to zero."""
    if game.ruleset.game.settle != "difference" or not winners:
        return [0] * game.n
    sign = 1 if game.ruleset.game.winner == "highest" else -1
    best = game.totals[winners[0]]
    owed = [sign * (best - game.totals[p]) if p not in winners else 0 for p in range(game.n)]
    share = Fraction(sum(owed)) / len(winners)
    net = [number(share) if p in winners else -owed[p] for p in range(game.n)]
    return [number(n - t) for n, t in zip(net, game.totals)]


def _best(game, seats) -> tuple[int, ...]:
    g = game.ruleset.game
    seats = list(seats)
    teams = team_totals(game, game.totals)

    def value(p):
        return teams[_team(game, p)] if teams is not None else game.totals[p]

    vals = [value(p) for p in seats]
    best = max(vals) if g.winner == "highest" else min(vals)
    return tuple(p for p, v in zip(seats, vals) if v == best)


def leaders(game) -> tuple[int, ...]:
    """The seats ahead now (the best total, under the game's ``winner``): who wins a game
    with no end (``game.endless``) when the players stop."""
    return _best(game, [p for p in range(game.n) if p not in game.eliminated])

