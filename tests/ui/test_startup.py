"""`python -m app --quit-when-ready`: the start-up benchmark's entry point, run as a user would.

(``qapp`` only because this folder's settings fixture needs an application object.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.ui.main import _FirstPaint

ROOT = Path(__file__).resolve().parents[2]


def _env(data_dir: Path) -> dict[str, str]:
    """Offscreen, with the data directory and Qt's settings (XDG_CONFIG_HOME) in a temporary place."""
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INFERENCE_SIZER_DATA_DIR": str(data_dir),
            "XDG_CONFIG_HOME": str(data_dir / "config")}


def _start(data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = _env(data_dir)
    return subprocess.run([sys.executable, "-X", "faulthandler", "-m", "app", "--quit-when-ready"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_quit_when_ready_paints_and_exits(qapp: QApplication, tmp_path: Path) -> None:
    first = _start(tmp_path)  # first run: builds the catalog database (SQLAlchemy's write path)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Traceback" not in first.stderr
    assert (tmp_path / "catalog.db").is_file()
    again = _start(tmp_path)  # an ordinary start: the catalog is read, never written
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Traceback" not in again.stderr


def test_ordinary_start_does_not_import_sqlalchemy(qapp: QApplication, tmp_path: Path) -> None:
    """The start-up budget depends on it: SQLAlchemy (~0.25 s) loads only on the first write."""
    env = _env(tmp_path)
    code = ("import sys; from app.ui import startup; startup.prepare(); "
            "from app.catalog.store import open_catalog; cat = open_catalog(); cat.query(); "
            "print('open-1'); cat = open_catalog(); cat.query(); cat.parts_by_id(); "
            "print('sqlalchemy' in sys.modules)")
    # the first open builds the database (a write), so run twice: the second process must not write
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True,
                         text=True, timeout=120).stdout
    assert out.split()[-1] == "False", out


def test_garbage_collection_pauses_until_the_first_paint(qapp: QApplication, tmp_path: Path) -> None:
    code = ("import gc; from app.ui import startup; startup.prepare(); paused = not gc.isenabled(); "
            "startup.finish(); print(paused, gc.isenabled(), gc.get_freeze_count() > 10000)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path), check=True,
                         capture_output=True, text=True, timeout=120).stdout
    assert out.split() == ["True", "True", "True"], out


def test_first_paint_callback_runs_once_and_stops_watching(qtbot: QtBot) -> None:
    calls: list[int] = []
    widget = QWidget()
    qtbot.addWidget(widget)
    watcher = _FirstPaint(lambda: calls.append(1), widget)
    qapp = QApplication.instance()
    assert qapp is not None
    qapp.installEventFilter(watcher)
    widget.show()
    qtbot.waitUntil(lambda: calls == [1])
    widget.update()
    widget.repaint()  # a second paint: the watcher is gone
    qapp.processEvents()
    assert calls == [1]


def test_closing_the_window_ends_cleanly(qapp: QApplication, tmp_path: Path) -> None:
    """The ordinary way out: the user closes the window; exit code 0, nothing on stderr but Qt's chatter."""
    code = ("import sys, argparse; from app.ui import startup; startup.prepare(); "
            "from PySide6.QtCore import QTimer; from PySide6.QtWidgets import QApplication; "
            "app = QApplication(sys.argv[:1]); from app.ui.main import run_gui; "
            "QTimer.singleShot(300, QApplication.closeAllWindows); "
            "sys.exit(run_gui(argparse.Namespace(data_dir=None, quit_when_ready=False, project=None)))")
    for _ in range(2):  # the first run builds the catalog database
        proc = subprocess.run([sys.executable, "-X", "faulthandler", "-c", code], cwd=ROOT, env=_env(tmp_path),
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "Traceback" not in proc.stderr and "Fatal Python error" not in proc.stderr


def test_a_returning_user_s_charts_fill_in_after_the_first_paint(qtbot: QtBot, catalog: object,
                                                                  _isolated_data_dir: Path) -> None:
    """A layout saved with the charts open must not build the plots before the window paints
    (it took the start from ~1x to ~2x the bare window); they fill in right after."""
    from app.ui.main_window import MainWindow

    first = MainWindow(catalog, _isolated_data_dir)  # type: ignore[arg-type]
    qtbot.addWidget(first)
    first.show()
    first.show_charts()
    qtbot.waitExposed(first)
    assert first.close()  # saves the layout, the charts open
    again = MainWindow(catalog, _isolated_data_dir)  # type: ignore[arg-type]
    qtbot.addWidget(again)
    assert again.perf_charts is None  # restored visible, not built: nothing before the first paint
    again.show()
    assert again.perf_charts is None  # shown, not yet painted: the plots wait (they were built right here)
    qtbot.waitUntil(lambda: again.perf_charts is not None, timeout=10_000)
    assert again.charts_shown()
    assert again.perf_charts is not None and again.perf_charts.message.text()  # drawn for the open build


_RETURNING = ("import sys; from PySide6.QtCore import QCoreApplication, QSettings; from app.paths import APP_NAME; "
              "app = QCoreApplication([]); app.setOrganizationName(APP_NAME); app.setApplicationName(APP_NAME); "
              "s = QSettings(); s.setValue('main/page', 'charts'); s.setValue('ui/language', 'zh_CN'); "
              "s.setValue('recent/files', [sys.argv[1]]); s.setValue('main/last_project', sys.argv[1]); s.sync()")
_WATCH = ("import sys, argparse; from app.ui import startup; startup.prepare(); "
          "from PySide6.QtCore import QTimer; from PySide6.QtWidgets import QApplication; "
          "app = QApplication(sys.argv[:1]); from app.ui.main import run_gui\n"
          "from app.ui.main_window import MainWindow\n"
          "def poll():\n"
          "    ws = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]\n"
          "    if ws and ws[0].document.path is not None and ws[0].perf_charts is not None:\n"
          "        w = ws[0]; print('opened', w._painted, w.charts_shown(), w.document.path.name, flush=True)\n"
          "        judged = w.report is not None and w.report.build_name == w.document.build(0).name\n"
          "        print('findings', w.tabs.count(), judged, w.findings_panel.model.rowCount() > 0, flush=True)\n"
          "        w.close(); return\n"
          "    QTimer.singleShot(20, poll)\n"
          "from PySide6.QtCore import QObject, QEvent\n"
          "class First(QObject):\n"
          "    def eventFilter(self, o, e):\n"
          "        if e.type() == QEvent.Type.Paint and isinstance(o, MainWindow):\n"
          "            app.removeEventFilter(self)\n"
          "            print('at first paint', o.document.path, o.perf_charts, o.tabs.count(), o._engine,\n"
          "                  'app.perf.serving' in sys.modules, flush=True)\n"
          "        return False\n"
          "first = First(); app.installEventFilter(first)\n"
          "QTimer.singleShot(0, poll)\n"
          "sys.exit(run_gui(argparse.Namespace(data_dir=None, quit_when_ready=False, project=None)))")


def test_a_returning_user_s_project_and_charts_come_back_after_the_first_paint(qapp: QApplication,
                                                                               tmp_path: Path) -> None:
    """Charts open, Chinese, a project left open: all back, the project and plots after the window painted."""
    project = tmp_path / "left-open.isproj"
    project.write_bytes((ROOT / "resources" / "samples" / "hgx-h200-8gpu.json").read_bytes())
    env = _env(tmp_path)
    subprocess.run([sys.executable, "-c", _RETURNING, str(project)], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    proc = subprocess.run([sys.executable, "-X", "faulthandler", "-c", _WATCH], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # Nothing before the paint: no project, no plots, no chassis drawn, no rule engine, no performance model
    # (they cost ~0.15 s and the start page covers the centre), ...
    assert "at first paint None None 0 None False" in proc.stdout, proc.stdout + proc.stderr
    # ... all of them right after it: the project reopened, drawn, judged and charted.
    assert "findings 1 True True" in proc.stdout, proc.stdout + proc.stderr
    assert "opened True True left-open.isproj" in proc.stdout, proc.stdout + proc.stderr
