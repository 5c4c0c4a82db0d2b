"""A bundled-catalog upgrade copies fields the catalog has learnt into the user's copies of its parts."""

from __future__ import annotations

from pathlib import Path

from app.catalog.store import Catalog
from app.core.parts import Llm
from app.core.precision import ExpertsOnlyCheckpoint
from app.perf.model import moe_shape
from tests.catalog.conftest import ROWS, write_sources

GPT_OSS = {"id": "openai-gpt-oss-120b", "vendor": "OpenAI", "name": "gpt-oss-120b", "source": "hf", "family": "gpt-oss",
           "total_params_b": "116.8", "active_params_b": "5.1", "layers": "36", "hidden_size": "2880",
           "attention_heads": "64", "kv_heads": "8", "head_dim": "64", "attention_type": "GQA",
           "vocab_size": "201088", "max_context": "131072"}
ROUTING = {"routed_experts": "128", "experts_per_token": "4", "routed_expert_params_b": "114.71",
           "experts_only_checkpoint": "mxfp4-experts"}


def _user_llm(part_id: str, name: str, **changes: object) -> Llm:
    data = {**{k: v for k, v in GPT_OSS.items()}, "id": part_id, "name": name, "source": "my copy", **changes}
    return Llm.model_validate({**data, "kind": "llm"})


def test_an_upgrade_gives_the_users_copies_of_a_moe_model_its_routing(tmp_path: Path) -> None:
    """Copies made before the catalog held the routing (my-<id>, or the bundled name in theirs) take it, so their
    estimates stay MoE-shaped; a model of another size and a dense one are left as they are."""
    sources = write_sources(tmp_path / "src", {**ROWS, "llms.csv": [*ROWS["llms.csv"], GPT_OSS]})
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_user_llm("my-openai-gpt-oss-120b", "gpt-oss-120b (lab)"))
    cat.add_user_part(_user_llm("lab-model", "Our gpt-oss-120b finetune"))
    cat.add_user_part(_user_llm("my-bigger", "gpt-oss-120b wide", total_params_b=200.0))
    cat.add_user_part(_user_llm("my-dense", "gpt-oss-120b dense", active_params_b=116.8))
    cat.close()

    write_sources(sources, {**ROWS, "llms.csv": [*ROWS["llms.csv"], {**GPT_OSS, **ROUTING}]})
    cat = Catalog.open(db, sources)
    for part_id in ("my-openai-gpt-oss-120b", "lab-model"):
        mine = cat.get(part_id)
        assert isinstance(mine, Llm) and cat.origin(part_id) == "user"
        assert (mine.routed_experts, mine.experts_per_token, mine.routed_expert_params_b) == (128, 4, 114.71)
        assert mine.experts_only_checkpoint is ExpertsOnlyCheckpoint.MXFP4_EXPERTS
        assert mine.source == "my copy" and moe_shape(mine) is not None
        assert f"Your model '{part_id}' took its MoE routing (128 experts, 4 a token) from the bundled " \
               "'openai-gpt-oss-120b'." in cat.report.messages
    for part_id in ("my-bigger", "my-dense"):
        other = cat.get(part_id)
        assert isinstance(other, Llm) and other.routed_experts is None
    cat.close()
    again = Catalog.open(db, sources)  # nothing more to do: no message
    assert not again.report.messages
    again.close()
