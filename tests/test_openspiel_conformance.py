"""Conformance with OpenSpiel's ``gin_rummy``: the same games, move by move.

OpenSpiel (``pip install open-spiel``; C++ source ``open_spiel/games/gin_rummy/gin_rummy.cc``
and ``gin_rummy_utils.cc``, shipped in the wheel) plays Gin Rummy with its default
parameters (knock card 10, gin bonus 25, undercut bonus 25, hand size 10).
``variants/house/gin-openspiel.rules`` states those rules in the rule language. Each game
here is played in OpenSpiel with seeded random moves and replayed in rulespec on that file;
at EVERY decision both engines must offer the same set of moves (mapped between the two
notations as explained below), the same player must be to move, every card off the stock
must be the same, and at the end the returns must be equal.

How the two notations map (each choice is explained where it is made in the code):

* Cards (:func:`_card_maps`): OpenSpiel's card ``c`` is ``suit * 13 + rank`` with ranks
  ``A23456789TJQK`` and suits in the order ``s c d h`` (``gin_rummy_utils.cc``:
  ``kRankChar``, ``kSuitChar``, ``CardSuit``/``CardRank``); rulespec's suits run
  ``S H D C``. The map is built from OpenSpiel's own card strings and checked against
  that formula.
* Seats: OpenSpiel's player 0 always acts first (``cur_player_ = 0`` after the deal), so
  it is the non-dealer; rulespec's first dealer is seat 1, so seat 0 is offered the upcard
  first and the seats are the same numbers in both engines.
* Chance: OpenSpiel's chance outcomes are uniform over the cards left, so taking them in
  the order of one seeded random permutation of the deck is a uniform sample. OpenSpiel
  deals cards 0-9 of that order to player 0, 10-19 to player 1, card 20 is the upcard and
  every later card is the next stock draw (``ApplyDealAction``). rulespec's deck is stacked
  (:func:`rulespec.engine.stacked_deck`) to deal those hands, that upcard and that stock
  order; rulespec deals one card at a time, so the hands are compared after the deal, and
  every stock draw is compared card for card.
* Moves, OpenSpiel action -> rulespec move (:func:`_os_token`, :func:`_rs_tokens`):
  ``Draw upcard`` (52) -> ``draw discard``; ``Draw stock`` (53) -> ``draw stock``;
  ``Pass`` (54) -> ``pass``; a card 0-51 in the Discard phase -> ``discard CARD``;
  a meld id 56+ -> ``meld CARDS`` with the same cards; a card in the Layoff phase ->
  ``lay off CARD on N`` (OpenSpiel does not name the meld, so the sets compare the cards).
* Knock (a sequence mapped to a sequence): OpenSpiel knocks in two steps, ``Knock`` (55)
  then the discard (a card 0-51 in the Knock phase); rulespec does it in one,
  ``knock CARD``. So at OpenSpiel's Discard decision every ``knock CARD`` of rulespec
  stands for the one ``Knock``, and at OpenSpiel's next decision the cards it may discard
  must be exactly the cards of rulespec's ``knock CARD`` moves; then ``knock CARD`` is
  played in rulespec. Both then lay melds one at a time and ``pass`` (allowed once the
  cards left count 10 or less); the defender lays off cards one at a time, ``pass``, lays
  melds, ``pass`` (no lay-offs after gin).
* Meld and lay-off limits (where the engines truly differed, decided by OpenSpiel and said
  in the language): OpenSpiel's meld actions are sets of 3-4 and runs of 3-5 cards
  (``int_to_meld``), so a longer run is laid out in parts (``knock: melds laid out at most
  5 cards at a time``); its ``AllLayoffs`` offers a lay-off on a run only next to the run
  as laid or next to a card already laid off there (``knock: defender lays off at most 2
  cards at each end of a run``). A lay-off that fits both a run and a set goes on the run
  (see :func:`_rs_move`).
* The first upcard: OpenSpiel's FirstUpcard phase offers ``Draw upcard``/``Pass`` to
  player 0 then player 1, and when both pass player 0's only move is ``Draw stock``; the
  house file says ``offered to the non-dealer, then the dealer`` and rulespec's first turn
  is then stock only, so the sets match step by step.
* The wall: when a discard leaves 2 cards in the stock, OpenSpiel's Wall phase offers
  ``Pass`` (the game ends, no score) or ``Knock`` (55) when the upcard would let the
  player knock; ``Knock`` takes the upcard and goes straight to the knock's discard.
  rulespec (``stock: discard may then be taken only to knock`` and the void hand) offers
  ``pass`` and ``draw discard``, after which only ``knock CARD`` moves are legal; so Wall
  ``Knock`` -> ``draw discard`` and its discard -> ``knock CARD``.
* Stalemates: OpenSpiel ends the game, scoreless, on the 50th ``Draw upcard`` of the Draw
  phase (``kMaxNumDrawUpcardActions``; the first upcard's offer does not count), and on a
  second discard in a row of the card just drawn from the upcard (``repeated_move_``);
  the house file says ``hand is void on draw 50 from the discard pile`` and
  ``hand is void after 2 throw-backs in a row``. Throwing the card back is legal in both.
* Returns: OpenSpiel's are zero-sum, ``(r, -r)`` with ``r`` what the knocker wins
  (deadwood difference, +25 for gin, -25 more when undercut, 0 on a tie; 0 for every
  other ending). rulespec scores the hand to the winner only (``game: 1 deal``), so
  OpenSpiel's return for seat ``p`` is rulespec's ``returns()[p] - returns()[1 - p]``.

Besides 300 uniformly random games (in which a knock is rare), a second batch plays
random games in which a player knocks whenever OpenSpiel allows it and otherwise discards
at random among the discards that leave the least deadwood, so that knocks, gin,
undercuts, lay-offs and the melding of both players are compared many times too.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pyspiel  # installed by .ci/run (`pip install -e '.[bench]'`): never skipped
import pytest

import rulespec
from rulespec import cards as C
from rulespec.engine import actions as A
from rulespec.engine import stacked_deck

from conftest import VARIANTS

GR = pyspiel.gin_rummy
PHASE = GR.Phase
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = (GR.DRAW_UPCARD_ACTION, GR.DRAW_STOCK_ACTION,
                                        GR.PASS_ACTION, GR.KNOCK_ACTION)
MELD_BASE = GR.MELD_ACTION_BASE

GAME = pyspiel.load_game("gin_rummy")  # default parameters, as the house file says
VARIANT = rulespec.load(VARIANTS / "house" / "gin-openspiel.rules")
# Oklahoma: the first upcard's value is the knock card, an ace means gin only
OKLAHOMA_GAME = pyspiel.load_game("gin_rummy", {"oklahoma": True})
OKLAHOMA = rulespec.load(VARIANTS / "house" / "oklahoma-gin-openspiel.rules")

UNIFORM_GAMES = 300
KNOCKING_GAMES = 150
GIN_GAMES = 150
OKLAHOMA_UNIFORM_GAMES = 300
OKLAHOMA_KNOCKING_GAMES = 200


# ------------------------------------------------------------------ the notations


@lru_cache(maxsize=None)
def _card_maps() -> tuple[tuple[int, ...], dict[int, int]]:
    """OpenSpiel card id -> rulespec card code, and back, from OpenSpiel's own strings
    (``Chance outcome: Ts``), checked against ``card = suit * 13 + rank`` with suits
    ``s c d h`` (``gin_rummy_utils.cc``)."""
    state = GAME.new_initial_state()
    to_rs = []
    for card in range(52):
        name = state.action_to_string(pyspiel.PlayerId.CHANCE, card).split()[-1]
        rank, suit = "A23456789TJQK".index(name[0]), "scdh".index(name[1])
        assert card == suit * 13 + rank, name
        to_rs.append(C.make(rank, "shdc".index(name[1])))
    return tuple(to_rs), {r: o for o, r in enumerate(to_rs)}


TO_RS, TO_OS = _card_maps()

_MELDS: dict[int, frozenset] = {}


def _meld_cards(state, action: int) -> frozenset:
    """The cards of OpenSpiel meld action ``action`` (56+), read from its own string
    (``Player: 0 Action: 3s4s5s``), as OpenSpiel card ids."""
    cards = _MELDS.get(action)
    if cards is None:
        text = state.action_to_string(0, action).split()[-1]
        cards = frozenset("A23456789TJQK".index(text[i]) + 13 * "scdh".index(text[i + 1])
                          for i in range(0, len(text), 2))
        _MELDS[action] = cards
    return cards


def _os_token(state, phase, action: int) -> tuple:
    """One OpenSpiel move in the shared notation of this test."""
    if action < 52:
        # a card: a discard, the discard that completes a knock, or a lay-off
        word = {PHASE.DISCARD: "discard", PHASE.KNOCK: "knock", PHASE.LAYOFF: "lay off"}[phase]
        return (word, action)
    if action == DRAW_UPCARD:
        return ("draw discard",)
    if action == DRAW_STOCK:
        return ("draw stock",)
    if action == PASS:
        return ("pass",)
    if action == KNOCK:
        # at the wall the knock takes the upcard first: rulespec's `draw discard`
        return ("draw discard",) if phase == PHASE.WALL else ("knock",)
    return ("meld", _meld_cards(state, action))


def _rs_tokens(legal, knocking: bool) -> set:
    """rulespec's moves in the shared notation. ``knocking``: OpenSpiel has said ``Knock``
    and now picks the discard, so only rulespec's ``knock CARD`` moves stand for its
    choices. Otherwise, on a turn that may also discard, every ``knock CARD`` stands for
    OpenSpiel's one ``Knock``; where rulespec offers only ``knock CARD`` (after taking the
    upcard at the wall) each is one of OpenSpiel's knock discards."""
    if knocking:
        return {("knock", TO_OS[a.card]) for a in legal if a.kind == A.KNOCK}
    may_discard = any(a.kind == A.DISCARD for a in legal)
    out = set()
    for a in legal:
        if a.kind == A.KNOCK:
            out.add(("knock",) if may_discard else ("knock", TO_OS[a.card]))
        elif a.kind in (A.DISCARD, A.LAY_OFF):
            out.add((a.kind, TO_OS[a.card]))
        elif a.kind == A.MELD:
            out.add(("meld", frozenset(TO_OS[c] for c in a.cards)))
        else:
            out.add((a.kind,) + tuple(TO_OS[c] for c in a.cards))
    return out


def _rs_move(game, state, phase, action: int):
    """The rulespec move that OpenSpiel's ``action`` makes (None: OpenSpiel's ``Knock``
    before its discard, which rulespec makes together with the discard)."""
    legal = game.legal_actions()
    if action < 52:
        card = TO_RS[action]
        if phase == PHASE.DISCARD:
            return A.simple(A.DISCARD, card)
        if phase == PHASE.KNOCK:
            return A.simple(A.KNOCK, card)
        # A lay-off names no meld in OpenSpiel. When the card fits a run and a set of the
        # knocker, OpenSpiel's AllLayoffs counts it on the run (the run's new end may take
        # a further card) as well as on the set (which is then full), so it goes on the run.
        options = [a for a in legal if a.kind == A.LAY_OFF and a.card == card]
        options.sort(key=lambda a: a.reading.kind != "run")
        return options[0] if options else A.simple(A.LAY_OFF, card)
    if action == KNOCK:
        return A.simple(A.DRAW_DISCARD) if phase == PHASE.WALL else None
    if action in (DRAW_UPCARD, DRAW_STOCK, PASS):
        return A.simple({DRAW_UPCARD: A.DRAW_DISCARD, DRAW_STOCK: A.DRAW_STOCK,
                         PASS: A.PASS}[action])
    want = _meld_cards(state, action)
    for a in legal:
        if a.kind == A.MELD and frozenset(TO_OS[c] for c in a.cards) == want:
            return a
    raise AssertionError(f"rulespec has no meld of {sorted(want)}")


# ------------------------------------------------------------------ the policies


def _uniform(rng: random.Random, state, legal: list[int]) -> int:
    """Uniformly random over OpenSpiel's legal actions."""
    return rng.choice(legal)


def _knocking(rng: random.Random, state, legal: list[int], gin_only: bool = False) -> int:
    """Random play that reaches knocks: knock whenever allowed (``gin_only``: only when the
    knock is gin, OpenSpiel's ``deadwood()`` being 0); take the upcard when it lowers the
    deadwood after the discard; discard at random among the discards that leave the least
    deadwood; a defender lays off and melds (in random order) before passing; every other
    choice uniformly random."""
    phase = state.current_phase()
    p = state.current_player()
    if KNOCK in legal and (not gin_only or state.deadwood()[p] == 0 or phase == PHASE.WALL):
        return KNOCK
    if DRAW_UPCARD in legal and phase in (PHASE.DRAW, PHASE.FIRST_UPCARD):
        before = state.deadwood()[p]
        after = state.child(DRAW_UPCARD).deadwood()[p]
        if after < before:
            return DRAW_UPCARD
        return DRAW_STOCK if DRAW_STOCK in legal else PASS
    if phase == PHASE.DISCARD:
        best, scored = None, []
        for a in legal:
            if a == KNOCK:
                continue
            d = state.child(a).deadwood()[p]
            scored.append((d, a))
            best = d if best is None else min(best, d)
        return rng.choice([a for d, a in scored if d == best])
    if phase == PHASE.LAYOFF and len(legal) > 1:
        return rng.choice([a for a in legal if a != PASS])
    return rng.choice(legal)


def _gin_seeking(rng: random.Random, state, legal: list[int]) -> int:
    """:func:`_knocking` that knocks only for gin (or at the wall)."""
    return _knocking(rng, state, legal, gin_only=True)


# ------------------------------------------------------------------ one game, both engines


def play_both(seed: int, policy, os_game=None, variant=None) -> dict:
    """Play one OpenSpiel game with ``policy`` (seeded by ``seed``) and replay it in
    rulespec, asserting at every decision. Returns what happened, for the summary test.
    ``os_game`` and ``variant``: OpenSpiel's game and the rules file (default: gin_rummy
    with its default parameters and ``house/gin-openspiel``)."""
    os_game, variant = os_game or GAME, variant or VARIANT
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)  # OpenSpiel card ids in the order the chance steps deal them
    deck = stacked_deck(variant, 2,
                        hands=[[TO_RS[c] for c in order[0:10]], [TO_RS[c] for c in order[10:20]]],
                        upcard=TO_RS[order[20]], stock=[TO_RS[c] for c in order[21:]])
    game = rulespec.new_game(variant, players=2, deck=deck)
    state = os_game.new_initial_state()
    for card in order[:21]:
        state.apply_action(card)
    nxt = 21
    game.deal_on()
    for p in range(2):
        assert sorted(state.hands()[p]) == sorted(TO_OS[c] for c in game.observation(p).hand)
    assert state.upcard() == TO_OS[game.observation(0).discard_top]
    assert state.knock_card() == game.knock_max, (
        f"seed {seed}: knock card {state.knock_card()} in OpenSpiel, {game.knock_max} here")

    decisions = 0
    knocking = False  # OpenSpiel said Knock on a normal turn; its discard comes next
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            card = order[nxt]
            nxt += 1
            assert card in {c for c, _ in state.chance_outcomes()}
            state.apply_action(card)
            assert game.is_chance(), f"seed {seed}: OpenSpiel draws, rulespec does not"
            got = game.apply_chance()
            assert got.card == TO_RS[card], f"seed {seed}: drew {got}, OpenSpiel {card}"
            continue
        assert not game.is_over(), f"seed {seed}: rulespec ended, OpenSpiel goes on: {moves}"
        player = state.current_player()
        assert game.current_player() == player, f"seed {seed} after {moves}"
        phase = state.current_phase()
        os_legal = state.legal_actions()
        want = {_os_token(state, phase, a) for a in os_legal}
        got = _rs_tokens(game.legal_actions(), knocking)
        assert got == want, (f"seed {seed}, {phase} after {moves}:\n"
                             f"  only OpenSpiel: {want - got}\n  only rulespec: {got - want}\n{game}")
        decisions += 1
        action = policy(rng, state, os_legal)
        move = _rs_move(game, state, phase, action)
        state.apply_action(action)
        moves.append(state.action_to_string(player, action).split("Action: ")[-1])
        knocking = phase == PHASE.DISCARD and action == KNOCK
        if move is not None:
            game.apply(move)
    assert game.is_over(), f"seed {seed}: OpenSpiel ended, rulespec goes on after {moves}"
    r = game.returns()
    os_returns = state.returns()
    assert list(os_returns) == [r[0] - r[1], r[1] - r[0]], (seed, os_returns, r, game.results)
    return {"decisions": decisions, "reason": game.results[-1].reason,
            "knock card": game.knock_max}


def _batch(seeds, policy, os_game=None, variant=None, knock_cards=None) -> tuple[int, dict]:
    decisions, reasons = 0, {}
    for seed in seeds:
        out = play_both(seed, policy, os_game, variant)
        if knock_cards is not None:
            knock_cards[out["knock card"]] = knock_cards.get(out["knock card"], 0) + 1
        decisions += out["decisions"]
        reasons[out["reason"]] = reasons.get(out["reason"], 0) + 1
    return decisions, reasons


def test_card_encoding_matches_openspiel_strings():
    """Every OpenSpiel card maps to a distinct rulespec card with the same name
    (value from OpenSpiel's ``CardString``: ``Ts`` is the ten of spades)."""
    assert len(set(TO_RS)) == 52
    assert C.card_str(TO_RS[9]) == "10S" and C.card_str(TO_RS[13]) == "AC"
    assert C.card_str(TO_RS[51]) == "KH"


@pytest.mark.slow
def test_uniform_random_games_match_move_by_move():
    """300 uniformly random OpenSpiel games: same moves at every decision, same returns."""
    decisions, reasons = _batch(range(UNIFORM_GAMES), _uniform)
    assert decisions > 100 * UNIFORM_GAMES
    # most random games end at the wall or a stalemate rule (void), a few in a knock
    assert reasons.get("void", 0) > UNIFORM_GAMES // 2 and reasons.get("knock", 0)


@pytest.mark.slow
def test_knocking_games_match_move_by_move():
    """Games that knock whenever they can: the knock, gin, undercut, lay-off and melding
    sequences compared at every step, with the same returns."""
    decisions, reasons = _batch(range(10_000, 10_000 + KNOCKING_GAMES), _knocking)
    more, reasons2 = _batch(range(20_000, 20_000 + GIN_GAMES), _gin_seeking)
    for k, v in reasons2.items():
        reasons[k] = reasons.get(k, 0) + v
    assert decisions + more > 20 * (KNOCKING_GAMES + GIN_GAMES)
    # every way a knock ends is compared, several times
    assert all(reasons.get(k, 0) >= 3 for k in ("knock", "undercut", "gin")), reasons


@pytest.mark.slow
def test_oklahoma_games_match_move_by_move():
    """OpenSpiel's ``oklahoma=true`` against ``house/oklahoma-gin-openspiel``: 300 uniformly
    random games and 200 that knock whenever they can, with every knock card from 0 (an
    ace: gin only) to 10 met, the same moves at every decision and the same returns."""
    cards: dict = {}
    decisions, reasons = _batch(range(OKLAHOMA_UNIFORM_GAMES), _uniform, OKLAHOMA_GAME,
                                OKLAHOMA, cards)
    assert decisions > 100 * OKLAHOMA_UNIFORM_GAMES
    half = OKLAHOMA_KNOCKING_GAMES // 2
    for start, policy in ((30_000, _knocking), (40_000, _gin_seeking)):
        more, why = _batch(range(start, start + half), policy, OKLAHOMA_GAME, OKLAHOMA, cards)
        for k, v in why.items():
            reasons[k] = reasons.get(k, 0) + v
    assert set(cards) == {0, 2, 3, 4, 5, 6, 7, 8, 9, 10}, cards
    assert all(reasons.get(k, 0) >= 3 for k in ("knock", "undercut", "gin")), reasons


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_a_mismatch_is_caught(seed, monkeypatch):
    """The comparison can fail: with the throw-back rule of standard Gin (the card just
    taken may not go straight back) the move sets differ in some game."""
    import dataclasses

    rs = VARIANT.ruleset
    strict = dataclasses.replace(rs, turn=dataclasses.replace(rs.turn, discard_taken=False))
    monkeypatch.setattr(VARIANT, "ruleset", strict, raising=False)
    with pytest.raises(AssertionError):
        _batch(range(seed * 100, seed * 100 + 40), _uniform)


@pytest.mark.slow
def test_an_oklahoma_mismatch_is_caught(monkeypatch):
    """The Oklahoma comparison can fail: without `gin only when the upcard is an ace`
    a hand whose upcard is an ace lets rulespec knock with 1 point."""
    import dataclasses

    rs = OKLAHOMA.ruleset
    lax = dataclasses.replace(rs, knock=dataclasses.replace(rs.knock, by_upcard=()))
    monkeypatch.setattr(OKLAHOMA, "ruleset", lax, raising=False)
    with pytest.raises(AssertionError, match="seed"):
        _batch(range(40), _uniform, OKLAHOMA_GAME, OKLAHOMA)
