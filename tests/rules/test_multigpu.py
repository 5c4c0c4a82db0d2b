"""Multi-GPU rules: TP/PP layout vs GPUs, heads, PCIe-only TP, P2P, mixed models."""

from __future__ import annotations

from app.core.build import Placement
from app.rules import RuleEngine, Severity
from tests.rules.factory import LLMS, hgx_build, placed, small_build, swap, with_workload
from tests.rules.helpers import fixed, only


def test_tp_larger_than_gpus(engine: RuleEngine) -> None:
    build = small_build(gpu="h100-pcie", gpus=2, llm="llama-70b", weight_precision="fp8", tp=4)
    f = only(engine.validate(build), "multigpu.layout")
    assert f.severity is Severity.ERROR
    assert f.message == "TP=4 x PP=1 needs 4 GPUs; 2 deployed"
    assert [x.description for x in f.fixes] == ["use TP=2, PP=1 on this node's 2 GPU(s)",
                                                "deploy 2 nodes for TP=4 x PP=1"]
    assert not fixed(engine, build, f, 0).by_rule("multigpu.layout")
    # Two nodes hold the group, but TP=4 now crosses the network: a warning is left, no error.
    assert [x.severity for x in fixed(engine, build, f, 1).by_rule("multigpu.layout")] == [Severity.WARNING]


def test_idle_gpus(engine: RuleEngine) -> None:
    build = small_build(gpu="l40s", gpus=3, llm="llama-8b", tp=2)
    f = only(engine.validate(build), "multigpu.layout")
    assert f.severity is Severity.WARNING
    assert f.message == "1 of 3 GPUs idle: 3 is not a multiple of TP x PP = 2"
    assert f.slots == ("gpu2",)


def test_tp_across_nodes(engine: RuleEngine) -> None:
    build = with_workload(hgx_build(node_count=2), llm_id="deepseek-v3", tp=16)
    f = only(engine.validate(build), "multigpu.layout")
    assert f.severity is Severity.WARNING and "spans nodes of 8 GPUs" in f.message
    assert f.fixes[0].description == "keep TP inside the node: TP=8, PP=2 across nodes"
    after = fixed(engine, build, f)
    assert not after.by_rule("multigpu.layout")
    assert after.summary.tp == 8 and after.summary.pp == 2


def test_tp_must_divide_heads(engine: RuleEngine) -> None:
    # Qwen2.5-32B has 40 attention heads: TP=3 does not divide them; TP=4 (nearest, on 4 GPUs) does.
    build = small_build(gpu="l40s", gpus=4, llm="qwen-32b", weight_precision="fp8", tp=3)
    f = only(engine.validate(build), "multigpu.tp-heads")
    assert f.message == "TP=3 does not divide Qwen2.5-32B's 40 attention heads"
    assert f.fixes[0].description == "use TP=4"
    assert not fixed(engine, build, f).by_rule("multigpu.tp-heads")


def test_tp_must_split_the_kv_heads(engine: RuleEngine) -> None:
    # Phi-3-medium: 40 query heads, 10 KV heads. TP=4 divides the 40 but not the 10, and 4 is no multiple of 10 to
    # replicate them whole: vLLM's attention asserts both, so the engine refuses. TP=2 splits both.
    build = small_build(gpu="l40s", gpus=4, llm="phi-3-medium", tp=4)
    f = only(engine.validate(build), "multigpu.tp-heads")
    assert f.message == "TP=4 does not split Phi-3-medium's 10 KV heads"
    assert "neither divides the other" in f.explanation
    assert f.fixes[0].description == "use TP=2"
    assert not fixed(engine, build, f).by_rule("multigpu.tp-heads")


def test_which_tps_split_the_heads() -> None:
    llms = {p.id: p for p in LLMS}
    # GQA: KV heads split evenly, or replicated whole when TP exceeds them (TP a multiple of the KV heads).
    assert [tp for tp in range(1, 65) if llms["llama-70b"].splits_over_tp(tp)] == [1, 2, 4, 8, 16, 32, 64]
    assert [tp for tp in range(1, 41) if llms["phi-3-medium"].splits_over_tp(tp)] == [1, 2, 5, 10, 20, 40]
    # MLA caches one latent every GPU holds: only the query heads must split.
    assert [tp for tp in range(1, 17) if llms["deepseek-v3"].splits_over_tp(tp)] == [1, 2, 4, 8, 16]


def test_tp_over_pcie(engine: RuleEngine) -> None:
    # 4 x L40S (no NVLink) at TP=4: warn, suggest TP=2 x PP=2 (which still fits: 35.3 GB of weights per pair).
    build = small_build(gpu="l40s", gpus=4, llm="llama-70b", weight_precision="fp8", tp=4)
    f = only(engine.validate(build), "multigpu.tp-pcie")
    assert f.severity is Severity.WARNING
    assert "keep TP <= 2" in f.explanation
    assert f.fixes[0].description == "use TP=2 x PP=2 (pipeline parallelism over PCIe)"
    assert not fixed(engine, build, f).by_rule("multigpu.tp-pcie")
    # TP=2 over PCIe is accepted, and NVLink/NVSwitch (HGX) at TP=8 is fine.
    assert not engine.validate(with_workload(build, tp=2)).by_rule("multigpu.tp-pcie")
    assert not engine.validate(hgx_build()).by_rule("multigpu.tp-pcie")
    # An NVLink *bridge* pairs cards only: TP=4 over H100 PCIe still warns.
    assert engine.validate(swap(build, "l40s", "h100-pcie")).by_rule("multigpu.tp-pcie")


def test_consumer_cards_without_p2p(engine: RuleEngine) -> None:
    build = swap(small_build(chassis="xeon-4u", gpu="l40s", gpus=2, llm="llama-8b", tp=2), "l40s", "rtx-5090")
    f = only(engine.validate(build), "multigpu.p2p")
    assert "no peer-to-peer" in f.message
    assert not engine.validate(with_workload(build, tp=1)).by_rule("multigpu.p2p")


def test_mixed_gpu_models(engine: RuleEngine) -> None:
    build = placed(small_build(gpu="l40s", llm="llama-8b", tp=2), Placement(part_id="l20", slots=("gpu1",)))
    report = engine.validate(build)
    f = only(report, "multigpu.mixed")
    assert f.severity is Severity.ERROR and "one TP/PP group" in f.message
    replicas = engine.validate(with_workload(build, tp=1))
    assert only(replicas, "multigpu.mixed").severity is Severity.WARNING
    assert report.summary.gpu_id == "l20"  # sized on the smaller/first of equal memory


def test_replicas_at_tp1_raise_nothing(engine: RuleEngine) -> None:
    report = engine.validate(small_build(gpu="l40s", gpus=2, llm="llama-8b", concurrency=16))
    assert not [f for f in report.findings if f.rule_id.startswith("multigpu.")]
    assert report.summary.replicas == 2
