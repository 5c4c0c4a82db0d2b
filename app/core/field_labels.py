"""Reader's names (with units) for catalog part fields: the spec pane and `catalog show` print these,
never the field names (``vram_gib``, ``kind``). Context ``PartFields`` for translation; a test keeps
every model field labelled."""

from __future__ import annotations

from app.core.i18n import translate, translate_noop

CONTEXT = "PartFields"

FIELD_LABELS: dict[str, str] = {
    "id": translate_noop(CONTEXT, "Catalog ID"),
    "kind": translate_noop(CONTEXT, "Kind"),
    "vendor": translate_noop(CONTEXT, "Vendor"),
    "name": translate_noop(CONTEXT, "Name"),
    "sku": translate_noop(CONTEXT, "Manufacturer part number"),
    "price": translate_noop(CONTEXT, "List price"),
    "currency": translate_noop(CONTEXT, "Currency"),
    "source": translate_noop(CONTEXT, "Sources"),
    "confidence": translate_noop(CONTEXT, "Confidence"),
    "notes": translate_noop(CONTEXT, "Notes"),
    "form_factor": translate_noop(CONTEXT, "Form factor"),
    "vram_gib": translate_noop(CONTEXT, "GPU memory (GiB)"),
    "memory_type": translate_noop(CONTEXT, "Memory type"),
    "mem_bandwidth_gbs": translate_noop(CONTEXT, "Memory bandwidth (GB/s)"),
    "fp16_dense_tflops": translate_noop(CONTEXT, "FP16 dense (TFLOPS)"),
    "bf16_dense_tflops": translate_noop(CONTEXT, "BF16 dense (TFLOPS)"),
    "fp8_dense_tflops": translate_noop(CONTEXT, "FP8 dense (TFLOPS)"),
    "int8_dense_tops": translate_noop(CONTEXT, "INT8 dense (TOPS)"),
    "fp4_dense_tflops": translate_noop(CONTEXT, "FP4 dense (TFLOPS)"),
    "tdp_w": translate_noop(CONTEXT, "Power limit, maximum (W)"),
    "tdp_min_w": translate_noop(CONTEXT, "Power limit, lowest configurable (W)"),
    "pcie_gen": translate_noop(CONTEXT, "PCIe generation"),
    "pcie_lanes": translate_noop(CONTEXT, "PCIe lanes"),
    "slot_width": translate_noop(CONTEXT, "Slot width"),
    "cooling": translate_noop(CONTEXT, "Cooling"),
    "interconnect": translate_noop(CONTEXT, "GPU interconnect"),
    "interconnect_gbs": translate_noop(CONTEXT, "Interconnect bandwidth (GB/s)"),
    "p2p": translate_noop(CONTEXT, "Peer-to-peer"),
    "consumer": translate_noop(CONTEXT, "Consumer card"),
    "baseboard": translate_noop(CONTEXT, "Baseboard family"),
    "socket": translate_noop(CONTEXT, "Socket"),
    "cores": translate_noop(CONTEXT, "Cores"),
    "threads": translate_noop(CONTEXT, "Threads"),
    "base_ghz": translate_noop(CONTEXT, "Base clock (GHz)"),
    "boost_ghz": translate_noop(CONTEXT, "Boost clock (GHz)"),
    "memory_channels": translate_noop(CONTEXT, "Memory channels"),
    "max_memory_speed_mts": translate_noop(CONTEXT, "Memory speed, maximum (MT/s)"),
    "pcie_lanes_2p": translate_noop(CONTEXT, "PCIe lanes in a 2-socket node"),
    "max_sockets": translate_noop(CONTEXT, "Sockets, maximum"),
    "capacity_gb": translate_noop(CONTEXT, "Capacity (GB)"),
    "speed_mts": translate_noop(CONTEXT, "Speed (MT/s)"),
    "power_w": translate_noop(CONTEXT, "Power (W)"),
    "speed_gbps": translate_noop(CONTEXT, "Port speed (Gb/s)"),
    "ports": translate_noop(CONTEXT, "Ports"),
    "nic_type": translate_noop(CONTEXT, "Network type"),
    "rdma": translate_noop(CONTEXT, "RDMA"),
    "rating_high_line_w": translate_noop(CONTEXT, "Rating at 200-240 V (W)"),
    "rating_low_line_w": translate_noop(CONTEXT, "Rating at 100-127 V (W)"),
    "efficiency": translate_noop(CONTEXT, "Efficiency class"),
    "efficiency_50pct": translate_noop(CONTEXT, "Efficiency at 50 % load"),
    "inlet": translate_noop(CONTEXT, "Power inlet (IEC 60320)"),
    "interface": translate_noop(CONTEXT, "Interface"),
    "seq_read_mbs": translate_noop(CONTEXT, "Sequential read (MB/s)"),
    "rack_units": translate_noop(CONTEXT, "Height (U)"),
    "gpu_slots": translate_noop(CONTEXT, "GPU positions"),
    "gpu_form_factor": translate_noop(CONTEXT, "GPU form factor"),
    "gpu_max_slot_width": translate_noop(CONTEXT, "GPU width, maximum (slots)"),
    "max_gpu_tdp_air_w": translate_noop(CONTEXT, "GPU power, air-cooled maximum (W)"),
    "liquid_cooling_option": translate_noop(CONTEXT, "Liquid cooling option"),
    "cpu_sockets": translate_noop(CONTEXT, "CPU sockets"),
    "cpu_socket_type": translate_noop(CONTEXT, "CPU socket type"),
    "dimm_slots_per_socket": translate_noop(CONTEXT, "DIMM slots per socket"),
    "memory_channels_per_socket": translate_noop(CONTEXT, "Memory channels per socket"),
    "pcie_slots": translate_noop(CONTEXT, "PCIe slots"),
    "pcie_slot_lanes": translate_noop(CONTEXT, "PCIe lanes per slot"),
    "pcie_switches": translate_noop(CONTEXT, "PCIe switches"),
    "psu_bays": translate_noop(CONTEXT, "PSU bays"),
    "psu_min_rating_w": translate_noop(CONTEXT, "PSU rating, minimum (W)"),
    "drive_bays": translate_noop(CONTEXT, "Drive bays"),
    "drive_form_factors": translate_noop(CONTEXT, "Drive form factors"),
    "boot_m2_slots": translate_noop(CONTEXT, "M.2 boot slots"),
    "baseline_power_w": translate_noop(CONTEXT, "Chassis baseline power (W)"),
    "fan_w_per_gpu_w": translate_noop(CONTEXT, "Fan power per GPU watt"),
    "vendor_max_w": translate_noop(CONTEXT, "Vendor's maximum system power (W)"),
    "vendor_max_source": translate_noop(CONTEXT, "Source of the vendor's maximum"),
    "weight_kg": translate_noop(CONTEXT, "Weight (kg)"),
    "max_inlet_c": translate_noop(CONTEXT, "Inlet air, maximum (°C)"),
    "open_air_gpus": translate_noop(CONTEXT, "Built for open-air GPUs"),
    "gpu_baseboards": translate_noop(CONTEXT, "GPU baseboards"),
    "family": translate_noop(CONTEXT, "Model family"),
    "total_params_b": translate_noop(CONTEXT, "Parameters, total (billions)"),
    "active_params_b": translate_noop(CONTEXT, "Parameters, active per token (billions)"),
    "layers": translate_noop(CONTEXT, "Layers"),
    "hidden_size": translate_noop(CONTEXT, "Hidden size"),
    "attention_heads": translate_noop(CONTEXT, "Attention heads"),
    "kv_heads": translate_noop(CONTEXT, "KV heads"),
    "head_dim": translate_noop(CONTEXT, "Head dimension"),
    "attention_type": translate_noop(CONTEXT, "Attention"),
    "kv_lora_rank": translate_noop(CONTEXT, "KV latent rank (MLA)"),
    "qk_rope_head_dim": translate_noop(CONTEXT, "RoPE head dimension (MLA)"),
    "vocab_size": translate_noop(CONTEXT, "Vocabulary"),
    "max_context": translate_noop(CONTEXT, "Context window (tokens)"),
    "sliding_window": translate_noop(CONTEXT, "Sliding window (tokens)"),
    "sliding_window_layers": translate_noop(CONTEXT, "Layers with the sliding window"),
    "routed_experts": translate_noop(CONTEXT, "Routed experts (MoE)"),
    "experts_per_token": translate_noop(CONTEXT, "Experts per token (MoE)"),
    "routed_expert_params_b": translate_noop(CONTEXT, "Parameters in the routed experts (billions)"),
    "experts_only_checkpoint": translate_noop(CONTEXT, "Experts-only low-bit checkpoint"),
    "native_precision": translate_noop(CONTEXT, "Released precision (if not 16 bit)"),
}


def field_label(name: str) -> str:
    """The reader's name for a part field, translated; an unknown field shows as written."""
    text = FIELD_LABELS.get(name)
    return translate(CONTEXT, text) if text is not None else name


_YES, _NO = translate_noop(CONTEXT, "yes"), translate_noop(CONTEXT, "no")


def spec_value(value: object) -> str:
    """A field's value for a reader: yes/no for flags, lists joined."""
    if isinstance(value, bool):
        return translate(CONTEXT, _YES) if value else translate(CONTEXT, _NO)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
