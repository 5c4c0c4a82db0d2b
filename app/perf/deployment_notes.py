"""What an estimate says about the deployment itself, before any figure: what the engines refuse to start (an
engine on a GPU it does not run on, a TP that does not split the heads), flags with nothing to act on, unused GPUs.

The rules say the same of a build (engine.gpu, multigpu.tp-heads); these are the estimate's words for it, so
an estimate made without a build (the CLI, a script) carries them too.
"""

from __future__ import annotations

from app.core.engine_support import ENGINE_SUPPORT, engine_runs_on, engines_on, platforms_text
from app.core.parts import Gpu, Llm
from app.perf.datatypes import Deployment
from app.perf.text import t


def engine_on_gpu_warnings(eng: str, gpu: Gpu) -> list[str]:
    """The warning the rule engine.gpu's error matches, where ``eng`` does not run on ``gpu``."""
    if engine_runs_on(eng, gpu):
        return []
    entry = ENGINE_SUPPORT[eng]
    others = ", ".join(ENGINE_SUPPORT[e].label for e in engines_on(gpu)) or "-"
    return [t("{engine} does not run on {gpu} (it is built for {platforms}): these figures price a deployment that "
              "cannot start; engines that run there: {others}", engine=entry.label, gpu=gpu.display_name,
              platforms=platforms_text(entry.platforms), others=others)]


def tp_refusal(llm: Llm, tp: int, *, with_figures: bool = False) -> str:
    """Why the engines refuse to start ``llm`` over TP ``tp`` (see Llm.splits_over_tp); ``with_figures``: the
    estimate's warning, which says its figures are for that layout."""
    values = {"tp": tp, "model": llm.name, "heads": llm.attention_heads, "kv": llm.kv_heads}
    if with_figures:
        return t("TP {tp} does not split {model}'s attention ({heads} heads, {kv} KV heads): engines refuse to start "
                 "it; these figures are for a layout that cannot run", **values)
    return t("TP {tp} does not split {model}'s attention ({heads} heads, {kv} KV heads): engines refuse to start it",
             **values)


def layout_notes(deployment: Deployment, llm: Llm) -> tuple[list[str], list[str]]:
    """(warnings, assumptions) of the layout: a TP the engines refuse, expert parallelism on a dense model, GPUs the
    TP x PP groups leave unused, a sliding window's cap on KV reads."""
    warnings: list[str] = []
    assumptions: list[str] = []
    tp, pp = deployment.tp, deployment.pp
    if not llm.splits_over_tp(tp):  # the rule multigpu.tp-heads errs; the CLI refuses (tp_refusal)
        warnings.append(tp_refusal(llm, tp, with_figures=True))
    if deployment.expert_parallel > 1 and not llm.is_moe:  # vLLM's --enable-expert-parallel: no experts, no effect
        warnings.append(t("expert parallelism {ep} has nothing to split: {model} is dense (no MoE experts); "
                          "estimated as TP {tp} alone", ep=deployment.expert_parallel, model=llm.name, tp=tp))
    if deployment.replicas * tp * pp < deployment.gpu_count:
        warnings.append(t("{unused} GPU(s) unused by TP {tp} x PP {pp}",
                          unused=deployment.gpu_count - deployment.replicas * tp * pp, tp=tp, pp=pp))
    share = llm.windowed_layer_share
    if share >= 1.0:
        assumptions.append(t("sliding window {window}: KV reads capped at the window on every layer",
                             window=llm.sliding_window))
    elif share > 0.0:
        assumptions.append(t("sliding window {window} on {share:.0%} of the layers: their KV reads stop at the "
                             "window, the other layers read the whole context", window=llm.sliding_window,
                             share=share))
    return warnings, assumptions
