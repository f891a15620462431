"""POST/GET/DELETE /api/surveys/{id}/human-results through the in-process client, on
SQLite and PostgreSQL: people's ratings beside the simulated ones, every bad file refused
with a message naming the row, and nothing half-saved."""

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from colloquy.services.surveys import human_results as service
from colloquy.store.tables import SurveyAnswerRow, SurveyHumanAnswerRow
from domain.human_survey import CONCEPTS, QUESTIONS, csv_text, ratings_of

# Simulated respondents' SSR distributions for the bar's purchase question (c1 x q1).
SIM_C1_Q1 = [[0.0, 0.1, 0.2, 0.4, 0.3], [0.1, 0.1, 0.2, 0.3, 0.3], [0.0, 0.0, 0.5, 0.5, 0.0]]


def make_survey(client):
    personas = [p["id"] for p in client.get("/api/personas").json()[:3]]
    res = client.post(
        "/api/surveys",
        json={
            "name": "Snacks",
            "concepts": [
                {"type": "text", "title": c["title"], "content": f"{c['title']}, 40 g."}
                for c in CONCEPTS
            ],
            "questions": [{"text": q["text"], "scale": q["scale"]} for q in QUESTIONS],
            "respondentIds": personas,
            "samples": 1,
        },
    )
    assert res.status_code == 201, res.text
    survey = res.json()

    async def seed():
        async with client.app.state.runtime.sessionmaker() as db:
            for i, (person, pmf) in enumerate(zip(survey["respondents"], SIM_C1_Q1, strict=False)):
                db.add(
                    SurveyAnswerRow(
                        id=f"a{i}",
                        survey_id=survey["id"],
                        respondent_id=person["id"],
                        concept_id="c1",
                        question_id="q1",
                        sample=0,
                        text="I'd probably pick it up for the kids' lunches.",
                        pmf=pmf,
                    )
                )
            await db.commit()

    client.portal.call(seed)
    return survey["id"]


def upload(client, sid, body, name="panel-export.csv"):
    data = body if isinstance(body, bytes) else body.encode()
    return client.post(
        f"/api/surveys/{sid}/human-results", files={"file": (name, data, "text/csv")}
    )


def stored_rows(client):
    async def count():
        async with client.app.state.runtime.sessionmaker() as db:
            return await db.scalar(select(func.count()).select_from(SurveyHumanAnswerRow))

    return client.portal.call(count)


def test_people_beside_the_simulation(client):
    sid = make_survey(client)
    assert client.get(f"/api/surveys/{sid}/human-results").json()["cells"] == []
    res = upload(client, sid, csv_text())
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["fileName"] == "panel-export.csv" and body["rows"] == 48
    assert body["respondents"] == 12 and body["uploadedAt"]
    cells = {(c["conceptId"], c["questionId"]): c for c in body["cells"]}
    assert list(cells) == [("c1", "q1"), ("c1", "q2"), ("c2", "q1"), ("c2", "q2")]
    bar = cells[("c1", "q1")]
    people = ratings_of("c1", "q1")  # 4,5,4,3,4,2,4,5,3,4,1,4: mean 43/12
    assert bar["human"]["n"] == 12 and bar["human"]["mean"] == pytest.approx(43 / 12)
    assert bar["human"]["pmf"] == pytest.approx([1 / 12, 1 / 12, 2 / 12, 6 / 12, 2 / 12])
    sim, uniform, majority = bar["scores"]
    assert sim["rater"] == "simulated" and sim["n"] == 3
    # Simulated pmf = mean of the three: .0333 .0667 .3 .4 .2; cumulative .0333 .1 .4 .8 1
    # against the people's .0833 .1667 .3333 .8333 1: largest gap 1/15 (at point 2, 3).
    assert sim["pmf"] == pytest.approx([0.1 / 3, 0.2 / 3, 0.3, 0.4, 0.2])
    assert sim["ksSimilarity"] == pytest.approx(1 - 1 / 15)
    # Expected values 3.9, 3.6, 3.5 -> mean 11/3; minus 43/12 = 1/12.
    assert sim["meanDifference"] == pytest.approx(11 / 3 - 43 / 12)
    assert sim["ci"][0] <= sim["meanDifference"] <= sim["ci"][1]
    assert uniform["meanDifference"] == pytest.approx(3 - 43 / 12)
    assert majority["point"] == 4 and majority["ksSimilarity"] == pytest.approx(1 - 1 / 3)
    assert bar["beats"] == {
        "uniform": {"ks": True, "mean": True},
        "majority": {"ks": True, "mean": True},
    }
    # Not simulated yet: only the floors.
    assert [s["rater"] for s in cells[("c2", "q1")]["scores"]] == ["uniform", "majority"]
    assert cells[("c2", "q1")]["beats"] is None
    assert people == [4, 5, 4, 3, 4, 2, 4, 5, 3, 4, 1, 4]
    again = client.get(f"/api/surveys/{sid}/human-results").json()
    assert again == body  # stored, and the seeded bootstrap gives the same interval

    assert client.delete(f"/api/surveys/{sid}/human-results").status_code == 204
    assert client.get(f"/api/surveys/{sid}/human-results").json()["rows"] == 0
    assert stored_rows(client) == 0


def test_a_new_upload_replaces_the_earlier_one(client):
    sid = make_survey(client)
    assert upload(client, sid, csv_text()).status_code == 200
    res = upload(client, sid, "concept,question,rating\n2,1,5\n2,1,4\n", name="second.csv")
    assert res.status_code == 200, res.text
    body = client.get(f"/api/surveys/{sid}/human-results").json()
    assert body["fileName"] == "second.csv" and body["rows"] == 2 and body["respondents"] == 2
    assert [(c["conceptId"], c["questionId"]) for c in body["cells"]] == [("c2", "q1")]
    assert stored_rows(client) == 2


HEADER = "respondent,concept,question,rating\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            b"",
            "The file is empty: expected a header row with the columns concept, question and rating",
        ),
        (
            "concept,rating\nc1,4\n",
            (
                "Wrong header: the first row must name the columns concept, question "
                "and rating (and optionally respondent); missing question (found: concept, rating)."
            ),
        ),
        (
            "who,what,score\nR1,c1,4\n",
            "missing concept, question, rating (found: who, what, score)",
        ),
        (
            HEADER + "R1,c1,q1,4\nR2,Cheese puffs,q1,3\n",
            'Row 3: no concept "Cheese puffs" in this survey',
        ),
        (
            HEADER + "R1,c1,Would you recommend it?,4\n",
            'Row 2: no question "Would you recommend it?"',
        ),
        (
            HEADER + "R1,c1,q1,4\nR2,c1,q1,7\n",
            "Row 3: the rating 7 is outside the question's scale (1 to 5).",
        ),
        (
            HEADER + "R1,c1,q1,quite likely\n",
            "Row 2: the rating 'quite likely' is not a whole number from 1 to 5.",
        ),
        (
            HEADER + "R1,c1,q1,4\nR1,c1,q1,5\n",
            'Row 3: respondent "R1" already rated this concept and question on row 2.',
        ),
        (
            "concept,question,rating\nCrème brûlée bar,q1,4\n".encode("latin-1"),
            "The file is not UTF-8 text",
        ),
        (
            b"concept,question,rating\n" + b"c1,q1,4" + b" " * (5 * 1024 * 1024),
            "The file is too large: at most 5 MB.",
        ),
        (
            "concept,question,rating\n" + "c1,q1,4\n" * 10_001,
            "Too many rows: at most 10,000 ratings per file.",
        ),
    ],
)
def test_a_bad_file_is_refused_and_the_earlier_results_stay(client, body, message):
    sid = make_survey(client)
    before = upload(client, sid, csv_text()).json()
    res = upload(client, sid, body)
    assert res.status_code == 422, res.text
    assert message in res.json()["error"], res.json()
    assert client.get(f"/api/surveys/{sid}/human-results").json() == before
    assert stored_rows(client) == 48


def test_a_write_that_fails_midway_leaves_the_earlier_results(client, monkeypatch):
    sid = make_survey(client)
    before = upload(client, sid, "concept,question,rating\n1,1,2\n1,1,3\n").json()
    made = service._values

    def broken(*args):
        values = made(*args)
        values[30]["rating"] = None  # NOT NULL: the database refuses the second batch
        return values

    monkeypatch.setattr(service, "INSERT_BATCH", 20)
    monkeypatch.setattr(service, "_values", broken)
    # The in-process client re-raises the server's error (a user gets a 500).
    with pytest.raises(IntegrityError):
        upload(client, sid, csv_text())
    assert client.get(f"/api/surveys/{sid}/human-results").json() == before
    assert stored_rows(client) == 2


def test_unknown_survey_missing_file_and_deleting_the_survey(client):
    assert upload(client, "nope", csv_text()).status_code == 404
    assert client.get("/api/surveys/nope/human-results").status_code == 404
    assert client.delete("/api/surveys/nope/human-results").status_code == 404
    sid = make_survey(client)
    res = client.post(
        f"/api/surveys/{sid}/human-results", files={"other": ("a.csv", b"x", "text/csv")}
    )
    assert res.status_code == 422 and "No file selected" in res.text
    assert upload(client, sid, csv_text()).status_code == 200
    assert client.delete(f"/api/surveys/{sid}").status_code == 204
    assert stored_rows(client) == 0


def test_the_largest_allowed_file_is_stored_whole(client):
    sid = make_survey(client)
    body = "concept,question,rating\n" + "".join(
        f"{1 + i % 2},{1 + i % 2},{1 + i % 5}\n" for i in range(10_000)
    )
    res = upload(client, sid, body)
    assert res.status_code == 200, res.text
    assert res.json()["rows"] == 10_000 and stored_rows(client) == 10_000
    cells = {(c["conceptId"], c["questionId"]): c["human"]["n"] for c in res.json()["cells"]}
    assert cells == {("c1", "q1"): 5_000, ("c2", "q2"): 5_000}
