"""Closed-loop runs whose requests all have one length: the clients' rounds stay in step.

A serving benchmark on a random-token dataset with no length range and ``--ignore-eos`` (vLLM's
``bench serve --dataset-name random`` by default, ``benchmark_serving.py`` before it) gives every prompt
the same length and every answer the same number of tokens. Its clients then never spread out as they
do with real traffic (``app.perf.serving._closed_loop_point``'s steady state):

- The first round's prompts arrive together and are prefilled in ``n`` full steps (``n`` = the round's
  prompt tokens over a step's token budget); group ``j`` gets its first token at the end of step ``j``.
- Every answer then takes the same number of steps, so group ``j`` ends ``osl - 1`` steps later, in the
  same order, one step apart, and its clients' next prompts arrive in the same pattern: one budget's worth
  of prompts a step, while the previous group's prompts are being prefilled.
- So each prompt of a later round waits for the full prefill step in flight when it arrives (two where the
  scheduler plans a step ahead), then is prefilled in a full step of its own: a step of ``budget`` prompt
  tokens, not a step of its own prompt alone. With long prefill steps (a 32k-token budget on a large MoE
  model takes seconds) that is many times what a prompt arriving at random waits.
- A client's cycle is its wait (``w`` steps: one, two where the scheduler plans a step ahead), its own prefill
  and ``osl - 1`` decode steps, and holds the round's ``n`` full steps once. The ones it waits through and its
  own are not in its decode, so it decodes through about ``n - w - 1`` of them; the last round, with no round
  behind it, through the ``(n - 1) / 2`` groups after its own on average.

Measured: vLLM's recipe run of DeepSeek-R1 on 8 x MI300X (3,200 / 800 tokens, ``--ignore-eos``, 128
clients, ``--max-num-batched-tokens 32768``) has a median TTFT of 4.7 s, two of its ~2 s prefill steps,
where a prompt arriving at random would wait a fraction of one (db/perf/moe-measurements.csv).

Where a round's prompts fit one step, every round is a burst like the first. So it is, whatever the round's size,
on an engine whose prefill steps run no decodes (SGLang's prefill-first scheduler without ``--enable-mixed-chunk``):
the groups prefilled first wait for the later groups' prefill steps before their second token, every answer
ends on the same step, and the next round's prompts all arrive together. A request's TTFT is then the burst's
(its group's share of the round's prefill steps, half of them on average) and its token period carries the
prefill steps after its own, the other half. Where answers take fewer steps
than a round's prefill, every step is a full prefill step: a client's cycle is the round's n steps, so its
TTFT is n - osl + 1 of them and its TPOT one. Under speculative decoding or engines that prefill each prompt
in a pass of its own, ``lock_step_point`` returns None and the estimate says it used the spread model (as
where requests wait for a slot). Not modelled: pipeline and attention-data parallelism, which keep several
micro-batches or ranks' budgets in one step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.perf.step_costs import _Core


@dataclass(frozen=True, slots=True)
class LockStep:
    """A later round's request in a lock-step run (seconds)."""

    wait: float  # the step(s) in flight when its prompt arrives: mostly the previous group's full prefill step
    own: float  # its own prefill, in full steps of a budget of prompt tokens, to its first token
    tpot: float  # its token period: the round's full steps it does not wait through, the rest decodes alone
    last_round_tpot: float  # the run's last round's: only the groups behind its own are prefilled while it decodes
    full_step: float  # one full prefill step amid the running decodes
    prefill_steps: float  # n: full steps a round's prompts take
    # Every round a burst of all clients (the round fits one step, or prefill steps pause the decodes): they all
    # start each round together, so the run's last client is no further behind than the others.
    bursts: bool = False

    @property
    def ttft(self) -> float:
        return self.wait + self.own


def lock_step_point(core: _Core, running: int, ctx: float, isl: float, osl: float,
                    plans_ahead: bool, prefill_pauses_decodes: bool = False) -> LockStep | None:
    """A later round's request when `running` clients send prompts of `isl` fresh tokens and take answers of
    `osl` tokens, all of one length; None where the rounds do not stay in step (see the module's note).

    `plans_ahead`: the scheduler plans step n + 1 while step n runs (async scheduling), so a prompt arriving
    during a step waits for that step and the one already planned behind it. `prefill_pauses_decodes`: a step
    that prefills runs no decodes (EngineProfile.prefill_pauses_decodes), so every round is a burst.
    """
    if running <= 1 or isl <= 0.0 or core.spec_tokens > 0 or core.prompt_passes:
        return None
    pure = core.decode_step(float(running), ctx, 0.0, 0.0)[0]  # a step of decodes alone
    if running * isl <= core.step_tokens or prefill_pauses_decodes:
        # Every round is a burst like the first: where the round fits one step, none decodes when it comes and all
        # its answers end on the same step (the engine idle between rounds); where prefill steps run alone, a
        # group's second token waits for the groups prefilled after it, so the answers again end on one step. The
        # j-th of n steps ends at j/n of the burst: the mean request's first token at (n + 1)/(2n) of it, the rest,
        # (n - 1)/(2n), in its decode (none for a burst of one step, whose later tokens are decodes alone).
        mean, last = core.cold_start_span(float(running), isl)
        steps = float(core.burst_steps(float(running), isl))
        behind = (last - mean) / (osl - 1.0) if osl > 1.0 else 0.0
        return LockStep(0.0, core.first_token(mean), pure + behind, pure + behind, last / steps, steps, bursts=True)
    waits = 2.0 if plans_ahead else 1.0
    budget = core.prompt_budget(running - 1.0)
    per_step = budget if core.chunk else max(1.0, math.floor(budget / isl)) * isl  # whole prompts if unchunked
    n = running * isl / per_step
    # A chunked prompt longer than half a step spans steps shared with its neighbours; an unchunked one is whole.
    own_steps = max(1.0, isl / per_step + 0.5) if core.chunk else 1.0
    if osl + waits <= n:
        # Answers end before the round's prompts are all in: every step is a full prefill step and a client's
        # cycle is the round's n steps, osl - 1 of them decoding, the rest waiting for and riding its prefill.
        full = core.step_with_prompt(running * max(0.0, osl - 1.0) / n, ctx, per_step, isl)
        wait = max(0.0, n - osl + 1.0 - own_steps) * full
        return LockStep(wait, core.first_token(own_steps * full), full, full, full, n)
    # Clients in a full step: those neither being prefilled nor waiting for their step decode.
    decoding = max(0.0, running - (1.0 + waits) * per_step / isl)
    full = core.step_with_prompt(decoding, ctx, per_step, isl)
    # The first group of a round arrives amid decodes alone; each later one while its predecessor is prefilled.
    waited_full = waits * (n - 1.0) / n
    wait = waited_full * full + waits / n * pure
    own = core.first_token(own_steps * full)
    if osl <= 1.0:  # the first token is the answer: no decode steps
        return LockStep(wait, own, pure, pure, full, n)

    def period(full_steps: float) -> float:  # a token period whose osl - 1 steps hold `full_steps` full ones
        k = min(osl - 1.0, full_steps)
        return (k * full + (osl - 1.0 - k) * pure) / (osl - 1.0)

    return LockStep(wait, own, period(max(0.0, n - waited_full - own_steps)), period(0.5 * (n - 1.0)), full, n)
