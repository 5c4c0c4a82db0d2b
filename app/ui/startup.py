"""What the GUI does before Qt is imported and once its window has painted, to start fast.

Two measures, both about start-up only:

- The Qt-free core is imported before PySide6. Once PySide6 is loaded, its ``__feature__`` import
  hook (shibokensupport.feature) reads the source of every module imported after it, looking
  for "PySide6": a fraction of a millisecond a module, over 0.1 s for the few hundred modules of
  pydantic, babel and our core. Missing a module in CORE_MODULES costs only time. The rule modules
  and the performance model are not among them: the window makes its rule engine when it first
  validates, after the first paint (MainWindow.engine), so they load then.
- The cyclic garbage collector is paused until the first paint. Start-up allocates a few hundred
  thousand long-lived objects (modules, pydantic schemas, Qt wrappers) and hardly any garbage, yet
  each allocation burst triggers collections that walk the whole growing heap (~40 ms). After the
  first paint those objects are frozen into the permanent generation (``gc.freeze``), so later
  collections, while the user works, skip them too.
"""

from __future__ import annotations

import gc
import importlib

CORE_MODULES: tuple[str, ...] = (
    "app.catalog.store",
    "app.core.build",
    "app.core.labels",
    "app.core.placement",
    "app.i18n.catalog",
    "app.i18n.formatting",
    "app.project",
    "app.rules",
)


def prepare() -> None:
    """Call first, before anything imports Qt."""
    gc.disable()
    for name in CORE_MODULES:
        importlib.import_module(name)


def finish() -> None:
    """Call once the window has painted: what exists now lives as long as the app."""
    gc.freeze()
    gc.enable()
