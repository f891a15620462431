"""Personas from real people (docs/evidence.md): from an imported human group (every turn
kept as evidence) and from a survey export CSV (mapping preview, per-row messages,
nothing half-imported)."""

from __future__ import annotations

import json

import pytest

from support.sessions_helpers import app_client, fake_model, session_body

pytestmark = pytest.mark.timeout(120)

GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Chidi: Porridge, every day, with honey.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
Chidi: No. Too pricey for me.
Ben: I dunno, depends.
"""
TURNS = {
    "Maria": ["Toast and coffee. Nothing fancy.", "Maybe, if it tastes good."],
    "Ben": ["I skip it mostly, I'm never hungry that early.", "I dunno, depends."],
    "Chidi": ["Porridge, every day, with honey.", "No. Too pricey for me."],
}


def import_group(api) -> str:
    res = api.post("/api/sessions/import", files={"file": ("group.txt", GROUP.encode())})
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_group_participants_become_grounded_personas_from_the_evidence_questions(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        before = len(api.get("/api/personas").json())
        res = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert res.status_code == 201, res.text
        body = res.json()
        assert [p["name"] for p in body["personas"]] == ["Maria", "Ben", "Chidi"]
        # default: every other question from the first; question 2 is held out
        assert [p["turns"] for p in body["participants"]] == [1, 1, 1]
        assert body["evidenceQuestions"] == [0] and body["heldOutQuestions"] == [1]
        for persona in body["personas"]:
            assert persona["evidence"]["tier"] == "grounded"
            assert {"from people", "fill in demographics"} <= set(persona["tags"])
            (doc,) = api.get(f"/api/personas/{persona['id']}/evidence").json()
            assert doc["source"] == "human group"
            text = api.get(
                f"/api/personas/export.json?ids={persona['id']}&includeEvidence=true"
            ).json()["personas"][0]["evidenceDocuments"][0]["text"]
            learnt, held_out = TURNS[persona["name"]]
            assert learnt in text and held_out not in text
        assert len(api.get("/api/personas").json()) == before + 3
        again = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert again.status_code == 409
        assert again.json()["error"] == "Personas were already made from this group"
        assert len(api.get("/api/personas").json()) == before + 3
        for persona in body["personas"]:  # all deleted: they can be made again
            assert api.delete(f"/api/personas/{persona['id']}").status_code == 204
        every = api.post(f"/api/sessions/{sid}/grounded-personas", json={"split": "all"})
        assert every.status_code == 201
        assert [p["turns"] for p in every.json()["participants"]] == [2, 2, 2]

        simulated = api.post("/api/sessions", json=session_body()).json()
        refused = api.post(f"/api/sessions/{simulated['id']}/grounded-personas")
        assert refused.status_code == 422
        assert refused.json()["errors"] == [
            "Personas can be made only from an imported human group"
        ]
        assert api.post("/api/sessions/nope/grounded-personas").status_code == 404


CSV = (
    "Respondent,Age,Gender,City,Income,Why do you buy coffee?,What would make you switch?\n"
    "Ann Lee,34,Female,Leeds,$40-60k,I need it to wake up,A cheaper local roaster\n"
    "Raj Patel,51,Male,Derby,$60-100k,The taste of a dark roast,Nothing really\n"
)


def post_csv(client, text: str, query: str = "", mapping: dict | None = None):
    data = {"mapping": json.dumps(mapping)} if mapping is not None else {}
    files = {"file": ("survey.csv", text.encode(), "text/csv")}
    return client.post(f"/api/personas/from-survey{query}", files=files, data=data)


def test_survey_csv_preview_then_import(client):
    preview = post_csv(client, CSV, "?dryRun=true")
    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["mapping"] == {
        "Respondent": "name",
        "Age": "age",
        "Gender": "gender",
        "City": "location",
        "Income": "income",
        "Why do you buy coffee?": "evidence",
        "What would make you switch?": "evidence",
    }
    assert [(r["row"], r["name"], r["ok"], r["words"]) for r in body["rows"]] == [
        (2, "Ann Lee", True, 20),  # "Why do you buy coffee?: I need it to wake up" 11 + 9
        (3, "Raj Patel", True, 18),  # 11 + "What would make you switch?: Nothing really" 7
    ]
    before = len(client.get("/api/personas").json())
    assert len(client.get("/api/personas").json()) == before
    done = post_csv(client, CSV)
    assert done.status_code == 200, done.text
    ids = done.json()["personaIds"]
    assert done.json()["imported"] == 2 and len(ids) == 2
    ann = client.get(f"/api/personas/{ids[0]}").json()
    assert (ann["age"], ann["gender"], ann["location"]) == (34, "Female", "Leeds")
    assert ann["evidence"] == {"tier": "grounded", "documents": 1, "words": 20}
    (doc,) = client.get(f"/api/personas/{ids[0]}/evidence").json()
    assert doc["source"] == "survey"
    assert doc["preview"] == (
        "Why do you buy coffee?: I need it to wake up\n\n"
        "What would make you switch?: A cheaper local roaster"
    )


def test_survey_csv_bad_rows_import_nothing(client):
    bad = CSV + "Old Tom,abc,Male,York,$20k,Habit,\n,40,Female,Bath,$20k,,\n"
    before = len(client.get("/api/personas").json())
    preview = post_csv(client, bad, "?dryRun=true").json()
    assert preview["valid"] == 2 and preview["invalid"] == 2
    assert preview["rows"][2]["errors"] == ["Row 4: Age must be between 18 and 100"]
    assert preview["rows"][3]["errors"] == [
        "Row 5: Name is required",
        "Row 5: no open answers to use as evidence",
    ]
    res = post_csv(client, bad)
    assert res.status_code == 422
    assert res.json()["error"] == "Nothing was imported: fix the rows named below"
    assert "Row 4: Age must be between 18 and 100" in res.json()["errors"]
    assert len(client.get("/api/personas").json()) == before
    no_name = post_csv(client, CSV, "?dryRun=true", {"Respondent": "evidence"}).json()
    assert "Map one column to name" in no_name["errors"]
    wrong = client.post(
        "/api/personas/from-survey", files={"file": ("s.txt", b"a,b\n1,2\n", "text/plain")}
    )
    assert wrong.status_code == 422
    assert wrong.json()["errors"] == ["Upload the survey export as a .csv file"]
