"""Host completion: the parts around the GPUs are the ones the rules ask for, placed in real slots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from app.core.build import Build, DriveRole, Environment, EnvironmentKind, Redundancy, Workload
from app.core.parts import AnyPart, Chassis, Dimm, Gpu, Llm, Nic
from app.core.precision import BYTES_PER_ELEMENT, Precision
from app.core.scenarios import CpuPreference, Scenario
from app.recommend.host import HostPlanner, gpu_counts
from app.rules import RuleEngine, Severity
from app.rules.engine import Report
from app.rules.findings import Finding


@pytest.fixture(scope="module")
def planner(parts: Mapping[str, AnyPart], engine: RuleEngine) -> HostPlanner:
    return HostPlanner(parts, engine)


def _node(planner: HostPlanner, parts: Mapping[str, AnyPart], chassis_id: str, gpu_id: str, gpus: int,
          workload: Workload, env: Environment, redundancy: Redundancy, *, multi: bool = False,
          nodes: int = 1) -> Build:
    chassis, gpu = parts[chassis_id], parts[gpu_id]
    assert isinstance(chassis, Chassis) and isinstance(gpu, Gpu)
    llm = parts[workload.llm_id]
    assert isinstance(llm, Llm)
    weights = llm.total_params_b * BYTES_PER_ELEMENT[workload.weight_precision]
    plan = planner.complete(chassis=chassis, gpu=gpu, gpus=gpus, preference=CpuPreference.CLOCK, multi_node=multi,
                            weights_gb=weights, environment=env, redundancy=redundancy)
    assert plan.problems == ()
    return Build(name="t", chassis_id=chassis_id, placements=plan.placements, workload=workload, environment=env,
                 psu_redundancy=redundancy, node_count=nodes)


def _host_findings(report: Report) -> list[Finding]:
    """The hardware's findings: the workload's latency at the load (perf.*) is not the host's doing."""
    return [f for f in report.findings if not f.rule_id.startswith("perf.")]


def _host_errors(report: Report) -> list[str]:
    return [f.message for f in _host_findings(report) if f.severity is Severity.ERROR]


def test_hgx_node_for_405b_passes_every_rule(planner: HostPlanner, parts: Mapping[str, AnyPart],
                                             engine: RuleEngine) -> None:
    wl = Workload(llm_id="meta-llama-3.1-405b", weight_precision=Precision.FP8, kv_precision=Precision.FP8,
                  input_tokens=2048, output_tokens=512, concurrency=16, tp=8)
    build = _node(planner, parts, "supermicro-as-8125gs-tnhr", "nvidia-h100-sxm5-80gb", 8, wl,
                  Environment(kind=EnvironmentKind.DATACENTER), Redundancy.N_PLUS_1)
    report = engine.validate(build)
    assert not _host_errors(report), _host_errors(report)
    assert not [f for f in _host_findings(report) if f.severity is Severity.WARNING]
    s = report.summary
    assert s.ram_gb >= 2 * s.vram_total_gib and s.ram_gb >= 2 * s.cores
    assert s.cores >= 8 * 8
    # high-speed networking for 8 GPUs: >= 200 Gb/s of RDMA (seeds 003, 004)
    nics = [(parts[p.part_id], p.quantity) for p in build.placements if isinstance(parts[p.part_id], Nic)]
    assert sum(n.total_gbps * q for n, q in nics if isinstance(n, Nic) and n.rdma) >= 200
    # every memory channel of both sockets populated evenly with one model
    dimms = [p for p in build.placements if isinstance(parts[p.part_id], Dimm)]
    assert len(dimms) == 1
    per_channel = Counter(slot.rsplit("-", 1)[0] for slot in dimms[0].slots)
    assert len(per_channel) == 2 * 12 and len(set(per_channel.values())) == 1


def test_single_l20_tower_at_the_edge(planner: HostPlanner, parts: Mapping[str, AnyPart],
                                      engine: RuleEngine) -> None:
    wl = Workload(llm_id="qwen2.5-7b", weight_precision=Precision.FP8, input_tokens=1024, output_tokens=64,
                  concurrency=1, scenario=Scenario.CHAT)
    build = _node(planner, parts, "diy-tower-1p-sp5-1gpu", "nvidia-l20", 1, wl,
                  Environment(kind=EnvironmentKind.EDGE), Redundancy.NONE)
    report = engine.validate(build)
    assert not _host_errors(report), _host_errors(report)
    roles = {p.role for p in build.placements if p.role is not None}
    assert roles == {DriveRole.SYSTEM, DriveRole.DATA}
    assert report.summary.psu_count == 1 and report.summary.cores >= 32


def test_multi_node_group_gets_rdma_between_nodes(planner: HostPlanner, parts: Mapping[str, AnyPart],
                                                  engine: RuleEngine) -> None:
    # 405B in BF16 (812 GB) does not fit one 8 x H100 node: TP 8 inside, PP 2 across two nodes
    wl = Workload(llm_id="meta-llama-3.1-405b", weight_precision=Precision.BF16, input_tokens=2048,
                  output_tokens=512, concurrency=8, tp=8, pp=2)
    build = _node(planner, parts, "supermicro-sys-821ge-tnhr", "nvidia-h100-sxm5-80gb", 8, wl,
                  Environment(kind=EnvironmentKind.DATACENTER), Redundancy.N_PLUS_N, multi=True, nodes=2)
    report = engine.validate(build)
    assert not _host_errors(report), _host_errors(report)
    assert not report.by_rule("host.nic")


def test_psus_follow_the_redundancy_mode(planner: HostPlanner, parts: Mapping[str, AnyPart]) -> None:
    chassis = parts["dell-poweredge-r760xa"]
    assert isinstance(chassis, Chassis)
    psu, n, carries = planner.choose_psus(chassis, 2500, 230, Redundancy.N_PLUS_1)
    assert carries and (n - 1) * psu.rating_w(230) >= 2500 and n <= chassis.psu_bays
    _psu, _n, carries = planner.choose_psus(chassis, 9000, 230, Redundancy.N_PLUS_1)
    assert not carries  # two bays cannot carry 9 kW with one spare: the rules will say so


def test_gpu_counts_fill_baseboards_only_whole(parts: Mapping[str, AnyPart], planner: HostPlanner) -> None:
    hgx, r760 = parts["supermicro-sys-821ge-tnhr"], parts["dell-poweredge-r760xa"]
    assert isinstance(hgx, Chassis) and isinstance(r760, Chassis)
    assert gpu_counts(hgx, 8, None) == (8,)
    assert gpu_counts(hgx, 8, 4) == ()
    assert gpu_counts(r760, 4, None) == (1, 2, 3, 4)
    assert gpu_counts(r760, 4, 1) == (1,)
    l20, h100 = parts["nvidia-l20"], parts["nvidia-h100-sxm5-80gb"]
    assert isinstance(l20, Gpu) and isinstance(h100, Gpu)
    assert planner.positions(hgx, h100) == 8 and planner.positions(hgx, l20) == 0
    assert planner.why_not_chassis(l20, hgx) is not None and planner.why_not_chassis(h100, hgx) is None
    assert hgx in planner.chassis_for(h100, liquid=False)
    assert all(c.gpu_form_factor.value == "PCIe" for c in planner.chassis_for(l20, liquid=False))
