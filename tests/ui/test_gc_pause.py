"""The collector pause that keeps cyclic garbage collection out of worker threads (app.ui.gc_pause)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from app.ui.gc_pause import CollectionPause


@pytest.fixture(autouse=True)
def collector_on(qapp: QApplication) -> Iterator[None]:  # the ui package's fixtures want an application
    assert gc.isenabled()
    yield
    gc.enable()


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_hold_turns_collection_off_and_release_collects() -> None:
    pause = CollectionPause()
    pause.hold()
    assert not gc.isenabled() and pause.held
    _Cycle()  # garbage only the cyclic collector can free
    assert any(type(o) is _Cycle for o in gc.get_objects())
    pause.release()
    assert gc.isenabled() and not pause.held
    assert not any(type(o) is _Cycle for o in gc.get_objects())


def test_holders_nest_and_the_last_one_restores() -> None:
    first, second = CollectionPause(), CollectionPause()
    first.hold()
    second.hold()
    first.release()
    assert not gc.isenabled()
    first.release()  # a second release of the same holder does not count twice
    assert not gc.isenabled()
    second.release()
    assert gc.isenabled()


def test_hold_is_idempotent_per_holder() -> None:
    pause = CollectionPause()
    pause.hold()
    pause.hold()
    pause.release()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()  # as during start-up (app.ui.startup)
    pause = CollectionPause()
    pause.hold()
    pause.release()
    assert not gc.isenabled()
