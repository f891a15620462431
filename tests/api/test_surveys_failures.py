"""A model answer with NUL is cleaned before it is stored (it failed
every answer on PostgreSQL), and every failure of a survey answer that is not the model's
is counted, logged and shown with a reason instead of being dropped."""

import logging

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.surveys.surveys import SurveyResults
from support.fake_openai import run_fake_openai
from support.waiting import wait_survey

NUL_ANSWER = "I would\u0000 definitely buy this\u0000, I love it."


def _create(api, n, ask_direct):
    body = {
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondentIds": [p["id"] for p in api.get("/api/personas").json()[:n]],
        "samples": 1,
        "askDirect": ask_direct,
    }
    res = api.post("/api/surveys", json=body)
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_a_model_answer_with_nul_is_cleaned_and_the_survey_completes(settings):
    with run_fake_openai(
        lambda body: "4\u0000" if "number only" in str(body) else NUL_ANSWER
    ) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, 4, ask_direct=True)
            api.post(f"/api/surveys/{sid}/run")
            done = wait_survey(api, sid)
            out = api.get(f"/api/surveys/{sid}/results").json()
    assert done["progress"] == {"done": 4, "total": 4, "errors": 0}
    assert {a["text"] for a in out["answers"]} == {"I would definitely buy this, I love it."}
    assert {a["direct"] for a in out["answers"]} == {4}


def test_a_failure_that_is_not_the_models_is_counted_logged_and_shown(
    settings, monkeypatch, caplog
):
    from colloquy.services.surveys import runner

    def broken_id():
        raise RuntimeError("storage broke")

    monkeypatch.setattr(runner, "new_answer_id", broken_id)
    with run_fake_openai(lambda body: "Fine.") as fake, caplog.at_level(logging.ERROR):
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, 4, ask_direct=False)
            api.post(f"/api/surveys/{sid}/run")
            failed = wait_survey(api, sid, "failed")
    assert failed["progress"] == {"done": 0, "total": 4, "errors": 4}
    message = failed["error"]["message"]
    assert message.startswith("4 answers are missing: an answer could not be saved")
    assert message.endswith("Run again to continue.") and "storage broke" not in message
    logged = [r for r in caplog.records if "answer not saved" in r.getMessage()]
    assert len(logged) == 4 and "storage broke" in str(logged[0].exc_info[1])


def test_results_name_every_embedder_that_rated_an_answer(settings):
    """Answers rated by a fallback are named next to the others."""
    from sqlalchemy import select

    from colloquy.store.tables import SurveyAnswerRow

    with run_fake_openai(lambda body: "Fine.") as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, 4, ask_direct=False)
            api.post(f"/api/surveys/{sid}/run")
            wait_survey(api, sid)
            runtime = api.app.state.runtime

            async def mark_one():
                async with runtime.sessionmaker() as db:
                    answer = (await db.scalars(select(SurveyAnswerRow))).first()
                    answer.embedder = "other-embedder"
                    await db.commit()

            first = api.get(f"/api/surveys/{sid}/results").json()
            api.portal.call(mark_one)
            runtime.feature(SurveyResults).clear()
            out = api.get(f"/api/surveys/{sid}/results").json()
    (only,) = first["embedders"]
    assert "wordllama" in only and all(a["embedder"] == only for a in first["answers"])
    assert out["embedders"] == sorted([only, "other-embedder"])
    assert out["embedder"] == " + ".join(out["embedders"])


def test_a_survey_that_stops_shows_no_sql(settings, monkeypatch, caplog):
    # The message showed the raw statement and its parameters.
    from colloquy.services.surveys import runner

    sql = "(sqlalchemy.exc.DataError) value too long [SQL: UPDATE surveys SET model=$1]"

    async def broken_run(self):
        raise RuntimeError(sql)

    monkeypatch.setattr(runner.SurveyRunner, "run", broken_run)
    with run_fake_openai(lambda body: "Fine.") as fake, caplog.at_level(logging.ERROR):
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, 2, ask_direct=False)
            api.post(f"/api/surveys/{sid}/run")
            failed = wait_survey(api, sid, "failed")
    assert failed["error"]["message"] == (
        "The survey stopped: an unexpected error (the details are in the server log). "
        "Run again to continue."
    )
    assert any(sql in str(r.exc_info[1]) for r in caplog.records if r.exc_info)
