"""The catalog browser as a user drives it: pick a kind, type a search, sort, select a part."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.parts import PartKind
from app.ui.catalog_model import PART_ID_ROLE
from app.ui.main_window import MainWindow


def test_search_filters_gpus(window: MainWindow, qtbot: QtBot) -> None:
    panel = window.catalog_panel
    panel.set_kind(PartKind.GPU)
    assert panel.current_kind() is PartKind.GPU
    total = panel.model.rowCount()
    assert total >= 30
    qtbot.keyClicks(panel.search, "h100")
    qtbot.waitUntil(lambda: panel.model.rowCount() < total)
    ids = [panel.model.index(r, 0).data(PART_ID_ROLE) for r in range(panel.model.rowCount())]
    assert ids and all("h100" in i for i in ids)
    assert panel.count_label.text().startswith(str(len(ids)))


def test_kind_switch_and_sort(window: MainWindow) -> None:
    panel = window.catalog_panel
    panel.kind_box.setCurrentIndex(panel.kind_box.findData(PartKind.LLM.value))
    assert panel.model.kind is PartKind.LLM
    panel.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)  # total params
    biggest = panel.model.part_at(0)
    assert biggest is not None
    assert biggest.total_params_b == max(p.total_params_b for p in window.catalog.parts_by_id().values()  # type: ignore[union-attr]
                                          if p.kind is PartKind.LLM)


def test_selection_shows_details_with_sources(window: MainWindow, qtbot: QtBot) -> None:
    panel = window.catalog_panel
    with qtbot.waitSignal(panel.part_selected, timeout=2000) as blocker:
        panel.table.selectRow(0)
    part = window.catalog.get(blocker.args[0])
    assert part is not None
    text = window.catalog_panel.details.toPlainText()
    assert part.name in text and "Sources" in text


def test_cell_texts_follow_sorting_and_the_locale(window: MainWindow) -> None:
    """Cell texts are cached per part and column: a sort must not mix them up, a locale change renews them."""
    from app.core.i18n import current_translator, install_translator
    from app.ui.catalog_model import COLUMNS

    model = window.catalog_panel.model
    col = [f for f, _h in COLUMNS[PartKind.GPU]].index("mem_bandwidth_gbs")

    def shown() -> dict[str, str]:
        out = {}
        for r in range(model.rowCount()):
            part = model.part_at(r)
            assert part is not None
            out[part.id] = str(model.index(r, col).data())
        return out

    before = shown()
    assert before["nvidia-h100-sxm5-80gb"] == "3,350"
    model.sort(col, Qt.SortOrder.DescendingOrder)
    assert shown() == before  # the same text for each part, in another order
    saved = current_translator()
    try:
        install_translator(saved[0], "de_DE")  # grouping sign "." instead of ","
        assert shown()["nvidia-h100-sxm5-80gb"] == "3.350"
    finally:
        install_translator(*saved)
    assert shown()["nvidia-h100-sxm5-80gb"] == "3,350"


def test_gpu_names_read_whole_in_the_default_dock(window: MainWindow) -> None:
    """At the catalog's default width three GPU names in four show whole, those that differ only in the middle
    among them: at a name column of 11 em half lost their middle ("H200 SXM 141GB" and "H200 NVL 141GB" both read
    "H200 ...141GB")."""
    from app.ui.catalog_panel import MiddleElideDelegate

    panel = window.catalog_panel
    panel.set_kind(PartKind.GPU)
    width = panel.table.columnWidth(0)
    metrics = panel.table.fontMetrics()
    names = [str(panel.model.index(r, 0).data()) for r in range(panel.model.rowCount())]
    shown = [MiddleElideDelegate.shown_text(metrics, n, width) for n in names]
    whole = sum(s == n for s, n in zip(shown, names, strict=True))
    assert whole >= 0.75 * len(names), [s for s, n in zip(shown, names, strict=True) if s != n]
    by_name = dict(zip(names, shown, strict=True))
    for name in ("H200 SXM 141GB", "H200 NVL 141GB", "A100 SXM4 40GB", "H100 SXM5 80GB"):
        assert by_name[name] == name
