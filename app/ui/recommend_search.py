"""The sizing assistant's search off the GUI thread: a QRunnable that runs the recommender (and what
the latency targets cost), polls a threading.Event between candidates so Cancel stops it within one,
and reports through signals queued to the GUI thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, QRunnable, Signal

from app.recommend import Recommendation, Requirements, RequirementsError, SearchCancelled
from app.recommend.target_cost import target_costs


class Searcher(Protocol):
    """What the dialog needs from a recommender (tests pass their own)."""

    def recommend(self, req: Requirements, *, cancelled: Callable[[], bool] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Recommendation: ...



class _SearchSignals(QObject):
    """Emitted from the worker thread; Qt queues them to the dialog in the GUI thread."""

    progress = Signal(int, int)
    finished = Signal(int, object)  # generation, Recommendation
    cancelled = Signal(int)
    failed = Signal(int, str)


class _SearchTask(QRunnable):
    def __init__(self, searcher: Searcher, req: Requirements, cancel: threading.Event, signals: _SearchSignals,
                 generation: int) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._searcher = searcher
        self._req = req
        self._cancel = cancel
        self._signals = signals
        self._generation = generation

    def run(self) -> None:
        gen, sig = self._generation, self._signals
        try:
            result = self._searcher.recommend(self._req, cancelled=self._cancel.is_set, progress=sig.progress.emit)
            # What the targets cost: the same search at looser targets (cancellable like the first).
            costs = target_costs(lambda r: self._searcher.recommend(r, cancelled=self._cancel.is_set), self._req,
                                 first=result)
        except SearchCancelled:
            sig.cancelled.emit(gen)
        except RequirementsError as exc:
            sig.failed.emit(gen, str(exc))
        except Exception as exc:  # a worker must report, never die silently
            sig.failed.emit(gen, f"{type(exc).__name__}: {exc}")
        else:
            sig.finished.emit(gen, (result, costs))
