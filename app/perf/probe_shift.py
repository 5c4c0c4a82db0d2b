"""How far a probe's measured peaks move an estimate (#20 item 7): the same deployment, workload and load on the
datasheet's peaks, side by side. One reading for the CLI, the window's charts and the quote."""

from __future__ import annotations

from dataclasses import replace

from app.perf.datatypes import Deployment, Estimate, Workload
from app.perf.preparation import prepare
from app.perf.text import t

SHIFT_METRICS = ("ttft_ms", "tpot_ms", "output_tps_total")

Shift = dict[str, dict[str, float | None]]


def shift_between(datasheet: Estimate, measured: Estimate) -> Shift:
    """TTFT, TPOT and total throughput with datasheet peaks and with a probe's, and the relative change."""
    out: Shift = {}
    for metric in SHIFT_METRICS:
        before, after = float(getattr(datasheet, metric)), float(getattr(measured, metric))
        out[metric] = {"datasheet": before, "probe": after, "change": after / before - 1.0 if before else None}
    return out


def probe_shift(deployment: Deployment, workload: Workload, measured: Estimate) -> Shift | None:
    """``measured`` (made with ``deployment.measured``) against the same concurrency on the datasheet's peaks;
    None when the deployment has no measured peaks."""
    if deployment.measured is None:
        return None
    datasheet = prepare(replace(deployment, measured=None), workload).estimate(measured.concurrency,
                                                                                 with_slo=False)
    return shift_between(datasheet, measured)


def shift_text(shift: Shift | None) -> str:
    """One line for every view; empty without a probe."""
    if shift is None:
        return ""

    def change(metric: str) -> float:
        return round(shift[metric]["change"] or 0.0, 2) + 0.0  # no "-0%" for a change of -0.1 %

    return t("the probe's peaks move this estimate against the datasheet's: TTFT {ttft:+.0%}, TPOT {tpot:+.0%}, "
             "total output {tps:+.0%}", ttft=change("ttft_ms"), tpot=change("tpot_ms"), tps=change("output_tps_total"))
