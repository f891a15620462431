"""POST/GET /api/syntheses on a scripted loopback model, SQLite and PostgreSQL: themes,
verbatim quotes, contradictions and segments worked out by hand from
synthesis_script.CODES."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import update

from api.synthesis_script import scripted, seed_three
from api.test_results_helpers import seed_session
from colloquy.domain.studies.segments import TOO_SMALL
from colloquy.domain.studies.verbatim import NO_SUCH_THEME, NOT_IN_ANSWER
from colloquy.store.tables import SynthesisRow
from colloquy.store.types import utcnow

pytestmark = pytest.mark.fake_llm(responder=scripted)


def finished(client, synthesis_id: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(f"/api/syntheses/{synthesis_id}").json()
        if body["status"] != "running":
            return body
        time.sleep(0.05)
    raise AssertionError("the synthesis did not finish")


def start(client, ids: list[str], **extra) -> dict:
    res = client.post("/api/syntheses", json={"sessionIds": ids, **extra})
    assert res.status_code == 202, res.text
    return res.json()


def test_themes_quotes_and_contradictions_across_groups_and_interviews(api, fake_llm):
    ids = seed_three(api)
    body = finished(api, start(api, ids)["id"])
    assert body["status"] == "completed", body
    # Respondents: Ana, Ben, Cleo in the group; Dee; Ana again in her own interview.
    assert body["respondentCount"] == 5
    assert body["progress"] == {"done": 6, "total": 6}
    themes = {t["label"]: t for t in body["themes"]}
    paper, shipping = themes["Recycled paper"], themes["Shipping worries"]
    # Recycled paper: Ana (group), Ben (against), Ana (interview); Cleo's paraphrase dropped.
    assert paper["respondents"] == ["s-group/pa", "s-group/pb", "s-int2/pa"]
    assert (paper["count"], paper["share"]) == (3, 0.6)
    assert shipping["respondents"] == ["s-group/pa", "s-group/pb", "s-int1/pd"]
    quotes = [(q["respondent"], q["messageId"], q["text"]) for q in paper["quotes"]]
    assert quotes == [
        ("s-group/pa", "s-group-m1", "the recycled paper looks great and sturdy"),
        ("s-group/pb", "s-group-m2", "The packaging feels flimsy"),
        ("s-group/pb", "s-group-m6", "the recycled paper is good"),
        ("s-int2/pa", "s-int2-m1", "The recycled paper is the reason I would buy it"),
    ]
    assert body["quoteCount"] == 7
    assert body["dropped"][NOT_IN_ANSWER] == 1
    assert body["dropped"][NO_SUCH_THEME] == 1
    # Ben is for and against paper; he contradicts both Anas, never himself.
    (clash,) = body["contradictions"]
    assert clash["themeId"] == paper["themeId"]
    assert clash["against"] == ["s-group/pb"]
    assert clash["pairs"] == [["s-group/pa", "s-group/pb"], ["s-int2/pa", "s-group/pb"]]
    # One themes call and one coding call per respondent.
    assert len(fake_llm.requests) == 6


def test_the_same_sessions_reuse_the_synthesis_and_segment_on_read(api, fake_llm):
    ids = seed_three(api)
    first = finished(api, start(api, ids)["id"])
    calls = len(fake_llm.requests)
    again = start(api, list(reversed(ids)), segmentBy="openness")
    assert again["id"] == first["id"]
    assert len(fake_llm.requests) == calls  # no model call
    segments = again["segments"]
    assert segments["by"] == "openness"
    # Openness high (50+): Ana twice and Cleo; low: Ben and Dee. Two themes, one test each.
    assert segments["tests"] == 2
    row = next(r for r in segments["rows"] if r["themeId"] == "T1" and r["segment"] == "high")
    assert (row["count"], row["size"], row["restCount"], row["restSize"]) == (2, 3, 1, 2)
    # Three against two: the most lopsided split gives p = 0.1 > 0.025, too small to decide.
    assert {r["verdict"] for r in segments["rows"]} == {TOO_SMALL}
    by_age = api.get(f"/api/syntheses/{first['id']}", params={"segmentBy": "age"}).json()
    # Ana 25, Cleo 40, Ben 55 and Dee 62 (both 55-64).
    assert {r["segment"] for r in by_age["segments"]["rows"]} == {"25-34", "35-44", "55-64"}


def test_bad_requests_name_the_problem(api):
    ids = seed_three(api)
    res = api.post("/api/syntheses", json={"sessionIds": ids, "segmentBy": "height"})
    assert res.status_code == 422
    assert "Unknown segment 'height'" in res.json()["error"]
    res = api.post("/api/syntheses", json={"sessionIds": ["nope"]})
    assert res.status_code == 404
    assert res.json()["error"] == "Session not found"
    seed_session(api, "s-empty", transcript=[(None, "Anyone?", 0, 0, None)])
    res = api.post("/api/syntheses", json={"sessionIds": ["s-empty"]})
    assert res.status_code == 422
    assert res.json()["errors"] == ["Session 'Packaging study' has no answers to synthesise"]
    assert api.get("/api/syntheses/missing").status_code == 404


def test_a_failed_model_fails_the_synthesis_with_its_message(api, fake_llm):
    ids = seed_three(api)
    fake_llm.set_responder(lambda body: {"themes": []})
    body = finished(api, start(api, ids)["id"])
    assert body["status"] == "failed"
    assert body["error"] == "The model proposed no themes"
    # A failed synthesis is made again when asked again.
    fake_llm.set_responder(scripted)
    retry = start(api, ids)
    assert retry["id"] != body["id"]
    assert finished(api, retry["id"])["status"] == "completed"


def test_a_synthesis_whose_process_died_is_failed_and_made_again(api):
    ids = seed_three(api)
    first = finished(api, start(api, ids)["id"])

    async def orphan() -> None:  # as if its process was killed mid-run
        async with api.app.state.runtime.sessionmaker() as db:
            await db.execute(
                update(SynthesisRow)
                .where(SynthesisRow.id == first["id"])
                .values(status="running", updated_at=utcnow() - timedelta(minutes=16))
            )
            await db.commit()

    api.portal.call(orphan)
    again = start(api, ids)
    assert again["id"] != first["id"]
    old = api.get(f"/api/syntheses/{first['id']}").json()
    assert old["status"] == "failed"
    assert old["error"] == "The synthesis was interrupted (the server stopped); start it again."
    assert finished(api, again["id"])["status"] == "completed"
