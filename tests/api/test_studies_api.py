"""Studies through the API (docs/interviews.md#studies), SQLite and PostgreSQL: three AI-led
interviews on a scripted loopback model run in parallel to their synthesis, whose themes
cite the interviews and quotes that support them; progress, exports, estimate, usage,
list, Stop, Delete, the budget, and create errors that name the problem. Every expected
figure is worked out by hand from support/study_script.py."""

from __future__ import annotations

import csv
import io
import json

import pytest

from support.study_script import GUIDE, PERSONAS, responder, study_body
from support.waiting import wait_for

pytestmark = [pytest.mark.timeout(120), pytest.mark.fake_llm(responder=responder)]


def _words(text: str) -> set[str]:
    return {w.strip(".,?!'").lower() for w in text.split() if len(w.strip(".,?!'")) > 3}


def study_until(api, study_id: str, done, timeout: float = 60) -> dict:
    return wait_for(
        lambda: api.get(f"/api/studies/{study_id}").json(),
        until=done,
        timeout=timeout,
        what=f"study {study_id}",
    )


def synthesis_done(api, study_id: str) -> dict:
    return wait_for(
        lambda: api.get(f"/api/studies/{study_id}/synthesis").json(),
        until=lambda s: s.get("status") == "completed",
        timeout=60,
        what="the study's synthesis",
    )


def test_three_ai_interviews_run_to_a_synthesis_citing_their_quotes(api, fake_llm):
    created = api.post("/api/studies", json=study_body())
    assert created.status_code == 201, created.text
    study = created.json()
    assert study["status"] == "running" and len(study["interviews"]) == 3
    assert study["settings"]["moderator"] == "ai" and study["settings"]["maxProbes"] == 1
    assert [i["personaName"] for i in study["interviews"]] == list(PERSONAS.values())
    # 2 topics x (1 + 1 follow-up) answers per interview, 3 interviews.
    assert study["progress"]["answers"]["total"] == 12
    sid = study["id"]
    done = study_until(api, sid, lambda s: s["status"] != "running")
    assert done["status"] == "completed", done
    assert done["progress"]["interviews"] == {
        "done": 3,
        "running": 0,
        "waiting": 0,
        "stopped": 0,
        "failed": 0,
        "missing": 0,
        "total": 3,
    }
    assert done["progress"]["answers"] == {"done": 12, "total": 12}
    assert done["progress"]["fraction"] == 1.0
    sessions = {i["sessionId"]: i["personaId"] for i in done["interviews"]}
    # Each interview is an ordinary interview session; each follow-up uses the answer before.
    for session_id in sessions:
        view = api.get(f"/api/sessions/{session_id}").json()
        assert view["kind"] == "interview" and view["status"] == "completed"
        msgs = view["messages"]
        assert [m["content"] for m in msgs if m["kind"] == "question"] == GUIDE
        probes = [(i, m) for i, m in enumerate(msgs) if m["kind"] == "probe"]
        assert len(probes) == 2
        for i, m in probes:
            assert _words(m["content"]) & _words(msgs[i - 1]["content"]), m["content"]
    # The synthesis starts by itself once every interview completed; one, linked.
    linked = study_until(api, sid, lambda s: s["synthesisId"] is not None)["synthesisId"]
    synthesis = synthesis_done(api, sid)
    assert synthesis["id"] == linked
    assert sorted(synthesis["sessionIds"]) == sorted(sessions)
    assert synthesis["respondentCount"] == 3
    themes = {t["label"]: t for t in synthesis["themes"]}
    by_persona = {f"{s}/{p}": p for s, p in sessions.items()}
    compostable, price = themes["Compostable material"], themes["Price"]
    # Compostable: Sarah and Emily (Marcus spoke of a flimsy pouch); price: all three.
    assert sorted(by_persona[r] for r in compostable["respondents"]) == ["p1", "p3"]
    assert (compostable["count"], round(compostable["share"], 4)) == (2, 0.6667)
    assert sorted(by_persona[r] for r in price["respondents"]) == ["p1", "p2", "p3"]
    assert (price["count"], price["share"]) == (3, 1.0)
    # 2 + 2 compostable answers, 2 + 2 + 2 price answers; each quote is the answer's words.
    assert len(compostable["quotes"]) == 4 and len(price["quotes"]) == 6
    assert synthesis["quoteCount"] == 10 and synthesis["contradictions"] == []
    for q in compostable["quotes"] + price["quotes"]:
        assert q["sessionId"] in sessions
        message = next(
            m
            for m in api.get(f"/api/sessions/{q['sessionId']}").json()["messages"]
            if m["id"] == q["messageId"]
        )
        assert q["text"] in message["content"]
    # 3 x (4 answers + 2 decisions) + 1 themes call + 3 coding calls.
    assert len(fake_llm.requests) == 22
    # Usage: the study's is the sum of its interviews'.
    tokens = sum(i["usage"]["promptTokens"] for i in done["interviews"])
    assert tokens > 0 and done["usage"]["promptTokens"] == tokens

    md = api.get(f"/api/studies/{sid}/export.md")
    assert md.status_code == 200
    assert md.text.startswith("# Study: Pouch study\n\n3 of 3 interviews completed; 2 topics;")
    assert "1. What do you think of the pouch?" in md.text and "## Synthesis" in md.text
    text = api.get(f"/api/studies/{sid}/quotes.csv").text
    first, rest = text.split("\r\n", 1)
    assert first.startswith("# Study: Pouch study.")
    rows = list(csv.reader(io.StringIO(rest)))
    assert rows[0][0] == "theme_id" and len(rows) == 11
    pdf = api.get(f"/api/studies/{sid}/report.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_create_errors_name_each_problem(api):
    bad = {
        "name": " ",
        "questions": [],
        "personaIds": ["p1"],
        "settings": {"moderator": "robot", "maxProbes": 9, "responseLength": "long"},
    }
    res = api.post("/api/studies", json=bad)
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "Study name is required",
        "An interview guide needs 1-30 questions or topics",
        "The interviewer must be scripted or ai",
        "Follow-ups per topic (maxProbes) must be a whole number from 0 to 5",
        "Response length must be brief, moderate or detailed",
    ]
    none = api.post("/api/studies", json={**study_body(), "personaIds": []})
    assert none.status_code == 422
    assert none.json()["errors"] == [
        "A study interviews 1-50 personas; choose them by id or by a tag"
    ]
    unknown = api.post("/api/studies", json={**study_body(), "personaIds": ["p1", "nobody"]})
    assert unknown.status_code == 422 and unknown.json()["errors"] == [
        "Unknown persona ids: nobody"
    ]
    tag = api.post("/api/studies", json={**study_body(), "personaIds": [], "personaTag": "zz"})
    assert tag.status_code == 422 and tag.json()["errors"] == ["No persona has the tag 'zz'"]
    assert api.get("/api/studies/page").json() == {"items": [], "nextCursor": None, "total": 0}
    assert api.get("/api/studies/missing").status_code == 404


def test_all_personas_with_a_tag_are_interviewed(api):
    for pid in ("p2", "p3"):
        persona = api.get(f"/api/personas/{pid}").json()
        res = api.put(f"/api/personas/{pid}", json={**persona, "tags": ["Parents "]})
        assert res.status_code == 200, res.text
    body = {**study_body(moderator="scripted"), "personaIds": [], "personaTag": "parents"}
    study = api.post("/api/studies", json=body).json()
    assert study["personaIds"] == ["p2", "p3"]
    done = study_until(api, study["id"], lambda s: s["status"] != "running")
    # The scripted interviewer: one answer a topic, 2 topics, 2 interviews.
    assert done["status"] == "completed" and done["progress"]["answers"] == {"done": 4, "total": 4}


def test_list_pages_and_delete_removes_the_interviews(api):
    first = api.post("/api/studies", json=study_body(moderator="scripted")).json()
    second = api.post(
        "/api/studies", json={**study_body(moderator="scripted"), "name": "Second"}
    ).json()
    page = api.get("/api/studies/page", params={"limit": 1}).json()
    assert page["total"] == 2 and [s["id"] for s in page["items"]] == [second["id"]]
    rest = api.get("/api/studies/page", params={"limit": 1, "cursor": page["nextCursor"]}).json()
    assert [s["id"] for s in rest["items"]] == [first["id"]] and rest["nextCursor"] is None
    assert rest["items"][0]["interviewCount"] == 3 and rest["items"][0]["interviewer"] == "scripted"
    study_until(api, first["id"], lambda s: s["status"] != "running")
    assert api.delete(f"/api/studies/{first['id']}").status_code == 204
    assert api.get(f"/api/studies/{first['id']}").status_code == 404
    for i in first["interviews"]:
        assert api.get(f"/api/sessions/{i['sessionId']}").status_code == 404
    assert api.get("/api/studies/page").json()["total"] == 1


@pytest.mark.fake_llm(responder=responder, latency=0.3)
def test_stop_stops_every_interview(api):
    study = api.post("/api/studies", json=study_body()).json()
    stopped = api.post(f"/api/studies/{study['id']}/stop")
    assert stopped.status_code == 200
    view = study_until(
        api, study["id"], lambda s: s["progress"]["interviews"]["running"] == 0, timeout=30
    )
    assert view["status"] == "stopped"
    assert view["progress"]["interviews"]["done"] < 3
    for i in view["interviews"]:
        session = api.get(f"/api/sessions/{i['sessionId']}").json()
        assert session["running"] is False
    # On demand: nothing completed, nothing to synthesise.
    res = api.post(f"/api/studies/{study['id']}/synthesis")
    assert res.status_code == 409 and "nothing to synthesise" in res.json()["error"]


def test_the_budget_stops_the_study(api):
    api.put("/api/settings/prices", json={"test-model": {"input": 0, "output": 1000}})
    study = api.post("/api/studies", json=study_body(budgetUsd=0)).json()
    assert study["settings"]["budgetUsd"] == 0
    done = study_until(api, study["id"], lambda s: s["status"] != "running")
    assert done["status"] == "stopped"
    assert done["error"] == (
        "Budget reached: $0.00 of $0.00 spent: an interview reached its share of the "
        "study's budget, so the study stopped"
    )
    assert done["synthesisId"] is None


def test_estimate_of_an_interview_and_a_study(api):
    interview = {
        "name": "One",
        "kind": "interview",
        "participantIds": ["p1"],
        "questions": GUIDE,
        "settings": {"moderator": "ai", "maxProbes": 1, "responseLength": "brief"},
    }
    one = api.post("/api/sessions/estimate", json=interview)
    assert one.status_code == 200, one.text
    # 2 topics x (2 answers + 1 decision).
    assert one.json()["calls"] == 6
    study = api.post("/api/studies/estimate", json=study_body())
    assert study.status_code == 200, study.text
    # 3 interviews x 6 calls + 1 themes call + 3 coding calls.
    assert study.json()["calls"] == 22
    assert study.json()["promptTokens"] > 3 * one.json()["promptTokens"]
    scripted = api.post("/api/studies/estimate", json=study_body(moderator="scripted"))
    assert scripted.json()["calls"] == 3 * 2 + 4
    bad = api.post("/api/studies/estimate", json={**study_body(), "questions": []})
    assert bad.status_code == 422


def test_interview_and_study_webhooks(api, monkeypatch):
    from colloquy.services.usage import webhooks

    sent: list[tuple[str, str, bool]] = []
    monkeypatch.setattr(
        webhooks, "schedule", lambda runtime, kind, tid, ok: sent.append((kind, tid, ok))
    )
    study = api.post("/api/studies", json=study_body(moderator="scripted")).json()
    study_until(api, study["id"], lambda s: s["status"] != "running")
    wait_for(lambda: list(sent), until=lambda s: ("study", study["id"], True) in s, timeout=10)
    ended = {tid for kind, tid, ok in sent if kind == "session" and ok}
    assert ended == {i["sessionId"] for i in study["interviews"]}
    assert json.dumps(sent)  # plain values
