"""One contract for every deal (``opening: 1 run of 3``).

Sources (as the new-user trials read them): Vatikan, pagat.com/rummy/vatikan.html, and
Pagat's "the first meld must be a sequence of three cards": a contract with no round,
the same in every deal. It is stored as round 0, and a round's own ``round N:`` contract
wins over it in that round."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.rulebook import site
from rulespec.rulebook.diff import changes
from rulespec.rulebook.site import Entry
from rulespec.sim.runner import play_game

from conftest import house, house_problems

EVERY = "opening: 1 run of 3"


@pytest.fixture(scope="module")
def every():
    return house("basic", EVERY)


def test_the_phrase_is_a_contract_for_round_zero_that_every_round_uses(every):
    (c,) = every.ruleset.opening.contracts
    assert c.round == 0 and [r.words() for r in c.options[0]] == ["1 run of 3"]
    for n in (1, 2, 7, 40):
        assert every.ruleset.opening.contract(n) is c


def test_a_rounds_own_contract_wins():
    v = house("basic", "opening: round 2: 2 sets of 3; 1 run of 3")
    op = v.ruleset.opening
    assert [r.words() for r in op.contract(2).options[0]] == ["2 sets of 3"]
    assert [r.words() for r in op.contract(1).options[0]] == ["1 run of 3"]
    assert op.contract(3) is op.contract(1)


def _game(v):
    deck = stacked_deck(v, 2, hands=["3S 4S 5S KD KH KC 9C 9D 2H 7C", None], upcard="QC",
                        stock=["8H"])
    return new_game(v, players=2, deck=deck).deal_on()


def test_the_first_meld_must_be_the_run(every):
    g = _game(every)
    g.play("draw stock").deal_on()
    melds = [str(a) for a in g.legal_actions() if str(a).startswith("meld")]
    assert melds == ["meld 3S 4S 5S"]
    with pytest.raises(IllegalMove, match="your first melds this round must be 1 run of 3"):
        g.apply("meld KD KH KC")
    g.play("meld 3S 4S 5S", "discard 8H")
    assert g.opened[0]


def test_without_the_rule_the_set_may_go_first():
    g = _game(rulespec.load("variants/basic.rules"))
    g.play("draw stock").deal_on()
    assert "meld KH KD KC" in {str(a) for a in g.legal_actions()}


def test_the_checks():
    def codes(*lines):
        return [p.code for p in house_problems("basic", *lines) if p.is_error]
    # a contract and a threshold at once: the engine plays one or the other
    assert codes("opening: 1 run of 3; melds worth at least 30") == ["E362"]
    # too many cards for any round's hand (basic deals 6 to 6 players)
    assert codes("opening: 2 runs of 4") == ["E322"]
    # every round of the game has its own contract: the shared one is never played
    assert codes("opening: 1 run of 3; round 1: 2 sets of 3", "game: 1 round") == ["E365"]
    house("basic", "opening: 1 run of 3; round 1: 2 sets of 3", "game: 2 rounds")  # fine


def test_the_page_and_the_diff_say_it(every):
    page = rulespec.render_page(every)
    assert "Every round has the same contract" in page
    assert "| Every round | ten | One run of three | three |" in page
    mixed = rulespec.render_page(house("basic", "opening: round 1: 2 sets of 3; 1 run of 3"))
    assert "| First | ten | Two sets of three | six |" in mixed
    assert "| Every other round | ten | One run of three | three |" in mixed
    assert "A round not listed by number has the contract of every other round" in mixed
    said = [(c.rule, c.new) for c in changes(rulespec.load("variants/basic.rules").ir, every.ir)]
    assert ("Contract for every round", "one run of three") in said
    # a house file's page leads with what it changes, in words
    basic = Entry("basic", rulespec.load("variants/basic.rules"))
    lead = site.lead(Entry("house/every", every), basic, "basic.md")
    assert "the contract for every round without its own is one run of three" in lead


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_games_play_to_the_end_with_the_contract_in_every_deal(every, agents):
    for seed in range(2):
        out = play_game(every, players=3, seed=seed, agents=agents)
        assert out.failure is None, out.message
        assert out.hands and all(h.reason for h in out.hands)
