"""Between IR (plain JSON) and the ruleset's classes: building them, flattening them back, and
the leaves of a document that field-by-field comparisons walk."""

from __future__ import annotations

import dataclasses
import types
import typing

from ..memo import table

# ---------------------------------------------------------------- from IR


def _convert(tp, value):
    """Turn a JSON value into ``tp`` (a dataclass, tuple[...], optional, or scalar)."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(inner[0], value)
    if origin is tuple:
        (item, *_rest) = typing.get_args(tp)
        return tuple(_convert(item, v) for v in value)
    if dataclasses.is_dataclass(tp):
        return from_dict(tp, value)
    return value


_HINTS: dict[type, dict] = table()


def from_dict(cls, data: dict):
    """Build dataclass ``cls`` from a JSON object, ignoring spans (``at``) and unknown keys."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _convert(hints[f.name], data[f.name])
    return cls(**kwargs)


def to_plain(obj):
    """A dataclass tree as plain JSON data (the inverse of :func:`from_dict`)."""
    if dataclasses.is_dataclass(obj):
        return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [to_plain(v) for v in obj]
    return obj


# ---------------------------------------------------------------- leaves


def leaves(doc, path: str = "") -> dict[str, object]:
    """Every leaf of a plain JSON document (an IR) by its dotted path, list items by their
    index (``deal.sizes.0.cards``); a list of plain values is one leaf, and so is a null.
    The one walk behind everything that compares rules field by field (``rulespec diff``,
    the test that every field is used), so that a new field, however deep, is in it."""
    if isinstance(doc, dict) and not _whole(path):
        items = doc.items()
    elif isinstance(doc, list) and any(isinstance(v, dict | list) for v in doc):
        items = ((str(i), v) for i, v in enumerate(doc))
    else:
        return {path: doc}
    out: dict[str, object] = {}
    for key, value in items:
        out.update(leaves(value, f"{path}.{key}" if path else key))
    return out


def _whole(path: str) -> bool:
    """Is this the sections a stretch of rounds or of player counts replaces
    (``by_round.0.rules``, ``by_players.0.rules``)? They are one field
    (:class:`~rulespec.ruleset.RoundRules`), whose leaves are the game's own fields."""
    parts = path.split(".")
    return len(parts) == 3 and parts[0] in ("by_round", "by_players") and parts[2] == "rules"


def field_pattern(path: str) -> str:
    """A leaf's path with its list indices written ``*`` (``deal.sizes.*.cards``): the
    field of :func:`field_paths` it is a value of."""
    return ".".join("*" if part.isdigit() else part for part in path.split("."))


def _bare(tp):
    """``tp`` without its ``| None``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(tp) if a is not type(None))
    return tp


def _structured(tp) -> bool:
    """Are values of ``tp`` dataclasses, or tuples of them (at any depth)?"""
    tp = _bare(tp)
    if typing.get_origin(tp) is tuple:
        return _structured(typing.get_args(tp)[0])
    return dataclasses.is_dataclass(tp)
