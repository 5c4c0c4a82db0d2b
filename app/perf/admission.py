"""When a new prompt gets into a step: the engines' admission rules that hold prompts back.

TensorRT-LLM's batch waiting (a prompt held up to `batch_wait_iters` decode steps so that others can join it) and
a scheduler that looks at new requests only every `recv_interval` decode steps (SGLang --scheduler-recv-interval,
AMD's MLPerf vLLM patch): how long a prompt waits for them, and how many prompts they gather into one prefill.
Used by :mod:`app.perf.serving` for the closed-loop and Poisson operating points.
"""

from __future__ import annotations

from app.perf.datatypes import Workload


def batch_window(wl: Workload, others: float, t_dec: float, lam: float) -> float:
    """How long a TensorRT-LLM batch wait holds its first prompt: `batch_wait_iters` decode steps, or shorter where
    the batch closes once `batch_wait_prompts` prompts wait (its token threshold, or one prompt per attention-DP
    rank): the K-1 others then take (K-1)/lam seconds to arrive. 0 when not configured or alone."""
    if not (wl.batch_wait_iters and others > 0):
        return 0.0
    window = wl.batch_wait_iters * t_dec
    if wl.batch_wait_prompts > 1 and lam > 0.0:
        window = min(window, (wl.batch_wait_prompts - 1) / lam)
    return window


def recv_steps(wl: Workload, others: float) -> float:
    """Decode steps between the scheduler's looks at new requests where it keeps to an interval (0: it looks every
    step, or idles, or runs fewer requests than the interval needs: AMD's patch looks every step below
    VLLM_MIN_REQUEST_DECODE_STEP running requests)."""
    if wl.recv_interval <= 1 or others <= 0 or others + 1.0 < wl.recv_min_running:
        return 0.0
    return float(wl.recv_interval)


def batch_size(wl: Workload, others: float, t_dec: float, lam: float) -> float:
    """Prompts prefilled together with this one: the first and the m others that arrive during a batch wait's
    window, or during the scheduler's interval between looks, which then admits every prompt that came (1 when
    neither holds prompts, or alone). Prefilled together, each waits for all of them: a step of K prompts does K
    prompts' work, whether TP splits every prompt over the GPUs or attention-DP gives each rank its own prompt (its
    attention and dense layers on that rank alone, every prompt's tokens through the experts)."""
    return 1.0 + lam * (batch_window(wl, others, t_dec, lam) + recv_steps(wl, others) * t_dec)


def batch_hold(wl: Workload, others: float, t_dec: float, lam: float) -> float:
    """TensorRT-LLM batch waiting: the first prompt of a batch waits the whole window, the m others that
    arrive during it wait half of it on average (0 when not configured or alone)."""
    window = batch_window(wl, others, t_dec, lam)
    m = lam * window
    return window * (1.0 + 0.5 * m) / (1.0 + m)


def recv_wait(wl: Workload, others: float, t_dec: float, quantile: float = 0.5) -> float:
    """Waiting for the scheduler's next look at new requests: it runs `recv_interval` decode steps between
    looks (SGLang --scheduler-recv-interval: its recv skipper counts decode steps; AMD's MLPerf vLLM patch admits
    waiting requests every VLLM_SUBSEQUENT_DECODE_STEPS + 1 steps), so a prompt that arrives while decodes run
    waits a uniform share of the N-1 steps beyond the one in flight: half on average, `quantile` of them at that
    quantile (0 when it looks every step or idles)."""
    steps = recv_steps(wl, others)
    return quantile * (steps - 1.0) * t_dec if steps > 1.0 else 0.0
