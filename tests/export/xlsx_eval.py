"""A small spreadsheet-formula evaluator for the formulas the XLSX export writes, in exact Decimal.

Covers numbers, strings, cell references (with $ and 'Sheet'!), ranges, + - * / > = <, unary minus,
and SUM, ROUND (half away from zero, as spreadsheets do), IF and COUNTIF(range, text). Anything else
raises, so a formula the export starts writing is noticed here first.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from openpyxl.utils.cell import column_index_from_string, range_boundaries
from openpyxl.workbook.workbook import Workbook

Value = Decimal | str | None

_TOKEN = re.compile(r"""
    \s*(?:
      (?P<str>"(?:[^"]|"")*")
    | (?P<ref>(?:'(?:[^']|'')+'!|[A-Za-z0-9_]+!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)
    | (?P<num>\d+(?:\.\d+)?)
    | (?P<func>[A-Z]+)\(
    | (?P<op><>|>=|<=|[-+*/(),<>=])
    )""", re.VERBOSE)


class Evaluator:
    def __init__(self, wb: Workbook) -> None:
        self.wb = wb
        self.cache: dict[tuple[str, str], Value] = {}

    def cell(self, sheet: str, ref: str) -> Value:
        key = (sheet, ref.replace("$", ""))
        if key not in self.cache:
            raw: Any = self.wb[sheet][key[1]].value
            if isinstance(raw, str) and raw.startswith("="):
                value = self.formula(sheet, raw[1:])
            elif raw is None or raw == "":
                value = None
            elif isinstance(raw, (int, float, Decimal)):
                value = Decimal(str(raw))
            else:
                value = str(raw)
            self.cache[key] = value
        return self.cache[key]

    def formula(self, sheet: str, text: str) -> Value:
        tokens = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise ValueError(f"cannot parse {text!r} at {pos}")
            kind = m.lastgroup
            assert kind is not None
            tokens.append((kind, m.group(kind)))
            pos = m.end()
        parser = _Parser(self, sheet, tokens)
        value = parser.expr()
        if parser.i != len(tokens):
            raise ValueError(f"trailing tokens in {text!r}")
        return value if not isinstance(value, list) else None

    def range(self, sheet: str, ref: str) -> list[Value]:
        min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
        assert None not in (min_col, min_row, max_col, max_row)
        out = []
        for row in range(min_row, max_row + 1):  # type: ignore[operator]
            for col in range(min_col, max_col + 1):  # type: ignore[operator]
                out.append(self.cell(sheet, f"{_col(col)}{row}"))
        return out


def _col(n: int) -> str:
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    assert column_index_from_string(s) >= 1
    return s


def _num(v: Value) -> Decimal:
    if v is None or v == "":
        return Decimal(0)
    if isinstance(v, Decimal):
        return v
    raise ValueError(f"{v!r} is not a number")


class _Parser:
    def __init__(self, ev: Evaluator, sheet: str, tokens: list[tuple[str, str]]) -> None:
        self.ev, self.sheet, self.tokens, self.i = ev, sheet, tokens, 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.tokens[self.i]
        if value is not None and tok[1] != value:
            raise ValueError(f"expected {value!r}, got {tok[1]!r}")
        self.i += 1
        return tok

    def expr(self) -> Any:
        left = self.additive()
        while (tok := self.peek()) is not None and tok[1] in (">", "<", "=", "<>", ">=", "<="):
            op = self.take()[1]
            right = self.additive()
            a, b = (left, right) if isinstance(left, str) or isinstance(right, str) else (_num(left), _num(right))
            if isinstance(a, str) != isinstance(b, str):
                a, b = str(a or ""), str(b or "")
            left = {">": a > b, "<": a < b, "=": a == b, "<>": a != b, ">=": a >= b, "<=": a <= b}[op]
        return left

    def additive(self) -> Any:
        left = self.term()
        while (tok := self.peek()) is not None and tok[1] in ("+", "-"):
            op = self.take()[1]
            right = self.term()
            left = _num(left) + _num(right) if op == "+" else _num(left) - _num(right)
        return left

    def term(self) -> Any:
        left = self.unary()
        while (tok := self.peek()) is not None and tok[1] in ("*", "/"):
            op = self.take()[1]
            right = self.unary()
            left = _num(left) * _num(right) if op == "*" else _num(left) / _num(right)
        return left

    def unary(self) -> Any:
        tok = self.peek()
        if tok is not None and tok[1] == "-":
            self.take()
            return -_num(self.unary())
        return self.atom()

    def atom(self) -> Any:
        kind, text = self.take()
        if kind == "num":
            return Decimal(text)
        if kind == "str":
            return text[1:-1].replace('""', '"')
        if kind == "ref":
            sheet = self.sheet
            if "!" in text:
                sheet_part, text = text.rsplit("!", 1)
                sheet = sheet_part.strip("'").replace("''", "'")
            if ":" in text:
                return self.ev.range(sheet, text)
            return self.ev.cell(sheet, text)
        if kind == "func":
            args = []
            if self.peek() != ("op", ")"):
                args.append(self.expr())
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.expr())
            self.take(")")
            return self.call(text, args)
        if text == "(":
            value = self.expr()
            self.take(")")
            return value
        raise ValueError(f"unexpected {text!r}")

    @staticmethod
    def call(name: str, args: list[Any]) -> Any:
        if name == "SUM":
            total = Decimal(0)
            for a in args:
                for v in a if isinstance(a, list) else [a]:
                    if isinstance(v, Decimal):
                        total += v
            return total
        if name == "ROUND":
            digits = int(_num(args[1]))
            return _num(args[0]).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
        if name == "IF":
            return args[1] if args[0] else (args[2] if len(args) > 2 else False)
        if name == "COUNTIF":
            return Decimal(sum(1 for v in args[0] if v == args[1]))
        raise ValueError(f"function {name} not supported by the test evaluator")
