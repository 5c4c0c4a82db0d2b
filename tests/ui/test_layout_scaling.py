"""The window at real display scaling (QT_SCALE_FACTOR 1.5 and 2, device pixels per logical pixel), not just
at the smaller logical screens test_layout_geometry.py uses: fonts, icons and the chassis drawing are
rasterised at the device ratio, and a layout that holds at 100 % must hold there too.

Each run is its own process: Qt reads the scale factor once, when the application starts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h200-8gpu.json"

_CHECK = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from app.catalog.store import open_catalog
from app.ui.language import apply_language
from app.ui.main_window import MainWindow
from tests.ui.layout_checks import clipped_plots, clipped_widgets, overlapping_labels
apply_language(sys.argv[1])
width, height = int(sys.argv[2]), int(sys.argv[3])
catalog = open_catalog(None)
w = MainWindow(catalog)
w.resize(width, height)
w.show()
app.processEvents()
assert w.open_path(Path(sys.argv[4]))
app.processEvents()
found = {"ratio": w.devicePixelRatioF(), "size": [w.width(), w.height()], "chassis": clipped_widgets(w)}
perf, power = w.show_charts()
app.processEvents()
found["charts"] = clipped_widgets(w) + clipped_plots(perf.graphics)
perf.place_labels()
found["labels"] = [list(pair) for pair in overlapping_labels(perf.plots)]
print(json.dumps(found), flush=True)
w.document.undo_stack.setClean()
w.close()
catalog.close()
"""


@pytest.mark.parametrize(("scale", "screen"), [("1.5", (1280, 720 - 28)), ("2", (960, 540 - 28))])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_window_at_display_scaling(qapp: QApplication, tmp_path: Path, scale: str, screen: tuple[int, int],
                                   language: str) -> None:
    """1920 x 1080 at 150 % and 200 % (1280 x 720 and 960 x 540 logical, less a title bar)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": scale,
           "INFERENCE_SIZER_DATA_DIR": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    proc = subprocess.run([sys.executable, "-c", _CHECK, language, str(screen[0]), str(screen[1]), str(SAMPLE)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=180, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found["ratio"] == pytest.approx(float(scale))  # really drawn at the scale, not at 100 %
    assert found["size"] == list(screen)
    assert found["chassis"] == [] and found["charts"] == [] and found["labels"] == [], found
