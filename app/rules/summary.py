"""The figures a presales engineer reads first, computed from the same context the rules use."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from app.core.build import DriveRole
from app.core.memory import GB, GIB
from app.rules.context import NodePower, RuleContext
from app.rules.site import binding_text


def _r(x: float | None, nd: int = 1) -> float | None:
    return None if x is None else round(x, nd)


@dataclass(frozen=True, slots=True)
class Summary:
    """Per-node figures (``_w`` watts, ``_gb`` decimal GB = 1e9 bytes, ``_gib`` binary GiB = 2^30 bytes).

    GPU memory is read in GiB (what "80 GB" on a GPU means); views show the ``_gib`` fields. The ``_gb``
    twins hold the same bytes in decimal GB for scripts written against earlier versions. None where
    the build lacks what is needed.
    """

    gpu_count: int
    gpu_id: str | None
    tp: int | None
    pp: int | None
    replicas: int | None
    vram_per_gpu_gb: float | None
    vram_total_gb: float
    vram_usable_per_gpu_gb: float | None
    vram_need_per_gpu_gb: float | None
    vram_headroom_per_gpu_gb: float | None
    weights_gb: float | None
    kv_cache_per_gpu_gb: float | None
    concurrency_checked: int | None  # requests per model copy the fit was checked at
    max_concurrency: int | None  # whole deployment, at the requested context
    longest_context_tokens: int | None  # one request per model copy
    rule_of_thumb_gb: float | None  # seed 003: weights x 1.2, a quick check only
    rule_of_thumb_have_gb: float | None  # VRAM of one tp x pp group
    # GPU memory in GiB (added in version 2; the per-GPU need is weights + overhead + KV cache).
    vram_per_gpu_gib: float | None
    vram_total_gib: float
    vram_usable_per_gpu_gib: float | None
    vram_need_per_gpu_gib: float | None
    vram_headroom_per_gpu_gib: float | None
    weights_per_gpu_gib: float | None
    overhead_per_gpu_gib: float | None
    kv_cache_per_gpu_gib: float | None
    weights_gib: float | None
    rule_of_thumb_gib: float | None
    rule_of_thumb_have_gib: float | None
    power_max_w: float
    power_typical_w: float
    power_max_wall_w: float
    power_typical_wall_w: float
    power_by_component_w: dict[str, float]
    psu_count: int
    psu_rating_w: float
    psu_usable_w: float
    psu_redundancy: str
    feed_voltage_v: float
    rack_budget_w: float
    rack_usable_w: float
    heat_w: float
    heat_btu_h: float
    cooling: str
    cooling_limit_w: float
    nodes_per_rack: int | None
    nodes_per_rack_limits: dict[str, int] | None
    binding_limit: list[str] | None
    rack_heat_w: float | None
    rack_heat_btu_h: float | None
    node_count: int
    racks_needed: int | None
    cores: int
    cores_per_gpu: float | None
    ram_gb: float
    ram_vram_ratio: float | None
    ram_gb_per_core: float | None
    weights_load_time_s: float | None
    # The site (added with editable sites): the feed breaker's rating before derating (None without a
    # feed), the share of it a continuous load may use, where the cooling capacity comes from, and
    # which limit sets nodes per rack, in words (None when not even one node fits).
    feed_rating_w: float | None = None
    feed_max_load: float | None = None
    cooling_source: str | None = None
    rack_limit_text: str | None = None
    # Power against the vendor (issue 17): the board power each GPU runs at (its TDP, or the build's power
    # cap within the datasheet range), and the vendor's published maximum at the wall beside
    # power_max_wall_w, with its source (None where the chassis has none).
    gpu_power_limit_w: float | None = None
    vendor_max_w: float | None = None
    vendor_max_source: str | None = None
    # Power at the client's operating point (issue 19): wall W per node when idle, at the user's load and
    # at the extreme (fans at 100 %, everything at max); max stays power_max_wall_w (sizing). The board W
    # per GPU at the operating point (None without an estimate), and what the load figure rests on:
    # "operating point" (the estimate at the load) or "typical" (the profile's shares).
    power_idle_wall_w: float = 0.0
    power_load_wall_w: float = 0.0
    power_extreme_wall_w: float = 0.0
    gpu_power_load_w: float | None = None
    power_load_basis: str = "typical"
    power_load_dc_w: float = 0.0  # at the PSU outputs, what the PSUs carry at the load (failure scenarios)
    # Heat at the load (what the facility removes on average; heat_w stays the max, for the cooling
    # checks), and the four figures per rack (x the nodes one rack holds): idle, load, max, extreme.
    heat_load_w: float = 0.0
    heat_load_btu_h: float = 0.0
    rack_power_w: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def load_time_s(ctx: RuleContext) -> float | None:
    """Weights / sequential read of the fastest drive that holds data (system drives if none)."""
    w = ctx.weights_gb
    if w is None or not ctx.drives:
        return None
    data = [d for _, d, role in ctx.drives if role is DriveRole.DATA] or [d for _, d, _ in ctx.drives]
    best = max(d.seq_read_mbs for d in data)
    return w * 1000 / best


def _rack_power(node: NodePower, nodes: int) -> dict[str, float]:
    """Wall W of one rack's nodes (as many as one rack holds, at most the build's) in each of the four states."""
    return {"idle": round(node.idle_wall_w * nodes, 1), "load": round(node.load_wall_w * nodes, 1),
            "max": round(node.max_wall_w * nodes, 1), "extreme": round(node.extreme_wall_w * nodes, 1)}


def summarize(ctx: RuleContext) -> Summary:
    fit, w, power, psu, site, rack = ctx.fit, ctx.workload, ctx.power, ctx.psu, ctx.site, ctx.rack
    bpw = ctx.btu_per_watt
    max_conc = longest = None
    if fit is not None and w is not None and ctx.llm is not None:
        max_conc = fit.max_concurrency(w.context_tokens) * max(1, ctx.replicas)
        longest = min(fit.max_tokens_in_flight, ctx.llm.max_context)
    thumb = have = None
    weights_gib = ctx.weights_gib
    if w is not None and weights_gib is not None:
        thumb = weights_gib * ctx.profile.vram.rule_of_thumb_factor.value
        if ctx.gpu is not None:
            have = ctx.gpu.vram_gib * w.gpus_per_replica
    vram_total_gib = ctx.vram_total_gib
    nodes = rack.nodes_per_rack if rack is not None else None
    rack_heat = None
    rack_nodes = 0
    if rack is not None:
        rack_nodes = min(ctx.build.node_count, max(1, rack.nodes_per_rack))
        rack_heat = rack_nodes * rack.node_w
    node = ctx.node_power()
    return Summary(
        gpu_count=ctx.gpu_count,
        gpu_id=ctx.gpu.id if ctx.gpu is not None else None,
        tp=w.tp if w else None,
        pp=w.pp if w else None,
        replicas=ctx.replicas if w else None,
        vram_per_gpu_gb=_r(ctx.gpu.vram_gib * GIB / GB, 2) if ctx.gpu is not None else None,
        vram_total_gb=_r(vram_total_gib * GIB / GB, 2) or 0.0,
        vram_usable_per_gpu_gb=_r(fit.usable_bytes / GB, 2) if fit else None,
        vram_need_per_gpu_gb=_r(fit.need_bytes / GB, 2) if fit else None,
        vram_headroom_per_gpu_gb=_r(fit.headroom_bytes / GB, 2) if fit else None,
        weights_gb=_r(ctx.weights_gb, 2),
        kv_cache_per_gpu_gb=_r(fit.kv_bytes_requested / GB, 2) if fit else None,
        concurrency_checked=ctx.replica_concurrency if fit else None,
        max_concurrency=max_conc,
        longest_context_tokens=longest,
        rule_of_thumb_gb=_r(thumb * GIB / GB, 2) if thumb is not None else None,
        rule_of_thumb_have_gb=_r(have * GIB / GB, 2) if have is not None else None,
        vram_per_gpu_gib=ctx.gpu.vram_gib if ctx.gpu is not None else None,
        vram_total_gib=vram_total_gib,
        vram_usable_per_gpu_gib=_r(fit.usable_bytes / GIB, 2) if fit else None,
        vram_need_per_gpu_gib=_r(fit.need_bytes / GIB, 2) if fit else None,
        vram_headroom_per_gpu_gib=_r(fit.headroom_bytes / GIB, 2) if fit else None,
        weights_per_gpu_gib=_r(fit.weights_bytes / GIB, 2) if fit else None,
        overhead_per_gpu_gib=_r(fit.overhead_bytes / GIB, 2) if fit else None,
        kv_cache_per_gpu_gib=_r(fit.kv_bytes_requested / GIB, 2) if fit else None,
        weights_gib=_r(weights_gib, 2),
        rule_of_thumb_gib=_r(thumb, 2),
        rule_of_thumb_have_gib=have,
        power_max_w=_r(power.max_dc_w) or 0.0,
        power_typical_w=_r(power.typical_dc_w) or 0.0,
        power_max_wall_w=_r(power.max_ac_w) or 0.0,
        power_typical_wall_w=_r(power.typical_ac_w) or 0.0,
        power_by_component_w={k: round(v, 1) for k, v in power.max_by_kind.items()},
        psu_count=psu.count,
        psu_rating_w=psu.rating_w,
        psu_usable_w=psu.usable_w,
        psu_redundancy=psu.mode.value,
        feed_voltage_v=site.voltage,
        rack_budget_w=site.budget_w,
        rack_usable_w=_r(site.usable_w) or 0.0,
        heat_w=_r(power.max_ac_w) or 0.0,
        heat_btu_h=_r(power.max_ac_w * bpw) or 0.0,
        cooling=site.cooling.value,
        cooling_limit_w=site.cooling_ceiling_w,
        nodes_per_rack=nodes,
        nodes_per_rack_limits=(
            {"power": rack.by_power, "rack_units": rack.by_rack_units, "cooling": rack.by_cooling} if rack else None
        ),
        binding_limit=list(rack.binding) if rack else None,
        rack_heat_w=_r(rack_heat),
        rack_heat_btu_h=_r(rack_heat * bpw) if rack_heat is not None else None,
        node_count=ctx.build.node_count,
        racks_needed=math.ceil(ctx.build.node_count / nodes) if nodes else None,
        cores=ctx.cores,
        cores_per_gpu=_r(ctx.cores / ctx.gpu_count, 2) if ctx.gpu_count else None,
        ram_gb=ctx.ram_gb,
        ram_vram_ratio=_r(ctx.ram_gb / vram_total_gib, 2) if vram_total_gib else None,
        ram_gb_per_core=_r(ctx.ram_gb / ctx.cores, 2) if ctx.cores else None,
        weights_load_time_s=_r(load_time_s(ctx)),
        feed_rating_w=_r(site.feed_w),
        feed_max_load=site.feed_max_load,
        cooling_source=site.cooling_source,
        rack_limit_text=binding_text(site, rack) if rack is not None else None,
        gpu_power_limit_w=ctx.gpu_power_w(ctx.gpu) if ctx.gpu is not None else None,
        vendor_max_w=ctx.chassis.vendor_max_w if ctx.chassis is not None else None,
        vendor_max_source=(ctx.chassis.vendor_max_source or None) if ctx.chassis is not None else None,
        power_idle_wall_w=_r(node.idle_wall_w) or 0.0,
        power_load_wall_w=_r(node.load_wall_w) or 0.0,
        power_extreme_wall_w=_r(node.extreme_wall_w) or 0.0,
        gpu_power_load_w=_r(node.gpu_load_w),
        power_load_basis=node.basis,
        power_load_dc_w=_r(node.load_dc_w) or 0.0,
        heat_load_w=_r(node.load_wall_w) or 0.0,
        heat_load_btu_h=_r(node.load_wall_w * bpw) or 0.0,
        rack_power_w=_rack_power(node, rack_nodes) if rack_nodes else None,
    )
