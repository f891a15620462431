"""Run, stop and delete of one survey raced against each other (adversarial pass),
on SQLite and PostgreSQL: every request answers with a status a client can act on (never
500), and the end state is whole: a deleted survey is gone with all its answers, a
surviving one is stopped or completed with each answer stored once."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.app import create_app
from support.fake_openai import FakeReply, run_fake_openai

pytestmark = pytest.mark.timeout(120)


def _create(api):
    ids = [p["id"] for p in api.get("/api/personas").json()[:3]]
    res = api.post(
        "/api/surveys",
        json={
            "name": "Race",
            "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ids,
            "samples": 4,
            "askDirect": False,
        },
    )
    assert res.status_code == 201, res.text
    return res.json()["id"]


def _answers(database_url: str, survey_id: str) -> list[tuple]:
    async def read() -> list[tuple]:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(
                    text("SELECT respondent_id, sample FROM survey_answers WHERE survey_id = :s"),
                    {"s": survey_id},
                )
                return [tuple(r) for r in rows]
        finally:
            await engine.dispose()

    return asyncio.run(read())


@pytest.mark.parametrize("order", ["stop-delete-run", "delete-run-stop", "run-run-stop"])
def test_run_stop_delete_raced(settings, order):
    with run_fake_openai(lambda body: FakeReply("I would buy it.", delay=0.05)) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 2
        with TestClient(create_app(settings)) as api:
            sid = _create(api)
            assert api.post(f"/api/surveys/{sid}/run").status_code == 200
            while api.get(f"/api/surveys/{sid}").json()["progress"]["done"] < 2:
                time.sleep(0.02)
            calls = {
                "stop": lambda: api.post(f"/api/surveys/{sid}/stop"),
                "delete": lambda: api.delete(f"/api/surveys/{sid}"),
                "run": lambda: api.post(f"/api/surveys/{sid}/run"),
            }
            with ThreadPoolExecutor(3) as pool:
                results = list(pool.map(lambda name: (name, calls[name]()), order.split("-")))
            for name, res in results:
                assert res.status_code < 500, (name, res.status_code, res.text)
            deadline = time.monotonic() + 30
            while True:
                res = api.get(f"/api/surveys/{sid}")
                if res.status_code == 404 or res.json()["status"] != "running":
                    break
                assert time.monotonic() < deadline, res.json()
                time.sleep(0.05)
            if "delete" in order:
                assert res.status_code == 404
                time.sleep(0.3)  # an owner that saw the delete late must not write after it
                assert api.get(f"/api/surveys/{sid}").status_code == 404
                assert _answers(settings.database_url, sid) == []
            else:
                survey = res.json()
                assert survey["status"] in ("stopped", "completed"), survey
                stored = _answers(settings.database_url, sid)
                assert len(stored) == len(set(stored)) == survey["progress"]["done"]


def test_a_run_whose_survey_is_deleted_before_it_commits_answers_404(settings):
    """The interleaving the race above once hit (a 500, StaleDataError): Run has read the
    survey, then a Delete commits, then Run commits its 'running' status. Made certain
    here: the delete happens inside Run's claim, between its read and its commit."""
    with TestClient(create_app(settings)) as api:
        sid = _create(api)
        surveys = api.app.state.surveys
        claim = surveys.claim

        async def deleted_first(db, survey_id):
            await _delete_elsewhere(settings.database_url, survey_id)
            return await claim(db, survey_id)

        surveys.claim = deleted_first
        res = api.post(f"/api/surveys/{sid}/run")
        assert res.status_code == 404, res.text
        assert res.json()["error"] == "Survey not found"
        assert api.get(f"/api/surveys/{sid}").status_code == 404
        assert not surveys.is_active(sid)


async def _delete_elsewhere(database_url: str, survey_id: str) -> None:
    engine = create_async_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("DELETE FROM surveys WHERE id = :s"), {"s": survey_id})
    finally:
        await engine.dispose()
