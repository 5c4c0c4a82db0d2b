"""`python -m app team …` end to end against a real server; the password only ever in the keyring."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from app.cli.main import main
from tests.team.seed import project_text


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
         stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_init_status_share_sync_get(team_db: Any, pg_cluster: Any, tmp_path: Path, memory_keyring: Any,
                                    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import psycopg

    monkeypatch.delenv("PGPASSWORD", raising=False)
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as dba:
        dba.execute("CREATE DATABASE cli_fresh")
    try:
        server = ["--host", "127.0.0.1", "--port", str(pg_cluster.port), "--sslmode", "disable"]
        data = ["--data-dir", str(tmp_path / "dba")]
        code, out, err = _run(capsys, monkeypatch, *data, "team", "init", *server, "--database", "cli_fresh",
                              "--user", "is_dba", "--password-stdin", "--setup-server", "--json",
                              stdin="dba-test-password\n")
        assert code == 0, err
        assert json.loads(out)["schema"] == "0001"
        code, out, err = _run(capsys, monkeypatch, *data, "team", "add-user", "dave", "--role", "sales",
                              stdin="dave-pw\n")
        assert code == 0, err

        alice = ["--data-dir", str(tmp_path / "dave")]
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "init", *server, "--database", "cli_fresh",
                              "--user", "dave", "--password-stdin", "--json", stdin="dave-pw\n")
        assert code == 0, err
        server_name = f"dave@127.0.0.1:{pg_cluster.port}/cli_fresh (TLS disable)"
        assert json.loads(out) | {"settings": ""} == {"server": server_name, "user": "dave", "admin": False,
                                                    "sales": True, "schema": "0001", "settings": ""}
        settings_file = tmp_path / "dave" / "team.json"
        assert "dave-pw" not in settings_file.read_text()
        assert "dave-pw" in memory_keyring.store.values()

        project = tmp_path / "bid.isproj"
        project.write_text(project_text("CLI bid"), encoding="utf-8")
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "share", str(project))
        assert code == 0, err
        pid = out.strip()
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "sync", "--json")
        assert code == 0, err
        assert json.loads(out)["pushed"]["project"] == 1
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "status", "--json")
        status = json.loads(out)
        assert status["online"] and status["user"] == "dave" and status["local"]["synced"]["project"] == 1
        assert status["conflicts"] == []
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "projects", "--json")
        assert [p["id"] for p in json.loads(out)["projects"]] == [pid]
        copy = tmp_path / "copy.isproj"
        code, out, err = _run(capsys, monkeypatch, *alice, "team", "get", pid, str(copy))
        assert code == 0 and json.loads(copy.read_text())["project"]["name"] == "CLI bid"
        for stream in capsys.readouterr():
            assert "dave-pw" not in stream
    finally:
        with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as dba:
            dba.execute("DROP DATABASE IF EXISTS cli_fresh WITH (FORCE)")


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    data = ["--data-dir", str(tmp_path)]
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "sync")
    assert code == 2 and err.startswith("error: no team server is set up here") and err.count("\n") == 1
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "init", "--host", "h", "--database", "d",
                           "--user", "u", "--sslmode", "sometimes")
    assert code == 2 and "TLS mode 'sometimes'" in err
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "init", "--host", "127.0.0.1", "--port", "1",
                           "--database", "d", "--user", "u", "--sslmode", "disable")
    assert code == 2 and "cannot connect to the team server u@127.0.0.1:1/d" in err and err.count("\n") == 1
    (tmp_path / "team.json").write_text(json.dumps({"host": "127.0.0.1", "database": "d", "user": "u"}))
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "sync", "--resolve", "project:x")
    assert code == 2 and "KIND:ID=theirs|mine|both" in err
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "sync", "--resolve", "project:x=theirs")
    assert code == 2 and "no conflict on project x" in err
    code, _out, err = _run(capsys, monkeypatch, *data, "team", "get", "nope", str(tmp_path / "x.isproj"))
    assert code == 2 and "no project nope" in err


def test_resolve_from_the_command_line(team_db: Any, make_client: Any, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from app.team.library import share_project
    from app.team.settings import save_settings

    monkeypatch.setenv("PGPASSWORD", "alice-pw")
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    alice, carol = make_client("alice"), make_client("carol")
    save_settings(team_db.settings("alice"), alice.data_dir)
    local = alice.local()
    try:
        pid = share_project(local, project_text("v1"))
    finally:
        local.close()
    alice.sync()
    carol.sync()
    for client, name in ((carol, "carol's"), (alice, "alice's")):
        local = client.local()
        try:
            share_project(local, project_text(name), pid)
        finally:
            local.close()
    carol.sync()
    data = ["--data-dir", str(alice.data_dir)]
    code, out, err = _run(capsys, monkeypatch, *data, "team", "sync", "--json")
    assert code == 0, err
    assert json.loads(out)["conflicts"] == [{"kind": "project", "id": pid, "reason": "changed on the server and here"}]
    code, out, err = _run(capsys, monkeypatch, *data, "team", "status", "--offline")
    assert f"--resolve project:{pid}=theirs|mine|both" in out
    code, out, err = _run(capsys, monkeypatch, *data, "team", "sync", "--resolve", f"project:{pid}=both", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["resolved"][0]["choice"] == "both" and result["pushed"]["project"] == 1 and not result["conflicts"]


def test_without_the_team_extra_the_command_says_what_to_install(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    (tmp_path / "team.json").write_text(json.dumps({"host": "127.0.0.1", "database": "d", "user": "u"}))
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on an installation without the extra
    code, _out, err = _run(capsys, monkeypatch, "--data-dir", str(tmp_path), "team", "sync")
    assert code == 2 and "needs the 'team' extra (psycopg is missing)" in err and err.count("\n") == 1
