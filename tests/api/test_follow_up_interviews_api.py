"""Follow-up interviews through the API (docs/interviews.md "Follow-up interviews"): an
interview with a completed focus group's participant, whose prompts carry what it
remembers of the group (its own turns, the others', its private stances), the link both
ways, and each refusal named."""

from __future__ import annotations

import pytest

from support.follow_up_script import INTERVIEW_ANSWER, GroupThenInterview
from support.sessions_helpers import session_body, wait_idle

pytestmark = [pytest.mark.timeout(120)]

STANCES = (
    "Your private answer (1-5, disagree to agree): before the discussion 2 (disagree), "
    "after it 4 (agree)"
)


def _completed_group(api, **settings) -> dict:
    body = session_body(settings={"responseLength": "brief", **settings})
    sid = api.post("/api/sessions", json=body).json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_idle(api, sid, timeout=60)
    assert view["status"] == "completed" and view["error"] is None, view["error"]
    return view


def _follow_up(api, group_id: str, **body) -> object:
    return api.post(f"/api/sessions/{group_id}/follow-up-interviews", json=body)


def test_the_follow_up_prompts_carry_the_groups_turns_and_stances(api, fake_llm):
    fake_llm.set_responder(GroupThenInterview())
    group = _completed_group(api, privateAnswers=True)
    me, other = group["participants"][0], group["participants"][1]
    question = f"Why did you change your mind after {other['name']}'s point?"
    created = _follow_up(
        api, group["id"], participantId=me["id"], questions=[question], interviewer="scripted"
    )
    assert created.status_code == 201, created.text
    interview = created.json()
    assert interview["kind"] == "interview" and interview["status"] == "in-progress"
    assert interview["participants"] == [me]  # the persona as it was in the group
    assert interview["name"] == f"Follow-up: {me['name']} (Eco packaging)"
    link = interview["followUpOf"]
    public = [m for m in group["messages"] if m["kind"] == "response"]
    assert link["sessionId"] == group["id"] and link["participantId"] == me["id"]
    assert link["groupName"] == "Eco packaging" and link["participantName"] == me["name"]
    assert (link["rememberedTurns"], link["leftOut"]) == (len(public), 0)
    listed = api.get(f"/api/sessions/{group['id']}").json()["followUps"]
    assert [(f["id"], f["participantId"], f["status"]) for f in listed] == [
        (interview["id"], me["id"], "in-progress")
    ]

    assert api.post(f"/api/sessions/{interview['id']}/run").status_code == 200
    done = wait_idle(api, interview["id"], timeout=60)
    assert done["status"] == "completed" and done["error"] is None
    assert [m["content"] for m in done["messages"]] == [question, INTERVIEW_ANSWER]
    prompts = [
        b["messages"][-1]["content"]
        for b in fake_llm.requests
        if "in-depth research interview" in str(b["messages"][0]["content"])
    ]
    assert len(prompts) == 1
    prompt = prompts[0]
    assert 'What you remember from the focus group "Eco packaging"' in prompt
    for m in public:  # every turn of the group: own ones as "You", the others' by name
        who = "You" if m["participantIndex"] == 0 else m["speaker"]
        assert f"{who}: {m['content']}" in prompt
    assert prompt.count(STANCES) == 2  # both questions had private answers
    assert "Question 1: What do you think of the pouch?" in prompt
    assert "Not for me." not in prompt  # the stance is remembered, not the private text
    assert prompt.index("What you remember") < prompt.index(f"now asks you: {question}")


def test_each_refusal_is_named(api, fake_llm):
    fake_llm.set_responder(GroupThenInterview())
    group = _completed_group(api)
    pid = group["participants"][0]["id"]
    guide = ["Why?"]

    missing = _follow_up(api, "s-none", participantId=pid, questions=guide)
    assert missing.status_code == 404

    stranger = _follow_up(api, group["id"], participantId="p-nobody", questions=guide)
    assert stranger.status_code == 422
    assert stranger.json()["errors"] == [
        "Participant 'p-nobody' did not take part in this focus group"
    ]
    nobody = _follow_up(api, group["id"], questions=guide)
    assert nobody.json()["errors"] == ["Choose the participant to interview (participantId)"]
    no_guide = _follow_up(api, group["id"], participantId=pid, questions=["  "])
    assert no_guide.status_code == 422
    assert no_guide.json()["errors"] == ["An interview guide needs 1-30 questions or topics"]
    bad = _follow_up(api, group["id"], participantId=pid, questions=guide, interviewer="bot")
    assert bad.json()["errors"] == ["Interviewer must be scripted or ai"]
    probes = _follow_up(api, group["id"], participantId=pid, questions=guide, maxProbes=9)
    assert probes.status_code == 422
    assert "maxProbes" in probes.json()["errors"][0]

    draft = api.post("/api/sessions", json=session_body(name="Not run")).json()
    unfinished = _follow_up(api, draft["id"], participantId=pid, questions=guide)
    assert unfinished.status_code == 409
    assert unfinished.json()["error"] == (
        "Only a completed focus group can be followed up: 'Not run' is in-progress"
    )

    ok = _follow_up(api, group["id"], participantId=pid, questions=guide, interviewer="ai")
    assert ok.status_code == 201 and ok.json()["settings"]["maxProbes"] == 2
    again = _follow_up(api, ok.json()["id"], participantId=pid, questions=guide)
    assert again.status_code == 409
    assert again.json()["error"].startswith("This session is an interview")


def test_a_human_group_is_refused(api):
    text = "Moderator: What do you think?\nAna: I like it.\nBen: Too dear.\n"
    files = {"file": ("group.txt", text.encode(), "text/plain")}
    human = api.post("/api/sessions/import", files=files)
    assert human.status_code == 201, human.text
    refused = _follow_up(api, human.json()["id"], participantId=f"{human.json()['id']}-p0")
    assert refused.status_code == 409
    assert refused.json()["error"].startswith("This is a real human group")


def test_a_copy_of_a_follow_up_remembers_the_same_group(api, fake_llm):
    fake_llm.set_responder(GroupThenInterview())
    group = _completed_group(api)
    pid = group["participants"][1]["id"]
    made = _follow_up(api, group["id"], participantId=pid, questions=["Why?"]).json()
    copy = api.post(f"/api/sessions/{made['id']}/duplicate").json()
    assert copy["followUpOf"] == made["followUpOf"]
    listed = api.get(f"/api/sessions/{group['id']}").json()["followUps"]
    assert {f["id"] for f in listed} == {made["id"], copy["id"]}
