"""Workload and environment: the client's four questions, the parallel layout, the room.

Edits leave as data (the same edit operations the rules' fixes use), so the document can push
them on the undo stack; the panel never edits a build itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.build import Build, EnvironmentKind, Redundancy, ServingEngine
from app.core.parts import AnyPart, Chassis, Llm
from app.core.precision import KV_PRECISIONS, Precision
from app.core.scenarios import Scenario, scenario_spec
from app.core.speculation import MAX_SPECULATIVE_TOKENS
from app.rules.fixes import Scalar
from app.rules.profile import RuleProfile
from app.ui.input_spread import input_spread_box, retranslate_input_spread
from app.ui.site_editor import SiteEditor, site_choice_label
from app.ui.wheel_guard import guard_wheel

DEFAULT_LLM = "meta-llama-3.1-70b"


class WorkloadPanel(QWidget):
    # (operation name, changes, merge key): merge key lets typing in one spin box be one undo step
    edit_requested = Signal(str, dict, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chassis = QComboBox()
        self.chassis.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chassis.setMinimumContentsLength(18)
        self.llm = QComboBox()
        self.llm.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.llm.setMinimumContentsLength(18)
        self.weight_precision = QComboBox()
        for p in Precision:
            self.weight_precision.addItem(p.value.upper(), p.value)
        self.kv_precision = QComboBox()
        for p in KV_PRECISIONS:
            self.kv_precision.addItem(p.value.upper(), p.value)
        self.input_tokens = self._spin(1, 10_000_000, "")
        self.output_tokens = self._spin(1, 10_000_000, "")
        # Spread of the prompts' lengths (standard deviation over mean); 0: fixed lengths.
        self.input_spread = input_spread_box()
        # A benchmark whose prompts and answers all have one length (vllm bench serve's random dataset): its
        # clients' rounds stay in step. Closed loop only, with no length spread.
        self.uniform_lengths = QCheckBox()
        # Prompt tokens the engine's prefix cache holds (shared system prompt, RAG context); 0: none.
        self.prefix_cached = self._spin(0, 10_000_000, "")
        self.concurrency = self._spin(1, 1_000_000, "")
        # The load as requests per second (Poisson arrivals); 0: the load is the concurrency above.
        self.request_rate = QDoubleSpinBox()
        self.request_rate.setRange(0.0, 1_000_000.0)
        self.request_rate.setDecimals(2)
        self.request_rate.setSuffix(" /s")
        self.request_rate.setGroupSeparatorShown(True)
        self.request_rate.setKeyboardTracking(False)
        self.tp = self._spin(1, 64, "")
        self.pp = self._spin(1, 64, "")
        # Attention data-parallel over the TP group: what TensorRT-LLM and SGLang run DeepSeek-style MLA models
        # with at high load (each GPU caches only its own requests' KV).
        self.attention_dp = QCheckBox()
        self.expert_parallel = QCheckBox()
        self._moe_ids: set[str] = set()  # catalog LLMs with routed experts: the only ones expert parallelism splits
        self.scenario = QComboBox()
        for s in Scenario:
            self.scenario.addItem(s.value, s.value)
        # The client's own P99 targets; 0 (shown as the scenario's figure) means the scenario's.
        self.ttft_target = self._spin(0, 3_600_000, " ms")
        self.tpot_target = self._spin(0, 3_600_000, " ms")
        self.engine = QComboBox()
        for e in ServingEngine:
            self.engine.addItem(e.value, e.value)
        # The engine's running-request limit (vLLM --max-num-seqs ...); 0: the engine's default for the GPU.
        self.max_num_seqs = self._spin(0, 1_000_000, "")
        # Speculative decoding: draft tokens a step (0: none) and the tokens a step keeps (0: the default).
        self.speculative_tokens = self._spin(0, MAX_SPECULATIVE_TOKENS, "")
        self.acceptance = QDoubleSpinBox()
        self.acceptance.setRange(0.0, MAX_SPECULATIVE_TOKENS + 1.0)
        self.acceptance.setDecimals(2)
        self.acceptance.setSingleStep(0.1)
        self.acceptance.setKeyboardTracking(False)
        self.environment = QComboBox()
        for k in EnvironmentKind:
            self.environment.addItem(k.value, k.value)
        self.redundancy = QComboBox()
        for r in (Redundancy.N_PLUS_1, Redundancy.N_PLUS_2, Redundancy.N_PLUS_N, Redundancy.NONE):
            self.redundancy.addItem(r.value, r.value)
        # The GPUs' power limit (nvidia-smi -pl), held in each GPU's datasheet range; 0 = each at its TDP.
        self.power_cap = self._spin(0, 5000, " W")
        self.power_cap.setSingleStep(25)

        self.workload_box = workload = QGroupBox()
        self.workload_form = wf = QFormLayout(workload)
        for w in (self.llm, self.weight_precision, self.kv_precision, self.input_tokens, self.input_spread,
                  self.output_tokens, self.uniform_lengths, self.prefix_cached, self.concurrency, self.request_rate,
                  self.scenario,
                  self.ttft_target, self.tpot_target, self.tp, self.pp, self.attention_dp, self.expert_parallel,
                  self.engine, self.max_num_seqs, self.speculative_tokens, self.acceptance):
            wf.addRow(QLabel(), w)
        self.site_box = site = QGroupBox()
        self.site_form = sf = QFormLayout(site)
        for w in (self.chassis, self.environment, self.redundancy, self.power_cap):
            sf.addRow(QLabel(), w)
        self.site_editor = SiteEditor()
        self.site_editor.edit_requested.connect(self.edit_requested)
        # The three groups scroll: with the site's fields they are taller than a laptop screen's dock.
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(site)
        layout.addWidget(self.site_editor)
        layout.addWidget(workload)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # With no horizontal scrolling the panel must fit the dock: a combo box sized to its longest item
        # ("Data center, high density (40 kW per rack, ...)") pushed the fields past the edge. Every combo
        # shows at least 8 characters and elides the rest; the full text is in its list.
        for combo in content.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        # No horizontal scrolling, so the dock may not become narrower than its fields (they were cut off
        # at the dock's edge when the charts took the room): the minimum follows the content's as it fills.
        self._scroll, self._content = scroll, content
        content.installEventFilter(self)
        guard_wheel(scroll)  # scrolling past a field does not edit the build
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.retranslate()
        self._connect()

    def retranslate(self) -> None:
        """Every fixed text in the current language (at construction and on LanguageChange)."""
        scenarios = {
            Scenario.CHAT: self.tr("Real-time chat (P99 < 200 ms)"),
            Scenario.CODE: self.tr("Code completion (P99 < 500 ms)"),
            Scenario.SUMMARIZATION: self.tr("Document summarisation (< 5 s)"),
            Scenario.RAG: self.tr("RAG (< 1 s)"),
            Scenario.BATCH: self.tr("Batch analytics (> 10 s)"),
        }
        engines = {"vllm": "vLLM", "trtllm": "TensorRT-LLM", "sglang": "SGLang", "llamacpp": "llama.cpp",
                   "other": self.tr("other")}
        environments = {k: site_choice_label(k, self.site_editor.profile) for k in EnvironmentKind}
        redundancy = {Redundancy.N_PLUS_1.value: "N+1", Redundancy.N_PLUS_2.value: "N+2",
                      Redundancy.N_PLUS_N.value: "N+N", Redundancy.NONE.value: self.tr("none")}
        for box, names in ((self.scenario, {k.value: v for k, v in scenarios.items()}), (self.engine, engines),
                           (self.environment, {k.value: v for k, v in environments.items()}),
                           (self.redundancy, redundancy)):
            for i in range(box.count()):
                box.setItemText(i, names.get(str(box.itemData(i)), str(box.itemData(i))))
        tokens = self.tr(" tok")
        self.input_tokens.setSuffix(tokens)
        self.output_tokens.setSuffix(tokens)
        self.prefix_cached.setSuffix(tokens)
        self.prefix_cached.setSpecialValueText(self.tr("none"))
        self.prefix_cached.setToolTip(self.tr("Prompt tokens every request shares and the engine's prefix cache "
                                              "holds (a system prompt, a RAG context): not prefilled again, their "
                                              "KV cache held once"))
        retranslate_input_spread(self.input_spread)
        self.max_num_seqs.setSpecialValueText(self.tr("engine default"))
        self.max_num_seqs.setToolTip(self.tr("Requests one model copy runs at once (vLLM --max-num-seqs, SGLang "
                                             "--max-running-requests, TensorRT-LLM max_batch_size); more wait in "
                                             "its queue. Lowest value: the engine's default for the GPU"))
        self.speculative_tokens.setSpecialValueText(self.tr("none"))
        self.speculative_tokens.setToolTip(self.tr("Speculative decoding (MTP, EAGLE): draft tokens a step proposes "
                                                   "for every request, checked in one pass of the model. It speeds "
                                                   "up decode where a step is memory-bound and slows it where it is "
                                                   "compute-bound"))
        self.acceptance.setSpecialValueText(self.tr("default (70 % a draft token)"))
        self.acceptance.setToolTip(self.tr("Tokens a speculative step keeps per request on average, as your engine "
                                           "logs it (accept length): between 1 and the draft tokens + 1. It depends "
                                           "on your prompts and the draft model"))
        self.request_rate.setSpecialValueText(self.tr("use the concurrency"))
        self.request_rate.setToolTip(self.tr("The load as requests per second arriving at random (Poisson); the "
                                             "concurrency then follows from it"))
        self.workload_box.setTitle(self.tr("Workload"))
        self.site_box.setTitle(self.tr("Server and site"))
        rows = ((self.workload_form, self.llm, self.tr("Model")),
                (self.workload_form, self.weight_precision, self.tr("Weights")),
                (self.workload_form, self.kv_precision, self.tr("KV cache")),
                (self.workload_form, self.input_tokens, self.tr("Input length")),
                (self.workload_form, self.input_spread, self.tr("Input length spread")),
                (self.workload_form, self.output_tokens, self.tr("Output length")),
                (self.workload_form, self.uniform_lengths, self.tr("Uniform lengths")),
                (self.workload_form, self.prefix_cached, self.tr("Cached prefix")),
                (self.workload_form, self.concurrency, self.tr("Concurrent requests")),
                (self.workload_form, self.request_rate, self.tr("Requests per second")),
                (self.workload_form, self.scenario, self.tr("Latency scenario")),
                (self.workload_form, self.ttft_target, self.tr("P99 TTFT target")),
                (self.workload_form, self.tpot_target, self.tr("P99 TPOT bound")),
                (self.workload_form, self.tp, self.tr("Tensor parallel")),
                (self.workload_form, self.pp, self.tr("Pipeline parallel")),
                (self.workload_form, self.attention_dp, self.tr("Attention data-parallel")),
                (self.workload_form, self.expert_parallel, self.tr("Expert parallel")),
                (self.workload_form, self.engine, self.tr("Serving engine")),
                (self.workload_form, self.max_num_seqs, self.tr("Running-request limit")),
                (self.workload_form, self.speculative_tokens, self.tr("Speculative draft tokens")),
                (self.workload_form, self.acceptance, self.tr("Acceptance length")),
                (self.site_form, self.chassis, self.tr("Chassis")),
                (self.site_form, self.environment, self.tr("Environment")),
                (self.site_form, self.redundancy, self.tr("PSU redundancy")),
                (self.site_form, self.power_cap, self.tr("GPU power limit")))
        self.attention_dp.setToolTip(self.tr(
            "Each GPU of the tensor-parallel group runs attention for its own requests with the attention weights "
            "whole, and caches only their KV (TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention, vLLM "
            "--data-parallel-size with --enable-expert-parallel): "
            "MLA models such as DeepSeek hold up to TP times the requests"))
        self.expert_parallel.setToolTip(self.tr(
            "MoE models: each GPU of the tensor-parallel group holds whole experts and runs the tokens routed to them "
            "(TensorRT-LLM --ep, SGLang --ep-size, vLLM --enable-expert-parallel), instead of a slice of every "
            "expert: each GPU writes and sums the outputs of 1/TP of the token-expert pairs. Attention data-parallel "
            "runs its experts so"))
        self.uniform_lengths.setToolTip(self.tr(
            "A benchmark whose prompts and answers all have one length (a random-token dataset with --ignore-eos "
            "and no length range: vllm bench serve's default): its clients' rounds stay in step, so each round's "
            "prompts wait for each other's prefill and TTFT is longer than for traffic of varied lengths. For "
            "comparing with such a run; at a concurrency, with no length spread"))
        self.power_cap.setSpecialValueText(self.tr("TDP"))
        self.power_cap.setToolTip(self.tr("Power limit set on the GPUs, within each GPU's datasheet range "
                                          "(e.g. H100 NVL 350-400 W); lowest value: each GPU at its TDP"))
        for form, field, text in rows:
            label = form.labelForField(field)
            if isinstance(label, QLabel):
                label.setText(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._content and event.type() == QEvent.Type.LayoutRequest:
            bar = self._scroll.verticalScrollBar().sizeHint().width()
            self._scroll.setMinimumWidth(self._content.minimumSizeHint().width() + bar)
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            with QSignalBlocker(self.input_tokens), QSignalBlocker(self.output_tokens):
                self.retranslate()
        super().changeEvent(event)

    @staticmethod
    def _spin(lo: int, hi: int, suffix: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(lo, hi)
        box.setSuffix(suffix)
        box.setGroupSeparatorShown(True)
        box.setKeyboardTracking(False)  # one edit per finished number, not per keystroke
        return box

    def _connect(self) -> None:
        def combo(box: QComboBox, field: str, op: str = "set_workload") -> None:
            box.activated.connect(lambda _i: self.edit_requested.emit(op, {field: box.currentData()}, ""))

        combo(self.llm, "llm_id")
        combo(self.weight_precision, "weight_precision")
        combo(self.kv_precision, "kv_precision")
        combo(self.scenario, "scenario")
        combo(self.engine, "engine")
        self.environment.activated.connect(lambda _i: self._environment_chosen())
        combo(self.chassis, "chassis_id", "set_chassis")
        combo(self.redundancy, "mode", "set_redundancy")
        self.power_cap.valueChanged.connect(
            lambda v: self.edit_requested.emit("set_gpu_power_cap", {"watts": float(v) if v else None},
                                               "gpu_power_cap"))
        self.request_rate.valueChanged.connect(self._rate_changed)
        self.input_spread.valueChanged.connect(self._spread_changed)
        self.uniform_lengths.toggled.connect(
            lambda on: self.edit_requested.emit("set_workload", {"uniform_lengths": bool(on)}, ""))
        self.attention_dp.toggled.connect(
            lambda on: self.edit_requested.emit("set_workload", {"attention_dp": bool(on)}, ""))
        self.expert_parallel.toggled.connect(
            lambda on: self.edit_requested.emit("set_workload", {"expert_parallel": bool(on)}, ""))
        for box, field in ((self.input_tokens, "input_tokens"), (self.output_tokens, "output_tokens"),
                           (self.prefix_cached, "prefix_cached_tokens"),
                           (self.concurrency, "concurrency"), (self.tp, "tp"), (self.pp, "pp")):
            box.valueChanged.connect(
                lambda v, f=field: self.edit_requested.emit("set_workload", {f: int(v)}, f"workload.{f}"))
        self.max_num_seqs.valueChanged.connect(  # 0: back to the engine's default
            lambda v: self.edit_requested.emit("set_workload", {"max_num_seqs": int(v) or None},
                                               "workload.max_num_seqs"))
        self.speculative_tokens.valueChanged.connect(self._speculation_changed)
        self.acceptance.valueChanged.connect(self._acceptance_changed)
        for box, field in ((self.ttft_target, "ttft_target_ms"), (self.tpot_target, "tpot_target_ms")):
            box.valueChanged.connect(  # 0: back to the scenario's target
                lambda v, f=field: self.edit_requested.emit("set_workload", {f: float(v) if v else None},
                                                            f"workload.{f}"))

    def _rate_changed(self, value: float) -> None:
        """A rate makes the load open-loop: the concurrency follows from it (and back when cleared), and random
        arrivals have no rounds to keep in step."""
        changes: dict[str, Scalar] = ({"target_qps": float(value), "concurrency": None, "uniform_lengths": False}
                                      if value > 0 else
                                      {"target_qps": None, "concurrency": int(self.concurrency.value())})
        self.edit_requested.emit("set_workload", changes, "workload.target_qps")

    def _spread_changed(self, value: float) -> None:
        """Prompts of varied length are not one length: a spread clears the uniform-lengths box."""
        changes: dict[str, Scalar] = {"input_tokens_cv": round(float(value), 2)}
        if value > 0:
            changes["uniform_lengths"] = False
        self.edit_requested.emit("set_workload", changes, "workload.input_tokens_cv")

    def _speculation_changed(self, tokens: int) -> None:
        """Fewer draft tokens than the acceptance length allows drop it back to the default (a step cannot keep
        more than the draft tokens + 1)."""
        changes: dict[str, Scalar] = {"speculative_tokens": int(tokens)}
        kept = self.acceptance.value()
        if kept and (tokens == 0 or kept > tokens + 1):
            changes["acceptance_length"] = None
        self.edit_requested.emit("set_workload", changes, "workload.speculative_tokens")

    def _acceptance_changed(self, value: float) -> None:
        """0 is the default; a step keeps at least the model's own token, so anything between reads as 1."""
        kept = None if value == 0 else max(1.0, round(float(value), 2))
        self.edit_requested.emit("set_workload", {"acceptance_length": kept}, "workload.acceptance_length")

    def _environment_chosen(self) -> None:
        changes = self.site_editor.kind_changes(EnvironmentKind(self.environment.currentData()))
        if changes:
            self.edit_requested.emit("set_environment", changes, "")

    def set_profile(self, profile: RuleProfile) -> None:
        """The rule profile whose site presets the environment list and the site fields show."""
        self.site_editor.set_profile(profile)
        self.retranslate()

    def set_catalog(self, parts: Mapping[str, AnyPart]) -> None:
        with QSignalBlocker(self.llm), QSignalBlocker(self.chassis):
            self.llm.clear()
            llms = sorted((p for p in parts.values() if isinstance(p, Llm)), key=lambda p: p.display_name)
            for llm in llms:
                self.llm.addItem(llm.display_name, llm.id)
            self._moe_ids = {llm.id for llm in llms if llm.is_moe}
            self.chassis.clear()
            boxes = sorted((p for p in parts.values() if isinstance(p, Chassis)), key=lambda p: p.display_name)
            for c in boxes:
                self.chassis.addItem(f"{c.display_name} ({c.gpu_slots}× {c.gpu_form_factor.value})", c.id)

    def set_build(self, build: Build | None) -> None:
        widgets = (self.chassis, self.llm, self.weight_precision, self.kv_precision, self.input_tokens,
                   self.input_spread, self.output_tokens, self.uniform_lengths, self.prefix_cached, self.concurrency,
                   self.request_rate,
                   self.tp, self.pp, self.attention_dp, self.expert_parallel, self.scenario, self.engine,
                   self.max_num_seqs, self.speculative_tokens, self.acceptance, self.environment, self.redundancy,
                   self.ttft_target, self.tpot_target, self.power_cap)
        blockers = [QSignalBlocker(w) for w in widgets]
        try:
            self.setEnabled(build is not None)
            self.site_editor.set_environment(build.environment if build is not None else None)
            if build is None:
                return
            self._select(self.chassis, build.chassis_id)
            self._select(self.environment, build.environment.kind.value)
            self._select(self.redundancy, build.psu_redundancy.value)
            self.power_cap.setValue(round(build.gpu_power_cap_w or 0))
            w = build.workload
            if w is None:
                return
            self._select(self.llm, w.llm_id)
            self._select(self.weight_precision, w.weight_precision.value)
            self._select(self.kv_precision, w.kv_precision.value)
            self._select(self.scenario, w.scenario.value)
            self._select(self.engine, w.engine.value)
            self.input_tokens.setValue(w.input_tokens)
            self.input_spread.setValue(w.input_tokens_cv)
            self.output_tokens.setValue(w.output_tokens)
            self.prefix_cached.setValue(w.prefix_cached_tokens)
            self.concurrency.setValue(w.concurrency or 1)
            self.request_rate.setValue(w.target_qps or 0.0)
            self.concurrency.setEnabled(w.target_qps is None)  # with a rate, the concurrency follows from it
            self.uniform_lengths.setChecked(w.uniform_lengths)
            # Rounds to keep in step only on a closed loop, and one length only with no spread.
            self.uniform_lengths.setEnabled(w.target_qps is None and w.input_tokens_cv == 0)
            self.tp.setValue(w.tp)
            self.pp.setValue(w.pp)
            self.attention_dp.setChecked(w.attention_dp)
            self.expert_parallel.setChecked(w.expert_parallel or w.attention_dp)
            self.max_num_seqs.setValue(w.max_num_seqs or 0)
            self.speculative_tokens.setValue(w.speculative_tokens)
            self.acceptance.setMaximum(w.speculative_tokens + 1.0)
            self.acceptance.setValue(w.acceptance_length or 0.0)
            self.acceptance.setEnabled(w.speculative_tokens > 0)
            self.attention_dp.setEnabled(w.tp > 1)  # one GPU per model copy: nothing to split
            # Dense models have no experts to split; attention-DP runs its experts so already.
            self.expert_parallel.setEnabled(w.tp > 1 and not w.attention_dp and w.llm_id in self._moe_ids)
            spec = scenario_spec(w.scenario)
            for box, own, default in ((self.ttft_target, w.ttft_target_ms, spec.ttft_ms),
                                      (self.tpot_target, w.tpot_target_ms, spec.p99_latency_ms)):
                box.setSpecialValueText(self.tr("scenario: {0} ms").format(f"{default:g}") if default
                                        else self.tr("none"))
                box.setValue(round(own) if own is not None else 0)
        finally:
            del blockers

    @staticmethod
    def _select(box: QComboBox, data: str) -> None:
        i = box.findData(data)
        if i >= 0:
            box.setCurrentIndex(i)
