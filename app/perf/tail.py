"""P99 from the means: the scenario targets are P99 bounds (DOMAIN.md, Latency targets), the model's
TTFT and TPOT are means. The tail is derived from the arrival model, not fitted: requests arrive
as a Poisson stream at the client's rate (the same rate the mean uses), so

- the step in flight when a prompt arrives is a uniform residual: mean half a step, P99 0.99 of one;
- the wait behind other prompts is an M/D/1 queue (Poisson arrivals at rate lambda, each prompt
  adding a fixed S of GPU time): its waiting time has the Cramer-Lundberg tail
  P(W > t) ~ C exp(-theta t), theta the positive root of lambda (exp(theta S) - 1) = theta and
  C = (1 - rho) / (lambda S exp(theta S) - 1); so P99 = ln(100 C) / theta, and none at all when
  P(W > 0) = rho <= 1 %;
- TPOT is per request, as MLPerf, vLLM bench and genai-perf report it: each request's own (latency - TTFT) /
  (tokens - 1), its P99 taken over requests (request_tpot_p99). A step that carries a new prompt's prefill
  stalls every running request, but a request's TPOT averages its own steps, so what spreads it is how
  many prompts join while it decodes and, under random arrivals, how many requests run beside it. (The P99
  inter-token time, one prefill-carrying step, is a stricter figure: at MLPerf's 40 ms Interactive bound
  it gave 8 x MI300X 2.8 requests/s against the 29.4 measured; this definition gives 33.5.)
"""

from __future__ import annotations

import math

RESIDUAL_P99 = 0.99  # P99 of a uniform residual, in steps
TAIL_QUANTILE_LN = math.log(100.0)  # ln(1 / 0.01)


MAX_RHO = 0.95  # the model's own cap on the prefill load (a queue at or past 1 never empties)


def md1_wait_p99(arrivals_per_s: float, service_s: float) -> float:
    """P99 of the wait in an M/D/1 queue (see the module docstring)."""
    rho = arrivals_per_s * service_s
    if service_s <= 0.0 or rho <= 0.01:
        return 0.0
    if rho > MAX_RHO:
        rho, arrivals_per_s = MAX_RHO, MAX_RHO / service_s
    lam, s = arrivals_per_s, service_s
    theta = 2.0 * (1.0 - rho) / (rho * s)  # heavy-traffic estimate; the root lies near it
    while lam * (math.exp(theta * s) - 1.0) - theta <= 0.0:
        theta *= 2.0  # start right of the root: Newton on a convex function then falls onto it
    for _ in range(60):
        grow = math.exp(theta * s)
        step = (lam * (grow - 1.0) - theta) / (lam * s * grow - 1.0)
        theta -= step
        if abs(step) < 1e-12 * theta:
            break
    c = (1.0 - rho) / (lam * s * math.exp(theta * s) - 1.0)
    return math.log(100.0 * c) / theta if 100.0 * c > 1.0 else 0.0


def mg1_wait_p99(arrivals_per_s: float, service_s: float, cv: float) -> float:
    """P99 of the wait in an M/G/1 queue whose service times are gamma-distributed with mean ``service_s`` and
    coefficient of variation ``cv`` (prompts of varied length, each adding GPU time in proportion): the same
    Cramer-Lundberg tail as md1_wait_p99 with the gamma's moment generating function, M(theta) = (1 - theta s
    cv^2)^(-1/cv^2), in place of exp(theta s); cv 0 is the M/D/1 queue."""
    if cv < 0.02:  # fixed lengths (and the limit the gamma's MGF approaches)
        return md1_wait_p99(arrivals_per_s, service_s)
    rho = arrivals_per_s * service_s
    if service_s <= 0.0 or rho <= 0.01:
        return 0.0
    if rho > MAX_RHO:
        rho, arrivals_per_s = MAX_RHO, MAX_RHO / service_s
    lam, s, k = arrivals_per_s, service_s, 1.0 / (cv * cv)
    pole = 1.0 / (s * cv * cv)  # the MGF is finite below it

    def excess(theta: float) -> float:  # lam (M(theta) - 1) - theta: negative between 0 and the root
        log_m = -k * math.log1p(-theta / pole)
        return math.inf if log_m > 700.0 else lam * math.expm1(log_m) - theta

    lo, hi = 0.0, pole
    for _ in range(200):  # bisection: the function is convex, negative just above 0, +inf at the pole
        mid = 0.5 * (lo + hi)
        if excess(mid) < 0.0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * pole:
            break
    theta = 0.5 * (lo + hi)
    slope = lam * s * math.exp(-(k + 1.0) * math.log1p(-theta / pole))  # lam M'(theta)
    c = (1.0 - rho) / (slope - 1.0)
    return math.log(100.0 * c) / theta if 100.0 * c > 1.0 else 0.0


def gamma_quantile_ratio(cv: float, z: float) -> float:
    """A gamma distribution's quantile over its mean, at the standard normal quantile ``z`` (Wilson-Hilferty):
    the P99 prompt of lengths with coefficient of variation ``cv``. MLPerf's OpenOrca set (cv 0.77) gives 3.60
    against the 3.56 of its 24,576 prompts; the gpt-oss set (cv 0.45) 2.33 against 2.48."""
    if cv <= 0.0:
        return 1.0
    a = cv * cv / 9.0  # 1 / (9 k), k = 1 / cv^2
    return max(0.0, 1.0 - a + z * math.sqrt(a)) ** 3


def p99_of_sum(mean_a: float, p99_a: float, mean_b: float, p99_b: float) -> float:
    """P99 of the sum of two independent latencies from each one's mean and P99: the means add and the excesses
    over them combine as independent spreads do (root sum of squares); where one has no spread it is the other's
    P99 plus its mean."""
    return mean_a + mean_b + math.hypot(max(0.0, p99_a - mean_a), max(0.0, p99_b - mean_b))


Z99 = 2.326  # standard normal 99th percentile


def request_tpot_p99(tpot: float, tpot_busy: float, work: float, arrivals_per_s: float, output_len: float) -> float:
    """P99 over requests of each request's own TPOT, (latency - TTFT) / (tokens - 1), as MLPerf, vLLM bench and
    genai-perf report it.

    A request's TPOT averages its own decode steps, so a single step that carries a prefill is diluted over them.
    What varies between requests is how many prompts join while they decode (Poisson: mean mu = arrivals x the
    request's decode time, each adding `work`, spread over its steps: P99 mu + 2.33 sqrt(mu)) and, under random
    arrivals, how many requests run beside them (`tpot_busy`: the TPOT at the P99 of that count).
    """
    steps = max(1.0, output_len - 1.0)
    mu = arrivals_per_s * steps * tpot
    return max(tpot, tpot_busy) + Z99 * math.sqrt(mu) * work / steps
