"""Where bundled files and user data live, frozen (PyInstaller) or from a checkout."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "InferenceSizer"
APP_AUTHOR = "InferenceSizer"


def bundle_root() -> Path:
    """Top of the installed tree: holds db/ and resources/."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def catalog_source_dir() -> Path:
    return bundle_root() / "db" / "catalog"


def migrations_dir() -> Path:
    return bundle_root() / "db" / "migrations"


def resources_dir() -> Path:
    return bundle_root() / "resources"


TEAM_SETTINGS_FILENAME = "team.json"  # app.team.settings: present only once a team server is configured


def team_configured(data_dir: str | os.PathLike[str] | None = None) -> bool:
    """One stat, no import of the team layer: whether to ask it for the team's rule profile."""
    return (user_data_dir(data_dir) / TEAM_SETTINGS_FILENAME).is_file()


def user_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """User data: the catalog database, autosaves, probe reports.

    INFERENCE_SIZER_DATA_DIR overrides the platform default (tests, portable installs).
    """
    chosen = override or os.environ.get("INFERENCE_SIZER_DATA_DIR")
    path = Path(chosen) if chosen else Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    path.mkdir(parents=True, exist_ok=True)
    return path
