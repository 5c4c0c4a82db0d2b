"""Gauges: the figures a presales engineer reads first, as bars against their limits."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFormLayout, QLabel, QSizePolicy, QWidget

from app.core.build import CoolingType
from app.rules.summary import Summary
from app.rules.text import cooling_label

OK = QColor("#3aa655")
WARN = QColor("#e0a030")
BAD = QColor("#c0392b")
SEGMENT_COLOURS = (QColor("#4a7bb7"), QColor("#8fb3de"), QColor("#b0b0b0"))


@dataclass(frozen=True, slots=True)
class Segment:
    value: float
    label: str


def _cooling(value: str) -> str:
    try:
        return cooling_label(CoolingType(value))
    except ValueError:
        return value


class Bar(QWidget):
    """A horizontal bar: stacked segments against a limit; red when over."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.segments: tuple[Segment, ...] = ()
        self.limit = 0.0
        self.text = ""
        self.setMinimumHeight(20)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(220, 20)

    def set_value(self, segments: tuple[Segment, ...], limit: float, text: str) -> None:
        self.segments, self.limit, self.text = segments, limit, text
        self.setToolTip("\n".join(f"{s.label}: {s.value:,.1f}" for s in segments) if len(segments) > 1 else text)
        self.setAccessibleDescription(text)
        self.update()

    @property
    def fraction(self) -> float:
        total = sum(s.value for s in self.segments)
        return total / self.limit if self.limit > 0 else (0.0 if total == 0 else float("inf"))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(self.palette().color(QPalette.ColorRole.Mid))
        p.setBrush(self.palette().color(QPalette.ColorRole.Base))
        p.drawRoundedRect(r, 3, 3)
        total = sum(s.value for s in self.segments)
        scale = max(total, self.limit) or 1.0
        x = r.left()
        over = self.limit > 0 and total > self.limit
        for i, s in enumerate(self.segments):
            w = r.width() * s.value / scale
            colour = BAD if over else (SEGMENT_COLOURS[i % 3] if len(self.segments) > 1 else self._colour())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawRect(QRectF(x, r.top() + 1, max(0.0, w), r.height() - 2))
            x += w
        if self.limit > 0:
            lx = r.left() + r.width() * self.limit / scale
            p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            p.drawLine(int(lx), int(r.top()), int(lx), int(r.bottom()))
        p.setPen(self.palette().color(QPalette.ColorRole.Text))
        p.drawText(r.adjusted(6, 0, -6, 0), int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), self.text)
        p.end()

    def _colour(self) -> QColor:
        f = self.fraction
        return OK if f <= 0.85 else WARN if f <= 1.0 else BAD


class GaugePanel(QWidget):
    """Bars for VRAM, power, rack and heat; plain figures for host balance and price."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.vram = Bar()
        self.power = Bar()
        self.rack = Bar()
        self.heat = Bar()
        self.nodes = QLabel()
        self.cores = QLabel()
        self.ram = QLabel()
        self.price = QLabel()
        for w in (self.nodes, self.cores, self.ram, self.price):
            w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            w.setWordWrap(True)  # a narrow centre wraps the figures rather than cutting them off
        for field in (self.vram, self.power, self.rack, self.heat, self.nodes, self.cores, self.ram, self.price):
            form.addRow(QLabel(), field)
        self.retranslate()

    def retranslate(self) -> None:
        """The row names in the current language; the figures follow with the next set_summary()."""
        for w, text in ((self.vram, self.tr("VRAM per GPU")), (self.power, self.tr("Node power")),
                        (self.rack, self.tr("Rack power")), (self.heat, self.tr("Rack heat")),
                        (self.nodes, self.tr("Nodes per rack")), (self.cores, self.tr("Cores per GPU")),
                        (self.ram, self.tr("System RAM")), (self.price, self.tr("Price"))):
            label = self.form.labelForField(w)
            if isinstance(label, QLabel):
                label.setText(text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_summary(self, s: Summary | None, price_text: str, empty_text: str | None = None) -> None:
        """The build's figures; None (no chassis, or ``empty_text`` for an empty build) shows neutral bars."""
        self.price.setText(price_text)
        if s is None:
            for bar in (self.vram, self.power, self.rack, self.heat):
                bar.set_value((), 0, empty_text or self.tr("no chassis"))
            for label in (self.nodes, self.cores, self.ram):
                label.setText("–")
            return
        if s.vram_usable_per_gpu_gib is not None and s.vram_need_per_gpu_gib is not None:
            self.vram.set_value(
                (Segment(s.weights_per_gpu_gib or 0.0, self.tr("weights GiB")),
                 Segment(s.kv_cache_per_gpu_gib or 0.0, self.tr("KV cache GiB")),
                 Segment(s.overhead_per_gpu_gib or 0.0, self.tr("runtime overhead GiB"))),
                s.vram_usable_per_gpu_gib,
                self.tr("{need:,.1f} of {have:,.1f} GiB usable").format(
                    need=s.vram_need_per_gpu_gib, have=s.vram_usable_per_gpu_gib),
            )
        else:
            self.vram.set_value((), 0, self.tr("choose a model and GPUs"))
        # PSU ratings are DC output: compare the node's DC draw with them (the wall figure is for the rack)
        # the bar: what the PSUs carry at the client's load, then up to the sizing maximum
        load_dc = min(s.power_load_dc_w, s.power_max_w)
        if s.psu_count:
            power_text = self.tr("{max:,.0f} W of {usable:,.0f} W PSU ({mode}); {load:,.0f} W at the load").format(
                max=s.power_max_w, usable=s.psu_usable_w, load=load_dc,
                mode=s.psu_redundancy.upper() if s.psu_redundancy != "none" else self.tr("no redundancy"))
        else:  # not "of 0 W PSU": the findings say what is missing
            power_text = self.tr("{max:,.0f} W, no PSU placed; {load:,.0f} W at the load").format(
                max=s.power_max_w, load=load_dc)
        self.power.set_value(
            (Segment(load_dc, self.tr("W at the load (DC)")),
             Segment(max(0.0, s.power_max_w - load_dc), self.tr("W more at max (DC)"))), s.psu_usable_w,
            power_text,
        )
        basis = (self.tr("from the estimate at the client's load") if s.power_load_basis == "operating point"
                 else self.tr("typical shares: no estimate at the load"))
        tip = self.tr(
            "At the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max {wall:,.0f} W (sizing), "
            "extreme {extreme:,.0f} W (fans at 100 %).\nMax {max:,.0f} W DC at the PSUs.\n"
            "{n} PSU(s) of {rating:,.0f} W at {v:g} V, {mode}: {usable:,.0f} W usable."
        ).format(idle=s.power_idle_wall_w, load=s.power_load_wall_w, basis=basis, wall=s.power_max_wall_w,
                 extreme=s.power_extreme_wall_w, max=s.power_max_w, n=s.psu_count, rating=s.psu_rating_w,
                 v=s.feed_voltage_v, mode=s.psu_redundancy.upper(), usable=s.psu_usable_w)
        if s.gpu_power_load_w is not None:
            tip += "\n" + self.tr("Each GPU draws about {w:,.0f} W at the load.").format(w=s.gpu_power_load_w)
        if s.vendor_max_w is not None:  # the vendor's published maximum beside the app's sum (issue #17)
            tip += "\n" + self.tr("Vendor: {vendor:,.0f} W max at the wall ({source}).").format(
                vendor=s.vendor_max_w, source=s.vendor_max_source or "")
        self.power.setToolTip(tip)
        nodes_in_rack = max(1, min(s.node_count, s.nodes_per_rack or 1))
        rack_w = s.power_max_wall_w * nodes_in_rack
        self.rack.set_value(
            (Segment(rack_w, self.tr("W")),), s.rack_usable_w,
            self.tr("{w:,.1f} of {budget:,.1f} kW usable").format(w=rack_w / 1000, budget=s.rack_usable_w / 1000),
        )
        self.rack.setToolTip(self.tr(
            "{n} node(s) in the rack at {node:,.0f} W each (wall, max). Usable: {usable:,.1f} kW per rack."
        ).format(n=nodes_in_rack, node=s.power_max_wall_w, usable=s.rack_usable_w / 1000)
            + ("\n" + s.rack_limit_text if s.rack_limit_text else ""))
        heat = s.rack_heat_w if s.rack_heat_w is not None else s.heat_w
        self.heat.set_value(
            (Segment(heat, self.tr("W")),), s.cooling_limit_w,
            self.tr("{btu:,.0f} of {lim:,.0f} BTU/h").format(btu=heat * 3.412, lim=s.cooling_limit_w * 3.412),
        )
        self.heat.setToolTip(self.tr("{w:,.0f} W = {btu:,.0f} BTU/h; {cooling} cooling carries {lim:,.0f} W per rack.")
                             .format(w=heat, btu=heat * 3.412, cooling=_cooling(s.cooling), lim=s.cooling_limit_w))
        if s.nodes_per_rack is not None:
            names = {"power": self.tr("power"), "rack_units": self.tr("rack units"), "cooling": self.tr("cooling")}
            binding = ", ".join(names.get(b, b) for b in s.binding_limit or [])
            self.nodes.setText(self.tr("{n} (bound by {what})").format(n=s.nodes_per_rack, what=binding or "–"))
            self.nodes.setToolTip(s.rack_limit_text or "")  # which limit binds, in words
        else:
            self.nodes.setText("–")
        self.cores.setText(
            self.tr("{c:g} ({cores} cores, {gpus} GPUs)").format(c=s.cores_per_gpu, cores=s.cores, gpus=s.gpu_count)
            if s.cores_per_gpu is not None else self.tr("{cores} cores, no GPUs").format(cores=s.cores)
        )
        ratio = self.tr("{r:g} × VRAM").format(r=s.ram_vram_ratio) if s.ram_vram_ratio is not None else "–"
        per_core = self.tr("{gb:g} GB/core").format(gb=s.ram_gb_per_core) if s.ram_gb_per_core is not None else "–"
        self.ram.setText(self.tr("{gb:,.0f} GB ({ratio}, {core})").format(gb=s.ram_gb, ratio=ratio, core=per_core))
