"""The shipped samples against the bundled catalog, and the `validate` / `schema` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.cli.main import main
from app.cli.project_cmd import run_validate
from app.core.parts import AnyPart, Chassis, Cpu, Gpu
from app.paths import resources_dir
from app.project import load_project, save_project
from app.rules import RuleEngine, Severity
from app.rules.fixes import SetWorkload, apply_op

SAMPLES = resources_dir() / "samples"


@pytest.fixture(scope="module")
def catalog() -> dict[str, AnyPart]:
    return by_id(load_source_parts())


@pytest.fixture(scope="module")
def catalog_engine(catalog: dict[str, AnyPart]) -> RuleEngine:
    return RuleEngine(catalog)


@pytest.mark.parametrize("name", ["hgx-h100-8gpu", "enterprise-2gpu", "edge-l20"])
def test_samples_use_catalog_ids_and_have_no_errors(name: str, catalog: dict[str, AnyPart],
                                                    catalog_engine: RuleEngine) -> None:
    project = load_project(SAMPLES / f"{name}.json")
    for build in project.builds:
        ids = {build.chassis_id, *build.part_ids()}
        if build.workload is not None:
            ids.add(build.workload.llm_id)
        assert ids <= set(catalog), ids - set(catalog)
        report = catalog_engine.validate(build)
        assert not [f for f in report.findings if f.severity is Severity.ERROR], report.findings
        assert not [f for f in report.findings if f.severity is Severity.WARNING], report.findings


def test_samples_are_what_they_say(catalog: dict[str, AnyPart]) -> None:
    hgx = load_project(SAMPLES / "hgx-h100-8gpu.json").builds[0]
    gpus = [catalog[p.part_id] for p in hgx.placements for _ in p.slots if isinstance(catalog[p.part_id], Gpu)]
    assert len(gpus) == 8 and {g.id for g in gpus} == {"nvidia-h100-sxm5-80gb"}
    chassis = catalog[hgx.chassis_id]
    assert isinstance(chassis, Chassis) and chassis.gpu_form_factor.value == "SXM"
    assert {catalog[p.part_id].id for p in hgx.placements if isinstance(catalog[p.part_id], Cpu)} == {"amd-epyc-9555"}
    ent = load_project(SAMPLES / "enterprise-2gpu.json").builds[0]
    assert ent.environment.kind.value == "enterprise"
    assert sum(len(p.slots) for p in ent.placements if isinstance(catalog[p.part_id], Gpu)) == 2
    edge = load_project(SAMPLES / "edge-l20.json").builds[0]
    assert edge.environment.kind.value == "edge"
    # A 5U tower on a 2.3 kW office circuit: two fit by power (1,840 W / 790 W) and by a 12U cabinet.
    assert RuleEngine(catalog).validate(edge).summary.binding_limit == ["power", "rack_units"]
    assert [p.part_id for p in edge.placements if isinstance(catalog[p.part_id], Gpu)] == ["nvidia-l20"]
    assert any(isinstance(catalog[p.part_id], Cpu) for p in edge.placements)


def test_seed_errors_on_the_real_catalog(catalog_engine: RuleEngine) -> None:
    # Same three DOMAIN.md cases on bundled parts: L40S 70B INT8 no, H200 70B FP16 no, H100 70B INT4 8k yes.
    ent = load_project(SAMPLES / "enterprise-2gpu.json").builds[0]
    one_gpu = ent.model_copy(update={"placements": tuple(
        p.model_copy(update={"slots": ("gpu0",)}) if p.part_id == "nvidia-h100-pcie-80gb" else p
        for p in ent.placements)})
    cases = [("nvidia-l40s", "int8", "bf16", 2560, False), ("nvidia-h100-pcie-80gb", "int4", "bf16", 8192, True)]
    for gpu, weights, kv, context, fits in cases:
        build = one_gpu.model_copy(update={"placements": tuple(
            p.model_copy(update={"part_id": gpu}) if p.part_id == "nvidia-h100-pcie-80gb" else p
            for p in one_gpu.placements)})
        build = apply_op(build, SetWorkload(changes={"weight_precision": weights, "kv_precision": kv, "tp": 1,
                                                     "concurrency": 1, "input_tokens": context - 512}))
        assert bool(catalog_engine.validate(build).by_rule("vram.fit")) is not fits, gpu
    hgx = load_project(SAMPLES / "hgx-h100-8gpu.json").builds[0]
    h200 = hgx.model_copy(update={"placements": tuple(
        p.model_copy(update={"part_id": "nvidia-h200-sxm-141gb"}) if p.part_id == "nvidia-h100-sxm5-80gb" else p
        for p in hgx.placements)})
    h200 = apply_op(h200, SetWorkload(changes={"llm_id": "meta-llama-3.1-70b", "weight_precision": "fp16",
                                               "kv_precision": "fp16", "tp": 1, "concurrency": 1}))
    assert catalog_engine.validate(h200).by_rule("vram.fit")


def test_run_validate_text_and_json(catalog: dict[str, AnyPart]) -> None:
    project = load_project(SAMPLES / "hgx-h100-8gpu.json")
    text, code = run_validate(project, project.builds, catalog, path="hgx.json")
    assert code == 0
    assert "Build '8 x H100 SXM + 2 x EPYC 9555, Llama 3.1 405B FP8': 0 error(s)" in text
    # 40 kW of power and 40 kW of rear-door cooling per rack bind together (issue #17, item 6): 3 nodes of
    # 10.0 kW, the node power calibrated to the DGX H100's 10.2 kW (item 5); 4 x 10.0 kW is over 40 kW.
    assert "Nodes/rack 3 (power 3, rack units 5, cooling 3; bound by power and cooling)" in text
    doc, code = run_validate(project, project.builds, catalog, as_json=True, path="hgx.json")
    data = json.loads(doc)
    assert (data["format"], data["version"], data["error_count"]) == ("inference-sizer-validation", 1, 0)
    summary = data["builds"][0]["summary"]
    for key in ("vram_need_per_gpu_gb", "vram_usable_per_gpu_gb", "power_max_w", "power_typical_w", "psu_usable_w",
                "rack_usable_w", "heat_btu_h", "nodes_per_rack", "binding_limit", "cores_per_gpu", "ram_vram_ratio",
                "rule_of_thumb_gb", "max_concurrency", "longest_context_tokens",
                # added in version 2 (#17): GPU memory in GiB beside the decimal-GB keys
                "vram_per_gpu_gib", "vram_need_per_gpu_gib", "vram_usable_per_gpu_gib", "weights_per_gpu_gib",
                "overhead_per_gpu_gib", "kv_cache_per_gpu_gib"):
        assert key in summary, key
    assert summary["vram_per_gpu_gib"] == 80 and summary["vram_per_gpu_gb"] == round(80 * 1024**3 / 1e9, 2)


def _broken(tmp_path: Path) -> Path:
    project = load_project(SAMPLES / "edge-l20.json")
    build = apply_op(project.builds[0], SetWorkload(changes={"llm_id": "meta-llama-3.1-70b",
                                                             "weight_precision": "int8"}))
    broken = project.model_copy(update={"builds": (build,)})
    path = tmp_path / "broken.json"
    save_project(broken, path)
    return path


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    assert main([*data, "validate", str(SAMPLES / "edge-l20.json")]) == 0
    assert "0 error(s)" in capsys.readouterr().out
    assert main([*data, "validate", str(_broken(tmp_path)), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error_count"] >= 1 and out["builds"][0]["findings"][0]["rule_id"] == "vram.fit"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "inference-sizer-project", "version": 1, "project": {}}')
    assert main([*data, "validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}: project.name: Field required")
    assert main([*data, "validate", str(SAMPLES / "edge-l20.json"), "--build", "nope"]) == 2
    assert "no build named 'nope'" in capsys.readouterr().err
    overrides = tmp_path / "profile.json"
    overrides.write_text(json.dumps({"environments": {"edge": {"max_gpu_tdp_w": {"value": 200}}}}))
    assert main([*data, "validate", str(SAMPLES / "edge-l20.json"), "--profile", str(overrides)]) == 1
    assert "power.edge-gpu" in capsys.readouterr().out


def test_cli_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "project"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Project" and "builds" in schema["properties"]
    assert main(["schema", "profile"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "RuleProfile"
