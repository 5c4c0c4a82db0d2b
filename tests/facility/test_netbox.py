"""#19 item 5, done-when: the NetBox files validate against NetBox's own formats.

- Device types: the community library's JSON schema (netbox-community/devicetype-library
  schema/devicetype.json and the schemas it refers to; copies and their source in tests/data/netbox).
- Racks and devices: the CSV headers are fields of NetBox's RackImportForm and DeviceImportForm
  (netbox-community/netbox netbox/dcim/forms/bulk_import.py), and every field those forms require is there.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from app.catalog.seed import by_id, load_source_parts
from app.cli.main import main
from app.facility import FacilityPlan, plan_facility
from app.facility.netbox import device_type_yaml, devices_csv, racks_csv, slugify
from app.paths import resources_dir
from app.project import load_project
from app.rules.engine import RuleEngine
from tests.rules.factory import PARTS, hgx_build

DATA = Path(__file__).resolve().parents[1] / "data" / "netbox"
SAMPLE = resources_dir() / "samples" / "hgx-h200-8gpu.json"


def _load(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def device_type_validator() -> jsonschema.Draft202012Validator:
    linked = map(_load, ("components.json", "generated_schema.json"))
    resources = [(s["$id"], Resource.from_contents(s)) for s in linked]
    reusable = Resource.from_contents(_load("reusable.json"), default_specification=DRAFT202012)
    registry = Registry().with_resources([*resources, ("urn:devicetype-library:reusable", reusable)])
    return jsonschema.Draft202012Validator(_load("devicetype.json"), registry=registry)


@pytest.fixture(scope="module")
def sample_plan() -> FacilityPlan:
    engine = RuleEngine(by_id(load_source_parts()))
    return plan_facility(engine, load_project(SAMPLE).builds[0])


def test_the_schema_copy_rejects_what_the_library_rejects() -> None:
    """The validator is live: a missing u_height, an unknown key, a bad port type and a weight without
    its unit each fail."""
    v = device_type_validator()
    good = {"manufacturer": "X", "model": "Y", "slug": "x-y", "u_height": 2, "is_full_depth": True}
    assert not list(v.iter_errors(good))
    for bad in ({k: good[k] for k in good if k != "u_height"}, {**good, "depth": 1}, {**good, "weight": 3.5},
                {**good, "power-ports": [{"name": "PSU1", "type": "iec-60320-c99"}]},
                {**good, "power-ports": [{"name": "PSU1", "type": "iec-60320-c20", "maximum_draw": 0}]}):
        assert list(v.iter_errors(bad)), bad


def test_hgx_sample_device_type_validates_against_the_library_schema(sample_plan: FacilityPlan) -> None:
    dt = sample_plan.device_type
    doc = yaml.safe_load(device_type_yaml(dt))
    errors = sorted(e.message for e in device_type_validator().iter_errors(doc))
    assert errors == []
    assert (doc["manufacturer"], doc["model"], doc["u_height"], doc["slug"]) == (
        "Supermicro", "AS-8125GS-TNHR", 8, "supermicro-as-8125gs-tnhr")
    assert "weight" not in doc  # the vendor's weight is not in the catalog: left out, not guessed
    ports = doc["power-ports"]
    assert [p["name"] for p in ports] == [f"PSU{i}" for i in range(1, 7)]
    assert {p["type"] for p in ports} == {"iec-60320-c20"}  # stated in psus.csv
    node = sample_plan.node
    assert all(p["allocated_draw"] == -(-node.psus[0].load_w // 1) for p in ports)
    # with feed A lost three PSUs would carry 10,081 W (3,360 W each), more than a 3,000 W PSU draws
    assert all(p["maximum_draw"] == 3125 for p in ports)  # 3,000 W / 0.96
    assert dt.path == "device-types/Supermicro/AS-8125GS-TNHR.yaml"


def test_a_weight_known_to_the_catalog_is_exported_in_kg() -> None:
    parts = dict(PARTS)
    parts["hgx-sp5"] = parts["hgx-sp5"].model_copy(update={"weight_kg": 75.3})
    engine = RuleEngine(parts)
    plan = plan_facility(engine, hgx_build(), with_scenarios=False)
    doc = yaml.safe_load(device_type_yaml(plan.device_type))  # type: ignore[arg-type]
    assert (doc["weight"], doc["weight_unit"]) == (75.3, "kg")
    assert not list(device_type_validator().iter_errors(doc))
    assert slugify("Vendor.Name", "Model 1/2") == "vendor-name-model-1-2"


def _rows(text: str) -> tuple[list[str], list[dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text))
    return list(reader.fieldnames or []), list(reader)


@pytest.mark.parametrize("kind", ["rack", "device"])
def test_csv_headers_are_netbox_bulk_import_fields(sample_plan: FacilityPlan, kind: str) -> None:
    form = _load("bulk_import_fields.json")[kind]
    text = racks_csv(sample_plan.racks, site="DC1") if kind == "rack" else \
        devices_csv(sample_plan.racks, sample_plan.device_type, site="DC1")
    headers, rows = _rows(text)
    assert set(headers) <= set(form["fields"]), set(headers) - set(form["fields"])
    assert set(form["required"]) <= set(headers)
    assert rows and all(row[f] for row in rows for f in form["required"])


def test_devices_sit_in_their_racks_at_their_u(sample_plan: FacilityPlan) -> None:
    _, racks = _rows(racks_csv(sample_plan.racks, site="DC1"))
    _, devices = _rows(devices_csv(sample_plan.racks, sample_plan.device_type, site="DC1"))
    assert [(r["name"], r["status"], r["width"], r["u_height"]) for r in racks] == [("Rack 1", "planned", "19", "42")]
    assert [(d["name"], d["rack"], d["position"], d["face"], d["device_type"]) for d in devices] == [
        ("node-01", "Rack 1", "1", "front", "AS-8125GS-TNHR")]


def test_cli_writes_the_facility_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["facility", str(SAMPLE), "--out", str(tmp_path), "--site", "DC1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "inference-sizer-facility"
    (build,) = out["builds"]
    # Feed A and 110 V stop the node at its sizing maximum; at the client's load the PSUs left carry it.
    at_load = "stops at its maximum; runs at the client's load"
    assert [s["verdict"] for s in build["scenarios"]] == ["keeps running", at_load, at_load, "unknown"]
    assert [s["runs_at_load"] for s in build["scenarios"]] == [True, True, True, None]
    assert (tmp_path / "facility.xlsx").stat().st_size > 0
    doc = yaml.safe_load((tmp_path / "netbox/device-types/Supermicro/AS-8125GS-TNHR.yaml").read_text(encoding="utf-8"))
    assert not list(device_type_validator().iter_errors(doc))
    _, racks = _rows((tmp_path / "netbox-racks.csv").read_text(encoding="utf-8"))
    assert racks[0]["site"] == "DC1"
    assert main(["facility", str(SAMPLE), "--out", str(tmp_path), "--build", "nope"]) == 2
    assert "no build named 'nope'" in capsys.readouterr().err


def test_cli_refuses_a_file_as_its_output_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "a-file"
    target.write_text("x", encoding="utf-8")
    assert main(["facility", str(SAMPLE), "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out must be a directory" in err and target.read_text(encoding="utf-8") == "x"
