"""A Qt-free reader of the translation catalogs (Qt Linguist ``.ts`` XML).

The ``.ts`` files in ``resources/i18n`` are the source of truth; the GUI uses their compiled
``.qm``. Only finished translations count: ``unfinished``, ``obsolete`` and ``vanished`` messages
and empty translations fall back to the English source, as Qt does.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from app.paths import resources_dir

CATALOG_NAME = "inference_sizer"
SKIPPED_TYPES = frozenset({"unfinished", "obsolete", "vanished"})


def i18n_dir() -> Path:
    return resources_dir() / "i18n"


def ts_path(language: str, directory: Path | None = None) -> Path:
    return (directory or i18n_dir()) / f"{CATALOG_NAME}_{language}.ts"


def qm_path(language: str, directory: Path | None = None) -> Path:
    return (directory or i18n_dir()) / f"{CATALOG_NAME}_{language}.qm"


class CatalogError(Exception):
    """A translation catalog is missing or is not readable .ts XML."""


@dataclass(frozen=True, slots=True)
class Message:
    context: str
    source: str
    translation: str  # "" when there is none; numerus messages: the first form
    kind: str  # "" (finished), "unfinished", "obsolete" or "vanished"
    numerus: bool = False
    comment: str = ""


@dataclass
class TsCatalog:
    language: str
    messages: list[Message] = field(default_factory=list)
    _lookup: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)

    @classmethod
    def parse(cls, path: Path) -> TsCatalog:
        import xml.etree.ElementTree as ET  # noqa: PLC0415 - only when a .ts is read, not at start-up

        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError) as exc:
            raise CatalogError(f"cannot read the translation catalog {path}: {exc}") from None
        catalog = cls(language=root.get("language", ""))
        for ctx in root.iter("context"):
            name = ctx.findtext("name") or ""
            for msg in ctx.iter("message"):
                tr = msg.find("translation")
                numerus = msg.get("numerus") == "yes"
                if tr is None:
                    text, kind = "", "unfinished"
                else:
                    kind = tr.get("type", "")
                    forms = [f.text or "" for f in tr.findall("numerusform")] if numerus else []
                    text = (forms[0] if forms else "") if numerus else (tr.text or "")
                catalog.messages.append(Message(name, msg.findtext("source") or "", text, kind, numerus,
                                                msg.findtext("comment") or ""))
        for m in catalog.messages:
            if m.translation and m.kind not in SKIPPED_TYPES:
                catalog._lookup.setdefault((m.context, m.source), m.translation)
        return catalog

    def translate(self, context: str, text: str) -> str:
        return self._lookup.get((context, text), text)

    def __len__(self) -> int:
        return len(self._lookup)


@functools.cache
def load_catalog(language: str) -> TsCatalog:
    path = ts_path(language)
    if not path.is_file():
        raise CatalogError(f"no translations for {language}: {path} is missing")
    return TsCatalog.parse(path)
