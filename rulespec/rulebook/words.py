"""Small pieces of rulebook English: numbers as words, lists, plurals, cards as
Markdown-safe HTML that the site's stylesheet colours (red suits marked ``red``), and the
variant's own words for melds, opening, nouns and verbs (:class:`Vocabulary`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .. import cards as C
from ..ruleset import Terms
from . import verbs

_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
_ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
             "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
             "twentieth").split()
_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "2": "two", "3": "three",
               "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
               "10": "ten"}
_RANK_PLURALS = {"6": "sixes"}


def number(n: int) -> str:
    """A count as a rulebook writes it: words up to twenty, digits above."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def ordinal(n: int) -> str:
    return _ORDINALS[n] if 0 < n < len(_ORDINALS) else f"{n}th"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(2, "card")`` → "two cards"; ``plural(1, "card")`` → "one card"."""
    return f"{number(n)} {word if n == 1 else (words or word + 's')}"


def points(n: int) -> str:
    """Points are written in digits, as on a score sheet."""
    return f"{n} point" + ("" if n == 1 else "s")


def join(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def span(lo: int, hi: int | None, word: str = "", words: str | None = None) -> str:
    """An inclusive range in words: "two", "two to six", "three or more"."""
    noun = ""
    if word:
        noun = " " + (word if (hi == lo == 1) else (words or word + "s"))
    if hi is None:
        return f"{number(lo)} or more{noun}"
    if hi == lo:
        return f"{number(lo)}{noun}"
    if hi == lo + 1:
        return f"{number(lo)} or {number(hi)}{noun}"
    return f"{number(lo)} to {number(hi)}{noun}"


def rank_name(rank: str, many: bool = False) -> str:
    """``"7"`` → "seven" / "sevens"; ``"Q"`` → "queen" / "queens"."""
    name = _RANK_NAMES[rank]
    return (_RANK_PLURALS.get(rank) or name + "s") if many else name


def bonus_names(cards: Iterable[str], other: str = "bonus card") -> tuple[str, str]:
    """Bonus cards (``bonus.cards``, names such as ``3H``) in words, plural and one of
    them: ``3H 3D`` → ("red threes", "red three"); a whole rank → ("threes", "three");
    other cards as chips, one of them ``other``."""
    suits: dict[str, set] = {}
    for c in cards:
        suits.setdefault(c[:-1], set()).add(c[-1])
    colour = {frozenset("SHDC"): "", frozenset("HD"): "red ", frozenset("SC"): "black "}
    if len(suits) == 1:
        (rank, held), = suits.items()
        if frozenset(held) in colour:
            word = colour[frozenset(held)]
            return word + rank_name(rank, many=True), word + rank_name(rank)
    named = [card(C.parse_card(c)) for c in cards]
    return join(named), other


def tile_words(tiles: str = "tiles") -> dict[str, str]:
    """The words of cards → the words of tiles: a suit is a colour ("a run in hearts" → "a
    run in red", "two spades" → "two black tiles"), a rank a number ("a set of queens" →
    "a set of 12s", "the joker stands for a nine" → "… a 9", the ace → the 1)."""
    out = {"suits": "colours", "suit": "colour", "aces": "1s", "ace": "1", "an ace": "a 1",
           "the same rank": "the same number", "rest of the pack is": f"rest of the {tiles} are",
           # runs named by their ranks (keys as the matcher reads "A-2-3": spaced, lower case)
           "a 2 3": "1-2-3", "q k a": "12-13-1", "k a 2": "13-1-2"}
    for suit, (_, colour) in zip(C.SUITS, C.TILE_COLOURS):
        out[C.SUIT_NAMES[suit]] = f"{colour} {tiles}"
        out[f"in {C.SUIT_NAMES[suit]}"] = f"in {colour}"
    for i, rank in enumerate(C.RANKS[1:], 2):
        name = _RANK_NAMES[rank]
        out[rank_name(rank, many=True)] = f"{i}s"
        article = "an" if name[0] in "aeiou" else "a"
        out[f"{article} {name}"] = f"{'an' if i in (8, 11) else 'a'} {i}"  # "an 8", "a 9"
        out[f"the {name} is"] = f"the {i} is"
    return out


def upcard_kind(rule: dict) -> str:
    """The upcard a ``by_upcard`` rule is for: "an ace", "a seven", "a spade"."""
    rank, suit = rule.get("rank"), rule.get("suit")
    if suit:
        return "a " + C.SUIT_NAMES[suit][:-1]
    if rank is None:
        return "any card"
    name = rank_name(rank)
    return ("an " if name[0] in "aeiou" else "a ") + name


def times(n: int) -> str:
    """A multiplier as a past participle: "doubled", "tripled", "multiplied by 4"."""
    return {2: "doubled", 3: "tripled"}.get(n, f"multiplied by {n}")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- cards


def card(code: int) -> str:
    """One card as an inline HTML chip: ``<span class="card red">7♥</span>``."""
    if code == C.JOKER:
        return '<span class="card joker">Joker</span>'
    colour = "red" if C.is_red(code) else "black"
    return f'<span class="card {colour}">{C.card_str(code, symbols=True)}</span>'


def cards(codes: Iterable[int]) -> str:
    """A row of cards, as a player lays them down."""
    return '<span class="cards">' + " ".join(card(c) for c in codes) + "</span>"


# ---------------------------------------------------------------- the variant's own words

_OPENING_FORMS = {
    "opening": {"verb": "open", "third": "opens", "done": "opened", "noun": "opening"},
    "going down": {"verb": "go down", "third": "goes down", "done": "gone down",
                   "noun": "going down"},
}


# The rulebook's own nouns a variant may rename (``terms:``), longest first: the page is
# written in these words and :meth:`Vocabulary.say` puts the variant's in their place.
_NOUNS = ("second hand", "discard pile", "stock", "cards", "card")
# Phrases in which "hand" can only mean a deal played out (never the cards a player holds),
# said with the page's ``unit`` where that is not "hand".
_UNIT_PHRASES = re.compile(r"(?<![\w-])(?:(?P<pre>(?:the|a|of the|for the|end|ends|ended)\s+)"
                           r"hand(?P<post>\s+(?:ends|is void|nobody can finish))?|"
                           r"(?P<head>Ending a |A |#ending-a-)hand)(?![\w-])")
# Markup whose words are not prose: HTML tags (the card chips), inline code, a link to
# another page (its text is that page's title: "Gin Rummy" stays the game's name), and
# words in curly quotes (a rule's words as written: called “rap” instead of “knock”).
_MARKUP = re.compile(r"<[^>]*>|`[^`]*`|\[[^\]]*\]\((?!#)[^)]*\)|“[^”]*”")
# The forms of each verb the page says, by the verb's term: the rulebook's word for each.
_VERB_FORMS = {
    "knock": {"plain": "knock", "third": "knocks", "past": "knocked", "ing": "knocking",
              "doer": "knocker", "doers": "knockers"},
    "drop": {"plain": "drop", "third": "drops", "past": "dropped", "ing": "dropping"},
    "show": {"plain": "show", "third": "shows", "past": "showed", "ing": "showing"},
}
_GOING = {"going_out": "going out", "going_rummy": "going rummy"}


def in_prose(text: str, change) -> str:
    """``text`` with ``change`` applied to its prose only, never to a tag, inline code or a
    link to another page (:data:`_MARKUP`)."""
    out, at = [], 0
    for m in _MARKUP.finditer(text):
        out += [change(text[at:m.start()]), m.group(0)]
        at = m.end()
    return "".join(out + [change(text[at:])])


@dataclass(frozen=True)
class Vocabulary(Terms):
    """The variant's own words (its ``terms:``, the fields of :class:`Terms`), for melds,
    opening and the nouns the page says (the stock, the discard pile, cards), and its one
    word for a deal played out (``unit``): a hand, or a round in a game of contracts by
    round."""

    unit: str = "hand"  # one deal, from dealing to scoring: "round" where rules go by round
    tiles: bool = False  # a game of tiles: tiles and numbers, not cards and ranks

    @classmethod
    def of(cls, terms, unit: str = "hand", tiles: bool = False) -> Vocabulary:
        return cls(**{f.name: terms[f.name] for f in dataclasses.fields(Terms)}, unit=unit,
                   tiles=tiles)

    def nouns(self) -> dict[str, str]:
        """The rulebook's word → the variant's, for each noun the variant renames and each
        form of each verb (knocks, knocked, the knocker; goes out, went out), longest
        first."""
        card = self.card or (self.cards.removesuffix("s") if self.cards else None)
        cards = self.cards or (self.card + "s" if self.card else None)
        if self.tiles:  # a tile, unless the variant names it otherwise
            card, cards = card or "tile", cards or "tiles"
        said = {"discard pile": self.discard_pile, "stock": self.stock, "cards": cards,
                "card": card, "second hand": self.second_hand}
        words = {w: said[w] for w in _NOUNS if said[w] and said[w] != w}
        if self.tiles:
            words.update(tile_words(cards))
        for term, page in _VERB_FORMS.items():
            if getattr(self, term) not in (None, term):
                mine = verbs.forms(getattr(self, term))
                mine["doers"] = mine["doer"] + "s"
                words.update((page[f], mine[f]) for f in page)
        for term, phrase in _GOING.items():
            if getattr(self, term) not in (None, phrase):
                page, mine = verbs.going(phrase), verbs.going(getattr(self, term))
                words.update((page[f], mine[f]) for f in page)
        if self.gin not in (None, "gin"):
            words["gin"] = self.gin
        return dict(sorted(words.items(), key=lambda kv: -len(kv[0])))

    def noun(self, word: str) -> str:
        """The variant's word for one of the rulebook's nouns (``"stock"``, ``"cards"``)."""
        return self.nouns().get(word, word)

    def units(self, text: str) -> str:
        """``text`` with a deal played out called the page's ``unit`` ("the hand ends" →
        "the round ends"), in the phrases where "hand" cannot mean the cards held."""
        def unit(m: re.Match) -> str:
            if m.group("head"):
                return m.group("head") + self.unit
            if m.group("pre").strip() in ("the", "a") and not m.group("post"):
                return m.group(0)  # "the hand" alone may be the cards held
            return m.group("pre") + self.unit + (m.group("post") or "")
        return _UNIT_PHRASES.sub(unit, text)

    def say(self, text: str) -> str:
        """``text`` in the variant's words: each renamed noun or verb form replaced where it
        is a whole word of the prose (a capital kept; an anchor ``#the-cards`` or
        ``#going-out`` follows its heading), never inside a tag, inline code or a link to
        another page."""
        nouns = self.nouns()
        if self.unit != "hand":
            text = self.units(text)
        text = self.articles(self.long_melds(text))
        if not nouns:
            return text
        alternatives = "|".join(w.replace(" ", r"[\s-]+") for w in nouns)
        pattern = re.compile(r"(?<!\w)(" + alternatives + r")(?!\w)", re.IGNORECASE)

        def word(m: re.Match) -> str:
            new = nouns[" ".join(m.group(1).lower().replace("-", " ").split())]
            return new[:1].upper() + new[1:] if m.group(1)[0].isupper() else new

        def prose(part: str) -> str:
            return re.sub(r"\]\(#[^)]*\)", lambda m: m.group(0).replace(" ", "-").lower(),
                          pattern.sub(word, part) if pattern else part)

        return in_prose(text, prose)

    def long_melds(self, text: str) -> str:
        """``text`` with the variant's word for a long meld (``meld of 7+ cards is called
        "canasta"``) where the page speaks of melds of that many cards or more: "a meld of
        seven or more cards" → "a canasta", "two natural melds and two mixed melds of seven
        or more cards" → "two natural canastas and two mixed canastas", "a set of sevens of
        seven or more cards" → "a canasta of sevens", and their headings. Sizes other than
        the term's keep their words."""
        if not self.long or not self.long_size:
            return text
        one, many, n = self.long, self.long_plural or self.long + "s", number(self.long_size)

        def name(word: str, cap: bool = False) -> str:
            said = many if word.lower().endswith("s") else one
            return said[:1].upper() + said[1:] if cap or word[:1].isupper() else said

        def article(word: str, cap: bool) -> str:
            a = "an" if one[:1] in "aeiou" else "a"
            return (a.capitalize() if cap else a) + " "

        def melds(m: re.Match) -> str:
            head = article(one, m.group(1)[:1].isupper()) if m.group(1) else ""
            more = re.sub(r"\bmelds?\b", lambda w: name(w.group(0)), m.group(3) or "")
            return head + name(m.group(2), cap=not head and m.group(2)[:1].isupper()) + more

        text = re.sub(rf"\*\*Long melds\.\*\* (?=A meld of {n} or more cards)",
                      f"**{name('s', True)}.** ", text)
        text = re.sub(rf"\*\*Long {re.escape(self.sets)} of (\w+)\.\*\* A {re.escape(self.set)}"
                      rf" of \1 of {n} or more cards",
                      lambda m: f"**{name('s', True)} of {m.group(1)}.** "
                      f"{article(one, True)}{one} of {m.group(1)}", text)
        text = re.sub(rf"\b([Aa]n? |[Aa] )?(melds?)((?:,? and (?:[a-z]+ ){{1,2}}melds?)*) "
                      rf"of {n} or more cards", melds, text)
        text = re.sub(rf"\b([Aa]) meld that already holds {n} cards or more",
                      lambda m: article(one, m.group(1) == "A") + one, text)
        text = text.replace(f"**Melds of wild cards.** {article(one, True)}{one} on",
                            f"**{name('s', True)} of wild cards.** {article(one, True)}{one} on")
        text = text.replace(f"{one} on the table, every one of them a wild card,",
                            f"{one} on the table made only of wild cards")
        return text.replace("or bring one to that size by", f"or bring a meld to {n} cards by")

    def articles(self, text: str) -> str:
        """"an" before the variant's own word for a meld that starts with a vowel ("an
        escalera"): the prose writes "a {{ run }}" for the rulebook's words."""
        words = [w for w in (self.set, self.run) if w[:1] in "aeiou"]
        if not words:
            return text
        pattern = r"\b([Aa]) (\**(?:" + "|".join(map(re.escape, words)) + r")\b)"
        return re.sub(pattern, lambda m: m.group(1) + "n " + m.group(2), text)

    @property
    def sets(self) -> str:
        return self.set_plural or self.set + "s"

    @property
    def runs(self) -> str:
        return self.run_plural or self.run + "s"

    def open(self, form: str) -> str:
        return _OPENING_FORMS[self.opening][form]

    def kind(self, kind: str, n: int = 1) -> str:
        if n == 1:
            return self.set if kind == "set" else self.run
        return self.sets if kind == "set" else self.runs
