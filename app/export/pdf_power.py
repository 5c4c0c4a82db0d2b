"""Power and cooling: per node and for all nodes, power supplies, heat, nodes per rack and the limit
that binds, rack power against the budget, cooling."""

from __future__ import annotations

from app.core.labels import redundancy_key_label
from app.export.labels import component_label, cooling_label, limit_label, tr, trf
from app.export.pdf_style import fmt_num
from app.rules.summary import Summary


def _watts(value: str) -> str:
    return trf("{value} W", value=value)


def _kw(value: str) -> str:
    return trf("{value} kW", value=value)


def _power_rows(s: Summary) -> list[tuple[str, str]]:
    rows = [
        (tr("Power per node, maximum"),
         trf("{dc} at the PSUs, {ac} at the wall", dc=_watts(fmt_num(s.power_max_w)),
                                                        ac=_watts(fmt_num(s.power_max_wall_w)))),
        (tr("Power per node, typical"),
         trf("{dc} at the PSUs, {ac} at the wall", dc=_watts(fmt_num(s.power_typical_w)),
                                                        ac=_watts(fmt_num(s.power_typical_wall_w)))),
    ]
    if s.vendor_max_w is not None:  # the vendor's published maximum beside the sum above (issue #17)
        rows.append((tr("Vendor's maximum"), trf("{ac} at the wall ({source})", ac=_watts(fmt_num(s.vendor_max_w)),
                                                 source=s.vendor_max_source or "")))
    if s.node_count > 1:
        rows.append((trf("Power, all {n} nodes", n=s.node_count),
                     trf("{max} maximum, {typical} typical at the wall",
                         max=trf("{value} kW", value=fmt_num(s.power_max_wall_w * s.node_count / 1000, 1)),
                         typical=trf("{value} kW",
                             value=fmt_num(s.power_typical_wall_w * s.node_count / 1000, 1)))))
    if s.power_by_component_w:
        rows.append((tr("Maximum by component"), ", ".join(
            f"{component_label(k)} {_watts(fmt_num(v))}" for k, v in s.power_by_component_w.items())))
    if s.psu_count:
        rows.append((tr("Power supplies"), trf("{count} x {rating}, {mode} redundancy, usable {usable} at {volts} V",
            count=s.psu_count, rating=_watts(fmt_num(s.psu_rating_w)),
            mode=redundancy_key_label(s.psu_redundancy).upper(),
            usable=_watts(fmt_num(s.psu_usable_w)), volts=fmt_num(s.feed_voltage_v))))
    else:
        rows.append((tr("Power supplies"), tr("none placed")))
    rows.append((tr("Heat per node"), trf("{btu} BTU/h ({watts})",
        btu=fmt_num(s.heat_btu_h), watts=_watts(fmt_num(s.heat_w)))))
    if s.nodes_per_rack is not None:
        limits = ""
        if s.nodes_per_rack_limits:
            limits = ", ".join(f"{limit_label(k)} {v}" for k, v in s.nodes_per_rack_limits.items())
        binding = ", ".join(limit_label(b) for b in (s.binding_limit or []))
        rows.append((tr("Nodes per rack"), trf("{n} (limited by {binding}; limits: {limits})",
            n=s.nodes_per_rack, binding=binding or "-", limits=limits or "-")))
    else:
        rows.append((tr("Nodes per rack"), tr("none: one node exceeds the rack's power or cooling")))
    load = s.rack_heat_w if s.rack_heat_w is not None else 0.0
    rows.append((tr("Rack power vs budget"), trf("{load} per rack of {usable} usable ({budget} budget)",
        load=_kw(fmt_num(load / 1000, 1)), usable=_kw(fmt_num(s.rack_usable_w / 1000, 1)),
        budget=_kw(fmt_num(s.rack_budget_w / 1000, 1)))))
    if s.rack_heat_btu_h is not None:
        rows.append((tr("Heat per rack"), trf("{btu} BTU/h", btu=fmt_num(s.rack_heat_btu_h))))
    rows.append((tr("Cooling"), trf("{cooling}, up to {limit} per rack",
        cooling=cooling_label(s.cooling), limit=_kw(fmt_num(s.cooling_limit_w / 1000, 1)))))
    if s.racks_needed is not None:
        rows.append((trf("Racks for {n} node(s)", n=s.node_count), str(s.racks_needed)))
    return rows
