"""Host facts: CPU model, cores, RAM, NUMA nodes, OS, WSL and container detection.

No third-party packages: /proc and /sys on Linux, ``sysctl`` on macOS, the registry and
``GlobalMemoryStatusEx`` on Windows. Every reader returns None when it cannot tell.
"""

from __future__ import annotations

import ctypes
import os
import platform
import re
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from app.probe.report import HostInfo, PlatformInfo

SYSCTL_TIMEOUT_S = 5.0


@dataclass(frozen=True, slots=True)
class CpuInfo:
    model: str | None
    sockets: int | None
    cores_physical: int | None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def parse_proc_cpuinfo(text: str) -> CpuInfo:
    """Model name, socket and physical-core counts from /proc/cpuinfo (x86 and ARM)."""
    model: str | None = None
    cores: set[tuple[str, str]] = set()
    sockets: set[str] = set()
    physical_id = core_id = None
    for line in [*text.splitlines(), ""]:
        if not line.strip():
            if physical_id is not None and core_id is not None:
                cores.add((physical_id, core_id))
            physical_id = core_id = None
            continue
        key, _, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if key in ("model name", "hardware", "cpu model") and value and model is None:
            model = value
        elif key == "physical id":
            physical_id = value
            sockets.add(value)
        elif key == "core id":
            core_id = value
    return CpuInfo(model=model, sockets=len(sockets) or None, cores_physical=len(cores) or None)


def parse_meminfo_total(text: str) -> int | None:
    m = re.search(r"^MemTotal:\s+(\d+)\s*kB", text, re.MULTILINE)
    return int(m.group(1)) * 1024 if m else None


def _sysctl(name: str) -> str | None:
    try:
        out = subprocess.run(["sysctl", "-n", name], capture_output=True, text=True,
                             timeout=SYSCTL_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    value = out.stdout.strip()
    return value if out.returncode == 0 and value else None


def _int_or_none(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _windows_cpu_model() -> str | None:
    try:
        import winreg  # noqa: PLC0415 - Windows only

        key = winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE,  # type: ignore[attr-defined,unused-ignore]
                             r"HARDWARE\DESCRIPTION\System\CentralProcessor\0")
        value, _ = winreg.QueryValueEx(key, "ProcessorNameString")  # type: ignore[attr-defined,unused-ignore]
        return str(value).strip() or None
    except (ImportError, OSError):
        return None


def _windows_ram() -> int | None:
    class MemoryStatusEx(ctypes.Structure):
        _fields_ = [
            ("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
            ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
            ("ullTotalPageFile", ctypes.c_ulonglong), ("ullAvailPageFile", ctypes.c_ulonglong),
            ("ullTotalVirtual", ctypes.c_ulonglong), ("ullAvailVirtual", ctypes.c_ulonglong),
            ("sullAvailExtendedVirtual", ctypes.c_ulonglong),
        ]

    try:
        status = MemoryStatusEx()
        status.dwLength = ctypes.sizeof(MemoryStatusEx)
        windll = ctypes.windll  # type: ignore[attr-defined,unused-ignore]
        if windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
            return int(status.ullTotalPhys)
    except (AttributeError, OSError):
        return None
    return None


def host_info(root: Path = Path("/"), system: str | None = None) -> HostInfo:
    """This machine's CPU and memory. ``root`` and ``system`` exist for tests."""
    system = system or platform.system()
    model: str | None = None
    sockets = cores = numa = None
    ram: int | None = None
    if system == "Linux":
        cpu = parse_proc_cpuinfo(_read(root / "proc/cpuinfo") or "")
        model, sockets, cores = cpu.model, cpu.sockets, cpu.cores_physical
        ram = parse_meminfo_total(_read(root / "proc/meminfo") or "")
        node_dir = root / "sys/devices/system/node"
        try:
            numa = len([p for p in node_dir.iterdir() if re.fullmatch(r"node\d+", p.name)]) or None
        except OSError:
            numa = None
    elif system == "Darwin":
        model = _sysctl("machdep.cpu.brand_string")
        cores = _int_or_none(_sysctl("hw.physicalcpu"))
        sockets = _int_or_none(_sysctl("hw.packages"))
        ram = _int_or_none(_sysctl("hw.memsize"))
    elif system == "Windows":
        model = _windows_cpu_model()
        ram = _windows_ram()
    if not model:
        model = platform.processor() or None
    logical = os.cpu_count()
    if cores is not None and logical is not None and cores > logical:
        cores = None  # cpuinfo of a restricted container: don't report more than we can see
    return HostInfo(
        hostname=(socket.gethostname() or "unknown")[:200],
        cpu_model=model[:200] if model else None,
        cpu_sockets=sockets if sockets and sockets <= 64 else None,
        cores_physical=cores,
        cores_logical=logical,
        ram_bytes=ram,
        numa_nodes=numa if numa and numa <= 1024 else None,
    )


def is_wsl(root: Path = Path("/")) -> bool:
    text = _read(root / "proc/version") or ""
    return "microsoft" in text.lower()


def in_container(root: Path = Path("/")) -> bool:
    if (root / ".dockerenv").exists() or (root / "run/.containerenv").exists():
        return True
    cgroup = _read(root / "proc/1/cgroup") or ""
    return any(word in cgroup for word in ("docker", "kubepods", "containerd", "libpod", "lxc"))


def platform_info() -> PlatformInfo:
    system = platform.system() or sys.platform
    linux = system == "Linux"
    return PlatformInfo(
        os=system.lower()[:200],
        os_release=platform.release()[:200],
        machine=platform.machine()[:200],
        python=platform.python_version(),
        is_wsl=linux and is_wsl(),
        in_container=linux and in_container(),
        frozen=bool(getattr(sys, "frozen", False)),
    )
