"""PCI bus IDs and GPU UUIDs in one spelling, to match a GPU across NVML, nvidia-smi, amdsmi and the engines.

Standard library only: the benchmark worker imports it, and the worker also runs under a server's own Python
(app.probe.external_python), which has none of the app's dependencies."""

from __future__ import annotations


def normalize_bus_id(bus_id: object) -> str | None:
    """'00000000:18:00.0' (NVML), '0000:18:00.0' or '18:00.0' -> '0000:18:00.0'."""
    if isinstance(bus_id, bytes):
        bus_id = bus_id.decode("ascii", "replace")
    if not isinstance(bus_id, str):
        return None
    text = bus_id.strip().lower().rstrip("\x00")
    parts = text.split(":")
    if len(parts) == 2:
        parts = ["0", *parts]
    if len(parts) != 3 or "." not in parts[2]:
        return None
    try:
        domain = int(parts[0], 16)
        bus = int(parts[1], 16)
        device, _, function = parts[2].partition(".")
        return f"{domain:04x}:{bus:02x}:{int(device, 16):02x}.{int(function, 16):x}"
    except ValueError:
        return None


def normalize_uuid(uuid: object) -> str | None:
    """'GPU-8f6b…' / '8f6b…' -> '8f6b…' (lower case, no prefix) for matching across tools."""
    if isinstance(uuid, bytes):
        uuid = uuid.decode("ascii", "replace")
    if not isinstance(uuid, str) or not uuid.strip():
        return None
    text = uuid.strip().lower()
    for prefix in ("gpu-", "mig-"):
        text = text.removeprefix(prefix)
    return text
