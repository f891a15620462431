"""Reading a survey and its results never writes. Every read route of a
completed survey (results, both exports, the survey, the list, its event stream) leaves
the stored rows exactly as they were (row counts, each row's updated_at, ratings) and
neither flushes nor commits anything, on SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import event, func, select

from colloquy.app import create_app
from colloquy.services.surveys.surveys import SurveyResults
from colloquy.store.tables import SurveyAnswerRow, SurveyRow
from support.fake_openai import run_fake_openai
from support.waiting import wait_for, wait_survey

READS = ("/results", "/export.csv", "/export.json", "", "/events")


def _survey(api) -> str:
    body = {
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondentIds": [p["id"] for p in api.get("/api/personas").json()[:2]],
        "samples": 2,
        "askDirect": True,
    }
    res = api.post("/api/surveys", json=body)
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_reading_results_writes_nothing(settings):
    with run_fake_openai(lambda body: "I would probably buy it.") as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _survey(api)
            api.post(f"/api/surveys/{sid}/run")
            wait_survey(api, sid)
            # Its lease released (PostgreSQL).
            wait_for(lambda: not api.app.state.surveys.is_active(sid), timeout=60)
            runtime = api.app.state.runtime

            async def snapshot():
                async with runtime.sessionmaker() as db:
                    survey = await db.get(SurveyRow, sid)
                    assert survey is not None
                    answers = list(await db.scalars(select(SurveyAnswerRow)))
                    counts = (
                        await db.scalar(select(func.count()).select_from(SurveyRow)),
                        await db.scalar(select(func.count()).select_from(SurveyAnswerRow)),
                    )
                    return (
                        counts,
                        (survey.status, survey.updated_at, survey.embedder, survey.model),
                        sorted((a.id, a.pmf, a.embedder, a.text) for a in answers),
                    )

            before = api.portal.call(snapshot)
            runtime.feature(SurveyResults).clear()  # computed afresh by the reads
            commits: list[str] = []
            sync_engine = runtime.engine.sync_engine
            event.listen(sync_engine, "commit", lambda conn: commits.append("commit"))

            def write(conn, cursor, statement, *args):
                if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
                    commits.append(statement)

            event.listen(sync_engine, "before_cursor_execute", write)
            try:
                for tail in READS:
                    res = api.get(f"/api/surveys/{sid}{tail}")
                    assert res.status_code == 200, (tail, res.text)
                assert api.get("/api/surveys").status_code == 200
            finally:
                event.remove(sync_engine, "before_cursor_execute", write)
            assert commits == []
            assert api.portal.call(snapshot) == before
            results = api.get(f"/api/surveys/{sid}/results").json()
            assert results["unrated"] == 0 and len(results["answers"]) == 4
