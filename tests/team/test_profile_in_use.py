"""The team's rule profile, once synced, is the one the rules judge with: in the window and the commands.

No server is needed to check the hand-over: the profile is written into the local store as a sync leaves it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.cli.profiles import active_profile
from app.rules.profile import default_profile
from app.team.library import set_profile
from app.team.local import open_local
from app.team.settings import TeamSettings, save_settings

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"


def _team_profile(data_dir: Path) -> None:
    save_settings(TeamSettings(host="db.example.org", database="presales", user="alice"), data_dir)
    data = default_profile().model_dump(mode="json")
    data["name"] = "acme-presales"
    data["power"]["feed_max_load"]["value"] = 0.7  # the team's own, stricter breaker loading
    local = open_local(data_dir)
    try:
        set_profile(local, json.dumps(data), owner="carol")
    finally:
        local.close()


def test_without_a_team_server_the_bundled_profile_judges(tmp_path: Path) -> None:
    assert active_profile(tmp_path) is None


def test_a_synced_team_profile_judges_builds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _team_profile(tmp_path)
    profile = active_profile(tmp_path)
    assert profile is not None and profile.name == "acme-presales"
    assert main(["--data-dir", str(tmp_path), "validate", str(SAMPLE), "--json"]) in (0, 1)
    out = json.loads(capsys.readouterr().out)
    assert out["profile"] == "acme-presales"
    # --profile overrides still win over the team's profile
    overrides = tmp_path / "o.json"
    overrides.write_text('{"name": "mine"}', encoding="utf-8")
    assert active_profile(tmp_path, overrides).name == "mine"  # type: ignore[union-attr]


def test_the_window_judges_with_the_team_profile(tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.catalog.store import open_catalog
    from app.ui.main_window import MainWindow

    _team_profile(tmp_path)
    cat = open_catalog(tmp_path)
    try:
        window = MainWindow(cat, tmp_path)
        qtbot.addWidget(window)
        assert window.engine.profile.name == "acme-presales"
        window.document.undo_stack.setClean()
        window.close()
    finally:
        cat.close()
