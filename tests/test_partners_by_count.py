"""Partnerships that depend on the number of players (issue #15, seating): Buraco and
Pinnacola play in pairs with four and alone with two or three; Canasta and Hand and Foot
play two teams of two with four and of three with six. `partners: 2 teams of 2 with 4
players`, `partners: 2 teams` and `partners: 2 teams with 4 or 6 players`."""

from __future__ import annotations

import pytest

from rulespec.engine.state import Game
from rulespec.rulebook import diff, render_page
from rulespec.ruleset import Between, Partnerships
from rulespec.sim.runner import game_seed, play_game

from conftest import house, house_problems

CANASTA_COUNTS = ("deck: 2 packs", "players: 2-6", "partners: 2 teams with 4 or 6 players",
                  "lay off: onto own and partner's melds")


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_clauses_set_teams_size_and_the_counts_that_play_in_teams():
    v = house("basic", "players: 2-4", "partners: 2 teams of 2 with 4 players")
    assert v.ir["partnerships"] == {"teams": 2, "size": 2, "players": [{"min": 4, "max": 4}]}
    v = house("basic", *CANASTA_COUNTS)
    assert v.ir["partnerships"] == {"teams": 2, "size": None, "players": [
        {"min": 4, "max": 4}, {"min": 6, "max": 6}]}
    assert house("basic", "players: 4", "partners: 2 teams of 2").ir["partnerships"] == {
        "teams": 2, "size": 2, "players": []}


def test_each_table_gets_its_own_partnerships():
    p = Partnerships(2, None, (Between(4, 4), Between(6, 6)))
    assert [p.at(n) for n in (2, 3, 4, 5, 6)] == [
        None, None, Partnerships(2, 2), None, Partnerships(2, 3)]
    v = house("basic", *CANASTA_COUNTS)
    seated = {n: Game(v, n, 1).ruleset.partnerships for n in (2, 3, 4, 5, 6)}
    assert seated == {2: None, 3: None, 4: Partnerships(2, 2), 5: None, 6: Partnerships(2, 3)}
    assert v.ruleset.seated(4) is v.ruleset.seated(4)  # built once per count


@pytest.mark.parametrize("lines, says", [
    (("players: 2-5", "partners: 2 teams of 2"), "let 2 players play in teams"),
    (("players: 2-4", "partners: 2 teams of 2 with 3-4 players"), "let 3 players play in teams"),
    (("players: 4-6", "partners: 2 teams"), "5 players cannot sit as 2 teams"),
    (("players: 2-6", "partners: 3 teams with 4 or 6 players"), "4 players cannot sit"),
    (("players: 2-3", "partners: 2 teams of 2 with 4 players"), "nobody ever plays in teams"),
])
def test_counts_that_cannot_fill_the_teams_are_refused(lines, says):
    found = [d for d in house_problems("basic", "deck: 2 packs", *lines) if d.is_error]
    assert [d.code for d in found] == ["E313"] and says in found[0].message


def test_partners_share_a_total_at_four_and_each_plays_alone_at_three():
    v = house("basic", *CANASTA_COUNTS)
    for n, agents in ((4, ("greedy",)), (3, ("random",)), (6, ("random",))):
        out = play_game(v, n, seed=game_seed(5, n), agents=agents)
        assert out.failure is None and out.finished
        if n == 3:
            assert out.teams is None and len(out.winners) == 1
        else:  # a whole team wins: seats alternate between the two teams
            assert out.teams == 2 and out.winners in (tuple(range(0, n, 2)), tuple(range(1, n, 2)))


def test_the_page_says_who_plays_in_teams_and_who_alone():
    page = flat(render_page(house("basic", *CANASTA_COUNTS)))
    assert ("The players form two teams (of two with four players and of three with six "
            "players) in fixed partnerships; players sit with the teams alternating round the "
            "table, so that the turn passes from team to team. With two, three or five players, "
            "everyone plays alone.") in page
    page = flat(render_page(house("basic", "players: 2-4",
                                  "partners: 2 teams of 2 with 4 players")))
    assert ("With four players, the players form two teams of two in fixed partnerships; "
            "partners sit opposite each other, so that the turn passes from team to team. "
            "With two or three players, everyone plays alone.") in page


def test_a_house_rule_that_adds_partners_by_count_says_so():
    base = house("basic", "players: 2-6", "deck: 2 packs")
    changed = diff.changes(base.ir, house("basic", *CANASTA_COUNTS).ir)
    assert ("Partnerships", "none", "two teams with four or six players") in [
        (c.rule, c.old, c.new) for c in changed]
