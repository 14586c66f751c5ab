"""Once a player has gone down, the discard pile is closed to them: no taking it in turn
(``draw: from the discard pile only before going down``) and no buying it out of turn
(``may i: only before going down``).

Source (Liverpool Rummy, as a new-user trial found it): "Once you've gone down, you can no
longer pick or buy cards off the discard pile.\""""

from __future__ import annotations

import pytest

import rulespec
import rulespec.agents
from rulespec.engine import actions as A
from rulespec.engine.errors import IllegalMove
from rulespec.engine.phases import Phase
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, house

CLOSED = ("draw: from the discard pile only before going down", "may i: only before going down")


def _watch(v, seeds=range(2)):
    """Seeded greedy games: (draws offered to a player who had gone down, claims offered
    to one, refusals checked) counted over every move."""
    offered = claims = refused = 0
    for seed in seeds:
        g = rulespec.new_game(v, seed=seed)
        bots = [rulespec.agents.make_agent("greedy", seed=s) for s in range(g.n)]
        while not g.is_over() and len(g.history) < 1200:
            if g.is_chance():
                g.apply_chance()
                continue
            p = g.current_player()
            legal = g.legal_strings()
            if g.phase is Phase.DRAW and g.opened[p] and g.discards:
                offered += "draw discard" in legal
                if "draw discard" not in legal and not refused:
                    before = g.state_dict()
                    with pytest.raises(IllegalMove, match="no longer take from the discard"):
                        g.apply("draw discard")
                    assert g.state_dict() == before
                    refused += 1
            if g.phase is Phase.CLAIM and g.opened[p]:
                claims += A.MAY_I in {a.kind for a in g.legal_actions()}
            g.apply(bots[p].choose(g, p))
    return offered, claims, refused


def test_a_player_who_has_gone_down_may_neither_take_nor_buy_the_discard():
    closed = house("continental", *CLOSED)
    assert closed.ruleset.turn.discard_until_opening
    assert closed.ruleset.turn.claims.before_opening
    assert _watch(closed) == (0, 0, 1)  # the refusal was seen, in words, nothing changed
    open_ = rulespec.load(VARIANTS / "continental.rules")
    offered, claims, _ = _watch(open_)
    assert offered > 0 and claims > 0  # without the rules, both happen in these games


def test_the_page_and_the_diff_say_it():
    closed = house("continental", *CLOSED)
    page = render_page(closed)
    assert "Once you have gone down, you may no longer take from the discard pile" in page
    assert "A player who has already gone down may not claim." in page
    said = " ".join(str(c) for c in changes(rulespec.load(VARIANTS / "continental.rules").ir,
                                             closed.ir))
    assert "only before opening" in said and "closed" in said


def test_a_lay_off_may_wait_for_the_turn_after_going_down():
    """Carioca (a new-user trial): cards are added to melds "in later turns", never in the
    turn of going down. In seeded games no lay-off comes in the turn a player went down,
    and some come later; without the rule some come in that very turn."""
    def lay_offs(v):
        same = later = 0
        for seed in range(2):
            g = rulespec.new_game(v, seed=seed)
            bots = [rulespec.agents.make_agent("greedy", seed=s) for s in range(g.n)]
            down_at, turn_no, last = {}, 0, None
            while not g.is_over() and len(g.history) < 1500:
                if g.is_chance():
                    g.apply_chance()
                    continue
                p = g.current_player()
                if (len(g.results), g.turn) != last:  # a new turn (or a new hand)
                    turn_no, last = turn_no + 1, (len(g.results), g.turn)
                    down_at = {q: t for q, t in down_at.items() if t[0] == len(g.results)}
                a = g.apply(bots[p].choose(g, p))
                if a.kind == A.LAY_OFF and g.phase is Phase.PLAY and p in down_at:
                    same += down_at[p][1] == turn_no
                    later += down_at[p][1] != turn_no
                if g.opened[p] and p not in down_at:
                    down_at[p] = (len(g.results), turn_no)
        return same, later

    later_only = house("continental", "lay off: only from the turn after going down")
    assert later_only.ruleset.turn.layoff.requires == "earlier opening"
    same, later = lay_offs(later_only)
    assert same == 0 and later > 0
    assert lay_offs(rulespec.load(VARIANTS / "continental.rules"))[0] > 0
    assert "and not in the turn in which you did" in render_page(later_only)
