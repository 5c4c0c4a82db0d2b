"""The translation catalogs stay complete and current (issue 11, item 4).

Fails when a user-visible string is not marked for translation, when a catalog misses a string of
the code (or keeps one the code dropped), when a translation is unfinished, empty or breaks a
placeholder, and when a shipped .qm is not what lrelease makes of its .ts.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from app.i18n import LANGUAGES, formatting_locale, normalize_locale, resolve_language
from app.i18n.catalog import TsCatalog, load_catalog, ts_path
from app.i18n.extract import ExtractError, extract
from app.i18n.hongkong import to_hong_kong
from app.i18n.tools import ALL, check_compiled, check_stale, check_translations, placeholders, repo_root
from tests.i18n.marking import scan_gui, scan_source

ROOT = repo_root()


def test_catalogs_hold_every_marked_string_and_no_other() -> None:
    problems = check_stale(ROOT)
    assert not problems, "\n".join(problems[:40])


def test_every_message_is_translated_and_keeps_its_placeholders() -> None:
    problems = check_translations()
    assert not problems, "\n".join(problems[:40])


def test_shipped_qm_files_are_a_fresh_compile_of_the_ts_files() -> None:
    problems = check_compiled()
    assert not problems, "\n".join(problems)


def test_gui_passes_no_unmarked_text_to_qt() -> None:
    unmarked = scan_gui(ROOT)
    assert not unmarked, "\n".join(map(str, unmarked))


def test_the_marking_scan_reports_unmarked_text() -> None:
    source = textwrap.dedent('''
        label.setText("Hello world")
        QLabel("Name:")
        box.setToolTip(f"{n} parts left")
        form.addRow("Model", widget)
        QMessageBox.warning(self, "Title here", self.tr("fine"))
        html = f"<b>{self.tr('Hidden from lupdate')}</b>"
        ok.setText(self.tr("Marked {0}").format(1))
        ok.setText("N+1")
        ok.setText("–")
        ok.setToolTip(text_from_somewhere)
    ''')
    found = scan_source(source, "sample.py")
    assert [(u.line, u.call) for u in found] == [
        (2, "setText"), (3, "QLabel"), (4, "setToolTip"), (5, "addRow"), (6, "warning"), (7, "f-string")]


def test_the_extractor_refuses_text_it_cannot_see(tmp_path: Path) -> None:
    pkg = tmp_path / "app" / "rules"
    pkg.mkdir(parents=True)
    (pkg / "bad.py").write_text(textwrap.dedent('''
        from app.rules.text import t
        def message(n):
            return t(f"{n} PSUs placed")
    '''), encoding="utf-8")
    with pytest.raises(ExtractError, match=r"bad\.py:4"):
        extract(tmp_path)


def test_the_extractor_finds_templates_and_their_contexts(tmp_path: Path) -> None:
    pkg = tmp_path / "app" / "rules"
    pkg.mkdir(parents=True)
    (pkg / "good.py").write_text(textwrap.dedent('''
        from app.core.i18n import translate
        from app.rules.text import t, t_noop
        CTX = "Mine"
        LABEL = t_noop("Marked here")
        def message(n, key):
            return t("{n} PSUs placed", n=n) + translate(CTX, "Own context") + t(key)
    '''), encoding="utf-8")
    found = {(f.context, f.source) for f in extract(tmp_path)}
    assert found == {("Rules", "Marked here"), ("Rules", "{n} PSUs placed"), ("Mine", "Own context")}


def test_the_placeholder_check_reports_a_broken_translation(tmp_path: Path) -> None:
    for lang in ALL:
        ts_path(lang, tmp_path).write_text(textwrap.dedent(f'''\
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE TS>
            <TS version="2.1" language="{lang}">
            <context><name>Rules</name>
              <message><source>{{n}} PSUs of {{w:.0f}} W</source><translation>{{n}} 个电源</translation></message>
              <message><source>No CPU placed</source><translation type="unfinished"></translation></message>
              <message><source>Fine</source><translation>好</translation></message>
            </context>
            </TS>
        '''), encoding="utf-8")
    problems = check_translations(tmp_path)
    assert len(problems) == 2 * len(ALL)
    assert any("placeholders" in p and "{w:.0f}" in p for p in problems)
    assert any("unfinished" in p and "No CPU placed" in p for p in problems)


def test_placeholders_count_fields_numerus_and_markup() -> None:
    assert placeholders("{n} of {total:,.0f} <b>x</b> %n %1") == placeholders("<b>x</b> %1 %n {total:,.0f} {n}")
    assert placeholders("{n} W") != placeholders("{m} W")


def test_the_reader_uses_finished_translations_only(tmp_path: Path) -> None:
    path = tmp_path / "t.ts"
    path.write_text(textwrap.dedent('''\
        <?xml version="1.0" encoding="utf-8"?>
        <TS version="2.1" language="zh_CN">
        <context><name>C</name>
          <message><source>Done</source><translation>完成</translation></message>
          <message><source>Draft</source><translation type="unfinished">草稿</translation></message>
          <message><source>Old</source><translation type="vanished">旧</translation></message>
          <message numerus="yes"><source>%n part(s)</source>
            <translation><numerusform>%n 个部件</numerusform></translation></message>
        </context>
        </TS>
    '''), encoding="utf-8")
    catalog = TsCatalog.parse(path)
    assert catalog.translate("C", "Done") == "完成"
    assert catalog.translate("C", "Draft") == "Draft"
    assert catalog.translate("C", "Old") == "Old"
    assert catalog.translate("C", "%n part(s)") == "%n 个部件"
    assert catalog.translate("Other", "Done") == "Done"


def test_each_chinese_catalog_has_its_own_wording() -> None:
    cn, tw, hk = (load_catalog(code) for code in ("zh_CN", "zh_TW", "zh_HK"))
    assert cn.translate("MainWindow", "&File") == "文件(&F)"
    assert tw.translate("MainWindow", "&File") == "檔案(&F)"
    assert cn.translate("Rules", "No CPU placed") == "未安装 CPU"
    assert tw.translate("Rules", "No CPU placed") == "未安裝 CPU"
    # Hong Kong: Traditional characters, Hong Kong words
    assert tw.translate("BomExport", "Project") == "專案"
    assert hk.translate("BomExport", "Project") == "項目"
    assert "網路卡" in tw.translate("CatalogPanel", "Network cards")
    assert hk.translate("CatalogPanel", "Network cards") == "網卡"
    assert len(cn) == len(tw) == len(hk) == len(cn.messages)


def test_hong_kong_phrases_take_the_longest_match() -> None:
    assert to_hong_kong("資料夾中的資料來自資料中心與網路") == "資料夾中的數據來自數據中心與網絡"
    assert to_hong_kong("{n} 張網路卡，{w:.0f} W") == "{n} 張網卡，{w:.0f} W"


@pytest.mark.parametrize(("locale", "language"), [
    ("zh_CN.UTF-8", "zh_CN"), ("zh-Hans-SG", "zh_CN"), ("zh", "zh_CN"), ("zh_SG", "zh_CN"),
    ("zh_TW", "zh_TW"), ("zh-Hant", "zh_TW"), ("zh_HK.UTF-8", "zh_HK"), ("zh_Hant_MO", "zh_HK"),
    ("en_US", "en"), ("de_DE", "en"), ("C", "en"), ("", "en"), (None, "en"),
])
def test_locales_map_to_the_languages_offered(locale: str | None, language: str) -> None:
    assert resolve_language(locale) == language
    assert language in LANGUAGES


def test_formatting_follows_the_language_and_english_keeps_the_system_variant() -> None:
    assert formatting_locale("zh_HK", "en_GB") == "zh_HK"
    assert formatting_locale("en", "en_GB.UTF-8") == "en_GB"
    assert formatting_locale("en", "de_DE") == "en_US"
    assert normalize_locale("zh-Hant-TW.UTF-8") == "zh_Hant_TW"
