"""Every cache of rulespec, made here and emptied by :func:`clear_all`.

Three kinds, one registry:

* **tables** (:func:`table`, :class:`Memo`): answers by key at module level or on an
  object. A :class:`Memo` empties itself once it holds its limit of answers (long
  simulations keep meeting new hands; each answer is cheap to work out again, memory is
  not); a plain :func:`table` is bounded by the code that fills it.
* **functions** (:func:`cached`): ``functools.lru_cache``, for what is built once (the
  parser, the schema's validator, a page's templates).
* **attached values** (:func:`attach`): tables of one object kept on the object itself
  (in its ``__dict__``, past a frozen dataclass's guard), for objects that are costly to
  hash (a whole ruleset); the hot paths read them back with ``obj.__dict__[name]``.

A key that names a set of meld rules holds the rules object itself, never ``id(rules)``:
an id is reused once its object is gone, and a table keyed by it would answer for rules
it never saw (a table keyed by id keeps the object beside the answer and checks it).
"""

from __future__ import annotations

import functools
import weakref

_TABLES: dict[int, weakref.ref] = {}  # id(table) -> the table, while it lives
_FUNCTIONS: list = []
_ATTACHED: dict[int, tuple[weakref.ref, set[str]]] = {}  # id(obj) -> (obj, its names)


def _registered(where: dict, obj) -> weakref.ref:
    """A reference to ``obj`` that takes it off ``where`` when the object goes."""
    key = id(obj)
    return weakref.ref(obj, lambda _r: where.pop(key, None))


class Table(dict):
    """A registered dict of answers (see the module docstring)."""

    __slots__ = ("__weakref__",)

    def __init__(self):
        super().__init__()
        _TABLES[id(self)] = _registered(_TABLES, self)


class Memo(Table):
    """Answers by key, at most ``limit`` of them."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def get_or(self, key, make, *args):
        """The answer for ``key``, made by ``make(*args)`` the first time."""
        try:
            return self[key]
        except KeyError:
            if len(self) >= self.limit:
                self.clear()
            value = self[key] = make(*args)
            return value


def table() -> Table:
    """A new registered table (a dict) for code that bounds it itself."""
    return Table()


def cached(maxsize: int | None = 1):
    """``functools.lru_cache(maxsize)``, registered."""

    def wrap(fn):
        f = functools.lru_cache(maxsize=maxsize)(fn)
        _FUNCTIONS.append(f)
        return f

    return wrap


def attach(obj, name: str, value):
    """``value`` kept as ``obj.<name>`` until the object goes or :func:`clear_all` runs;
    returns ``value``."""
    obj.__dict__[name] = value
    entry = _ATTACHED.get(id(obj))
    if entry is None or entry[0]() is not obj:
        entry = _ATTACHED[id(obj)] = (_registered(_ATTACHED, obj), set())
    entry[1].add(name)
    return value


def clear_all() -> None:
    """Empty every cache: each table, each cached function, each attached value."""
    for ref in list(_TABLES.values()):
        t = ref()
        if t is not None:
            t.clear()
    for f in _FUNCTIONS:
        f.cache_clear()
    for ref, names in list(_ATTACHED.values()):
        obj = ref()
        if obj is not None:
            for name in names:
                obj.__dict__.pop(name, None)
    _ATTACHED.clear()


def registered() -> int:
    """How many caches the registry holds (tables alive, functions, objects with values)."""
    return len(_TABLES) + len(_FUNCTIONS) + len(_ATTACHED)
