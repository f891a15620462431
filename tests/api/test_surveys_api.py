"""Survey mode through the API, against the loopback OpenAI-compatible fake model and the
real offline wordllama embedder."""

import csv
import io
import time

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.surveys.surveys import SurveyResults
from support.fake_openai import FakeReply, run_fake_openai
from support.waiting import wait_for, wait_survey

YES = "I would definitely buy this, I love it."
NO = "I would never buy this, it is useless."


def scripted(body):
    """Concept A: strong intent; concept B: rejection; direct rating 5 or 1."""
    messages = body["messages"]
    last = messages[-1]["content"]
    last = last if isinstance(last, str) else " ".join(p.get("text", "") for p in last)
    if "Reply with the number only" in last:
        first = messages[1]["content"]
        return "5" if "Solar kettle" in str(first) else "1"
    return YES if "Solar kettle" in last else NO


def _personas(api, n):
    return [p["id"] for p in api.get("/api/personas").json()[:n]]


def _create(api, respondents, samples=2, ask_direct=True, questions=None):
    res = api.post(
        "/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [
                {"type": "text", "title": "Solar kettle", "content": "A kettle powered by sun."},
                {"type": "text", "title": "Brick phone", "content": "A phone made of brick."},
            ],
            "questions": questions or [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": respondents,
            "samples": samples,
            "askDirect": ask_direct,
        },
    )
    assert res.status_code == 201, res.text
    return res.json()


def test_validation_messages(client):
    res = client.post("/api/surveys", json={"name": "", "concepts": [], "questions": []})
    assert res.status_code == 422
    errors = res.json()["errors"]
    assert "A survey needs a name" in errors
    assert "A survey needs 1-6 concepts" in errors
    assert "A survey needs 1-10 questions" in errors
    res = client.post(
        "/api/surveys",
        json={
            "name": "x",
            "concepts": [{"type": "image", "title": "a", "content": "javascript:alert(1)"}],
            "questions": [{"text": "q", "scale": {"anchors": ["only one"]}}],
            "respondentIds": _personas(client, 1),
            "samples": 9,
        },
    )
    assert res.status_code == 422
    errors = res.json()["errors"]
    assert "Samples per respondent must be 1-5" in errors
    assert any("custom scale needs 2-10 points" in e for e in errors)
    assert "Images must be uploaded files or http(s) links" in errors
    assert client.get("/api/surveys/nope").status_code == 404
    assert len(client.get("/api/surveys/scales").json()) == 6


def test_scripted_model_separates_concepts(settings):
    with run_fake_openai(scripted) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            assert api.get("/api/surveys").json() == []
            survey = _create(api, _personas(api, 4))
            assert survey["status"] == "draft" and survey["progress"]["total"] == 16
            assert api.post(f"/api/surveys/{survey['id']}/run").status_code == 200
            done = wait_survey(api, survey["id"])
            assert done["progress"] == {"done": 16, "total": 16, "errors": 0}
            out = api.get(f"/api/surveys/{survey['id']}/results").json()
            a, b = out["results"]
            assert a["conceptId"] == "c1" and a["n"] == 4
            for r in out["results"]:
                assert abs(sum(r["ssr"]["pmf"]) - 1) < 1e-9
                lo, hi = r["ssr"]["ci"]
                assert lo <= r["ssr"]["mean"] <= hi
            assert a["ssr"]["mean"] > b["ssr"]["mean"] + 0.3
            assert a["direct"]["mean"] == 5 and b["direct"]["mean"] == 1
            (cmp,) = out["comparisons"]
            assert cmp["difference"] > 0.3 and cmp["holds"]
            assert "wordllama" in out["embedder"] and out["offlineEmbedderWarning"]
            assert len(out["answers"]) == 16 and out["cuts"]
            text = api.get(f"/api/surveys/{survey['id']}/export.csv").text
            first, rest = text.split("\n", 1)
            assert first.startswith("# Simulated respondents (model: openai/test-model")
            rows = list(csv.DictReader(io.StringIO(rest.split("\n# Summary")[0])))
            assert len(rows) == 16 and rows[0]["direct_rating"] in ("1", "5")
            assert abs(sum(float(rows[0][f"p{i}"]) for i in range(1, 6)) - 1) < 1e-3
            data = api.get(f"/api/surveys/{survey['id']}/export.json").json()
            assert data["notice"].startswith("Simulated respondents") and data["results"]
            events = api.get(f"/api/surveys/{survey['id']}/events").text
            assert "event: progress" in events and '"done": 16' in events
            assert api.post(f"/api/surveys/{survey['id']}/run").status_code == 409
            assert api.delete(f"/api/surveys/{survey['id']}").status_code == 204
            assert api.get("/api/surveys").json() == []


def test_stop_then_run_again_continues(settings):
    with run_fake_openai(lambda body: FakeReply(YES, delay=0.05)) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 2
        with TestClient(create_app(settings)) as api:
            survey = _create(api, _personas(api, 4), samples=3, ask_direct=False)
            api.post(f"/api/surveys/{survey['id']}/run")
            wait_for(
                lambda: api.get(f"/api/surveys/{survey['id']}").json()["progress"]["done"] >= 3,
                interval=0.02,
            )
            stopped = api.post(f"/api/surveys/{survey['id']}/stop").json()
            assert stopped["status"] == "stopped"
            assert stopped["progress"]["done"] < 24
            api.post(f"/api/surveys/{survey['id']}/run")
            assert wait_survey(api, survey["id"])["progress"]["done"] == 24


def test_restart_mid_survey_completes_every_answer_once(settings):
    with run_fake_openai(lambda body: FakeReply(NO, delay=0.03)) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 3
        with TestClient(create_app(settings)) as api:
            survey = _create(api, _personas(api, 5), samples=2, ask_direct=True)
            sid = survey["id"]
            api.post(f"/api/surveys/{sid}/run")
            wait_for(
                lambda: api.get(f"/api/surveys/{sid}").json()["progress"]["done"] >= 5,
                interval=0.02,
            )
        calls_before = len(fake.requests)
        with TestClient(create_app(settings)) as api:  # a new app on the same database
            assert api.get(f"/api/surveys/{sid}").json()["progress"]["done"] < 20
            done = wait_survey(api, sid)
            assert done["progress"]["done"] == 20
            answers = api.get(f"/api/surveys/{sid}/results").json()["answers"]
    keys = [(a["respondentId"], a["conceptId"], a["questionId"], a["sample"]) for a in answers]
    assert len(keys) == 20 and len(set(keys)) == 20
    # Cancelled calls in flight at shutdown are asked again; nothing else is.
    assert len(fake.requests) <= calls_before + 2 * (20 - 5) + 2 * 3


def test_a_failing_model_fails_the_survey_and_retry_completes_it(settings):
    from support.fake_openai import FakeError

    broken = {"on": True}

    def responder(body):
        if broken["on"] and "Brick phone" in str(body["messages"][-1]["content"]):
            return FakeError(400, "this model cannot read that")
        return YES

    with run_fake_openai(responder) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 1
        with TestClient(create_app(settings)) as api:
            survey = _create(api, _personas(api, 2), samples=1, ask_direct=False)
            sid = survey["id"]
            empty = api.get(f"/api/surveys/{sid}/results").json()
            assert empty["results"] == [] and empty["answers"] == []
            api.post(f"/api/surveys/{sid}/run")
            failed = wait_survey(api, sid, "failed")
            assert failed["progress"]["done"] < 4 and failed["progress"]["errors"] >= 1
            assert "Run again to continue" in failed["error"]["message"]
            assert "cannot read that" in failed["error"]["message"]
            broken["on"] = False
            api.post(f"/api/surveys/{sid}/run")
            done = wait_survey(api, sid)
            assert done["progress"]["done"] == 4 and done["error"] is None


def test_results_are_read_without_writing_and_the_run_rates_what_it_could_not(
    settings, monkeypatch
):
    """An answer whose embedding fails is rated by the run's
    rating step (not by a read), each answer names its embedder, and GET results issues
    no write, not even for unrated answers, with two readers at once."""
    from concurrent.futures import ThreadPoolExecutor

    from sqlalchemy import event, select, update

    from colloquy.services.surveys import rating
    from colloquy.store.tables import SurveyAnswerRow

    real_embed = rating.embed

    async def flaky(embedder, texts):  # every answer embedded alone fails
        if len(texts) == 1:
            raise RuntimeError("embedding endpoint down")
        return await real_embed(embedder, texts)

    monkeypatch.setattr(rating, "embed", flaky)
    with run_fake_openai(scripted) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, _personas(api, 2), samples=1, ask_direct=False)["id"]
            api.post(f"/api/surveys/{sid}/run")
            wait_survey(api, sid)
            runtime = api.app.state.runtime

            async def stored():
                async with runtime.sessionmaker() as db:
                    rows = await db.scalars(select(SurveyAnswerRow))
                    return [(a.pmf, a.embedder) for a in rows]

            rated = api.portal.call(stored)
            assert len(rated) == 4 and all(p and "wordllama" in e for p, e in rated)
            before = api.get(f"/api/surveys/{sid}/results").json()
            assert before["unrated"] == 0 and before["embedders"] == [rated[0][1]]

            async def clear():
                async with runtime.sessionmaker() as db:
                    await db.execute(update(SurveyAnswerRow).values(pmf=None, embedder=None))
                    await db.commit()

            api.portal.call(clear)
            runtime.feature(SurveyResults).clear()
            writes: list[str] = []

            def record(conn, cursor, statement, *args):
                if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
                    writes.append(statement)

            event.listen(runtime.engine.sync_engine, "before_cursor_execute", record)
            event.listen(runtime.engine.sync_engine, "commit", lambda c: writes.append("COMMIT"))
            with ThreadPoolExecutor(2) as pool:
                reads = list(pool.map(lambda _: api.get(f"/api/surveys/{sid}/results"), [1, 2]))
            csv_text = api.get(f"/api/surveys/{sid}/export.csv").text
            assert writes == []
            assert api.portal.call(stored) == [(None, None)] * 4
    for res in reads:
        assert res.status_code == 200
        out = res.json()
        assert out["unrated"] == 4 and out["results"] == []
        assert all(a["pmf"] is None for a in out["answers"])
    assert "# Summary" in csv_text


def test_progress_stream_follows_a_run_to_its_end(settings):
    import json

    with run_fake_openai(lambda body: FakeReply(YES, delay=0.05)) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 2
        with TestClient(create_app(settings)) as api:
            sid = _create(api, _personas(api, 2), samples=2, ask_direct=False)["id"]
            api.post(f"/api/surveys/{sid}/run")
            started = time.monotonic()
            with api.stream("GET", f"/api/surveys/{sid}/events") as stream:
                lines = [line for line in stream.iter_lines() if line.startswith("data:")]
            elapsed = time.monotonic() - started
    events = [json.loads(line[5:]) for line in lines]
    assert len(events) >= 2
    assert [e["done"] for e in events] == sorted(e["done"] for e in events)
    assert events[-1] == {"status": "completed", "done": 8, "total": 8, "errors": 0}
    assert elapsed < 10  # the stream ends with the run, not at the next ping
