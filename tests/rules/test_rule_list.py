"""The rule list an engineer signs (#17): every rule with severity, thresholds and sources, in the
CLI and in resources/rules/RULES.md, and no threshold in the profile that no rule shows."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main
from app.paths import resources_dir
from app.rules.catalogue import rule_rows, rules_markdown, unreferenced_thresholds
from app.rules.profile import default_profile
from app.rules.registry import load_builtin_rules


def test_rules_md_is_the_generated_list() -> None:
    path = resources_dir() / "rules" / "RULES.md"
    assert path.read_text(encoding="utf-8") == rules_markdown(default_profile()), (
        "resources/rules/RULES.md is stale: python -m app rules > resources/rules/RULES.md")


def test_every_rule_says_where_its_numbers_come_from() -> None:
    rows = rule_rows(default_profile())
    assert len(rows) == len(load_builtin_rules())
    bare = [r.id for r in rows if not r.thresholds and not r.sources]
    assert bare == []
    for r in rows:
        for x in r.thresholds:
            assert x.source.strip(), (r.id, x.path)


def test_every_profile_threshold_is_shown_beside_a_rule() -> None:
    assert unreferenced_thresholds(default_profile()) == []


def test_cli_lists_rules_as_json_with_a_profile_override(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    override = Path(str(tmp_path)) / "p.json"
    override.write_text(json.dumps({"rules": {"host.base-clock": {"severity": "info"}},
                                    "host": {"cores_min": {"value": 48, "unit": "cores per server",
                                                           "source": "our standard"}}}), encoding="utf-8")
    assert main(["rules", "--json", "--profile", str(override)]) == 0
    doc = json.loads(capsys.readouterr().out)
    by_id = {r["id"]: r for r in doc["rules"]}
    assert by_id["host.base-clock"]["severity"] == "info"
    cores = [x for x in by_id["host.cores-min"]["thresholds"] if x["path"] == "host.cores_min"]
    assert cores == [{"path": "host.cores_min", "value": 48, "unit": "cores per server", "source": "our standard"}]
    assert by_id["vram.fit"]["severity"] == "error" and by_id["vram.fit"]["sources"]
