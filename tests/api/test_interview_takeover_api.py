"""Take over a running interview through the API (docs/interviews.md), on SQLite and
PostgreSQL: the interviewer pauses, the persona answers the typed question, and after the
hand back the AI interviewer decides from the typed exchange. The refusals name the problem."""

from __future__ import annotations

import csv
import io
import time

import pytest

from support.interview_script import INTERVIEWER_SYSTEM, interview_body, responder
from support.sessions_helpers import session_body, wait_idle, wait_until

pytestmark = [pytest.mark.timeout(120), pytest.mark.fake_llm(responder=responder, latency=0.3)]

TYPED = "What makes compostable matter to you?"  # the script answers it about the kids


def _decisions(fake_llm) -> list[dict]:
    return [
        b
        for b in fake_llm.requests
        if str(b["messages"][0]["content"]).startswith(INTERVIEWER_SYSTEM)
    ]


def _keys(view: dict) -> list[tuple]:
    return [(m["kind"], m["questionIndex"], m["round"]) for m in view["messages"]]


def test_the_ai_interviewer_pauses_the_persona_answers_then_it_goes_on(api, fake_llm):
    sid = api.post("/api/sessions", json=interview_body()).json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    taken = api.post(f"/api/sessions/{sid}/take-over")
    assert taken.status_code == 200, taken.text
    assert taken.json()["takenOver"] is True and taken.json()["typedQuestion"] is None
    again = api.post(f"/api/sessions/{sid}/take-over")
    assert again.status_code == 409 and "already taken over" in again.json()["error"]

    # The persona's first answer comes; the interviewer decides nothing while taken over.
    wait_until(api, sid, lambda v: len(v["messages"]) >= 2, timeout=30)
    time.sleep(1.0)
    assert _keys(api.get(f"/api/sessions/{sid}").json()) == [
        ("question", 0, 0),
        ("response", 0, 0),
    ]
    assert _decisions(fake_llm) == []

    for text, fragment in (("   ", "Type a question"), ("x" * 2001, "at most 2000")):
        bad = api.post(f"/api/sessions/{sid}/questions", json={"text": text})
        assert bad.status_code == 422 and fragment in bad.json()["error"], bad.text
    asked = api.post(f"/api/sessions/{sid}/questions", json={"text": f"  {TYPED}  "})
    assert asked.status_code == 200, asked.text
    view = wait_until(api, sid, lambda v: len(v["messages"]) >= 4, timeout=30)
    typed, answer = view["messages"][2], view["messages"][3]
    assert (typed["kind"], typed["questionIndex"], typed["round"]) == ("researcher", 0, 1)
    assert typed["content"] == TYPED and typed["speaker"] == "Moderator"
    assert (answer["kind"], answer["round"]) == ("response", 1)
    assert answer["content"].startswith("Compostable matters because my kids")
    assert view["typedQuestion"] is None and view["takenOver"] is True
    time.sleep(1.0)
    assert len(api.get(f"/api/sessions/{sid}").json()["messages"]) == 4
    assert _decisions(fake_llm) == []  # still no decision call

    back = api.post(f"/api/sessions/{sid}/hand-back")
    assert back.status_code == 200 and back.json()["takenOver"] is False
    assert api.post(f"/api/sessions/{sid}/hand-back").status_code == 409
    done = wait_idle(api, sid, timeout=60)
    assert done["status"] == "completed" and done["error"] is None
    assert _keys(done) == [
        ("question", 0, 0),
        ("response", 0, 0),
        ("researcher", 0, 1),
        ("response", 0, 1),
        ("probe", 0, 2),  # "kids" in the answer to the typed question: ask for an example
        ("response", 0, 2),
        ("summary", 0, 3),
        ("question", 1, 0),
        ("response", 1, 0),
        ("probe", 1, 1),
        ("response", 1, 1),
        ("summary", 1, 2),
    ]
    first = _decisions(fake_llm)[0]["messages"][-1]["content"]
    assert f"Researcher: {TYPED}" in first
    assert done["messages"][4]["content"].startswith("Can you give an example")

    rows = list(csv.reader(io.StringIO(api.get(f"/api/sessions/{sid}/export.csv").text)))
    assert any(row[:2] == ["Researcher", TYPED] for row in rows)
    md = api.get(f"/api/sessions/{sid}/export.md").text
    assert "**Researcher** (typed question" in md and TYPED in md
    exported = api.get(f"/api/sessions/{sid}/export.json").json()
    assert [m["speaker"] for m in exported["messages"]][2] == "Researcher"
    analytics = api.get(f"/api/sessions/{sid}/analytics").json()
    assert sum(p["responses"] for p in analytics["participation"]) == 5  # answers only


def test_the_scripted_interviewer_asks_the_typed_question_before_the_next_guide_question(
    api, fake_llm
):
    sid = api.post("/api/sessions", json=interview_body(moderator="scripted")).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    assert api.post(f"/api/sessions/{sid}/take-over").status_code == 200
    assert api.post(f"/api/sessions/{sid}/questions", json={"text": TYPED}).status_code == 200
    waiting = api.post(f"/api/sessions/{sid}/questions", json={"text": "And then?"})
    assert waiting.status_code == 409 and "not been asked yet" in waiting.json()["error"]
    wait_until(api, sid, lambda v: len(v["messages"]) >= 4, timeout=30)
    assert api.post(f"/api/sessions/{sid}/hand-back").status_code == 200
    done = wait_idle(api, sid, timeout=60)
    assert done["status"] == "completed"
    assert _keys(done) == [
        ("question", 0, 0),
        ("response", 0, 0),
        ("researcher", 0, 1),
        ("response", 0, 1),
        ("question", 1, 0),
        ("response", 1, 0),
    ]
    assert done["takenOver"] is False


def test_take_over_refusals_name_the_problem(api):
    gid = api.post("/api/sessions", json=session_body()).json()["id"]
    group = api.post(f"/api/sessions/{gid}/take-over")
    assert group.status_code == 409 and "interviews only" in group.json()["error"]
    iid = api.post("/api/sessions", json=interview_body()).json()["id"]  # a draft: not running
    idle = api.post(f"/api/sessions/{iid}/take-over")
    assert idle.status_code == 409 and "not running" in idle.json()["error"]
    ask = api.post(f"/api/sessions/{iid}/questions", json={"text": "Why?"})
    assert ask.status_code == 409 and "not running" in ask.json()["error"]
    back = api.post(f"/api/sessions/{iid}/hand-back")
    assert back.status_code == 409 and "Take over the interview" in back.json()["error"]
    missing = api.post(f"/api/sessions/{iid}/questions", json={})
    assert missing.status_code == 422
    assert api.post("/api/sessions/nope/take-over").status_code == 404
