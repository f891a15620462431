"""A grounded persona's private answers (29) carry the same evidence block as its
public answers to the same question: chosen once per participant and question."""

import pytest

from colloquy.domain.personas.evidence_budget import HEADING
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
PRIVATE = "nobody else in the group will see your answer"


def _text(content) -> str:
    return content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)


def test_private_answers_of_a_grounded_persona_carry_its_evidence(settings):
    settings.evidence_token_budget = 90  # the heading and one passage, not two
    with fake_model() as fake, app_client(settings, fake) as api:
        for name, text in (("car.txt", CAR), ("pets.txt", PETS)):
            res = api.post("/api/personas/p1/evidence", files={"file": (name, text.encode())})
            assert res.status_code == 201, res.text
        names = {p["id"]: p["name"] for p in api.get("/api/personas").json()}
        body = session_body(
            participantIds=["p1", "p2", "p3"],
            questions=QUESTIONS,
            stimuli=[],
            settings={
                "responseLength": "brief",
                "discussionMode": "sequential",
                "autoAdvance": False,
                "privateAnswers": True,
            },
        )
        s = api.post("/api/sessions", json=body).json()
        assert "id" in s, s
        api.post(f"/api/sessions/{s['id']}/run")
        view = wait_idle(api, s["id"], timeout=60)
        assert view["status"] == "completed", view.get("error")
        requests = list(fake.requests)

    def systems(persona_id: str, question: str, private: bool) -> list[str]:
        out = []
        for r in requests:
            system = next(m["content"] for m in r["messages"] if m["role"] == "system")
            user = _text(next(m["content"] for m in r["messages"] if m["role"] == "user"))
            mine = f"as {names[persona_id]} at all times" in system
            if mine and question in user and (PRIVATE in user) == private:
                out.append(system)
        return out

    for question, own, other in ((QUESTIONS[0], CAR, PETS), (QUESTIONS[1], PETS, CAR)):
        private, public = systems("p1", question, True), systems("p1", question, False)
        assert len(private) == 2 and public  # before and after, and the discussion turns
        assert all(HEADING in system for system in private)
        block = private[0].split("\n\n" + HEADING)[1]
        assert own in block and other not in block
        assert set(private) == set(public)  # the very same prompt as its public answers
        assert len(systems("p2", question, True)) == 2
        assert all(HEADING not in system for system in systems("p2", question, True))
