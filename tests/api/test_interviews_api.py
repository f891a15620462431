"""Interviews through the API (docs/interviews.md): create, run on a scripted loopback
model, then the transcript, progress, exports, analytics and insights of one speaker."""

from __future__ import annotations

import csv
import io

import pytest

from support.interview_script import EXPECTED, GUIDE, interview_body, responder
from support.sessions_helpers import session_body, wait_idle

pytestmark = [pytest.mark.timeout(90), pytest.mark.fake_llm(responder=responder)]


def _words(text: str) -> set[str]:
    return {w.strip(".,?!'").lower() for w in text.split() if len(w.strip(".,?!'")) > 3}


def test_ai_interview_each_follow_up_builds_on_the_answer_before(api, fake_llm):
    created = api.post("/api/sessions", json=interview_body())
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    assert created.json()["kind"] == "interview"
    assert created.json()["settings"]["maxProbes"] == 2
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_idle(api, sid, timeout=60)
    assert view["status"] == "completed" and view["error"] is None
    msgs = view["messages"]
    assert [(m["kind"], m["questionIndex"], m["round"]) for m in msgs] == EXPECTED
    assert [m["content"] for m in msgs if m["kind"] == "question"] == GUIDE
    for i, m in enumerate(msgs):
        if m["kind"] == "probe" and "refused" not in (m["note"] or ""):
            assert _words(m["content"]) & _words(msgs[i - 1]["content"]), m["content"]
    notes = [m["note"] for m in msgs if m["kind"] in ("probe", "summary")]
    assert notes[0] == "Interviewer decision: ladder (names a benefit)"
    assert (
        notes[2]
        == "Interviewer decision: move on (reached the limit of 2 follow-ups on this topic)"
    )
    assert (
        "refused the leading" in notes[3] and msgs[9]["content"] == "Why does that matter to you?"
    )
    assert notes[4] == "Interviewer decision: move on (the reason is clear)"
    assert view["progress"]["responses"] == 5 and view["progress"]["total"] == 6
    # The persona was told it is in an interview, and saw the follow-up it answers.
    persona_calls = [
        b
        for b in fake_llm.requests
        if "in-depth research interview" in str(b["messages"][0]["content"])
    ]
    assert len(persona_calls) == 5
    assert (
        "Why does being compostable matter to you?" in persona_calls[1]["messages"][-1]["content"]
    )

    md = api.get(f"/api/sessions/{sid}/export.md").text
    assert "Can you give an example of when your kids asked about waste?" in md
    rows = list(csv.reader(io.StringIO(api.get(f"/api/sessions/{sid}/export.csv").text)))
    assert ["Total Responses", "5"] in rows
    exported = api.get(f"/api/sessions/{sid}/export.json").json()
    assert exported["kind"] == "interview" if "kind" in exported else True
    assert len(exported["messages"]) == 12
    pdf = api.get(f"/api/sessions/{sid}/report.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    analytics = api.get(f"/api/sessions/{sid}/analytics").json()
    assert sum(p["responses"] for p in analytics["participation"]) == 5
    insights = api.post(f"/api/sessions/{sid}/insights")
    assert insights.status_code == 200, insights.text
    health = api.get(f"/api/sessions/{sid}/health").json()
    status = {f["key"]: f["status"] for f in health["findings"]}
    assert status["diversity"] == status["conformity"] == status["distinctiveness"] == "na"
    assert status["characterBreaks"] != "na" and health["participantCount"] == 1


def test_scripted_interview_asks_the_guide_only(api, fake_llm):
    sid = api.post("/api/sessions", json=interview_body(moderator="scripted")).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    view = wait_idle(api, sid, timeout=60)
    assert view["status"] == "completed"
    assert [m["kind"] for m in view["messages"]] == ["question", "response"] * 2
    assert view["progress"]["total"] == 2


def test_interview_setup_errors_name_the_problem(api):
    bad = interview_body(maxProbes=9)
    bad["participantIds"] = ["p1", "p2"]
    bad["questions"] = []
    res = api.post("/api/sessions", json=bad)
    assert res.status_code == 422
    text = res.text
    assert "exactly one persona" in text and "1-30 questions" in text and "0 to 5" in text
    assert "3-8 personas" not in text
    res = api.post("/api/sessions", json={**interview_body(), "kind": "panel"})
    assert res.status_code == 422 and "Session kind must be group or interview" in res.text
    one_topic = {**interview_body(), "questions": ["Tell me about your mornings."]}
    assert api.post("/api/sessions", json=one_topic).status_code == 201


def test_groups_are_kind_group_and_the_list_shows_the_kind(api):
    gid = api.post("/api/sessions", json=session_body()).json()["id"]
    iid = api.post("/api/sessions", json=interview_body()).json()["id"]
    kinds = {s["id"]: s["kind"] for s in api.get("/api/sessions").json()}
    assert kinds[gid] == "group" and kinds[iid] == "interview"
    copy = api.post(f"/api/sessions/{iid}/duplicate").json()
    assert copy["kind"] == "interview" and copy["settings"]["maxProbes"] == 2
    only = api.get("/api/sessions/page", params={"kind": "interview"}).json()
    assert [s["id"] for s in only["items"]] == [copy["id"], iid] and only["total"] == 2
    groups = api.get("/api/sessions/page", params={"kind": "group"}).json()
    assert [s["id"] for s in groups["items"]] == [gid]
    bad = api.get("/api/sessions/page", params={"kind": "panel"})
    assert bad.status_code == 422 and "kind" in bad.text


def test_an_interview_saved_as_a_guide_creates_the_same_interview(api):
    iid = api.post("/api/sessions", json=interview_body(maxProbes=1)).json()["id"]
    guide = api.get(f"/api/sessions/{iid}/guide").json()["guide"]
    assert guide["kind"] == "interview" and guide["moderator"]["kind"] == "ai"
    assert guide["settings"]["maxProbes"] == 1
    assert api.post("/api/guides/check", json=guide).json() == {"kind": "interview"}
    again = api.post("/api/guides/sessions", params={"start": "false"}, json=guide)
    assert again.status_code == 201, again.text
    view = again.json()
    assert view["kind"] == "interview" and view["settings"]["maxProbes"] == 1
    assert [p["id"] for p in view["participants"]] == ["p1"]
