"""Host rules: cores per GPU, core count, clocks vs scenario, RAM ratios, NICs, storage."""

from __future__ import annotations

import pytest

from app.core.build import Placement
from app.rules import RuleEngine, Severity
from tests.rules.factory import hgx_build, placed, small_build, swap, with_workload, without
from tests.rules.helpers import fixed, only


def test_cores_per_gpu_too_few(engine: RuleEngine) -> None:
    # 2 x EPYC 9124 = 32 cores for 8 GPUs = 4 per GPU < 8.
    build = swap(hgx_build(), "epyc-9555", "epyc-9124")
    report = engine.validate(build)
    f = only(report, "host.cores-per-gpu")
    assert f.severity is Severity.WARNING
    assert "32 cores / 8 GPU(s) = 4 cores per GPU; guideline 8-16" in f.explanation
    assert report.summary.cores_per_gpu == 4
    # 8 x 8 = 64 cores over 2 sockets: the smallest SP5 part with >= 32 cores.
    assert f.fixes[0].description == "use 2 x Test epyc-9354 (32 cores, 3.25 GHz base)"
    assert not fixed(engine, build, f).by_rule("host.cores-per-gpu")


def test_cores_per_gpu_many_is_info(engine: RuleEngine) -> None:
    f = only(engine.validate(small_build()), "host.cores-per-gpu")  # 128 cores, 1 GPU
    assert f.severity is Severity.INFO
    # Whole ratios read as the gauge reads them ("128", not "128.0"); others keep one decimal.
    assert f.message.startswith("128 CPU cores per GPU;") and "= 128 cores per GPU" in f.explanation
    three = only(engine.validate(small_build(gpu="l40s", gpus=3)), "host.cores-per-gpu")  # 128 / 3
    assert three.message.startswith("42.7 CPU cores per GPU;")


def test_cores_min_and_base_clock(engine: RuleEngine) -> None:
    # One GPU: 16 cores meet both seed 004's 8-16 per GPU and the 32-per-server floor capped at 16 x 1
    # (#17: the two guidelines used to contradict each other on a 1-GPU box).
    edge = swap(small_build(chassis="edge-1u", gpu="l20"), "epyc-9555", "epyc-9124")
    report = engine.validate(edge)
    assert not report.by_rule("host.cores-min") and not report.by_rule("host.cores-per-gpu")
    two = small_build(gpu="l40s", gpus=2)
    two = two.model_copy(update={"placements": tuple(
        Placement(part_id="epyc-9124", slots=("cpu0",)) if p.part_id == "epyc-9555" else p for p in two.placements)})
    f = only(engine.validate(two), "host.cores-min")
    assert "16 CPU cores; at least 32" in f.message
    assert f.fixes and not fixed(engine, two, f).by_rule("host.cores-min")
    xeon = swap(small_build(chassis="xeon-4u", gpu="l40s", gpus=4), "epyc-9555", "xeon-8480")
    clock = only(engine.validate(with_workload(xeon, scenario="rag")), "host.base-clock")
    assert "2 GHz; at least 2.5 GHz" in clock.message


def test_latency_scenario_prefers_clock_batch_prefers_cores(engine: RuleEngine) -> None:
    # Chat wants 3 GHz base: one finding (host.base-clock at the scenario's threshold), not two.
    chat = swap(small_build(gpu="l40s", gpus=4), "epyc-9555", "epyc-9755")  # 2.7 GHz base, chat
    report = engine.validate(chat)
    f = only(report, "host.base-clock")
    assert "at least 3 GHz" in f.message and "latency-sensitive" in f.explanation
    assert not report.by_rule("host.cpu-scenario")
    xeon = swap(small_build(chassis="xeon-4u", gpu="l40s", gpus=4), "epyc-9555", "xeon-8480")
    assert len([x for x in engine.validate(xeon).findings if "GHz" in x.message]) == 1
    batch = with_workload(small_build(gpu="l40s", gpus=4), scenario="batch")  # 64 cores per socket < 96
    g = only(engine.validate(batch), "host.cpu-scenario")
    assert "many cores" in g.message
    assert g.fixes[0].description == "use 2 x Test epyc-9654 (96 cores, 2.4 GHz base)"
    assert not engine.validate(small_build(gpu="l40s", gpus=4)).by_rule("host.cpu-scenario")


def test_ram_at_least_twice_vram(engine: RuleEngine) -> None:
    # 8 x 80 GB = 640 GB VRAM -> 1280 GB RAM; 24 x 32 GB = 768 GB.
    build = swap(hgx_build(), "ddr5-64", "ddr5-32")
    report = engine.validate(build)
    f = only(report, "host.ram-vram")
    assert f.message == "768 GB RAM; 1280 GB recommended (2 x 640 GiB VRAM)"
    assert report.summary.ram_vram_ratio == pytest.approx(1.2)
    # hgx-sp5 has 1 DIMM per channel: 24 x 64 GB = 1536 GB is the smallest balanced answer.
    assert f.fixes[0].description.startswith("use 24 x 64 GB ddr5-64 to fill all 24 channels")
    after = fixed(engine, build, f)
    assert not after.by_rule("host.ram-vram") and after.summary.ram_gb == 1536


def test_ram_per_core(engine: RuleEngine) -> None:
    # 2 x EPYC 9755 = 256 cores -> 512 GB; 24 x 16 GB = 384 GB.
    build = swap(swap(small_build(gpu="l40s"), "epyc-9555", "epyc-9755"), "ddr5-64", "ddr5-16")
    f = only(engine.validate(build), "host.ram-cores")
    assert f.message == "384 GB RAM; 512 GB recommended (2 GB x 256 cores)"
    # 768 GB either way; one DIMM per channel keeps the memory speed.
    assert f.fixes[0].description == "use 24 x 32 GB ddr5-32 to fill all 24 channels (1 per channel, 768 GB total)"
    assert not fixed(engine, build, f).by_rule("host.ram-cores")


def test_nic_tiers(engine: RuleEngine) -> None:
    # One GPU needs 10 GbE; with no NIC the cheapest fix is the 2 x 10 G card.
    one = without(small_build(chassis="edge-1u", gpu="l20"), "cx6-lx")
    f = only(engine.validate(one), "host.nic")
    assert f.message == "No add-in NIC for 1 GPU(s); 10 Gb/s of network recommended"
    assert f.fixes[0].description == "add 1 x Test X710 2x10 (2 x 10 Gb/s)"
    # 8 GPUs need 200 Gb/s RDMA: a 2 x 10 G non-RDMA card does not count.
    hgx = placed(without(hgx_build(), "cx7-400"), Placement(part_id="x710", slots=("pcie0",)))
    g = only(engine.validate(hgx), "host.nic")
    assert "InfiniBand or RoCE" in g.message and "non-RDMA ports not counted" in g.explanation
    # It names what is there before what is missing (#17: it once said "0 Gb/s" beside a 2 x 10 GbE card).
    assert g.message.startswith("X710 2x10 2 x 10 Gb/s placed (20 Gb/s, 0 Gb/s of it RDMA)")
    assert g.fixes[0].description == "add 1 x Test CX7 1x400 (1 x 400 Gb/s)"
    assert not fixed(engine, hgx, g).by_rule("host.nic")


def test_nic_multi_node(engine: RuleEngine) -> None:
    # 2 GPUs per node with TP=2 x PP=2 over 2 nodes: traffic crosses nodes -> 100 Gb/s; one CX6 Lx gives 50.
    build = with_workload(small_build(gpu="h100-pcie", gpus=2, llm="llama-70b", weight_precision="fp8"), tp=2, pp=2)
    build = build.model_copy(update={"node_count": 2})
    f = only(engine.validate(build), "host.nic")
    assert "model traffic crosses nodes" in f.explanation
    assert f.message == "CX6 Lx 2x25 2 x 25 Gb/s placed (50 Gb/s); 100 Gb/s of network recommended for 2 GPU(s)"
    assert not engine.validate(with_workload(build, pp=1)).by_rule("host.nic")  # replicas: no cross-node


def test_storage_load_time_and_data_size(engine: RuleEngine) -> None:
    # DeepSeek-V3 FP8 = 671 GB read from one SATA SSD at 550 MB/s: 1,220 s > 300 s.
    build = with_workload(hgx_build(), llm_id="deepseek-v3")
    build = placed(without(build, "u2-3840"), Placement(part_id="sata-960", slots=("drive0",)))
    report = engine.validate(build)
    by_sev = {f.severity: f for f in report.by_rule("host.storage")}
    assert set(by_sev) == {Severity.WARNING, Severity.INFO}
    assert by_sev[Severity.WARNING].message == "Loading the weights takes about 1220 s"
    assert "671 GB / 550 MB/s" in by_sev[Severity.WARNING].explanation
    assert by_sev[Severity.INFO].message == "960 GB for data; at least 2000 GB NVMe recommended"
    assert report.summary.weights_load_time_s == pytest.approx(671e3 / 550, abs=0.1)
    # Two 3.84 TB NVMe drives at 6.9 GB/s: 97 s, 7.7 TB: nothing to say.
    assert not engine.validate(with_workload(hgx_build(), llm_id="deepseek-v3")).by_rule("host.storage")


def test_storage_too_small_or_missing(engine: RuleEngine) -> None:
    # DeepSeek-V3 FP16 = 1,342 GB; with only the 2 x 480 GB M.2 drives those hold the data too.
    build = without(with_workload(hgx_build(), llm_id="deepseek-v3", weight_precision="fp16"), "u2-3840")
    errors = [f for f in engine.validate(build).by_rule("host.storage") if f.severity is Severity.ERROR]
    assert [f.message for f in errors] == ["Data drives hold 960 GB; the weights are 1342 GB"]
    none = without(without(hgx_build(), "u2-3840"), "m2-480")
    assert only(engine.validate(none), "host.storage").message == "No drive placed for the OS and the model weights"


def test_system_drives_recommendation(engine: RuleEngine) -> None:
    build = without(small_build(), "m2-480")
    f = only(engine.validate(build), "host.system-drives")
    assert f.severity is Severity.INFO
    assert f.fixes[0].description == "add 2 x Test M.2 480 (480 GB) as RAID 1 system disks"
    assert not fixed(engine, build, f).by_rule("host.system-drives")
