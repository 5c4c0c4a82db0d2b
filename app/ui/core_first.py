"""Import the Qt-free core that the window needs before PySide6 is imported.

Once PySide6 is loaded, its ``__feature__`` import hook (shibokensupport.feature) reads the
source of every module imported after it, looking for "PySide6": a fraction of a millisecond a
module, over 0.1 s for the few hundred modules of pydantic, babel and our core. Importing them
first, while no hook is installed, takes that off every start-up. Missing a module here costs
only time, never correctness.
"""

from __future__ import annotations

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


def import_core() -> None:
    from app.rules.registry import load_builtin_rules  # noqa: PLC0415 - part of what is preloaded

    for name in CORE_MODULES:
        importlib.import_module(name)
    load_builtin_rules()
