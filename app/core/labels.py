"""Display names of enum values shown inside translated sentences (context ``Labels``).

The English label of each value is the value itself (``datacenter``, ``n+1``, ``vllm``), so English
output is unchanged; a translation gives the reader's word for it. Each table marks its texts with
:func:`~app.core.i18n.translate_noop` for the extractor; :func:`label` translates where shown.
Values not in a table (a profile's own value, ``other``) pass through as written.
"""

from __future__ import annotations

from app.core.i18n import translate, translate_noop

CONTEXT = "Labels"

ENVIRONMENTS = {
    "edge": translate_noop(CONTEXT, "edge"),
    "enterprise": translate_noop(CONTEXT, "enterprise"),
    "datacenter": translate_noop(CONTEXT, "datacenter"),
    "custom": translate_noop(CONTEXT, "custom"),
}
SCENARIOS = {
    "chat": translate_noop(CONTEXT, "chat"),
    "code": translate_noop(CONTEXT, "code"),
    "summarization": translate_noop(CONTEXT, "summarization"),
    "rag": translate_noop(CONTEXT, "rag"),
    "batch": translate_noop(CONTEXT, "batch"),
}
RANK_BY = {
    "price": translate_noop(CONTEXT, "price"),
    "cost": translate_noop(CONTEXT, "cost"),
    "power": translate_noop(CONTEXT, "power"),
    "headroom": translate_noop(CONTEXT, "headroom"),
}
REDUNDANCY = {
    "none": translate_noop(CONTEXT, "none"),
    "n+1": translate_noop(CONTEXT, "n+1"),
    "n+n": translate_noop(CONTEXT, "n+n"),
    "n+2": translate_noop(CONTEXT, "n+2"),
}
ENGINES = {
    "vllm": translate_noop(CONTEXT, "vllm"),
    "trtllm": translate_noop(CONTEXT, "trtllm"),
    "sglang": translate_noop(CONTEXT, "sglang"),
    "llamacpp": translate_noop(CONTEXT, "llamacpp"),
}
# The performance model's decode regime ("{bound}-bound decode").
BOUNDS = {
    "memory": translate_noop(CONTEXT, "memory"),
    "compute": translate_noop(CONTEXT, "compute"),
}


def label(table: dict[str, str], value: object) -> str:
    """``value`` (an enum member or its string) in the reader's language; unknown values as written."""
    text = str(value)
    source = table.get(text)
    return text if source is None else translate(CONTEXT, source)


def environment_label(value: object) -> str:
    return label(ENVIRONMENTS, value)


def scenario_key_label(value: object) -> str:
    return label(SCENARIOS, value)


def rank_label(value: object) -> str:
    return label(RANK_BY, value)


def redundancy_key_label(value: object) -> str:
    return label(REDUNDANCY, value)


def engine_label(value: object) -> str:
    return label(ENGINES, value)


def bound_label(value: object) -> str:
    return label(BOUNDS, value)
