"""The accuracy report runs and holds the line on the calibration data (regression guard)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.perf import accuracy
from app.perf.dataset import calibration_csv_path
from tests.perf.test_dataset import needs_catalog, needs_shared


@needs_catalog
@needs_shared
def test_in_sample_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert accuracy.main(["--json", "--no-loso"]) == 0
    report = json.loads(capsys.readouterr().out)
    scores = {s["metric"]: s for s in report["in_sample"]}
    for metric in ("ttft", "tpot", "output_throughput_total", "decode_tps"):
        assert scores[metric]["n"] > 0
    # Guards against a regression in the model or the table; targets are in the issue, these are floors.
    assert scores["tpot"]["median_ape"] < 0.15
    assert scores["output_throughput_total"]["median_ape"] < 0.15
    assert scores["decode_tps"]["median_ape"] < 0.15
    assert scores["ttft"]["median_ape"] < 0.15
    assert not report["skipped"]


@needs_catalog
def test_other_file_is_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "held-out.csv"
    f.write_text(
        "gpu,gpu_count,model,params_b,precision,engine,scenario,batch,input_len,output_len,metric,value,unit,source\n"
        "RTX 4090 24GB,1,Llama-3-8B,8.03,FP16,llama.cpp,batch-1 text generation,1,short prompt,1024,decode_tps,"
        "54.34,tok/s,https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference\n"
        "RTX 4090 24GB,1,Llama-3-8B,8.03,FP16,llama.cpp,batch-1 text generation,1,short prompt,1024,joules,"
        "1,J,https://example.org\n"
    )
    assert accuracy.main(["--csv", str(f), "--worst", "1"]) == 0
    out = capsys.readouterr().out
    assert "decode_tps" in out and "skipped" in out


def test_missing_shared_reference_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(
        accuracy, "default_measurements", lambda include_extra=True: accuracy.read_measurements(tmp_path / "absent.csv")
    )
    assert accuracy.main([]) == 2
    assert "not found" in capsys.readouterr().err


@needs_shared
def test_calibration_csv_is_beside_the_checkout() -> None:
    assert calibration_csv_path().parent.name == "reference"


@needs_catalog
@needs_shared
def test_held_out_groupings_split_vendors_and_families() -> None:
    """#20 item 6: vendors and model families can each be left out of the fit in turn."""
    from app.perf.calibration import load_calibration
    from app.perf.dataset import build_cases, moe_csv_path, read_measurements

    cases, _ = build_cases(read_measurements(moe_csv_path()))
    assert {accuracy.vendor_of(c) for c in cases} >= {"nvidia", "amd"}
    assert {accuracy.family_of(c) for c in cases} == {"moe"}
    # Scored per engine too (bands per vendor and engine): the MoE file holds SGLang, TRT-LLM and vLLM rows.
    assert {accuracy.engine_of(c) for c in cases} == {"sglang", "trtllm", "vllm"}
    dense, _ = build_cases(read_measurements(calibration_csv_path())[:40])
    assert {accuracy.family_of(c) for c in dense} == {"dense"}
    # Leaving AMD out trains on NVIDIA rows only and still predicts every AMD row.
    amd = [c for c in cases if accuracy.vendor_of(c) == "amd"][:3]
    nvidia = [c for c in cases if accuracy.vendor_of(c) == "nvidia"][:6]
    pairs = accuracy.leave_group_out(amd, amd + nvidia, load_calibration(), accuracy.vendor_of, max_iter=2)
    assert [c for c, _ in pairs] == amd and all(p > 0 for _, p in pairs)
    assert set(accuracy.by_group(pairs, accuracy.vendor_of)) == {"amd"}
