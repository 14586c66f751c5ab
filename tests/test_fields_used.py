"""Every compiled field is used (issue 14): each leaf field of the Ruleset, changed on its
own to another legal value in a variant where it matters, changes the variant's rulebook
page, and most also change its play (seeded games compared move by move).

The fields are read from the classes (:func:`rulespec.ruleset.field_paths`), never listed
here, so a new field is checked the day it is added and fails until the page states it. A
field that changes play and not the page, the page and never play,
or nothing, is named in one of the three tables below with the reason; the slow test
also fails when a listed field starts doing more than its table says, so they stay true.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json

import pytest

import rulespec
from rulespec.agents import make_agent
from rulespec.engine import new_game
from rulespec.language import checks, schema
from rulespec.rulebook import diff, render_page
from rulespec.ruleset import field_paths, field_pattern, from_ir, leaves
from rulespec.variant import Variant

from conftest import variant_files, variant_id
from playthroughs import fingerprint

FIELDS = field_paths()
PAGE, PLAY = "page", "play"

#: fields that change the page and by design never play (the page must still change)
RULEBOOK_ONLY = {
    "name": "the variant's title",
    "terms.set": "the variant's word for a set",
    "terms.run": "the variant's word for a run",
    "terms.opening": "the variant's word for opening",
    "terms.stock": "the variant's word for the stock",
    "terms.discard_pile": "the variant's word for the discard pile",
    "terms.card": "the variant's word for a card",
    "terms.cards": "the variant's word for cards",
    "terms.second_hand": "the variant's word for the second hand set aside",
    "terms.long": "the variant's word for a long meld (a canasta)",
    "terms.long_plural": "the variant's irregular plural of its word for a long meld",
    "terms.long_size": "the size of the melds the variant's word names",
    **{f"terms.{f}": f"the variant's word for {w}" for f, w in (
        ("knock", "knocking"), ("gin", "gin"), ("going_out", "going out"),
        ("going_rummy", "going rummy"), ("drop", "a drop"), ("show", "a show"))},
    "origin.file": "the file the page names as its source",
    "turn.discard_squared": "what a player sees of the discard pile (the observation), not the "
                            "moves; the bots read the game and remember every discard",
}
#: fields that change play but not the page: each a rule the rulebook does not state
ENGINE_ONLY: dict[str, str] = {}
#: fields whose change shows nowhere
NOT_USED_BECAUSE = {
    "turn.claims.priority": "the language has one choice so far (the nearest player)",
    "origin.parent": "where the rules came from, not a rule: links between pages and diagnostics",
    "wilds.not_for_by": "the wild rank a bar names: only check E367 reads it (every wild card "
                        "is barred alike); play and page read wilds.not_for",
    "origin.overrides": "where the rules came from, not a rule: diagnostics blame the house file",
    **{f"opening.values.melded.*.{f}": "opening values count cards as they are melded: a "
                                       "value of their own melded is refused there (E356)"
       for f in ("card", "value")},
}

#: items for lists that no shipped variant fills, so that their fields have a value to change
SEEDS = {
    "values.cards": [{"card": "AH", "value": 15}],
    "values.melded": [{"card": "3S", "value": 50}],
    "opening.values.cards": [{"card": "AH", "value": 15}],
}

_NO_BONUS = {"win": 0, "per_hand": 0, "shutout": 1}
_ASIDE = {"size": 5, "per": "side", "after_discard": "next turn"}

#: changes made by hand where no single change of a field in a shipped variant is legal
#: or matters: {field: (variant, rules set first, the change)}
BY_HAND = {
    # rearranging the table needs a turn without a discard: take it away with the shape
    "turn.play_or_draw": ("rummikub", {}, {"turn.play_or_draw": False, "turn.rearrange": None}),
    # the sections a stretch of rounds replaces are one field, a dict: give round 7 another
    "by_round.*.rules": ("house/california-last-hand-dear-buys", {},
                         {"by_round.0.rules": {"going_out": {"final_discard": "required"}}}),
    # and so are the sections a table of some size replaces: the loser deals at two
    "by_players.*.rules": ("house/basic-two-winner-deals", {}, {"by_players.0.rules": {
        "seating": {"first_dealer": "random", "next_dealer": "loser", "play": "left",
                    "first_player": "after dealer"}}}),
    # a scoring method and who wins the game go together
    "scoring.method": ("basic", {}, {"scoring.method": "penalty", "game.winner": "lowest"}),
    "game.winner": ("basic", {}, {"scoring.method": "penalty", "game.winner": "lowest"}),
    # partnerships fix the number of players
    "partnerships.teams": ("push", {}, {"partnerships.teams": 3, "players": {"min": 6, "max": 6}}),
    "partnerships.size": ("push", {}, {"partnerships.size": 3, "players": {"min": 6, "max": 6}}),
    # hand sizes by player count and round cover every count and round: move a border
    "deal.sizes.*.players.min": ("basic", {}, {"deal.sizes.0.players.max": 3,
                                                "deal.sizes.1.players.min": 4}),
    "deal.sizes.*.rounds.min": ("push", {}, {"deal.sizes.0.rounds.min": 2,
                                             "deal.sizes.1.rounds.min": 1}),
    # opening values of wild cards count only where wild cards count as themselves
    "opening.values.joker": ("romme", {"opening.wild_counts_as_natural": False},
                             {"opening.values.joker": 5}),
    "opening.values.wild": ("romme", {"opening.wild_counts_as_natural": False},
                            {"opening.values.wild": 5}),
    # an ace counted towards the opening by its place in a run (round the corner: K-A-2)
    "opening.values.ace_low_run": ("rummy51", {}, {"opening.values.ace_low_run": 1}),
    "opening.values.ace_high_run": ("rummy51", {}, {"opening.values.ace_high_run": 15}),
    "opening.values.ace_corner_run": ("rummy51", {"aces.mode": "around"},
                                      {"opening.values.ace_corner_run": 1}),
    # a rule by upcard names a rank or a suit, not both: swap one for the other
    "knock.by_upcard.*.suit": ("oklahoma-gin", {}, {"knock.by_upcard.0.rank": None,
                                                    "knock.by_upcard.0.suit": "S"}),
    "scoring.by_upcard.*.rank": ("oklahoma-gin", {}, {"scoring.by_upcard.0.suit": None,
                                                      "scoring.by_upcard.0.rank": "7"}),
    # no shipped variant has game bonuses (Gin's line and shutout bonuses, issue #15)
    "game.hands": ("basic", {}, {"game.hands": 2}),
    "game.bonus.win": ("gin", {"game.bonus": _NO_BONUS}, {"game.bonus.win": 100}),
    "game.bonus.per_hand": ("gin", {"game.bonus": _NO_BONUS}, {"game.bonus.per_hand": 25}),
    "game.bonus.shutout": ("gin", {"game.bonus": _NO_BONUS}, {"game.bonus.shutout": 2}),
    # a failed knock's stakes need a stake, which replaces the knock's point bonuses (Tonk)
    "scoring.knock.undercut_stakes": ("knock-rummy", {"scoring.stake": 1,
                                                      "scoring.knock.undercut": 0,
                                                      "scoring.knock.gin": 0},
                                      {"scoring.knock.undercut_stakes": 2}),
    # no shipped variant changes its jokers with the number of players (Progressive Rummy)
    **{f"deck.jokers_by.*.{leaf}": (
        "basic", {"deck.jokers_by": [{"jokers": 2, "players": {"min": 2, "max": 3}}],
                  "values.joker": 15},
        {f"deck.jokers_by.0.{leaf}": n})
        for leaf, n in (("players.min", 3), ("players.max", 4), ("jokers", 3))},
    # no shipped variant pays a long meld's bonus (Canasta's canasta)
    **{f"scoring.meld_bonus.{leaf}": (
        "rummy500", {"scoring.meld_bonus": {"size": 7, "natural": 500, "mixed": 300}},
        {f"scoring.meld_bonus.{leaf}": n})
        for leaf, n in (("size", 6), ("natural", 400), ("mixed", 200))},
    # no shipped variant pays a long set or run its own bonus (Samba's samba)
    **{f"scoring.kind_bonus.{kind}.{leaf}": (
        "rummy500", {f"scoring.kind_bonus.{kind}": {"size": 4, "natural": 500, "mixed": 300}},
        {f"scoring.kind_bonus.{kind}.{leaf}": n})
        for kind in ("set", "run") for leaf, n in (("size", 3), ("natural", 400),
                                                   ("mixed", 200))},
    # no shipped variant pays a meld of wild cards alone (Pennies from Heaven's wild
    # canasta): 500 Rum with jokers melded alone as sets
    **{f"scoring.kind_bonus.wild.{leaf}": (
        "rummy500", {"deck.jokers": 2, "wilds.jokers": True, "values.joker": 15,
                     "wilds.all_wild": "sets", "scoring.kind_bonus.wild": {"size": 4,
                                                                          "points": 500}},
        {f"scoring.kind_bonus.wild.{leaf}": n})
        for leaf, n in (("size", 3), ("points", 400))},
    # no shipped variant pays a long set of a rank (Pennies from Heaven's sevens)
    **{f"scoring.kind_bonus.ranks.*.{leaf}": (
        "rummy500", {"scoring.kind_bonus.ranks": [
            {"rank": "7", "size": 4, "natural": 500, "mixed": 300}]},
        {f"scoring.kind_bonus.ranks.0.{leaf}": n})
        for leaf, n in (("rank", "8"), ("size", 3), ("natural", 400), ("mixed", 200))},
    # no shipped variant needs a long meld to go out (Canasta's canasta)
    **{f"going_out.long.{leaf}": (
        "rummy500", {"going_out.long": {"melds": 1, "size": 7, "kinds": []}},
        {f"going_out.long.{leaf}": n})
        for leaf, n in (("melds", 2), ("size", 6))},
    # no shipped variant needs long melds of some kind to go out (Hand and Foot's books):
    # 500 Rum's runs may grow to seven, natural ones or not
    **{f"going_out.long.kinds.*.{leaf}": (
        "rummy500", {"going_out.long": {"melds": 1, "size": 7, "kinds": [
            {"melds": 1, "kind": "run", "wilds": "natural"}]}},
        {f"going_out.long.kinds.0.{leaf}": n})
        for leaf, n in (("melds", 2), ("kind", "meld"), ("wilds", "any"))},
    # no shipped variant wants a bonus card for each long meld to go out (Mexicana)
    "going_out.bonus_each": ("rummy500", {"going_out.long": {"melds": 1, "size": 7, "kinds": []},
                                          "bonus": {"cards": ["3H", "3D"], "each": 100,
                                                    "many": None, "against_unmelded": False}},
                             {"going_out.bonus_each": True}),
    # no shipped variant has one set of each rank (Canasta): Rummy 51, two packs
    "melds.one_per_rank": ("rummy51", {}, {"melds.one_per_rank": "player"}),
    # no shipped variant keeps cards out of melds (Hand and Foot, Samba, Canasta's threes)
    **{f"melds.{leaf}": ("rummy51", {}, {f"melds.{leaf}": ["3S", "3H", "3D", "3C"]})
       for leaf in ("barred", "barred_runs", "going_out_only")},
    # no shipped variant sets a second hand aside (Buraco's morto, Hand and Foot's foot);
    # one per side differs from one per player only with partners; the packet is said
    # whole (its size is required)
    **{f"deal.second_hand.{leaf}": (
        "rummy500", {"players": {"min": 4, "max": 4},
                     "partnerships": {"teams": 2, "size": 2, "players": []},
                     "deal.second_hand": _ASIDE}, {"deal.second_hand": {**_ASIDE, leaf: n}})
        for leaf, n in (("size", 4), ("per", "player"), ("after_discard", "at once"),
                        ("on_long", 4))},
    "scoring.second_hand_untaken": ("rummy500", {"deal.second_hand": _ASIDE,
                                                 "scoring.second_hand_untaken": -100},
                                    {"scoring.second_hand_untaken": -50}),
    "terms.second_hand": ("rummy500", {"deal.second_hand": _ASIDE},
                          {"terms.second_hand": "morto"}),
    # no shipped variant names its long melds (Canasta's canasta): 500 Rum going out on
    # two melds of seven, with a bonus for melds of six
    **{f"terms.{leaf}": (
        "rummy500", {"going_out.long": {"melds": 2, "size": 7, "kinds": []},
                     "scoring.meld_bonus": {"size": 6, "natural": 500, "mixed": 300},
                     "terms.long": "canasta", "terms.long_size": 7},
        {f"terms.{leaf}": n})
        for leaf, n in (("long", "escalera"), ("long_plural", "canastre"), ("long_size", 6))},
    # no shipped variant sizes the set its cards go out with (Canasta's black threes)
    **{f"melds.going_out_size.{leaf}": (
        "rummy51", {"melds.going_out_only": ["3S", "3H", "3D", "3C"],
                    "melds.going_out_size": {"min": 3, "max": 4}},
        {"melds.going_out_size": {"min": 3, "max": 4, leaf: n}})  # said whole
        for leaf, n in (("min", 4), ("max", 3))},
    # no shipped variant sets its opening by the score (Canasta)
    **{f"opening.by_score.*.{leaf}": (
        "rummy51", {"opening.by_score": [{"threshold": 90, "least": 300, "below": 600}]},
        {f"opening.by_score.0.{leaf}": n})
        for leaf, n in (("threshold", 80), ("least", 400), ("below", 700))},
    # no shipped variant plays in teams at some counts only (Canasta: four or six players)
    **{f"partnerships.players.*.{leaf}": (
        "basic", {"partnerships": {"teams": 2, "size": None, "players": [{"min": 4, "max": 4}]}},
        {"partnerships.teams": 2, "partnerships.players.0.min": 6, "partnerships.players.0.max": 6})
        for leaf in ("min", "max")},
    # no shipped variant draws cards on opening (Mexicana)
    "opening.then_draw": ("rummy500", {}, {"opening.then_draw": 5}),
    # no shipped variant opens once per side (Canasta): Push plays in teams of two
    "opening.per_side": ("push", {}, {"opening.per_side": True}),
    # no shipped variant has bonus cards (Canasta's red threes)
    **{f"bonus.{leaf}": (
        "rummy500", {"bonus": {"cards": ["3H", "3D"], "each": 100,
                               "many": {"count": 4, "value": 800}, "against_unmelded": False}},
        {f"bonus.{leaf}": n})
        for leaf, n in (("cards", ["3H", "3D", "3S"]), ("each", 50), ("many.count", 3),
                        ("many.value", 500), ("against_unmelded", True))},
    # a pile frozen by a discarded wild card needs wild cards: 500 Rum with Pagat's jokers
    "turn.take_discards.frozen_by": ("rummy500", {"deck.jokers": 2, "wilds.jokers": True,
                                                  "values.joker": 15},
                                     {"turn.take_discards.frozen_by": "wild"}),
    # no shipped variant is frozen by a card turned up (Mexicana's red three); the list's
    # own choices (jokers, wild cards) are not in 500 Rum's deck (E303)
    "turn.take_discards.frozen_upcard": ("rummy500", {},
                                         {"turn.take_discards.frozen_upcard": ["3H", "3D"]}),
    # no shipped variant takes the top N cards of the pile (Hand and Foot's seven)
    "turn.take_discards.top_cards": ("rummy500", {"turn.take_discards.down_to": "top",
                                                  "turn.take_discards.top_cards": 7},
                                     {"turn.take_discards.top_cards": 3}),
    # a frozen pile taken with a natural pair needs something that freezes it (E394)
    "turn.take_discards.frozen_take": ("rummy500", {"turn.take_discards.frozen_unopened": True},
                                       {"turn.take_discards.frozen_take": "natural_pair"}),
    # no shipped variant owes the top card of a take from the hand (Canasta)
    "turn.take_discards.from_hand": ("rummy500", {"turn.take_discards.owed": "top"},
                                     {"turn.take_discards.from_hand": True}),
    # no shipped variant closes the pile to a short hand (Canasta's one card)
    **{f"turn.short_hand.{leaf}": ("basic", {"turn.short_hand": {"hand": 1, "pile": 1}},
                                   {f"turn.short_hand.{leaf}": n})
       for leaf, n in (("hand", 2), ("pile", 3))},
    # no shipped variant has a game with no end: given an end again, the page says it
    "game.endless": ("basic", {"game.endless": True, "game.target": None},
                     {"game.endless": False, "game.target": 200}),
    # no shipped variant says where the top card of a take may go (Bolivia, Samba)
    **{f"turn.top_taken.{leaf}": ("basic", {"turn.top_taken": {"runs": "never", "full": 7}},
                                  {f"turn.top_taken.{leaf}": n})
       for leaf, n in (("runs", "lay off"), ("full", 5))},
}

#: the seeded games of each variant: (seed, agent); every seat plays the same agent
GAMES = ((1, "random"), (2, "greedy"), (3, "random"), (4, "greedy"))
MAX_STEPS = 400
#: candidate values tried per leaf, and changes whose games are played per field
MAX_CANDIDATES = 12
MAX_GAMES_TRIED = 12


@functools.cache
def _variants() -> dict[str, Variant]:
    return {variant_id(f): rulespec.load(f) for f in variant_files()}


# ---------------------------------------------------------------- the values to try


@functools.cache
def _schema() -> dict:
    return schema.validator().schema


def _subschemas(node: dict) -> list[dict]:
    """``node`` and the schemas it combines (allOf / anyOf), flattened."""
    out = [node]
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key, ()):
            out += _subschemas(sub)
    return out


def _schema_at(path: str) -> list[dict]:
    """The schemas that say what the leaf at ``path`` may hold ([] outside the schema)."""
    nodes = [_schema()]
    for part in path.split("."):
        nodes = [n.get("items") if part.isdigit() else n.get("properties", {}).get(part)
                 for node in nodes for n in _subschemas(node)]
        nodes = [n for n in nodes if n is not None]
    return [s for n in nodes for s in _subschemas(n)]


def _numbers(value, lo: int, hi: int) -> list:
    near = [value + 1, value - 1, value * 2, value // 2] if value is not None else []
    return [n for n in dict.fromkeys(near + [lo, lo + 1, lo + 2, 5, 10, 30]) if lo <= n <= hi]


def _scalars(value, nodes: list[dict]) -> list:
    """Other values a scalar leaf with these schemas may hold."""
    enum = [e for n in nodes for e in n.get("enum", ())]
    types = {t for n in nodes
             for t in ([n["type"]] if isinstance(n.get("type"), str) else n.get("type", ()))}
    out = list(enum)
    if "boolean" in types:
        out.append(not value)
    if "integer" in types:
        lo = max([n["minimum"] for n in nodes if "minimum" in n], default=0)
        hi = min([n["maximum"] for n in nodes if "maximum" in n], default=1000)
        out += _numbers(value if isinstance(value, int) else None, lo, hi)  # or a word
    if "null" in types or any(n.get("type") == "null" for n in nodes):
        out.append(None)
    examples = [e for n in nodes for e in n.get("examples", ())]  # the schema's own
    if "string" in types and not enum:
        out += examples or (["KS", "AH"] if any("pattern" in n for n in nodes)
                            else [f"{value} (changed)"])
    return [v for v in dict.fromkeys(out) if v != value or type(v) is not type(value)]


def _lists(value: list, nodes: list[dict]) -> list:
    """Other values a leaf holding a list of plain values may hold."""
    items = [s for n in nodes if "items" in n for s in _subschemas(n["items"])]
    if any(s.get("type") == "string" and not {"enum", "pattern"} & set(s) for s in items):
        return [v for v in (value[:-1], value + ["A rule (changed)"]) if v != value]  # free text
    if not any("enum" in s or "pattern" in s for s in items):  # numbers: each entry changed
        return [value[:i] + [(v or 0) + 1] + value[i + 1:] for i, v in enumerate(value)]
    out = [value[:i] + value[i + 1:] for i in range(len(value))]  # one entry fewer
    out += [value[::-1]] if len(value) > 1 else []
    more = [e for s in items for e in s.get("enum", ())] or ["KS", "AH"]  # a choice, or a card
    return out + [value + [e] for e in more if e not in value]


def candidates(path: str, value) -> list:
    """Other values for the leaf at ``path`` (legal or not: :func:`legal` decides)."""
    if path == "origin.overrides":  # not in the schema: the compiler writes these
        return [value + ["deck.jokers"], []]
    if path == "origin.file":
        return ["variants/another.rules"]
    if path == "origin.parent":
        return ["variants/basic.rules", None]
    nodes = _schema_at(path)
    out = _lists(value, nodes) if isinstance(value, list) else _scalars(value, nodes)
    return out[:MAX_CANDIDATES]


def _said(ir: dict, also: list[str]) -> dict:
    """The rules as the files said them (before defaults), what the compiler checks: the
    paths its sources name, and ``also`` (the changed leaves); a list goes whole."""
    paths = {".".join(itertools.takewhile(lambda part: not part.isdigit(), p.split(".")))
             for p in [*ir["sources"], *also, "values.ranks"] if not p.startswith("origin.")}
    doc: dict = {}
    for path in sorted(paths, key=lambda p: p.count(".")):
        if not any(path.startswith(q + ".") for q in paths):
            *parents, last = path.split(".")
            node = doc
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = copy.deepcopy(_get(ir, path))
    return doc


def legal(ir: dict, paths: list[str]) -> bool:
    """Would the compiler accept these rules, ``paths`` said in the file (the schema, then
    the semantic checks)?"""
    doc = _said(ir, paths)
    if not schema.validator().is_valid(doc):
        return False
    return not any(d.is_error for d in checks.run(from_ir(ir), doc, ir["sources"], {}))


def _set(ir: dict, path: str, value) -> dict:
    out = copy.deepcopy(ir)
    node = out
    *parents, last = path.split(".")
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[int(last) if last.isdigit() else last] = value
    return out


# ---------------------------------------------------------------- what a change changes


def variant_of(ir: dict) -> Variant:
    return Variant(from_ir(ir), ir)


def page(ir: dict) -> str:
    return render_page(variant_of(ir))


def _steps(ir: dict, seed: int, agent: str):
    """The fingerprint of every state of one seeded game, every seat played by ``agent``
    (an error of the engine is raised: a legal change of the rules must play)."""
    game = new_game(variant_of(ir), seed=seed)
    bots = [make_agent(agent, seed=seed * 100 + s) for s in range(game.n)]
    yield fingerprint(game)
    for _ in range(MAX_STEPS):
        if game.is_over():
            return
        if game.is_chance():
            game.apply_chance()
        else:
            p = game.current_player()
            game.apply(bots[p].choose(game, p))
        yield fingerprint(game)


@functools.cache
def _trace(text: str, seed: int, agent: str) -> tuple[str, ...]:
    return tuple(_steps(json.loads(text), seed, agent))


def plays_differently(base: dict, changed: dict) -> bool:
    """Does a seeded game of ``changed`` take another course than the same game of
    ``base`` (another move, state, score, or set of legal moves at some step)?"""
    for seed, agent in GAMES:
        before = _trace(json.dumps(base, sort_keys=True), seed, agent)
        if any(a != b for a, b in itertools.zip_longest(before, _steps(changed, seed, agent))):
            return True
    return False


def instances(field: str):
    """(variant id, rules, path) for every value of ``field`` in the shipped variants, the
    lists of :data:`SEEDS` filled where a variant has the list empty."""
    for vid, v in _variants().items():
        ir = v.ir
        for path, seed in SEEDS.items():
            if field.startswith(path + ".") and _get(ir, path) == []:
                ir = _set(ir, path, seed)
        for path in leaves({k: x for k, x in ir.items() if k != "sources"}):
            if field_pattern(path) == field:
                yield vid, ir, path


def _get(ir: dict, path: str):
    node = ir
    for part in path.split("."):
        if not isinstance(node, dict | list):
            return None
        node = node[int(part)] if isinstance(node, list) else node.get(part)
    return node


def _set_all(ir: dict, values: dict) -> dict:
    for path, value in values.items():
        ir = _set(ir, path, value)
    return ir


def changes(field: str):
    """(what, rules, changed rules, the paths the change says) for each change of ``field``
    to try: the one of :data:`BY_HAND`, then each candidate value in each variant."""
    if field in BY_HAND:
        vid, setup, change = BY_HAND[field]
        base = _set_all(_variants()[vid].ir, setup)
        if legal(base, list(setup)):
            yield f"{vid}: {change}", base, _set_all(base, change), list(change)
    for vid, ir, path in instances(field):
        for value in candidates(path, _get(ir, path)):
            yield f"{vid}: {path} = {value!r}", ir, _set(ir, path, value), [path]


@functools.cache
def shown_by(field: str, both: bool = False) -> dict[str, str]:
    """What a legal change of ``field`` changes: {"page" | "play": the first change that
    shows it}. The page is looked at first, over every change (it is quick); play only
    where no change shows on the page, or with ``both``."""
    tried = [(what, ir, changed) for what, ir, changed, paths in changes(field)
             if legal(changed, paths)]
    found = {PAGE: next((what for what, ir, changed in tried if page(changed) != page(ir)), None)}
    if both or found[PAGE] is None:
        found[PLAY] = next((what for what, ir, changed in tried[:MAX_GAMES_TRIED]
                            if plays_differently(ir, changed)), None)
    return {k: v for k, v in found.items() if v is not None}


# ---------------------------------------------------------------- the tests


def test_the_fields_are_read_from_the_classes_and_cover_every_variant():
    assert len(FIELDS) == len(set(FIELDS)) > 100
    assert {"turn.claims.penalty", "deal.sizes.*.players.min", "scoring.knock.gin",
            "opening.contracts.*.options.*.*.size"} <= set(FIELDS)
    for vid, v in _variants().items():
        seen = {field_pattern(p) for p in leaves(v.ir)  # where the rules were written: no fields
                if p.split(".")[0] not in ("sources", "provenance")}
        containers = seen - set(FIELDS)  # a null or an empty list
        assert all(any(f.startswith(p + ".") for f in FIELDS) for p in containers), vid
    listed = [*RULEBOOK_ONLY, *ENGINE_ONLY, *NOT_USED_BECAUSE]
    assert len(listed) == len(set(listed)) and set(listed) <= set(FIELDS)


SAMPLE = ["knock.max_deadwood", "turn.claims.penalty", "values.cards.*.value"]


@pytest.mark.parametrize("field", SAMPLE)
def test_a_sample_of_fields_changes_the_page_and_play(field):
    assert set(shown_by(field, both=True)) == {PAGE, PLAY}


@pytest.mark.slow
@pytest.mark.parametrize("field", FIELDS)
def test_every_field_changes_the_page_or_is_listed_with_why(field):
    """A rule the engine plays and the page does not state is a gap in the rulebook; a
    field that changes nothing is dead. Both are listed above or fail here."""
    found = shown_by(field)
    if field in NOT_USED_BECAUSE:
        assert not found, f"{field} is used now ({found}): take it off NOT_USED_BECAUSE"
    elif field in ENGINE_ONLY:
        assert set(found) == {PLAY}, f"{field}: {found or 'changes nothing'}: update ENGINE_ONLY"
    else:
        assert PAGE in found, f"{field}: {found or 'changes nothing'}"
    if field in RULEBOOK_ONLY:
        assert not plays_differently(*_shown(field, found[PAGE])), f"{field} plays: unlist it"


@pytest.mark.slow
@pytest.mark.parametrize("field", [f for f in FIELDS if f.split(".")[0] not in diff.NOT_RULES])
def test_rulespec_diff_says_every_field_the_page_shows_in_its_own_words(field):
    """Not only by the path of the field (what `rulespec diff` falls back to)."""
    found = shown_by(field)
    if PAGE in found:
        old, new = _shown(field, found[PAGE])
        worded = set(diff.facts(old)) | set(diff.facts(new))
        assert any(c.rule in worded for c in diff.changes(old, new)), diff.changes(old, new)


def _shown(field: str, what: str) -> tuple[dict, dict]:
    """The rules and the changed rules of the change ``what`` of ``field``."""
    return next((ir, changed) for w, ir, changed, _ in changes(field) if w == what)
