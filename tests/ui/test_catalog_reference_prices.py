"""#18: the catalog table shows the price book's figure as a reference, never as a list price."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.catalog.reference_prices import price_book
from app.catalog.seed import load_source_parts
from app.core.parts import PartKind
from app.ui.catalog_model import CatalogTableModel


def test_unpriced_gpu_shows_its_reference_price_marked_and_sourced(qapp: object) -> None:
    gpus = [p for p in load_source_parts() if p.kind is PartKind.GPU]
    model = CatalogTableModel(PartKind.GPU)
    model.set_parts(PartKind.GPU, gpus)
    price_col = next(i for i in range(model.columnCount())
                     if model.headerData(i, Qt.Orientation.Horizontal) == "Price")
    row = next(i for i, p in enumerate(gpus) if p.id == "nvidia-h200-sxm-141gb")
    assert gpus[row].price is None
    cell = model.index(row, price_col)
    ref = price_book()["nvidia-h200-sxm-141gb"]
    assert model.data(cell).endswith("(reference)") and f"{ref.price:,.0f}" in model.data(cell)
    tip = model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert "not a quotation" in tip and ref.source in tip
    # A catalog (list or imported) price is shown as it is, without the mark.
    listed = next(i for i, p in enumerate(gpus) if p.price is not None)
    assert "(reference)" not in model.data(model.index(listed, price_col))
    # Sorting by price puts reference-priced parts among the others, not last.
    model.sort(price_col, Qt.SortOrder.DescendingOrder)
    ids = [model.part_at(i).id for i in range(model.rowCount())]  # type: ignore[union-attr]
    assert ids.index("nvidia-b200-sxm") < len(ids) // 2


def test_spec_pane_names_fields_for_a_reader(window: object) -> None:
    """#18: the spec pane printed id, kind, vendor, vram_gib; it prints labels with units."""
    panel = window.catalog_panel  # type: ignore[attr-defined]
    panel.show_part("nvidia-h200-sxm-141gb")
    text = panel.details.toPlainText()
    assert "GPU memory (GiB)" in text and "Manufacturer part number" not in text  # H200 has no MPN yet
    assert "vram_gib" not in text and "\nkind" not in text
    assert "Reference price" in text and "not a quotation" in text
    assert "Currency" not in text  # no list price of its own: the reference line states its currency
    panel.show_part("deepseek-r1")  # a model has no price at all
    text = panel.details.toPlainText()
    assert "Currency" not in text and "DeepSeek" in text
    panel.show_part("nvidia-h100-sxm5-80gb")  # a list price: its currency beside it
    assert "Currency" in panel.details.toPlainText()
