"""Project files: round trip, atomic write, refusal of malformed files, migrations."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from app.paths import resources_dir
from app.project import (
    PROJECT_VERSION,
    Project,
    ProjectFileError,
    dumps_project,
    load_project,
    parse_project,
    project_json_schema,
    save_project,
)
from app.project.migrations import Migration, migrate, migration

SAMPLES = sorted((resources_dir() / "samples").glob("*.json"))


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLES[0].read_text(encoding="utf-8"))
    return data


def test_samples_ship_and_round_trip(tmp_path: Path) -> None:
    assert [p.name for p in SAMPLES] == ["edge-l20.json", "enterprise-2gpu.json", "hgx-h100-8gpu.json",
                                         "hgx-h200-8gpu.json"]
    for path in SAMPLES:
        project = load_project(path)
        assert dumps_project(project) == path.read_text(encoding="utf-8"), f"{path.name} is not in canonical form"
        out = tmp_path / path.name
        save_project(project, out)
        assert load_project(out) == project


def test_save_replaces_atomically_and_keeps_permissions(tmp_path: Path) -> None:
    project = load_project(SAMPLES[0])
    target = tmp_path / "p.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    save_project(project, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert load_project(target) == project
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]  # no temporary file left


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "p.json"
    target.write_text("the previous version")

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(ProjectFileError, match="cannot write: No space left on device"):
        save_project(load_project(SAMPLES[0]), target)
    assert target.read_text() == "the previous version"
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]


def test_write_into_missing_directory_is_a_clean_error(tmp_path: Path) -> None:
    with pytest.raises(ProjectFileError, match="cannot write"):
        save_project(load_project(SAMPLES[0]), tmp_path / "nope" / "p.json")


def _error(data: Any) -> ProjectFileError:
    with pytest.raises(ProjectFileError) as info:
        parse_project(json.dumps(data), "p.json")
    return info.value


@pytest.mark.parametrize(("mutate", "field", "text"), [
    (lambda d: d["builds"][0]["workload"].update(tp=0), "builds[0].workload.tp", "greater than or equal to 1"),
    (lambda d: d["builds"][0]["placements"][0].update(slots=["gpu-x"]), "builds[0].placements[0].slots",
     "not a slot id"),
    (lambda d: d["builds"][0].update(turbo=True), "builds[0].turbo", "Extra inputs"),
    (lambda d: d.update(currency="dollars"), "currency", "pattern"),
    (lambda d: d.update(builds=[]), "builds", "at least 1"),
    (lambda d: d["builds"].append(d["builds"][0]), "(file)", "build names must be unique"),
    (lambda d: d["builds"][0]["workload"].update(kv_precision="int4"), "builds[0].workload.kv_precision",
     "KV cache"),
    (lambda d: d["builds"][0]["environment"].update(kind="moon"), "builds[0].environment.kind", "Input should be"),
])
def test_malformed_fields_are_named(mutate: Any, field: str, text: str) -> None:
    data = sample()
    mutate(data)
    err = _error(data)
    assert err.field == field
    assert text in err.message
    assert str(err).startswith(f"p.json: {field}: ")


def test_not_json_not_object_not_ours() -> None:
    with pytest.raises(ProjectFileError, match=r"not valid JSON: Expecting .* at line 1 column 2"):
        parse_project("{nope", "p.json")
    with pytest.raises(ProjectFileError, match="not UTF-8"):
        parse_project(b"\xff\xfe{}", "p.json")
    with pytest.raises(ProjectFileError, match="NaN is not a number JSON allows"):
        parse_project('{"format": NaN}', "p.json")
    assert _error([1, 2]).message.startswith("top level must be a JSON object")
    assert _error({"format": "something-else"}).field == "format"


def test_version_checks() -> None:
    data = sample()
    data["version"] = PROJECT_VERSION + 1
    err = _error(data)
    assert err.field == "version" and "newer Inference Sizer" in err.message
    data["version"] = "1"
    assert "whole number" in _error(data).message
    data["version"] = 0
    assert "not supported" in _error(data).message


def test_older_versions_go_through_explicit_migrations() -> None:
    # A format step as it will be written when version 2 comes: single "build" -> "builds" list.
    registry: dict[int, Migration] = {}

    @migration(from_version=0, registry=registry)
    def single_build_to_list(data: dict[str, Any]) -> dict[str, Any]:
        data["builds"] = [data.pop("build")]
        data["version"] = 1
        return data

    old = sample()
    old["version"] = 0
    old["build"] = old.pop("builds")[0]
    project = parse_project(json.dumps(old), "old.json", migrations=registry)
    assert isinstance(project, Project) and project == load_project(SAMPLES[0])
    with pytest.raises(ValueError, match="two migrations"):
        migration(from_version=0, registry=registry)(single_build_to_list)


def test_a_migration_must_advance_the_version() -> None:
    with pytest.raises(RuntimeError, match="set version 0"):
        migrate({"version": 0}, migrations={0: lambda d: d}, current=1)


def test_loading_never_writes(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "inference-sizer-project", "version": 1}')
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.path == str(path) and info.value.field == "project"
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert [p.name for p in tmp_path.iterdir()] == ["bad.json"]


def test_missing_file() -> None:
    with pytest.raises(ProjectFileError, match="cannot read"):
        load_project("/no/such/project.json")


def test_schema_describes_the_format() -> None:
    schema = project_json_schema()
    assert set(schema["required"]) == {"project", "builds"}
    assert "Build" in schema["$defs"] and "Workload" in schema["$defs"]
    json.dumps(schema)


def test_project_suffix_added_only_when_none_given() -> None:
    from app.project import PROJECT_SUFFIX, with_project_suffix

    assert PROJECT_SUFFIX == ".isproj"
    assert with_project_suffix("/x/client") == Path("/x/client.isproj")
    assert with_project_suffix("/x/client.isproj") == Path("/x/client.isproj")
    assert with_project_suffix("/x/client.isproj.json") == Path("/x/client.isproj.json")
    assert with_project_suffix("/x/v1.2") == Path("/x/v1.2")  # an extension the user chose stays


def test_cli_knows_the_project_suffixes() -> None:
    """app.cli.main spells them out (no pydantic on the command line's fast path): keep them equal."""
    from app.cli.main import PROJECT_SUFFIXES as CLI_SUFFIXES
    from app.cli.main import wants_gui
    from app.project import PROJECT_SUFFIXES

    assert CLI_SUFFIXES == PROJECT_SUFFIXES
    assert wants_gui(["client.isproj"]) and wants_gui(["C:/p/Client.ISPROJ"]) and wants_gui(["a.isproj.json"])
    assert not wants_gui(["validate", "client.isproj"])
