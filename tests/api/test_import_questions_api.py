"""POST /api/sessions/import: the preview lists every moderator turn as a question or a
probe, the researcher's corrected list (`questionStarts`) is what is saved, and a group
with the shape of real ones is graded good by the health report
(docs/measured-against-people.md, "Questions and probes")."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from colloquy.domain.sessions.transcript_import import MSG_BAD_STARTS, msg_not_moderator_turn
from domain import human_discussion

BODY = human_discussion.TRANSCRIPT.encode()


def post(client: TestClient, query: str = "", **fields: str):
    files = {"file": ("bikes.txt", BODY, "text/plain")}
    return client.post(f"/api/sessions/import{query}", files=files, data=fields)


def test_the_preview_lists_questions_and_probes(client: TestClient) -> None:
    res = post(client, "?dryRun=true")
    assert res.status_code == 200, res.text
    body = res.json()
    turns = body["moderatorTurns"]
    assert [t["turn"] for t in turns if t["opensQuestion"]] == [0, 10, 24, 33, 45]
    assert len(body["questions"]) == human_discussion.QUESTIONS
    assert {"turn": 13, "text": "Why not?", "opensQuestion": False, "reason": "probe: cue"} in turns
    assert {s["name"]: s["backchannels"] for s in body["speakers"]}["Priya"] == 1


def test_the_corrected_questions_are_saved(client: TestClient) -> None:
    # Merge the last question into the one before, split "Why not?" off as its own.
    res = post(client, questionStarts=json.dumps([0, 10, 13, 24, 33]))
    assert res.status_code == 201, res.text
    sid = res.json()["id"]
    session = client.get(f"/api/sessions/{sid}").json()
    assert session["questions"][2] == "Why not?" and len(session["questions"]) == 5
    by_id = {m["id"]: m for m in session["messages"]}
    assert by_id[f"{sid}-m14"]["questionIndex"] == 2  # Tom's answer to "Why not?"
    assert by_id[f"{sid}-m46"]["questionIndex"] == 4  # after the merged turn 45


def test_bad_question_starts_are_refused_and_nothing_is_saved(client: TestClient) -> None:
    before = client.get("/api/sessions").json()
    res = post(client, questionStarts="[0, 1]")
    assert res.status_code == 422
    assert msg_not_moderator_turn(1) in res.text
    res = post(client, questionStarts="first")
    assert res.status_code == 422 and MSG_BAD_STARTS in res.text
    assert client.get("/api/sessions").json() == before


def test_a_group_shaped_like_real_ones_is_graded_good(client: TestClient) -> None:
    sid = post(client).json()["id"]
    health = client.get(f"/api/sessions/{sid}/health").json()
    findings = {f["key"]: f for f in health["findings"]}
    assert health["answerCount"] == human_discussion.ANSWERS
    assert findings["characterBreaks"]["data"]["count"] == 0  # "[Priya: Yeah.]" is no voice
    assert findings["conformity"]["data"]["method"] == "turns"
    assert health["overall"] == "good", health["warnings"]
