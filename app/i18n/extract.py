"""Find the core's translatable strings (everything outside app/ui) with ``ast``.

``pyside6-lupdate`` reads the GUI (``self.tr``, ``QCoreApplication.translate``) but gives a
module-level helper such as ``tr("Chassis")`` the wrong context, so the core's strings are found
here instead: calls of :func:`app.core.i18n.translate` / ``translate_format`` / ``translate_noop``
with a literal (or module-constant) context, and calls of the helpers in :data:`HELPERS`, each of
which stands for one context. The text must be a string literal; anything else is an error
(an extractor cannot see it, so it would never be translated).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

# Functions whose first two arguments are (context, text).
CONTEXT_FUNCTIONS = frozenset({
    "app.core.i18n.translate",
    "app.core.i18n.translate_format",
    "app.core.i18n.translate_noop",
})
# Helpers whose first argument is the text of one fixed context.
HELPERS: dict[str, str] = {
    "app.export.labels.tr": "BomExport",
    "app.export.labels.trf": "BomExport",
    "app.core.placement._t": "Placement",
    "app.compare.figures._t": "Compare",
    "app.compare.figures._noop": "Compare",
    "app.rules.text.t": "Rules",
    "app.rules.text.t_noop": "Rules",
    "app.cli.text.t": "Cli",
    "app.cli.text.t_noop": "Cli",
    "app.recommend.text.t": "Recommend",
    "app.recommend.text.t_noop": "Recommend",
    "app.perf.text.t": "Perf",
    "app.perf.text.t_noop": "Perf",
    "app.team.text.t": "Team",
}
# Packages read by lupdate instead (the GUI), and the translation machinery itself.
SKIP = ("app/ui/", "app/i18n/", "app/core/i18n.py")


@dataclass(frozen=True, slots=True)
class Found:
    context: str
    source: str
    path: str
    line: int


class ExtractError(Exception):
    """A marked call the extractor cannot read (its text or context is not a literal)."""


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _literal(node: ast.AST, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id]
    return None


class _ModuleScan(ast.NodeVisitor):
    def __init__(self, module: str, rel: str) -> None:
        self.module = module
        self.rel = rel
        self.names: dict[str, str] = {}  # local name -> qualified name
        self.constants: dict[str, str] = {}
        self.found: list[Found] = []
        self.errors: list[str] = []
        self._inside_helper = 0

    def scan(self, tree: ast.Module) -> None:
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    self.constants[node.targets[0].id] = node.value.value
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    self.constants[node.target.id] = node.value.value
            elif isinstance(node, ast.FunctionDef):
                self.names[node.name] = f"{self.module}.{node.name}"
        for sub in ast.walk(tree):
            if isinstance(sub, ast.ImportFrom) and sub.module and sub.level == 0:
                for alias in sub.names:
                    self.names[alias.asname or alias.name] = f"{sub.module}.{alias.name}"
        self.visit(tree)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        helper = f"{self.module}.{node.name}" in HELPERS
        self._inside_helper += helper
        self.generic_visit(node)
        self._inside_helper -= helper

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        if not isinstance(node.func, ast.Name) or self._inside_helper:
            return
        qualified = self.names.get(node.func.id)
        if qualified in CONTEXT_FUNCTIONS:
            if len(node.args) < 2:
                self.errors.append(f"{self.rel}:{node.lineno}: {node.func.id}() needs (context, text)")
                return
            context, text = _literal(node.args[0], self.constants), _literal(node.args[1], {})
        elif qualified in HELPERS:
            if not node.args:
                self.errors.append(f"{self.rel}:{node.lineno}: {node.func.id}() without text")
                return
            context, text = HELPERS[qualified], _literal(node.args[0], {})
        else:
            return
        text_node = node.args[1] if qualified in CONTEXT_FUNCTIONS else node.args[0]
        if text is None and isinstance(text_node, (ast.Name, ast.Attribute, ast.Subscript)) and context is not None:
            return  # a variable: text marked where it is written (*_noop), looked up here
        if context is None or text is None:
            self.errors.append(f"{self.rel}:{node.lineno}: {node.func.id}() with a text or context that is not "
                               "a string literal cannot be extracted (an f-string or a sum of strings is never "
                               "translated): pass a template with named placeholders")
            return
        self.found.append(Found(context, text, self.rel, node.lineno))


def source_files(root: Path, under: str) -> list[Path]:
    """Every Python file under ``under`` (a fresh checkout: what git tracks)."""
    return sorted((root / under).rglob("*.py"))


def core_files(root: Path) -> Iterator[Path]:
    for path in source_files(root, "app"):
        rel = path.relative_to(root).as_posix()
        if not rel.startswith(SKIP) and rel not in SKIP:
            yield path


def extract(root: Path, files: Iterable[Path] | None = None) -> list[Found]:
    """Every marked string of the core, in file order; raises ExtractError listing unreadable calls."""
    found: list[Found] = []
    errors: list[str] = []
    for path in files if files is not None else core_files(root):
        rel = path.relative_to(root).as_posix()
        scan = _ModuleScan(_module_name(path, root), rel)
        scan.scan(ast.parse(path.read_text(encoding="utf-8"), filename=rel))
        found += scan.found
        errors += scan.errors
    if errors:
        raise ExtractError("\n".join(errors))
    return found


def shim_source(found: Iterable[Found]) -> str:
    """A Python file lupdate reads: one QCoreApplication.translate call per core string."""
    lines = ["# Generated by app.i18n.extract for pyside6-lupdate; not imported.",
             "from PySide6.QtCore import QCoreApplication", ""]
    seen: set[tuple[str, str]] = set()
    for f in found:
        if (f.context, f.source) in seen:
            continue
        seen.add((f.context, f.source))
        lines.append(f"QCoreApplication.translate({_py(f.context)}, {_py(f.source)})")
    return "\n".join(lines) + "\n"


def _py(text: str) -> str:
    """A double-quoted literal lupdate reads back exactly (it understands \\n, \\t, \\" and \\\\)."""
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{out}"'
