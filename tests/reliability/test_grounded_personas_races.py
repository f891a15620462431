"""Personas from a human group under concurrency and at scale (docs/evidence.md, "Personas
from real people"), on SQLite and PostgreSQL: concurrent requests make each participant's
persona once; a group with more speakers than one request makes is refused before any
model call; a budget stops the model calls and nothing is stored."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from colloquy.domain.personas.from_people import GROUP_PEOPLE_MAX
from colloquy.services.personas import from_people
from support.fake_openai import FakeReply, default_responder
from support.sessions_helpers import app_client, fake_model

pytestmark = pytest.mark.timeout(120)

GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Chidi: Porridge, every day, with honey.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
"""


def slow(body):
    """Each call takes a while, so concurrent requests overlap during their model calls."""
    reply = default_responder(body)
    content = reply.content if isinstance(reply, FakeReply) else reply
    return FakeReply(content, delay=0.3)


def import_group(api, text: str = GROUP) -> str:
    res = api.post("/api/sessions/import", files={"file": ("group.txt", text.encode())})
    assert res.status_code == 201, res.text
    return res.json()["id"]


def evidence_count(api) -> int:
    personas = api.get("/api/personas").json()
    return sum(p["evidence"]["documents"] for p in personas)


def test_concurrent_requests_make_each_persona_once(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        fake.set_responder(slow)
        sid = import_group(api)
        before, docs_before = len(api.get("/api/personas").json()), evidence_count(api)
        with ThreadPoolExecutor(3) as pool:
            results = list(
                pool.map(lambda _: api.post(f"/api/sessions/{sid}/grounded-personas"), range(3))
            )
        codes = sorted(r.status_code for r in results)
        assert codes == [201, 409, 409], [r.text for r in results]
        refused = [r.json()["error"] for r in results if r.status_code == 409]
        assert refused == [from_people.MSG_BUSY] * 2
        assert from_people.MSG_BUSY == (
            "Personas are being made from this group by another request; try again when it ends"
        )
        made = next(r.json() for r in results if r.status_code == 201)
        assert [p["name"] for p in made["personas"]] == ["Maria", "Ben", "Chidi"]
        assert len(api.get("/api/personas").json()) == before + 3
        assert evidence_count(api) == docs_before + 3
        # The group maps exactly the personas made; a later request says they exist.
        again = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert again.status_code == 409
        assert again.json()["error"] == "Personas were already made from this group"
        replay = api.post(f"/api/sessions/{sid}/replay")
        assert replay.status_code == 201, replay.text
        assert [p["id"] for p in replay.json()["participants"]] == [
            p["id"] for p in made["personas"]
        ]


def test_a_failed_request_gives_the_group_back(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        fake.set_responder(lambda body: FakeReply("x" * 10))  # answers, traits unreadable
        # Words over the evidence limit fail the request after the claim was taken.
        long_turn = "Maria: " + "word " * 200_001
        # Under the first question: the personas learn from every other question, the first
        # included (held-out replay, docs/evidence.md).
        big = import_group(api, GROUP.replace("Moderator: Would", long_turn + "\nModerator: Would"))
        res = api.post(f"/api/sessions/{big}/grounded-personas")
        assert res.status_code == 422, res.text
        assert "more than 200,000 words" in res.json()["errors"][0]
        # Not held by the failed request: a second try runs (and fails the same way).
        assert api.post(f"/api/sessions/{big}/grounded-personas").status_code == 422
        assert api.post(f"/api/sessions/{sid}/grounded-personas").status_code == 201


def test_more_speakers_than_the_cap_are_refused_before_any_call(settings):
    people = GROUP_PEOPLE_MAX + 1
    lines = ["Moderator: Tell us about breakfast."] + [
        f"Person {i}: I eat toast number {i}." for i in range(people)
    ]
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api, "\n".join(lines) + "\n")
        fake.reset()
        res = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert res.status_code == 422, res.text
        assert res.json()["errors"] == [
            (
                f"This group has {people} participants who spoke; personas are made from at "
                f"most {GROUP_PEOPLE_MAX} at once (each costs one or two model calls)"
            )
        ]
        assert fake.requests == []


def test_the_budget_stops_the_model_calls_and_nothing_is_stored(settings):
    # $1,000 per 1M answer tokens, prompts free. Maria's analysis: bound 450 tokens = $0.45
    # (fits $0.50), costs 100 tokens = $0.10; it names no trait scores, so the follow-up:
    # bound 150 = $0.15 (0.10 + 0.15 fits), costs $0.10; Ben's analysis: 0.20 + 0.45 > 0.50.
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        prices = {"test-model": {"input": 0, "output": 1000}}
        assert api.put("/api/settings/prices", json=prices).status_code == 200
        assert api.put("/api/settings/budget", json={"budgetUsd": 0.5}).status_code == 200
        fake.set_responder(lambda body: FakeReply("Calm.", completion_tokens=100))
        before = len(api.get("/api/personas").json())
        fake.reset()
        res = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert res.status_code == 409, res.text
        assert res.json()["code"] == "budget_reached"
        assert res.json()["error"] == (
            "Budget reached: $0.20 of $0.50 spent; no personas were made"
        )
        assert len(fake.requests) == 2
        assert len(api.get("/api/personas").json()) == before
        # Raised: the group is free again and the personas are made.
        assert api.put("/api/settings/budget", json={"budgetUsd": None}).status_code == 200
        assert api.post(f"/api/sessions/{sid}/grounded-personas").status_code == 201
