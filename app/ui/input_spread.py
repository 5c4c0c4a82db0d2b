"""The prompts' spread of lengths as one spin box, shared by the workload panel and the sizing assistant."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDoubleSpinBox

from app.core.build import MAX_INPUT_TOKENS_CV


def input_spread_box() -> QDoubleSpinBox:
    """Standard deviation of the prompts' lengths over their mean; 0 shows as fixed lengths."""
    box = QDoubleSpinBox()
    box.setRange(0.0, MAX_INPUT_TOKENS_CV)
    box.setDecimals(2)
    box.setSingleStep(0.05)
    box.setKeyboardTracking(False)
    retranslate_input_spread(box)
    return box


def retranslate_input_spread(box: QDoubleSpinBox) -> None:
    box.setSpecialValueText(QCoreApplication.translate("InputSpread", "fixed lengths"))
    box.setToolTip(QCoreApplication.translate(
        "InputSpread", "How much the prompts' lengths vary: their standard deviation over their mean (chat and RAG "
                       "sets 0.4-0.8). Longer prompts wait longer and the P99 prompt is prefilled longer, so the P99 "
                       "TTFT and the highest rate within the targets feel it"))
