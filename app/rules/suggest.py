"""Concrete fixes built from the catalog: enough PSUs, DIMMs to fill the channels, a GPU that fits.

Searches run only when a rule fires, over the per-engine candidate lists, so they cost nothing on
a clean build.
"""

from __future__ import annotations

from collections import Counter

from app.core.build import SlotKind, dimm_slot_id
from app.core.memory import GIB
from app.core.parts import Cpu, Dimm, Gpu, Psu
from app.core.placement import gpu_mismatch
from app.core.precision import BYTES_PER_ELEMENT, Precision
from app.rules.context import RuleContext, psu_usable_w, psus_needed
from app.rules.fixes import AddParts, Fix, RemoveParts, SetPsus, SetWorkload
from app.rules.precision import supports
from app.rules.text import redundancy_label, t


def psu_fix(ctx: RuleContext, load_w: float) -> Fix | None:
    """Fewest PSUs that carry ``load_w`` under the redundancy mode; the current model first."""
    chassis = ctx.chassis
    if chassis is None:
        return None
    mode, voltage = ctx.psu.mode, ctx.site.voltage
    current = [p for _, p in ctx.psus]
    candidates: list[Psu] = []
    if current:
        candidates.append(current[0])
    candidates += [p for p in ctx.index.psus if p.rating_w(voltage) >= chassis.psu_min_rating_w]
    best: tuple[int, float, int, Psu] | None = None
    for rank, psu in enumerate(candidates):
        rating = psu.rating_w(voltage)
        if rating <= 0:
            continue
        n = psus_needed(load_w, rating, mode)
        if n > chassis.psu_bays:
            continue
        key = (n, rating, 0 if rank == 0 and current else 1, psu)
        if best is None or key[:3] < best[:3]:
            best = key
    if best is None:
        return None
    n, rating, _, psu = best
    usable = psu_usable_w(n, rating, mode)
    return Fix(
        description=t("use {n} x {rating:,g} W PSUs ({psu}) for {mode}: {usable:,g} W usable >= {load:,.0f} W",
                      n=n, rating=rating, psu=psu.display_name, mode=redundancy_label(mode), usable=usable,
                      load=load_w),
        ops=(SetPsus(part_id=psu.id, count=n),),
    )


def dimm_channels(ctx: RuleContext, cpu: Cpu) -> int:
    assert ctx.chassis is not None
    return min(ctx.chassis.memory_channels_per_socket, cpu.memory_channels)


def dimm_population_fix(ctx: RuleContext, dimm: Dimm, per_channel: int, *, replace_all: bool) -> Fix | None:
    """Put ``per_channel`` DIMMs of one model on every channel of every socket with a CPU.

    ``replace_all`` removes the DIMMs there are first; otherwise the DIMMs in place must already
    be this model and only the empty slots are filled.
    """
    if ctx.layout is None or not ctx.cpus or per_channel > ctx.layout.dimms_per_channel:
        return None
    want: list[str] = []
    for slot_id, cpu in ctx.cpus:
        socket = int(slot_id[3:])
        for n in range(per_channel):
            want.extend(dimm_slot_id(socket, c, n) for c in range(dimm_channels(ctx, cpu)))
    present = {s.id: d for s, d in ctx.dimms}
    if any(s in ctx.occupied and s not in present for s in want):
        return None  # something other than a DIMM sits in a slot the plan needs
    ops: list[AddParts | RemoveParts] = []
    if replace_all:
        if present:
            ops.append(RemoveParts(slots=tuple(present)))
        new = want
    else:
        if any(d.id != dimm.id for d in present.values()) or any(s not in set(want) for s in present):
            return None
        new = [s for s in want if s not in present]
    if not new:
        return None
    ops.append(AddParts(part_id=dimm.id, slots=tuple(new)))
    total = len(want) * dimm.capacity_gb
    channels = sum(dimm_channels(ctx, c) for _, c in ctx.cpus)
    values = {"gb": dimm.capacity_gb, "dimm": dimm.id, "channels": channels, "per_channel": per_channel,
              "total": total}
    return Fix(
        description=t("use {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, "
                      "{total} GB total)", n=len(want), **values) if replace_all else
                    t("add {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, "
                      "{total} GB total)", n=len(new), **values),
        ops=tuple(ops),
    )


def dimm_capacity_fix(ctx: RuleContext, target_gb: float) -> Fix | None:
    """Smallest balanced population of one DIMM model reaching ``target_gb``; adding to what is there first."""
    if ctx.layout is None or not ctx.cpus:
        return None
    cpu = ctx.cpus[0][1]
    channels = sum(dimm_channels(ctx, c) for _, c in ctx.cpus)
    current = Counter(d.id for _, d in ctx.dimms).most_common(1)
    current_dimm = next((d for _, d in ctx.dimms if current and d.id == current[0][0]), None)
    options: list[tuple[float, int, int, Dimm]] = []
    pool = ctx.index.dimms_for(cpu)
    for rank, dimm in enumerate(([current_dimm] if current_dimm else []) + pool):
        for per_channel in range(1, ctx.layout.dimms_per_channel + 1):
            total = channels * per_channel * dimm.capacity_gb
            if total >= target_gb:
                keep = 0 if (rank == 0 and current_dimm is not None) else 1
                options.append((total, keep, per_channel, dimm))
                break
    if not options:
        return None
    # Least memory first, then 1 DIMM per channel (2 DPC lowers the memory speed), then the model in place.
    _total, keep, per_channel, dimm = min(options, key=lambda o: (o[0], o[2], o[1]))
    replace_all = not (keep == 0 and all(d.id == dimm.id for _, d in ctx.dimms))
    return dimm_population_fix(ctx, dimm, per_channel, replace_all=replace_all)


def same_kind_gpus(ctx: RuleContext, gpu: Gpu) -> list[Gpu]:
    """Catalog GPUs that fit this chassis' GPU positions, closest to ``gpu`` first."""
    chassis = ctx.chassis
    assert chassis is not None
    out = [
        p for p in ctx.parts.values()
        if isinstance(p, Gpu) and p.id != gpu.id and gpu_mismatch(p, chassis) is None
        and p.tdp_w <= chassis.max_gpu_tdp_air_w
    ]
    out.sort(key=lambda p: (p.vendor != gpu.vendor, p.vram_gib < gpu.vram_gib, abs(p.vram_gib - gpu.vram_gib), p.id))
    return out


def precision_fixes(ctx: RuleContext, *, need_concurrency: int) -> list[Fix]:
    """Smaller weight precisions (and FP8 KV cache) that make the model fit."""
    w, gpu = ctx.workload, ctx.gpu
    if w is None or gpu is None:
        return []
    fixes: list[Fix] = []
    current = BYTES_PER_ELEMENT[w.weight_precision]
    for p in ctx.profile.vram.fallback_weight_precisions:
        if BYTES_PER_ELEMENT[p] >= current:
            continue
        if not supports(gpu, p, ctx.llm):
            continue
        fit = ctx.fit_for(weight_precision=p, concurrency=need_concurrency)
        if fit is not None and fit.fits:
            fixes.append(Fix(description=t("switch weights to {precision}: needs {need:.1f} of {usable:.1f} GiB per "
                                           "GPU", precision=p.value.upper(), need=fit.need_bytes / GIB,
                                           usable=fit.usable_bytes / GIB),
                             ops=(SetWorkload(changes={"weight_precision": p.value}),)))
            break
    if BYTES_PER_ELEMENT[w.kv_precision] > 1 and gpu.fp8_dense_tflops is not None:
        fit = ctx.fit_for(kv_precision=Precision.FP8.value, concurrency=need_concurrency)
        if fit is not None and fit.fits:
            fixes.append(Fix(description=t("store the KV cache in FP8"),
                             ops=(SetWorkload(changes={"kv_precision": Precision.FP8.value}),)))
    return fixes


def tp_fix(ctx: RuleContext, *, need_concurrency_total: int) -> Fix | None:
    """The smallest larger TP (same GPU, heads divisible) that fits; adds GPUs into free slots if needed."""
    w, gpu, llm, chassis = ctx.workload, ctx.gpu, ctx.llm, ctx.chassis
    if w is None or gpu is None or llm is None or chassis is None or len(ctx.gpu_models) > 1:
        return None
    free = ctx.free_slots(SlotKind.GPU)
    tp = w.tp * 2
    while tp * w.pp <= chassis.gpu_slots:
        if llm.splits_over_tp(tp):
            gpus_needed = tp * w.pp
            replicas = max(1, (max(ctx.gpu_count, gpus_needed) * ctx.build.node_count) // gpus_needed)
            per_replica = -(-need_concurrency_total // replicas)
            fit = ctx.fit_for(tp=tp, concurrency=per_replica)
            if fit is not None and fit.fits:
                add = gpus_needed - ctx.gpu_count
                ops: list[AddParts | SetWorkload] = []
                if add > 0:
                    if len(free) < add:
                        return None
                    ops.append(AddParts(part_id=gpu.id, slots=tuple(free[:add])))
                ops.append(SetWorkload(changes={"tp": tp}))
                if add > 0:
                    desc = (t("add a second GPU ({gpu}) with TP={tp}", gpu=gpu.display_name, tp=tp)
                            if add == 1 and ctx.gpu_count == 1 else
                            t("add {n} more GPUs ({gpu}) with TP={tp}", n=add, gpu=gpu.display_name, tp=tp))
                else:
                    desc = t("spread the model over {tp} GPUs (TP={tp})", tp=tp)
                return Fix(description=desc, ops=tuple(ops))
        tp *= 2
    return None
