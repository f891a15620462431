"""The session setting "Prompt layout: cache-friendly" through the API and the runner
(docs/usage-and-cost.md#prompt-caching): stored and returned, refused when unknown, and a
run whose every answer prompt begins with what the previous answer prompt shared (the
materials and the whole session's discussion), the persona and the turn after it."""

from __future__ import annotations

import itertools

from support.sessions_helpers import session_body, wait_idle

WHO = "\nWho you are in this group:\n"


def _answers(fake) -> list[str]:
    """The user prompt of every answer request, in order (private answers: none here)."""
    return [
        r["messages"][-1]["content"]
        for r in fake.requests
        if WHO in str(r["messages"][-1]["content"])
    ]


def test_a_cache_friendly_run(api, fake_llm):
    fake_llm.set_responder(lambda body: "I like the pouch, it feels sturdy enough.")
    body = session_body(settings={"responseLength": "brief", "promptLayout": "cache-friendly"})
    made = api.post("/api/sessions", json=body)
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    assert made.json()["settings"]["promptLayout"] == "cache-friendly"
    api.post(f"/api/sessions/{sid}/run")
    assert wait_idle(api, sid)["status"] == "completed"
    prompts = _answers(fake_llm)
    assert len(prompts) == 2 * 3 * 3  # 2 questions x 3 rounds x 3 participants
    shared = [p[: p.index(WHO)] for p in prompts]
    for before, after in itertools.pairwise(shared):
        assert after.startswith(before)  # each extends the previous call's beginning
    # The second question's prompts carry the first question's discussion, whole.
    first_q = "Moderator: What do you think of the pouch?\n"
    assert first_q in shared[9] and shared[9].count("I like the pouch") == 9
    assert shared[0].endswith("The discussion so far:\n" + first_q)
    assert prompts[0].endswith("Give your own first answer to the question.")
    # Every answer request has the group's system prompt, not the persona's.
    systems = {
        r["messages"][0]["content"]
        for r in fake_llm.requests
        if r["messages"][0]["role"] == "system"
    }
    assert len(systems) == 1 and next(iter(systems)).startswith("You are one participant")


def test_the_default_layout_and_a_refused_one(api):
    plain = api.post("/api/sessions", json=session_body()).json()
    assert "promptLayout" not in plain["settings"]  # persona-first, the default
    bad = api.post("/api/sessions", json=session_body(settings={"promptLayout": "sideways"}))
    assert bad.status_code == 422
    assert "Prompt layout must be persona-first or cache-friendly" in bad.json()["errors"]
