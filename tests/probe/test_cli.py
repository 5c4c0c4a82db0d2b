"""`probe` and `probe-import` through a fresh argparse parser (as app.cli will register them)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

import app
from app.cli import CliError
from app.probe import runner
from app.probe.cli import register
from app.probe.report import load_report
from tests.probe.sample import sample_report

ROOT = str(Path(app.__file__).parent.parent)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m app")
    parser.add_argument("--data-dir")
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


@pytest.fixture(autouse=True)
def no_gpu_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": False)
    monkeypatch.setitem(sys.modules, "pynvml", None)


def test_probe_writes_a_valid_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    args = parse(["probe", "--smoke", "--json", str(out)])
    assert args.mode == "smoke"
    assert args.func(args) == 0
    report = load_report(out)
    assert report.run.mode == "smoke" and {m.metric for m in report.results} == {"cpu_gemm_fp32", "cpu_mem_copy"}
    captured = capsys.readouterr()
    assert "Report written to" in captured.out and "[100%]" in captured.err


def test_probe_json_to_stdout_and_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["--data-dir", str(tmp_path), "probe", "--inventory-only", "--json", "-", "--store", "--quiet"])
    assert args.func(args) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["run"]["mode"] == "inventory"
    assert captured.err.startswith("Report stored as") and len(list((tmp_path / "probe-reports").iterdir())) == 1


@pytest.mark.parametrize(("argv", "needle"), [
    (["probe", "--memory-fraction", "0.9"], "--memory-fraction"),
    (["probe", "--timeout", "0"], "--timeout"),
    (["probe", "--json", "/nonexistent-dir/x/report.json"], "does not exist"),
])
def test_probe_usage_errors(argv: list[str], needle: str) -> None:
    args = parse(argv)
    with pytest.raises(CliError, match=needle):
        args.func(args)


def test_default_mode_is_full_and_modes_exclude_each_other() -> None:
    assert parse(["probe"]).mode == "full" and parse(["probe", "--quick"]).mode == "quick"
    with pytest.raises(SystemExit):
        parse(["probe", "--quick", "--smoke"])


def test_probe_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "client.json"
    source.write_text(sample_report().to_json(), encoding="utf-8")
    args = parse(["--data-dir", str(tmp_path / "data"), "probe-import", str(source), "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["already_present"] is False and out["host"] == "gpu-node-7" and out["gpus"] == 2
    assert out["calibration"][0]["gpu_id"] == "nvidia-h100-sxm5-80gb"
    assert Path(out["stored"]).exists()
    # How far the measured figures move the reference estimate, both ways, with the relative change.
    shift = out["calibration"][0]["estimate_shift"]
    assert shift["model"] and shift["concurrency"] == 8
    for metric in ("ttft_ms", "tpot_ms", "output_tps_total"):
        m = shift[metric]
        assert m["datasheet"] > 0 and m["probe"] > 0
        assert m["change"] == pytest.approx(m["probe"] / m["datasheet"] - 1.0)
    # The sample's figures sit at the realistic ceilings (datasheet-equivalent): the estimate barely moves.
    assert abs(shift["tpot_ms"]["change"]) < 0.05
    args = parse(["--data-dir", str(tmp_path / "data"), "probe-import", str(source)])
    assert args.func(args) == 0
    text = capsys.readouterr().out
    assert text.startswith("Already imported")
    assert "moves the estimate" in text and "against datasheet peaks" in text


def test_estimate_shift_follows_the_measured_peaks(tmp_path: Path) -> None:
    """A card measuring half its datasheet bandwidth: memory-bound decode slows, compute-bound prefill less."""
    from app.catalog.store import Catalog
    from app.core.parts import Gpu
    from app.perf.model import MeasuredPeaks
    from app.probe.measured import estimate_shift

    cat = Catalog.open(tmp_path / "c.db")
    try:
        parts = cat.parts_by_id()
    finally:
        cat.close()
    gpu = parts["nvidia-h100-sxm5-80gb"]
    assert isinstance(gpu, Gpu)
    slow = MeasuredPeaks(bandwidth_gbs=gpu.mem_bandwidth_gbs * 0.88 / 2, tflops_by_precision={}, source_label="t")
    shift = estimate_shift(gpu, slow, parts)
    assert shift is not None
    tpot, ttft = shift["tpot_ms"], shift["ttft_ms"]
    assert isinstance(tpot, dict) and isinstance(ttft, dict)
    assert 0.5 < tpot["change"] < 1.1  # decode is mostly weight and KV streaming
    assert ttft["change"] < tpot["change"]


def test_probe_import_rejects_with_a_reason(tmp_path: Path) -> None:
    bad = tmp_path / "project.json"
    bad.write_text('{"format": "inference-sizer.project", "format_version": 1}', encoding="utf-8")
    args = parse(["--data-dir", str(tmp_path), "probe-import", str(bad)])
    with pytest.raises(CliError, match=r"project\.json: foreign file"):
        args.func(args)


def test_standalone_module_entry_point(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    done = subprocess.run([sys.executable, "-m", "app.probe", "--inventory-only", "--quiet", "--json", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert load_report(out).run.mode == "inventory"
    bad = subprocess.run([sys.executable, "-m", "app.probe", "probe-import", str(tmp_path / "missing.json")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("error: missing.json: cannot read")
