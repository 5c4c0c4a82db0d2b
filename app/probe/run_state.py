"""The probe's options and the state one run builds up (GPUs, results, messages)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from app.probe.progress import Progress
from app.probe.report import BackendInfo, GpuInfo, Measurement, Message, Mode, Topology

if TYPE_CHECKING:
    from app.core.parts import Gpu

FIRST_EVENT_TIMEOUT_S: Final = 120.0  # importing torch and creating CUDA contexts can be slow the first time


@dataclass(slots=True)
class ProbeOptions:
    mode: Mode = "full"  # "inventory" lists the hardware only
    cpu: bool = True
    allow_busy: bool = False
    engine: str = "auto"
    timeout_s: float | None = None  # GPU worker deadline; default by mode
    phase_timeout_s: float | None = None  # silence from the worker that counts as hung; default by mode
    first_event_timeout_s: float = FIRST_EVENT_TIMEOUT_S  # importing torch, creating contexts
    memory_fraction: float = 0.25
    worker_command: Sequence[str] | None = None
    catalog_dir: Path | None = None
    python: str | None = None  # another Python to run the GPU benchmarks in (app.probe.external_python)
    worker_env: Mapping[str, str] | None = None  # with worker_command: the worker's whole environment
    worker_cwd: str | None = None


@dataclass(slots=True)
class ProbeState:
    options: ProbeOptions
    say: Progress
    gpus: list[GpuInfo]
    topology: Topology | None
    parts: dict[int, Gpu]  # report GPU index -> catalog row
    results: list[Measurement] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    backends: list[BackendInfo] = field(default_factory=list)
    gpu_problem: bool = False
    interrupted: bool = False
