"""An AST scan of app/ui: user-visible text handed to Qt must go through tr() / translate().

A string literal (or an f-string with words in it) passed straight to a text setter, a widget
constructor or a message box is reported; text made by ``self.tr(...)``, ``QCoreApplication.translate``
or the core's ``translate`` (and ``.format`` on them) passes. Literals that are not language
(units, numbers, product and engine names, symbols) are allowed by :data:`ALLOWED`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

# Methods whose arguments (all of them, or the given positions) are shown to the user.
SETTERS: dict[str, tuple[int, ...] | None] = {
    "setText": (0,), "setWindowTitle": (0,), "setToolTip": (0,), "setStatusTip": (0,), "setWhatsThis": (0,),
    "setPlaceholderText": (0,), "setTitle": (0,), "setLabelText": (0,), "setTabText": (1,), "setItemText": (1,),
    "addAction": (0,), "addMenu": (0,), "addTab": (1,), "insertTab": (2,), "showMessage": (0,),
    "setHeaderLabels": (0,), "setHorizontalHeaderLabels": (0,), "addRow": (0,), "setSuffix": (0,),
    "setPrefix": (0,), "setSpecialValueText": (0,), "setLabel": (1,), "setHtml": (0,), "setPlainText": (0,),
    "setAccessibleName": (0,), "setAccessibleDescription": (0,), "new_plot": (2, 3, 4), "addSimpleText": (0,),
    "getText": (1, 2), "getOpenFileName": (1, 3), "getSaveFileName": (1, 3), "getExistingDirectory": (1,),
    "information": (1, 2), "warning": (1, 2), "critical": (1, 2), "question": (1, 2), "about": (1, 2),
}
# Widgets whose first argument is their text.
CONSTRUCTORS = frozenset({"QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction",
                          "QToolButton", "QCommandLinkButton", "QDockWidget", "QMenu"})
TRANSLATORS = frozenset({"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"})
# Literal text that is not language: symbols, units, numbers, product names.
ALLOWED = re.compile(
    r"^[\s\W\d]*$"  # punctuation, digits, symbols only (–, ×, …)
    r"|^(N\+1|N\+N|vLLM|TensorRT-LLM|SGLang|llama\.cpp|TTFT|TPOT|PNG|SVG|GB|W|kW|ms|tok/s|BTU/h|U|x\d+)$"
)
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True, slots=True)
class Unmarked:
    path: str
    line: int
    call: str
    text: str

    def __str__(self) -> str:
        if self.call == "f-string":
            return f"{self.path}:{self.line}: {self.text} inside an f-string is invisible to lupdate"
        return f"{self.path}:{self.line}: {self.call}({self.text!r}) is not marked for translation"


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _translated(node: ast.expr) -> bool:
    """tr(...), translate(...), and ``.format`` / ``.arg`` / ``%`` applied to them."""
    if isinstance(node, ast.Call):
        name = _call_name(node.func)
        if name in TRANSLATORS:
            return True
        if name in ("format", "arg") and isinstance(node.func, ast.Attribute):
            return _translated(node.func.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _translated(node.left)
    return False


def _visible_literal(node: ast.expr) -> str | None:
    """The literal words of ``node`` if it is untranslated text (a constant, an f-string, a sum of them)."""
    if _translated(node):
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
        return text if _WORD.search(text) and not ALLOWED.match(text.strip()) else None
    if isinstance(node, ast.JoinedStr):
        words = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        stripped = re.sub(r"<[^>]*>", "", words)  # markup around translated parts is not language
        return words if _WORD.search(stripped) and not ALLOWED.match(stripped.strip()) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _visible_literal(node.left) or _visible_literal(node.right)
    return None


def scan_source(source: str, path: str) -> list[Unmarked]:
    found: list[Unmarked] = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.JoinedStr):
            # lupdate does not read inside f-strings: a tr() there is never extracted
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and _call_name(sub.func) in TRANSLATORS:
                    found.append(Unmarked(path, sub.lineno, "f-string", ast.unparse(sub)))
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node.func)
        positions: tuple[int, ...] | None
        if name in SETTERS:
            positions = SETTERS[name]
        elif name in CONSTRUCTORS and isinstance(node.func, ast.Name):
            positions = (0,)
        else:
            continue
        args = list(node.args) + [k.value for k in node.keywords if k.arg in ("text", "title", "label")]
        for i, arg in enumerate(args):
            if positions is not None and i < len(node.args) and i not in positions:
                continue
            text = _visible_literal(arg)
            if text is not None:
                found.append(Unmarked(path, node.lineno, name, text))
    return found


def scan_gui(root: Path) -> list[Unmarked]:
    out: list[Unmarked] = []
    for path in sorted((root / "app" / "ui").glob("*.py")):
        out += scan_source(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
    return out
