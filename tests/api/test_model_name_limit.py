"""A model name is at most 200 characters (the columns that
store it) and holds no control characters, from the Settings screen and from a rerun; a
rerun that fails leaves no copy behind. Both databases (the client fixture)."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.errors import AppError
from colloquy.services.sessions import rerun
from support.fake_openai import run_fake_openai
from support.sessions_helpers import session_body, wait_until


@pytest.fixture
def fake():
    with run_fake_openai(model="m") as server:
        yield server


def _session_count(client: TestClient) -> int:
    return len(client.get("/api/sessions").json())


@pytest.mark.parametrize("model", ["m" * 201, "m" * 400, "gpt\nx", "gpt\tx", "a\x1bb"])
def test_settings_refuse_a_model_name_the_tables_cannot_hold(client, model):
    before = client.get("/api/settings/model").json()
    res = client.put("/api/settings/model", json={"provider": "openai", "model": model})
    assert res.status_code == 422, res.text
    said = " ".join(res.json()["errors"])
    if "m" * 201 in model:
        assert "200 characters" in said
    else:
        assert "The model name cannot contain control characters" in said
    assert client.get("/api/settings/model").json() == before


def test_a_name_of_exactly_200_characters_passes_validation(client):
    # 200 is the limit itself: the request gets past the schema (then fails its test call).
    res = client.put(
        "/api/settings/model",
        json={"provider": "openai", "baseUrl": "http://127.0.0.1:9/v1", "model": "m" * 200},
    )
    assert res.status_code == 422
    said = " ".join(res.json()["errors"])
    assert res.json()["code"] != "validation_failed", said


def _completed(client: TestClient) -> str:
    sid = client.post("/api/sessions", json=session_body()).json()["id"]
    assert client.post(f"/api/sessions/{sid}/run").status_code == 200
    wait_until(client, sid, lambda v: v["status"] == "completed" and not v["running"], 60)
    return sid


def test_rerun_refuses_long_and_control_names_and_leaves_no_copy(settings, fake, monkeypatch):
    settings.llm_base_url = fake.base_url
    settings.llm_model = "m"
    with TestClient(create_app(settings)) as client:
        sid = _completed(client)
        count = _session_count(client)
        for model in ["m" * 400, "line\nbreak"]:
            res = client.post(
                f"/api/sessions/{sid}/rerun",
                json={"provider": "openai", "baseUrl": fake.base_url, "model": model},
            )
            assert res.status_code == 422, res.text
        assert _session_count(client) == count

        # A failure after the copy was made (here: starting its run) removes the copy.
        async def refuse(*_args, **_kwargs):
            raise AppError("could not start", status=409)

        monkeypatch.setattr(rerun.control, "run_session", refuse)
        res = client.post(f"/api/sessions/{sid}/rerun")
        assert res.status_code == 409
        names = [s["name"] for s in client.get("/api/sessions").json()]
        assert len(names) == count
        assert not any("(Copy)" in n for n in names)


def test_a_survey_on_a_model_of_the_longest_name_completes(settings):
    # "openai/" + 200 characters did not fit the survey's model column on PostgreSQL.
    longest = "m" * 200
    with run_fake_openai(lambda body: "Fine, I would buy it.", model=longest) as fake:
        settings.llm_base_url = fake.base_url
        settings.llm_model = longest
        with TestClient(create_app(settings)) as api:
            body = {
                "name": "Kettles",
                "concepts": [{"type": "text", "title": "Kettle", "content": "Sun powered."}],
                "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
                "respondentIds": [p["id"] for p in api.get("/api/personas").json()[:2]],
                "samples": 1,
            }
            sid = api.post("/api/surveys", json=body).json()["id"]
            api.post(f"/api/surveys/{sid}/run")
            deadline = time.monotonic() + 60
            while (survey := api.get(f"/api/surveys/{sid}").json())["status"] == "running":
                assert time.monotonic() < deadline
                time.sleep(0.05)
    assert survey["status"] == "completed", survey
    assert survey["progress"] == {"done": 2, "total": 2, "errors": 0}
