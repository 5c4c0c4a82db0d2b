"""Performance: the estimate's figures (latency, throughput, concurrency, cost per million tokens) and
the chart, drawn from the sweep or embedded from an image the caller passes (PNG, JPEG or SVG)."""

from __future__ import annotations

import io
import os
from decimal import Decimal
from pathlib import Path

from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable, Image, KeepTogether, Spacer

from app.core.labels import engine_label
from app.export.charts import throughput_chart
from app.export.errors import ExportError
from app.export.labels import fmt_int, tr, trf
from app.export.pdf_style import P, _kv_table, _sig, _Styles, fmt_num
from app.export.performance import PerfFigures
from app.export.quote import BuildSection
from app.i18n.formatting import format_number
from app.perf.datatypes import in_time_unit

ChartImage = bytes | str | os.PathLike[str]


def _ms(ms: float) -> str:
    """A latency as the client reads it: milliseconds below a minute, then minutes, then hours (a queue's wait)."""
    value, unit = in_time_unit(ms)
    if unit == "min":
        return trf("{value} min", value=fmt_num(value, 1))
    if unit == "h":
        return trf("{value} h", value=fmt_num(value, 1))
    return trf("{value} ms", value=_sig(value))


def _band(perf: PerfFigures, metric: str) -> str:
    return trf("+/- {pct} %", pct=round(perf.band(metric) * 100))


def cost_text(value: Decimal) -> str:
    """Cents from one unit up; four decimals below (a cost per million tokens is often a fraction)."""
    return format_number(value, 2 if value >= 1 else 4)


def _perf_rows(perf: PerfFigures, currency: str) -> list[tuple[str, str]]:
    # Means as measured benchmarks report them; the targets are P99s and sit beside the P99s.
    ttft = f"{_ms(perf.ttft_ms)} ({_band(perf, 'ttft_ms')})"
    ttft += "; " + trf("P99 {p99}", p99=_ms(perf.ttft_p99_ms))
    if perf.ttft_target_ms is not None:
        ttft += "; " + trf("P99 target {target}", target=_ms(perf.ttft_target_ms))
    tpot = f"{_ms(perf.tpot_ms)} ({_band(perf, 'tpot_ms')})"
    tpot += "; " + trf("P99 {p99}", p99=_ms(perf.tpot_p99_ms))
    if perf.tpot_target_ms is not None:
        tpot += "; " + trf("P99 target {target}", target=_ms(perf.tpot_target_ms))
    gpus = (trf("{gpus} GPUs, one model copy (TP {tp} x PP {pp})", gpus=perf.gpu_count, tp=perf.tp, pp=perf.pp)
            if perf.replicas == 1 else
            trf("{gpus} GPUs, {replicas} model copies (TP {tp} x PP {pp} each)", gpus=perf.gpu_count,
                replicas=perf.replicas, tp=perf.tp, pp=perf.pp))
    if perf.attention_dp:
        gpus += "; " + tr("attention data-parallel over the TP group (engine setting: TensorRT-LLM "
                          "enable_attention_dp, SGLang --enable-dp-attention, vLLM --data-parallel-size with "
                          "--enable-expert-parallel)")
    if perf.expert_parallel > 1 and not perf.attention_dp:
        gpus += "; " + trf("MoE experts split whole over {ep} GPUs (engine setting: TensorRT-LLM --ep, SGLang "
                           "--ep-size, vLLM --enable-expert-parallel)", ep=perf.expert_parallel)
    workload = trf("{model}, {weights} weights, {kv} KV cache, {inp} in / {out} out tokens, {engine}",
                   model=perf.model_name, weights=perf.weight_precision.upper(), kv=perf.kv_precision.upper(),
                   inp=fmt_int(perf.input_tokens), out=fmt_int(perf.output_tokens), engine=engine_label(perf.engine))
    if perf.uniform_lengths:
        workload += "; " + tr("read as a benchmark whose prompts and answers all have one length (its rounds in "
                              "step; see the assumptions)")
    rows = [
        (tr("GPUs"), gpus),
        (tr("Workload"), workload),
        (tr("Concurrent requests"), fmt_int(perf.concurrency)),
        (tr("Time to first token (TTFT)"), ttft),
        (tr("Time per output token (TPOT)"), tpot),
        (tr("Output tokens/s, whole build"), f"{_sig(perf.output_tps_total)} ({_band(perf, 'output_tps_total')})"),
        (tr("Output tokens/s per user"), f"{_sig(perf.output_tps_per_user)} ({_band(perf, 'output_tps_per_user')})"),
        (tr("Requests/s"), _sig(perf.requests_per_s)),
    ]
    if perf.meets_targets is not None:
        rows.append((tr("Meets the latency targets"), tr("yes") if perf.meets_targets else tr("no")))
    conc = trf("{kv} by KV-cache memory", kv=fmt_int(perf.max_concurrency_kv))
    if perf.scheduler_setting:
        conc += "; " + trf("{n} running at once ({setting}), the rest wait", n=fmt_int(perf.scheduler_limit),
                           setting=perf.scheduler_setting)
    if perf.max_concurrency_at_target is not None:
        conc += "; " + trf("{n} meeting the latency targets", n=fmt_int(perf.max_concurrency_at_target))
    rows.append((tr("Maximum concurrency"), conc))
    if perf.cost_per_mtok is not None:
        cost = f"{currency} {cost_text(perf.cost_per_mtok)} ({perf.cost_note})"
    else:
        cost = trf("n/a: {reason}", reason=perf.cost_note)
    rows.append((tr("Cost per million output tokens"), cost))
    source = tr("probe-calibrated") if perf.probe_calibrated else tr("datasheet peaks, calibrated efficiencies")
    shift = f"; {perf.probe_shift_text}" if perf.probe_shift_text else ""
    rows.append((tr("Basis"), f"{source}: {perf.peaks_label}{shift}"))
    rows.append((tr("Confidence"), trf("bands are the 80th percentile of held-out errors against published "
                                       "measurements; throughput {band}", band=_band(perf, "output_tps_total"))))
    return rows


def _chart_flowable(source: ChartImage, max_w: float, max_h: float) -> Flowable:
    data, name = _read_chart(source)
    if _is_svg(data, name):
        return _svg_flowable(data, max_w, max_h)
    try:
        reader = ImageReader(io.BytesIO(data))
        iw, ih = reader.getSize()
    except Exception as exc:  # reportlab/PIL raise many types for unreadable images
        raise ExportError(f"chart image {name} is not a PNG, JPEG or SVG image ({exc})") from None
    scale = min(max_w / iw, max_h / ih)
    return Image(io.BytesIO(data), width=iw * scale, height=ih * scale, hAlign="LEFT")


def _read_chart(source: ChartImage) -> tuple[bytes, str]:
    if isinstance(source, bytes):
        return source, "(bytes)"
    path = Path(source)
    try:
        return path.read_bytes(), str(path)
    except OSError as exc:
        raise ExportError(f"cannot read chart image {path}: {exc.strerror or exc}") from None


def _is_svg(data: bytes, name: str) -> bool:
    if name.lower().endswith(".svg"):
        return True
    head = data[:4096].lstrip().lower()
    return head.startswith(b"<svg") or (head.startswith((b"<?xml", b"<!doctype svg")) and b"<svg" in head)


def _svg_flowable(data: bytes, max_w: float, max_h: float) -> Flowable:
    try:
        from svglib.svglib import svg2rlg  # noqa: PLC0415 - optional: only SVG charts need it
    except ImportError:
        raise ExportError("an SVG chart needs the svglib package; install it or pass a PNG") from None
    drawing = svg2rlg(io.BytesIO(data))
    if drawing is None or not drawing.width or not drawing.height:
        raise ExportError("the SVG chart could not be read")
    scale = min(max_w / drawing.width, max_h / drawing.height)
    drawing.scale(scale, scale)
    drawing.width *= scale
    drawing.height *= scale
    drawing.hAlign = "LEFT"
    return drawing


def _performance(section: BuildSection, width: float, st: _Styles, chart: Flowable | None) -> list[Flowable]:
    perf = section.perf
    if perf is None:
        return [P(trf("No performance estimate: {reason}.", reason=section.perf_note), st.body)]
    out: list[Flowable] = [_kv_table(_perf_rows(perf, section.bom.currency), width, st)]
    out.append(Spacer(1, 3 * mm))
    if chart is None:
        drawing: Drawing = throughput_chart(perf.sweep, band=perf.band("output_tps_total"),
                                            target_concurrency=perf.concurrency, width=width, height=width * 0.42)
        drawing.hAlign = "LEFT"
        chart = drawing
    out.append(KeepTogether([chart]))
    if perf.warnings:
        out.append(Spacer(1, 2 * mm))
        bullets = [P(w, st.bullet, bullet=True) for w in perf.warnings]
        # The heading stays with its first warning: alone at a page's foot it reads as an empty section.
        out.append(KeepTogether([P(tr("Model warnings"), st.cell_bold), bullets[0]]))
        out += bullets[1:]
    return out
