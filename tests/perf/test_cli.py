"""`python -m app estimate`: text, JSON, sweeps, project files and user errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.perf.test_dataset import needs_catalog

pytestmark = needs_catalog

BASE = [
    "estimate",
    "--gpu",
    "nvidia-h100-sxm5-80gb",
    "--count",
    "8",
    "--tp",
    "8",
    "--model",
    "meta-llama-3.1-70b",
    "--precision",
    "fp8",
    "--input-len",
    "1024",
    "--output-len",
    "512",
]


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    rc = main(["--data-dir", str(tmp_path), *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_single_estimate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "16", "--engine", "trtllm", "--tpot-ms", "40", "--json")
    assert rc == 0
    d = json.loads(out)
    assert d["inputs"]["gpu"] == "nvidia-h100-sxm5-80gb" and d["inputs"]["engine"] == "trtllm"
    assert d["concurrency"] == 16 and d["ttft_ms"] > 0 and d["tpot_ms"] > 0
    assert d["max_concurrency_kv"] >= d["max_concurrency_slo"] > 0
    assert d["peaks"]["source"] == "datasheet"
    assert d["cost"]["per_million_output"] > 0 and d["cost_notes"]
    assert d["bands"]["tpot_ms"] > 0 and d["assumptions"]


def test_text_output_has_bands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "4", "--hourly-rate", "25")
    assert rc == 0
    assert "TTFT" in out and "(+/- " in out and "USD/M output tokens" in out


def test_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "1,2,4,8", "--json")
    assert rc == 0
    d = json.loads(out)
    assert [p["concurrency"] for p in d["sweep"]] == [1, 2, 4, 8]
    totals = [p["output_tps_total"] for p in d["sweep"]]
    assert totals == sorted(totals)


def test_max_is_offline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "max", "--json")
    assert rc == 0
    d = json.loads(out)
    assert d["inputs"]["mode"] == "offline" and d["concurrency"] > 64


def test_max_num_seqs_caps_what_runs_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--max-num-seqs is the engine's own request limit: offline, 64 run at once on each of the replicas
    (8 H100s, TP 8: one replica) where the KV cache holds more; a bad value is refused by name."""
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "max", "--max-num-seqs", "64", "--json")
    assert rc == 0
    capped = json.loads(out)
    rc, out, _ = run(tmp_path, capsys, *BASE, "--concurrency", "max", "--json")
    free = json.loads(out)
    assert capped["running_per_replica"] == 64 < free["running_per_replica"]
    assert capped["output_tps_total"] < free["output_tps_total"]
    rc, _, err = run(tmp_path, capsys, *BASE, "--concurrency", "4", "--max-num-seqs", "0")
    assert rc == 2 and "--max-num-seqs 0" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--gpu", "no-such-gpu"], "not a GPU"),
        (["--model", "nvidia-h100-sxm5-80gb"], "not an LLM"),
        (["--precision", "fp3"], "unknown weight precision"),
        (["--tp", "16"], "needs 16 GPUs"),
    ],
)
def test_user_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    argv = list(BASE)
    for i in range(0, len(args), 2):
        idx = argv.index(args[i])
        argv[idx + 1] = args[i + 1]
    rc, _, err = run(tmp_path, capsys, *argv, "--concurrency", "1")
    assert rc == 2 and message in err


def test_missing_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(tmp_path, capsys, "estimate", "--gpu", "nvidia-h100-sxm5-80gb")
    assert rc == 2 and "missing --model" in err
    rc, _, err = run(tmp_path, capsys, *BASE)
    assert rc == 2 and "--concurrency" in err
    rc, _, err = run(tmp_path, capsys, *BASE, "--concurrency", "0")
    assert rc == 2


def test_project_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.core.build import Build, Placement, Workload
    from app.project import Project, ProjectInfo, save_project

    build = Build(
        name="8x H100",
        chassis_id="supermicro-sys-821ge-tnhr",
        placements=(Placement(part_id="nvidia-h100-sxm5-80gb", slots=tuple(f"gpu{i}" for i in range(8))),),
        workload=Workload(
            llm_id="meta-llama-3.1-70b",
            weight_precision="fp8",
            kv_precision="fp8",
            input_tokens=2048,
            output_tokens=256,
            concurrency=32,
            tp=4,
        ),
    )
    path = tmp_path / "p.json"
    save_project(Project(project=ProjectInfo(name="t"), builds=(build,)), path)
    rc, out, err = run(tmp_path, capsys, "estimate", "--project", str(path), "--json")
    assert rc == 0, err
    d = json.loads(out)
    assert d["inputs"]["tp"] == 4 and d["replicas"] == 2 and d["concurrency"] == 32
    assert d["inputs"]["kv_precision"] == "fp8" and d["inputs"]["ttft_target_ms"] == 100  # chat scenario
    rc, _, err = run(tmp_path, capsys, "estimate", "--project", str(path), "--build", "nope")
    assert rc == 2 and "no build 'nope'" in err


def test_sweep_says_what_requests_wait_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Past vLLM's max_num_seqs the table says so, and the JSON names the limit per point (256 on an A100:
    vLLM's 1024 is for other GPUs of 70 GiB and more)."""
    a100 = [("nvidia-a100-sxm4-80gb" if a == "nvidia-h100-sxm5-80gb" else "fp16" if a == "fp8" else a) for a in BASE]
    rc, out, _ = run(tmp_path, capsys, *a100, "--concurrency", "128,512", "--engine", "vllm")
    assert rc == 0
    lines = [line for line in out.splitlines() if line.strip().startswith(("128", "512"))]
    assert "(queued" not in lines[0] and "(queued: max_num_seqs)" in lines[1]
    rc, out, _ = run(tmp_path, capsys, *a100, "--concurrency", "128,512", "--engine", "vllm", "--json")
    assert [p["queue_limit"] for p in json.loads(out)["sweep"]] == ["", "scheduler"]


def test_no_overlap_runs_vllm_as_before_0_14(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """vLLM plans the next step while the GPU runs one (async scheduling, its default since 0.14.0); --no-overlap
    estimates an older vLLM: its host work a step adds to TPOT (the calibration's t_step_ms, 1.41 ms) and the
    fixed-floor note says it adds."""
    args = (*BASE, "--concurrency", "1", "--engine", "vllm")
    rc, out, _ = run(tmp_path, capsys, *args, "--json")
    assert rc == 0
    rc, out_old, _ = run(tmp_path, capsys, *args, "--no-overlap", "--json")
    assert rc == 0
    new, old = json.loads(out), json.loads(out_old)
    assert old["tpot_ms"] - new["tpot_ms"] == pytest.approx(1.411, abs=0.01)
    assert any("overlaps the GPU's work" in a for a in new["assumptions"])
    assert any("ms/step)" in a for a in old["assumptions"])
