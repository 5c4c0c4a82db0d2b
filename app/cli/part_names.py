"""Command-line flags that name a part: the catalog id, or the name a person writes (app.catalog.lookup).

A name read any other way than as an id or the part's own name is echoed on standard error
("--model deepseek-ai/DeepSeek-R1-0528: read as DeepSeek DeepSeek-R1 (deepseek-r1)"), so a
script's JSON on standard output stays clean and a person sees which part the figures are for.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TypeVar

from app.catalog.lookup import PartNotFoundError, resolve_part
from app.cli import CliError
from app.cli.text import t, t_noop
from app.core.parts import Gpu, Llm, Part

P = TypeVar("P", bound=Part)

# One sentence a kind, so a translation needs no article of its own.
_NOT_FOUND: dict[type[Part], str] = {
    Gpu: t_noop("{flag} '{text}' is not a GPU in the catalog"),
    Llm: t_noop("{flag} '{text}' is not an LLM in the catalog"),
}


def part_named(parts: Mapping[str, object], text: str, kind: type[P], flag: str | None) -> P:
    """The part ``text`` names for ``flag``; CliError (translated) listing the parts it might mean.

    ``flag`` None: a command's own argument (``catalog show NAME``), any part kind, which echoes every
    reading but the ID: the user asked for that part by name and sees which one it is.
    """
    try:
        found = resolve_part(parts, text, kind, "an LLM" if kind is Llm else "a GPU" if kind is Gpu else "a part")
    except PartNotFoundError as exc:
        raise CliError(_not_found(exc, text, kind, flag)) from None
    if flag is None and found.reading != "id":
        print(t("{text}: read as {name} ({id})", text=text, name=found.part.display_name, id=found.part.id),
              file=sys.stderr)
    elif flag is not None and found.reading in ("variant", "words"):
        print(t("{flag} {text}: read as {name} ({id})", flag=flag, text=text,
                name=found.part.display_name, id=found.part.id), file=sys.stderr)
    return found.part


def _not_found(exc: PartNotFoundError, text: str, kind: type[Part], flag: str | None) -> str:
    ids = ", ".join(p.id for p in exc.candidates)
    if exc.ambiguous:
        if flag is None:
            return t("'{text}' fits more than one part in the catalog: {ids}; give one of these IDs", text=text,
                     ids=ids)
        return t("{flag} '{text}' fits more than one part in the catalog: {ids}; give one of these IDs",
                 flag=flag, text=text, ids=ids)
    if flag is None:
        if ids:
            return t("no part with ID '{id}'; nearest: {ids}", id=text, ids=ids)
        return t("no part with ID '{id}' (try: catalog list --search WORD)", id=text)
    message = t(_NOT_FOUND[kind], flag=flag, text=text)
    if ids:
        return t("{message}; nearest: {ids}", message=message, ids=ids)
    return t("{message} (try: catalog list --search WORD)", message=message)
