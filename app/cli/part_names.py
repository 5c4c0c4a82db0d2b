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


def part_named(parts: Mapping[str, object], text: str, kind: type[P], flag: str) -> P:
    """The part ``text`` names for ``flag``; CliError (translated) listing the parts it might mean."""
    try:
        found = resolve_part(parts, text, kind, "an LLM" if kind is Llm else "a GPU", variants=kind is Llm)
    except PartNotFoundError as exc:
        ids = ", ".join(p.id for p in exc.candidates)
        if exc.ambiguous:
            raise CliError(t("{flag} '{text}' fits more than one part in the catalog: {ids}; give one of these IDs",
                             flag=flag, text=text, ids=ids)) from None
        message = t(_NOT_FOUND[kind], flag=flag, text=text)
        if ids:
            raise CliError(t("{message}; nearest: {ids}", message=message, ids=ids)) from None
        raise CliError(t("{message} (try: catalog list --search WORD)", message=message)) from None
    if found.reading in ("variant", "words"):
        print(t("{flag} {text}: read as {name} ({id})", flag=flag, text=text,
                name=found.part.display_name, id=found.part.id), file=sys.stderr)
    return found.part
