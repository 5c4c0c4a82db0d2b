"""Automatic garbage collection held off while a worker thread runs Python, done on the GUI thread after.

Python collects cyclic garbage in whichever thread happens to allocate when a threshold is crossed. When
that is a worker (the sizing assistant's search allocates heavily), a cycle holding a Qt wrapper made on the
GUI thread is destroyed there: its QObject destructor takes a Qt lock the GUI thread may hold while it waits
for the GIL, and the window freezes (seen in CI: worker in gc -> ~QObject, GUI thread in ~QMenu). Collecting
before the worker starts narrows that window but the GUI thread keeps making garbage while the worker runs;
holding collection off until the worker is done closes it. A search runs for seconds, so the garbage that
waits is small.
"""

from __future__ import annotations

import gc


class CollectionPause:
    """One holder's claim on the pause. Holders nest; the last to let go re-enables and collects."""

    _holders = 0
    _was_enabled = True

    def __init__(self) -> None:
        self._held = False

    @property
    def held(self) -> bool:
        return self._held

    def hold(self) -> None:
        """Collect now (on this, the GUI thread), then keep the collector off until :meth:`release`."""
        if self._held:
            return
        self._held = True
        cls = CollectionPause
        if cls._holders == 0:
            cls._was_enabled = gc.isenabled()
            gc.collect()
            gc.disable()
        cls._holders += 1

    def release(self) -> None:
        """Let go (idempotent); the last holder restores the collector as it found it and collects."""
        if not self._held:
            return
        self._held = False
        cls = CollectionPause
        cls._holders -= 1
        if cls._holders == 0 and cls._was_enabled:
            gc.enable()
            gc.collect()
