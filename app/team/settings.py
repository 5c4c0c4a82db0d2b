"""The team server connection: host, port, database, user and TLS mode in ``team.json`` in the user
data directory; the password in the OS keyring (``keyring``), never in a file, a project or a log.

Without a keyring (a headless CI box: keyring's "fail" backend) the password comes from libpq's own
places instead (PGPASSWORD, ~/.pgpass), so scripts and tests can still connect.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from app.core.files import write_file_atomically
from app.paths import TEAM_SETTINGS_FILENAME, user_data_dir
from app.team.errors import TeamError
from app.team.text import t

SETTINGS_FILENAME = TEAM_SETTINGS_FILENAME  # app.paths asks for it without importing the team layer
KEYRING_SERVICE = "InferenceSizer team server"
TLS_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
DEFAULT_PORT = 5432
_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,63}$")
_HOST = re.compile(r"^[A-Za-z0-9_.:%/-]{1,253}$")


@dataclass(frozen=True, slots=True)
class TeamSettings:
    host: str
    database: str
    user: str
    port: int = DEFAULT_PORT
    sslmode: str = "prefer"

    def validate(self) -> TeamSettings:
        """Raise TeamError naming the first bad field."""
        if not _HOST.match(self.host):
            raise TeamError(t("host {host!r} is not a host name or address", host=self.host))
        if not 1 <= self.port <= 65535:
            raise TeamError(t("port {port} is not between 1 and 65535", port=self.port))
        for label, value in (("database", self.database), ("user", self.user)):
            if not _NAME.match(value):
                raise TeamError(t("{field} {value!r}: use letters, digits and _ . @ - (at most 63)",
                                  field=label, value=value))
        if self.sslmode not in TLS_MODES:
            raise TeamError(t("TLS mode {mode!r} is not one of {modes}", mode=self.sslmode, modes=", ".join(TLS_MODES)))
        return self

    @property
    def keyring_user(self) -> str:
        """The keyring entry's name: one password per user, server and database."""
        return f"{self.user}@{self.host}:{self.port}/{self.database}"

    def describe(self) -> str:
        """For messages and logs: everything but the password."""
        return f"{self.user}@{self.host}:{self.port}/{self.database} (TLS {self.sslmode})"


def settings_path(data_dir: str | Path | None = None) -> Path:
    return user_data_dir(data_dir) / SETTINGS_FILENAME


def is_configured(data_dir: str | Path | None = None) -> bool:
    """A cheap check (one stat) that imports nothing: the window and CLI ask this before any team code."""
    return settings_path(data_dir).is_file()


def load_settings(data_dir: str | Path | None = None) -> TeamSettings | None:
    path = settings_path(data_dir)
    if not path.is_file():
        return None
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
        settings = TeamSettings(host=str(raw["host"]), database=str(raw["database"]), user=str(raw["user"]),
                                port=int(raw.get("port", DEFAULT_PORT)), sslmode=str(raw.get("sslmode", "prefer")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise TeamError(t("{path}: not a team server setting file ({problem})", path=path, problem=exc)) from None
    return settings.validate()


def save_settings(settings: TeamSettings, data_dir: str | Path | None = None) -> Path:
    """Write the connection (no password: the dataclass has none) atomically."""
    settings.validate()
    path = settings_path(data_dir)
    write_file_atomically(path, (json.dumps(asdict(settings), indent=2) + "\n").encode("utf-8"))
    return path


def remove_settings(data_dir: str | Path | None = None) -> None:
    settings_path(data_dir).unlink(missing_ok=True)


def store_password(settings: TeamSettings, password: str) -> None:
    """Into the OS keyring; a missing keyring is an error (the password is never written elsewhere)."""
    import keyring  # noqa: PLC0415 - only when a team server is being set up
    from keyring.errors import KeyringError  # noqa: PLC0415

    try:
        keyring.set_password(KEYRING_SERVICE, settings.keyring_user, password)
    except KeyringError as exc:
        raise TeamError(t("no usable OS keyring to keep the password in ({problem}); set PGPASSWORD or "
                          "~/.pgpass instead", problem=type(exc).__name__)) from None


def read_password(settings: TeamSettings) -> str | None:
    """From the OS keyring; None when there is none (libpq then looks at PGPASSWORD and ~/.pgpass)."""
    import keyring  # noqa: PLC0415
    from keyring.errors import KeyringError  # noqa: PLC0415

    try:
        return keyring.get_password(KEYRING_SERVICE, settings.keyring_user)
    except (KeyringError, RuntimeError, OSError, ValueError):  # no keyring, locked, no D-Bus session …
        return None


def conninfo(settings: TeamSettings, password: str | None = None, *, connect_timeout_s: int = 10) -> str:
    """A libpq connection string. The caller must never log it: it can hold the password."""
    from psycopg.conninfo import make_conninfo  # noqa: PLC0415

    extra: dict[str, Any] = {"password": password} if password else {}
    return make_conninfo(host=settings.host, port=settings.port, dbname=settings.database, user=settings.user,
                         sslmode=settings.sslmode, connect_timeout=connect_timeout_s,
                         application_name="inference-sizer", **extra)


def env_password() -> str | None:
    """PGPASSWORD, for a headless ``team init`` that stores it in the keyring."""
    return os.environ.get("PGPASSWORD") or None
