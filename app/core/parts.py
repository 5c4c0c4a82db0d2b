"""Domain models for catalog parts.

Every part carries its source so a finding or a PDF can say where a number came from.
Bounds on numeric fields reject absurd values (a 0 W GPU, 10 TB of VRAM) at the edge,
so the rules and the performance model never have to guard against them.
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.precision import BYTES_PER_ELEMENT, EXPERTS_ONLY_PRECISION, ExpertsOnlyCheckpoint, Precision

SLUG_RE = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")


class PartKind(StrEnum):
    GPU = "gpu"
    CPU = "cpu"
    DIMM = "dimm"
    NIC = "nic"
    PSU = "psu"
    DRIVE = "drive"
    CHASSIS = "chassis"
    LLM = "llm"


class Confidence(StrEnum):
    """How a figure was checked (see shared/reference/data-notes.md)."""

    VERIFIED = "V"
    KNOWN = "K"
    MIXED = "V/K"
    DERIVED = "D"  # computed from other sourced figures; notes say how
    USER = "U"  # entered by the user


class GpuFormFactor(StrEnum):
    PCIE = "PCIe"
    SXM = "SXM"
    OAM = "OAM"


class GpuCooling(StrEnum):
    PASSIVE = "passive"
    ACTIVE = "active"  # blower or open-air fans on the card


class PowerInlet(StrEnum):
    """IEC 60320 appliance inlets on server PSUs: C14 is rated 10 A, C20 16 A."""

    C14 = "C14"
    C20 = "C20"


class NicType(StrEnum):
    ETHERNET = "ethernet"
    INFINIBAND = "infiniband"
    VPI = "vpi"  # InfiniBand or Ethernet per port


class AttentionType(StrEnum):
    MHA = "MHA"
    GQA = "GQA"
    MQA = "MQA"
    MLA = "MLA"


def check_part_id(value: str) -> str:
    if not SLUG_RE.match(value):
        raise ValueError(f"{value!r} is not a part id")
    return value


# A reference to a catalog part: builds, workloads and requirements share one check.
PartId = Annotated[str, Field(min_length=2, max_length=80), AfterValidator(check_part_id)]

Positive = Annotated[float, Field(gt=0)]
Watts = Annotated[float, Field(gt=0, le=5000)]
Price = Annotated[Decimal, Field(ge=0, le=Decimal("100000000"), max_digits=14, decimal_places=2)]


class Part(BaseModel):
    """Fields every part has."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False)

    id: str = Field(min_length=2, max_length=80, description="stable readable slug")
    kind: PartKind
    vendor: str = Field(min_length=1, max_length=80)
    name: str = Field(min_length=1, max_length=160)
    sku: str | None = Field(default=None, max_length=80, description="vendor or distributor part number")
    price: Price | None = Field(default=None, description="list price in `currency`")
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$")
    source: str = Field(min_length=1, description="where the figures came from")
    confidence: Confidence = Confidence.KNOWN
    notes: str = ""

    @field_validator("id")
    @classmethod
    def _slug(cls, v: str) -> str:
        if not SLUG_RE.match(v):
            raise ValueError(f"{v!r} is not a slug (lower-case letters, digits, '-' and '.')")
        return v

    @property
    def display_name(self) -> str:
        return f"{self.vendor} {self.name}"


class Gpu(Part):
    kind: Literal[PartKind.GPU] = PartKind.GPU
    form_factor: GpuFormFactor
    # GiB: a GPU's "80 GB" is 80 GiB (nvidia-smi shows 81,559 MiB on an H100 80GB); files written
    # before version 2 call the field vram_gb with the same number, so that name is still read.
    vram_gib: float = Field(gt=0, le=1024, validation_alias=AliasChoices("vram_gib", "vram_gb"),
                            description="memory capacity in GiB (2^30 bytes), as vendors' 'GB' on GPUs means")
    memory_type: str
    mem_bandwidth_gbs: float = Field(gt=0, le=50000)
    # Dense rates only; datasheet sparse figures are halved before they reach here.
    fp16_dense_tflops: float | None = Field(default=None, gt=0, le=50000)
    bf16_dense_tflops: float | None = Field(default=None, gt=0, le=50000)
    fp8_dense_tflops: float | None = Field(default=None, gt=0, le=50000)
    int8_dense_tops: float | None = Field(default=None, gt=0, le=50000)
    fp4_dense_tflops: float | None = Field(default=None, gt=0, le=100000)
    tdp_w: Watts
    # The datasheet's configurable power range ("350-400 W (configurable)"): the lowest limit the board
    # may be set to (nvidia-smi -pl); None where the datasheet gives one fixed figure.
    tdp_min_w: Watts | None = Field(default=None, description=(
        "lowest configurable power limit from the datasheet's range; empty when the datasheet gives none"))
    pcie_gen: int = Field(ge=3, le=6)
    pcie_lanes: int = Field(default=16, ge=1, le=16)
    slot_width: int | None = Field(default=None, ge=1, le=4, description="PCIe slots occupied; None for modules")
    cooling: GpuCooling = GpuCooling.PASSIVE
    interconnect: str = ""
    interconnect_gbs: float | None = Field(default=None, ge=0, le=20000, description="aggregate, bidirectional")
    p2p: bool = Field(default=True, description="peer-to-peer over PCIe or a fabric")
    consumer: bool = False
    # Baseboard families in the bundled catalog (one per generation whose boards are interchangeable
    # in a chassis built for them): hgx-ampere (A100/A800 SXM4), hgx-hopper (H100/H200/H800/H20:
    # NVIDIA ships H200 as compatible with HGX H100 systems), hgx-b200, hgx-b300, instinct-mi250,
    # instinct-mi300 (MI300X/MI325X on the same OAM UBB), instinct-mi350 (MI350X/MI355X), gaudi3,
    # ascend-910. A chassis lists the families its vendor names for it (Chassis.gpu_baseboards).
    baseboard: str = Field(default="", description=(
        "SXM/OAM modules: the baseboard family they mount on (hgx-hopper, hgx-b200, instinct-mi300, ...); "
        "empty for PCIe cards or when unknown"))

    @model_validator(mode="after")
    def _form(self) -> Gpu:
        if self.form_factor is GpuFormFactor.PCIE and self.slot_width is None:
            raise ValueError("a PCIe GPU needs slot_width")
        if self.form_factor is GpuFormFactor.PCIE and self.baseboard:
            raise ValueError("a PCIe card has no baseboard; leave baseboard empty")
        if self.baseboard and not SLUG_RE.match(self.baseboard):
            raise ValueError(f"baseboard {self.baseboard!r} is not a slug (e.g. hgx-hopper)")
        if self.bf16_dense_tflops is None and self.fp16_dense_tflops is None:
            raise ValueError("a GPU needs fp16_dense_tflops or bf16_dense_tflops")
        if self.tdp_min_w is not None and self.tdp_min_w > self.tdp_w:
            raise ValueError("tdp_min_w cannot exceed tdp_w")
        return self

    def power_limit_w(self, cap_w: float | None) -> float:
        """The board power the GPU runs at under a build's power cap: the cap held inside the datasheet's
        configurable range; the TDP where there is no cap or no range."""
        if cap_w is None or self.tdp_min_w is None:
            return self.tdp_w
        return min(self.tdp_w, max(self.tdp_min_w, cap_w))

    def can_cap_to(self, limit_w: float) -> bool:
        """Whether the datasheet's power range reaches down to ``limit_w``."""
        return self.tdp_min_w is not None and self.tdp_min_w <= limit_w

    @property
    def has_nvlink(self) -> bool:
        ic = self.interconnect.lower()
        return bool(self.interconnect_gbs) and any(
            k in ic for k in ("nvlink", "infinity fabric", "xgmi", "hccs", "roce")
        ) and "bridge" not in ic

    def serves_weights(self, precision: str) -> bool:
        """Whether native kernels exist for weights in ``precision``: FP8 needs Ada/Hopper tensor cores,
        FP4 Blackwell's, BF16 Ampere's (the datasheet lists the format); FP16 and weight-only INT8/INT4
        run on any GPU."""
        p = precision.lower()
        if p == "fp8":
            return self.fp8_dense_tflops is not None
        if p in ("fp4", "nvfp4", "mxfp4"):
            return self.fp4_dense_tflops is not None
        if p == "bf16":
            return self.bf16_dense_tflops is not None
        return True

    def dense_tflops(self, precision: str) -> float | None:
        """Dense peak for a weight precision name (fp16, bf16, fp8, int8, int4, fp4)."""
        p = precision.lower()
        if p in ("bf16", "fp16"):
            return self.bf16_dense_tflops or self.fp16_dense_tflops
        if p == "fp8":
            return self.fp8_dense_tflops
        if p in ("int8",):
            return self.int8_dense_tops
        if p in ("fp4", "nvfp4", "mxfp4"):
            return self.fp4_dense_tflops
        if p in ("int4", "awq", "gptq"):
            # weight-only INT4 kernels dequantise and compute in 16-bit
            return self.bf16_dense_tflops or self.fp16_dense_tflops
        raise ValueError(f"unknown precision {precision!r}")


class Cpu(Part):
    kind: Literal[PartKind.CPU] = PartKind.CPU
    socket: str = Field(min_length=1)
    cores: int = Field(ge=1, le=512)
    threads: int = Field(ge=1, le=1024)
    base_ghz: float = Field(gt=0.3, le=7)
    boost_ghz: float = Field(gt=0.3, le=7)
    tdp_w: Watts
    memory_channels: int = Field(ge=1, le=24)
    memory_type: str = "DDR5 RDIMM"
    max_memory_speed_mts: int = Field(ge=800, le=12800)
    pcie_lanes: int = Field(ge=4, le=256, description="per socket, 1P")
    pcie_lanes_2p: int | None = Field(default=None, ge=4, le=512, description="whole system in 2P")
    pcie_gen: int = Field(ge=3, le=6)
    max_sockets: int = Field(ge=1, le=8)

    @property
    def memory_types(self) -> frozenset[str]:
        """Lower-cased DIMM types the controller takes: "DDR5 RDIMM / MRDIMM" → ddr5 rdimm, ddr5 mrdimm."""
        parts = [p.strip() for p in self.memory_type.split("/") if p.strip()]
        generation = parts[0].split()[0] if parts and parts[0].split() else ""
        out = set()
        for p in parts:
            out.add((p if p.upper().startswith("DDR") else f"{generation} {p}").lower())
        return frozenset(out)

    @model_validator(mode="after")
    def _threads(self) -> Cpu:
        if self.threads < self.cores:
            raise ValueError("threads must be >= cores")
        if self.boost_ghz < self.base_ghz:
            raise ValueError("boost_ghz must be >= base_ghz")
        return self


class Dimm(Part):
    kind: Literal[PartKind.DIMM] = PartKind.DIMM
    capacity_gb: int = Field(ge=1, le=1024)
    memory_type: str = "DDR5 RDIMM"
    speed_mts: int = Field(ge=800, le=12800)
    power_w: float = Field(gt=0, le=50)


class Nic(Part):
    kind: Literal[PartKind.NIC] = PartKind.NIC
    speed_gbps: float = Field(gt=0, le=1600, description="per port")
    ports: int = Field(ge=1, le=8)
    nic_type: NicType
    rdma: bool = Field(description="RoCE or InfiniBand RDMA")
    pcie_gen: int = Field(ge=3, le=6)
    pcie_lanes: int = Field(ge=1, le=32)
    power_w: float = Field(gt=0, le=300)

    @property
    def total_gbps(self) -> float:
        return self.speed_gbps * self.ports


class Psu(Part):
    kind: Literal[PartKind.PSU] = PartKind.PSU
    rating_high_line_w: float = Field(gt=0, le=10000, description="at 200-240 V")
    rating_low_line_w: float | None = Field(
        default=None, gt=0, le=10000, description="at 100-127 V; None: the PSU does not run on low line"
    )
    efficiency: str = Field(description="80 PLUS level")
    efficiency_50pct: float = Field(gt=0.5, le=1.0, description="efficiency at 50 % load")
    # The appliance inlet on the PSU (IEC 60320: C14 takes 10 A, C20 16 A), where the vendor states it;
    # empty: app.facility derives it from the input current and says so.
    inlet: PowerInlet | None = Field(default=None, description=(
        "IEC 60320 appliance inlet stated by the vendor (C14 or C20); empty when not stated"))

    @model_validator(mode="after")
    def _lines(self) -> Psu:
        if self.rating_low_line_w is not None and self.rating_low_line_w > self.rating_high_line_w:
            raise ValueError("rating_low_line_w cannot exceed rating_high_line_w")
        return self

    def rating_w(self, feed_voltage: float) -> float:
        """Usable rating on this feed; 0 W where the PSU does not start on low line."""
        if feed_voltage >= 180:
            return self.rating_high_line_w
        return self.rating_low_line_w or 0.0


class Drive(Part):
    kind: Literal[PartKind.DRIVE] = PartKind.DRIVE
    capacity_gb: float = Field(gt=0, le=200000)
    interface: str = Field(description="NVMe, SATA or SAS")
    form_factor: str = Field(description="U.2, U.3, E3.S, M.2, 2.5in")
    seq_read_mbs: float = Field(gt=0, le=100000)
    pcie_lanes: int = Field(default=0, ge=0, le=8)
    power_w: float = Field(gt=0, le=100)


class Chassis(Part):
    """A server chassis and its slot layout, kept flat so it reads as one CSV row."""

    kind: Literal[PartKind.CHASSIS] = PartKind.CHASSIS
    rack_units: int = Field(ge=1, le=20)
    gpu_slots: int = Field(ge=0, le=16)
    gpu_form_factor: GpuFormFactor
    gpu_max_slot_width: int = Field(default=2, ge=1, le=4, description="for PCIe GPU positions")
    max_gpu_tdp_air_w: float = Field(gt=0, le=2000)
    liquid_cooling_option: bool = False
    cpu_sockets: int = Field(ge=1, le=8)
    cpu_socket_type: str
    dimm_slots_per_socket: int = Field(ge=1, le=48)
    memory_channels_per_socket: int = Field(ge=1, le=24)
    pcie_slots: int = Field(ge=0, le=24, description="slots left for NICs and other cards")
    pcie_slot_lanes: int = Field(default=16, ge=1, le=16)
    pcie_switches: bool = False
    psu_bays: int = Field(ge=1, le=12)
    psu_min_rating_w: float = Field(default=0, ge=0, le=10000, description="smallest PSU the vendor fits")
    drive_bays: int = Field(ge=0, le=48)
    drive_form_factors: str = Field(description="accepted, separated by '/': U.2/U.3/E3.S/M.2/2.5in")
    boot_m2_slots: int = Field(default=0, ge=0, le=4)
    baseline_power_w: float = Field(gt=0, le=5000, description="fans, board, BMC at max")
    # Fans (and power conversion) that work harder as the GPUs give off more heat: the chassis' own draw at
    # max is baseline_power_w + fan_w_per_gpu_w x the GPUs' power (Chassis.overhead_w).
    fan_w_per_gpu_w: float = Field(default=0, ge=0, le=1, description=(
        "chassis power that grows with the GPUs' power, W per GPU watt at max (fans); 0: all in baseline_power_w"))
    # The vendor's published maximum for the system at the wall, shown beside the app's own sum.
    vendor_max_w: float | None = Field(default=None, gt=0, le=100000, description=(
        "the vendor's published maximum system power at the wall, W; empty when none is published"))
    vendor_max_source: str = Field(default="", max_length=1000, description="where vendor_max_w comes from")
    # For the rack elevation and the facility sheet: the vendor's published weight (the row's source
    # names it); empty where none is published, shown as "not stated", never guessed.
    weight_kg: float | None = Field(default=None, gt=0, le=2000, description=(
        "the vendor's published system weight, kg; empty when not stated"))
    # The highest inlet (cold-aisle) air temperature the vendor supports, for the hot-aisle scenario.
    max_inlet_c: float | None = Field(default=None, ge=15, le=60, description=(
        "the vendor's highest supported inlet air temperature, deg C; empty when not stated"))
    open_air_gpus: bool = Field(default=False, description=(
        "built for GPUs that cool themselves (a tower or workstation case): open-air consumer cards suit it"))
    gpu_baseboards: str = Field(default="", description=(
        "SXM/OAM chassis: the baseboard families its GPU tray takes, separated by '/' "
        "(hgx-hopper/hgx-ampere); empty when not recorded"))

    @model_validator(mode="after")
    def _channels(self) -> Chassis:
        if self.dimm_slots_per_socket < self.memory_channels_per_socket:
            raise ValueError("dimm_slots_per_socket must be >= memory_channels_per_socket")
        if self.vendor_max_w is not None and not self.vendor_max_source.strip():
            raise ValueError("vendor_max_w needs vendor_max_source")
        if self.gpu_form_factor is GpuFormFactor.PCIE and self.gpu_baseboards:
            raise ValueError("a chassis with PCIe GPU positions has no GPU baseboard; leave gpu_baseboards empty")
        bad = [b for b in self.baseboards if not SLUG_RE.match(b)]
        if bad:
            raise ValueError(f"gpu_baseboards: {', '.join(map(repr, bad))} not slugs (e.g. hgx-hopper/hgx-ampere)")
        return self

    def overhead_w(self, gpu_w: float) -> float:
        """The chassis' own draw at max (fans, board, switches, BMC) with ``gpu_w`` of GPUs in it."""
        return self.baseline_power_w + self.fan_w_per_gpu_w * gpu_w

    @property
    def baseboards(self) -> tuple[str, ...]:
        return tuple(b.strip() for b in self.gpu_baseboards.split("/") if b.strip())

    def accepts_baseboard(self, baseboard: str) -> bool:
        """Unknown on either side (empty) is not a refusal: the catalog does not record every pairing."""
        return not baseboard or not self.baseboards or baseboard in self.baseboards

    @property
    def dimms_per_channel(self) -> int:
        return self.dimm_slots_per_socket // self.memory_channels_per_socket

    def accepts_drive(self, form_factor: str) -> bool:
        accepted = {f.strip().lower() for f in self.drive_form_factors.split("/")}
        return form_factor.lower() in accepted


class Llm(Part):
    kind: Literal[PartKind.LLM] = PartKind.LLM
    family: str
    total_params_b: float = Field(gt=0, le=20000)
    active_params_b: float = Field(gt=0, le=20000)
    layers: int = Field(ge=1, le=1000)
    hidden_size: int = Field(ge=64, le=100000)
    attention_heads: int = Field(ge=1, le=1024)
    kv_heads: int = Field(ge=1, le=1024)
    head_dim: int = Field(ge=8, le=1024)
    attention_type: AttentionType
    kv_lora_rank: int | None = Field(default=None, ge=1, le=65536)
    qk_rope_head_dim: int | None = Field(default=None, ge=1, le=4096)
    vocab_size: int = Field(ge=100, le=2_000_000)
    max_context: int = Field(ge=512, le=100_000_000)
    sliding_window: int | None = Field(default=None, ge=1)
    # Layers whose attention the window caps (gpt-oss and Gemma 2 alternate windowed and full-context layers);
    # None with a window: every layer (Mistral 7B v0.1).
    sliding_window_layers: int | None = Field(default=None, ge=1, le=1000)
    # MoE routing (config.json n_routed_experts / num_local_experts, num_experts_per_tok): how many experts a step's
    # tokens touch, and which parameters are experts. Blank on a MoE model: its hit rate is taken as active/total.
    routed_experts: int | None = Field(default=None, ge=2, le=100_000)
    experts_per_token: int | None = Field(default=None, ge=1, le=10_000)
    # Parameters in the routed experts, billions (config arithmetic: MoE layers x experts x 3 x hidden x expert
    # width). Blank: (total - active) / (experts a token skips) an expert, which counts as experts an input
    # embedding that "active" leaves out (gpt-oss's 0.58 B), so the low-bit checkpoints need it given.
    routed_expert_params_b: float | None = Field(default=None, gt=0, le=20000)
    # The model's own low-bit checkpoint quantises only the routed experts (gpt-oss MXFP4, Kimi K2.5 INT4).
    experts_only_checkpoint: ExpertsOnlyCheckpoint | None = None
    # The precision the model is released in, where it is not 16 bit (DeepSeek-V3/R1: FP8, config.json
    # quantization_config); an experts-only checkpoint's is its layout's. Weights above it gain no quality.
    native_precision: Precision | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Llm:
        if self.active_params_b > self.total_params_b:
            raise ValueError("active_params_b cannot exceed total_params_b")
        if self.kv_heads > self.attention_heads:
            raise ValueError("kv_heads cannot exceed attention_heads")
        if self.attention_type is AttentionType.MLA and not (self.kv_lora_rank and self.qk_rope_head_dim):
            raise ValueError("an MLA model needs kv_lora_rank and qk_rope_head_dim")
        if self.sliding_window_layers is not None:
            if self.sliding_window is None:
                raise ValueError("sliding_window_layers needs a sliding_window")
            if self.sliding_window_layers > self.layers:
                raise ValueError("sliding_window_layers cannot exceed layers")
        if (self.routed_experts is None) != (self.experts_per_token is None):
            raise ValueError("routed_experts and experts_per_token go together")
        if self.routed_experts is not None and self.experts_per_token is not None:
            if not self.is_moe:
                raise ValueError("routed experts need active_params_b below total_params_b")
            if self.experts_per_token >= self.routed_experts:
                raise ValueError("experts_per_token must be fewer than routed_experts")
            # A token's top-k experts fit in its active parameters (what a step reads besides them is >= 0).
            if self.experts_per_token * self.routed_expert_params() / self.routed_experts > self.active_params_b * 1e9:
                raise ValueError("experts_per_token experts of routed_expert_params_b exceed active_params_b"
                                 if self.routed_expert_params_b is not None else
                                 "active_params_b is below experts_per_token experts of (total - active) / "
                                 "(experts a token skips): give routed_expert_params_b")
        if self.experts_only_checkpoint is not None and self.routed_experts is None:
            raise ValueError("experts_only_checkpoint needs routed_experts")
        if (self.experts_only_checkpoint is not None and self.native_precision is not None
                and self.native_precision is not EXPERTS_ONLY_PRECISION[self.experts_only_checkpoint]):
            raise ValueError("native_precision differs from the experts_only_checkpoint's precision")
        if self.routed_expert_params_b is not None:
            if self.routed_experts is None or self.experts_per_token is None:
                raise ValueError("routed_expert_params_b needs routed_experts")
            if self.routed_expert_params_b >= self.total_params_b:
                raise ValueError("routed_expert_params_b must be below total_params_b")
        return self

    def routed_expert_params(self) -> float:
        """Parameters in the routed experts (a count, not billions): as given, else from total and active
        parameters (the routed_experts - experts_per_token experts a token skips hold total - active). 0 for a
        dense model or one whose routing is not given."""
        if not self.is_moe or self.routed_experts is None or self.experts_per_token is None:
            return 0.0
        if self.routed_expert_params_b is not None:
            return self.routed_expert_params_b * 1e9
        per_expert = (self.total_params_b - self.active_params_b) * 1e9 / (self.routed_experts - self.experts_per_token)
        # At most every parameter: one expert a token with (E - 1)/E of the model routed comes to the total exactly,
        # and float rounding may land a unit above it.
        return min(per_expert * self.routed_experts, self.total_params_b * 1e9)

    @property
    def released_precision(self) -> Precision:
        """The precision of the model's own weights: as stated, its experts-only checkpoint's, else 16 bit."""
        if self.native_precision is not None:
            return self.native_precision
        if self.experts_only_checkpoint is not None:
            return EXPERTS_ONLY_PRECISION[self.experts_only_checkpoint]
        return Precision.BF16

    def quality_bytes(self, precision: str) -> float:
        """Bytes a weight keeps of the released model at ``precision``: serving more bytes than the release has
        (gpt-oss's MXFP4 as FP8, DeepSeek's FP8 as BF16) gains no quality, so those rank with the release."""
        return min(BYTES_PER_ELEMENT[Precision(precision)], BYTES_PER_ELEMENT[self.released_precision])

    def experts_only_layout(self, precision: str) -> ExpertsOnlyCheckpoint | None:
        """The experts-only checkpoint ``precision`` picks on this model (gpt-oss's 'fp4'), else None."""
        c = self.experts_only_checkpoint
        return c if c is not None and EXPERTS_ONLY_PRECISION[c].value == str(precision) else None

    @property
    def is_moe(self) -> bool:
        return self.active_params_b < self.total_params_b

    def kv_bytes_per_token(self, bytes_per_element: float) -> float:
        """KV-cache bytes per token across all layers (GQA-aware; MLA caches the latent)."""
        if self.attention_type is AttentionType.MLA:
            assert self.kv_lora_rank is not None and self.qk_rope_head_dim is not None
            return self.layers * (self.kv_lora_rank + self.qk_rope_head_dim) * bytes_per_element
        return 2 * self.layers * self.kv_heads * self.head_dim * bytes_per_element

    def splits_over_tp(self, tp: int) -> bool:
        """Whether the engines can split the attention over ``tp`` GPUs: the query heads evenly, and the KV heads
        evenly or, when fewer than TP, each replicated on TP / KV-heads GPUs (vLLM's attention layers assert both;
        an MLA cache is one latent, replicated on every GPU)."""
        if tp < 1 or self.attention_heads % tp:
            return False
        if self.attention_type is AttentionType.MLA:
            return True
        return self.kv_heads % tp == 0 if self.kv_heads >= tp else tp % self.kv_heads == 0

    @property
    def windowed_layer_share(self) -> float:
        """The share of layers whose attention (and KV cache) the sliding window caps; 0 without a window."""
        if not self.sliding_window:
            return 0.0
        if self.sliding_window_layers is None:
            return 1.0
        return min(1.0, self.sliding_window_layers / self.layers)

    def kv_bytes_per_token_at(self, context_tokens: int, bytes_per_element: float) -> float:
        """KV bytes per token of a request holding ``context_tokens``: a windowed layer keeps only the last
        ``sliding_window`` tokens (vLLM's hybrid KV cache manager, TensorRT-LLM's variable sliding window, SGLang's
        and llama.cpp's SWA caches free the rest), so past the window a request costs less per token."""
        full = self.kv_bytes_per_token(bytes_per_element)
        share = self.windowed_layer_share
        if not share or self.sliding_window is None or context_tokens <= self.sliding_window:
            return full
        return full * ((1.0 - share) + share * self.sliding_window / context_tokens)


AnyPart = Annotated[Gpu | Cpu | Dimm | Nic | Psu | Drive | Chassis | Llm, Field(discriminator="kind")]

PART_CLASSES: dict[PartKind, type[Part]] = {
    PartKind.GPU: Gpu,
    PartKind.CPU: Cpu,
    PartKind.DIMM: Dimm,
    PartKind.NIC: Nic,
    PartKind.PSU: Psu,
    PartKind.DRIVE: Drive,
    PartKind.CHASSIS: Chassis,
    PartKind.LLM: Llm,
}
