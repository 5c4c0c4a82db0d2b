"""The sizing assistant dialog: the search runs off the GUI thread, results appear, builds open.

Tests wait on Qt signals only. A gated searcher holds the worker until the GUI thread opens the
gate, which proves the event loop keeps turning while a search runs.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from app.catalog.store import Catalog
from app.core.build import Build
from app.recommend import Recommendation, Recommender, Requirements, SearchCancelled
from app.rules import RuleEngine, Severity
from app.ui.recommend_dialog import RecommendDialog

TIMEOUT_MS = 30_000


class GatedSearcher:
    """The real search, started only once the test opens the gate; gives up when cancelled."""

    def __init__(self, real: Recommender) -> None:
        self.real = real
        self.gate = threading.Event()
        self.started = threading.Event()
        self.requirements: Requirements | None = None
        self.collector_on_in_worker: bool | None = None

    def recommend(self, req: Requirements, *, cancelled: Callable[[], bool] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Recommendation:
        self.requirements = req
        self.collector_on_in_worker = gc.isenabled()
        self.started.set()
        if progress is not None:
            progress(0, 10)
        while not self.gate.wait(0.005):
            if cancelled is not None and cancelled():
                raise SearchCancelled()
        if cancelled is not None and cancelled():
            raise SearchCancelled()
        return self.real.recommend(req, cancelled=cancelled, progress=progress)


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog) -> Iterator[RecommendDialog]:
    d = RecommendDialog(catalog.parts_by_id())
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    yield d
    d.close()


def _moderation_client(d: RecommendDialog) -> None:
    """Seed 003: 20,000 requests a day, a 7B model at INT8, answers under 200 ms, an enterprise room."""
    d.model_box.setCurrentIndex(d.model_box.findData("qwen2.5-7b"))
    d.precision_boxes[next(p for p in d.precision_boxes if p.value == "int8")].setChecked(True)
    d.scenario_box.setCurrentIndex(d.scenario_box.findData("chat"))
    d.ttft_spin.setValue(200)
    d.load_kind.setCurrentIndex(d.load_kind.findData("requests_per_day"))
    d.load_value.setValue(20_000)
    d.input_tokens.setValue(1024)
    d.output_tokens.setValue(64)
    d.environment_box.setCurrentIndex(d.environment_box.findData("enterprise"))
    d.budget.setValue(700_000)


def test_form_becomes_requirements(dialog: RecommendDialog) -> None:
    _moderation_client(dialog)
    req = dialog.requirements()
    assert req.llm_id == "qwen2.5-7b" and [p.value for p in req.precisions] == ["int8"]
    assert req.requests_per_day == 20_000 and req.peak_factor == 3 and req.concurrency is None
    assert req.ttft_ms == 200 and req.tpot_ms is None and req.budget == 700_000
    assert req.environment.value == "enterprise" and req.rack_kw is None
    assert dialog.peak_factor.isEnabled()
    dialog.load_kind.setCurrentIndex(dialog.load_kind.findData("concurrency"))
    assert not dialog.peak_factor.isEnabled()
    assert dialog.requirements().concurrency == 20_000
    # The prompts' spread of lengths: fixed by default, the client's figure when given.
    assert req.input_tokens_cv == 0 and dialog.input_spread.specialValueText()
    dialog.input_spread.setValue(0.77)
    assert dialog.requirements().input_tokens_cv == 0.77
    # Speculative decoding: none by default; draft tokens with the default acceptance, then the engine's figure.
    assert req.speculative_tokens == 0 and req.acceptance_length is None
    assert not dialog.acceptance.isEnabled()  # as in the Workload panel: no acceptance length without drafts
    dialog.speculative_tokens.setValue(3)
    assert dialog.acceptance.isEnabled() and dialog.acceptance.maximum() == 4.0
    assert (dialog.requirements().speculative_tokens, dialog.requirements().acceptance_length) == (3, None)
    dialog.acceptance.setValue(2.44)
    assert dialog.requirements().acceptance_length == 2.44
    dialog.acceptance.setValue(0.5)  # a step keeps at least the model's own token
    assert dialog.requirements().acceptance_length == 1.0
    dialog.acceptance.setValue(3.5)
    dialog.speculative_tokens.setValue(1)  # a step of one draft keeps at most 2: the box clamps to it
    assert dialog.requirements().acceptance_length == 2.0
    dialog.speculative_tokens.setValue(0)  # the field goes grey and its value no longer counts
    assert not dialog.acceptance.isEnabled()
    assert (dialog.requirements().speculative_tokens, dialog.requirements().acceptance_length) == (0, None)
    dialog.acceptance.setValue(0)


def test_search_shows_ranked_builds_and_opens_a_valid_one(qtbot: QtBot, dialog: RecommendDialog,
                                                          catalog: Catalog) -> None:
    _moderation_client(dialog)
    with qtbot.waitSignal(dialog.search_finished, timeout=TIMEOUT_MS) as finished:
        qtbot.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    assert finished.args == ["found"]
    model = dialog.results
    assert model.rowCount() >= 1
    # one small-GPU server: seed 003's L20, or an A10/L4-class card once every part is priced (#18)
    assert any(g in model.data(model.index(0, 3)) for g in ("L20", "A10", "L4", "A30"))
    assert not model.data(model.index(0, 2)).startswith("from ")  # every part priced from the price book
    assert "TTFT" in dialog.details.toPlainText() and "Nearest cheaper build that fails" in dialog.details.toPlainText()
    # what the latency targets cost: the targets as asked, 2 x and 3 x looser, each with its cheapest build
    assert [c.factor for c in dialog.target_costs] == [1.0, 2.0, 3.0] and dialog.cost_label.isVisibleTo(dialog)
    assert "What the latency targets cost" in dialog.cost_label.text() and "3 x looser" in dialog.cost_label.text()
    assert dialog.open_button.isEnabled()
    with qtbot.waitSignal(dialog.open_build, timeout=TIMEOUT_MS) as opened:
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    build = opened.args[0]
    assert isinstance(build, Build) and build.workload is not None and build.workload.llm_id == "qwen2.5-7b"
    report = RuleEngine(catalog.parts_by_id()).validate(build)
    assert not [f for f in report.findings if f.severity is Severity.ERROR]
    assert any(p.slots[0] == "gpu0" for p in build.placements)  # placed in its chassis


def test_gui_stays_responsive_while_the_search_runs(qtbot: QtBot, catalog: Catalog) -> None:
    searcher = GatedSearcher(Recommender(catalog.parts_by_id()))
    d = RecommendDialog(catalog.parts_by_id(), searcher=searcher)
    qtbot.addWidget(d)
    d.show()
    _moderation_client(d)
    ticks_while_running: list[int] = []

    def tick() -> None:
        if d.is_running():
            ticks_while_running.append(1)
            if len(ticks_while_running) >= 5:
                searcher.gate.set()  # the GUI thread lets the worker go on: it was never blocked

    timer = QTimer(d)
    timer.timeout.connect(tick)
    timer.start(10)
    with qtbot.waitSignal(d.search_finished, timeout=TIMEOUT_MS) as finished:
        qtbot.mouseClick(d.search_button, Qt.MouseButton.LeftButton)
        assert d.is_running() and not d.search_button.isEnabled() and d.cancel_button.isEnabled()
    timer.stop()
    assert finished.args == ["found"]
    assert len(ticks_while_running) >= 5
    assert searcher.requirements is not None and searcher.requirements.llm_id == "qwen2.5-7b"
    assert d.results.rowCount() >= 1 and not d.cancel_button.isEnabled() and d.search_button.isEnabled()
    # The worker ran with the cyclic collector off (app.ui.gc_pause); it is back on once the search is done.
    assert searcher.collector_on_in_worker is False and gc.isenabled()
    d.close()


def test_cancel_stops_the_search(qtbot: QtBot, catalog: Catalog) -> None:
    searcher = GatedSearcher(Recommender(catalog.parts_by_id()))
    d = RecommendDialog(catalog.parts_by_id(), searcher=searcher)
    qtbot.addWidget(d)
    d.show()
    with qtbot.waitSignal(d.search_finished, timeout=TIMEOUT_MS) as finished:
        qtbot.mouseClick(d.search_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(searcher.started.is_set, timeout=TIMEOUT_MS)
        qtbot.mouseClick(d.cancel_button, Qt.MouseButton.LeftButton)
    assert finished.args == ["cancelled"]
    assert d.status_label.text() == "Cancelled." and d.search_button.isEnabled()
    assert d.results.rowCount() == 0 and not d.open_button.isEnabled()
    assert searcher.collector_on_in_worker is False and gc.isenabled()
    d.close()


def test_closing_during_a_search_cancels_it(qtbot: QtBot, catalog: Catalog) -> None:
    searcher = GatedSearcher(Recommender(catalog.parts_by_id()))
    d = RecommendDialog(catalog.parts_by_id(), searcher=searcher)
    qtbot.addWidget(d)
    d.show()
    qtbot.mouseClick(d.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(searcher.started.is_set, timeout=TIMEOUT_MS)
    assert not gc.isenabled()
    d.reject()  # cancels and waits for the worker
    assert not searcher.gate.is_set() and d.active_workers() == 0
    assert gc.isenabled()


def test_nothing_qualifies_shows_what_to_relax(qtbot: QtBot, dialog: RecommendDialog) -> None:
    dialog.model_box.setCurrentIndex(dialog.model_box.findData("meta-llama-3.1-8b"))
    dialog.load_kind.setCurrentIndex(dialog.load_kind.findData("concurrency"))
    dialog.load_value.setValue(4)
    dialog.input_tokens.setValue(200_000)
    with qtbot.waitSignal(dialog.search_finished, timeout=TIMEOUT_MS) as finished:
        qtbot.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    assert finished.args == ["none"]
    text = dialog.details.toPlainText()
    assert "Nothing in the catalog meets these requirements" in text and "131,072 tokens" in text
    assert dialog.results.rowCount() == 0 and not dialog.open_button.isEnabled()


def test_answers_that_do_not_fit_together(qtbot: QtBot, dialog: RecommendDialog) -> None:
    dialog.environment_box.setCurrentIndex(dialog.environment_box.findData("custom"))  # no rack power given
    with qtbot.waitSignal(dialog.search_finished, timeout=TIMEOUT_MS) as finished:
        qtbot.mouseClick(dialog.search_button, Qt.MouseButton.LeftButton)
    assert finished.args == ["failed"]
    assert dialog.status_label.text().startswith("Check the answers") and not dialog.is_running()


def test_the_window_hands_the_assistant_its_probe_reports(qtbot: QtBot, window: object,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Tools -> Sizing assistant searches with the imported reports' peaks, as the window's own estimates do."""
    from pathlib import Path

    from app.ui import recommend_dialog
    from app.ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    fixture = Path(__file__).resolve().parents[1] / "probe" / "fixtures" / "h200_sxm_torch_full.json"
    assert window.import_probe(fixture)
    seen: list[object] = []

    class Probe(RecommendDialog):
        def exec(self) -> int:  # not modal in a test: record what the dialog would search with
            seen.append(self.make_searcher())
            return 0

    monkeypatch.setattr(recommend_dialog, "RecommendDialog", Probe)
    window.sizing_assistant()
    [searcher] = seen
    assert isinstance(searcher, Recommender) and set(searcher.measured) == {"nvidia-h200-sxm-141gb"}
