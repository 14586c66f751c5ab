"""Where a page's rules come from: a marker on the sentence that states a rule the source
does not give, and a note at the end of its section saying whose rule it is.

A rule file marks its clauses ``(common rule)``, ``(house choice)`` or ``(source: …)``
(the transformer keeps them in the IR's ``provenance``, each with the IR paths its clauses
set). The page is read through a recording view (:class:`Reads`), so each piece of the
page knows which rules decided it; a marker goes on the pieces that read a marked rule.
A renderer may also say that a sentence is the interpreter's own rule (:data:`OWN`), and
a file that marks its rules gets the defaults it leaves unsaid marked (:data:`DEFAULT`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

#: The kind of a rule no source gives and no file marks: the interpreter's own choice,
#: which a renderer states (the hand nobody can finish).
OWN = "own"

#: The kind of a rule the page states that the file never says, in a file that marks where
#: its rules come from: the language's default (the card just taken may be discarded).
DEFAULT = "default"

#: Rules a page states in a sentence of their own that files seldom say (trials read them
#: as the source's): each is marked :data:`DEFAULT` where no file of the variant says it.
DEFAULTED = ("wilds.all_wild", "turn.discard_taken", "turn.claims.wait", "seating.first_dealer")

_SAYS = {
    "common rule": "A common rule, chosen where the source says nothing",
    "house choice": "A house choice",
    "sources differ": "The sources differ{note}; this is the rule chosen here",
    "nearest rule": "The source's own rule cannot be written in this language{note}; this is "
                    "the nearest rule that can",
    OWN: "The interpreter's own rule, so that every hand comes to an end; no source says it",
    DEFAULT: "The language's default: the rule file does not say it",
}


class Reads(set):
    """The IR paths the page has read, and those read inside each open :meth:`scope`."""

    def __init__(self):
        super().__init__()
        self.open: list[set] = []

    def add(self, path: str) -> None:
        super().add(path)
        for s in self.open:
            s.add(path)

    @contextmanager
    def scope(self) -> Iterator[set]:
        got: set = set()
        self.open.append(got)
        try:
            yield got
        finally:
            self.open.pop()  # scopes nest: the last one opened closes first


class Placed(str):
    """A piece of the page made of parts (the steps of a turn), each with the paths read
    to write it: ``spots`` holds ``(where the part ends, its reads)``, so a marker lands on
    the step that states the rule rather than on the piece's first sentence."""

    spots: tuple[tuple[int, frozenset], ...] = ()

    @classmethod
    def of(cls, parts: list[tuple], sep: str, head: str = "") -> Placed:
        """``parts`` are ``(text, reads)``, or ``(text, reads, glue)`` for a part joined to
        the one before by ``glue`` instead of ``sep`` (two sentences of one paragraph)."""
        text, spots = head, []
        for i, (part, reads, *glue) in enumerate(parts):
            text += (glue[0] if glue else sep if i else "") + part
            lead = part.find("\n\n")  # a marker ends the part's lead paragraph
            at = None if part.startswith("|") else len(text) - len(part) + (
                len(part) if lead < 0 else lead)
            spots.append((at, frozenset(reads)))
        out = cls(text)
        out.spots = tuple(spots)
        return out


_NOT_PROSE = re.compile(r"(\||- |\d+\. |<)")


def _first_paragraph_end(text: str, start: int = 0) -> int | None:
    """Where the first paragraph of prose from ``start`` ends (None: tables and lists only)."""
    pos = start
    while pos < len(text):
        end = text.find("\n\n", pos)
        end = len(text) if end < 0 else end
        if not _NOT_PROSE.match(text, pos) and "\n|" not in text[pos:end]:
            return end
        pos = end + 2
    return None


def staged(paths, ir: dict) -> list[str]:
    """Marked paths as the IR keeps them: a rule for some tables or rounds
    (``by_players.2-2.seating.next_dealer``, as the file writes it) under each entry of the
    IR's ``by_players`` (``by_round``) whose stretch those tables (rounds) take in
    (``by_players.0.rules.seating.next_dealer``)."""
    out = []
    for path in paths:
        root, _, rest = path.partition(".")
        key, _, rule = rest.partition(".")
        if root not in ("by_players", "by_round") or "-" not in key or not rule:
            out.append(path)
            continue
        lo, _, hi = key.partition("-")
        top = int(hi) if hi else 10**9
        field = "players" if root == "by_players" else "rounds"
        out += [f"{root}.{i}.rules.{rule}" for i, e in enumerate(ir.get(root) or ())
                if int(lo) <= e[field]["min"] and (e[field]["max"] or 10**9) <= top]
    return out


def touches(marked: str, read: str) -> bool:
    """Does reading ``read`` (list items written ``*``) read the rule at ``marked`` (list
    items by index or card), or a part of it, or the node that holds it?"""
    a, b = marked.split("."), read.split(".")
    return all(x == y or y == "*" for x, y in zip(a, b))


def _spots(text: str, reads: frozenset) -> tuple[tuple[int | None, frozenset], ...]:
    if isinstance(text, Placed) and text.spots:
        return text.spots
    return ((_first_paragraph_end(text), reads),)


#: the weight (and order) of a section's note: it comes last, and the page prints it as
#: written (the variant's words are already in its fixed phrases; its notes are the file's)
NOTE = 10**6


def annotate(pieces: dict[str, list], entries: list[tuple[str, str | None, tuple]],
             say=lambda t: t) -> None:
    """Mark ``pieces`` (section → ``[weight, order, text, reads]``) with ``entries``
    (``kind, note, paths``) and add each section's note of where its marked rules come from.
    A rule of the source without a citation is what a page states unmarked."""
    shown = [(k, t, paths) for k, t, paths in entries if k != "source" or t is not None]
    for items in pieces.values():
        marks = []  # (item, offset, (kind, note)) in the order of the page
        for item in sorted(items, key=lambda i: (i[0], i[1])):
            for at, reads in _spots(item[2], item[3]):
                if at is not None:
                    marks += [(item, at, (k, t)) for k, t, paths in shown
                              if any(touches(p, r) for p in paths for r in reads)]
        if not marks:
            continue
        # numbered in the order the page reads, so the markers count up down the section
        found = list(dict.fromkeys(key for _, _, key in marks))
        for item in {id(m[0]): m[0] for m in marks}.values():
            at_of = {}
            for it, at, key in marks:
                if it is item and found.index(key) + 1 not in at_of.setdefault(at, []):
                    at_of[at].append(found.index(key) + 1)
            text = item[2]
            for at in sorted(at_of, reverse=True):
                text = text[:at] + _marker(sorted(at_of[at])) + text[at:]
            item[2] = text
        items.append([NOTE, NOTE, _note(found, say), frozenset()])


def _marker(nums: list[int]) -> str:
    return f"<sup>{','.join(map(str, nums))}</sup>"


def _note(found: list[tuple[str, str | None]], say) -> str:
    """The note at the end of a section: the rules not in the source, where the sources
    differ, the citations, each group headed once and the groups in the order of their
    first marker. ``say`` puts the variant's words into the fixed phrases; a marker's own
    note is the file's text and is printed as written."""
    groups: dict[str, list[str]] = {}
    for n, (k, t) in enumerate(found, 1):
        head = {"sources differ": "Where the sources differ.", "source": "From the source.",
                "nearest rule": "Where the source differs."}.get(k, "Not in the source.")
        groups.setdefault(head, []).append(
            f"{_marker([n])} {t if k == 'source' else _said(say, k, t)}.")
    return "<small>" + " ".join(f"**{head}** " + " ".join(items)
                                for head, items in groups.items()) + "</small>"


def _said(say, kind: str, note: str | None) -> str:
    """A footnote's sentence: the kind's words with the file's note, which says how the
    sources differ inside the sentence (not after "the rule most of them give", where a
    note naming the dissenting pages read as naming the majority)."""
    before, _, after = _SAYS[kind].partition("{note}")
    note = f" ({note})" if note else ""
    return say(before) + note + say(after) if after else say(before) + note
