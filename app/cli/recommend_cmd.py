"""`recommend`: the sizing assistant from the command line.

``python -m app recommend --model ID [--precision P ...] --scenario S
(--concurrency N | --qps Q | --requests-per-day N [--peak-factor F]) [--input-len N --output-len N]
[--environment edge|enterprise|datacenter|custom] [--rack-kw KW] [--cooling TYPE] [--cooling-kw KW]
[--budget AMOUNT] [--currency CUR]
[--rank price|cost|power|headroom] [--top N] [--gpu ID ...] [--max-nodes N] [--max-gpus-per-node N]
[--include-consumer] [--no-reference-prices] [--ttft-ms MS] [--tpot-ms MS] [--kv-precision P]
[--engine E] [--redundancy none|n+1|n+2|n+n] [--profile OVERRIDES.json] [--json] [--save-project OUT.json]``

or ``--requirements FILE.json``: a JSON object with the fields of
:class:`app.recommend.requirements.Requirements` (``llm_id``, ``precisions``, ``scenario``,
``concurrency`` | ``qps`` | ``requests_per_day``, ``peak_factor``, ``input_tokens``,
``output_tokens``, ``environment``, ``rack_kw``, ``cooling``, ``cooling_kw``, ``budget``, ``currency``,
``rank_by``, ``top``,
``gpu_ids``, ...); flags given beside it override the file. The ``requirements`` object of the
JSON output is such a file.

Exit codes: 0 = at least one build qualifies, 1 = nothing qualifies (the advice says what to relax),
2 = bad input (unknown model, no load, unreadable file).

JSON output (``--json``); keys are only ever added, never renamed::

    {
      "format": "inference-sizer-recommendation",   # constant
      "version": 1,
      "requirements": {...},          # the resolved requirements (a valid --requirements file)
      "model": "Meta Llama 3.1 70B",
      "load": "50 concurrent requests",
      "ttft_target_ms": 100, "tpot_target_ms": 200,   # null: no bound
      "found": true, "qualified": 9, "evaluated": 15,   # builds completed and checked; the search stops
                                      # once no other option can enter the top N
      "results": [                    # best first, one per GPU configuration
        {
          "rank": 1, "name": "...", "qualifies": true,
          "gpu_id": "...", "gpu_name": "...", "chassis_id": "...", "chassis_name": "...",
          "gpus_per_node": 1, "node_count": 1, "tp": 1, "pp": 1, "weight_precision": "int8",
          "price": {"currency": "USD", "total": 8166.0, "catalog": 2166.0, "reference": 6000.0,
                    "reference_parts": [...], "unpriced_parts": [...], "complete": false,
                    "gpu_priced": true, "cpu_priced": true},
          "node_power_w": ..., "power_w": ..., "power_typical_w": ...,   # wall power
          "nodes_per_rack": 4, "racks": 1, "rack_limit": ["power"],
          "perf": {"concurrency", "ttft_ms", "tpot_ms", "requests_per_s", "output_tps", "input_tps",
                   "max_concurrency_slo", "max_concurrency_kv", "meets_targets", "ttft_band", "tpot_band"},
          "cost_per_mtok": 0.12 | null, "headroom": 0.37 | null, "vram_headroom_gb": 31.1, "vram_headroom_gib": 29.0,
          "warnings": [finding, ...],  # as `validate --json` findings
          "info_count": 2, "failures": [], "binds": "TTFT 181 of 200 ms (90%)",
          "why": ["..."], "host_notes": ["..."],
          "build": {...},              # an app.core.build.Build, as in a project file
          "cheaper_failing": null | {"name", "hardware", "layout", "price", "failures": [
                                       {"kind": "latency", "message": "...", "rule_id": null}]}
        }
      ],
      "advice": [                     # only when nothing qualifies
        {"relax": ["precision"], "text": "FP8 would fit one H200 NVL ...",
         "candidate": {"name", "hardware", "layout", "price", "power_w", "failures", "build"} | null}
      ],
      "notes": ["..."], "elapsed_s": 0.2,
      "saved_project": "OUT.json" | null
    }
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.cli import CliError
from app.cli.part_names import part_named
from app.cli.text import t
from app.core.build import Build, CoolingType, EnvironmentKind, Redundancy, ServingEngine
from app.core.labels import environment_label, rank_label, scenario_key_label
from app.core.parts import Gpu, Llm
from app.core.precision import KV_PRECISIONS, Precision
from app.core.scenarios import Scenario
from app.recommend.requirements import RankBy, Requirements, RequirementsError
from app.recommend.results import Recommendation
from app.recommend.target_cost import TargetCost, heading, target_costs

WIDTH = 100
LABEL_WIDTH = 10  # "Hardware  ": field names, then the values

# flag dest -> Requirements field (flags left at None are not given)
FIELDS: dict[str, str] = {
    "model": "llm_id",
    "precision": "precisions",
    "kv_precision": "kv_precision",
    "scenario": "scenario",
    "concurrency": "concurrency",
    "qps": "qps",
    "requests_per_day": "requests_per_day",
    "peak_factor": "peak_factor",
    "input_len": "input_tokens",
    "input_len_cv": "input_tokens_cv",
    "output_len": "output_tokens",
    "speculative_tokens": "speculative_tokens",
    "acceptance_length": "acceptance_length",
    "environment": "environment",
    "rack_kw": "rack_kw",
    "cooling": "cooling",
    "cooling_kw": "cooling_kw",
    "budget": "budget",
    "currency": "currency",
    "rank": "rank_by",
    "top": "top",
    "gpu": "gpu_ids",
    "max_nodes": "max_nodes",
    "max_gpus_per_node": "max_gpus_per_node",
    "redundancy": "psu_redundancy",
    "engine": "engine",
    "ttft_ms": "ttft_ms",
    "tpot_ms": "tpot_ms",
}
LOAD_FIELDS = ("concurrency", "qps", "requests_per_day")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "recommend", help="search the catalog for builds that meet a client's requirements",
        description="From the client's four questions (model, latency scenario, load, environment) to ranked, "
                    "validated builds; says what to relax when nothing qualifies. Exit 0 = found, 1 = nothing "
                    "qualifies, 2 = bad input.",
    )
    p.add_argument("--requirements", metavar="FILE.json", help="requirements as JSON (flags override its fields)")
    p.add_argument("--model", help="the LLM: its catalog id, name or Hugging Face repository")
    p.add_argument("--precision", nargs="+", action="extend", choices=[x.value for x in Precision],
                   help="weight precisions the client accepts (default: any)")
    p.add_argument("--kv-precision", choices=[x.value for x in KV_PRECISIONS], help="KV cache (default bf16)")
    p.add_argument("--scenario", choices=[s.value for s in Scenario], help="latency scenario (targets)")
    load = p.add_mutually_exclusive_group()
    load.add_argument("--concurrency", type=int, help="requests in flight at peak")
    load.add_argument("--qps", type=float, help="requests per second at peak")
    load.add_argument("--requests-per-day", type=float, help="average requests per day")
    p.add_argument("--peak-factor", type=float, help="peak rate / average rate for --requests-per-day (default 3)")
    p.add_argument("--input-len", type=int, help="prompt tokens per request (default 2048)")
    p.add_argument("--input-len-cv", type=float, metavar="CV",
                   help="spread of the prompts' lengths: standard deviation over mean (default 0, fixed lengths); "
                        "a real mix lengthens the P99 TTFT at the load")
    p.add_argument("--output-len", type=int, help="generated tokens per request (default 512)")
    p.add_argument("--speculative-tokens", type=int, metavar="K",
                   help="the deployment runs speculative decoding (MTP, EAGLE) with K draft tokens a step (default 0)")
    p.add_argument("--acceptance-length", type=float, metavar="TOKENS",
                   help="with --speculative-tokens: tokens a step keeps per request, as the engine logs it "
                        "(default: 70 %% acceptance a draft token)")
    p.add_argument("--environment", choices=[e.value for e in EnvironmentKind], help="default datacenter")
    p.add_argument("--rack-kw", type=float, help="power per rack (default: the environment's preset)")
    p.add_argument("--cooling", choices=[c.value for c in CoolingType],
                   help="the room's cooling (default: the environment's preset)")
    p.add_argument("--cooling-kw", type=float, help="heat the cooling removes per rack (default: the preset's "
                                                    "or the cooling type's)")
    p.add_argument("--budget", help="budget for the whole deployment, in --currency")
    p.add_argument("--currency", help="ISO code for prices and the budget (default USD)")
    p.add_argument("--rank", choices=[r.value for r in RankBy], help="rank by price (default), cost per million "
                                                                     "tokens, power or headroom")
    p.add_argument("--top", type=int, help="how many builds to show (default 5)")
    p.add_argument("--gpu", nargs="+", action="extend", help="only these GPUs (catalog ids or names)")
    p.add_argument("--max-nodes", type=int, help="most nodes (default 1 at the edge, else 16)")
    p.add_argument("--max-gpus-per-node", type=int, help="most GPUs in one node")
    p.add_argument("--include-consumer", action="store_true", default=None, help="allow GeForce cards")
    p.add_argument("--no-reference-prices", action="store_true", default=None,
                   help="catalog prices only (no seed 003 reference price for unpriced GPUs)")
    p.add_argument("--ttft-ms", type=float, help="TTFT target (default: the scenario's)")
    p.add_argument("--tpot-ms", type=float, help="TPOT target (default: the scenario's P99 latency)")
    p.add_argument("--engine", choices=[e.value for e in ServingEngine], help="serving engine (default vllm)")
    p.add_argument("--redundancy", choices=[r.value for r in Redundancy],
                   help="PSU redundancy (default: none at the edge, else n+1)")
    p.add_argument("--profile", metavar="OVERRIDES.json", help="rule-profile overrides merged over the default")
    p.add_argument("--json", action="store_true", help="machine-readable output (keys documented in the module)")
    p.add_argument("--save-project", metavar="OUT.json", help="write the shown builds as a project file")
    p.set_defaults(func=cmd_recommend)


def _read_file(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CliError(f"{path}: cannot read requirements: {exc}") from None
    if not isinstance(data, dict):
        raise CliError(f"{path}: requirements must be a JSON object")
    return data


def _format_error(exc: ValidationError) -> str:
    msgs = []
    for err in exc.errors()[:4]:
        loc = ".".join(str(x) for x in err["loc"])
        msgs.append(f"{loc}: {err['msg']}" if loc else str(err["msg"]))
    return "; ".join(msgs)


def requirements_from_args(args: argparse.Namespace, parts: Mapping[str, object] | None = None) -> Requirements:
    """The requirements from --requirements and the flags (flags win); raises CliError.

    With the catalog's ``parts``, the model and GPUs may be named as a person writes them
    (app.cli.part_names); they are stored by id.
    """
    data: dict[str, Any] = _read_file(args.requirements) if args.requirements else {}
    given: dict[str, Any] = {}
    for dest, name in FIELDS.items():
        value = getattr(args, dest, None)
        if value is not None:
            given[name] = value
    if any(k in given for k in LOAD_FIELDS):
        for k in LOAD_FIELDS:
            data.pop(k, None)
    if args.include_consumer:
        given["include_consumer_gpus"] = True
    if args.no_reference_prices:
        given["use_reference_prices"] = False
    data.update(given)
    if not args.requirements:
        missing = [f"--{flag}" for flag, name in (("model", "llm_id"), ("scenario", "scenario")) if name not in data]
        if not any(k in data for k in LOAD_FIELDS):
            missing.append("a load (--concurrency, --qps or --requests-per-day)")
        if missing:
            raise CliError("missing " + ", ".join(missing) + " (or give --requirements FILE.json)")
    if parts is not None:
        if isinstance(data.get("llm_id"), str):
            data["llm_id"] = part_named(parts, data["llm_id"], Llm, "--model").id
        gpus = data.get("gpu_ids")
        if isinstance(gpus, list | tuple) and all(isinstance(g, str) for g in gpus):
            data["gpu_ids"] = [part_named(parts, g, Gpu, "--gpu").id for g in gpus]
    try:
        return Requirements.model_validate(data)
    except ValidationError as exc:
        raise CliError(_format_error(exc)) from None


def _wrap(text: str, indent: int, first: str = "") -> str:
    return textwrap.fill(text, WIDTH, initial_indent=" " * indent + first,
                         subsequent_indent=" " * (indent + len(first)))


def _label(name: str) -> str:
    """A field name padded to the value column (CJK characters take two columns)."""
    width = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in name)
    return name + " " * max(1, LABEL_WIDTH - width)


def render_text(rec: Recommendation) -> str:
    req = rec.requirements
    targets = []
    if rec.ttft_target_ms is not None:
        targets.append(f"TTFT <= {rec.ttft_target_ms:g} ms")
    if rec.tpot_target_ms is not None:
        targets.append(f"TPOT <= {rec.tpot_target_ms:g} ms")
    out = [
        t("{model}: {load}, {input} in / {output} out tokens; {scenario} ({targets}); {environment}",
          model=rec.llm_name, load=rec.load, input=req.input_tokens, output=req.output_tokens,
          scenario=scenario_key_label(req.scenario), targets=", ".join(targets) or t("no latency targets"),
          environment=environment_label(req.environment))
        + (t("; budget {budget:,.0f} {currency}", budget=req.budget, currency=req.currency)
           if req.budget is not None else ""),
        t("Checked {count} build(s) in {seconds:.2f} s; {qualified} qualify. Ranked by {rank}.",
          count=rec.evaluated, seconds=rec.elapsed_s, qualified=rec.qualified, rank=rank_label(req.rank_by)),
    ]
    for r in rec.results:
        c = r.candidate
        out.append("")
        out.append(f"#{r.rank} {c.build.name}")
        out.append(f"   {_label(t('Hardware'))}{c.hardware()}; {c.layout()}")
        out.append(_wrap(c.price.describe(), 3, _label(t("Price"))))
        if c.cost_per_mtok is not None:
            out.append(f"   {_label(t('Cost'))}"
                       + t("{cost:,.3f} {currency} per million output tokens at the load", cost=c.cost_per_mtok,
                           currency=c.price.currency)
                       + ("" if c.price.complete else t(" (a lower bound: parts without a price)")))
        out.append(f"   {_label(t('Power'))}" + t("{power_w:,.0f} W max at the wall ({load_w:,.0f} W at the load)",
                                                    power_w=c.power_w, load_w=c.power_load_w))
        if c.headroom is not None:
            out.append(f"   {_label(t('Headroom'))}" + t("{headroom} capacity over the load",
                                                           headroom=c.headroom_text()))
        out.append(_wrap(c.binds, 3, _label(t("Binds"))))
        for line in c.why:
            out.append(_wrap(line, 3, "- "))
        for w in c.warnings:
            out.append(_wrap(f"{w.rule_id}: {w.message}", 3, t("WARNING") + " "))
        cf = r.cheaper_failing
        if cf is not None:
            reasons = "; ".join(f.message for f in cf.failures)
            out.append(_wrap(f"{cf.hardware()}, {cf.layout()} ({cf.price.describe()}): {reasons}", 3,
                             t("Nearest cheaper build that fails: ")))
        else:
            out.append("   " + t("Nearest cheaper build that fails: none found"))
    if not rec.found:
        out.append("")
        out.append(t("Nothing in the catalog meets these requirements. Relax one of them:"))
        for a in rec.advice:
            out.append(_wrap(a.text, 2, "- "))
    out.append("")
    out.append(t("Notes"))
    for n in rec.notes:
        out.append(_wrap(n, 2, "- "))
    return "\n".join(out)


def render_target_costs(costs: Sequence[TargetCost]) -> str:
    """'What the targets cost': the cheapest qualifying build at the targets and at looser ones."""
    if len(costs) < 2:
        return ""
    return "\n".join(["", heading(), *(_wrap(c.describe(), 2, "- ") for c in costs)])


def project_for(rec: Recommendation) -> Any:
    """A project holding the shown builds (best first); names made unique."""
    from app.project.model import Project, ProjectInfo  # noqa: PLC0415 - only when saving

    builds: list[Build] = []
    seen: set[str] = set()
    for r in rec.results:
        b = r.candidate.build
        name, n = b.name, 2
        while name in seen:
            name = f"{b.name[:110]} ({n})"
            n += 1
        seen.add(name)
        builds.append(b.model_copy(update={"name": name}))
    return Project(project=ProjectInfo(name=f"Sizing: {rec.llm_name}"[:200]), currency=rec.requirements.currency,
                   builds=tuple(builds), notes="\n".join(rec.notes))


def cmd_recommend(args: argparse.Namespace) -> int:
    from app.catalog.store import open_catalog  # noqa: PLC0415 - the database only when searching
    from app.cli.profiles import active_profile  # noqa: PLC0415
    from app.recommend.search import Recommender  # noqa: PLC0415
    from app.rules.profile import ProfileError  # noqa: PLC0415

    try:
        profile = active_profile(getattr(args, "data_dir", None), args.profile)
    except ProfileError as exc:
        raise CliError(str(exc)) from None
    catalog = open_catalog(getattr(args, "data_dir", None))
    try:
        parts = catalog.parts_by_id()
    finally:
        catalog.close()
    req = requirements_from_args(args, parts)
    from app.probe.measured import peaks_by_gpu  # noqa: PLC0415

    try:
        recommender = Recommender(parts, profile,
                                  measured=peaks_by_gpu(parts, getattr(args, "data_dir", None)))
        rec = recommender.recommend(req)
        costs = target_costs(recommender.recommend, req, first=rec)
    except (RequirementsError, ProfileError) as exc:
        raise CliError(str(exc)) from None
    saved: str | None = None
    if args.save_project and rec.found:
        from app.project.io import save_project  # noqa: PLC0415

        try:
            save_project(project_for(rec), args.save_project)
        except OSError as exc:
            raise CliError(f"{args.save_project}: cannot write: {exc}") from None
        saved = str(args.save_project)
    if args.json:
        doc = rec.to_dict()
        doc["saved_project"] = saved
        doc["target_costs"] = [c.to_dict() for c in costs]
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        print(render_text(rec))
        print(render_target_costs(costs))
        if saved:
            print(f"\nSaved {len(rec.results)} build(s) to {saved}")
    if args.save_project and not rec.found:
        print(f"nothing qualifies: {args.save_project} not written", file=sys.stderr)
    return 0 if rec.found else 1
