"""Many games at once: :func:`simulate` plays N games of a variant, on one process or
several, and sums them up with :func:`~.stats.summarize`.

Games are handed out in chunks; every game's seeds come from the run's seed and the
game's number (:func:`~.runner.game_seed`), so the summary is the same for any number of
workers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .runner import MAX_GAME_ACTIONS, MAX_HAND_ACTIONS, GameOutcome, game_seed, play_game
from .stats import summarize


@dataclass
class Settings:
    """How to play each game of a run."""

    agents: tuple = ("random",)
    players: int | None = None
    seed: int = 0
    check_every: int = 1
    max_actions: int = MAX_GAME_ACTIONS
    max_hand_actions: int = MAX_HAND_ACTIONS
    max_hands: int | None = None
    keep_history: bool = False
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        d = {"agents": list(self.agents), "players": self.players, "seed": self.seed,
             "check every": self.check_every, "max actions": self.max_actions,
             "max hand actions": self.max_hand_actions}
        if self.max_hands is not None:
            d["max hands"] = self.max_hands
        return d


def play_index(variant, settings: Settings, index: int) -> GameOutcome:
    """Game number ``index`` of a run."""
    return play_game(variant, players=settings.players, seed=game_seed(settings.seed, index),
                     agents=settings.agents, index=index, check_every=settings.check_every,
                     max_actions=settings.max_actions, max_hand_actions=settings.max_hand_actions,
                     max_hands=settings.max_hands, keep_history=settings.keep_history)


# ------------------------------------------------------------------ worker processes

_LOADED: dict[str, object] = {}


def _variant_at(path: str):
    v = _LOADED.get(path)
    if v is None:
        from ..language.compiler import load

        v = _LOADED[path] = load(path)
    return v


def _chunk(path: str, settings: Settings, indices: list[int]) -> list[GameOutcome]:
    variant = _variant_at(path)
    return [play_index(variant, settings, i) for i in indices]


def _chunks(n: int, workers: int) -> list[list[int]]:
    # small chunks keep the workers evenly busy (games differ a lot in length) and the
    # progress bar moving; a few per worker keep the overhead low
    size = max(1, min(25, n // (workers * 8) or 1))
    return [list(range(i, min(n, i + size))) for i in range(0, n, size)]


def run_games(variant, games: int, settings: Settings, workers: int = 1,
              path: str | Path | None = None) -> Iterator[GameOutcome]:
    """Play ``games`` games and yield each outcome as it finishes (in any order).
    ``workers`` > 1 needs ``path``, the variant file each worker loads."""
    if workers <= 1 or games <= 1:
        for i in range(games):
            yield play_index(variant, settings, i)
        return
    if path is None:
        raise ValueError("several workers need the variant's file path")
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = [pool.submit(_chunk, str(path), settings, idx) for idx in _chunks(games, workers)]
        try:
            for f in as_completed(futures):
                yield from f.result()
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def simulate(variant, games: int, settings: Settings | None = None, workers: int = 1,
             path: str | Path | None = None,
             progress: Callable[[GameOutcome], None] | None = None) -> tuple[dict, list[GameOutcome]]:
    """Play ``games`` games; the summary (see :mod:`.stats`) and every game's outcome in
    game order. ``progress`` is called with each outcome as it arrives."""
    settings = settings or Settings()
    if variant is None:
        variant = _variant_at(str(path))
    start = time.perf_counter()
    outcomes = []
    for o in run_games(variant, games, settings, workers, path):
        outcomes.append(o)
        if progress is not None:
            progress(o)
    seconds = time.perf_counter() - start
    outcomes.sort(key=lambda o: o.index)
    name = getattr(variant, "name", "")
    summary = summarize(outcomes, name, settings.as_dict(), seconds)
    summary["timing"]["workers"] = workers
    return summary, outcomes


def default_workers() -> int:
    """One worker per available CPU."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
