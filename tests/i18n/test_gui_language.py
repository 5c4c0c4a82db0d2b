"""Switching languages in a running window: widgets, a finding and a chart axis follow; the project stays."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from app.core.i18n import current_locale
from app.rules.findings import Severity
from app.ui.language import SETTINGS_KEY, apply_language, current_language
from app.ui.main_window import MainWindow
from app.ui.preferences import PreferencesDialog


def menu_titles(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def form_label(form: object, field: object) -> str:
    label = form.labelForField(field)  # type: ignore[attr-defined]
    assert isinstance(label, QLabel)
    return label.text()


def first_error(window: MainWindow) -> str:
    assert window.report is not None
    errors = [f for f in window.report.findings if f.severity is Severity.ERROR]
    assert errors, "the new project's build should have an error to show"
    return errors[0].message


def test_switching_languages_keeps_the_project_and_translates_the_window(window: MainWindow, qtbot: QtBot) -> None:
    doc = window.document
    window.new_build()  # some history to keep
    project_before, undo_before, modified_before = doc.project, doc.undo_stack.count(), doc.modified
    english_error = first_error(window)
    perf, _power = window.show_charts()
    assert perf.tps.getAxis("left").labelText == "tok/s"
    assert menu_titles(window)[:2] == ["&File", "&Edit"]

    assert apply_language("zh_CN") == "zh_CN"
    # menus, actions, docks
    assert menu_titles(window) == ["文件(&F)", "编辑(&E)", "配置(&B)", "工具(&T)", "视图(&V)", "帮助(&H)"]
    assert window.preferences_action.text() == "首选项(&P)…"
    assert window.undo_action.text().startswith("撤销(&U)")
    assert window.catalog_dock.windowTitle() == "部件库"
    assert window.findings_dock.windowTitle() == "检查结果"
    # panels
    assert form_label(window.gauges.form, window.gauges.vram) == "每 GPU 显存"
    assert form_label(window.workload_panel.workload_form, window.workload_panel.llm) == "模型"
    assert window.workload_panel.workload_box.title() == "工作负载"
    assert window.catalog_panel.kind_box.itemText(0) == "GPU"
    assert window.catalog_panel.count_label.text().endswith("个部件")
    # a finding, re-validated in the new language
    chinese_error = first_error(window)
    assert chinese_error != english_error and any("\u4e00" <= ch <= "\u9fff" for ch in chinese_error)
    assert window.findings_panel.model.data(window.findings_panel.model.index(0)) == window.report.findings[0].message
    # a chart axis (the charts are built again in the new language)
    perf_zh, power_zh = window.perf_charts, window.power_charts
    assert perf_zh is not None and power_zh is not None and perf_zh is not perf
    assert perf_zh.tps.getAxis("left").labelText == "令牌/秒"
    assert power_zh.rack.getAxis("bottom")._tickLevels[0][0][1] == "供电"
    assert window.chart_tabs.tabText(0) == "吞吐量与延迟"
    # numbers and money for the locale
    assert current_locale() == "zh_CN"
    # the project, its history and its saved state are untouched
    assert doc.project is project_before and doc.undo_stack.count() == undo_before
    assert doc.modified == modified_before and window.document is doc
    assert window.windowTitle().endswith("— Inference Sizer")

    apply_language("zh_TW")
    assert menu_titles(window)[0] == "檔案(&F)"
    assert window.catalog_dock.windowTitle() == "零件庫"
    apply_language("zh_HK")
    assert window.workload_panel.site_box.title() == "伺服器與場地"
    assert "網卡" in window.catalog_panel.kind_box.itemText(4)

    apply_language("en")
    assert menu_titles(window)[:2] == ["&File", "&Edit"]
    assert first_error(window) == english_error
    assert window.perf_charts is not None and window.perf_charts.tps.getAxis("left").labelText == "tok/s"
    assert doc.project is project_before


def test_undo_still_works_after_a_switch(window: MainWindow) -> None:
    window.new_build()
    count = len(window.document.project.builds)
    apply_language("zh_CN")
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert len(window.document.project.builds) == count - 1
    assert window.redo_action.text().startswith("重做(&R)")


def test_preferences_store_the_choice_and_apply_it(window: MainWindow, qtbot: QtBot) -> None:
    dialog = PreferencesDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.language.itemData(0) == "system" and dialog.language.itemText(0).startswith("System default")
    assert [dialog.language.itemText(i) for i in range(1, 5)] == ["English", "简体中文", "繁體中文（台灣）",
                                                                   "繁體中文（香港）"]
    dialog.language.setCurrentIndex(dialog.language.findData("zh_HK"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Apply).click()
    assert QSettings().value(SETTINGS_KEY) == "zh_HK" and current_language() == "zh_HK"
    assert dialog.windowTitle() == "偏好設定"  # the open dialog follows too
    assert menu_titles(window)[0] == "檔案(&F)"
    dialog.language.setCurrentIndex(dialog.language.findData("system"))
    dialog.accept()
    assert QSettings().value(SETTINGS_KEY) == "system"
    assert current_language() == "en"  # the test machine's locale is not Chinese


def test_chinese_gets_cjk_fonts_and_local_money(window: MainWindow) -> None:
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    window.add_part("nvidia-h100-sxm5-80gb", False)  # a priced part (USD) in a reference-priced chassis
    english = QApplication.font().families()
    assert window.gauges.price.text().startswith("$65,000.00"), window.gauges.price.text()
    apply_language("zh_CN")
    families = QApplication.font().families()
    # the UI font first, then CJK fonts for Simplified glyphs (an installed one, or the bundled one last)
    assert families[: len(english)] == english and len(families) > len(english)
    assert window.gauges.price.text().startswith("US$65,000.00"), window.gauges.price.text()
    apply_language("zh_TW")
    assert QApplication.font().families()[: len(english)] == english
    apply_language("en")
    assert QApplication.font().families() == english


def test_qt_file_dialog_is_chinese_too(window: MainWindow, qtbot: QtBot) -> None:
    """#18: Qt's own file dialog said "Look in" and "Files of type" in a Chinese window (Qt's catalog
    holds those texts without the mnemonic Qt 6 asks for)."""
    from PySide6.QtWidgets import QFileDialog

    for code, look_in in (("zh_CN", "查找范围(&L)："), ("zh_TW", "尋找於(&L)：")):
        apply_language(code)
        dialog = QFileDialog(window, "x")
        qtbot.addWidget(dialog)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        assert look_in in labels, labels
        assert not [t for t in labels if any(c.isascii() and c.isalpha() for c in t.replace("&", "")[:-4])], labels
    apply_language("en")
    dialog = QFileDialog(window, "x")
    qtbot.addWidget(dialog)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    assert "&Look in:" in [label.text() for label in dialog.findChildren(QLabel)]
