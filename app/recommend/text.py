"""The sizing assistant's wording, through the translation layer (context ``Recommend``).

Why a build qualifies, what binds it, why a build fails and what to relax are templates with named
placeholders, ``t("allow {count} nodes", count=...)``: the template is what translators see, the
values (part names, numbers, prices) are data and stay as they are. The text is translated when
the recommendation is made; the CLI's ``--json`` runs in English unless ``--lang`` is given.
"""

from __future__ import annotations

from app.core.i18n import translate, translate_format

CONTEXT = "Recommend"


def t(text: str, /, **values: object) -> str:
    """Translate ``text`` and fill its placeholders (without values it is used as is)."""
    return translate_format(CONTEXT, text, **values) if values else translate(CONTEXT, text)


def t_noop(text: str) -> str:
    """Mark ``text`` for translation where it is written; translate it with :func:`t` where it is shown."""
    return text


def consumer_failure(gpu: str) -> str:
    """Why a consumer card is left out (the advice recognises the failure by this text)."""
    return t("{gpu} is a consumer card (excluded: GeForce drivers are not licensed for data centers and open-air "
             "coolers fight server airflow)", gpu=gpu)


def kind_label(kind: str) -> str:
    """A requirement that can be relaxed (a results.FailureKind value) in the reader's language."""
    return {"gpu": t("gpu"), "precision": t("precision"), "latency": t("latency"), "nodes": t("nodes"),
            "environment": t("environment"), "budget": t("budget"), "rules": t("rules")}.get(kind, kind)
