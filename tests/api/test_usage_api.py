"""Prices, default budget, estimates and run budgets through the API (docs/usage-and-cost.md)."""

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import FakeReply, run_fake_openai
from support.waiting import wait_survey


def _ids(api, n):
    return [p["id"] for p in api.get("/api/personas").json()[:n]]


def test_price_table_round_trip_and_refusals(client):
    from importlib.metadata import version

    assert client.get("/api/settings/prices").json() == {}  # none of your own yet
    defaults = client.get("/api/settings/prices/defaults").json()
    assert defaults["source"] == "genai-prices"
    assert defaults["version"] == version("genai-prices")
    assert defaults["prices"]["gpt-4o"] == {
        "input": 2.5,
        "output": 10.0,
        "cachedInput": 1.25,
        "cacheWrite": None,
    }
    assert defaults["prices"]["gpt-5-pro"]["input"] == 15.0
    body = {
        "my-model": {"input": 2.5, "output": 10, "cachedInput": 1.25},
        "x": {"input": 1, "output": 2},
    }
    res = client.put("/api/settings/prices", json=body)
    assert res.status_code == 200, res.text
    assert res.json() == {
        "my-model": {"input": 2.5, "output": 10.0, "cachedInput": 1.25, "cacheWrite": None},
        "x": {"input": 1.0, "output": 2.0, "cachedInput": 1.0, "cacheWrite": None},
    }
    for bad, message in [
        ({"m": {"input": -2.5, "output": 10}}, "m: input must be 0 or more"),
        ({"m": {"input": "cheap", "output": 10}}, "m: input must be a number (USD per 1M tokens)"),
        ({"m": {"input": 1}}, "m: output is missing"),
    ]:
        res = client.put("/api/settings/prices", json=bad)
        assert res.status_code == 422 and res.json()["errors"] == [message]
    assert set(client.get("/api/settings/prices").json()) == {"my-model", "x"}  # unchanged
    assert client.delete("/api/settings/prices").json() == {}


def test_price_lookup_says_where_a_price_comes_from(client):
    def look(model, provider="openai"):
        res = client.get(
            "/api/settings/prices/lookup", params={"model": model, "provider": provider}
        )
        assert res.status_code == 200, res.text
        return res.json()

    pro = look("gpt-5-pro")
    assert (pro["source"], pro["entry"], pro["price"]["output"]) == (
        "default",
        "openai:gpt-5-pro",
        120.0,
    )
    assert look("llama3.1:8b") == {
        "provider": "openai",
        "model": "llama3.1:8b",
        "priced": False,
        "source": None,
        "entry": None,
        "price": None,
    }
    client.put("/api/settings/prices", json={"*": {"input": 1, "output": 2}})
    fallback = look("llama3.1:8b")
    assert fallback["source"] == "fallback" and fallback["price"]["output"] == 2.0
    assert look("gpt-5-pro")["source"] == "default"  # the fallback prices only the unknown
    assert client.get("/api/settings/prices/lookup").status_code == 422  # no model


def test_a_run_with_a_budget_on_an_unpriced_model_is_refused(client):
    # The test server's model, "test-model", is in no price table.
    body = {
        "name": "Study",
        "participantIds": _ids(client, 3),
        "questions": ["Would you buy it?", "Why?"],
        "settings": {"budgetUsd": 1},
    }
    created = client.post("/api/sessions", json=body)
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    res = client.post(f"/api/sessions/{sid}/run")
    assert res.status_code == 409
    assert "No price for the model 'test-model'" in res.json()["error"]
    view = client.get(f"/api/sessions/{sid}").json()
    assert not view["running"] and view["messages"] == []  # not started
    survey = client.post(
        "/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": _ids(client, 3),
            "settings": {"budgetUsd": 1},
        },
    ).json()
    res = client.post(f"/api/surveys/{survey['id']}/run")
    assert res.status_code == 409 and "'test-model'" in res.json()["error"]
    # A price of its own (or a fallback) lets both start.
    client.put("/api/settings/prices", json={"test-model": {"input": 0, "output": 0}})
    assert client.post(f"/api/sessions/{sid}/run").status_code == 200
    assert client.post(f"/api/surveys/{survey['id']}/run").status_code == 200


def test_default_budget(client):
    assert client.get("/api/settings/budget").json() == {"budgetUsd": None}
    assert client.put("/api/settings/budget", json={"budgetUsd": 2.5}).json() == {"budgetUsd": 2.5}
    assert client.get("/api/settings/budget").json() == {"budgetUsd": 2.5}
    res = client.put("/api/settings/budget", json={"budgetUsd": -1})
    assert res.status_code == 422 and res.json()["errors"] == ["Budget must be 0 or more"]
    assert client.put("/api/settings/budget", json={"budgetUsd": None}).json() == {
        "budgetUsd": None
    }


def test_session_estimate_and_budget_settings(client):
    client.put("/api/settings/prices", json={"test-model": {"input": 1, "output": 2}})
    body = {
        "name": "Study",
        "participantIds": _ids(client, 3),
        "questions": ["Would you buy it?", "Why?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    est = client.post("/api/sessions/estimate", json=body).json()
    assert est["calls"] == 3 * 2 * 3 and est["model"] == "test-model" and est["priced"]
    assert est["completionTokens"] == 18 * 38  # brief answers at their typical size
    expected = (est["promptTokens"] * 1 + est["completionTokens"] * 2) / 1e6
    assert est["costUsd"] == pytest.approx(expected)
    longer = client.post(
        "/api/sessions/estimate", json={**body, "settings": {"responseLength": "detailed"}}
    ).json()
    assert longer["completionTokens"] == 18 * 125 and longer["costUsd"] > est["costUsd"]
    low, high = est["range"]["low"], est["range"]["high"]
    assert low["promptTokens"] < est["promptTokens"] < high["promptTokens"]
    # The ends add each uncertainty's deviation in quadrature. Low: only the answer size
    # lowers answers (18 x 20). High: the answer size adds 18 x (50 - 38) = 216 and 5 %
    # re-asks 18 x (40 - 38) = 36 (38 x 1.05 = 39.9 -> 40): 684 + sqrt(216^2 + 36^2) = 902.98.
    assert low["completionTokens"] == 18 * 20 and high["completionTokens"] == 903
    assert any("Re-asked answers" in a for a in est["assumptions"])
    unknown = client.post("/api/sessions/estimate", json={**body, "model": "nobody-prices-me"})
    assert unknown.json()["priced"] is False and unknown.json()["costUsd"] == 0
    # The budget and webhook go with the session's settings; bad ones are refused.
    created = client.post(
        "/api/sessions",
        json={**body, "settings": {"budgetUsd": 0.5, "webhookUrl": "https://hooks.test/x"}},
    )
    assert created.status_code == 201, created.text
    settings = created.json()["settings"]
    assert settings["budgetUsd"] == 0.5 and settings["webhookUrl"] == "https://hooks.test/x"
    assert created.json()["usage"] == {
        "promptTokens": 0,
        "completionTokens": 0,
        "cachedTokens": 0,
        "costUsd": 0.0,
    }
    bad = client.post("/api/sessions", json={**body, "settings": {"budgetUsd": -3}})
    assert bad.status_code == 422 and "Budget must be 0 or more" in bad.json()["errors"]
    sid = created.json()["id"]
    assert client.put(f"/api/sessions/{sid}/budget", json={"budgetUsd": 4}).json() == {
        "budgetUsd": 4.0
    }
    assert client.get(f"/api/sessions/{sid}").json()["settings"]["budgetUsd"] == 4.0
    assert client.put("/api/sessions/nope/budget", json={"budgetUsd": 4}).status_code == 404
    listed = client.get("/api/sessions").json()
    assert listed[0]["usage"]["costUsd"] == 0.0


def test_survey_usage_budget_stop_and_continue(settings):
    def reply(body):
        return FakeReply(
            "I would buy this, it looks useful.", prompt_tokens=50, completion_tokens=8
        )

    with run_fake_openai(reply) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 1
        with TestClient(create_app(settings)) as api:
            api.put("/api/settings/prices", json={"test-model": {"input": 0, "output": 1000}})
            body = {
                "name": "Kettles",
                "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
                "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
                "respondentIds": _ids(api, 3),
                "samples": 2,
                # An answer: 8 x 1000 / 1e6 = $0.008; a call's bound: 120 x 1000 / 1e6 = $0.12.
                "settings": {"budgetUsd": 0.145},
            }
            est = api.post("/api/surveys/estimate", json=body).json()
            assert est["calls"] == 6 and est["completionTokens"] == 6 * 32
            survey = api.post("/api/surveys", json=body).json()
            assert survey["settings"] == {"budgetUsd": 0.145, "webhookUrl": None}
            api.post(f"/api/surveys/{survey['id']}/run")
            stopped = wait_survey(api, survey["id"], "failed", "completed")
            # 0, 0.008, 0.016 + 0.12 <= 0.145; 0.024 + 0.12 = 0.144 <= 0.145; 0.032 + 0.12 no.
            assert stopped["progress"]["done"] == 4
            assert stopped["error"]["message"] == "Budget reached: $0.032 of $0.145 spent"
            assert stopped["usage"]["costUsd"] == pytest.approx(0.032)
            assert stopped["usage"]["promptTokens"] == 200
            api.put(f"/api/surveys/{survey['id']}/budget", json={"budgetUsd": 1})
            api.post(f"/api/surveys/{survey['id']}/run")
            done = wait_survey(api, survey["id"])
            assert done["usage"]["costUsd"] == pytest.approx(0.048)
            assert api.get("/api/surveys").json()[0]["usage"]["completionTokens"] == 48


@pytest.mark.parametrize("value", [True, "5", "1e3", [], {}])
def test_budgets_are_json_numbers(client, value):
    # As prices: true is not $1.00, "5" is not $5.00 (both were stored before).
    res = client.put("/api/settings/budget", json={"budgetUsd": value})
    assert res.status_code == 422, res.text
    assert client.get("/api/settings/budget").json() == {"budgetUsd": None}
    body = {"name": "B", "participantIds": ["p1", "p2", "p3"], "questions": ["A?", "B?"]}
    sid = client.post("/api/sessions", json=body).json()["id"]
    assert client.put(f"/api/sessions/{sid}/budget", json={"budgetUsd": value}).status_code == 422
    created = client.post("/api/sessions", json={**body, "settings": {"budgetUsd": value}})
    assert created.status_code == 422, created.text
    assert client.put("/api/settings/budget", json={"budgetUsd": 5}).json() == {"budgetUsd": 5.0}
