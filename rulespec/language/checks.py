"""Semantic checks: rules that parse and fit the schema but cannot be played as written.

Each check is a small generator registered under a stable code; it yields
``Problem(path, message, hint)`` and the runner (:mod:`.problems`) places it at the
clause that set ``path``. Codes starting with W are warnings. :func:`run` runs these, then
the checks of ``game_checks`` and ``playable_checks``.
"""

from __future__ import annotations

from .. import cards as C
from ..ruleset import Ruleset
from . import (barred_checks, bonus_checks, canasta_checks, draw_limit_checks,
               endless_checks, freeze_checks, game_checks, long_bonus_checks, pack_checks,
               playable_checks, problems, special_checks, table_checks, team_checks,
               term_checks, tile_checks, turn_rule_checks, value_checks)
from .problems import Checks, Problem, player_counts, rounds, said, say_players

MAX_RUN = 13  # no run can repeat a rank, whatever the ace rule

check = Checks()  # this module's checks; game_checks and playable_checks keep their own


# ------------------------------------------------------------------ players and deck


@check("E310")
def players_range(r: Ruleset, doc: dict):
    if r.players.max is not None and r.players.max < r.players.min:
        yield Problem("players", f"the player range {r.players.min}-{r.players.max} is empty",
                      "write the smaller number first")


@check("E311")
def deal_covers_players(r: Ruleset, doc: dict):
    if not r.deal.sizes:
        yield Problem("name", "the rules never say how many cards each player gets",
                      "add a rule such as `deal: 10 cards each`")
        return
    for n in player_counts(r):
        for rnd in rounds(r):
            if r.deal.hand_size(n, rnd) is None:
                when = f" in round {rnd}" if len(rounds(r)) > 1 else ""
                yield Problem("deal.sizes", f"no hand size is given for {say_players(n)}{when}",
                              "add a deal rule for that case, or narrow `players:`")
                return


def _size_rule(r: Ruleset, players: int, round: int) -> int | None:
    """Index of the deal rule that gives the hand size for ``players`` in ``round``."""
    for i, s in enumerate(r.deal.sizes):
        if (s.players is None or players in s.players) and (s.rounds is None or round in s.rounds):
            return i
    return None


def _aside(r: Ruleset, players: int) -> int:
    """The cards set aside as second hands for ``players`` players."""
    a = r.deal.second_hand
    if a is None:
        return 0
    ps = r.partnerships
    return a.size * (ps.teams if a.per == "side" and ps is not None else players)


@check("E312")
def deck_big_enough(r: Ruleset, doc: dict):
    for n in player_counts(r):
        for rnd in rounds(r):
            i = _size_rule(r, n, rnd)
            if i is None:
                continue
            size = r.deal.sizes[i].cards
            aside = _aside(r, n)
            need = (n * size + r.deal.starter_extra + int(r.deal.upcard) + int(r.wilds.cut) + 1
                    + aside)
            have = r.deck.size(n)
            if need > have:
                when = f" in round {rnd}" if len(rounds(r)) > 1 else ""
                what = "hands, second hands" if aside else "hands"
                yield Problem(f"deal.sizes.{i}",
                              f"{say_players(n)} need {need} cards{when} ({what}, upcard, cut "
                              f"card and one to draw) but the deck has only {have}",
                              "deal fewer cards, or use more packs for that many players")
                return


@check("E314")
def packs_cover_players(r: Ruleset, doc: dict):
    if all(p.players is None for p in r.deck.packs):
        return
    for n in player_counts(r):
        if not any(p.players is None or n in p.players for p in r.deck.packs):
            yield Problem("deck.packs", f"the rules never say how many packs {say_players(n)} use",
                          "give a pack count for every number of players allowed")
            return



# ------------------------------------------------------------------ cards and melds


@check("E320")
def every_card_has_a_value(r: Ruleset, doc: dict):
    if not r.values_count:  # hands not scored, and nothing else counts the cards
        return
    kept = set(r.deck.ranks)  # a stripped pack's missing ranks need no value
    # a rank is covered too where each of its four cards has a value of its own (red 3s
    # and black 3s named apart)
    by_card = {c.card for c in r.values.cards}
    missing = [C.RANKS[i] for i, v in enumerate(r.values.ranks) if v is None and i in kept
               and not all(C.RANKS[i] + s in by_card for s in C.SUITS)]
    melded = {c.card[:-1] for c in r.values.melded}
    if missing and set(missing) <= melded:  # `A-K = 20 melded` alone (the Calypso trial)
        yield Problem("values", f"these cards have a value melded but none in hand: "
                      f"{' '.join(missing)}", f"give both, e.g. `{missing[0]} = 20 melded, 5 in "
                      "hand` (`0 in hand` where a card left in hand costs nothing)")
    elif missing:
        hint = f"add them to `values:`, e.g. `{missing[0]} = 10`"
        if r.scoring.stake is not None:  # Pif Paf, Desmoche: the stake is all that is paid
            hint += "; where cards carry no points, write `values: none`"
        yield Problem("values", f"these cards have no value: {' '.join(missing)}", hint)
    jokers = any(r.deck.jokers_for(n) for n in player_counts(r))
    if jokers and r.values.joker is None and r.values.wild is None:
        yield Problem("deck.jokers", "the deck has jokers but no value is given for them",
                      "add `jokers = 20` (or the right number) to `values:`")
    if r.opening.values is not None:
        missing = [C.RANKS[i] for i, v in enumerate(r.opening.values.ranks) if v is None and i in kept]
        if missing:
            yield Problem("opening.values", f"these cards have no opening value: {' '.join(missing)}",
                          "give every rank a value in `opening values:`")


@check("E321")
def meld_sizes_possible(r: Ruleset, doc: dict):
    s, run = r.melds.set, r.melds.run
    if s is None and run is None:
        yield Problem("melds", "the rules allow no melds at all", "allow sets or runs in `melds:`")
    if s is not None:
        if s.max is not None and s.max < s.min:
            yield Problem("melds.set", f"sets of {s.min}-{s.max} cards cannot exist", "write the smaller size first")
        elif s.suits == "distinct" and s.min > len(C.SUITS):
            yield Problem("melds.set", f"a set of {s.min} cards in different suits is impossible: there are only 4 suits",
                          "allow sets in any suits, or make them smaller")
        elif s.suits == "distinct" and (s.max is None or s.max > len(C.SUITS)):
            yield Problem("melds.set", "sets in different suits can never hold more than 4 cards",
                          "write the size as `3-4`")
    if run is not None:
        if run.max is not None and run.max < run.min:
            yield Problem("melds.run", f"runs of {run.min}-{run.max} cards cannot exist", "write the smaller size first")
        elif run.min > _longest(r):
            yield Problem("melds.run", f"a run of {run.min} cards is impossible: a suit has "
                          f"{_longest(r)} ranks", f"runs can be at most {_longest(r)} cards long")


@check("W321")
def run_longer_than_suit(r: Ruleset, doc: dict):
    run = r.melds.run
    top = _longest(r)
    if run is not None and run.max is not None and top < run.max and run.min <= top:
        yield Problem("melds.run", f"runs can never be longer than {top} cards, so {run.max} is never reached",
                      f"write the largest size as {top}")


def _longest(r: Ruleset) -> int:
    """The longest run the pack allows: one card of each of its ranks (13 in a full pack,
    fewer in a stripped one)."""
    return min(MAX_RUN, len(r.deck.ranks)) or MAX_RUN


def _requirement_size(r: Ruleset, kind: str, size: int | None) -> int | None:
    rule = r.melds.set if kind == "set" else r.melds.run
    return None if rule is None else (size or rule.min)


@check("E322")
def contracts_fit(r: Ruleset, doc: dict):
    own = {c.round for c in r.opening.contracts}
    for i, contract in enumerate(r.opening.contracts):
        path = f"opening.contracts.{i}"
        # round 0 is every round without its own contract: each such round's hand must hold it
        played = [contract.round] if contract.round else [
            k for k in rounds(r) if k not in own] or [1]
        if r.game.rounds is not None and contract.round > r.game.rounds:
            yield Problem(path, f"round {contract.round} is never played: the game has {r.game.rounds}",
                          "remove the contract or play more rounds")
            continue
        for option in contract.options:
            for req in option:
                size = _requirement_size(r, req.kind, req.size)
                rule = r.melds.set if req.kind == "set" else r.melds.run
                if rule is None:
                    yield Problem(path, f"the contract asks for {req.kind}s but the rules allow none",
                                  "allow them in `melds:`")
                    break
                if size < rule.min or (rule.max is not None and size > rule.max):
                    yield Problem(path, f"a {req.kind} of {size} is not a legal meld here "
                                        f"({req.kind}s have {rule.min}-{rule.max or 'any number of'} cards)",
                                  "change the contract or the meld sizes")
            need = sum(req.count * (_requirement_size(r, req.kind, req.size) or 0) for req in option)
            claims = r.turn.claims  # each buy brings the discard and its penalty cards
            if claims is not None and claims.per_hand is None:
                continue  # a hand may grow without limit (Shanghai: "buying will be required")
            bought = 0 if claims is None else claims.per_hand * (1 + claims.penalty)
            short = next(((k, hand) for k in played for n in player_counts(r)
                          if (hand := r.deal.hand_size(n, k)) is not None
                          and need > hand + 1 + r.deal.starter_extra + bought), None)
            if short is not None:
                k, hand = short
                yield Problem(path, f"round {k} asks for {need} cards in melds but a hand "
                                    f"holds only {hand} (and one drawn"
                                    + (f", and {bought} bought" if bought else "") + ")",
                              "deal more cards in that round, or ask for less")


@check("E323")
def wild_rank_leaves_melds_possible(r: Ruleset, doc: dict):
    """Whole wild ranks that can never be natural must still leave every required meld
    makeable within the wild-card limits."""
    w = r.wilds
    forced = {C.rank_index(x) for x in w.ranks} if w.as_natural == "never" else set()
    if not forced:
        return
    limit = w.max_per_meld

    def can_make(kind: str, size: int) -> bool:
        if kind == "set":
            if set(r.deck.ranks) - forced:
                return True
            return w.all_wild != "never"
        order = r.deck.ranks  # runs follow the pack: a stripped pack's skip its gaps
        for start in range(len(order) + 1 - size):
            f = sum(1 for k in order[start:start + size] if k in forced)
            strict = w.naturals_outnumber
            if (limit is None or f <= limit) and (not (w.not_outnumber or strict)
                                                  or f + strict <= size - f) and (
                    not f or size - f >= (w.min_naturals or 0)):
                return True
        return False

    wanted = [("set", r.melds.set.min)] if r.melds.set else []
    wanted += [("run", r.melds.run.min)] if r.melds.run else []
    for c in r.opening.contracts:
        for option in c.options:
            wanted += [(q.kind, _requirement_size(r, q.kind, q.size) or 0) for q in option]
    for kind, size in wanted:
        if size and not can_make(kind, size):
            yield Problem("wilds.ranks", f"with {' '.join(C.RANKS[i] for i in sorted(forced))} wild, no {kind} of "
                                         f"{size} can be made within the wild-card limits",
                          "let wild cards stand for themselves, or relax the limits")
            return


@check("E324")
def wild_settings_consistent(r: Ruleset, doc: dict):
    w = r.wilds
    if w.cut_joker_rank is not None and not w.cut:
        yield Problem("wilds.cut_joker_rank", "a cut joker can only make a rank wild when a card is cut",
                      "add `cut card` to `wild:`")
    any_wild = w.any
    if w.jokers and not any(r.deck.jokers_for(n) for n in player_counts(r)):
        yield Problem("wilds.jokers", "jokers are wild but the deck has none", "add jokers to `deck:`")
    if not any_wild:
        for path in ("wilds.max_per_meld", "wilds.min_naturals", "wilds.not_outnumber",
                     "wilds.naturals_outnumber",
                     "wilds.replace", "wilds.all_wild",
                     "wilds.as_natural", "wilds.only_in", "wilds.not_for"):
            if said(doc, path):
                yield Problem(path, "this limits wild cards, but the rules have none", "say which cards are wild in `wild:`")
                return
    kinds = {"set": r.melds.set is not None, "run": r.melds.run is not None}
    if w.only_in is not None and not kinds[w.only_in]:
        yield Problem("wilds.only_in", f"wild cards may be used only in {w.only_in}s, but the "
                      f"rules have no {w.only_in}s", "remove it, or add them to `melds:`")
    if w.only_in == "run" and w.all_wild == "sets":
        yield Problem("wilds.only_in", "wild cards may be used only in runs, but sets of wild "
                      "cards alone are allowed", "remove one of the two rules")


# ------------------------------------------------------------------ turn and opening


@check("E330")
def draw_sources(r: Ruleset, doc: dict):
    t = r.turn
    if "push" in t.draw_from and "discard" not in t.draw_from:
        yield Problem("turn.draw_from", "pushing is the choice not to take the discard, so the discard pile must "
                                        "also be a draw source", "write `draw: from the discard pile or push`")
    if t.push is not None and "push" not in t.draw_from:
        yield Problem("turn.push", "these rules say how to push, but pushing is not a way to draw",
                      "add `push` to `draw:`")
    if t.claims is not None and "discard" not in t.draw_from:
        yield Problem("turn.claims", "'May I?' claims the discard, but no one may draw from the discard pile",
                      "add the discard pile to `draw:`")
    if t.meld_taken:
        if "discard" not in t.draw_from:
            yield Problem("turn.meld_taken", "a card taken from the discard pile must be melded, "
                          "but no one may draw from the discard pile", "add the discard pile to `draw:`")
        elif "push" in t.draw_from:
            yield Problem("turn.meld_taken", "a card taken from the discard pile must be melded, "
                          "but a push also hands out discards, which could not be melded in time",
                          "remove `push` from `draw:`, or the rule")
        if not r.melds.on_table:
            yield Problem("turn.meld_taken", "a card taken from the discard pile must be melded, "
                          "but melds stay in hand until the hand ends",
                          "remove the rule, or let melds go on the table")


@check("E331")
def upcard_offer(r: Ruleset, doc: dict):
    if r.deal.offer and not r.deal.upcard:
        yield Problem("deal.offer", "the upcard is offered, but no upcard is turned", "remove `upcard: none`")
    if r.deal.offer and (r.players.max is None or r.players.max > 2):
        yield Problem("deal.offer", "offering the upcard to the non-dealer, then the dealer, needs exactly 2 players",
                      "write `players: 2`")
    if r.deal.upcard:
        return
    k = r.knock
    set_by_upcard = {
        "knock.max_deadwood": (k is not None and k.max_deadwood == "upcard", "the knock limit is the upcard's value"),
        "knock.by_upcard": (k is not None and bool(k.by_upcard), "the knock limit depends on the upcard"),
        "scoring.by_upcard": (bool(r.scoring.by_upcard), "scores are multiplied by the upcard"),
    }
    for path, (on, what) in set_by_upcard.items():
        if on:
            yield Problem(path, f"{what}, but no upcard is turned", "remove `upcard: none`")


@check("E333")
def opening_rules(r: Ruleset, doc: dict):
    o = r.opening
    if o.exact and not o.contracts:
        yield Problem("opening.exact", "the opening must be exactly the contract, but there are no contracts",
                      "add the contracts, e.g. `round 1: 2 sets of 3`")
    if o.values is not None and o.threshold is None and not o.by_score:
        yield Problem("opening.values", "opening values are given but no opening needs a number of points",
                      "add `opening: melds worth at least 40`")
    if o.per_side and r.partnerships is None:
        yield Problem("opening.per_side", "the opening is met once per side, but nobody plays "
                      "in partnerships", "add `partners: 2 teams of 2`, or remove `once per side`")
    elif o.per_side and not (o.contracts or o.threshold or o.by_score):
        yield Problem("opening.per_side", "the opening is met once per side, but no opening is "
                      "required", "add `opening: melds worth at least 50`, or remove "
                      "`once per side`")
    if not r.melds.on_table and (o.contracts or o.threshold or o.by_score):
        yield Problem("opening", "melds are kept in hand, so there is no opening to require",
                      "remove the opening rule or put melds on the table")


# ------------------------------------------------------------------ ending and scoring


@check("E340")
def a_hand_can_end(r: Ruleset, doc: dict):
    declared = any(s.when == "turn" for s in r.special)  # Yaniv: a low hand declared in play
    if r.going_out is None and r.knock is None and r.gin is None and r.show is None \
            and not declared:
        yield Problem("going_out", "no player can ever end a hand: going out is not allowed and "
                      "there is no knock, gin, show or special hand declared in play",
                      "allow going out, or add `knock:`, `gin:`, `show:` or a special hand "
                      "declared `after drawing`")
    elif r.going_out is None and r.knock is None and r.gin is None and r.show is None \
            and r.stock.action != "end" and r.stock.times is None:
        yield Problem("going_out", "only a special hand declared in play can end a hand, and the "
                      "stock is reused without end, so a hand where nobody declares never ends",
                      "add `stock: hand ends`, or reuse the discard pile only a number of times")
    if r.melds.on_table is False and r.going_out is not None:
        yield Problem("going_out", "melds stay in hand, so no one can go out by melding",
                      "write `going out: not allowed` and end hands by knocking")


@check("E341")
def knock_threshold(r: Ruleset, doc: dict):
    k = r.knock
    if k is None:
        return
    # A limit no hand reaches is a knock at any count: a rule some games use, and no
    # different from `under 99` in Gin (whose worst hand has 98), so both are accepted.
    if isinstance(k.max_deadwood, int) and k.max_deadwood < 0:
        yield Problem("knock.max_deadwood", "a knock needs deadwood below zero, which no hand has",
                      "knock with deadwood of 0 or more; for gin only, use `gin:`")


@check("E342")
def scoring_matches_ending(r: Ruleset, doc: dict):
    s = r.scoring
    gin_hint = "add `knock:` rules, or `knock: gin only` where only gin ends a hand"
    if s.method == "knock" and r.knock is None:
        yield Problem("scoring.method", "knocks are scored, but no one can knock", gin_hint)
    if r.knock is not None and s.method not in ("knock", "none"):
        yield Problem("knock.max_deadwood", "players can knock, but knocks are not scored", "add `scoring: knock = deadwood difference`")
    if s.knock is not None and r.knock is None:
        yield Problem("scoring.knock", "knock or gin bonuses are given, but no one can knock, and "
                      "gin is a knock with no deadwood", gin_hint)
    if r.gin is not None and r.gin.big_gin and r.knock is not None and not r.knock.after_draw:
        yield Problem("gin.big_gin", "big gin is a knock after drawing, but knocks come only "
                      "before drawing", "remove `big gin`, or write `knock: before or after drawing`")
    if r.gin is not None and r.gin.big_gin and (s.knock is None or not s.knock.big_gin):
        yield Problem("gin.big_gin", "big gin is allowed but scores no bonus",
                      "add `big gin = opponent deadwood + 50` to `scoring:`")
    if r.stock.keep_top and r.stock.action == "end":
        yield Problem("stock.keep_top", "the top discard stays when the pile becomes a new stock, "
                      "but the hand ends when the stock runs out", "remove `the top discard stays`, "
                      "or reuse the pile (`shuffle the discard pile into a new stock`)")
    if s.count == "show" and r.show is None:
        yield Problem("scoring.count", "hands are counted by their show's sequences, but there is no show",
                      "add `show:` rules")
    if (s.wrong_show is not None or s.valid_show is not None) and r.show is None:
        path = "scoring.wrong_show" if s.wrong_show is not None else "scoring.valid_show"
        yield Problem(path, "a show is scored, but there is no show", "add `show:` rules")
    if r.show is not None and r.show.pure > r.show.sequences:
        yield Problem("show.pure", f"a show needs {r.show.pure} pure sequences but only "
                                   f"{r.show.sequences} sequence{'s' * (r.show.sequences != 1)} in all",
                      "the pure sequences are counted among the sequences")
    if r.stock.last_discard == "none" and r.stock.action != "end" and r.stock.times is None:
        yield Problem("stock.last_discard", "the stock is reused without limit, so it never runs out for good "
                      "and this never happens", "limit the reuse (`once`) or write `hand ends`")
    if r.stock.last_discard == "knock" and r.knock is None:
        yield Problem("stock.last_discard", "the top discard may be taken only to knock, but no one can knock",
                      "add `knock:` rules or leave this clause out")
    t = r.turn
    if t.void_after_throw_backs is not None and not t.discard_taken:
        yield Problem("turn.void_after_throw_backs", "the card just taken from the discard pile may not be "
                      "thrown back, so this never happens",
                      "add `discard: may be the card just taken from the discard pile`")
    if t.max_discard_draws is not None and "discard" not in t.draw_from:
        yield Problem("turn.max_discard_draws", "no one draws from the discard pile, so this never happens",
                      "add the discard pile to `draw:` or leave this clause out")
    if r.stock.outcome != "score" and r.stock.action != "end" and r.stock.times is None:
        how = {"differences": "no one wins the differences", "void": "the hand is never void",
               "lose": "nobody loses their count"}[r.stock.outcome]
        yield Problem("stock.outcome", f"the stock is reused without limit, so {how} this way",
                      "limit the reuse (`twice`) or write `hand ends`")


@check("E343")
def game_can_end(r: Ruleset, doc: dict):
    g = r.game
    if (g.target is None and g.rounds is None and g.eliminate is None and g.hands is None
            and not g.endless):
        yield Problem("game", "the game never ends: there is no target score, number of deals, "
                      "elimination or number of hands to win",
                      "add `game: to 100 points`, `game: 7 deals` or `game: first to win a hand`")
    if g.eliminate is not None and g.winner != "lowest":
        yield Problem("game.winner" if said(doc, "game.winner") else "game.eliminate", "players are knocked out for high totals, so the lowest total must win",
                      "write `lowest wins`")
    for path, value in (("scoring.cap", r.scoring.cap), ("scoring.wrong_show", r.scoring.wrong_show)):
        if g.eliminate is not None and value is not None and value >= g.eliminate:
            yield Problem(path, f"one hand can cost {value}, enough to knock a player out at {g.eliminate} at once",
                          "a pool game needs a smaller cap")


@check("W344")
def drops_only_with_penalty_scoring(r: Ruleset, doc: dict):
    if r.drops is not None and r.drops.middle < r.drops.first:
        yield Problem("drops", "a middle drop costs less than a first drop, so waiting to drop is always better",
                      "a middle drop usually costs more")


@check("W345")
def count_under_knocks(r: Ruleset, doc: dict):
    """A knock counts deadwood, the cards outside melds: counting every card is used only
    when a player goes out (melds on the table) or the stock ends the hand by differences
    (found by a trial: Tonk counts all)."""
    s = r.scoring
    if (s.method == "knock" and s.count == "all" and said(doc, "scoring.count")
            and not r.melds.on_table and not r.knock_counts_all):
        used = ("counts only when the stock runs out" if r.stock.outcome == "differences"
                else "changes nothing")
        yield Problem("scoring.count", "a knock counts the deadwood (the cards outside melds), "
                      f"so `count all cards` {used}",
                      "remove it; for a knock that counts every card in hand write "
                      "`knock: every card in hand counts`")


# ------------------------------------------------------------------ running


#: every check by code, in the order they run: these, then game_checks', then playable_checks'
CHECKS = {**check, **pack_checks.check, **game_checks.check, **playable_checks.check,
          **tile_checks.check, **special_checks.check, **bonus_checks.check,
          **team_checks.check, **barred_checks.check,
          **canasta_checks.check, **turn_rule_checks.check, **long_bonus_checks.check,
          **value_checks.check, **draw_limit_checks.check, **endless_checks.check,
          **freeze_checks.check, **table_checks.check, **term_checks.check}


def run(ruleset: Ruleset, doc: dict, sources: dict, texts: dict[str, str]):
    """Every problem every check finds, each at the clause it concerns."""
    return problems.run(CHECKS, ruleset, doc, sources, texts)
