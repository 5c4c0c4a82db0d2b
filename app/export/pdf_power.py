"""Power and cooling: per node and for all nodes, the four power figures (idle, at the load, max,
extreme; issue 19), power supplies, heat, nodes per rack and the limit that binds, rack power against
the budget, cooling."""

from __future__ import annotations

from reportlab.platypus import Flowable, Table

from app.core.labels import redundancy_key_label
from app.export.labels import component_label, cooling_label, limit_label, tr, trf
from app.export.pdf_style import P, _grid_style, _styles, fmt_num
from app.rules.summary import Summary


def _watts(value: str) -> str:
    return trf("{value} W", value=value)


def _kw(value: str) -> str:
    return trf("{value} kW", value=value)


def _states_table(s: Summary) -> Table:
    """Wall power in four states, per node and per rack: what the facility meters at the load, what sizes
    the PSUs and the rack (max), and the worst case with the fans at 100 % (extreme)."""
    st = _styles()
    heads = ["", tr("Idle"), tr("At the load"), tr("Max (sizing)"), tr("Extreme")]
    node = [s.power_idle_wall_w, s.power_load_wall_w, s.power_max_wall_w, s.power_extreme_wall_w]
    data = [[P(h, st.head_right if i else st.head) for i, h in enumerate(heads)],
            [P(tr("Per node"), st.cell_bold), *(P(_watts(fmt_num(v)), st.cell_right) for v in node)]]
    if s.rack_power_w:
        rack = [s.rack_power_w[k] for k in ("idle", "load", "max", "extreme")]
        data.append([P(tr("Per rack"), st.cell_bold),
                     *(P(_kw(fmt_num(v / 1000, 1)), st.cell_right) for v in rack)])
    table = Table(data, hAlign="LEFT")
    table.setStyle(_grid_style())
    return table


def _load_basis(s: Summary) -> str:
    if s.gpu_power_load_w is not None:
        return trf("GPUs at {watts} each at the operating point (the estimate at the load); heat at the load "
                   "{btu} BTU/h", watts=_watts(fmt_num(s.gpu_power_load_w)), btu=fmt_num(s.heat_load_btu_h))
    return trf("GPUs at the profile's typical share of their power (no estimate at the load); heat at the load "
               "{btu} BTU/h", btu=fmt_num(s.heat_load_btu_h))


def _power_rows(s: Summary) -> list[tuple[str, Flowable | str]]:
    rows: list[tuple[str, Flowable | str]] = [
        (tr("Power per node, maximum"),
         trf("{dc} at the PSUs, {ac} at the wall", dc=_watts(fmt_num(s.power_max_w)),
                                                        ac=_watts(fmt_num(s.power_max_wall_w)))),
    ]  # no "typical" row: the figure at the load (below) is the one the client's facility meters
    rows += [(tr("Power at the wall"), _states_table(s)), (tr("At the load"), _load_basis(s))]
    if s.vendor_max_w is not None:  # the vendor's published maximum beside the sum above (issue #17)
        rows.append((tr("Vendor's maximum"), trf("{ac} at the wall ({source})", ac=_watts(fmt_num(s.vendor_max_w)),
                                                 source=s.vendor_max_source or "")))
    if s.node_count > 1:
        rows.append((trf("Power, all {n} nodes", n=s.node_count),
                     trf("{max} maximum, {load} at the load, at the wall",
                         max=trf("{value} kW", value=fmt_num(s.power_max_wall_w * s.node_count / 1000, 1)),
                         load=trf("{value} kW", value=fmt_num(s.power_load_wall_w * s.node_count / 1000, 1)))))
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
