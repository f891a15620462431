"""A mixed panel's usage (docs/models.md): each participant's calls are priced at the price
of the model that answered, and one budget covers every model of the run."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import FakeReply, run_fake_openai
from support.sessions_helpers import session_body, wait_until


def ten_tokens(body):
    return FakeReply("I would buy the refill pouch.", prompt_tokens=100, completion_tokens=10)


def test_each_model_is_priced_and_the_budget_covers_both(settings):
    with (
        run_fake_openai(ten_tokens, model="alpha-model") as alpha,
        run_fake_openai(ten_tokens, model="beta-model") as beta,
    ):
        settings.llm_base_url, settings.llm_model = alpha.base_url, "alpha-model"
        with TestClient(create_app(settings)) as api:
            profile = api.post(
                "/api/model-profiles",
                json={
                    "name": "Beta",
                    "provider": "openai",
                    "baseUrl": beta.base_url,
                    "model": "beta-model",
                },
            ).json()
            # alpha: 100 x 1000 / 1e6 = $0.10 an answer; beta: 100 x 2000 / 1e6 = $0.20.
            api.put(
                "/api/settings/prices",
                json={
                    "alpha-model": {"input": 1000, "output": 0},
                    "beta-model": {"input": 2000, "output": 0},
                },
            )
            body = session_body(settings={"participantProfiles": {"p1": profile["id"]}})
            # The estimate prices p1's calls at beta's price, the others' at alpha's: the
            # same tokens as on alpha alone, costing more, but less than all on beta.
            mixed = api.post("/api/sessions/estimate", json=body).json()
            alone = api.post("/api/sessions/estimate", json=session_body(settings={})).json()
            assert mixed["promptTokens"] == alone["promptTokens"] and mixed["priced"]
            on_beta = alone["promptTokens"] * 2000 / 1e6
            assert alone["costUsd"] < mixed["costUsd"] < on_beta
            assert mixed["costUsd"] == pytest.approx(alone["costUsd"] * 4 / 3, rel=0.08)
            sid = api.post("/api/sessions", json=body).json()["id"]
            api.post(f"/api/sessions/{sid}/run")
            view = wait_until(api, sid, lambda v: v["status"] == "completed", timeout=90)
            answers = [m for m in view["messages"] if m["kind"] == "response"]
            for m in answers:
                cost = 0.2 if m["model"] == "beta-model" else 0.1
                assert m["usage"]["costUsd"] == pytest.approx(cost), m["model"]
            # p1 (6 answers) on beta, p2 and p3 (12) on alpha: 6 x 0.2 + 12 x 0.1 = 2.4
            assert view["usage"]["costUsd"] == pytest.approx(2.4)

            # One budget for both models: $0.35 stops after alpha+beta+... spent.
            body = session_body(
                settings={"participantProfiles": {"p1": profile["id"]}, "budgetUsd": 0.35}
            )
            sid2 = api.post("/api/sessions", json=body).json()["id"]
            api.post(f"/api/sessions/{sid2}/run")
            view = wait_until(api, sid2, lambda v: v["error"] is not None and not v["running"])
            assert view["error"]["message"].startswith("Budget reached:")
            assert view["usage"]["costUsd"] <= 0.35
