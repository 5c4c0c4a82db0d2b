"""Font runs: Latin in Helvetica, CJK in the embedded font; user text escaped."""

from __future__ import annotations

from app.export.fonts import CJK_FONT, clean, font_path, has_cjk, para, runs, string_width


def test_bundled_font_and_licence_are_present() -> None:
    assert font_path().is_file() and font_path().stat().st_size > 1_000_000
    licence = font_path().with_name("DroidSansFallback-LICENSE.txt").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Version 2.0" in licence


def test_mixed_text_splits_into_runs() -> None:
    assert runs("ACME 北京分公司 Ltd") == [(False, "ACME "), (True, "北京分公司"), (False, " Ltd")]
    assert runs("Café £5 ×2") == [(False, "Café £5 ×2")]  # WinAnsi characters stay in Helvetica
    assert has_cjk("数据") and not has_cjk("plain <b>text</b>")


def test_para_escapes_markup_and_wraps_cjk_runs() -> None:
    assert para("<b>ACME & Sons</b>") == "&lt;b&gt;ACME &amp; Sons&lt;/b&gt;"
    assert para("a\nb") == "a<br/>b"
    assert para("客户 <x>") == f'<font name="{CJK_FONT}">客户</font> &lt;x&gt;'


def test_symbols_neither_font_has_get_ascii_spellings() -> None:
    assert clean("RAM ≥ 2 × VRAM, ≈ 3 → ok\tdone\x07") == "RAM >= 2 × VRAM, ~ 3 -> ok done"


def test_string_width_counts_both_fonts() -> None:
    assert string_width("中文", 10) > 0
    assert string_width("ab中文", 10) > string_width("ab", 10)
