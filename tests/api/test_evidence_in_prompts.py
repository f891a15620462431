"""A grounded persona's answers (docs/evidence.md): the passages that answer the question go at the
end of its system prompt, the same for every turn of one question, after a part that never
changes; the budget holds; personas without evidence get no evidence block."""

import time

import pytest

from colloquy.domain.personas.evidence_budget import HEADING, estimate_tokens
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

pytestmark = pytest.mark.timeout(120)

CAR = (
    "My car is a twelve-year-old hatchback. I would only switch to an electric car if "
    "charging at my apartment building were possible and the price came down."
)
PETS = (
    "We adopted a rescue dog last spring. Walking her twice a day changed my routine and "
    "I now spend a lot on grain-free dog food and vet visits."
)
QUESTIONS = ["Would you buy an electric car?", "What do you spend on your dog?"]


def test_evidence_is_chosen_per_question_and_the_prefix_is_stable(settings):
    settings.evidence_token_budget = 90  # the heading (32) and one passage (~37), not two
    with fake_model() as fake, app_client(settings, fake) as api:
        for name, text in (("car.txt", CAR), ("pets.txt", PETS)):
            res = api.post("/api/personas/p1/evidence", files={"file": (name, text.encode())})
            assert res.status_code == 201, res.text
        names = {p["id"]: p["name"] for p in api.get("/api/personas").json()}
        body = session_body(participantIds=["p1", "p2", "p3"], questions=QUESTIONS)
        s = api.post("/api/sessions", json=body).json()
        assert "id" in s, s
        api.post(f"/api/sessions/{s['id']}/run")
        assert wait_idle(api, s["id"])["status"] == "completed"
        requests = list(fake.requests)

    def systems(persona_id: str, question: str) -> list[str]:
        out = []
        for r in requests:
            system = next(m["content"] for m in r["messages"] if m["role"] == "system")
            user = next(m["content"] for m in r["messages"] if m["role"] == "user")
            user = user if isinstance(user, str) else " ".join(p.get("text", "") for p in user)
            if f"as {names[persona_id]} at all times" in system and question in user:
                out.append(system)
        return out

    car_turns, dog_turns = systems("p1", QUESTIONS[0]), systems("p1", QUESTIONS[1])
    assert len(car_turns) >= 2 and len(dog_turns) >= 2  # rounds of each question
    assert len(set(car_turns)) == 1 and len(set(dog_turns)) == 1  # same all question
    car_prefix, car_block = car_turns[0].split("\n\n" + HEADING)
    dog_prefix, dog_block = dog_turns[0].split("\n\n" + HEADING)
    assert car_prefix == dog_prefix  # the persona's part never changes
    assert CAR in car_block and PETS not in car_block
    assert PETS in dog_block and CAR not in dog_block
    assert estimate_tokens(HEADING + car_block) <= 90
    for question in QUESTIONS:
        assert all(HEADING not in system for system in systems("p2", question))


def _systems(requests) -> list[str]:
    return [next(m["content"] for m in r["messages"] if m["role"] == "system") for r in requests]


def test_surveys_and_the_personality_audit_use_evidence(settings):
    # the plumbing, whatever the passage's similarity (the floor has its own test)
    settings.evidence_min_similarity = -1.0
    kettle = "I boil water on a camping stove and would love a kettle that runs on the sun."
    with fake_model() as fake, app_client(settings, fake) as api:
        res = api.post("/api/personas/p1/evidence", files={"file": ("k.txt", kettle.encode())})
        assert res.status_code == 201, res.text
        survey = api.post(
            "/api/surveys",
            json={
                "name": "Kettles",
                "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun power."}],
                "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
                "respondentIds": ["p1", "p2"],
                "samples": 2,
            },
        ).json()
        assert api.post(f"/api/surveys/{survey['id']}/run").status_code in (200, 202)
        for _ in range(600):
            if api.get(f"/api/surveys/{survey['id']}").json()["status"] == "completed":
                break
            time.sleep(0.05)
        grounded = [s for s in _systems(fake.requests) if HEADING in s]
        assert len(grounded) == 2  # p1's two samples; p2 has no evidence
        assert all(kettle in s for s in grounded)
        fake.requests.clear()
        assert api.post("/api/personas/p1/audit").status_code == 201
        systems = _systems(fake.requests)
        assert systems and all(HEADING in s and kettle in s for s in systems)


def test_ai_assist_suggests_traits_from_the_evidence(settings):
    kettle = "I boil water on a camping stove and would love a kettle that runs on the sun. " * 3
    with fake_model() as fake, app_client(settings, fake) as api:
        empty = api.post("/api/personas/p1/evidence/assist")
        assert empty.status_code == 422
        assert empty.json()["errors"] == [
            "This persona has no evidence to analyze: add a document first"
        ]
        res = api.post("/api/personas/p1/evidence", files={"file": ("k.txt", kettle.encode())})
        assert res.status_code == 201
        fake.requests.clear()
        out = api.post("/api/personas/p1/evidence/assist")
        assert out.status_code == 200, out.text
        assert set(out.json()["traits"]) >= {"openness", "neuroticism"}
        first_user = next(m for m in fake.requests[0]["messages"] if m["role"] == "user")
        assert "camping stove" in first_user["content"]
        assert api.post("/api/personas/nobody/evidence/assist").status_code == 404
