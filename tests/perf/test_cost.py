"""Cost per million tokens: the seed-004 formula, by hand."""

from __future__ import annotations

import pytest

from app.perf.cost import CostInputs, cost_per_million, hourly_cost


def test_capex_and_energy() -> None:
    c = CostInputs(capex=87_600.0, amortisation_years=1.0, power_w=10_000.0, electricity_per_kwh=0.10, pue=1.5)
    total, capex_h, energy_h, basis = hourly_cost(c)
    assert capex_h == pytest.approx(10.0)
    assert energy_h == pytest.approx(1.5)
    assert total == pytest.approx(11.5)
    assert "PUE 1.5" in basis
    est = cost_per_million(1000.0, 3000.0, c)
    assert est.per_million_output == pytest.approx(11.5 / 3.6)  # 3.6 M tokens per hour
    assert est.per_million_total == pytest.approx(11.5 / 14.4)


def test_hourly_rate_replaces_capex_and_power() -> None:
    est = cost_per_million(500.0, 0.0, CostInputs(capex=1e6, power_w=1e4, hourly_rate=20.0))
    assert est.hourly == 20.0 and est.capex_per_hour == 0.0
    assert est.per_million_output == pytest.approx(20.0 / 1.8)


def test_utilisation_spreads_idle_hours_over_served_tokens() -> None:
    full = cost_per_million(1000.0, 0.0, CostInputs(hourly_rate=10.0))
    half = cost_per_million(1000.0, 0.0, CostInputs(hourly_rate=10.0, utilisation=0.5))
    assert half.per_million_output == pytest.approx(2 * (full.per_million_output or 0))


def test_no_tokens_no_unit_cost() -> None:
    assert cost_per_million(0.0, 0.0, CostInputs(hourly_rate=1.0)).per_million_output is None


@pytest.mark.parametrize("kw", [{"pue": 0.9}, {"amortisation_years": 0}, {"capex": -1.0}, {"utilisation": 0.0}])
def test_invalid_inputs(kw: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        CostInputs(**kw)  # type: ignore[arg-type]
