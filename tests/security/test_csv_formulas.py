"""Every CSV the app serves goes through one writer that neutralises formulas
(docs/reliability.md): a walk over every CSV endpoint with hostile text in every field a user or a
model controls, asserting no cell, and no line inside a cell, starts like a formula."""

import csv
import io

import pytest

from colloquy.domain.studies.prompts import CODING_SYSTEM, THEMES_SYSTEM
from colloquy.store.tables import StudyRow
from support.fake_openai import Reply, run_fake_openai
from support.sessions_helpers import app_client, session_body, wait_idle

pytestmark = pytest.mark.timeout(90)

FORMULA = '=HYPERLINK("http://x","click")'
HOSTILE = f"{FORMULA}\n@SUM(A1)\r\n+1\n-2\t"
STARTS = ("=", "+", "-", "@", "\t", "\r")


def persona(name: str) -> dict:
    traits = dict.fromkeys(
        ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"), 50
    )
    return {
        "name": name,
        "age": 33,
        "gender": "Female",
        "location": FORMULA,
        "income": "$60k-$100k",
        "interests": [HOSTILE],
        "traits": traits,
    }


def hostile_model(body: dict) -> Reply:
    """Every answer hostile; a synthesis' themes named by a formula and its quotes one."""
    system = "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")
    if system.startswith(THEMES_SYSTEM):
        return {"themes": [{"label": FORMULA, "description": HOSTILE}]}
    if system.startswith(CODING_SYSTEM):
        return {"quotes": [{"theme": "T1", "answer": 1, "quote": FORMULA, "stance": "for"}]}
    return HOSTILE


def csv_endpoints(api) -> list[str]:
    """Every route of the app that serves CSV (found from the routes, not listed by hand)."""
    paths = api.get("/openapi.json").json()["paths"]
    found = [p for p, ops in paths.items() if "get" in ops and p.endswith(".csv")]
    assert len(found) >= 4, found  # sessions, personas, template, surveys
    return found


def assert_inert(text: str, where: str) -> None:
    for line in text.splitlines():  # a reader that ignores quoting: every raw line
        assert not line.lstrip('"').startswith(STARTS), (where, line)
    for row in csv.reader(io.StringIO(text, newline="")):
        for cell in row:
            for part in cell.replace("\r", "\n").split("\n"):
                assert not part.startswith(STARTS), (where, cell)


async def _study(api, session_ids: list[str], synthesis_id: str) -> str:
    """A completed study over the session, its name and guide hostile (its quotes CSV carries
    the study's header); the session stands in for its interview."""
    row = StudyRow(
        id="study-hostile",
        name=HOSTILE,
        questions=[FORMULA],
        settings={"moderator": "scripted", "maxProbes": 0, "responseLength": "brief"},
        persona_ids=[],
        session_ids=session_ids,
        status="completed",
        synthesis_id=synthesis_id,
    )
    async with api.app.state.runtime.sessionmaker() as db:
        db.add(row)
        await db.commit()
    return row.id


def test_every_csv_endpoint_neutralises_formulas(settings):
    settings.llm_model = f"m\n{FORMULA}"  # a model name with a newline starting a formula
    with run_fake_openai(hostile_model) as fake, app_client(settings, fake) as api:
        made = [api.post("/api/personas", json=persona(f"{FORMULA} {i}")) for i in range(3)]
        assert all(m.status_code == 201 for m in made), made[0].text
        ids = [m.json()["id"] for m in made]
        s = api.post(
            "/api/sessions",
            json=session_body(name=FORMULA, participantIds=ids, questions=[FORMULA, f"@{FORMULA}"]),
        )
        assert s.status_code == 201, s.text
        s = s.json()
        api.post(f"/api/sessions/{s['id']}/run")
        assert wait_idle(api, s["id"])["status"] == "completed"
        survey = api.post(
            "/api/surveys",
            json={
                "name": "Hostile",
                "concepts": [{"type": "text", "title": FORMULA, "content": "x"}],
                "questions": [{"text": FORMULA, "scale": "purchase_intent"}],
                "respondentIds": ids,
                "samples": 1,
            },
        ).json()
        api.post(f"/api/surveys/{survey['id']}/run")
        for _ in range(600):
            status = api.get(f"/api/surveys/{survey['id']}").json()["status"]
            if status != "running":
                break
        assert status == "completed"
        synthesis = api.post("/api/syntheses", json={"sessionIds": [s["id"]]}).json()
        for _ in range(600):
            done = api.get(f"/api/syntheses/{synthesis['id']}").json()
            if done["status"] != "running":
                break
        assert done["status"] == "completed", done
        study_id = api.portal.call(_study, api, [s["id"]], synthesis["id"])
        ids_for = {
            "{session_id}": s["id"],
            "{survey_id}": survey["id"],
            "{synthesis_id}": synthesis["id"],
            "{study_id}": study_id,
        }
        seen = []
        for path in csv_endpoints(api):
            for key, value in ids_for.items():
                path = path.replace(key, value)
            res = api.get(path)
            assert res.status_code == 200, (path, res.text)
            assert_inert(res.text, path)
            seen.append(res.text)
    (survey_text,) = [t for t in seen if t.startswith("# Simulated respondents")]
    cells = [c for row in csv.reader(io.StringIO(survey_text, newline="")) for c in row]
    assert f"'{FORMULA}" in cells  # question and concept kept whole, neutralised
    assert any(c.startswith("'=HYPERLINK") and "\n'@SUM(A1)" in c for c in cells)  # answers
    quotes_text = next(t for t in seen if t.startswith("theme_id"))
    quotes = list(csv.reader(io.StringIO(quotes_text, newline="")))
    assert len(quotes) > 1 and f"'{FORMULA}" in quotes[1]  # the theme and quote, neutralised
