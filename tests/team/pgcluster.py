"""A throwaway PostgreSQL cluster for the team-server tests and benchmark: initdb + pg_ctl in a temp dir.

Works as a normal user and as root (CI): initdb and postgres refuse to run as root, so under root
the cluster belongs to the ``postgres`` system user (or ``nobody``) and runs through ``runuser``.
The server listens on 127.0.0.1 at a free port with password (SCRAM) authentication, as a real
team server would; the superuser connects the same way.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

SUPERUSER = "is_dba"
SUPERUSER_PASSWORD = "dba-test-password"  # a throwaway cluster's, on loopback only


class PostgresNotFoundError(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_bindir() -> Path:
    """The directory holding initdb/pg_ctl/postgres: PG_BINDIR, PATH, then Debian's layout."""
    candidates: list[str] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(os.environ["PG_BINDIR"])
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    candidates += sorted(glob.glob("/usr/local/pgsql/bin")) + sorted(glob.glob("/opt/homebrew/opt/postgresql*/bin"))
    for c in candidates:
        if (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    raise PostgresNotFoundError("PostgreSQL server binaries (initdb, pg_ctl) not found: install the "
                                "Debian 'postgresql' package (.ci/run does) or set PG_BINDIR")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as() -> str | None:
    """The unprivileged user to run the server as, or None when we are not root."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    import pwd

    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise PostgresNotFoundError("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")


@dataclass
class PgCluster:
    """One started cluster; ``stop()`` (or the context manager) removes it."""

    bindir: Path
    root: Path
    port: int
    user: str | None
    log: Path = field(init=False)

    def __post_init__(self) -> None:
        self.log = self.root / "server.log"

    @property
    def datadir(self) -> Path:
        return self.root / "data"

    def _cmd(self, *args: str) -> list[str]:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        return [*prefix, *args]

    def _ctl(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self._cmd(str(self.bindir / "pg_ctl"), "-D", str(self.datadir), *args),
                              capture_output=True, text=True, check=check, timeout=120)

    def start(self) -> None:
        opts = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=64MB")
        self._ctl("-o", opts, "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "-w", "stop", check=False)

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()

    def conninfo(self, dbname: str = "postgres", user: str = SUPERUSER, password: str = SUPERUSER_PASSWORD) -> str:
        return f"host=127.0.0.1 port={self.port} dbname={dbname} user={user} password={password}"

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PgCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


def start_cluster() -> PgCluster:
    """initdb into a new temp dir, start on a free loopback port, return the running cluster."""
    bindir = find_bindir()
    user = _run_as()
    root = Path(tempfile.mkdtemp(prefix="inference-sizer-pg-"))
    pwfile = root / "pw"
    pwfile.write_text(SUPERUSER_PASSWORD + "\n", encoding="utf-8")
    if user:
        import pwd

        entry = pwd.getpwnam(user)
        os.chown(root, entry.pw_uid, entry.pw_gid)
        os.chown(pwfile, entry.pw_uid, entry.pw_gid)
    root.chmod(0o700)
    cluster = PgCluster(bindir, root, free_port(), user)
    init = subprocess.run(cluster._cmd(str(bindir / "initdb"), "-D", str(cluster.datadir), "-U", SUPERUSER,
                                       f"--pwfile={pwfile}", "--auth=scram-sha-256", "-E", "UTF8",
                                       "--locale=C", "--no-sync"),
                          capture_output=True, text=True, timeout=180, check=False)
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {init.stderr.strip()[-500:]}")
    try:
        cluster.start()
    except subprocess.CalledProcessError as exc:
        log = cluster.log.read_text(errors="replace")[-1000:] if cluster.log.exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"pg_ctl start failed: {exc.stderr} {log}") from None
    return cluster
