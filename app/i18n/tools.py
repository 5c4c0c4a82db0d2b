"""Update, compile and check the translation catalogs (``python -m app.i18n``).

``update``: extract every marked string (the GUI with pyside6-lupdate, the core with
:mod:`app.i18n.extract`) into ``resources/i18n/inference_sizer_{zh_CN,zh_TW}.ts`` (new strings
arrive unfinished, removed ones are dropped), then write zh_HK from zh_TW (:mod:`app.i18n.hongkong`).
``compile``: pyside6-lrelease the ``.ts`` files into the ``.qm`` files the GUI loads.
``check``: fail when a catalog is stale, a translation is missing or breaks a placeholder, or a
``.qm`` differs from a fresh compile (the test suite runs the same checks).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from app.i18n.catalog import TsCatalog, qm_path, ts_path
from app.i18n.extract import extract, shim_source, source_files
from app.i18n.hongkong import MESSAGES, to_hong_kong

EDITED = ("zh_CN", "zh_TW")  # translated by people
DERIVED = "zh_HK"  # written from zh_TW
ALL = (*EDITED, DERIVED)
SHIM_NAME = "core_messages.py"


class ToolError(Exception):
    pass


def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def _tool(name: str) -> str:
    """pyside6-lupdate / pyside6-lrelease: beside this Python first (a venv), then on PATH."""
    beside = Path(sys.executable).with_name(name)
    for candidate in (beside, beside.with_suffix(".exe")):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise ToolError(f"{name} not found: install PySide6 (pip install -e .[dev])")
    return found


def gui_files(root: Path) -> list[Path]:
    return [p for p in source_files(root, "app/ui") if p.parent == root / "app" / "ui"]


def update(root: Path | None = None, out_dir: Path | None = None) -> dict[str, int]:
    """Refresh the catalogs in ``out_dir`` (default resources/i18n); returns messages per language."""
    root = root or repo_root()
    out_dir = out_dir or root / "resources" / "i18n"
    found = extract(root)
    with tempfile.TemporaryDirectory() as tmp:
        shim = Path(tmp) / SHIM_NAME
        shim.write_text(shim_source(found), encoding="utf-8")
        sources = [str(p) for p in gui_files(root)] + [str(shim)]
        for lang in EDITED:
            _lupdate(sources, ts_path(lang, out_dir), lang)
        derive_hong_kong(ts_path("zh_TW", out_dir), ts_path(DERIVED, out_dir))
        _lupdate(sources, ts_path(DERIVED, out_dir), DERIVED)  # lupdate's own layout, and a check it matches
    return {lang: len(TsCatalog.parse(ts_path(lang, out_dir)).messages) for lang in ALL}


def _lupdate(sources: Sequence[str], ts: Path, lang: str) -> None:
    cmd = [_tool("pyside6-lupdate"), *sources, "-ts", str(ts), "-no-obsolete", "-locations", "none",
           "-source-language", "en", "-target-language", lang, "-silent"]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise ToolError(f"pyside6-lupdate failed for {ts.name}: {result.stderr or result.stdout}")


def derive_hong_kong(tw: Path, hk: Path) -> None:
    """zh_HK.ts = zh_TW.ts with Hong Kong wording in every translation."""
    tree = ET.parse(tw)
    root = tree.getroot()
    root.set("language", DERIVED)
    for msg in root.iter("message"):
        tr = msg.find("translation")
        if tr is None:
            continue
        source = msg.findtext("source") or ""
        forms = tr.findall("numerusform")
        if source in MESSAGES and tr.get("type") is None:
            if forms:
                for f in forms:
                    f.text = MESSAGES[source]
            else:
                tr.text = MESSAGES[source]
            continue
        for f in forms:
            f.text = to_hong_kong(f.text or "")
        if not forms and tr.text:
            tr.text = to_hong_kong(tr.text)
    body = ET.tostring(root, encoding="unicode")
    hk.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")


def compile_catalogs(src_dir: Path | None = None, out_dir: Path | None = None) -> list[Path]:
    src_dir = src_dir or repo_root() / "resources" / "i18n"
    out_dir = out_dir or src_dir
    written = []
    for lang in ALL:
        qm = qm_path(lang, out_dir)
        cmd = [_tool("pyside6-lrelease"), str(ts_path(lang, src_dir)), "-qm", str(qm), "-silent"]
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise ToolError(f"pyside6-lrelease failed for {lang}: {result.stderr or result.stdout}")
        written.append(qm)
    return written


# --- checks ------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%n|%L?\d")
_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")


def placeholders(text: str) -> Counter[str]:
    """``{name:spec}`` fields, ``%n``, ``%1``... and markup tags: a translation keeps exactly these."""
    return Counter(_PLACEHOLDER.findall(text)) + Counter(_TAG.findall(text))


def _key(catalog: TsCatalog) -> set[tuple[str, str]]:
    return {(m.context, m.source) for m in catalog.messages}


def check_stale(root: Path | None = None, i18n_dir: Path | None = None) -> list[str]:
    """Re-run ``update`` on copies: any difference in messages or zh_HK wording means stale catalogs."""
    root = root or repo_root()
    i18n_dir = i18n_dir or root / "resources" / "i18n"
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for lang in ALL:
            if ts_path(lang, i18n_dir).exists():
                shutil.copy(ts_path(lang, i18n_dir), ts_path(lang, out))
        update(root, out)
        for lang in ALL:
            path = ts_path(lang, i18n_dir)
            if not path.exists():
                problems.append(f"{path.name} is missing")
                continue
            committed, fresh = TsCatalog.parse(path), TsCatalog.parse(ts_path(lang, out))
            for ctx, src in sorted(_key(fresh) - _key(committed)):
                problems.append(f"{lang}: not in the catalog (run python -m app.i18n update): [{ctx}] {src!r}")
            for ctx, src in sorted(_key(committed) - _key(fresh)):
                problems.append(f"{lang}: no longer in the code (run python -m app.i18n update): [{ctx}] {src!r}")
            if lang == DERIVED:
                theirs = {(m.context, m.source): m.translation for m in committed.messages}
                for m in fresh.messages:
                    if theirs.get((m.context, m.source), m.translation) != m.translation:
                        problems.append(f"zh_HK is not derived from zh_TW (run python -m app.i18n update): "
                                        f"[{m.context}] {m.source!r}")
    return problems


def check_translations(i18n_dir: Path | None = None) -> list[str]:
    """Every message of every language finished, non-empty, with the placeholders of its source."""
    problems = []
    for lang in ALL:
        for m in TsCatalog.parse(ts_path(lang, i18n_dir)).messages:
            where = f"{lang} [{m.context}] {m.source!r}"
            if m.kind or not m.translation.strip():
                problems.append(f"{where}: {m.kind or 'empty'} translation")
            elif placeholders(m.translation) != placeholders(m.source):
                problems.append(f"{where}: placeholders {sorted(placeholders(m.translation).elements())} "
                                f"differ from the source's {sorted(placeholders(m.source).elements())}")
    return problems


def check_compiled(i18n_dir: Path | None = None) -> list[str]:
    """Each .qm must be byte-for-byte what lrelease makes of its .ts now."""
    i18n_dir = i18n_dir or repo_root() / "resources" / "i18n"
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        compile_catalogs(i18n_dir, Path(tmp))
        for lang in ALL:
            shipped, fresh = qm_path(lang, i18n_dir), qm_path(lang, Path(tmp))
            if not shipped.exists():
                problems.append(f"{shipped.name} is missing (run python -m app.i18n compile)")
            elif shipped.read_bytes() != fresh.read_bytes():
                problems.append(f"{shipped.name} is stale (run python -m app.i18n compile)")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="python -m app.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("update", "compile", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "update":
            for lang, n in update().items():
                print(f"{ts_path(lang).name}: {n} messages")
            return 0
        if args.command == "compile":
            for qm in compile_catalogs():
                print(f"wrote {qm}")
            return 0
        problems = check_stale() + check_translations() + check_compiled()
    except ToolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    print("translations: OK" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0
