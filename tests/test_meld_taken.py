"""A card taken from the discard pile must be melded at once (``draw: card taken from the
discard pile must be melded at once``), the mechanic traced end to end in
docs/architecture.md: phrase, check, moves, refusal, rulebook sentence.

Source of the rule: BellaOnline, "Rummy" (variants/house/basic-meld-the-discard.rules):
"if you take the top upturned card, you do need to be able to lay that down in a meld
right away"."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import actions as A
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.state import new_game
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import VARIANTS

HOUSE = VARIANTS / "house" / "basic-meld-the-discard.rules"
HAND = "AS 2S 3S 4H 5H 6H 7C 8C KD KH"  # 7C 8C wait for 6C or 9C; KD KH for a king


@pytest.fixture(scope="module")
def meld_at_once():
    return rulespec.load(HOUSE)


@pytest.fixture(scope="module")
def basic():
    return rulespec.load(VARIANTS / "basic.rules")


def _game(variant, upcard: str, other=None, stock=()):
    """Seat 0 starts, holding :data:`HAND`; ``other`` is seat 1's hand."""
    deck = stacked_deck(variant, 2, hands=[HAND, other], upcard=upcard, stock=stock)
    return new_game(variant, players=2, deck=deck).deal_on()


def _texts(g) -> list[str]:
    return [a.text for a in g.legal_actions()]


def test_the_phrase_sets_the_rule_and_a_house_file_can_undo_it(meld_at_once):
    assert meld_at_once.ruleset.turn.meld_taken
    assert not rulespec.load(VARIANTS / "basic.rules").ruleset.turn.meld_taken
    undone = rulespec.compile_text(
        'variant "x"\nextends "house/basic-meld-the-discard"\n'
        "draw: card taken from the discard pile may be kept\n",
        name=str(VARIANTS / "house" / "x.rules"))
    assert not undone.ruleset.turn.meld_taken


@pytest.mark.parametrize("rules, said", [
    ('extends "gin"', "melds stay in hand until the hand ends"),
    ('extends "push"', "a push also hands out discards"),
    ('extends "basic"\ndraw: from the stock', "no one may draw from the discard pile"),
])
def test_a_rule_that_cannot_be_met_is_an_error(rules, said):
    text = f'variant "x"\n{rules}\ndraw: card taken from the discard pile must be melded at once\n'
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))
    found = [d for d in e.value.diagnostics if d.code == "E330"]
    assert found and said in found[0].message


def test_the_discard_is_offered_only_when_it_can_be_melded(meld_at_once):
    assert "draw discard" in _texts(_game(meld_at_once, upcard="9C"))  # 7C 8C 9C
    assert "draw discard" in _texts(_game(meld_at_once, upcard="KS"))  # KD KH KS
    assert "draw discard" not in _texts(_game(meld_at_once, upcard="QD"))


def test_without_the_rule_any_discard_may_be_taken(basic):
    assert "draw discard" in _texts(_game(basic, upcard="QD"))


def test_after_taking_it_the_only_moves_meld_it(meld_at_once):
    g = _game(meld_at_once, upcard="KS")
    g.apply("draw discard")
    assert _texts(g) == ["meld KS KH KD"]
    g.apply("meld KS KH KD")
    texts = _texts(g)
    assert "discard AS" in texts and "meld AS 2S 3S" not in texts  # one meld a turn


def test_a_lay_off_of_the_taken_card_meets_the_rule(meld_at_once):
    g = _game(meld_at_once, upcard="QD", other="4S 9D 9H TD TH JD JH QH 2C 3C",
              stock="5D 6D")
    g.play("draw stock", "meld AS 2S 3S", "discard 5D")  # seat 0 draws 5D
    g.play("draw stock", "discard 4S")  # seat 1 draws 6D and lets 4S go
    assert "draw discard" in _texts(g)  # 4S fits AS 2S 3S on the table
    g.apply("draw discard")
    assert _texts(g) == ["lay off 4S on 1"]
    g.apply("lay off 4S on 1")
    assert "discard KD" in _texts(g)


def test_taking_a_discard_that_cannot_be_melded_is_refused_and_changes_nothing(meld_at_once):
    g = _game(meld_at_once, upcard="QD")
    before = g.state_dict()
    with pytest.raises(IllegalMove, match="you may take QD from the discard pile only to meld it "
                                          "at once, and no meld of your hand would hold it"):
        g.apply("draw discard")
    assert g.state_dict() == before


FIRST = "the card you took from the discard pile (KS) must go into a meld first: `meld KS KH KD`"


@pytest.mark.parametrize("move, said", [
    ("discard KD", FIRST),
    ("meld AS 2S 3S", FIRST),
    ("lay off KS on 1", "there is no meld 1 on the table"),  # a lay-off of it, judged as one
])
def test_anything_but_melding_the_taken_card_is_refused_with_the_rule(meld_at_once, move, said):
    g = _game(meld_at_once, upcard="KS")
    g.apply("draw discard")
    before = g.state_dict()
    with pytest.raises(IllegalMove) as e:
        g.apply(move)
    assert said in str(e.value)
    assert g.state_dict() == before


def test_the_page_says_the_rule(meld_at_once, basic):
    sentence = "A card taken from the discard pile must go on the table at once"
    assert sentence in render_page(meld_at_once)
    assert sentence not in render_page(basic)


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_every_discard_taken_is_melded_by_the_next_move(meld_at_once, agents):
    """Seeded whole games: invariants hold, and after each ``draw discard`` of a turn the
    player's next move puts that card on the table."""
    taken = 0
    for seed in range(6):
        out = play_game(meld_at_once, seed=seed, agents=agents, check_every=1)
        assert out.finished and out.failure is None, out.message
        g = new_game(meld_at_once, seed=seed)
        bots = [rulespec.agents.make_agent(agents[0], seed=s) for s in range(g.n)]
        while not g.is_over() and len(g.history) < 3000:
            if g.is_chance():
                g.apply_chance()
                continue
            p = g.current_player()
            a = g.apply(bots[p].choose(g, p))
            if a.kind == A.DRAW_DISCARD:
                card = g.taken
                nxt = g.apply(bots[p].choose(g, p))
                assert nxt.kind in (A.MELD, A.LAY_OFF) and card in nxt.cards, nxt.text
                taken += 1
    assert taken > 0


# ---------------------------------------------------------------- "this turn"
# Kalooki (pagat.com): "you may take the top card of the discard pile only if you use it in
# a meld in the same turn"; Scala 40 (pagat.com): the card taken "must be used in a meld
# in the same turn". Other melds may come first; the turn may not end with the card in hand.

THIS_TURN = ('variant "x"\nextends "house/basic-multiple-melds"\n'
             "draw: card taken from the discard pile must be melded in the same turn\n")


@pytest.fixture(scope="module")
def meld_this_turn():
    return rulespec.compile_text(THIS_TURN, name=str(VARIANTS / "house" / "x.rules"))


def test_this_turn_sets_when_the_card_must_be_melded(meld_this_turn, meld_at_once):
    assert meld_this_turn.ruleset.turn.meld_taken
    assert meld_this_turn.ruleset.turn.meld_taken_by == "turn"
    assert meld_at_once.ruleset.turn.meld_taken_by == "move"


def test_other_melds_may_come_first_when_they_leave_a_way_to_meld_it(meld_this_turn):
    g = _game(meld_this_turn, upcard="7H")  # 4H 5H 6H 7H, or 7H laid off onto 4H 5H 6H
    g.apply("draw discard")
    texts = _texts(g)
    assert "meld AS 2S 3S" in texts and "meld 4H 5H 6H" in texts
    assert not any(t.startswith("discard") for t in texts)
    g.apply("meld 4H 5H 6H")  # the 7H is still to go down: only by a lay-off now
    texts = _texts(g)
    assert "lay off 7H on 1" in texts and "meld AS 2S 3S" in texts  # either may come first
    assert not any(t.startswith("discard") for t in texts)
    g.apply("lay off 7H on 1")
    assert "discard KD" in _texts(g) and "meld AS 2S 3S" in _texts(g)


def test_a_meld_that_would_strand_the_taken_card_is_refused_and_changes_nothing(meld_this_turn):
    g = _game(meld_this_turn, upcard="9C")  # only 7C 8C 9C holds it
    g.apply("draw discard")
    g.apply("meld AS 2S 3S")
    before = g.state_dict()
    with pytest.raises(IllegalMove, match="must go into a meld before your turn ends"):
        g.apply("discard KD")
    assert g.state_dict() == before


def test_the_discard_that_no_meld_would_hold_in_the_turn_is_not_offered(meld_this_turn):
    g = _game(meld_this_turn, upcard="QD")
    assert "draw discard" not in _texts(g)
    with pytest.raises(IllegalMove, match="only to meld it in this turn"):
        g.apply("draw discard")


def test_a_card_that_only_a_meld_made_first_lets_down_may_be_taken():
    """Lay-offs only after a meld of your own: the 4S taken fits seat 1's AS 2S 3S, but only
    once seat 0 has melded. 'At once' refuses the take; 'this turn' lets the meld come first."""
    base = 'variant "x"\nextends "house/basic-multiple-melds"\nlay off: only after own first meld\n'
    offered = {}
    for when in ("at once", "this turn"):
        v = rulespec.compile_text(base + f"draw: card taken from the discard pile must be "
                                  f"melded {when}\n", name=str(VARIANTS / "house" / "x.rules"))
        deck = stacked_deck(v, 2, hands=["AS 2S 3S 9D 9H TD TH JD JH QH",
                                         "4H 5H 6H 7C 8C KD KH 2D 5C 9S"],
                            upcard="QS", stock="4S")
        g = new_game(v, players=2, deck=deck).deal_on()
        g.play("draw stock", "meld AS 2S 3S", "discard 4S")  # seat 0 lets 4S go
        offered[when] = "draw discard" in _texts(g)
        if offered[when]:
            g.apply("draw discard")
            assert _texts(g) == ["meld 4H 5H 6H"]  # the only way the 4S can go down
            g.apply("meld 4H 5H 6H")
            assert _texts(g) == ["lay off 4S on 1"]
    assert offered == {"at once": False, "this turn": True}


def test_the_page_and_the_diff_say_this_turn(meld_this_turn, meld_at_once):
    page = render_page(meld_this_turn)
    assert ("A card taken from the discard pile must go on the table before the turn ends"
            in page)
    assert "must go on the table at once" not in page
    said = [str(c) for c in changes(meld_at_once.ir, meld_this_turn.ir)]
    assert any("must be melded this turn" in c for c in said), said


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_games_where_the_taken_card_waits_for_the_turn_end_play_through(meld_this_turn, agents):
    """Seeded whole games: invariants hold, and no turn that took the discard ends with
    the card still in hand."""
    taken = 0
    for seed in range(6):
        g = new_game(meld_this_turn, seed=seed)
        bots = [rulespec.agents.make_agent(agents[0], seed=s) for s in range(g.n)]
        owed = held = turn = None
        while not g.is_over() and len(g.history) < 3000:
            if g.is_chance():
                g.apply_chance()
                continue
            p = g.current_player()
            if turn != (len(g.results), p):
                owed, turn = None, (len(g.results), p)  # a new turn owes nothing yet
            a = bots[p].choose(g, p)
            if owed is not None and a.kind in (A.DISCARD, A.KNOCK):
                assert g.hands[p].count(owed) < held, f"{a.text} with {owed} still owed"
                owed = None
            a = g.apply(a)
            if a.kind == A.DRAW_DISCARD:
                owed, held, taken = g.taken, g.hands[p].count(g.taken), taken + 1
        out = play_game(meld_this_turn, seed=seed, agents=agents, check_every=1)
        assert out.finished and out.failure is None, out.message
    assert taken > 0


# ---------------------------------------------------------------- only before opening
# Rommé (romme-palast.de, the Rommé trial): before the first meld a player may take the
# discard only to use it in that meld; once opened, the card taken may be kept.

BEFORE = ("draw: before opening, card taken from the discard pile must be melded this turn",)


def _before_opening(opening: str = "melds worth at least 40"):
    text = ('variant "Rommé, the discard before opening"\nextends "basic"\n'
            f"opening: {opening}\n" + "\n".join(BEFORE) + "\n")
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def test_before_opening_the_discard_is_taken_only_to_open_with_it():
    v = _before_opening("melds worth at least 60")
    assert v.ruleset.turn.meld_taken and v.ruleset.turn.meld_taken_before_opening
    # with KC the hand's melds are worth 30 + 6 + 15 = 51: not enough to open with 60
    g = _game(v, upcard="KC")
    assert "draw discard" not in _texts(g)
    with pytest.raises(IllegalMove) as e:
        g.apply("draw discard")
    assert "only to meld it in this turn" in e.value.reason
    # 51 is enough to open: the king may be taken, and must go down before the discard
    g = _game(_before_opening("melds worth at least 51"), upcard="KC")
    assert "draw discard" in _texts(g)
    g.apply("draw discard")
    assert not any(t.startswith("discard") for t in _texts(g))


def test_once_opened_the_card_taken_may_be_kept():
    v = _before_opening()
    g = _game(v, upcard="9D")  # a card no meld of the hand would hold
    g.opened[0] = True  # seat 0 went down in an earlier turn
    assert "draw discard" in _texts(g)
    g.apply("draw discard")
    assert "discard 7C" in _texts(g)  # the 9D stays in hand


def test_the_page_and_the_diff_say_who_must_meld_it():
    v = _before_opening()
    page = render_page(v)
    assert ("Until you have opened, a card taken from the discard pile must go on the table "
            "before the turn ends") in page
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, v.ir)]
    assert any("must be melded this turn by a player who has not opened" in c for c in said), said
