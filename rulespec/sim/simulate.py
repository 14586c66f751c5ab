"""Many games at once: :func:`simulate` plays N games of a variant, on one process or
several, and sums them up with :func:`~.stats.summarize`.

Games are handed out one at a time; every game's seeds come from the run's seed and the
game's number (:func:`~.runner.game_seed`), so the summary is the same for any number of
workers.
"""

from __future__ import annotations

import itertools
import os
import signal
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

_RUN: dict = {}  # in a worker: the variant and settings of its run


def _variant_at(path: str):
    from ..language.compiler import load

    return load(path)


def _start_worker(path: str, settings: Settings) -> None:
    """A worker leaves Ctrl-C to the main process, which stops it; SIGTERM ends it at
    once (the main process may have made SIGTERM raise, and a fork inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _RUN.update(variant=_variant_at(path), settings=settings)


def _play(index: int) -> GameOutcome:
    return play_index(_RUN["variant"], _RUN["settings"], index)


def _stop_workers(pool) -> None:
    """End every worker now: a worker finishes no game once the run is stopped."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):  # the executor's own
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def run_games(variant, games: int, settings: Settings, workers: int = 1,
              path: str | Path | None = None) -> Iterator[GameOutcome]:
    """Play ``games`` games and yield each outcome as it finishes (in any order).
    ``workers`` > 1 needs ``path``, the variant file each worker loads. Stopped (Ctrl-C,
    or any exception in the caller), the workers end within a second."""
    if workers <= 1 or games <= 1:
        for i in range(games):
            yield play_index(variant, settings, i)
        return
    if path is None:
        raise ValueError("several workers need the variant's file path")
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker,
                               initargs=(str(path), settings))
    try:
        # one game a task (games are long next to a task's cost), so each game arrives as
        # it ends and a stopped run keeps it; a few tasks queued per worker
        queue = iter(range(games))
        pending = {pool.submit(_play, i) for i in itertools.islice(queue, 4 * workers)}
        while pending:
            # wake at least four times a second: Ctrl-C or SIGTERM may reach another thread
            # of this process, and only the main thread, once awake, runs the handler that
            # stops the run (one long game in each worker would otherwise hold it asleep)
            done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(_play, nxt))
    finally:
        _stop_workers(pool)


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C (or SIGTERM made to raise it): ``summary`` and
    ``outcomes`` of the games that finished, as :func:`simulate` returns them."""

    def __init__(self, summary: dict, outcomes: list):
        super().__init__("simulation interrupted")
        self.summary, self.outcomes = summary, outcomes


def simulate(variant, games: int, settings: Settings | None = None, workers: int = 1,
             path: str | Path | None = None,
             progress: Callable[[GameOutcome], None] | None = None) -> tuple[dict, list[GameOutcome]]:
    """Play ``games`` games; the summary (see :mod:`.stats`) and every game's outcome in
    game order. ``progress`` is called with each outcome as it arrives. On Ctrl-C it
    raises :class:`Interrupted`, which carries the same of the games that finished (its
    summary has ``"interrupted": true`` and ``"games asked"``)."""
    settings = settings or Settings()
    if variant is None:
        variant = _variant_at(str(path))
    start = time.perf_counter()
    outcomes = []
    stopped = False
    try:
        for o in run_games(variant, games, settings, workers, path):
            outcomes.append(o)
            if progress is not None:
                progress(o)
    except KeyboardInterrupt:
        stopped = True
    seconds = time.perf_counter() - start
    outcomes.sort(key=lambda o: o.index)
    name = getattr(variant, "name", "")
    summary = summarize(outcomes, name, settings.as_dict(), seconds)
    summary["timing"]["workers"] = workers
    if stopped:
        summary.update({"interrupted": True, "games asked": games})
        raise Interrupted(summary, outcomes)
    return summary, outcomes


def default_workers() -> int:
    """One worker per available CPU."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
