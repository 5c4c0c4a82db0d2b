"""A site's own figures travel with the project; files written before they existed still open (issue #17, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.build import CoolingType, Environment, EnvironmentKind
from app.paths import resources_dir
from app.project import dumps_project, load_project, parse_project, save_project

HGX = resources_dir() / "samples" / "hgx-h100-8gpu.json"


def test_custom_site_round_trips(tmp_path: Path) -> None:
    project = load_project(HGX)
    site = Environment(kind=EnvironmentKind.CUSTOM, rack_budget_kw=40, feed_voltage_v=230, feed_phases=3,
                       feed_amps=32, cooling=CoolingType.AIR_CONTAINMENT, cooling_kw=18, breaker_derating=0.9,
                       rack_units=40)
    build = project.builds[0].model_copy(update={"environment": site})
    project = project.model_copy(update={"builds": (build,)})
    path = tmp_path / "site.isproj"
    save_project(project, path)
    back = load_project(path)
    assert back == project and back.builds[0].environment == site
    written = json.loads(path.read_text(encoding="utf-8"))["builds"][0]["environment"]
    assert written["cooling_kw"] == 18 and written["breaker_derating"] == 0.9


def test_a_file_without_the_new_site_fields_still_opens() -> None:
    data = json.loads(HGX.read_text(encoding="utf-8"))
    env = data["builds"][0]["environment"]
    del env["cooling_kw"], env["breaker_derating"]  # as written before sites had them
    env.update(kind="custom", feed_amps=32, feed_phases=3)
    project = parse_project(json.dumps(data))
    assert project.builds[0].environment.cooling_kw is None
    assert project.builds[0].environment.breaker_derating is None
    assert '"cooling_kw": null' in dumps_project(project)  # and is written in today's form
