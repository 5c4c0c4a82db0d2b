"""AMD inventory through ``amdsmi`` (ROCm's Python wrapper over ``libamd_smi``), best effort.

``amdsmi`` is optional and imported lazily; every query is wrapped on its own, so a field the
library or driver does not support is left None.
"""

from __future__ import annotations

import importlib
from typing import Any

from app.probe.device_ids import normalize_bus_id
from app.probe.report import GpuInfo, PcieLink

# pcie_static.max_pcie_speed is in MT/s
_PCIE_SPEED_TO_GEN = {2500: 1, 5000: 2, 8000: 3, 16000: 4, 32000: 5, 64000: 6}


class AmdUnavailableError(Exception):
    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def import_amdsmi() -> Any:
    try:
        return importlib.import_module("amdsmi")
    except ImportError:
        raise AmdUnavailableError("AMDSMI_MISSING", "The amdsmi package is not installed.") from None
    except Exception as exc:  # the wrapper raises when libamd_smi is missing
        raise AmdUnavailableError("AMDSMI_IMPORT_FAILED", f"amdsmi could not be loaded: {exc}") from None


def _call(mod: Any, name: str, *args: Any) -> Any:
    fn = getattr(mod, name, None)
    if fn is None:
        return None
    try:
        return fn(*args)
    except Exception:  # AmdSmiLibraryException and friends: the field stays unknown
        return None


def _watts(value: object) -> float | None:
    """Power caps come in W, mW or µW depending on the call and library version."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        return None
    w = float(value)
    while w > 5000:
        w /= 1000.0
    return w


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def amd_gpu_info(mod: Any, index: int, handle: Any) -> GpuInfo:
    asic = _dict(_call(mod, "amdsmi_get_gpu_asic_info", handle))
    board = _dict(_call(mod, "amdsmi_get_gpu_board_info", handle))
    driver = _dict(_call(mod, "amdsmi_get_gpu_driver_info", handle))
    power = _dict(_call(mod, "amdsmi_get_power_cap_info", handle))
    pcie = _dict(_call(mod, "amdsmi_get_pcie_info", handle))
    static, metric = _dict(pcie.get("pcie_static")), _dict(pcie.get("pcie_metric"))
    name = asic.get("market_name") or board.get("product_name") or f"AMD GPU {index}"
    vram_type = getattr(getattr(mod, "AmdSmiMemoryType", None), "VRAM", None)
    total = _int(_call(mod, "amdsmi_get_gpu_memory_total", handle, vram_type)) if vram_type is not None else None
    used = _int(_call(mod, "amdsmi_get_gpu_memory_usage", handle, vram_type)) if vram_type is not None else None
    gen_max = _int(static.get("pcie_interface_version")) or _PCIE_SPEED_TO_GEN.get(
        _int(static.get("max_pcie_speed")) or 0)
    gen_cur = _PCIE_SPEED_TO_GEN.get(_int(metric.get("pcie_speed")) or 0)
    width_max, width_cur = _int(static.get("max_pcie_width")), _int(metric.get("pcie_width"))
    temp: float | None = None
    ttype = getattr(getattr(mod, "AmdSmiTemperatureType", None), "HOTSPOT", None)
    tmetric = getattr(getattr(mod, "AmdSmiTemperatureMetric", None), "CURRENT", None)
    if ttype is not None and tmetric is not None:
        t = _call(mod, "amdsmi_get_temp_metric", handle, ttype, tmetric)
        temp = float(t) if isinstance(t, (int, float)) and -50 <= t <= 200 else None
    clk_type = getattr(mod, "AmdSmiClkType", None)
    gfx = _dict(_call(mod, "amdsmi_get_clock_info", handle, clk_type.GFX)) if clk_type is not None else {}
    mem = _dict(_call(mod, "amdsmi_get_clock_info", handle, clk_type.MEM)) if clk_type is not None else {}
    uuid = _call(mod, "amdsmi_get_gpu_device_uuid", handle)
    return GpuInfo(
        index=index,
        vendor="amd",
        source="amdsmi",
        name=str(name)[:200],
        uuid=str(uuid)[:200] if uuid else None,
        pci_bus_id=normalize_bus_id(_call(mod, "amdsmi_get_gpu_device_bdf", handle)),
        memory_total_bytes=total,
        memory_free_bytes=total - used if total is not None and used is not None and used <= total else None,
        driver_version=str(driver["driver_version"])[:200] if driver.get("driver_version") else None,
        power_limit_w=_watts(power.get("power_cap")),
        power_default_limit_w=_watts(power.get("default_power_cap")),
        pcie=PcieLink(
            gen_current=gen_cur,
            gen_max=gen_max if gen_max and gen_max <= 8 else None,
            width_current=width_cur if width_cur and width_cur <= 32 else None,
            width_max=width_max if width_max and width_max <= 32 else None,
        ),
        sm_count=_int(asic.get("num_compute_units")),
        sm_clock_mhz=_int(gfx.get("clk")),
        sm_clock_max_mhz=_int(gfx.get("max_clk")),
        mem_clock_mhz=_int(mem.get("clk")),
        mem_clock_max_mhz=_int(mem.get("max_clk")),
        temperature_c=temp,
    )


def amd_inventory(module: Any | None = None) -> list[GpuInfo]:
    mod = module if module is not None else import_amdsmi()
    try:
        mod.amdsmi_init()
    except Exception as exc:
        raise AmdUnavailableError("AMDSMI_INIT_FAILED",
                             f"amdsmi could not be initialised (is the amdgpu driver loaded?): {exc}") from None
    try:
        handles = _call(mod, "amdsmi_get_processor_handles") or []
        return [amd_gpu_info(mod, i, h) for i, h in enumerate(handles)]
    finally:
        _call(mod, "amdsmi_shut_down")
