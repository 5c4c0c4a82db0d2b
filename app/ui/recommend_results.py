"""The sizing assistant's results table: one row per ranked build (price, GPUs, $/Mtok, power,
headroom, what binds, warnings). Texts in the "RecommendDialog" translation context."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from app.recommend import Candidate, Ranked
from app.ui.language import QT_TRANSLATE_NOOP


def _tr(text: str) -> str:
    return QCoreApplication.translate("RecommendDialog", text)



class ResultsModel(QAbstractTableModel):
    """One row per ranked build."""

    COLUMNS: tuple[str, ...] = (  # translated where shown (headerData)
        "#", QT_TRANSLATE_NOOP("RecommendDialog", "Build"), QT_TRANSLATE_NOOP("RecommendDialog", "Price"),
        QT_TRANSLATE_NOOP("RecommendDialog", "GPUs"), "$/Mtok", QT_TRANSLATE_NOOP("RecommendDialog", "Power"),
        QT_TRANSLATE_NOOP("RecommendDialog", "Headroom"), QT_TRANSLATE_NOOP("RecommendDialog", "Binds"),
        QT_TRANSLATE_NOOP("RecommendDialog", "Warnings"),
    )
    RANKED_ROLE = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Ranked] = []

    def set_results(self, rows: Sequence[Ranked]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def ranked(self, row: int) -> Ranked | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _tr(self.COLUMNS[section])
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r = self._rows[index.row()]
        c = r.candidate
        col = index.column()
        if role == self.RANKED_ROLE:
            return r
        if role == Qt.ItemDataRole.ToolTipRole:
            return c.build.name if col == 1 else (c.price.describe() if col == 2 else None)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 2, 4, 5, 6, 8):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self._display(r.rank, c, col)

    @staticmethod
    def _display(rank: int, c: Candidate, col: int) -> str:
        if col == 0:
            return str(rank)
        if col == 1:
            return c.build.name
        if col == 2:
            if not c.price.gpu_priced:
                return QCoreApplication.translate("RecommendDialog", "on request")
            text = f"{c.price.total:,.0f} {c.price.currency}"
            return text if c.price.complete else QCoreApplication.translate("RecommendDialog", "from {0}").format(text)
        if col == 3:
            per = f"{c.gpus_per_node} x {c.gpu_name}"
            if c.node_count == 1:
                return per
            return QCoreApplication.translate("RecommendDialog", "{0} nodes of {1}").format(c.node_count, per)
        if col == 4:
            return "-" if c.cost_per_mtok is None else f"{c.cost_per_mtok:,.3f}"
        if col == 5:
            return f"{c.power_w / 1000:,.2f} kW"
        if col == 6:
            return c.headroom_text()
        if col == 7:
            return c.binds
        return str(len(c.warnings))
