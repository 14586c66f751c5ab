"""A second hand dealt aside (``deal: second hand of 11 cards per side``): Buraco's morto,
Hand and Foot's foot (issue 15, "Reach").

Source (Buraco, pagat.com/rummy/buraco.html): "two packets of 11 cards [...] are placed
aside face down. [...] A player who runs out of cards by melding or laying off takes the
morto at once and continues the turn; a player who runs out by discarding takes it at the
start of their next turn. [...] A side that has not taken its morto loses 100 points."
Hand and Foot (pagat.com/rummy/handfoot.html): each player is dealt a hand and a foot; a
player who plays out the hand picks up the foot and goes on."""

from __future__ import annotations

import pytest

from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.rulebook import render_page

from conftest import house, house_problems

RULES = ("players: 2", "melding: any number of melds per turn",
         "deal: second hand of 5 cards per player",
         "scoring: second hand not taken = -100")
HAND = "3S 4S 5S 6S KD KH KC QD QH QC"
PACKET = "2H 3H 4H 9C 9D"


@pytest.fixture(scope="module")
def foot():
    return house("basic", *RULES)


@pytest.fixture(scope="module")
def foot_at_once():
    return house("basic", *RULES, "deal: second hand taken at once after discard")


def _game(v, draws, hands=(HAND, None), packets=(PACKET, None)):
    deck = stacked_deck(v, 2, hands=list(hands), upcard="10C", stock=draws, packets=packets)
    g = new_game(v, players=2, deck=deck).deal_on()
    check_invariants(g)
    return g


def test_the_clauses_set_the_second_hand(foot, foot_at_once):
    aside = foot.ruleset.deal.second_hand
    assert (aside.size, aside.per, aside.after_discard) == (5, "player", "next turn")
    assert foot.ruleset.scoring.second_hand_untaken == -100
    assert foot_at_once.ruleset.deal.second_hand.after_discard == "at once"
    side = house("basic", "players: 2", "deal: second hand of 11 cards per side")
    assert side.ruleset.deal.second_hand.per == "side"
    named = house("basic", "players: 2", "deal: second hand of 5 cards per player",
                  'terms: second hand is called "foot"')
    assert named.ruleset.terms.second_hand == "foot"


def test_the_packets_are_dealt_after_the_hands_and_shown_by_size(foot):
    g = _game(foot, ["7S"])
    assert sorted(g.packets[0]) == sorted(stacked_cards(PACKET))
    assert len(g.packets[1]) == 5 and len(g.stock) == 52 - 20 - 10 - 1
    seen = g.observation(1)
    assert seen.second_hands == (5, 5)
    assert not set(seen.hand) & set(g.packets[0])  # sizes only, never the cards


def stacked_cards(text):
    from rulespec import parse_cards
    return parse_cards(text)


def test_emptying_the_hand_by_melding_picks_the_packet_up_at_once(foot):
    g = _game(foot, ["7S"])
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S 7S")
    assert not g.results  # not out: the hand goes on
    assert (g.player, g.phase) == (0, "play")
    assert sorted(g.hands[0]) == sorted(stacked_cards(PACKET))
    assert g.packet_taken[0] and g.observation(1).second_hands == (0, 5)
    check_invariants(g)
    g.play("meld 2H 3H 4H", "discard 9C")  # the turn goes on with the packet
    assert g.player == 1


def test_a_bonus_card_in_the_packet_is_laid_out_when_it_is_picked_up():
    """Found by the Pennies from Heaven trial (trials15): a red three in a packet went into
    the hand when the packet was picked up. It is laid out, with no card in its place."""
    v = house("basic", *RULES, "scoring: melds score for whoever laid them",
              "bonus cards: red 3s; each scores 100")
    g = _game(v, ["7S"], hands=(HAND, "AS AH AD 2C 2S 8H 8D JC JD 10H"))
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S 7S")
    assert g.bonus[0] == stacked_cards("3H")
    assert sorted(g.hands[0]) == sorted(stacked_cards("2H 4H 9C 9D"))
    check_invariants(g)


def test_emptying_the_hand_by_discarding_picks_it_up_on_the_next_turn(foot):
    g = _game(foot, ["9H", "8C"])
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S", "discard 9H")
    assert not g.results and g.hands[0] == [] and g.player == 1
    assert g.packet_due == [0]
    check_invariants(g)  # an empty hand waiting for its packet is no broken invariant
    g.play("draw stock").deal_on()
    g.play("discard 8C")
    assert sorted(g.hands[0]) == sorted(stacked_cards(PACKET))  # picked up as the turn began
    assert g.phase == "draw" and g.packet_due == []
    check_invariants(g)


def test_after_a_discard_at_once_where_the_rules_say_so(foot_at_once):
    g = _game(foot_at_once, ["9H"])
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S", "discard 9H")
    assert sorted(g.hands[0]) == sorted(stacked_cards(PACKET)) and g.player == 1


def test_going_out_only_after_the_packet_and_the_untaken_packet_costs_100(foot):
    g = _game(foot, ["7S", "8C", "5H"], packets=("2H 3H 4H 9C 9D", None))
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S 7S")  # picks the packet up
    g.play("meld 2H 3H 4H", "discard 9C")
    g.play("draw stock").deal_on()
    g.play("discard 8C")
    g.play("draw stock").deal_on()  # 5H
    g.play("lay off 5H on 4", "discard 9D")  # the packet's last card: out now
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 0)
    assert r.details["second hand not taken"] == (1,)
    count = sum(g.rules.value[c] for c in r.hands[1])
    assert r.scores == (count, -100)  # the winner collects; seat 1 also loses 100
    check_invariants(g)


def test_a_long_meld_is_not_needed_to_pick_up_the_packet():
    """Under `going out: only with a meld of 7+ cards` a meld may still empty the hand
    while the packet waits (it is picked up, nobody goes out); once it is picked up, the
    hand keeps two cards until the long meld is there."""
    v = house("basic", *RULES, "going out: only with a meld of 7+ cards")
    g = _game(v, ["7S"], packets=("2H 3H 4H 5H 9D", None))
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC")
    g.play("meld 3S 4S 5S 6S 7S")  # no meld of 7: the packet is picked up, nobody goes out
    assert not g.results and len(g.hands[0]) == 5
    with pytest.raises(IllegalMove, match="you may not go out yet"):
        g.apply("meld 2H 3H 4H 5H")  # would leave 9D alone
    assert "meld 2H 3H 4H" in g.legal_strings()


def test_partners_share_the_side_packet():
    """One packet per side: the first partner to empty their hand picks it up, and the
    other then goes out when their hand empties; the other side, which never took its
    packet, loses the score."""
    v = house("basic", "players: 4", "partners: 2 teams of 2", "deal: 7 cards each for 4 players",
              "melding: any number of melds per turn", "lay off: onto own and partner's melds",
              "deal: second hand of 4 cards per side", "scoring: second hand not taken = -50")
    deck = stacked_deck(v, 4, hands=["KD KH KC 5D 6D 7D 8D", None, "3H 4H 5H 6H 7H 8C 8S", None],
                        upcard="10C", stock=["9D", "2C", "8H"], packets=["AS 2S 3S 4S", None])
    g = new_game(v, players=4, deck=deck).deal_on()
    assert len(g.packets) == 2 and g.observation(1).second_hands == (4, 4)
    g.play("draw stock").deal_on()  # 9D
    g.play("meld KD KH KC", "meld 5D 6D 7D 8D 9D")  # empty: the side's packet
    assert sorted(g.hands[0]) == sorted(stacked_cards("AS 2S 3S 4S")) and not g.results
    g.play("discard 4S")
    g.play("draw stock").deal_on()
    g.play("discard 2C")
    g.play("draw stock").deal_on()  # 8H: the partner empties the hand and goes out
    g.play("meld 3H 4H 5H 6H 7H", "meld 8C 8S 8H")
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 2)
    assert r.details["second hand not taken"] == (1,)
    check_invariants(g)


def test_the_clashes_are_errors():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert "E378" in errors("basic", "players: 2", "deal: second hand of 5 cards per player",
                            "going out: not allowed")
    assert "E378" in errors("gin", "deal: second hand of 5 cards per player")  # kept in hand
    assert errors("basic", "players: 2", "scoring: second hand not taken = -100") == ["E378"]
    assert "E312" in errors("basic", "deal: second hand of 12 cards per player")  # 52 < 20+24+2


def test_the_page_says_it(foot):
    page = " ".join(render_page(foot).split())
    assert ("Then the dealer deals another five cards face down for each player and sets them "
            "aside, unseen, as that player's second hand") in page
    assert ("**The second hand.** While your second hand is still set aside, getting rid of the "
            "last card in hand does not go out: you pick up the second hand and play on with "
            "it.") in page
    assert "your turn ends and you pick it up when your next turn begins, before you draw" in page
    assert ("**A second hand not picked up.** A player that has not picked up their second hand "
            "when the hand ends loses 100 points") in page
    named = house("basic", *RULES, 'terms: second hand is called "foot"')
    assert "**The foot.** While your foot is still set aside" in " ".join(
        render_page(named).split())


def test_the_stalemate_sentence_sets_the_packets_aside(foot):
    """Hands still take one card and give one back, so a hand too small for a meld stays
    so: the page says the packet does not make it bigger, and the engine agrees."""
    assert foot.ruleset.hands_stay_small and not foot.ruleset.hands_never_grow
    page = " ".join(render_page(foot).split())
    assert ("When every hand has become too small to lay down a new meld (a second hand set "
            "aside does not count: it is picked up only by a hand emptied by a meld or "
            "lay-off) and no card left off the table fits") in page
    drawn = house("basic", *RULES, "draw: 2 cards from stock")
    assert not drawn.ruleset.hands_stay_small
    assert "a hand may grow, so its size proves nothing" in " ".join(render_page(drawn).split())


@pytest.mark.parametrize("per", ["player", "side"])
def test_random_games_keep_every_card_in_one_place(per):
    """Seeded games of random bots: the invariants hold after every step (every card in
    exactly one place, the packets included, an empty hand waiting for its packet), and
    packets are picked up (going out after one is scripted above)."""
    from rulespec.agents import make_agent

    lines = (["players: 4", "partners: 2 teams of 2", "deal: 7 cards each for 4 players"]
             if per == "side" else ["players: 2"])
    v = house("basic", *lines,
              "melding: any number of melds per turn", f"deal: second hand of 4 cards per {per}",
              "scoring: second hand not taken = -50", "stock: hand ends")
    picked = 0
    for seed in range(4):
        g = new_game(v, seed=seed)
        bots = [make_agent("random", seed=seed * 10 + s) for s in range(g.n)]
        while not g.is_over() and len(g.results) < 3:
            if g.is_chance():
                g.apply_chance()
            else:
                g.apply(bots[g.current_player()].choose(g, g.current_player()))
            check_invariants(g)
            picked += sum(not k for k in g.packets)
    assert picked
