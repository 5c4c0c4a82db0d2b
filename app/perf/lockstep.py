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
- Each request decodes through the other ``n - 1`` groups' prefill steps and ``osl - n`` steps of decodes
  alone, so its TPOT carries ``n - 1`` full prefill steps.

Measured: vLLM's recipe run of DeepSeek-R1 on 8 x MI300X (3,200 / 800 tokens, ``--ignore-eos``, 128
clients, ``--max-num-batched-tokens 32768``) has a median TTFT of 4.7 s, two of its ~2 s prefill steps,
where a prompt arriving at random would wait a fraction of one (db/perf/moe-measurements.csv).

Where a round's prompts fit one step, every round is a burst like the first. Where answers are shorter
than a round's prefill steps, or under speculative decoding or engines that prefill each prompt in a pass
of its own, the rounds do not keep this pattern and ``lock_step_point`` returns None (the spread model).
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
    tpot: float  # its token period: n - 1 full prefill steps and osl - n steps of decodes alone
    first_round_tpot: float  # the first round's: only the groups behind its own are prefilled while it decodes
    full_step: float  # one full prefill step amid the running decodes
    prefill_steps: float  # n: full steps a round's prompts take

    @property
    def ttft(self) -> float:
        return self.wait + self.own


def lock_step_point(core: _Core, running: int, ctx: float, isl: float, osl: float,
                    plans_ahead: bool) -> LockStep | None:
    """A later round's request when `running` clients send prompts of `isl` fresh tokens and take answers of
    `osl` tokens, all of one length; None where the rounds do not stay in step (see the module's note).

    `plans_ahead`: the scheduler plans step n + 1 while step n runs (async scheduling), so a prompt arriving
    during a step waits for that step and the one already planned behind it.
    """
    if running <= 1 or isl <= 0.0 or core.spec_tokens > 0 or core.prompt_passes:
        return None
    others = running - 1.0
    pure = core.decode_step(float(running), ctx, 0.0, 0.0)[0]  # a step of decodes alone
    if core.chunk:
        per_step = max(1.0, core.step_tokens - min(others, core.max_batch))
    else:  # whole prompts a step
        per_step = max(1.0, math.floor(core.step_tokens / isl)) * isl
    n = running * isl / per_step
    if n <= 1.0:
        # The round fits one step: all its answers end on the same step, so every round is a burst like the first
        # (the engine idle between them) and the tokens after the first come from steps of decodes alone.
        burst = core.first_token(core.cold_start_span(float(running), isl)[0])
        return LockStep(0.0, burst, pure, pure, burst, 1.0)
    if osl <= n:  # answers end before the round's prompts are in: the rounds overlap and spread out
        return None
    full = core.step_with_prompt(others, ctx, per_step, isl)
    # The first group of a round arrives amid decodes alone; each later one while its predecessor is prefilled.
    in_flight = ((n - 1.0) * full + pure) / n
    wait = (2.0 if plans_ahead else 1.0) * in_flight
    own_steps = max(1.0, isl / per_step + 0.5)  # a prompt longer than a step spans steps shared with its neighbours
    own = core.first_token(own_steps * full)
    tpot = ((n - 1.0) * full + (osl - n) * pure) / (osl - 1.0)
    behind = 0.5 * (n - 1.0)  # a first-round group decodes through the prefill steps of the groups after it
    first_tpot = (behind * full + (osl - 1.0 - behind) * pure) / (osl - 1.0)
    return LockStep(wait, own, tpot, first_tpot, full, n)
