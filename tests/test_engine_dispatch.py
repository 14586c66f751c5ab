"""The engine's Game is composed of one mixin per mechanic (rulespec/engine/mechanics/),
hooked in through dispatch tables built once: every move kind, phase and continuation
has exactly one owner, and the mechanic that plays a kind of move also says why it
refuses one. Phases and hand endings are enums that read exactly as the strings they
replaced (records, goldens, pages and doctests print them)."""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec import IllegalMove
from rulespec.engine import actions as A
from rulespec.engine import new_game
from rulespec.engine.mechanics.knocking import Knocking
from rulespec.engine import state as S
from rulespec.engine.phases import Ending, Phase, Then

from conftest import VARIANTS

#: the texts every record, golden and page already holds; renaming one breaks them all
PHASE_TEXTS = ("deal", "declare", "offer", "draw", "claim", "claim meld", "play", "answer",
               "knock", "lay off", "defend", "over")
ENDING_TEXTS = ("went out", "knock", "gin", "big gin", "undercut", "show", "special hand",
                "wrong show", "drops", "stock exhausted", "stalemate", "void")


def test_the_enums_keep_the_texts_and_read_as_them():
    assert tuple(Phase) == PHASE_TEXTS
    assert tuple(Ending) == ENDING_TEXTS  # also the order statistics report endings in
    for member in (*Phase, *Ending):
        assert str(member) == f"{member}" == repr(member)[1:-1] == member.value
        assert repr((member,)) == repr((member.value,))


def test_every_move_kind_has_one_handler():
    for kind in A.KINDS:
        table = S._CHANCE_STEPS if kind in A.CHANCE_KINDS else S._MOVES
        assert kind in table, kind
    assert set(S._MOVES) | set(S._CHANCE_STEPS) == set(A.KINDS)


def _owner(kind: str, table: str):
    """The mechanic (a class in Game's MRO) whose ``table`` holds ``kind``."""
    return next(c for c in S.Game.__mro__ if kind in c.__dict__.get(table, {}))


def test_the_mechanic_that_plays_a_kind_of_move_says_why_it_refuses_one():
    # pass is the core's: it means what the phase makes it, and so does its refusal
    assert set(S._REFUSALS) == set(A.KINDS) - A.CHANCE_KINDS - {A.PASS}
    for kind in S._REFUSALS:
        assert _owner(kind, "REFUSALS") is _owner(kind, "MOVES"), kind
        assert _owner(kind, "REFUSALS") is not S.Game, kind


def test_a_refusal_is_asked_of_the_owner_of_its_kind(monkeypatch):
    game = new_game(rulespec.load(VARIANTS / "basic.rules"), seed=3).deal_on().play("draw stock")
    game.deal_on()
    knock = "knock " + game.legal_strings()[-1].split()[-1]  # basic has no knocking
    with pytest.raises(IllegalMove, match="the rules have no knocking"):
        game.apply(knock)
    monkeypatch.setitem(S._REFUSALS, A.KNOCK, lambda game, parsed, missing, offered: "asked")
    with pytest.raises(IllegalMove, match="asked"):
        game.apply(knock)


def test_a_turn_begun_is_finished_first_whatever_mechanic_began_it(monkeypatch):
    assert {k: _owner(k, "UNFINISHED").__name__ for k in S._UNFINISHED} == {
        "going down": "Melding", "wild card owed": "Replacing"}
    game = new_game(rulespec.load(VARIANTS / "basic.rules"), seed=3).deal_on().play("draw stock")
    game.deal_on()
    knock = "knock " + game.legal_strings()[-1].split()[-1]  # basic has no knocking
    # a new mechanic that makes a turn finish something first adds one entry, in its module
    monkeypatch.setitem(S._UNFINISHED, "a test", lambda game, kind: f"finish it before a {kind}")
    with pytest.raises(IllegalMove, match="finish it before a knock"):
        game.apply(knock)


def test_every_phase_has_its_moves_and_its_pass():
    assert set(S._PHASES) == set(Phase) - {Phase.DEAL, Phase.OVER}
    # ``pass`` in the play phase ends a turn without a discard (mechanics/play_or_draw.py);
    # a partner asked "may I go out?" answers yes or no, never pass (mechanics/asking.py)
    assert set(S._PASSES) == set(Phase) - {Phase.DEAL, Phase.OVER, Phase.ANSWER}
    assert set(S._THEN) == set(Then)


def test_a_move_claimed_by_two_mechanics_is_refused():
    class One:
        MOVES = {A.KNOCK: lambda game, a: None}

    class Two:
        MOVES = {A.KNOCK: lambda game, a: None, A.GIN: lambda game, a: None}

    class Both(One, Two):
        pass

    with pytest.raises(TypeError, match="knock"):
        S.dispatch_table(Both, "MOVES")
    assert set(S.dispatch_table(Two, "MOVES")) == {A.KNOCK, A.GIN}

    class Three:
        REFUSALS = {A.KNOCK: lambda game, parsed, missing, offered: None}

    class Claimed(Knocking, Three):
        pass

    with pytest.raises(TypeError, match="REFUSALS: knock played by two mechanics"):
        S.dispatch_table(Claimed, "REFUSALS")


@pytest.mark.parametrize("name", ["gin", "indian-points", "continental", "push", "basic"])
def test_phases_and_endings_in_play_are_the_enums(name):
    variant = rulespec.load(VARIANTS / f"{name}.rules")
    game = new_game(variant, seed=11)
    rng = random.Random(11)
    phases = set()
    for _ in range(3000):
        if game.is_over() or len(game.results) >= 2:
            break
        assert type(game.phase) is Phase
        phases.add(game.phase)
        if game.is_chance():
            game.apply_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert game.results and Phase.DRAW in phases
    for r in game.results:
        assert type(r.reason) is Ending
    assert type(game.observation(0).phase) is Phase


def test_no_two_mechanics_define_the_same_method():
    """Each mechanic is a base of Game: a name defined in two of them is one of them
    silently shadowing the other (the frozen pile's and discarding's `_named`, with their
    arguments in opposite orders, broke play when both branches met)."""
    from rulespec.engine.state import Game

    owners: dict[str, list[str]] = {}
    for base in Game.__mro__[1:]:
        if base.__module__.startswith("rulespec.engine.mechanics."):
            for name, value in vars(base).items():
                if callable(value) and not name.startswith("__"):
                    owners.setdefault(name, []).append(base.__name__)
    # `narrows` is each mechanic's own table, gathered class by class (mechanics.narrows_for)
    twice = {n: o for n, o in owners.items() if len(o) > 1 and n != "narrows"}
    assert not twice, twice
