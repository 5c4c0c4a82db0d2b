"""The ``nvidia-smi`` fallback, for machines where NVML cannot be loaded from Python.

Runs ``nvidia-smi --query-gpu=… --format=csv,noheader,nounits`` (fields an old driver does not know are
dropped and the query retried), plain ``nvidia-smi`` for the CUDA version, ``nvidia-smi -L``
for MIG instances and ``nvidia-smi topo -m`` for the GPU-to-GPU matrix. Every call has a
timeout. The parsers are pure functions over text, tested on recorded outputs.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.probe.device_ids import normalize_bus_id
from app.probe.nvml import decode_reasons
from app.probe.report import GpuInfo, MigInfo, MigInstance, NvlinkInfo, PcieLink, Topology, TopologyPair

SMI_TIMEOUT_S = 15.0
MIB = 1024 * 1024

QUERY_FIELDS: tuple[str, ...] = (
    "index", "name", "uuid", "pci.bus_id", "memory.total", "memory.free", "driver_version",
    "power.limit", "power.default_limit", "power.draw",
    "pcie.link.gen.current", "pcie.link.gen.max", "pcie.link.width.current", "pcie.link.width.max",
    "clocks.sm", "clocks.mem", "clocks.max.sm", "clocks.max.mem", "temperature.gpu",
    "ecc.mode.current", "mig.mode.current", "utilization.gpu", "compute_cap", "clocks_event_reasons.active",
)
REQUIRED_FIELDS = frozenset({"index", "name"})
_MISSING = {"", "n/a", "[n/a]", "[not supported]", "not supported", "[unknown error]", "unknown error",
            "[insufficient permissions]", "insufficient permissions", "[gpu is lost]"}
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@dataclass(frozen=True, slots=True)
class SmiResult:
    returncode: int
    stdout: str
    stderr: str = ""

    @property
    def text(self) -> str:
        return (self.stdout + "\n" + self.stderr).strip()


SmiRunner = Callable[[Sequence[str]], SmiResult]


class SmiUnavailableError(Exception):
    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def find_nvidia_smi() -> str | None:
    found = shutil.which("nvidia-smi")
    if found:
        return found
    if sys.platform == "win32":
        for candidate in (Path(r"C:\Windows\System32\nvidia-smi.exe"),
                          Path(r"C:\Program Files\NVIDIA Corporation\NVSMI\nvidia-smi.exe")):
            if candidate.exists():
                return str(candidate)
    return None


def run_nvidia_smi(args: Sequence[str], timeout: float = SMI_TIMEOUT_S) -> SmiResult:
    """Run nvidia-smi with a timeout; SmiUnavailableError when it is missing or hangs."""
    exe = find_nvidia_smi()
    if exe is None:
        raise SmiUnavailableError("NVIDIA_SMI_NOT_FOUND", "nvidia-smi is not installed or not on PATH.")
    try:
        out = subprocess.run([exe, *args], capture_output=True, text=True, encoding="utf-8", errors="replace",
                             timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise SmiUnavailableError("NVIDIA_SMI_TIMEOUT",
                             f"nvidia-smi did not answer within {timeout:.0f} s (driver busy or hung?).") from None
    except OSError as exc:
        raise SmiUnavailableError("NVIDIA_SMI_FAILED", f"nvidia-smi could not be run: {exc}") from None
    return SmiResult(out.returncode, out.stdout or "", out.stderr or "")


def classify_failure(result: SmiResult) -> SmiUnavailableError:
    """A failed nvidia-smi run -> a stable code and a hint the user can act on."""
    text = result.text
    low = text.lower()
    if "couldn't communicate with the nvidia driver" in low or "driver not loaded" in low:
        return SmiUnavailableError("NVIDIA_DRIVER_NOT_LOADED",
                              "nvidia-smi cannot talk to the NVIDIA driver: no driver is installed or it is "
                              "not running.")
    if "version mismatch" in low:
        return SmiUnavailableError("DRIVER_VERSION_MISMATCH_REBOOT",
                              "Driver/library version mismatch: the NVIDIA driver was updated; reboot the machine.")
    if "no devices were found" in low:
        return SmiUnavailableError("NO_NVIDIA_GPU", "nvidia-smi found no NVIDIA GPU.")
    if "libnvidia-ml" in low or "nvml shared library" in low:
        return SmiUnavailableError("NVML_LIBRARY_NOT_FOUND",
                              "nvidia-smi cannot load the NVML library. In a container, start it with the NVIDIA "
                              "container runtime (docker run --gpus all).")
    if "insufficient permissions" in low or "no permission" in low:
        return SmiUnavailableError("NVML_NO_PERMISSION", "nvidia-smi was refused access (insufficient permissions).")
    first = next((line.strip() for line in text.splitlines() if line.strip()), "no output")
    return SmiUnavailableError("NVIDIA_SMI_FAILED", f"nvidia-smi failed (exit code {result.returncode}): {first[:300]}")


def _value(raw: str | None) -> str | None:
    if raw is None:
        return None
    text = raw.strip()
    return None if text.lower() in _MISSING else text


def _int(raw: str | None) -> int | None:
    text = _value(raw)
    if text is None:
        return None
    try:
        return int(float(text))
    except ValueError:
        return None


def _float(raw: str | None) -> float | None:
    text = _value(raw)
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _enabled(raw: str | None) -> bool | None:
    text = (_value(raw) or "").lower()
    if text in ("enabled", "on", "yes"):
        return True
    if text in ("disabled", "off", "no"):
        return False
    return None


def parse_query_csv(text: str, fields: Sequence[str] = QUERY_FIELDS) -> list[dict[str, str | None]]:
    """Rows of ``--query-gpu=FIELDS --format=csv,noheader,nounits``, keyed by the queried field names.

    Columns come in the order of the query (nvidia-smi prints canonical names in a header, e.g.
    ``clocks.current.sm`` for ``clocks.sm``, so positions are the reliable key). A header row, if
    present, is skipped. Rows with the wrong number of cells are dropped.
    """
    lines = [line for line in _ANSI.sub("", text).splitlines() if line.strip()]
    rows = list(csv.reader(io.StringIO("\n".join(lines)), skipinitialspace=True))
    if rows and rows[0] and rows[0][0].strip().lower() == "index":
        rows = rows[1:]
    out: list[dict[str, str | None]] = []
    for row in rows:
        if len(row) != len(fields):
            continue
        out.append({f: _value(v) for f, v in zip(fields, row, strict=True)})
    if rows and not out:
        raise ValueError(f"expected {len(fields)} columns per row, got {len(rows[0])}")
    return out


def _pcie_gen(raw: str | None) -> int | None:
    v = _int(raw)
    return v if v is not None and 1 <= v <= 8 else None


def _pcie_width(raw: str | None) -> int | None:
    v = _int(raw)
    return v if v is not None and 1 <= v <= 32 else None


def gpu_from_row(row: dict[str, str | None], *, cuda: str | None = None) -> GpuInfo:
    index = _int(row.get("index"))
    if index is None or index < 0:
        raise ValueError("nvidia-smi row without a GPU index")
    total = _int(row.get("memory.total"))
    free = _int(row.get("memory.free"))
    reasons_text = row.get("clocks_event_reasons.active") or row.get("clocks_throttle_reasons.active")
    try:
        reasons = int(reasons_text, 16) if reasons_text else None
    except ValueError:
        reasons = None
    temp = _float(row.get("temperature.gpu"))
    util = _float(row.get("utilization.gpu"))
    mig = _enabled(row.get("mig.mode.current"))
    return GpuInfo(
        index=index,
        vendor="nvidia",
        source="nvidia-smi",
        name=(row.get("name") or f"NVIDIA GPU {index}")[:200],
        uuid=row.get("uuid"),
        pci_bus_id=normalize_bus_id(row.get("pci.bus_id")),
        memory_total_bytes=total * MIB if total is not None and total >= 0 else None,
        memory_free_bytes=free * MIB if free is not None and free >= 0 else None,
        driver_version=row.get("driver_version"),
        cuda_driver_version=cuda,
        compute_capability=row.get("compute_cap"),
        power_limit_w=_float(row.get("power.limit")),
        power_default_limit_w=_float(row.get("power.default_limit")),
        power_draw_w=_float(row.get("power.draw")),
        pcie=PcieLink(
            gen_current=_pcie_gen(row.get("pcie.link.gen.current")),
            gen_max=_pcie_gen(row.get("pcie.link.gen.max")),
            width_current=_pcie_width(row.get("pcie.link.width.current")),
            width_max=_pcie_width(row.get("pcie.link.width.max")),
        ),
        sm_clock_mhz=_int(row.get("clocks.sm")),
        mem_clock_mhz=_int(row.get("clocks.mem")),
        sm_clock_max_mhz=_int(row.get("clocks.max.sm")),
        mem_clock_max_mhz=_int(row.get("clocks.max.mem")),
        temperature_c=temp if temp is not None and -50 <= temp <= 200 else None,
        ecc_enabled=_enabled(row.get("ecc.mode.current")),
        mig=MigInfo(enabled=mig),
        utilization_pct=util if util is not None and 0 <= util <= 100 else None,
        clock_event_reasons=decode_reasons(reasons),
    )


def parse_cuda_version(text: str) -> str | None:
    m = re.search(r"CUDA Version\s*:\s*([0-9]+\.[0-9]+)", text)
    return m.group(1) if m else None


def parse_gpu_list(text: str) -> dict[int, list[MigInstance]]:
    """MIG devices per GPU index from ``nvidia-smi -L``."""
    out: dict[int, list[MigInstance]] = {}
    current: int | None = None
    for line in text.splitlines():
        gpu = re.match(r"^GPU (\d+): .*?\(UUID: ([^)]+)\)", line.strip())
        if gpu:
            current = int(gpu.group(1))
            out.setdefault(current, [])
            continue
        mig = re.match(r"^MIG\s+(\S+)\s+Device\s+\d+:\s+\(UUID:\s*([^)]+)\)", line.strip())
        if mig and current is not None:
            out[current].append(MigInstance(name=mig.group(1), uuid=mig.group(2).strip()))
    return out


@dataclass(slots=True)
class TopoMatrix:
    pairs: list[TopologyPair] = field(default_factory=list)
    cpu_affinity: dict[int, str] = field(default_factory=dict)
    numa_node: dict[int, int] = field(default_factory=dict)


def parse_topo_matrix(text: str) -> TopoMatrix:
    """``nvidia-smi topo -m``: GPU-to-GPU labels (NV#, PIX, PXB, PHB, NODE, SYS, SOC) and CPU/NUMA affinity."""
    lines = [_ANSI.sub("", line).rstrip() for line in text.splitlines()]
    header_i = next((i for i, line in enumerate(lines) if re.match(r"^\s+GPU0\b", line)), None)
    if header_i is None:
        raise ValueError("no GPU0 column header in the topology matrix")
    header = lines[header_i].split()
    devices = []
    for tok in header:
        if tok in ("CPU", "NUMA", "GPU") or tok in ("Affinity", "ID"):
            break
        devices.append(tok)
    gpu_cols = [(k, int(tok[3:])) for k, tok in enumerate(devices) if re.fullmatch(r"GPU\d+", tok)]
    result = TopoMatrix()
    seen: set[tuple[int, int]] = set()
    for line in lines[header_i + 1:]:
        if not line.strip() or line.lstrip().startswith("Legend"):
            if line.lstrip().startswith("Legend"):
                break
            continue
        tokens = line.split()
        row = re.fullmatch(r"GPU(\d+)", tokens[0])
        if not row:
            continue
        a = int(row.group(1))
        cells = tokens[1:1 + len(devices)]
        if len(cells) < len(devices):
            continue
        rest = tokens[1 + len(devices):]
        if rest and re.fullmatch(r"[0-9,\-]+", rest[0]):
            result.cpu_affinity[a] = rest[0]
            if len(rest) > 1 and rest[1].isdigit():
                result.numa_node[a] = int(rest[1])
        for col, b in gpu_cols:
            if b == a:
                continue
            key = (min(a, b), max(a, b))
            if key in seen:
                continue
            seen.add(key)
            label = cells[col]
            nv = re.fullmatch(r"NV(\d+)", label)
            result.pairs.append(TopologyPair(a=key[0], b=key[1], link=label, nvlinks=int(nv.group(1)) if nv else 0))
    return result


@dataclass(slots=True)
class SmiInventory:
    gpus: list[GpuInfo]
    topology: Topology | None
    driver_version: str | None
    cuda_version: str | None
    notes: list[str] = field(default_factory=list)


def _query(runner: SmiRunner) -> tuple[SmiResult, list[str]]:
    fields = list(QUERY_FIELDS)
    for _ in range(len(QUERY_FIELDS)):
        result = runner([f"--query-gpu={','.join(fields)}", "--format=csv,noheader,nounits"])
        if result.returncode == 0:
            return result, fields
        bad = re.search(r'Field "([^"]+)" is not a valid field', result.text)
        if not bad or bad.group(1) not in fields or bad.group(1) in REQUIRED_FIELDS:
            raise classify_failure(result)
        fields.remove(bad.group(1))  # an older driver: ask without that field
    raise classify_failure(result)


def smi_inventory(runner: SmiRunner = run_nvidia_smi) -> SmiInventory:
    """All GPUs as nvidia-smi sees them; SmiUnavailableError when it cannot run or reports a failure."""
    result, fields = _query(runner)
    try:
        rows = parse_query_csv(result.stdout, fields)
    except ValueError as exc:
        raise SmiUnavailableError("NVIDIA_SMI_UNPARSEABLE", f"nvidia-smi output could not be read: {exc}") from None
    notes: list[str] = []
    cuda: str | None = None
    try:
        banner = runner([])
        cuda = parse_cuda_version(banner.stdout) if banner.returncode == 0 else None
    except SmiUnavailableError as exc:
        notes.append(exc.text)
    gpus = []
    for row in rows:
        try:
            gpus.append(gpu_from_row(row, cuda=cuda))
        except ValueError as exc:
            notes.append(f"skipped an nvidia-smi row: {exc}")
    if any(g.mig.enabled for g in gpus):
        try:
            listing = runner(["-L"])
            migs = parse_gpu_list(listing.stdout) if listing.returncode == 0 else {}
        except SmiUnavailableError as exc:
            notes.append(exc.text)
            migs = {}
        gpus = [g.model_copy(update={"mig": MigInfo(enabled=True, instances=migs.get(g.index, []))})
                if g.mig.enabled else g for g in gpus]
    topology: Topology | None = None
    if len(gpus) > 1:
        try:
            topo = runner(["topo", "-m"])
            if topo.returncode == 0:
                matrix = parse_topo_matrix(topo.stdout)
                topology = Topology(source="nvidia-smi", pairs=matrix.pairs)
                gpus = [_with_topology(g, matrix) for g in gpus]
        except SmiUnavailableError as exc:
            notes.append(exc.text)
        except ValueError as exc:
            notes.append(f"nvidia-smi topo -m could not be read: {exc}")
    driver = next((g.driver_version for g in gpus if g.driver_version), None)
    return SmiInventory(gpus=gpus, topology=topology, driver_version=driver, cuda_version=cuda, notes=notes)


def _with_topology(gpu: GpuInfo, matrix: TopoMatrix) -> GpuInfo:
    links = [p.nvlinks for p in matrix.pairs if gpu.index in (p.a, p.b)]
    # nvidia-smi shows links per peer; with NVSwitch every peer shows the GPU's full link count.
    best = max(links, default=0)
    return gpu.model_copy(update={
        "cpu_affinity": matrix.cpu_affinity.get(gpu.index),
        "numa_node": matrix.numa_node.get(gpu.index),
        "nvlink": NvlinkInfo(active_links=best if best else None),
    })
