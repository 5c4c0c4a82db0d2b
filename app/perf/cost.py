"""Cost per million tokens (seed 004): hourly cost / (tokens per second x 3600) x 1e6.

Hourly cost is either a rate the user pays (cloud or colocation, whole build) or capex
amortised over a period plus energy: node power x electricity price x PUE. Computed at the
operating point the estimate describes, so a build that only meets the SLO at low concurrency
pays for its idle capacity.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.perf.text import t

HOURS_PER_YEAR = 8760.0


@dataclass(frozen=True, slots=True)
class CostInputs:
    capex: float | None = None  # purchase price of the whole build, in `currency`
    amortisation_years: float = 3.0
    power_w: float | None = None  # wall power of the build at this load
    electricity_per_kwh: float = 0.12
    pue: float = 1.4
    hourly_rate: float | None = None  # replaces capex + energy when given
    utilisation: float = 1.0  # share of hours spent serving at this operating point
    currency: str = "USD"

    def __post_init__(self) -> None:
        if self.amortisation_years <= 0 or self.pue < 1.0 or not 0.0 < self.utilisation <= 1.0:
            raise ValueError("amortisation_years > 0, pue >= 1 and 0 < utilisation <= 1 are required")
        for name in ("capex", "power_w", "hourly_rate"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"{name} cannot be negative")
        if self.electricity_per_kwh < 0:
            raise ValueError("electricity_per_kwh cannot be negative")


@dataclass(frozen=True, slots=True)
class CostEstimate:
    hourly: float
    capex_per_hour: float
    energy_per_hour: float
    per_million_output: float | None  # None when the build produces no tokens
    per_million_total: float | None  # input + output tokens
    currency: str
    basis: str  # one line saying how the hourly figure was made

    def to_dict(self) -> dict[str, object]:
        return {
            "hourly": self.hourly,
            "capex_per_hour": self.capex_per_hour,
            "energy_per_hour": self.energy_per_hour,
            "per_million_output": self.per_million_output,
            "per_million_total": self.per_million_total,
            "currency": self.currency,
            "basis": self.basis,
        }


def hourly_cost(c: CostInputs) -> tuple[float, float, float, str]:
    """(total, capex part, energy part, basis) per hour of operation."""
    if c.hourly_rate is not None:
        return c.hourly_rate, 0.0, 0.0, t("rate {rate:,.2f} {currency}/h", rate=c.hourly_rate, currency=c.currency)
    capex_h = (c.capex or 0.0) / (c.amortisation_years * HOURS_PER_YEAR)
    energy_h = (c.power_w or 0.0) / 1000.0 * c.electricity_per_kwh * c.pue
    parts = []
    if c.capex:
        parts.append(t("capex {capex:,.0f} {currency} over {years:g} years", capex=c.capex, currency=c.currency,
                       years=c.amortisation_years))
    if c.power_w:
        parts.append(t("{power_w:,.0f} W x {price:g} {currency}/kWh x PUE {pue:g}", power_w=c.power_w,
                       price=c.electricity_per_kwh, currency=c.currency, pue=c.pue))
    return capex_h + energy_h, capex_h, energy_h, "; ".join(parts) or t("no cost inputs")


def cost_per_million(output_tps: float, input_tps: float, inputs: CostInputs) -> CostEstimate:
    """Cost of a million tokens served at the given rates (whole build)."""
    total, capex_h, energy_h, basis = hourly_cost(inputs)
    effective = total / inputs.utilisation
    if inputs.utilisation < 1.0:
        basis += t("; {utilisation:.0%} of hours serving", utilisation=inputs.utilisation)
    out_m = effective / (output_tps * 3600.0) * 1e6 if output_tps > 0 else None
    tot_m = effective / ((output_tps + input_tps) * 3600.0) * 1e6 if output_tps + input_tps > 0 else None
    return CostEstimate(total, capex_h, energy_h, out_m, tot_m, inputs.currency, basis)
