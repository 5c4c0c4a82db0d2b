"""kill -9 at random moments: a save leaves the old file or the new one, never half of either; a
price import leaves every price as it was or every price new; leftovers are cleaned up later."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.catalog.store import Catalog
from app.core.files import write_file_atomically
from app.project import load_project

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h100-8gpu.json"

SAVER = """
import sys
from pathlib import Path
from app.project import load_project, save_project
project = load_project(sys.argv[1])
i = 0
print("ready", flush=True)
while True:
    i += 1
    save_project(project.model_copy(update={"notes": str(i) * 200_000}), Path(sys.argv[2]))
"""

IMPORTER = """
import sys
from pathlib import Path
from app.catalog.prices import apply_plan, plan_import
from app.catalog.store import Catalog
catalog = Catalog.open(Path(sys.argv[1]))
print("ready", flush=True)
while True:
    for name in ("a.csv", "b.csv"):
        apply_plan(catalog, plan_import(catalog, Path(sys.argv[2]) / name))
"""


def _start(code: str, *args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def _kill_after(proc: subprocess.Popen[str], rng: random.Random) -> None:
    time.sleep(rng.uniform(0.02, 0.4))  # a random moment in the child's work, not a wait for a result
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    assert proc.stdout is not None
    proc.stdout.close()


@pytest.mark.slow
def test_kill_during_saves_never_leaves_half_a_file(tmp_path: Path) -> None:
    rng = random.Random(9)
    target = tmp_path / "quote.isproj"
    write_file_atomically(target, SAMPLE.read_bytes())
    for _ in range(12):
        _kill_after(_start(SAVER, str(SAMPLE), str(target)), rng)
        project = load_project(target)  # whole: the sample or one complete save
        assert project.notes == "" or set(project.notes) <= set("0123456789")
    leftovers = list(tmp_path.glob(".quote.isproj.*.tmp"))
    old = time.time() - 7200
    for p in leftovers:
        os.utime(p, (old, old))
    write_file_atomically(target, SAMPLE.read_bytes())  # the next save clears what the kills left
    assert not list(tmp_path.glob(".quote.isproj.*.tmp"))


@pytest.mark.slow
def test_kill_during_price_imports_leaves_all_or_nothing(tmp_path: Path) -> None:
    rng = random.Random(7)
    db = tmp_path / "catalog.db"
    catalog = Catalog.open(db)
    gpus = [p.id for p in catalog.parts_by_id().values() if p.kind.value == "gpu"][:20]
    catalog.close()
    for name, price in (("a.csv", "1111.00"), ("b.csv", "2222.00")):
        (tmp_path / name).write_text("SKU,Price,Currency\n" + "".join(f"{g},{price},USD\n" for g in gpus))
    for _ in range(10):
        _kill_after(_start(IMPORTER, str(db), str(tmp_path)), rng)
        cat = Catalog.open(db)
        assert cat.report.recovered_from is None and not cat.report.messages
        prices = {str(o.price) for o in cat.price_overrides().values()}
        count = len(cat.price_overrides())
        cat.close()
        assert count in (0, len(gpus)) and len(prices) <= 1, (count, prices)
