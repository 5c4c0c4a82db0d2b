"""run_probe end to end on the CPU: fake NVML, recorded nvidia-smi, a scripted worker subprocess."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.probe import runner
from app.probe.report import parse_report
from app.probe.runner import ProbeOptions, run_probe
from tests.probe.conftest import smi_replay
from tests.probe.fake_nvml import a100_mig, h100_server, make_nvml

FAKE_WORKER = [sys.executable, str(Path(__file__).with_name("fake_worker.py"))]


@pytest.fixture
def h100s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml(h100_server(2)))
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": True)


def options(**kw: object) -> ProbeOptions:
    base: dict[str, object] = {"mode": "smoke", "cpu": False, "worker_command": FAKE_WORKER, "timeout_s": 30.0,
                               "phase_timeout_s": 10.0, "first_event_timeout_s": 20.0}
    base.update(kw)
    return ProbeOptions(**base)  # type: ignore[arg-type]


def probe(monkeypatch: pytest.MonkeyPatch, scenario: str, **kw: object) -> tuple[object, list[tuple[int, str]]]:
    monkeypatch.setenv("PROBE_FAKE_WORKER", scenario)
    lines: list[tuple[int, str]] = []
    report = run_probe(options(**kw), lambda pct, text: lines.append((pct, text)),
                       smi_runner=smi_replay(None, missing=True))
    return report, lines


def test_two_h100s_full_pipeline(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, lines = probe(monkeypatch, "ok", mode="quick")
    r = parse_report(report.to_json())  # type: ignore[attr-defined]  # what we write is what we accept
    assert r.status == "ok", r.messages
    assert [g.catalog_id for g in r.gpus] == ["nvidia-h100-sxm5-80gb"] * 2
    assert r.gpus[0].sm_count == 132  # learnt from the engine
    triad = r.measurements("mem_bw_triad", 0)[0]
    assert triad.value is not None and triad.value.median == pytest.approx(2950, rel=0.01)
    assert triad.peak == 3350 and triad.fraction_of_peak == pytest.approx(0.88, abs=0.01)
    assert triad.peak_source == "catalog:nvidia-h100-sxm5-80gb"
    bf16 = r.measurements("gemm_bf16", 1)[0]
    assert bf16.fraction_of_peak == pytest.approx(790 / 989, rel=0.01)
    h2d = r.measurements("h2d_pinned", 0)[0]
    assert h2d.peak == pytest.approx(63.0, rel=0.01) and h2d.peak_source == "PCIe Gen5 x16"
    p2p = r.measurements("p2p_unidir", 0)[0]
    assert p2p.peer == 1 and p2p.peak == pytest.approx(450.0)  # NVLink4 through NVSwitch, per direction
    (entry,) = r.calibration
    assert entry.gpu_id == "nvidia-h100-sxm5-80gb" and entry.gpus == [0, 1] and entry.confidence == "high"
    assert entry.measured["gemm_bf16_tflops"] == pytest.approx(790, rel=0.01)
    assert entry.measured["p2p_gbs"] == pytest.approx(390, rel=0.01)
    assert {b.name for b in r.backends} >= {"nvml", "torch"}
    # progress: monotonic percentages ending at 100, a line per figure
    pcts = [p for p, _ in lines]
    assert pcts == sorted(pcts) and pcts[-1] == 100
    assert any("GPU 0: memory bandwidth (STREAM triad): 2,9" in t and "of datasheet peak" in t for _, t in lines)


def test_telemetry_is_attached(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = probe(monkeypatch, "ok")
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    assert {t.gpu for t in r.telemetry} == {0, 1}
    assert all(t.during_run.samples >= 1 and t.during_run.power_w_max == 70.0 for t in r.telemetry)


def test_hung_worker_is_killed_and_the_phase_reported(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = probe(monkeypatch, "hang", phase_timeout_s=1.0)
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    assert r.status == "error"  # nothing measured at all (CPU benchmark off)
    timeout = next(m for m in r.results if m.status == "timeout")
    assert timeout.metric == "mem_bw_triad" and timeout.gpu == 0 and "no answer" in (timeout.reason or "")
    assert any(m.code == "PHASE_TIMEOUT" for m in r.messages)
    assert r.run.duration_s < 15


def test_overall_deadline(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "DEADLINE_GRACE_S", 0.0)
    report, _ = probe(monkeypatch, "hang", timeout_s=1.0, phase_timeout_s=30.0)
    timeout = next(m for m in report.results if m.status == "timeout")  # type: ignore[attr-defined]
    assert "time limit" in (timeout.reason or "")


def test_crashed_worker(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = probe(monkeypatch, "crash", cpu=True)
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    failed = next(m for m in r.messages if m.code == "WORKER_FAILED")
    assert "illegal memory access" in failed.text and "code 1" in failed.text
    assert r.status == "partial"  # CPU figures are still there
    assert {m.metric for m in r.results if m.status == "ok"} == {"cpu_gemm_fp32", "cpu_mem_copy"}


def test_garbage_on_the_workers_stdout_is_ignored(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = probe(monkeypatch, "garbage")
    assert report.status == "ok"  # type: ignore[attr-defined]


def test_cpu_only_torch(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    report, _ = probe(monkeypatch, "cpu_only", cpu=True)
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    msg = next(m for m in r.messages if m.code == "TORCH_CPU_ONLY")
    assert msg.level == "warn" and r.status == "partial" and len(r.gpus) == 2


def test_busy_gpu_is_skipped_not_disturbed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    gpus = h100_server(2)
    gpus[1].processes = [31337]
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml(gpus))
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": True)
    spec_file = tmp_path / "spec.json"
    monkeypatch.setenv("PROBE_FAKE_SPEC_OUT", str(spec_file))
    report, _ = probe(monkeypatch, "ok")
    spec = json.loads(spec_file.read_text(encoding="utf-8"))
    assert [s["uuid"] for s in spec["skip"]] == [gpus[1].uuid] and "--allow-busy" in spec["skip"][0]["reason"]
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    assert r.status == "partial"  # GPU 1 has no figures
    assert any(m.code == "GPU_BUSY" and m.gpu == 1 for m in r.messages)
    assert r.calibration[0].confidence == "low"
    # with --allow-busy the worker is told to skip nothing
    probe(monkeypatch, "ok", allow_busy=True)
    assert json.loads(spec_file.read_text(encoding="utf-8"))["skip"] == []


def test_every_gpu_busy_needs_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    gpus = h100_server(1)
    gpus[0].util = 95
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml(gpus))
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": True)
    report, _ = probe(monkeypatch, "ok", worker_command=[sys.executable, "-c", "raise SystemExit(7)"])
    (skipped,) = report.results  # type: ignore[attr-defined]
    assert skipped.status == "skipped" and "95 % busy" in (skipped.reason or "")


def test_mig_slice_is_measured_but_not_calibrated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([a100_mig()]))
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": True)
    monkeypatch.setenv("PROBE_FAKE_DEVICES", json.dumps([["MIG-0f7a1c22-8d43-5b8e-9a61-3c2e7d4b5f10", None]]))
    report, _ = probe(monkeypatch, "ok")
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    assert len(r.gpus) == 1  # the MIG device was mapped to its parent GPU by the instance UUID
    triad = r.measurements("mem_bw_triad", 0)[0]
    assert triad.status == "ok" and triad.peak is None and triad.params["peak_comparable"] is False
    assert r.calibration == [] and any(m.code == "MIG_SLICE" for m in r.messages)


def test_gpus_torch_sees_but_nvml_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """A container without NVML and nvidia-smi: the engine's devices are added to the report."""
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": True)
    report, _ = probe(monkeypatch, "ok")
    r = parse_report(report.to_json())  # type: ignore[attr-defined]
    assert [(g.source, g.catalog_id) for g in r.gpus] == [("torch", "nvidia-h100-sxm5-80gb")] * 2
    assert r.status == "ok"


def test_no_gpu_no_engine_still_reports_the_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": False)
    report = run_probe(ProbeOptions(mode="smoke"), smi_runner=smi_replay(None, failure=(9, "smi_no_driver.txt")))
    r = parse_report(report.to_json())
    assert r.status == "no_gpu" and r.gpus == []
    assert {m.code for m in r.messages} >= {"NVIDIA_DRIVER_NOT_LOADED", "NO_GPU"}
    assert [m.metric for m in r.results if m.status == "ok"] == ["cpu_gemm_fp32", "cpu_mem_copy"]


def test_gpus_without_an_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": False)
    report = run_probe(ProbeOptions(mode="smoke", cpu=False), smi_runner=smi_replay("l40s"))
    assert report.status == "error" and report.gpus[0].catalog_id == "nvidia-l40s"
    assert any(m.code == "NO_GPU_ENGINE" for m in report.messages)


def test_inventory_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    report = run_probe(ProbeOptions(mode="inventory"), smi_runner=smi_replay("h100x8"))
    assert report.status == "ok" and len(report.gpus) == 8 and report.results == []
    assert report.topology is not None and report.run.mode == "inventory"


def test_catalog_unavailable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    report = run_probe(ProbeOptions(mode="inventory", catalog_dir=tmp_path), smi_runner=smi_replay("l40s"))
    assert report.gpus[0].catalog_id is None
    assert any(m.code == "CATALOG_UNAVAILABLE" for m in report.messages)


def test_progress_lines_speak_the_chosen_language(h100s: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress lines go through the "Probe" context; the report itself stays English."""
    from app.core.i18n import current_translator, install_translator
    from app.i18n import install_language

    saved = current_translator()
    install_language("zh_CN")
    try:
        report, lines = probe(monkeypatch, "ok", mode="quick")
    finally:
        install_translator(*saved)
    texts = [t for _, t in lines]
    assert texts[0].endswith("，快速模式") and "quick mode" not in texts[0]
    assert any(t.startswith("找到 2 块 GPU") for t in texts)
    assert any("GPU 0：显存带宽（STREAM triad）：2,9" in t and "规格表峰值" in t for t in texts)
    assert texts[-1].startswith("探测完成：")
    assert report.run.mode == "quick"  # type: ignore[attr-defined]
