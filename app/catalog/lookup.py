"""A part named the way people write it: its id, its name, its Hugging Face repository, a shorter form.

Scripts and the command line take a catalog id, but a presales engineer types "gpt-oss-120b",
"deepseek-ai/DeepSeek-R1-0528", "B200" or "Llama-3.1-70B-Instruct". :func:`resolve_part` reads
those in a fixed order and never guesses between two parts: a name that fits several is an error
listing them, and one that fits none lists the nearest. Each reading that is not a plain id or name
says how it was read (``Resolved.reading``), so the caller can show it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from app.core.parts import Llm, Part

P = TypeVar("P", bound=Part)

_SEPARATORS = re.compile(r"[^a-z0-9.]+")
_HF_REPO = re.compile(r"huggingface\.co/([\w.-]+/[\w.-]+)", re.IGNORECASE)
# Checkpoint and release suffixes that do not change the architecture: the chat or instruct tune, a
# dated refresh (DeepSeek-R1-0528, Qwen3-235B-A22B-Instruct-2507), a quantised upload. The precision
# the user runs is a flag of its own, so an "-FP8" in the name does not set it.
_VARIANT_SUFFIX = re.compile(
    r"-(instruct|chat|hf|it|base|thinking|fp8|fp8-dynamic|fp4|nvfp4|mxfp4|awq|gptq|int4|int8|w4a16|w8a8|kv|v\d+|\d{4})$"
)
MAX_SUGGESTIONS = 5


def normalized(text: str) -> str:
    """Case and separators folded: 'Llama 3.1_70B' and 'llama-3.1-70b' read alike."""
    return _SEPARATORS.sub("-", text.casefold()).strip("-")


def _tokens(text: str) -> tuple[str, ...]:
    return tuple(t for t in normalized(text).split("-") if t)


def hf_repos(part: Part) -> tuple[str, ...]:
    """The Hugging Face repositories a model's source cites (org/name); other parts cite none by name."""
    if not isinstance(part, Llm):
        return ()
    return tuple(dict.fromkeys(m.group(1) for m in _HF_REPO.finditer(part.source)))


def names_of(part: Part) -> tuple[str, ...]:
    """Every name the part answers to exactly: id, name, vendor + name, SKU, cited repositories."""
    names = [part.id, part.name, f"{part.vendor} {part.name}"]
    if part.sku:
        names.append(part.sku)
    for repo in hf_repos(part):
        names.extend((repo, repo.split("/", 1)[1]))
    return tuple(dict.fromkeys(normalized(n) for n in names if normalized(n)))


@dataclass(frozen=True, slots=True)
class Resolved(Generic[P]):
    part: P
    # How a name that is not the part's id or name was read: "exact", "variant" (a checkpoint
    # suffix dropped) or "words" (the only part of its kind whose names hold every word given).
    reading: str


class PartNotFoundError(LookupError):
    """No part, or more than one, fits the name; ``candidates`` are the ones to offer."""

    def __init__(self, text: str, kind: str, candidates: tuple[Part, ...], ambiguous: bool) -> None:
        self.text = text
        self.kind = kind
        self.candidates = candidates
        self.ambiguous = ambiguous
        listed = ", ".join(p.id for p in candidates)
        if ambiguous:
            message = f"{text!r} fits more than one part in the catalog: {listed}"
        elif candidates:
            message = f"{text!r} is not {kind} in the catalog; nearest: {listed}"
        else:
            message = f"{text!r} is not {kind} in the catalog"
        super().__init__(message)


def _unique(matches: Iterable[P]) -> list[P]:
    return list({p.id: p for p in matches}.values())


def _word_fits(word: str, token: str) -> bool:
    """A word given fits a name's word when equal, or a letters-ending word its numbered form ('sxm', 'sxm5')."""
    return token == word or (word[-1:].isalpha() and token.startswith(word) and token[len(word):].isdigit())


def _holds_words(part: Part, words: set[str]) -> bool:
    tokens = {t for n in names_of(part) for t in n.split("-")}
    return all(any(_word_fits(w, t) for t in tokens) for w in words)


def resolve_part(parts: Mapping[str, object], text: str, kind: type[P], kind_label: str, *,
                 variants: bool | None = None) -> Resolved[P]:
    """The one part of ``kind`` that ``text`` names; raises PartNotFoundError with candidates.

    ``kind_label`` names the kind with its article ("an LLM"); ``variants``: also read a model's name
    without its checkpoint suffixes (Instruct, a date, a quantisation), which GPU names must keep
    (RTX 4090's "-4090" is not a date). By default, wherever the kind includes models (Llm, or any Part).
    """
    if variants is None:
        variants = issubclass(Llm, kind)
    mine = [p for p in parts.values() if isinstance(p, kind)]
    exact = parts.get(text)
    if isinstance(exact, kind):
        return Resolved(exact, "id")
    key = normalized(text)
    if not key:
        raise PartNotFoundError(text, kind_label, (), ambiguous=False)
    readings = [("exact", key)]
    if "/" in text:  # a re-upload under another organisation (nvidia/..., RedHatAI/...): its repository name
        readings.append(("variant", normalized(text.rsplit("/", 1)[1])))
    base = readings[-1][1]
    while variants and (shorter := _VARIANT_SUFFIX.sub("", base)) != base:  # one suffix at a time, last first
        base = shorter
        readings.append(("variant", base))
    for reading, wanted in readings:
        hits = _unique(p for p in mine if wanted and wanted in names_of(p))
        if len(hits) == 1:
            return Resolved(hits[0], reading)
        if len(hits) > 1:
            raise PartNotFoundError(text, kind_label, tuple(hits[:MAX_SUGGESTIONS]), ambiguous=True)
    words = set(_tokens(base))
    holding = sorted(_unique(p for p in mine if words and _holds_words(p, words)), key=lambda p: p.id)
    if len(holding) == 1:
        return Resolved(holding[0], "words")
    if len(holding) > 1:
        raise PartNotFoundError(text, kind_label, tuple(holding[:MAX_SUGGESTIONS]), ambiguous=True)
    raise PartNotFoundError(text, kind_label, nearest(mine, base or key), ambiguous=False)


def nearest(parts: Iterable[P], key: str) -> tuple[P, ...]:
    """Parts to offer for a name that fits none: those whose names hold it run together ('gaudi3'), then
    those that read most like it (difflib's ratio over 0.6), best first."""
    compact = key.replace("-", "")
    scored: list[tuple[float, str, P]] = []
    for p in parts:
        names = names_of(p)
        if compact and any(compact in n.replace("-", "") for n in names):
            scored.append((2.0, p.id, p))
            continue
        best = max(difflib.SequenceMatcher(None, key, n).ratio() for n in names)
        if best >= 0.6:
            scored.append((best, p.id, p))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return tuple(p for _, _, p in scored[:MAX_SUGGESTIONS])


def part_named_exactly(parts: Mapping[str, object], text: str, kind: type[P]) -> P | None:
    """The one part of ``kind`` that ``text`` names, or None where it names several or none."""
    try:
        return resolve_part(parts, text, kind, "a part").part
    except PartNotFoundError:
        return None
