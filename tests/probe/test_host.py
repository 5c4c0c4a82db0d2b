"""Host facts from a fake /proc and /sys tree."""

from __future__ import annotations

from pathlib import Path

from app.probe.host import host_info, in_container, is_wsl, parse_meminfo_total, parse_proc_cpuinfo, platform_info

CPUINFO = "".join(
    f"processor\t: {i}\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9554 64-Core Processor\n"
    f"physical id\t: {i // 4}\ncore id\t\t: {(i % 4) // 2}\n\n"
    for i in range(8)
)


def test_cpuinfo_counts_sockets_and_physical_cores() -> None:
    cpu = parse_proc_cpuinfo(CPUINFO)
    assert cpu.model == "AMD EPYC 9554 64-Core Processor" and cpu.sockets == 2 and cpu.cores_physical == 4
    arm = parse_proc_cpuinfo("processor : 0\nBogoMIPS : 50.00\nHardware : BCM2835\n")
    assert arm.model == "BCM2835" and arm.sockets is None


def test_host_info_from_a_fake_linux_tree(tmp_path: Path) -> None:
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/cpuinfo").write_text(CPUINFO, encoding="utf-8")
    (tmp_path / "proc/meminfo").write_text("MemTotal:       2113536000 kB\nMemFree: 1 kB\n", encoding="utf-8")
    nodes = tmp_path / "sys/devices/system/node"
    for n in ("node0", "node1", "possible"):
        (nodes / n).mkdir(parents=True)
    info = host_info(root=tmp_path, system="Linux")
    assert info.cpu_model == "AMD EPYC 9554 64-Core Processor" and info.cpu_sockets == 2
    assert info.ram_bytes == 2113536000 * 1024 and info.numa_nodes == 2
    assert info.hostname and info.cores_logical
    assert parse_meminfo_total("nothing") is None


def test_wsl_and_container_detection(tmp_path: Path) -> None:
    (tmp_path / "proc/1").mkdir(parents=True)
    (tmp_path / "proc/version").write_text("Linux version 5.15.153.1-microsoft-standard-WSL2", encoding="utf-8")
    (tmp_path / "proc/1/cgroup").write_text("0::/\n", encoding="utf-8")
    assert is_wsl(tmp_path) and not in_container(tmp_path)
    (tmp_path / "proc/1/cgroup").write_text("0::/kubepods/besteffort/pod1234\n", encoding="utf-8")
    assert in_container(tmp_path)


def test_platform_info_of_this_machine() -> None:
    p = platform_info()
    assert p.os and p.python and p.frozen is False
