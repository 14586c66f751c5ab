"""Adding up many games: the statistics ``rulespec simulate`` reports.

:func:`summarize` turns a list of :class:`~.runner.GameOutcome` (in game order) into a
plain dict: counts, means and spreads, how hands ended, win rates, failures. Everything in
it except the ``timing`` part depends only on the games, so the same run on one process or
on several gives the same dict.
"""

from __future__ import annotations

import math
from collections import Counter

from ..engine.phases import Ending
from .runner import FAILURES

#: the hand endings in the order they are reported
ENDINGS = tuple(Ending)


def _share(o) -> float:
    """What one winning seat's win counts: a tie between sides splits it."""
    sides = {seat % o.teams for seat in o.winners} if o.teams else set(o.winners)
    return 1 / len(sides)


def spread(values) -> dict:
    """Mean, standard deviation, median, min and max of ``values`` (zeros when empty)."""
    vs = sorted(values)
    n = len(vs)
    if not n:
        return {"n": 0, "mean": 0, "sd": 0, "median": 0, "min": 0, "max": 0}
    mean = sum(vs) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in vs) / (n - 1)) if n > 1 else 0.0
    mid = vs[n // 2] if n % 2 else (vs[n // 2 - 1] + vs[n // 2]) / 2
    return {"n": n, "mean": round(mean, 3), "sd": round(sd, 3), "median": mid,
            "min": vs[0], "max": vs[-1]}


def _wins_by_agent(decided) -> dict[str, dict]:
    """Each agent's seats in decided games, its wins (shares of a tie) and win rate."""
    by_agent: dict[str, dict] = {}
    for o in decided:
        share = _share(o)
        for seat, name in enumerate(o.agents):
            rec = by_agent.setdefault(name, {"seats": 0, "wins": 0.0})
            rec["seats"] += 1
            if seat in o.winners:
                rec["wins"] += share
    for rec in by_agent.values():
        rec["win rate"] = round(rec["wins"] / rec["seats"], 4) if rec["seats"] else 0.0
        rec["wins"] = round(rec["wins"], 3)
    return by_agent


def summarize(outcomes, variant_name: str = "", settings: dict | None = None,
              seconds: float | None = None) -> dict:
    """The statistics of ``outcomes`` (one :class:`~.runner.GameOutcome` per game)."""
    outcomes = sorted(outcomes, key=lambda o: o.index)
    games = len(outcomes)
    finished = [o for o in outcomes if o.finished]
    hands = [h for o in outcomes for h in o.hands]
    endings = Counter(h.reason for h in hands)
    ordered = {k: endings[k] for k in ENDINGS if endings[k]}
    ordered.update({k: v for k, v in sorted(endings.items()) if k not in ordered})
    events = Counter()
    for o in outcomes:
        events.update(o.events)
    failures = {k: sum(1 for o in outcomes if o.failure == k) for k in FAILURES}
    players = max((o.players for o in outcomes), default=0)

    # winners of finished whole games (a win shared by a tie counts as a share; partners
    # who win together each win whole)
    decided = [o for o in finished if o.winners]
    first = sum(_share(o) for o in decided if 0 in o.winners)
    by_agent = _wins_by_agent(decided)

    # opening requirements (contracts, thresholds): per round, hands where someone met it
    opening: dict[int, dict] = {}
    for h in hands:
        if h.opening is None:
            continue
        rec = opening.setdefault(h.round, {"hands": 0, "met": 0})
        rec["hands"] += 1
        rec["met"] += bool(h.opening)

    seats = range(players)
    out = {
        "variant": variant_name,
        "settings": dict(settings or {}),
        "games": games,
        "finished": len(finished),
        "failures": failures,
        "invariant failures": failures["invariant"],
        "safety limit hits": failures["hand limit"] + failures["game limit"],
        "errors": failures["error"] + failures["illegal agent move"],
        "hands": len(hands),
        "actions per game": spread([o.actions for o in finished]),
        "hands per game": spread([len(o.hands) for o in finished]),
        "actions per hand": spread([h.actions for h in hands]),
        "turns per hand": spread([h.turns for h in hands]),
        "endings": ordered,
        "endings share": {k: round(v / len(hands), 4) for k, v in ordered.items()} if hands else {},
        "events": dict(sorted(events.items())),
        "hand scores": [spread([h.scores[s] for h in hands if s < len(h.scores)]) for s in seats],
        "game scores": [spread([o.totals[s] for o in finished if s < len(o.totals)]) for s in seats],
        "hands won": [sum(h.winner == s for h in hands) for s in seats],  # `scoring: none`
        "first seat win rate": round(first / len(decided), 4) if decided else None,
        "wins by agent": dict(sorted(by_agent.items())),
        "opening met": {str(r): v for r, v in sorted(opening.items())},
        "failed games": [
            {"game": o.index, "seed": o.seed, "failure": o.failure, "message": o.message,
             "at step": o.at_action}
            for o in outcomes if o.failure
        ],
    }
    if any(o.teams for o in outcomes):  # partners: seat s plays for side s % teams
        out["sides"] = sides(finished, hands, players, max(o.teams or 0 for o in outcomes))
    if seconds is not None:
        actions = sum(o.actions for o in outcomes)
        out["timing"] = {
            "seconds": round(seconds, 3),
            "games per second": round(games / seconds, 3) if seconds else None,
            "actions per second": round(actions / seconds, 1) if seconds else None,
        }
    return out


def sides(finished, hands, players: int, teams: int) -> list[dict]:
    """Each side's seats and scores, where partners play (seat ``s`` for side ``s %
    teams``): a seat's own scores are only its share, and what a side gains or loses as a
    side (a second hand not taken, bonus cards) is booked on its first seat, so only the
    sum over its seats is what the side scored."""
    out = []
    for t in range(teams):
        seats = [s for s in range(players) if s % teams == t]
        out.append({
            "seats": seats,
            "hand scores": spread([sum(h.scores[s] for s in seats if s < len(h.scores))
                                   for h in hands]),
            "game scores": spread([sum(o.totals[s] for s in seats if s < len(o.totals))
                                   for o in finished]),
        })
    return out


def without_timing(summary: dict) -> dict:
    """The summary less what depends on the machine (for comparing runs)."""
    return {k: v for k, v in summary.items() if k not in ("timing",)}
