"""Replay a real group with its grounded personas (issue 29 item 4): same questions, order
and moderator style, the personas made from its people; per-person similarity."""

from __future__ import annotations

import pytest

from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Chidi: Porridge, every day, with honey.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
Chidi: No. Too pricey for me.
Ben: I dunno, depends.
"""


def import_group(api) -> str:
    res = api.post("/api/sessions/import", files={"file": ("group.txt", GROUP.encode())})
    assert res.status_code == 201, res.text
    return res.json()["id"]


pytestmark = pytest.mark.timeout(120)


def test_replay_copies_questions_and_participants_then_compares(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        early = api.post(f"/api/sessions/{sid}/replay")
        assert early.status_code == 422
        assert early.json()["errors"] == ["Create personas from these participants first"]
        made = api.post(f"/api/sessions/{sid}/grounded-personas").json()["personas"]

        res = api.post(f"/api/sessions/{sid}/replay")
        assert res.status_code == 201, res.text
        replay = res.json()
        original = api.get(f"/api/sessions/{sid}").json()
        assert replay["name"] == f"Replay of {original['name']}"
        assert replay["questions"] == original["questions"]
        assert replay["moderatorStyle"] == original["moderatorStyle"]
        assert [p["id"] for p in replay["participants"]] == [p["id"] for p in made]
        assert all(p["evidence"]["tier"] == "grounded" for p in replay["participants"])
        assert wait_idle(api, replay["id"], 60)["status"] == "completed"

        sim = api.get(f"/api/sessions/{replay['id']}/replay-similarity")
        assert sim.status_code == 200, sim.text
        body = sim.json()
        assert body["originalId"] == sid
        assert [p["participant"] for p in body["participants"]] == ["Maria", "Ben", "Chidi"]
        for p in body["participants"]:
            assert p["questions"] == 2 and len(p["perQuestion"]) == 2
            assert -1 <= p["cosine"] <= 1
            assert p["themeOverlap"] is None or 0 <= p["themeOverlap"] <= 1

        plain = api.post("/api/sessions", json=session_body()).json()
        assert api.post(f"/api/sessions/{plain['id']}/replay").json()["errors"] == [
            "Only an imported human group can be replayed"
        ]
        not_replay = api.get(f"/api/sessions/{plain['id']}/replay-similarity")
        assert not_replay.status_code == 422
        assert not_replay.json()["errors"] == ["This session is not a replay of a human group"]
