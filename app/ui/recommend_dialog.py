"""Sizing assistant dialog: the client's four questions, a search off the GUI thread, ranked builds.

The search (app.recommend, pure Python) runs in a QThreadPool worker; it polls a threading.Event
between candidates, so Cancel stops it within one candidate, and reports progress through signals
queued to the GUI thread. Results fill a table (price, GPUs, $/Mtok, power, headroom, what binds,
warnings); the details pane says why a build qualifies, which cheaper build fails and why, or, when
nothing qualifies, which requirement to relax. "Open as new build" emits ``open_build(Build)`` with a
fully placed, validated build; the main window adds it to the project.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QModelIndex,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.core.build import Build, CoolingType, EnvironmentKind
from app.core.parts import AnyPart, Llm
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.core.speculation import MAX_SPECULATIVE_TOKENS
from app.recommend import (
    RankBy,
    Ranked,
    Recommendation,
    Recommender,
    Requirements,
)
from app.recommend.target_cost import TargetCost, heading
from app.rules.profile import default_profile
from app.rules.text import cooling_label
from app.ui.gc_pause import CollectionPause
from app.ui.input_spread import input_spread_box
from app.ui.recommend_results import ResultsModel
from app.ui.recommend_search import Searcher, _SearchSignals, _SearchTask
from app.ui.site_editor import site_choice_label
from app.ui.wheel_guard import guard_wheel

if TYPE_CHECKING:
    from app.perf.datatypes import MeasuredPeaks

DEFAULT_LLM = "meta-llama-3.1-70b"
WAIT_ON_CLOSE_MS = 10_000
PRECISIONS: tuple[Precision, ...] = (Precision.BF16, Precision.FP8, Precision.INT8, Precision.INT4, Precision.FP4)


# --- the dialog ---------------------------------------------------------------------------------------

class RecommendDialog(QDialog):
    """The four questions, a cancellable search, ranked builds and what to relax."""

    open_build = Signal(object)  # app.core.build.Build, fully placed and validated
    search_finished = Signal(str)  # "found", "none", "cancelled" or "failed"

    def __init__(self, parts: Mapping[str, AnyPart], parent: QWidget | None = None, *,
                 searcher: Searcher | None = None, measured: Mapping[str, MeasuredPeaks] | None = None) -> None:
        super().__init__(parent)
        self._measured = measured  # imported probe reports' peaks by GPU id, as the window's estimates read them
        self.setWindowTitle(self.tr("Sizing assistant"))
        self.setMinimumSize(1000, 640)
        self._parts = parts
        self._searcher = searcher
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._cancel = threading.Event()
        self._gc_pause = CollectionPause()
        self._generation = 0
        self._running = False
        # One signals object for the dialog's life, owned by it in the GUI thread: a fresh parentless one per
        # search became garbage in a reference cycle (its connections hold the dialog's bound methods), and the
        # cyclic collector destroyed it at a random moment, taking Qt's signal locks while the worker, mid-emit,
        # waited for the GIL: a deadlock seen once in CI. The generation number tells stale results apart.
        self._signals = _SearchSignals(self)
        self._signals.progress.connect(self._on_progress)
        self._signals.finished.connect(self._on_finished)
        self._signals.cancelled.connect(self._on_cancelled)
        self._signals.failed.connect(self._on_failed)
        self.recommendation: Recommendation | None = None

        precision_row = self._make_questions()
        questions = self._questions_form(precision_row)
        split = self._panes(questions)

        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        self.status_label = QLabel(self.tr("Ready."))
        self.status_label.setWordWrap(True)
        self.cost_label = QLabel()  # what the latency targets cost, once a search has run
        self.cost_label.setWordWrap(True)
        self.cost_label.setVisible(False)
        self.target_costs: tuple[TargetCost, ...] = ()
        self.search_button = QPushButton(self.tr("Search"))
        self.search_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.open_button = QPushButton(self.tr("Open as new build"))
        self.open_button.setEnabled(False)
        self.close_button = QPushButton(self.tr("Close"))
        self.search_button.clicked.connect(self.start_search)
        self.cancel_button.clicked.connect(self.cancel_search)
        self.open_button.clicked.connect(self.open_selected)
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.search_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.status_label)
        layout.addWidget(self.cost_label)
        layout.addLayout(buttons)
        # Tall enough to show every question without scrolling, where the screen allows.
        screen = self.screen().availableGeometry().height() if self.screen() is not None else 0
        want = questions.sizeHint().height() + self.status_label.sizeHint().height() + 80
        self.resize(1000, max(640, min(want, int(screen * 0.9)) if screen else 640))

    def _make_questions(self) -> QHBoxLayout:
        """The widgets of the answers; returns the row of precision boxes, laid out by _questions_form."""
        self.model_box = QComboBox()
        llms = sorted((p for p in self._parts.values() if isinstance(p, Llm)), key=lambda p: p.display_name.lower())
        for llm in llms:
            self.model_box.addItem(f"{llm.display_name} ({llm.total_params_b:g} B)", llm.id)
        self.model_box.setCurrentIndex(max(0, self.model_box.findData(DEFAULT_LLM)))
        self.precision_boxes: dict[Precision, QCheckBox] = {}
        precision_row = QHBoxLayout()
        for p in PRECISIONS:
            box = QCheckBox(p.value.upper())
            self.precision_boxes[p] = box
            precision_row.addWidget(box)
        precision_row.addStretch(1)
        self.scenario_box = QComboBox()
        labels = {
            Scenario.CHAT: self.tr("Real-time chat (TTFT < 100 ms, P99 < 200 ms)"),
            Scenario.CODE: self.tr("Code completion (TTFT < 200 ms, P99 < 500 ms)"),
            Scenario.SUMMARIZATION: self.tr("Document summarisation (TTFT < 1 s, P99 < 5 s)"),
            Scenario.RAG: self.tr("RAG (TTFT < 300 ms, P99 < 1 s)"),
            Scenario.BATCH: self.tr("Batch analytics (no latency target)"),
        }
        for s in Scenario:
            self.scenario_box.addItem(labels[s], s.value)
        self.ttft_spin = self._double(0, 3_600_000, 0, self.tr(" ms"), self.tr("scenario's"))
        self.tpot_spin = self._double(0, 3_600_000, 0, self.tr(" ms"), self.tr("scenario's"))

        self.load_kind = QComboBox()
        self.load_kind.addItem(self.tr("Concurrent requests"), "concurrency")
        self.load_kind.addItem(self.tr("Requests per second (peak)"), "qps")
        self.load_kind.addItem(self.tr("Requests per day"), "requests_per_day")
        self.load_value = self._double(0.001, 1e10, 50, "", "")
        self.load_value.setDecimals(3)
        self.peak_factor = self._double(1, 1000, 3, " x", "")
        self.input_tokens = self._int(1, 10_000_000, 2048, self.tr(" tok"))
        self.input_spread = input_spread_box()
        self.output_tokens = self._int(1, 10_000_000, 512, self.tr(" tok"))
        self.speculative_tokens = self._int(0, MAX_SPECULATIVE_TOKENS, 0, "")
        self.speculative_tokens.setSpecialValueText(self.tr("none"))
        self.acceptance = self._double(0, MAX_SPECULATIVE_TOKENS + 1, 0, "", self.tr("default (70 % a draft token)"))
        self.acceptance.setDecimals(2)
        self.acceptance.setSingleStep(0.1)
        self.acceptance.setToolTip(self.tr("Tokens a speculative step keeps per request on average, as your engine "
                                           "logs it: between 1 and the draft tokens + 1"))

        self.environment_box = QComboBox()
        # Each preset with the power, cooling type and cooling capacity per rack the rules use.
        env_labels = {k: site_choice_label(k, default_profile()) for k in EnvironmentKind}
        env_labels[EnvironmentKind.CUSTOM] = self.tr("Custom (give the rack power)")
        for e in EnvironmentKind:
            self.environment_box.addItem(env_labels[e], e.value)
        self.environment_box.setCurrentIndex(self.environment_box.findData(EnvironmentKind.DATACENTER.value))
        self.rack_kw = self._double(0, 1000, 0, self.tr(" kW"), self.tr("preset"))
        self.cooling_box = QComboBox()
        self.cooling_box.addItem(self.tr("preset"), None)
        for c in CoolingType:
            self.cooling_box.addItem(cooling_label(c), c.value)
        self.cooling_kw = self._double(0, 1000, 0, self.tr(" kW"), self.tr("preset or the type's"))
        self.budget = self._double(0, 1e12, 0, "", self.tr("none"))
        self.budget.setDecimals(0)
        self.currency = QLineEdit("USD")
        self.currency.setMaxLength(3)
        self.currency.setInputMask(">AAA")
        self.rank_box = QComboBox()
        for by, text in ((RankBy.PRICE, self.tr("Lowest price")), (RankBy.COST, self.tr("Lowest $ per million tokens")),
                         (RankBy.POWER, self.tr("Lowest power")), (RankBy.HEADROOM, self.tr("Most headroom"))):
            self.rank_box.addItem(text, by.value)
        self.top_spin = self._int(1, 100, 5, "")
        self.consumer_box = QCheckBox(self.tr("Allow consumer GeForce cards"))

        self.load_kind.currentIndexChanged.connect(self._load_kind_changed)
        self._load_kind_changed()
        self.speculative_tokens.valueChanged.connect(self._speculation_changed)
        self._speculation_changed(self.speculative_tokens.value())
        return precision_row

    def _questions_form(self, precision_row: QHBoxLayout) -> QWidget:
        """The four questions as group boxes, in one widget."""
        questions = QWidget()
        form_layout = QVBoxLayout(questions)
        form_layout.setContentsMargins(0, 0, 0, 0)
        q1 = QGroupBox(self.tr("1. Model and quantisation"))
        f1 = QFormLayout(q1)
        f1.addRow(self.tr("Model"), self.model_box)
        f1.addRow(self.tr("Weights (none = any)"), precision_row)
        q2 = QGroupBox(self.tr("2. Latency scenario"))
        f2 = QFormLayout(q2)
        f2.addRow(self.tr("Scenario"), self.scenario_box)
        f2.addRow(self.tr("TTFT target"), self.ttft_spin)
        f2.addRow(self.tr("Per-token target"), self.tpot_spin)
        q3 = QGroupBox(self.tr("3. Load"))
        f3 = QFormLayout(q3)
        f3.addRow(self.tr("Load given as"), self.load_kind)
        f3.addRow(self.tr("Load"), self.load_value)
        f3.addRow(self.tr("Peak factor"), self.peak_factor)
        f3.addRow(self.tr("Input per request"), self.input_tokens)
        f3.addRow(self.tr("Input length spread"), self.input_spread)
        f3.addRow(self.tr("Output per request"), self.output_tokens)
        f3.addRow(self.tr("Speculative draft tokens"), self.speculative_tokens)
        f3.addRow(self.tr("Acceptance length"), self.acceptance)
        q4 = QGroupBox(self.tr("4. Deployment and budget"))
        f4 = QFormLayout(q4)
        f4.addRow(self.tr("Environment"), self.environment_box)
        f4.addRow(self.tr("Rack power"), self.rack_kw)
        f4.addRow(self.tr("Cooling"), self.cooling_box)
        f4.addRow(self.tr("Cooling per rack"), self.cooling_kw)
        f4.addRow(self.tr("Budget"), self.budget)
        f4.addRow(self.tr("Currency"), self.currency)
        f4.addRow(self.tr("Rank by"), self.rank_box)
        f4.addRow(self.tr("Show"), self.top_spin)
        f4.addRow(self.consumer_box)
        for group in (q1, q2, q3, q4):
            form_layout.addWidget(group)
        form_layout.addStretch(1)
        return questions

    def _panes(self, questions: QWidget) -> QSplitter:
        """The questions (scrolling) beside the results table over the details pane."""
        self.results = ResultsModel(self)
        self.table = QTableView()
        self.table.setModel(self.results)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(1, 300)
        header.setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.setPlaceholderText(self.tr("Answer the four questions and press Search."))
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.table)
        right.addWidget(self.details)
        right.setStretchFactor(0, 2)
        right.setStretchFactor(1, 3)
        # The four questions scroll rather than squash when the window is short (CJK fonts are taller).
        scroll = QScrollArea()
        scroll.setWidget(questions)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        guard_wheel(scroll)  # scrolling the questions does not change an answer
        scroll.setMinimumWidth(questions.sizeHint().width() + scroll.verticalScrollBar().sizeHint().width())
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(scroll)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([400, 1000])
        return split

    # --- widgets --------------------------------------------------------------------------------------

    @staticmethod
    def _double(lo: float, hi: float, value: float, suffix: str, special: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(lo, hi)
        box.setDecimals(1)
        box.setValue(value)
        box.setSuffix(suffix)
        box.setGroupSeparatorShown(True)
        if special:
            box.setSpecialValueText(special)
        return box

    @staticmethod
    def _int(lo: int, hi: int, value: int, suffix: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(lo, hi)
        box.setValue(value)
        box.setSuffix(suffix)
        box.setGroupSeparatorShown(True)
        return box

    def _load_kind_changed(self) -> None:
        kind = self.load_kind.currentData()
        self.peak_factor.setEnabled(kind == "requests_per_day")
        # Requests in flight and per day are whole numbers: "64", not "64.000".
        self.load_value.setDecimals(3 if kind == "qps" else 0)

    def _speculation_changed(self, tokens: int) -> None:
        """As in the Workload panel: an acceptance length only with draft tokens, and at most their number + 1
        (the spin box clamps a longer one to it)."""
        self.acceptance.setMaximum(tokens + 1.0 if tokens else MAX_SPECULATIVE_TOKENS + 1.0)
        self.acceptance.setEnabled(tokens > 0)

    # --- requirements ---------------------------------------------------------------------------------

    def requirements(self) -> Requirements:
        """The form as requirements; raises ValueError (pydantic) when the answers do not fit together."""
        kind = str(self.load_kind.currentData())
        value = self.load_value.value()
        load: dict[str, Any] = {kind: max(1, round(value)) if kind == "concurrency" else value}
        data: dict[str, Any] = {
            "llm_id": self.model_box.currentData(),
            "precisions": [p.value for p, box in self.precision_boxes.items() if box.isChecked()],
            "scenario": self.scenario_box.currentData(),
            **load,
            "peak_factor": self.peak_factor.value(),
            "input_tokens": self.input_tokens.value(),
            "input_tokens_cv": round(self.input_spread.value(), 2),
            "output_tokens": self.output_tokens.value(),
            "speculative_tokens": self.speculative_tokens.value(),
            "environment": self.environment_box.currentData(),
            "rank_by": self.rank_box.currentData(),
            "top": self.top_spin.value(),
            "include_consumer_gpus": self.consumer_box.isChecked(),
            "currency": self.currency.text().strip() or "USD",
        }
        if self.rack_kw.value() > 0:
            data["rack_kw"] = self.rack_kw.value()
        if self.cooling_box.currentData() is not None:
            data["cooling"] = self.cooling_box.currentData()
        if self.cooling_kw.value() > 0:
            data["cooling_kw"] = self.cooling_kw.value()
        if self.budget.value() > 0:
            data["budget"] = Decimal(str(round(self.budget.value())))
        if self.acceptance.value() > 0 and self.speculative_tokens.value() > 0:  # 0: the default; below 1 reads as 1
            data["acceptance_length"] = max(1.0, round(self.acceptance.value(), 2))
        if self.ttft_spin.value() > 0:
            data["ttft_ms"] = self.ttft_spin.value()
        if self.tpot_spin.value() > 0:
            data["tpot_ms"] = self.tpot_spin.value()
        return Requirements.model_validate(data)

    # --- running --------------------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._running

    def active_workers(self) -> int:
        """Search threads still alive (0 once a cancelled or finished search has let go)."""
        return self._pool.activeThreadCount()

    def _set_running(self, running: bool) -> None:
        self._running = running
        if not running:
            self._gc_pause.release()
        self.search_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.open_button.setEnabled(not running and self._selected() is not None)
        if running:
            self.progress.setRange(0, 0)  # busy until the first progress report
        else:
            self.progress.setRange(0, 1)
            self.progress.setValue(1 if self.recommendation is not None else 0)

    def make_searcher(self) -> Recommender:
        """The catalog's search, with the imported probe reports' peaks the window's estimates read."""
        return Recommender(self._parts, measured=self._measured)

    def start_search(self) -> None:
        if self._running:
            return
        try:
            req = self.requirements()
        except ValueError as exc:
            self.status_label.setText(self.tr("Check the answers: {0}").format(str(exc).splitlines()[0]))
            self.search_finished.emit("failed")
            return
        if self._searcher is None:
            self._searcher = self.make_searcher()
        self._generation += 1
        self._cancel = threading.Event()
        self.recommendation = None
        self.results.set_results(())
        self.details.clear()
        self.status_label.setText(self.tr("Searching the catalog…"))
        self._set_running(True)
        self._gc_pause.hold()  # no collection in the worker while it runs (app.ui.gc_pause says why)
        self._pool.start(_SearchTask(self._searcher, req, self._cancel, self._signals, self._generation))

    def cancel_search(self) -> None:
        if self._running:
            self._cancel.set()
            self.status_label.setText(self.tr("Cancelling…"))

    def _on_progress(self, done: int, total: int) -> None:
        if self._running and total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)

    def _on_cancelled(self, generation: int) -> None:
        if generation != self._generation:
            return
        self._set_running(False)
        self.status_label.setText(self.tr("Cancelled."))
        self.search_finished.emit("cancelled")

    def _on_failed(self, generation: int, message: str) -> None:
        if generation != self._generation:
            return
        self._set_running(False)
        self.status_label.setText(self.tr("The search failed: {0}").format(message))
        self.search_finished.emit("failed")

    def _on_finished(self, generation: int, payload: object) -> None:
        if generation != self._generation or not isinstance(payload, tuple):
            return
        result, costs = payload
        if not isinstance(result, Recommendation):
            return
        self.recommendation = result
        self.target_costs = tuple(costs)
        self.cost_label.setText(self._costs_html(self.target_costs))
        self.cost_label.setVisible(len(self.target_costs) > 1)
        self.results.set_results(result.results)
        self._set_running(False)
        if result.found:
            self.status_label.setText(self.tr("{0} build(s) shown; {1} checked in {2:.2f} s.").format(
                len(result.results), result.evaluated, result.elapsed_s))
            self.table.selectRow(0)
        else:
            self.status_label.setText(self.tr("Nothing in the catalog meets these requirements."))
            self.details.setHtml(self._advice_html(result))
        self.search_finished.emit("found" if result.found else "none")

    # --- results --------------------------------------------------------------------------------------

    def _selected(self) -> Ranked | None:
        index = self.table.currentIndex()
        return self.results.ranked(index.row()) if index.isValid() else None

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        r = self.results.ranked(current.row())
        self.open_button.setEnabled(r is not None and not self._running)
        if r is not None:
            self.details.setHtml(self._details_html(r))

    def open_selected(self) -> None:
        r = self._selected()
        if r is not None and not self._running:
            build: Build = r.candidate.build
            self.open_build.emit(build)
            self.status_label.setText(self.tr("Opened {0} as a new build.").format(build.name))

    @staticmethod
    def _costs_html(costs: Sequence[TargetCost]) -> str:
        if len(costs) < 2:
            return ""
        return f"<b>{html.escape(heading())}</b><br>" + "<br>".join(html.escape(c.describe()) for c in costs)

    @staticmethod
    def _items(lines: Sequence[str]) -> str:
        return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"

    def _details_html(self, r: Ranked) -> str:
        c = r.candidate
        binds, why, warnings = self.tr("What binds"), self.tr("Why it qualifies"), self.tr("Warnings")
        cheaper = self.tr("Nearest cheaper build that fails")
        none_found = self.tr("None found among the builds checked.")
        host, assumptions = self.tr("How the host was chosen"), self.tr("Assumptions")
        out = [f"<h3>#{r.rank} {html.escape(c.build.name)}</h3>",
               f"<p>{html.escape(c.hardware())}; {html.escape(c.layout())}</p>",
               f"<p><b>{binds}:</b> {html.escape(c.binds)}</p>",
               f"<p><b>{why}</b></p>", self._items(c.why)]
        if c.warnings:
            out.append(f"<p><b>{warnings}</b></p>")
            out.append(self._items([f"{w.rule_id}: {w.message}" for w in c.warnings]))
        out.append(f"<p><b>{cheaper}</b></p>")
        cf = r.cheaper_failing
        if cf is None:
            out.append(f"<p>{none_found}</p>")
        else:
            out.append(f"<p>{html.escape(cf.hardware())}; {html.escape(cf.layout())} "
                       f"({html.escape(cf.price.describe())})</p>")
            out.append(self._items([f.message for f in cf.failures]))
        out.append(f"<p><b>{host}</b></p>")
        out.append(self._items(c.host_notes))
        if self.recommendation is not None:
            out.append(f"<p><b>{assumptions}</b></p>")
            out.append(self._items(self.recommendation.notes))
        return "".join(out)

    def _advice_html(self, rec: Recommendation) -> str:
        nothing, relax = self.tr("Nothing in the catalog meets these requirements"), self.tr("Relax one of them:")
        assumptions = self.tr("Assumptions")
        out = [f"<h3>{nothing}</h3>", f"<p>{relax}</p>", self._items([a.text for a in rec.advice]),
               f"<p><b>{assumptions}</b></p>", self._items(rec.notes)]
        return "".join(out)

    # --- closing --------------------------------------------------------------------------------------

    def _stop_now(self) -> None:
        """Cancel a running search and wait for its worker before the dialog goes."""
        if self._running:
            self._cancel.set()
        self._pool.waitForDone(WAIT_ON_CLOSE_MS)
        self._gc_pause.release()  # a worker past the wait has its cancel flag and no dialog left to release it

    def reject(self) -> None:
        self._stop_now()
        super().reject()

    def done(self, result: int) -> None:
        self._stop_now()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_now()
        super().closeEvent(event)
