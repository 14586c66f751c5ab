"""Semantic checks on partnerships: every count of players that plays in teams fills them
(E313), laying off onto a partner's melds needs partners (E332), and so does asking
partner's permission to go out (E328)."""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, player_counts, say_players

check = Checks()


@check("E313")
def partnerships_fit(r: Ruleset, doc: dict):
    """Every count of players that plays in teams must fill them: exactly teams x size, or
    (with no size) a team of 2 to 4 each; and some count allowed must play in teams."""
    p = r.partnerships
    if p is None:
        return
    counts = list(player_counts(r))
    teamed = [n for n in counts if p.teamed(n)]
    if p.size is not None:
        table = p.teams * p.size
        bad = [n for n in teamed if n != table]
        if bad:
            yield Problem("partnerships",
                          f"{p.teams} teams of {p.size} need exactly {table} players, but the "
                          f"rules let {say_players(bad[0])} play in teams",
                          f"write `players: {table}`, or `partners: {p.teams} teams of {p.size} "
                          f"with {table} players` so that other counts play alone")
            return
    else:
        bad = [n for n in teamed if n % p.teams or not 2 <= n // p.teams <= 4]
        if bad:
            yield Problem("partnerships",
                          f"{say_players(bad[0])} cannot sit as {p.teams} teams of two to four "
                          f"players each", "allow only player counts that fill the teams, e.g. "
                          f"`partners: {p.teams} teams with {2 * p.teams} players`")
            return
    if not teamed:
        yield Problem("partnerships", "the partnerships are for a number of players the rules "
                      "never allow, so nobody ever plays in teams",
                      "name a number of players that `players:` allows, or write `partners: none`")


@check("E332")
def partner_layoffs(r: Ruleset, doc: dict):
    if r.turn.layoff is not None and r.turn.layoff.onto == "team" and r.partnerships is None:
        yield Problem("turn.layoff", "laying off onto a partner's melds needs partnerships",
                      "add `partners:`")


@check("E328")
def partner_permission(r: Ruleset, doc: dict):
    """Asking partner "may I go out?" needs partnerships and going out."""
    go = r.going_out
    if go is None or go.ask is None:
        return
    said = "may ask partner first" if go.ask == "may" else "only after asking partner"
    if r.partnerships is None:
        yield Problem("going_out.ask", f"`{said}`: there are no partnerships, so there is no "
                      "partner to ask", "add `partners:`, or remove the rule")
