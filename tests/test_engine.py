"""The interpreter's core: game state, moves and their strings, illegal moves, scoring of
Gin and Basic Rummy, against the worked examples of the rule sources.

Sources are in ../shared/rules-sources/: 002 Gin (the knock and undercut example), 001 and
003 Basic Rummy (going rummy doubles).
"""

from __future__ import annotations

import pytest

import rulespec
from rulespec import IllegalMove, RulespecError
from rulespec.engine import CHANCE, TERMINAL, check_invariants, new_game, stacked_deck
from rulespec.engine.actions import parse

from conftest import VARIANTS


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


@pytest.fixture(scope="module")
def gin():
    return load("gin")


@pytest.fixture(scope="module")
def basic():
    return load("basic")


# ------------------------------------------------------------------ the API's shape


def test_a_new_game_starts_with_chance_steps_that_deal_the_cards(gin):
    """Every card dealt is a chance step (OpenSpiel's explicit chance nodes)."""
    g = rulespec.new_game(gin, players=2, seed=1)
    assert g.current_player() == CHANCE
    while g.round == 0:  # Gin cuts for the first deal first (tests/test_seating.py)
        g.apply_chance()
    outcomes = g.chance_outcomes()
    assert len(outcomes) == 52 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(a.text.startswith("deal ") for a, _ in outcomes)
    g.deal_on()
    assert [len(h) for h in g.hands] == [10, 10] and len(g.discards) == 1 and len(g.stock) == 31
    assert g.current_player() == g.starter == 1 - g.dealer and g.phase == "offer"


def test_the_same_seed_and_moves_replay_the_same_game(gin):
    def run(seed):
        g = new_game(gin, players=2, seed=seed)
        import random

        rng = random.Random(5)
        while not g.is_over() and len(g.history) < 400:
            if g.is_chance():
                g.apply_chance()
            else:
                g.apply(rng.choice(g.legal_actions()))
        return g

    a, b = run(3), run(3)
    assert a.history == b.history and a.state_dict() == b.state_dict()
    assert run(4).history != a.history


def test_a_record_of_every_step_replays_without_the_seed(gin):
    """Chance steps are moves too, so the list of moves alone replays a game."""
    g = new_game(gin, players=2, seed=11)
    import random

    rng = random.Random(0)
    for _ in range(150):
        if g.is_over():
            break
        g.apply(g.chance_action() if g.is_chance() else rng.choice(g.legal_actions()))
    h = new_game(gin, players=2, seed=999)
    for move in g.record()["actions"]:
        h.apply(move)
    assert h.state_dict()["hands"] == g.state_dict()["hands"]
    assert h.history == g.history


def test_legal_actions_are_sorted_and_each_has_one_canonical_string(gin):
    g = new_game(gin, players=2, seed=2).deal_on()
    g.apply("pass")
    g.apply("pass")
    g.play("draw stock")
    g.deal_on()
    acts = g.legal_actions()
    assert acts == sorted(acts)
    texts = [a.text for a in acts]
    assert len(set(texts)) == len(texts)
    for a in acts:
        assert parse(a.text).text == a.text


def test_moves_can_be_typed_loosely(gin):
    g = new_game(gin, players=2, deck=stacked_deck(gin, 2, upcard="8S")).deal_on()
    g.apply("  Draw   Discard ")
    card = g.hands[0][0]
    g.apply(f"discard {rulespec.cards.card_str(card, symbols=True).lower()}")
    assert g.discards[-1] == card and g.history[-1] == f"discard {rulespec.cards.card_str(card)}"


def test_players_must_be_a_number_the_rules_allow(gin):
    with pytest.raises(ValueError, match="for 2 players"):
        new_game(gin, players=3)


def test_a_stacked_deck_must_hold_exactly_the_variants_cards(gin):
    deck = stacked_deck(gin, 2)
    with pytest.raises(ValueError, match="exactly"):
        new_game(gin, players=2, deck=deck[:-1] + [deck[0]])


def test_the_game_ends_with_a_terminal_marker(gin):
    g = new_game(load("house/gin-openspiel"), players=2, seed=0)
    import random

    rng = random.Random(1)
    while not g.is_over():
        g.apply(g.chance_action() if g.is_chance() else rng.choice(g.legal_actions()))
    assert g.current_player() == TERMINAL and g.legal_actions() == []
    with pytest.raises(IllegalMove, match="over"):
        g.apply("pass")


def test_an_observation_shows_own_cards_and_only_counts_of_others(gin):
    g = new_game(gin, players=2, deck=stacked_deck(gin, 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD"],
                                                    upcard="QD")).deal_on()
    obs = g.observation(0)
    assert rulespec.cards.cards_str(obs.hand) == "AS 2S 3S 4H 5H 6H KD 7C 8C 9C"
    assert obs.hand_sizes == (10, 10) and obs.discard_top == rulespec.parse_cards("QD")[0]
    assert obs.stock_size == 31
    other = g.observation(1)
    assert set(other.hand).isdisjoint(obs.hand)
    assert "hand: AS" in str(obs)


# ------------------------------------------------------------------ illegal moves


def test_an_illegal_move_names_the_rule_and_leaves_the_game_as_it_was(basic):
    """Basic Rummy (003): "you are not allowed to end that turn by discarding the same card"."""
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD"], upcard="QD")
    g = new_game(basic, players=2, deck=deck).deal_on()
    g.apply("draw discard")
    before = g.state_dict()
    with pytest.raises(IllegalMove) as e:
        g.apply("discard QD")
    assert "may not discard the card you just took from the discard pile" in str(e.value)
    assert isinstance(e.value, RulespecError)
    assert g.state_dict() == before
    g.apply("discard KD")


@pytest.mark.parametrize("move, reason", [
    ("discard 7S", "you do not hold 7S"),
    ("meld AS 2S 4H", "neither a set .mixed ranks. nor a sequence"),
    ("knock KD", "no knocking"),
    ("fly away", "is not a move"),
    ("lay off 9C on 4", "no meld 4"),
])
def test_illegal_moves_say_why_in_a_players_words(basic, move, reason):
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD"], upcard="QD")
    g = new_game(basic, players=2, deck=deck).deal_on()
    g.apply("draw discard")
    before = g.state_dict()
    with pytest.raises(IllegalMove, match=reason):
        g.apply(move)
    assert g.state_dict() == before


def test_moving_before_drawing_is_refused(basic):
    g = new_game(basic, players=2, seed=3).deal_on()
    card = rulespec.cards.card_str(g.hands[0][0])
    with pytest.raises(IllegalMove, match="must draw"):
        g.apply(f"discard {card}")


# ------------------------------------------------------------------ Gin


def gin_example(v):
    """Source 002's knock: Player 1 (seat 0) knocks with 8 deadwood; Player 2 lays off
    J♥ and 7♥ on the first meld and is left with 4."""
    deck = stacked_deck(v, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                     "QS QD QC 3D 4D 5D JH 7H AC 3S"], upcard="8S")
    return new_game(v, players=2, deck=deck)


def test_the_gin_source_example_defender_lays_off_and_undercuts_for_14(gin):
    """002: "Player 2 is awarded the difference of 4 points, along with the bonus of 10
    points, getting a sum of 14 points this round"."""
    g = gin_example(gin)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass")
    assert g.phase == "lay off" and g.current_player() == 1
    assert "lay off JH on 1" in g.legal_strings() and "lay off 7H on 1" in g.legal_strings()
    g.play("lay off JH on 1", "lay off 7H on 1", "pass", "meld QS QD QC", "meld 3D 4D 5D", "pass")
    r = g.results[-1]
    assert r.reason == "undercut" and r.winner == 1
    assert r.penalties == (8, 4) and r.scores == (0, 14)
    assert g.scores().game == (0, 14)
    check_invariants(g)


def test_without_laying_off_the_gin_knocker_wins_the_difference(gin):
    g = gin_example(gin)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass",
           "pass", "meld QS QD QC", "meld 3D 4D 5D", "pass")
    r = g.results[-1]
    assert r.reason == "knock" and r.scores == (21 - 8, 0)


def test_the_knocker_must_meld_down_to_the_knock_limit_before_passing(gin):
    g = gin_example(gin)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H")
    assert "pass" not in g.legal_strings()
    with pytest.raises(IllegalMove):
        g.apply("pass")


def test_a_knock_needs_deadwood_under_ten(gin):
    """002: "Knocking can only be done when the total value of unmatched cards in hand is
    lower than 10"."""
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS"], upcard="KD")
    g = new_game(gin, players=2, deck=deck).play("draw discard")
    assert not any(a.startswith("knock") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="deadwood of 9 or less"):
        g.apply("knock 2S")


def test_ties_go_to_the_defender_as_an_undercut(gin):
    """002: "If both players have the same deadwood value, it is considered an undercut"."""
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                       "QS QD QC 3D 4D 5D 6D 7D 9D 8C"], upcard="8S")
    g = new_game(gin, players=2, deck=deck)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass",
           "pass", "meld QS QD QC", "meld 3D 4D 5D 6D 7D", "pass")
    r = g.results[-1]
    assert r.penalties == (8, 17)
    # 9D 8C: 17 > 8, a plain knock; now make it a tie
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                       "QS QD QC 3D 4D 5D 6D 7D 8D 8C"], upcard="8S")
    g = new_game(gin, players=2, deck=deck)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass",
           "pass", "meld QS QD QC", "meld 3D 4D 5D 6D 7D 8D", "pass")
    r = g.results[-1]
    assert r.penalties == (8, 8) and r.reason == "undercut" and r.scores == (0, 0 + 10)


def test_gin_scores_the_opponents_deadwood_plus_30_and_allows_no_lay_off(gin):
    """002: gin "bonus of 30 points"; "When gin is called, there is no lay off phase"."""
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C KS",
                                       "QS QD QC 3D 4D 5D 7H AC 3S JS"], upcard="JH")
    g = new_game(gin, players=2, deck=deck)
    g.play("draw discard", "knock KS", "meld 8H 9H 10H JH", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass")
    assert g.phase == "defend"  # no lay-off phase after gin
    g.play("meld QS QD QC", "meld 3D 4D 5D", "pass")
    r = g.results[-1]
    assert r.reason == "gin" and r.scores == (7 + 1 + 3 + 10 + 30, 0)


def test_big_gin_melds_all_eleven_cards_without_a_discard(gin):
    """002: "Big Gin ... awards 50 points instead"."""
    deck = stacked_deck(gin, 2, hands=["8H 9H 10H 2S 2D 2C 5C 6C 7C JH",
                                       "QS QD QC 3D 4D 5D 7H AC 3S JS"], upcard="QH")
    g = new_game(gin, players=2, deck=deck)
    g.play("draw discard")
    assert "gin" in g.legal_strings()
    g.play("gin", "meld 8H 9H 10H JH QH", "meld 2S 2D 2C", "meld 5C 6C 7C", "pass",
           "meld QS QD QC", "meld 3D 4D 5D", "pass")
    r = g.results[-1]
    assert r.reason == "big gin" and r.scores == (7 + 1 + 3 + 10 + 50, 0)


def test_the_gin_upcard_goes_to_the_non_dealer_then_the_dealer_then_the_stock(gin):
    """002: "The upcard is offered to the nondealer first. If he doesn't want the upcard,
    the dealer may take it"; if both pass the non-dealer draws from the stock."""
    g = new_game(gin, players=2, seed=4).deal_on()
    assert (g.phase, g.current_player(), g.dealer) == ("offer", 0, 1)
    g.apply("pass")
    assert (g.phase, g.current_player()) == ("offer", 1)
    g.apply("pass")
    assert (g.phase, g.current_player(), g.legal_strings()) == ("draw", 0, ["draw stock"])
    g = new_game(gin, players=2, seed=4).deal_on()
    g.play("pass", "draw discard")
    assert g.phase == "play" and g.current_player() == 1
    g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    assert g.current_player() == 0 and g.phase == "draw"


def test_a_gin_hand_is_void_when_two_stock_cards_remain(gin):
    """Gin file: "exhausted when 2 cards remain; hand is void"."""
    import random

    g = new_game(gin, players=2, seed=8).deal_on()
    rng = random.Random(0)
    while not g.results:
        if g.is_chance():
            g.apply_chance()
            continue
        acts = [a for a in g.legal_actions() if a.kind not in ("knock", "gin")]
        if g.phase == "draw" and len(g.stock) == 2:
            assert "pass" in g.legal_strings() and "draw stock" not in g.legal_strings()
            g.apply("pass")
            break
        g.apply(rng.choice(acts))
    assert g.results[-1].reason == "void" and g.results[-1].scores == (0, 0)


def test_a_gin_game_goes_to_100_points_with_the_deal_alternating(gin):
    import random

    g = new_game(gin, players=2, seed=21)
    rng = random.Random(2)
    dealers = []
    while not g.is_over():
        if g.is_chance():
            if g.round > len(dealers):  # a new hand (round 0 is the cut for the first deal)
                dealers.append(g.dealer)
            g.apply_chance()
            continue
        acts = g.legal_actions()
        good = [a for a in acts if a.kind in ("knock", "gin", "meld", "lay off")]
        if g.phase in ("knock", "lay off", "defend"):
            g.apply(good[0] if good else acts[-1])
        else:
            g.apply(good[0] if good and g.phase == "play" else rng.choice(acts))
    assert max(g.scores().game) >= 100
    first = dealers[0]
    assert dealers[:4] == [first, 1 - first, first, 1 - first]
    assert g.scores().winners == (max(range(2), key=lambda p: g.totals[p]),)


# ------------------------------------------------------------------ Basic Rummy


def test_going_rummy_doubles_what_the_others_pay(basic):
    """001: "If a player managed to go rummy ... the points each player pays them is
    doubled"."""
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                                         "2H 4H 6H 8H 10H 2D 4D 6D 8D KC"], upcard="QC", stock=["JD"])
    g = new_game(basic, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "discard JD")
    r = g.results[-1]
    other = 2 + 4 + 6 + 8 + 10 + 2 + 4 + 6 + 8 + 10
    assert r.reason == "went out" and r.rummy and r.scores == (2 * other, 0)


def test_going_out_after_melding_earlier_is_not_rummy(basic):
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S KD",
                                         "2H 4H 6H 8H 10H 2D 4D 6D 8D KC"], upcard="QC",
                        stock=["JD", "5C", "10S"])
    g = new_game(basic, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S", "discard JD")
    g.play("draw stock", "discard 5C")
    g.play("draw stock", "lay off 10S on 1", "discard KD")
    r = g.results[-1]
    assert r.reason == "went out" and not r.rummy and r.scores[0] == 2 + 4 + 6 + 8 + 10 + 2 + 4 + 6 + 8 + 10


def test_basic_allows_one_meld_per_turn(basic):
    """003: "You cannot meld more than one combination in a turn"."""
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD"], upcard="QD", stock=["JD"])
    g = new_game(basic, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S")
    assert not any(a.startswith("meld") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="only 1 meld per turn"):
        g.apply("meld 4H 5H 6H")


def test_basic_players_lay_off_onto_anyones_melds_and_go_out_without_a_discard(basic):
    """003: "you may add cards to groups or sequences previously melded by yourself or
    others"; going out "by either melding, laying off, or discarding"."""
    deck = stacked_deck(basic, 2, hands=["AS 2S 3S 4S KD QD JD 10C 9H 8H",
                                         "5S 7C 7D 7H 2H 3H 4H 9C 6C JC"],
                        upcard="KC", stock=["2C", "QC"])
    g = new_game(basic, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S 4S", "discard 2C")
    g.play("draw stock", "meld 7C 7D 7H", "lay off 5S on 1", "discard QC")
    assert g.table[0].cards[-1] == rulespec.parse_cards("5S")[0]
    check_invariants(g)


def test_the_basic_stock_is_turned_over_without_shuffling(basic):
    """001/003: "flip the discard pile without shuffling to form a new stockpile"."""
    import random

    g = new_game(basic, players=2, seed=9).deal_on()
    rng = random.Random(3)
    while len(g.stock) > 0 or g.phase != "draw":
        acts = [a for a in g.legal_actions() if a.kind not in ("meld", "lay off")]
        g.apply(g.chance_action() if g.is_chance() else rng.choice(acts))
    pile = list(g.discards)
    g.apply("draw stock")
    assert g.stock_ordered and g.legal_actions()[0].cards[0] == pile[0]
    g.apply_chance()
    assert g.stock == pile[1:][::-1] and g.reuses == 1


def test_a_basic_game_ends_at_100_points_and_the_highest_total_wins(basic):
    import random

    g = new_game(basic, players=3, seed=5)
    rng = random.Random(5)
    while not g.is_over():
        g.apply(g.chance_action() if g.is_chance() else rng.choice(g.legal_actions()))
        check_invariants(g)
    s = g.scores()
    assert max(s.game) >= 100 and s.winners == (s.game.index(max(s.game)),)
    assert sum(r.scores[r.winner] for r in g.results if r.reason == "went out") == sum(s.game)


# ------------------------------------------------------------------ invariants


def test_the_invariants_catch_a_lost_card_a_doubled_card_and_a_wrong_total(basic):
    from rulespec.engine import InvariantError

    g = new_game(basic, players=2, seed=1).deal_on()
    check_invariants(g)
    lost = g.clone()
    lost.stock.pop()
    with pytest.raises(InvariantError, match="missing"):
        check_invariants(lost)
    doubled = g.clone()
    doubled.hands[0].append(doubled.hands[1][0])
    with pytest.raises(InvariantError, match="extra"):
        check_invariants(doubled)
    wrong = g.clone()
    wrong.totals[0] += 5
    with pytest.raises(InvariantError, match="not the sum"):
        check_invariants(wrong)


def test_the_invariants_catch_a_hand_of_the_wrong_size(gin):
    """Gin's turns neither lay cards down nor pass them on: a hand holds the deal size
    (one more during its turn), and the deal gave each seat the deal size."""
    from rulespec.engine import InvariantError

    g = new_game(gin, players=2, seed=1).deal_on()
    check_invariants(g)
    big = g.clone()
    big.hands[1].append(big.stock.pop())
    with pytest.raises(InvariantError, match="seat 1 holds 11 cards, the rules give 10"):
        check_invariants(big)
    misdealt = g.clone()
    misdealt.dealt[0] += 1
    with pytest.raises(InvariantError, match="seat 0 was dealt 11 cards"):
        check_invariants(misdealt)


def test_the_invariants_catch_a_player_to_move_without_a_legal_move(gin):
    """A game must never stall: a player to move with nothing legal is an engine bug."""
    from rulespec.engine import InvariantError

    g = new_game(gin, players=2, seed=1).deal_on()
    stuck = g.clone()
    stuck._compute_legal = lambda: []
    stuck._legal = None
    with pytest.raises(InvariantError, match="seat 0 is to move .* but has no legal move"):
        check_invariants(stuck)


def test_a_clone_plays_on_independently(gin):
    g = new_game(gin, players=2, seed=3).deal_on()
    c = g.clone()
    c.apply("pass")
    assert g.phase == "offer" and g.current_player() == 0 and c.current_player() == 1
    assert g.history != c.history
