"""Files NetBox imports: the node as a device type (YAML in the community device-type library's
format, netbox-community/devicetype-library schema/devicetype.json), and the racks and devices as
CSV for NetBox's bulk import (the headers are the fields of dcim/forms/bulk_import.py's
RackImportForm and DeviceImportForm).

The YAML is written by hand (no YAML library at run time): every string is a JSON string, which
YAML reads as a double-quoted scalar. Power ports carry ``maximum_draw`` (the port's draw at the
node's maximum with the other feed lost: the most one cord carries) and ``allocated_draw`` (its
share at the workload's operating point), both whole watts as NetBox stores them.

Pure: no Qt.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from dataclasses import dataclass

from app.core.parts import Chassis
from app.facility.electrical import OVER_C20, NodeElectrical
from app.facility.elevation import RackPlan

NETBOX_POWER_TYPES = {"C14": "iec-60320-c14", "C20": "iec-60320-c20"}
RACK_HEADERS = ("site", "name", "status", "width", "u_height", "airflow", "description", "comments")
DEVICE_HEADERS = ("name", "role", "manufacturer", "device_type", "status", "site", "rack", "position", "face",
                  "airflow", "description")
DEFAULT_SITE = "Site"
DEFAULT_ROLE = "GPU server"


@dataclass(frozen=True, slots=True)
class DeviceType:
    manufacturer: str
    model: str
    slug: str
    part_number: str | None
    u_height: int
    weight_kg: float | None
    comments: str
    power_ports: tuple[tuple[str, str, int, int], ...]  # (name, type, maximum_draw, allocated_draw)

    @property
    def path(self) -> str:
        """Where the library keeps it: device-types/<Manufacturer>/<model>.yaml."""
        return f"device-types/{_file_part(self.manufacturer)}/{_file_part(self.model)}.yaml"


def _file_part(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", text).strip("-") or "device"


def slugify(*words: str) -> str:
    """NetBox's slug alphabet: lower-case letters, digits, '-' and '_' (at most 100 characters)."""
    slug = re.sub(r"[^a-z0-9_]+", "-", " ".join(words).lower()).strip("-")
    return slug[:100].rstrip("-") or "device"


def device_type(chassis: Chassis, node: NodeElectrical) -> DeviceType:
    """The configured node as a device type: the chassis' height and weight, one power port per PSU."""
    model = (chassis.sku or chassis.name)[:100]
    port_type = NETBOX_POWER_TYPES.get(node.inlet.inlet if node.inlet is not None else "", "other")
    ports = tuple(
        (f"PSU{p.index + 1}", port_type, max(1, math.ceil(p.worst_w)), max(1, math.ceil(p.load_w)))
        for p in node.psus)
    inlet_note = ""
    if node.inlet is not None:
        inlet_note = f" Inlet: {node.inlet.inlet}, {node.inlet.source}." if node.inlet.inlet != OVER_C20 else \
            f" Inlet: {node.inlet.source}."
    comments = (f"{chassis.display_name}, as configured in Inference Sizer: {len(node.psus)} x {node.psu_name}. "
                f"maximum_draw: a PSU's draw at the node's maximum with the other feed lost (at most its rating); "
                f"allocated_draw: its share at the workload's operating point.{inlet_note} Full depth and "
                f"front-to-rear airflow are "
                f"assumed (rack GPU servers). Weight: "
                + (f"{chassis.weight_kg:g} kg as the vendor publishes it." if chassis.weight_kg is not None
                   else "not stated by the vendor."))
    return DeviceType(chassis.vendor[:100], model, slugify(chassis.vendor, model), chassis.sku, chassis.rack_units,
                      chassis.weight_kg, comments, ports)


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def device_type_yaml(dt: DeviceType) -> str:
    """The device type in the library's YAML layout (keys in the library's usual order)."""
    lines = ["---", f"manufacturer: {_q(dt.manufacturer)}", f"model: {_q(dt.model)}", f"slug: {_q(dt.slug)}"]
    if dt.part_number:
        lines.append(f"part_number: {_q(dt.part_number[:50])}")
    lines += [f"u_height: {dt.u_height}", "is_full_depth: true", "airflow: front-to-rear"]
    if dt.weight_kg is not None:
        lines += [f"weight: {round(dt.weight_kg, 2):g}", "weight_unit: kg"]
    lines.append(f"comments: {_q(dt.comments)}")
    if dt.power_ports:
        lines.append("power-ports:")
        for name, kind, maximum, allocated in dt.power_ports:
            lines += [f"  - name: {_q(name)}", f"    type: {kind}", f"    maximum_draw: {maximum}",
                      f"    allocated_draw: {allocated}"]
    return "\n".join(lines) + "\n"


def _csv(headers: tuple[str, ...], rows: list[dict[str, object]]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=headers, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def racks_csv(racks: tuple[RackPlan, ...], *, site: str = DEFAULT_SITE, prefix: str = "") -> str:
    """NetBox rack bulk import: planned 19-inch racks of the site's height."""
    rows: list[dict[str, object]] = []
    for rack in racks:
        weight = f"{rack.weight_kg:.0f} kg of devices" if rack.weight_kg is not None else "device weight not stated"
        rows.append({
            "site": site, "name": f"{prefix}{rack.name}", "status": "planned", "width": 19,
            "u_height": rack.rack_units, "airflow": "front-to-rear",
            "description": (f"{len(rack.nodes)} node(s), {rack.max_w / 1000:.1f} kW max, "
                            f"{rack.heat_btu_h:,.0f} BTU/h, {weight}")[:200],
            "comments": (f"Planned by Inference Sizer: {rack.used_units} of {rack.rack_units} U used; "
                         f"{rack.load_w / 1000:.1f} kW at the operating point; airflow {rack.airflow_m3h:,.0f} m3/h "
                         f"({rack.airflow_cfm:,.0f} CFM)."),
        })
    return _csv(RACK_HEADERS, rows)


def devices_csv(racks: tuple[RackPlan, ...], dt: DeviceType, *, site: str = DEFAULT_SITE, prefix: str = "",
                role: str = DEFAULT_ROLE, name: str = "node") -> str:
    """NetBox device bulk import: each node in its rack at its lowest U, front face."""
    rows: list[dict[str, object]] = []
    for rack in racks:
        for node in rack.nodes:
            rows.append({
                "name": f"{prefix}{name}-{node.number:02d}", "role": role, "manufacturer": dt.manufacturer,
                "device_type": dt.model, "status": "planned", "site": site, "rack": f"{prefix}{rack.name}",
                "position": node.u_bottom, "face": "front", "airflow": "front-to-rear",
                "description": f"U{node.u_bottom}-U{node.u_top}"[:200],
            })
    return _csv(DEVICE_HEADERS, rows)
