"""Semantic checks for games that compile but are degenerate: nobody can win them
sensibly, nobody ever scores, the wrong players are knocked out, or nobody plays.

The combinations, gone through one dimension at a time (how a hand is settled is in
rulespec/engine/scoring.py and docs/language.md, "How a hand is scored"):

**Scoring method × who wins.** Under `winner collects` and `knock = deadwood
difference` points are *won*: only the winner of a hand scores. Under `losers score
penalty points` points are *paid*: only the losers score. So the winning total must be
the highest with the first two and the lowest with the third. The other two pairings
reward the player who never wins a hand (collect + lowest) or who loses the most
(penalty + highest): E345.

**× elimination.** `players out at N` removes whoever reaches N. With penalty points
that is the worst player, as pool rummy means; with won points it would remove the
players who win hands (E346). Elimination with `highest wins` is already E343.

**× target and number of deals.** A target ends the game when a total reaches it, which
happens under any method as long as someone can score; a number of deals always ends
it. Whether anyone can score is the next dimension.

**Who scores.** A hand's points come from card values (counts, differences) and from
fixed amounts (drops, wrong and valid shows, the going-rummy, gin, big gin and undercut
bonuses). When every card is worth 0 and no fixed amount is above 0, nobody ever scores:
a target is never reached, nobody is knocked out, and a game of N deals always ends in
a tie (E347).

**Players.** One player has nobody to play against: no draw can be refused, no hand can
be won, and every hand runs into the safety limit (E315). Partnerships that do not
match the table are E313.

Whether a hand can end at all is E340-E342 in checks.py, and whether the game has an end
at all (target, deals, elimination or hands won) is E343. Hands that are not scored
(`scoring: none`) leave only hands won to decide the game (E368).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, said

check = Checks()  # this module's checks, run after those of checks.py

#: scoring methods under which the winner of a hand scores (the others' losers do)
WON = ("winner collects", "knock")
_METHOD_WORDS = {"winner collects": "winner collects", "knock": "knock = deadwood difference",
                 "penalty": "losers score penalty points", "owner": "melds score for whoever laid them",
                 "none": "none"}


def _at(r: Ruleset, doc: dict, *paths: str) -> str:
    """Where to show a problem about ``paths``: the first a house file changes, else the
    first the rules say (the last one otherwise)."""
    own = r.origin.overrides if r.origin else ()
    return next((p for p in paths if p in own), next((p for p in paths if said(doc, p)), paths[-1]))


@check("E315")
def enough_players(r: Ruleset, doc: dict):
    if r.players.min < 2:
        yield Problem("players", "a game needs at least 2 players: one player alone has nobody to play "
                                 "against, and no hand can end", "write `players: 2` or more")


@check("E345")
def winner_matches_scoring(r: Ruleset, doc: dict):
    method, winner = r.scoring.method, r.game.winner
    if r.game.eliminate is not None and method in WON:
        return  # E346 says what is wrong
    if r.scoring.settle is not None or method == "none":
        return  # players pay each other: E348 says what fits; unscored hands: E368
    words = _METHOD_WORDS[method]
    if method in WON and winner == "lowest":
        yield Problem(_at(r, doc, "game.winner", "scoring.method"),
                      f"only the winner of a hand scores (`{words}`), so with `lowest wins` the player who "
                      "never wins a hand wins the game",
                      "write `highest wins`, or score with `losers score penalty points`")
    elif method == "owner" and winner == "lowest":
        yield Problem(_at(r, doc, "game.winner", "scoring.method"),
                      "each player scores the cards they put on the table, so with `lowest wins` the "
                      "player who melds least wins the game", "write `highest wins`")
    elif method == "penalty" and winner == "highest":
        yield Problem(_at(r, doc, "game.winner", "scoring.method"),
                      "the losers of each hand score penalty points, so with `highest wins` the player "
                      "who loses the most wins the game",
                      "write `lowest wins`, or score with `winner collects`")


@check("E346")
def elimination_removes_losers(r: Ruleset, doc: dict):
    g = r.game
    if g.eliminate is not None and r.scoring.method in WON and r.scoring.settle is None:
        yield Problem("game.eliminate",
                      f"players are knocked out at {g.eliminate} points, but here points are won "
                      f"(`{_METHOD_WORDS[r.scoring.method]}`), so the players who win hands would be "
                      "knocked out",
                      f"score with `losers score penalty points`, or play `to {g.eliminate} points` instead")


@check("E347")
def someone_can_score(r: Ruleset, doc: dict):
    v, s = r.values, r.scoring
    cards = [*v.ranks, v.joker, v.wild, *(c.value for c in (*v.cards, *v.melded))]
    fixed = [s.wrong_show, s.valid_show, s.stake, r.bonus.each if r.bonus else None]
    for long in (s.meld_bonus, s.kind_bonus.set, s.kind_bonus.run):  # a long meld's bonus
        fixed += [long.natural, long.mixed] if long else []
    fixed += [s.rummy.bonus] if s.rummy else []
    fixed += [s.out_bonus] if r.going_out is not None else []
    fixed += [s.knock.undercut, s.knock.gin, s.knock.big_gin] if s.knock else []
    fixed += [r.drops.first, r.drops.middle] if r.drops else []
    g = r.game
    if any(x for x in cards + fixed if x) or g.hands is not None:
        return  # a game won by hands needs no points
    if g.target is not None:
        then = f"no total ever reaches {g.target} points and the game never ends"
    elif g.eliminate is not None:
        then = "nobody is ever knocked out and the game never ends"
    else:
        then = "every game ends in a tie"
    yield Problem("values", f"every card is worth 0 and nothing else scores, so nobody ever scores: {then}",
                  "give the cards values, or play each hand for a stake "
                  "(`scoring: a stake of 1 per hand`); for a game won by going out, "
                  "`game: first to win a hand`")


@check("E368")
def unscored_hands_decide_by_hands(r: Ruleset, doc: dict):
    """``scoring: none`` leaves every total at 0, so only hands won can decide the game."""
    if r.scoring.method == "none" and r.game.hands is None:
        yield Problem("scoring.method", "hands are not scored, so every total stays 0 and no "
                      "total can decide the game",
                      "say how many hands win it: `game: first to win a hand` (or `3 hands`)")


@check("E348")
def payments_fit_the_game(r: Ruleset, doc: dict):
    """Players who pay each other (``losers pay the winner``, ``each pair settles the
    difference``) win what others lose: a good hand raises a total, a bad one lowers it.
    So the highest total wins, nobody is knocked out for a high total, and the losers pay
    the winner only where a hand has a winner who collects (not under penalty points)."""
    s, g = r.scoring, r.game
    if s.settle is None:
        return
    words = "losers pay the winner" if s.settle == "winner" else "each pair settles the difference"
    if s.settle == "winner" and s.method == "penalty":
        yield Problem(_at(r, doc, "scoring.settle", "scoring.method"),
                      "each player scores their own penalty points, so no winner collects anything "
                      "for the losers to pay",
                      "score with `winner collects`, or write `each pair settles the difference`")
    if g.eliminate is not None:
        yield Problem(_at(r, doc, "game.eliminate", "scoring.settle"),
                      f"players pay each other (`{words}`), so a high total is a good one and "
                      f"knocking out players at {g.eliminate} would remove the best",
                      f"play `to {g.eliminate} points` or a number of deals instead")
    elif g.winner == "lowest":
        yield Problem(_at(r, doc, "game.winner", "scoring.settle"),
                      f"players pay each other (`{words}`), so the lowest total is the player who "
                      "paid the most", "write `highest wins`")


@check("E386")
def stake_has_a_winner(r: Ruleset, doc: dict):
    """A stake per hand is what each loser owes the winner instead of its count. It means
    nothing where nobody owes a count to a winner: scoring by owner (each player scores
    their own table). A knock under a stake pays stakes (Tonk), so the point bonuses of
    undercuts and gins, and pair settlement of counts, have no meaning there; and a failed
    knock's stakes need a stake."""
    s = r.scoring
    if s.stake is None:
        if s.knock is not None and said(doc, "scoring.knock.undercut_stakes"):
            yield Problem("scoring.knock.undercut_stakes",
                          f"a failed knock pays {s.knock.undercut_stakes} stakes, but the hand has "
                          "no stake", "add `a stake of N per hand`, or write the undercut as "
                          "`undercut = difference + N`")
        return
    if s.method == "owner":
        yield Problem(_at(r, doc, "scoring.stake", "scoring.method"),
                      f"a stake of {s.stake} per hand is paid by the losers to the winner, but here "
                      "each player scores the cards they laid (`melds score for whoever laid them`): "
                      "nobody pays anybody", "remove the stake, or score with `winner collects`")
    elif s.knock is not None and s.settle == "pairs":
        yield Problem(_at(r, doc, "scoring.stake", "scoring.settle"),
                      f"a stake of {s.stake} per hand is paid by the losers of a knock to its winner, "
                      "but here every two players settle the difference of their counts",
                      "remove the stake, or write `losers pay the winner`")
    elif s.knock is not None:
        for path, name, zero in (("undercut", "an undercut", "undercut = difference + 0"),
                                 ("gin", "a gin", "gin = opponent deadwood + 0"),
                                 ("big_gin", "a big gin", "big gin = opponent deadwood + 0")):
            if getattr(s.knock, path) and said(doc, f"scoring.knock.{path}"):
                yield Problem(f"scoring.knock.{path}",
                              f"a knock under a stake of {s.stake} per hand pays stakes, not counts, "
                              f"so {name} bonus of {getattr(s.knock, path)} points has no meaning",
                              f"write `{zero}`, or remove the stake"
                              + (" (a failed knock that pays twice: `undercut = double stake`)"
                                 if path == "undercut" else ""))


# ------------------------------------------------------------------ issue #15: 500 Rum


@check("E384")
def game_bonuses_fit(r: Ruleset, doc: dict):
    """Bonuses at the end of the game raise totals: they suit a game won by the highest
    total, played seat by seat."""
    g = r.game
    if g.bonus is None:
        return
    if g.winner == "lowest" or g.eliminate is not None:
        yield Problem("game.bonus", "bonuses at the end of the game raise a total, but here the "
                      "lowest total wins (or high totals knock players out), so a bonus would be "
                      "a penalty", "remove the bonuses, or let the highest total win")
    elif r.partnerships is not None:
        yield Problem("game.bonus", "bonuses at the end of the game are given seat by seat, "
                      "but partners score together", "remove the bonuses")


@check("E381")
def deep_takes_fit(r: Ruleset, doc: dict):
    """Taking more than the top discard needs a discard pile to draw from, and melds on the
    table for the deepest card to go to."""
    t = r.turn
    if t.take_discards is None:
        return
    if "discard" not in t.draw_from:
        yield Problem("turn.take_discards", "cards may be taken from deep in the discard pile, but no "
                      "one may draw from the discard pile", "add the discard pile to `draw:`")
    elif "push" in t.draw_from:
        yield Problem("turn.take_discards", "cards may be taken from deep in the discard pile, but "
                      "a push hands out the top discard instead", "remove `push` from `draw:`, or the rule")
    w = r.wilds
    if t.take_discards.frozen_by == "wild" and not w.any:
        yield Problem("turn.take_discards.frozen_by", "a discarded wild card freezes the discard "
                      "pile, but no card is wild", "remove the rule, or make some cards wild")
    if t.take_discards.meld_owed and not r.melds.on_table:
        which = "top" if t.take_discards.owed == "top" else "deepest"
        yield Problem("turn.take_discards.meld_owed", f"the {which} card taken must be melded "
                      "at once, but melds stay in hand until the hand ends",
                      "remove the rule, or let melds go on the table")


@check("E394")
def frozen_pile_fits(r: Ruleset, doc: dict):
    """A frozen pile taken with a natural pair needs something that freezes it and sets to
    meld the pair in; a pile frozen before opening needs melds that go on the table."""
    td = r.turn.take_discards
    if td is None:
        return
    if td.frozen_take == "natural_pair" and td.frozen_by is None and not (
            td.frozen_unopened or td.frozen_always or td.frozen_upcard):
        yield Problem("turn.take_discards.frozen_take", "a frozen discard pile is taken only with "
                      "a natural pair, but nothing freezes the pile",
                      "add `discard pile frozen before opening`, `discard pile always frozen` "
                      "or `discard pile frozen by discarded wild cards`, or remove the rule")
    if td.frozen_take == "natural_pair" and r.melds.set is None:
        yield Problem("turn.take_discards.frozen_take", "a frozen discard pile is taken by melding "
                      "its top card with a natural pair, but sets of one rank are no melds here",
                      "allow sets under `melds:`, or remove the rule")
    if (td.frozen_unopened or td.frozen_take) and not r.melds.on_table:
        path = "turn.take_discards." + ("frozen_unopened" if td.frozen_unopened else "frozen_take")
        yield Problem(path, "the discard pile is frozen until a player opens, or taken by "
                      "melding at once, but melds stay in hand until the hand ends",
                      "remove the rule, or let melds go on the table")


@check("E395")
def stops_fit(r: Ruleset, doc: dict):
    """Stop cards close the discard pile: it must be a draw source."""
    if r.turn.discard_stops and "discard" not in r.turn.draw_from:
        yield Problem("turn.discard_stops", "a card on top stops the discard pile from being "
                      "taken, but no one may draw from the discard pile",
                      "add the discard pile to `draw:`, or remove the rule")


@check("E382")
def owners_need_a_table(r: Ruleset, doc: dict):
    """Scoring by who laid the cards needs melds laid on the table during play."""
    if r.scoring.method != "owner":
        return
    if not r.melds.on_table:
        yield Problem("scoring.method", "melds score for whoever laid them, but melds stay in hand "
                      "until the hand ends, so no one lays any", "let melds go on the table, or score "
                      "with `winner collects`")
    if r.stock.outcome == "differences":
        yield Problem("stock.outcome", "melds score for whoever laid them, so a hand that ends with "
                      "the stock is scored that way too, not by differences to the lowest hand",
                      "remove `lowest hand scores differences`")


@check("E383")
def drawn_card_can_go(r: Ruleset, doc: dict):
    """A card that must be melded or discarded needs somewhere to go: melds on the table,
    and the discard of a card just taken from the discard pile."""
    t = r.turn
    if not t.use_drawn:
        return
    if not r.melds.on_table:
        yield Problem("turn.use_drawn", "the card drawn must be melded or discarded in the same "
                      "turn, but melds stay in hand until the hand ends, so it could only be "
                      "discarded", "remove the rule, or let melds go on the table")
    elif "discard" in t.draw_from and not t.discard_taken and not t.meld_taken:
        yield Problem("turn.use_drawn", "the card drawn must be melded or discarded in the same "
                      "turn, but a card just taken from the discard pile may not be discarded, so "
                      "a player who cannot meld it could not end the turn",
                      "add `card taken from the discard pile must be melded at once`, or let it "
                      "be discarded")
    if r.stock.action != "end" and r.stock.times is None:
        yield Problem("turn.use_drawn", "the card drawn must be melded or discarded, so a hand "
                      "changes only by melding, and once nobody can meld, the stock is turned "
                      "over again and again and the hand never ends",
                      "add `stock: hand ends`, or reuse the pile only a number of times")


@check("E334")
def many_drawn_fit(r: Ruleset, doc: dict):
    """A draw of several cards from the stock leaves no one card drawn to meld or discard."""
    t = r.turn
    if t.stock_cards > 1 and t.use_drawn:
        yield Problem("turn.stock_cards", f"a draw from the stock takes {t.stock_cards} cards, "
                      "but the card drawn must be melded or discarded, and there is no one card "
                      "drawn", "remove `card drawn must be melded or discarded`, or draw one card")


@check("E335")
def squared_pile_fits(r: Ruleset, doc: dict):
    """A squared pile shows only its top card: a take down to a card chosen in it needs the
    pile spread (500 Rum: "the discard pile is spread so that all cards can be seen")."""
    td = r.turn.take_discards
    if r.turn.discard_squared and td is not None and td.down_to == "any":
        yield Problem("turn.discard_squared", "the discard pile is kept squared, so only its top "
                      "card can be seen, but a player takes down to any card of it, which needs "
                      "every card seen", "remove `discard pile squared`, or take the whole pile "
                      "or its top cards")


@check("E388")
def meld_bonus_needs_owners(r: Ruleset, doc: dict):
    """A long meld's bonus goes to its owner: melds must score for whoever laid them, and
    the pack must hold enough cards for such a meld."""
    mb = r.scoring.meld_bonus
    if mb is None:
        return
    if r.scoring.method != "owner":
        yield Problem("scoring.meld_bonus", f"a meld of {mb.size} or more cards earns a bonus, "
                      "but melds do not score for whoever laid them",
                      "add `scoring: melds score for whoever laid them`")
    longest = _longest_meld(r)
    if longest < mb.size:
        yield Problem("scoring.meld_bonus", f"a meld of {mb.size} or more cards earns a bonus, "
                      f"but no meld may have more than {longest} cards",
                      "make the bonus's meld shorter, or let melds grow longer")


def _longest_meld(r: Ruleset) -> int:
    """The most cards a meld may hold (99: no limit)."""
    return max(r.melds.set.max or 99 if r.melds.set else 0,
               r.melds.run.max or 99 if r.melds.run else 0)


@check("E389")
def long_melds_to_go_out_can_be_made(r: Ruleset, doc: dict):
    """Going out needs long melds on the table: melds must go on the table and may grow
    that long, or nobody could ever go out."""
    go = r.going_out
    if go is None or go.long is None:
        return
    need = f"going out needs a meld of {go.long.size} or more cards on the table"
    if not r.melds.on_table:
        yield Problem("going_out.long", f"{need}, but melds stay in hand",
                      "drop `kept in hand` from `melds:`, or the going-out condition")
    elif _longest_meld(r) < go.long.size:
        yield Problem("going_out.long", f"{need}, but no meld may have more than "
                      f"{_longest_meld(r)} cards", "ask for a shorter meld, or let melds grow longer")


@check("E387")
def out_bonus_has_a_way_out(r: Ruleset, doc: dict):
    """A bonus for going out needs a way to go out."""
    if r.scoring.out_bonus and r.going_out is None:
        yield Problem("scoring.out_bonus", f"going out earns a bonus of {r.scoring.out_bonus}, but "
                      "nobody goes out here (`going out: not allowed`)",
                      "remove the bonus, or let players go out")


@check("E378")
def second_hand_can_be_played(r: Ruleset, doc: dict):
    """A second hand set aside is taken when a hand empties: hands must be able to empty
    (going out allowed, melds on the table), and a score for one never taken needs one."""
    aside = r.deal.second_hand
    if aside is None:
        if r.scoring.second_hand_untaken:
            yield Problem("scoring.second_hand_untaken", "a side that never took its second "
                          "hand scores, but no second hand is dealt",
                          "add `second hand of 11 cards per side` to `deal:`, or remove the score")
        return
    if r.going_out is None:
        yield Problem("deal.second_hand", "a second hand is taken by a player who empties "
                      "their hand, but nobody may get rid of all their cards here "
                      "(`going out: not allowed`)", "let players go out, or remove the second hand")
    elif not r.melds.on_table:
        yield Problem("deal.second_hand", "a second hand is taken by a player who empties "
                      "their hand, but melds stay in hand", "let melds go on the table "
                      "(drop `kept in hand`), or remove the second hand")
    if r.scoring.second_hand_untaken and r.scoring.settle is not None:
        yield Problem("scoring.second_hand_untaken", "players pay each other, so a hand's "
                      "scores add up to zero, and a score for a second hand not taken "
                      "would not", "remove the score, or the payments")


@check("E369")
def unopened_count_can_apply(r: Ruleset, doc: dict):
    """``not opened = N`` replaces the count of a hand whose player never melded: melds must
    go on the table (or nobody ever opens), and the hand must be counted at all."""
    if r.scoring.unopened is None:
        return
    if not r.melds.on_table:
        yield Problem("scoring.unopened", "a hand not opened counts a fixed amount, but melds "
                      "stay in hand, so nobody ever opens", "remove `not opened = …`")
    elif r.scoring.stake is not None or r.scoring.method == "none":
        yield Problem("scoring.unopened", "a hand not opened counts a fixed amount, but no "
                      "hand is counted here (a stake, or hands not scored)",
                      "remove `not opened = …`")


@check("E710")
def each_loses_own_count(r: Ruleset, doc: dict):
    """``each player loses the count of their hand`` (Block Rummy) takes each count off its
    own total where a winner would have collected it: it means something only where a
    winner collects (or a knock is scored), and counts are points, not stakes."""
    s = r.scoring
    if r.stock.outcome != "lose":
        return
    why = ("losers score their own count as penalty points anyway" if s.method == "penalty"
           else "cards left in hand count against their holder anyway" if s.method == "owner"
           else "hands are not scored" if s.method == "none"
           else "each hand is played for a stake" if s.stake is not None
           else "players pay each other" if s.settle is not None else None)
    if why:
        yield Problem("stock.outcome", "each player loses the count of their hand when the stock "
                      f"runs out, but {why}", "remove it, or score with `winner collects`")
