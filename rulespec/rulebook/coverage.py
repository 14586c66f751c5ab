"""No silent gaps: every rule of a variant must reach its rulebook page.

The renderers read the IR through a recording view (:class:`Tracked`); after a page is
rendered, every leaf of the IR must have been read by some renderer. A top-level node with
no renderer, or a field that no renderer looked at (a rule added to the language but not to
the rulebook), raises :class:`UnrenderedNode` and fails the build.
"""

from __future__ import annotations


class UnrenderedNode(Exception):
    """An IR node or field that no rulebook renderer handles."""

    def __init__(self, variant: str, paths: list[str]):
        self.paths = paths
        super().__init__(f"{variant}: no rulebook renderer for {', '.join(paths)} "
                         f"(add a `<node>_md` method or read the field in one)")


class Tracked:
    """A read-recording view of one IR object: ``node["field"]`` notes the field's path."""

    __slots__ = ("_data", "_path", "_seen")

    def __init__(self, data: dict, path: str, seen: set):
        self._data, self._path, self._seen = data, path, seen

    def __getitem__(self, key: str):
        return _wrap(self._data[key], f"{self._path}.{key}" if self._path else key, self._seen)

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def keys(self):
        return self._data.keys()

    def get(self, key: str, default=None):
        return self[key] if key in self._data else default


def _wrap(value, path: str, seen: set):
    if isinstance(value, dict):
        return Tracked(value, path, seen)
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return [_wrap(v, path + ".*", seen) for v in value]
    seen.add(path)
    return value


def leaf_paths(value, path: str = "") -> set[str]:
    """Every leaf of an IR document, list items written ``*``."""
    if isinstance(value, dict):
        out = set()
        for k, v in value.items():
            out |= leaf_paths(v, f"{path}.{k}" if path else k)
        return out
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        out = set()
        for v in value:
            out |= leaf_paths(v, path + ".*")
        return out
    return {path}
