"""The default budget of runs is set per workspace (docs/usage-and-cost.md#budgets): an
admin sets it for the workspace the request names; another workspace keeps its own (or
the server's); a run in the workspace with a budget is held to it (here: refused before
it starts, its model having no price), the same run in the other workspace is not."""

from __future__ import annotations

import pytest

from colloquy.domain.workspaces.roles import MSG_ADMIN_ONLY
from support.sessions_helpers import session_body
from support.workspaces import Team, team_of_two_workspaces

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def team(settings):
    with team_of_two_workspaces(settings) as t:
        yield t


def _budget(team: Team, ws: str):
    return team.as_("admin", "GET", "/api/settings/budget", ws).json()["budgetUsd"]


def test_each_workspace_has_its_own_default_budget(team: Team) -> None:
    assert _budget(team, "A") is None and _budget(team, "B") is None
    res = team.as_("admin", "PUT", "/api/settings/budget", "A", json={"budgetUsd": 2.5})
    assert res.status_code == 200 and res.json() == {"budgetUsd": 2.5}
    assert _budget(team, "A") == 2.5 and _budget(team, "B") is None
    refused = team.as_("researcher_a", "PUT", "/api/settings/budget", "A", json={"budgetUsd": 9})
    assert refused.status_code == 403 and refused.json()["error"] == MSG_ADMIN_ONLY
    assert _budget(team, "A") == 2.5

    # A run in A is held to A's budget: its model has no price, so it may not start.
    personas_a = [p["id"] for p in team.as_("researcher_a", "GET", "/api/personas", "A").json()]
    sid_a = team.as_(
        "researcher_a", "POST", "/api/sessions", "A", json=session_body(participantIds=personas_a)
    ).json()["id"]
    run_a = team.as_("researcher_a", "POST", f"/api/sessions/{sid_a}/run", "A")
    assert run_a.status_code == 409 and "test-model" in run_a.json()["error"]

    # The same run in B has no budget: it starts (and fails later, no model listens).
    personas_b = [p["id"] for p in team.as_("researcher_b", "GET", "/api/personas", "B").json()]
    sid_b = team.as_(
        "researcher_b", "POST", "/api/sessions", "B", json=session_body(participantIds=personas_b)
    ).json()["id"]
    run_b = team.as_("researcher_b", "POST", f"/api/sessions/{sid_b}/run", "B")
    assert run_b.status_code < 300, run_b.text
    team.as_("researcher_b", "POST", f"/api/sessions/{sid_b}/stop", "B")
