"""The main window's actions and menu bar (File, Edit, Build, Tools, View, Help).

Texts are marked for the "MainWindow" translation context and set through
``MainWindow._translated``, so a language change retranslates them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.ui.file_ops import update_recent_menu
from app.ui.language import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow


def _action(window: MainWindow, text: str, slot: object, shortcut: QKeySequence | str | None = None) -> QAction:
    action = QAction(window)
    window._translated(action.setText, text)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(slot)
    return action


def build_actions(window: MainWindow) -> None:
    """Every action of the window, as ``window.<name>_action``; their texts follow the language."""
    sk = QKeySequence.StandardKey
    window.new_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&New project"),
                                window.new_project, QKeySequence(sk.New))
    window.open_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Open…"),
                                 window.open_dialog, QKeySequence(sk.Open))
    window.save_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Save"), window.save, QKeySequence(sk.Save))
    window.save_as_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "Save &As…"),
                                    window.save_as, QKeySequence(sk.SaveAs))
    window.quit_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Quit"), window.close, QKeySequence(sk.Quit))
    window._make_undo_actions()
    window.add_part_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Add selected part to build"),
                                     lambda: window.catalog_panel._request_add(False), "Ctrl+Return")
    window.fill_part_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Fill all slots with selected part"),
                                      lambda: window.catalog_panel._request_add(True), "Ctrl+Shift+Return")
    window.remove_part_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Remove selected parts"),
                                        window.remove_selected,
                                        QKeySequence(sk.Delete))
    window.remove_part_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    window.new_build_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "New &build…"), window.ask_new_build,
                                      "Ctrl+T")
    window.duplicate_build_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Duplicate build"),
                                            window.duplicate_build, "Ctrl+D")
    window.rename_build_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "Re&name build…"), window.rename_build)
    window.remove_build_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "Remove build"), window.remove_build)
    window.about_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&About Inference Sizer"), window.show_about)
    window.compare_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Compare builds…"),
                                    window.compare_builds, "Ctrl+Shift+C")
    window.recommend_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Sizing assistant…"),
                                      window.sizing_assistant, "Ctrl+Shift+A")
    window.probe_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Probe this machine…"), window.probe_machine)
    window.import_probe_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Import probe report…"),
                                         window.import_probe_dialog)
    window.export_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Export quote…"),
                                   window.export_dialog, "Ctrl+E")
    window.quote_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Quote details…"),
                                  window.quote_details)
    window.preferences_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "&Preferences…"),
                                        window.show_preferences, QKeySequence(sk.Preferences))
    window.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
    window.start_page_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "S&tart page"), window.show_start_page)
    window.charts_action = _action(window, QT_TRANSLATE_NOOP("MainWindow", "C&harts"),
                                   lambda on: window.show_charts() if on else window.views.setCurrentIndex(0), "Ctrl+G")
    window.charts_action.setCheckable(True)
    window.views.currentChanged.connect(lambda _i: window.charts_action.setChecked(window.charts_shown()))


def build_menus(window: MainWindow) -> None:
    """The menu bar, from the actions and the docks' toggles; Open recent filled from the settings."""
    file_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&File"))
    for a in (window.start_page_action, window.new_action, window.open_action):
        file_menu.addAction(a)
    window.recent_menu = file_menu.addMenu("")
    window._translated(window.recent_menu.setTitle, QT_TRANSLATE_NOOP("MainWindow", "Open &recent"))
    for a in (window.save_action, window.save_as_action):
        file_menu.addAction(a)
    file_menu.addSeparator()
    file_menu.addAction(window.quote_action)
    file_menu.addAction(window.export_action)
    file_menu.addSeparator()
    file_menu.addAction(window.quit_action)
    window.edit_menu = edit_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&Edit"))
    for a in (window.undo_action, window.redo_action):
        edit_menu.addAction(a)
    edit_menu.addSeparator()
    for a in (window.add_part_action, window.fill_part_action, window.remove_part_action):
        edit_menu.addAction(a)
    edit_menu.addSeparator()
    edit_menu.addAction(window.preferences_action)
    build_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&Build"))
    for a in (window.new_build_action, window.duplicate_build_action, window.rename_build_action,
              window.remove_build_action):
        build_menu.addAction(a)
    build_menu.addSeparator()
    build_menu.addAction(window.compare_action)
    window.tools_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&Tools"))
    window.tools_menu.addAction(window.recommend_action)
    window.tools_menu.addSeparator()
    window.tools_menu.addAction(window.probe_action)
    window.tools_menu.addAction(window.import_probe_action)
    window.view_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&View"))
    for dock in (window.catalog_dock, window.workload_dock, window.findings_dock):
        window.view_menu.addAction(dock.toggleViewAction())
    window.view_menu.addSeparator()
    window.view_menu.addAction(window.charts_action)
    help_menu = _menu(window, QT_TRANSLATE_NOOP("MainWindow", "&Help"))
    help_menu.addAction(window.about_action)
    update_recent_menu(window)


def _menu(window: MainWindow, title: str) -> QMenu:
    menu = window.menuBar().addMenu("")
    window._translated(menu.setTitle, title)
    return menu
