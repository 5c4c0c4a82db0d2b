"""`python -m app estimate`: the performance model from the command line (text or --json)."""

from __future__ import annotations

import argparse
import json
import unicodedata
from dataclasses import replace
from typing import Any

from app.cli import CliError
from app.cli.part_names import part_named
from app.core.labels import bound_label, engine_label
from app.perf.cost import CostInputs, cost_per_million
from app.perf.datatypes import MAX_BENCH_ROUNDS, MAX_INPUT_LEN_CV, time_text
from app.perf.deployment_notes import tp_refusal
from app.perf.engines import Engine
from app.perf.model import BatchingMode, Deployment, Estimate, Interconnect, Workload, prepare
from app.perf.power import gpu_power_at, power_figures, reference_node_wall_w
from app.perf.probe_shift import probe_shift, shift_text
from app.perf.sweep import sweep
from app.perf.text import t, t_noop

LABEL_WIDTH = 16  # "TTFT            ": field names, then the values


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "estimate",
        help="TTFT, TPOT, throughput, concurrency and cost for a GPU build and workload",
        description="Calibrated performance estimate. --concurrency 1,2,4,8 gives a sweep for charts.",
    )
    p.add_argument("--project", help="take the build and workload from this project file")
    p.add_argument("--build", help="build name in --project (default: the first)")
    p.add_argument("--gpu", help="the GPU: its catalog id or name (H200 SXM, MI300X)")
    p.add_argument("--count", type=int, help="number of GPUs in the build (default: TP x PP)")
    p.add_argument("--model", help="the LLM: its catalog id, name or Hugging Face repository (deepseek-ai/DeepSeek-R1)")
    p.add_argument("--precision", help="weight precision: bf16, fp16, fp8, int8, int4, fp4, q4_k_m, ...")
    p.add_argument("--kv-precision", help="KV-cache precision (default: the engine's default)")
    p.add_argument("--tp", type=int, default=None, help="tensor-parallel size (default 1)")
    p.add_argument("--pp", type=int, default=None, help="pipeline-parallel size (default 1)")
    p.add_argument("--attention-dp", action="store_true",
                   help="attention data-parallel over the TP group (TensorRT-LLM enable_attention_dp, SGLang "
                        "--enable-dp-attention): each GPU caches only its own requests' KV")
    p.add_argument("--expert-parallel", type=int, default=None, metavar="EP",
                   help="MoE experts split whole over EP GPUs of the TP group (TensorRT-LLM --ep, SGLang --ep-size, "
                        "vLLM --enable-expert-parallel: EP = TP); default 1, tensor-parallel experts")
    p.add_argument("--interconnect", choices=[i.value for i in Interconnect], help="default: from the GPU")
    p.add_argument("--engine", choices=[e.value for e in Engine], help="serving engine (default vllm)")
    p.add_argument("--mode", choices=[m.value for m in BatchingMode], default=None, help="default: serving")
    p.add_argument("--input-len", type=int, help="prompt tokens per request")
    p.add_argument("--output-len", type=int, help="generated tokens per request")
    p.add_argument("--prefix-cached", type=int, metavar="TOKENS",
                   help="tokens at the start of every prompt the engine's prefix cache already holds (a shared "
                        "system prompt or RAG context): not prefilled again, their KV held once")
    p.add_argument("--max-num-seqs", type=int, metavar="N",
                   help="requests one replica runs at once (vLLM --max-num-seqs, SGLang --max-running-requests, "
                        "TensorRT-LLM max_batch_size); default: the engine's for the GPU")
    p.add_argument("--input-len-cv", type=float, metavar="CV",
                   help="spread of the prompts' lengths: their standard deviation over their mean (0: all "
                        "--input-len, the default; MLPerf's OpenOrca set 0.77): longer prompts wait longer and the "
                        "P99 prompt is prefilled longer, so P99 TTFT and the highest rate within targets feel it")
    p.add_argument("--uniform-lengths", action="store_true",
                   help="every prompt --input-len and every answer --output-len tokens, as a random-token benchmark "
                        "with --ignore-eos and no length range sends them (vllm bench serve's random dataset by "
                        "default): its clients' rounds stay in step and each round's prompts wait for each other's "
                        "full prefill steps (on SGLang, which pauses decodes to prefill, every round is a burst), so "
                        "TTFT is longer than for prompts that arrive spread out")
    p.add_argument("--offline-requests", type=int, metavar="N",
                   help="an offline run (--concurrency max) of N requests of the same length, all queued at once "
                        "(trtllm-bench on a fixed-length dataset): it goes in waves of what the engine holds at "
                        "once, the last partly filled; default: a stream long enough for the steady state")
    p.add_argument("--rounds", type=int, metavar="N",
                   help="requests each client sends in a closed-loop benchmark at --concurrency (its --num-prompts "
                        "over its --max-concurrency): the first round starts all at once and its burst weighs 1/N in "
                        "the mean TTFT; 1 is one burst of every request; default 10 (InferenceMAX's 10 x concurrency "
                        "prompts)")
    p.add_argument("--speculative-tokens", type=int, metavar="K",
                   help="speculative decoding (MTP, EAGLE): draft tokens a step proposes per request, verified in one "
                        "pass of the model; 0 (the default): none")
    p.add_argument("--acceptance-length", type=float, metavar="TOKENS",
                   help="with --speculative-tokens: the mean tokens a step keeps per request, as the engine logs it "
                        "('accept length'), between 1 and K + 1; default: 70 %% acceptance a draft token")
    p.add_argument("--no-overlap", action="store_true",
                   help="the engine does its host work between GPU steps instead of planning the next step while "
                        "one runs: vLLM before 0.14.0 or with --no-async-scheduling (default: the engine's own; "
                        "vLLM, SGLang and TensorRT-LLM overlap)")
    p.add_argument("--datasheet", action="store_true",
                   help="use the GPU's datasheet peaks even where a probe report of that GPU model was imported "
                        "(probe-import); by default the newest report's measured peaks are used, as in the window")
    p.add_argument("--concurrency", help="requests in flight: N, a list '1,2,4,8' (sweep) or 'max'")
    p.add_argument("--request-rate", type=float, metavar="RPS",
                   help="requests per second arriving at random (Poisson, as MLPerf Server and vLLM's --request-rate): "
                        "the estimate at the concurrency that rate keeps in flight, and the highest rate meeting the "
                        "P99 targets")
    p.add_argument("--ttft-ms", type=float, help="TTFT target for the SLO concurrency")
    p.add_argument("--tpot-ms", type=float, help="TPOT target for the SLO concurrency")
    p.add_argument("--capex", type=float, help="build purchase price (for cost per million tokens)")
    p.add_argument("--years", type=float, default=3.0, help="amortisation period (default 3)")
    p.add_argument("--power-w", type=float, help="build wall power (default: GPU TDP x count x 1.3)")
    p.add_argument("--electricity", type=float, default=0.12, help="price per kWh (default 0.12)")
    p.add_argument("--pue", type=float, default=1.4, help="data-centre PUE (default 1.4)")
    p.add_argument("--hourly-rate", type=float, help="cost per hour of the whole build (replaces capex + power)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def _request_rate(args: argparse.Namespace) -> float | None:
    rate: float | None = args.request_rate
    if rate is None:
        return None
    if not 0.0 < rate <= 1_000_000.0:  # NaN fails both comparisons
        raise CliError(f"--request-rate {rate!r}: give requests per second, more than 0 and at most 1,000,000")
    if args.concurrency is not None:
        raise CliError("give --request-rate or --concurrency, not both")
    return rate


def _rates(prep: Any, est: Estimate, rate: float) -> dict[str, Any]:
    """The load as a rate: what it keeps in flight, whether the build keeps up, the best rate within the targets."""
    best = prep.max_rate_within_targets()
    return {
        "requests_per_s": rate, "concurrency": est.concurrency, "served_requests_per_s": est.requests_per_s,
        "keeps_up": est.requests_per_s >= rate * 0.999, "ttft_mean_ms": est.ttft_ms, "ttft_p99_ms": est.ttft_p99_ms,
        "tpot_mean_ms": est.tpot_ms, "tpot_p99_ms": est.tpot_p99_ms, "max_requests_per_s_within_targets": best,
        "arrivals": "Poisson",
    }


def _rate_text(r: dict[str, Any]) -> str:
    text = t("at {rate:g} requests/s (Poisson arrivals) about {conc} in flight; TTFT mean {ttft:,.0f} ms, P99 "
             "{ttft99:,.0f} ms; TPOT mean {tpot:.1f} ms, P99 {tpot99:.1f} ms", rate=r["requests_per_s"],
             conc=r["concurrency"], ttft=r["ttft_mean_ms"], ttft99=r["ttft_p99_ms"], tpot=r["tpot_mean_ms"],
             tpot99=r["tpot_p99_ms"])
    if not r["keeps_up"]:
        text += "; " + t("the build serves only {served:.2f} requests/s: requests queue without bound",
                         served=r["served_requests_per_s"])
    if r["max_requests_per_s_within_targets"] is not None:
        text += "; " + t("highest rate within the P99 targets: {best:.2f} requests/s",
                         best=r["max_requests_per_s_within_targets"])
    return text


def _concurrency(text: str | None) -> tuple[list[int] | None, bool]:
    """(values, is_max). None values: not given."""
    if text is None:
        return None, False
    if text.strip().lower() == "max":
        return None, True
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise CliError(f"--concurrency {text!r}: give N, a comma list of N, or 'max'") from None
    if not values or any(v < 1 for v in values):
        raise CliError("--concurrency values must be >= 1")
    return values, False


def _inputs_from_args(args: argparse.Namespace, catalog: Any) -> tuple[Deployment, Workload]:
    from app.core.parts import Gpu, Llm  # noqa: PLC0415

    missing = [
        f"--{n.replace('_', '-')}"
        for n in ("gpu", "model", "precision", "input_len", "output_len")
        if getattr(args, n) is None
    ]
    if missing:
        raise CliError("missing " + ", ".join(missing) + " (or give --project)")
    parts = catalog.parts_by_id()
    gpu = part_named(parts, args.gpu, Gpu, "--gpu")
    llm = part_named(parts, args.model, Llm, "--model")
    tp, pp = args.tp or 1, args.pp or 1
    count = args.count or tp * pp
    try:
        dep = Deployment(
            gpu=gpu,
            gpu_count=count,
            tp=tp,
            pp=pp,
            interconnect=Interconnect(args.interconnect) if args.interconnect else None,
        )
        wl = Workload(
            llm=llm,
            weight_precision=args.precision,
            kv_precision=args.kv_precision,
            input_len=args.input_len,
            output_len=args.output_len,
            engine=Engine(args.engine or "vllm"),
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return dep, wl


def _inputs_from_project(args: argparse.Namespace, catalog: Any) -> tuple[Deployment, Workload]:
    from app.perf.from_build import BuildNotEstimableError, build_inputs  # noqa: PLC0415
    from app.project import ProjectFileError, load_project  # noqa: PLC0415

    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None
    try:
        build = project.build(args.build) if args.build else project.builds[0]
    except KeyError:
        raise CliError(f"no build {args.build!r} in {args.project}; builds: {', '.join(project.build_names)}") from None
    try:
        dep, wl = build_inputs(build, catalog.get)
    except (BuildNotEstimableError, ValueError) as exc:
        raise CliError(str(exc)) from None
    # Command-line options refine the project's workload.
    changes: dict[str, Any] = {}
    for arg, fld in (
        ("input_len", "input_len"),
        ("output_len", "output_len"),
        ("kv_precision", "kv_precision"),
        ("precision", "weight_precision"),
    ):
        if getattr(args, arg) is not None:
            changes[fld] = getattr(args, arg)
    if args.engine:
        changes["engine"] = Engine(args.engine)
    return dep, replace(wl, **changes) if changes else wl


def _cost_inputs(args: argparse.Namespace, dep: Deployment,
                 load_w: float | None = None) -> tuple[CostInputs | None, list[str]]:
    """``load_w``: wall W of the reference host at the operating point (app.perf.power), the default power."""
    notes: list[str] = []
    if args.hourly_rate is None and args.capex is None and args.power_w is None:
        gpu_price = float(dep.gpu.price) if dep.gpu.price is not None else None
        if gpu_price is None:
            return None, [t("no cost: give --capex/--power-w or --hourly-rate (the catalog has no price for this "
                            "GPU)")]
        capex = gpu_price * dep.gpu_count
        notes.append(
            t("capex = catalog GPU price only ({price:,.0f} x {count}); the rest of the server is not counted",
              price=gpu_price, count=dep.gpu_count)
        )
    else:
        capex = args.capex
    power = args.power_w
    if power is None and args.hourly_rate is None and load_w is not None:
        power = load_w
        notes.append(t("power = {count} GPU(s) at the operating point on a reference host ({power_w:,.0f} W at the "
                       "wall); give --power-w for the build's figure", count=dep.gpu_count, power_w=power))
    elif power is None and args.hourly_rate is None:
        power = dep.gpu.tdp_w * dep.gpu_count * 1.3
        notes.append(
            t("power = GPU TDP x {count} x 1.3 for the host ({power_w:,.0f} W); give --power-w for the BOM figure",
              count=dep.gpu_count, power_w=power)
        )
    try:
        return CostInputs(
            capex=capex,
            amortisation_years=args.years,
            power_w=power,
            electricity_per_kwh=args.electricity,
            pue=args.pue,
            hourly_rate=args.hourly_rate,
            currency=dep.gpu.currency,
        ), notes
    except ValueError as exc:
            raise CliError(str(exc)) from None


def _ttft_note(est: Estimate) -> str:
    """How much of a benchmark's mean TTFT the first round's burst is (a long-running service does not see it)."""
    cold = est.breakdown.get("ttft_cold_start_ms", 0.0)
    if abs(cold) < max(1.0, 0.02 * est.ttft_ms):
        return ""
    return "  " + t("(steady state ~{steady}; the first round's burst adds {cold})",
                    steady=time_text(est.ttft_ms - cold), cold=time_text(cold, signed=True))


def _width(text: str) -> int:
    """Terminal columns of ``text`` (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _label(name: str) -> str:
    """A field name padded to the value column (CJK characters take two columns)."""
    return "  " + name + " " * max(1, LABEL_WIDTH - _width(name))


# The sweep table's columns: header and minimum width (a translated header may widen its column).
_SWEEP_COLUMNS = (
    (t_noop("conc"), 6),
    (t_noop("TTFT ms"), 9),
    (t_noop("TPOT ms"), 8),
    (t_noop("tok/s/user"), 10),
    (t_noop("tok/s total"), 11),
    (t_noop("req/s"), 8),
)


def _queue_note(limit: str, setting: str) -> str:
    if limit == "scheduler":
        return t("(queued: {setting})", setting=setting)
    return t("(queued for KV)")


def _max_concurrency(kv: int, slo: int | None) -> str:
    return t("max concurrency {kv:,} (KV cache)", kv=kv) + (
        t(", {slo:,} within the targets", slo=slo) if slo is not None else "")


def _text(est: Estimate, cost_line: str | None) -> str:
    i = est.inputs
    lines = [
        t("{gpu} x{count} (TP {tp} x PP {pp}, {replicas} replica(s), {link}), {model} {weights} / KV {kv}, "
          "{engine}, {input} in / {output} out, concurrency {concurrency}", gpu=i["gpu_name"], count=i["gpu_count"],
          tp=i["tp"], pp=i["pp"], replicas=i["replicas"], link=i["interconnect_name"],
          model=i["model_name"],
          weights=i["weight_precision"].upper(), kv=str(i["kv_precision"]).upper(), engine=engine_label(i["engine"]),
          input=i["input_len"], output=i["output_len"], concurrency=est.concurrency),
        _label("TTFT") + est.describe("ttft_ms") + _ttft_note(est),
        _label("TPOT") + est.describe("tpot_ms") + "  "
        + t("({bound}-bound decode)", bound=bound_label(est.decode_bound)),
        _label(t("per user")) + est.describe("output_tps_per_user"),
        _label(t("total output")) + est.describe("output_tps_total"),
        _label(t("requests")) + est.describe("requests_per_s"),
        "  " + _max_concurrency(est.max_concurrency_kv, est.max_concurrency_slo),
        _label(t("peaks")) + est.peaks.label,
    ]
    if cost_line:
        lines.append(_label(t("cost")) + cost_line)
    lines += ["  " + t("assumes: {assumption}", assumption=a) for a in est.assumptions]
    lines += ["  " + t("WARNING: {warning}", warning=w) for w in est.warnings]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from app.catalog.store import open_catalog  # noqa: PLC0415 - opening the catalog is the slow part
    values, is_max = _concurrency(args.concurrency)
    rate = _request_rate(args)
    if args.max_num_seqs is not None and not 1 <= args.max_num_seqs <= 1_000_000:
        raise CliError(f"--max-num-seqs {args.max_num_seqs}: give the requests one replica runs at once, "
                       "from 1 to 1,000,000")
    if args.offline_requests is not None and not 1 <= args.offline_requests <= 1_000_000_000:
        raise CliError(f"--offline-requests {args.offline_requests}: give the requests the offline run processes, "
                       "from 1 to 1,000,000,000")
    if args.rounds is not None and not 1 <= args.rounds <= MAX_BENCH_ROUNDS:
        raise CliError(f"--rounds {args.rounds}: give the requests each client sends, from 1 to {MAX_BENCH_ROUNDS:,}")
    if args.rounds is not None and rate is not None:
        raise CliError("--rounds describes clients at a fixed concurrency; a --request-rate load has no rounds")
    if args.input_len_cv is not None and not 0.0 <= args.input_len_cv <= MAX_INPUT_LEN_CV:
        raise CliError(f"--input-len-cv {args.input_len_cv:g}: give the prompts' standard deviation over their mean, "
                       f"from 0 (fixed lengths) to {MAX_INPUT_LEN_CV:g}")
    if rate is not None:
        values, is_max = [1], False  # replaced by the concurrency the rate keeps in flight, once prepared
    catalog = open_catalog(getattr(args, "data_dir", None))
    try:
        dep, wl = _inputs_from_project(args, catalog) if args.project else _inputs_from_args(args, catalog)
    finally:
        catalog.close()
    if not args.datasheet:
        from app.probe.measured import peaks_for_gpu  # noqa: PLC0415

        dep = replace(dep, measured=peaks_for_gpu(dep.gpu.id, dep.gpu, getattr(args, "data_dir", None)))
    if args.tp is not None and args.project:
        raise CliError("--tp comes from the project's workload; edit the project instead")
    mode = BatchingMode(args.mode) if args.mode else (BatchingMode.OFFLINE if is_max else wl.mode)
    conc: int | None = None if is_max else (values[0] if values else wl.concurrency)
    if not args.project and values is None and not is_max:
        raise CliError("missing --concurrency (N, a list, or 'max')")
    if args.rounds is not None and mode is not BatchingMode.SERVING:
        raise CliError("--rounds describes a serving benchmark's clients: give --concurrency N (not max), serving mode")
    if args.uniform_lengths and (mode is not BatchingMode.SERVING or rate is not None or wl.open_loop):
        raise CliError("--uniform-lengths describes a closed-loop benchmark's clients: give --concurrency N (not max, "
                       "not --request-rate, nor a project whose load is a request rate), serving mode")
    if args.uniform_lengths and (args.input_len_cv if args.input_len_cv is not None else wl.input_len_cv):
        raise CliError("--uniform-lengths gives every prompt one length; the prompts' spread (--input-len-cv, or the "
                       "project's) says they vary: give one")
    if args.offline_requests is not None and mode is not BatchingMode.OFFLINE:
        raise CliError("--offline-requests describes an offline run: give --concurrency max (or --mode offline)")
    try:
        wl = replace(
            wl,
            concurrency=conc,
            mode=mode,
            ttft_target_ms=args.ttft_ms if args.ttft_ms is not None else wl.ttft_target_ms,
            tpot_target_ms=args.tpot_ms if args.tpot_ms is not None else wl.tpot_target_ms,
            open_loop=rate is not None or wl.open_loop,
            prefix_cached_len=args.prefix_cached if args.prefix_cached is not None else wl.prefix_cached_len,
            max_num_seqs=args.max_num_seqs if args.max_num_seqs is not None else wl.max_num_seqs,
            offline_requests=args.offline_requests if args.offline_requests is not None else wl.offline_requests,
            bench_rounds=args.rounds if args.rounds is not None else wl.bench_rounds,
            input_len_cv=args.input_len_cv if args.input_len_cv is not None else wl.input_len_cv,
            lock_step=args.uniform_lengths or wl.lock_step,
            overlap_scheduling=False if args.no_overlap else wl.overlap_scheduling,
            speculative_tokens=args.speculative_tokens if args.speculative_tokens is not None
            else wl.speculative_tokens,
            acceptance_length=args.acceptance_length if args.acceptance_length is not None
            else wl.acceptance_length,
        )
        if args.attention_dp:
            dep = replace(dep, attention_dp=True)
        if args.expert_parallel is not None:
            dep = replace(dep, expert_parallel=args.expert_parallel)
        if not wl.llm.splits_over_tp(dep.tp):  # what the engines refuse at start is an error here, as in a build
            raise CliError(tp_refusal(wl.llm, dep.tp))
        prep = prepare(dep, wl)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if rate is not None:
        conc = prep.concurrency_for_qps(rate)
    sweeping = values is not None and len(values) > 1
    # Power at the operating point (issue 19): the one estimated (at the concurrency given or the one the
    # request rate keeps in flight), or a sweep's highest.
    est = prep.estimate(max(values), with_slo=False) if sweeping and values else prep.estimate(conc)
    power = gpu_power_at(est, dep.gpu, wl.llm, dep.power_limit_w)
    cost_in, cost_notes = _cost_inputs(args, dep, reference_node_wall_w(power.board_w, dep.gpu_count))
    if sweeping and values is not None:
        sw = sweep(dep, wl, values, cost=cost_in)
        if args.json:
            print(
                json.dumps(
                    {
                        "sweep": [p.to_dict() for p in sw.points],
                        "max_concurrency_kv": sw.max_concurrency_kv,
                        "max_concurrency_slo": sw.max_concurrency_slo,
                        "bands": sw.bands,
                        "inputs": prep.estimate(values[0], with_slo=False).inputs,
                        "cost_notes": cost_notes,
                        "power": power_figures(power, dep.gpu_count),
                    },
                    indent=2,
                )
            )
            return 0
        heads = [(t(head), width) for head, width in _SWEEP_COLUMNS]
        widths = [max(width, _width(head)) for head, width in heads]
        print(" ".join(" " * (w - _width(head)) + head for (head, _), w in zip(heads, widths, strict=True))
              + ("  " + t("$/Mtok out") if cost_in else ""))
        c, ttft, tpot, user, total, rps = widths
        for pt in sw.points:
            cost_col = f"  {pt.cost_per_million_output:10.3f}" if pt.cost_per_million_output is not None else ""
            print(
                f"{pt.concurrency:{c}d} {pt.ttft_ms:{ttft}.1f} {pt.tpot_ms:{tpot}.2f} "
                f"{pt.output_tps_per_user:{user}.1f} {pt.output_tps_total:{total}.0f} {pt.requests_per_s:{rps}.2f}"
                f"{cost_col}" + ("  " + _queue_note(pt.queue_limit, sw.max_batch_setting) if pt.queued else "")
            )
        print(_max_concurrency(sw.max_concurrency_kv, sw.max_concurrency_slo))
        print(t("bands: {bands}", bands=", ".join(f"{k} +/-{v:.0%}" for k, v in sw.bands.items() if k != "default")))
        return 0
    rates = _rates(prep, est, rate) if rate is not None else None
    cost = cost_per_million(est.output_tps_total, est.input_tps_total, cost_in) if cost_in else None
    shift = probe_shift(dep, wl, est)  # how far an imported probe report moves this very estimate (#20 item 7)
    if args.json:
        out = est.to_dict()
        out["probe_shift"] = shift
        out["cost"] = cost.to_dict() if cost else None
        out["cost_notes"] = cost_notes
        out["power"] = power_figures(power, dep.gpu_count)
        if rates is not None:
            out["request_rate"] = rates
        print(json.dumps(out, indent=2))
        return 0
    cost_line = None
    if cost and cost.per_million_output is not None:
        cost_line = t("{per_million:,.3f} {currency}/M output tokens (+/- {band:.0%}); {hourly:,.2f} {currency}/h: "
                      "{basis}", per_million=cost.per_million_output, currency=cost.currency,
                      band=est.band("output_tps_total"), hourly=cost.hourly, basis=cost.basis)
    print(_text(est, cost_line))
    if shift is not None:
        print("  " + shift_text(shift))
    print(_label(t("power")) + t("~{gpu_w:,.0f} W per GPU at this load (prefill {prefill_w:,.0f} W, idle "
                                 "{idle_w:,.0f} W); ~{node_w:,.0f} W per node on a reference host",
                                 gpu_w=power.board_w, prefill_w=power.prefill_w, idle_w=power.idle_w,
                                 node_w=reference_node_wall_w(power.board_w, dep.gpu_count)))
    if rates is not None:
        print("  " + _rate_text(rates))
    for n in cost_notes:
        print("  " + t("note: {note}", note=n))
    return 0
