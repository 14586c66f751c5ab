"""Where a rule was written: the source span of the clause behind a path of the IR, so a
problem the schema or a check finds in the IR is shown at the user's own line."""

from __future__ import annotations


def span_finder(sources: dict):
    """``find(parts)``: the span of the rule at ``parts`` (a path into the IR): the deepest
    rule that holds it, else the first rule written below it. The paths below each prefix
    are indexed once, so finding a span for each of many errors stays linear."""
    first_under: dict[str, str] = {}
    for key in sorted(sources):
        parts = key.split(".")
        for n in range(1, len(parts)):
            first_under.setdefault(".".join(parts[:n]), key)

    def find(parts: list[str]) -> dict | None:
        for n in range(len(parts), 0, -1):
            key = ".".join(parts[:n])
            if key in sources:
                return sources[key]
            if key in first_under:
                return sources[first_under[key]]
        return None

    return find


def span_for(sources: dict, parts: list[str]) -> dict | None:
    """The span of the rule at ``parts`` (see :func:`span_finder`, for many look-ups)."""
    return span_finder(sources)(parts)
