"""A survey's ratings come from one embedder: after the embedder is changed in Settings,
the rating step of the survey's next run rates again the answers another embedder rated
(the results then name only the new one); a read alone never rates."""

from __future__ import annotations

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.surveys.rating import rate_pending
from colloquy.services.surveys.surveys import SurveyResults
from support.fake_embeddings import run_fake_embeddings
from support.fake_openai import run_fake_openai
from support.waiting import wait_survey


def _survey(api) -> str:
    body = {
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondentIds": [p["id"] for p in api.get("/api/personas").json()[:3]],
        "samples": 1,
        "askDirect": False,
    }
    res = api.post("/api/surveys", json=body)
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_answers_rated_by_another_embedder_are_rated_again_on_the_next_run(settings):
    with (
        run_fake_openai(lambda body: "I would probably buy it.") as chat,
        run_fake_embeddings(["embed-small"]) as emb,
    ):
        settings.llm_base_url = chat.base_url
        with TestClient(create_app(settings)) as api:
            sid = _survey(api)
            api.post(f"/api/surveys/{sid}/run")
            wait_survey(api, sid)
            before = api.get(f"/api/surveys/{sid}/results").json()
            assert len(before["embedders"]) == 1 and "wordllama" in before["embedders"][0]

            put = api.put(
                "/api/settings/embeddings",
                json={"kind": "endpoint", "baseUrl": emb.base_url, "model": "embed-small"},
            )
            assert put.status_code == 200, put.text
            probes = len(emb.requests)
            # A read never rates: the results still name the embedder that rated them.
            api.app.state.runtime.feature(SurveyResults).clear()
            assert api.get(f"/api/surveys/{sid}/results").json()["embedders"] == before["embedders"]
            assert len(emb.requests) == probes

            runtime = api.app.state.runtime
            questions = api.get(f"/api/surveys/{sid}").json()["questions"]
            unrated = api.portal.call(rate_pending, runtime, sid, questions)
            assert unrated == 0
            # The scale's anchor statements and the three answers, in one call.
            assert len(emb.requests) == probes + 1
            assert emb.requests[-1]["input"][-3:] == ["I would probably buy it."] * 3
            runtime.feature(SurveyResults).clear()
            after = api.get(f"/api/surveys/{sid}/results").json()
            named = f"embed-small via {emb.base_url}/embeddings"
            assert after["embedders"] == [named]
            assert all(a["embedder"] == named for a in after["answers"])
            # Nothing left to rate with the same embedder.
            assert api.portal.call(rate_pending, runtime, sid, questions) == 0
            assert len(emb.requests) == probes + 1
