"""How far a long run has got, on standard error: rich's bar on a terminal, and a plain
line every few seconds everywhere else (a pipe, a log, CI), where a bar would print
nothing until the end. Used by ``rulespec simulate`` and ``rulespec check --play``."""

from __future__ import annotations

import threading
import time

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn

from ..terminal import safe

#: seconds between two plain progress lines when standard error is not a terminal
PLAIN_EVERY = 5.0


class GameProgress:
    """``with GameProgress(err, "simulate", 2000, title) as p: ... p.advance(failed)``.

    ``label`` starts each plain line ("simulate: 120/2000 games, 14 s"); ``title`` (the
    variant's name, say) heads the bar. ``quiet`` shows neither."""

    def __init__(self, console, label: str, total: int, title: str = "", quiet: bool = False):
        self.console, self.label, self.total = console, label, total
        self.done = self.failed = 0
        self.bar = None
        self._stop = threading.Event()
        self._ticker = None
        if quiet:
            return
        if console.is_terminal:
            self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                                MofNCompleteColumn(), TextColumn("{task.fields[fails]}"),
                                TimeElapsedColumn(), TimeRemainingColumn(),
                                console=console, transient=True)
            self.task = self.bar.add_task(safe(title or label), total=total, fails="")
        else:
            self._ticker = threading.Thread(target=self._tick, name="rulespec-progress",
                                            daemon=True)

    def __enter__(self) -> GameProgress:
        self.start = time.monotonic()
        self._started = False
        return self

    def _start_threads(self) -> None:
        """The bar's refresher and the plain ticker are threads, so they start with the first
        game done, not on entry: by then the worker pool has forked its workers, and no
        worker is forked from a process with a second thread (that can copy a held lock)."""
        self._started = True
        if self.bar is not None:
            self.bar.start()
        if self._ticker is not None:
            self._ticker.start()

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if not self._started:
            return
        if self._ticker is not None:
            self._ticker.join()
        if self.bar is not None:
            self.bar.stop()

    def advance(self, failed: bool = False) -> None:
        """One more game done (``failed``: and it failed)."""
        if not self._started:
            self._start_threads()
        self.done += 1
        self.failed += bool(failed)
        if self.bar is not None:
            fails = f"[red]{self.failed} failed" if self.failed else ""
            self.bar.update(self.task, advance=1, fails=fails)

    def line(self) -> str:
        seconds = time.monotonic() - self.start
        fails = f", {self.failed} failed" if self.failed else ""
        return f"{self.label}: {self.done}/{self.total} games, {seconds:.0f} s{fails}"

    def _tick(self) -> None:
        while not self._stop.wait(PLAIN_EVERY):
            self.console.print(self.line(), markup=False, highlight=False)
