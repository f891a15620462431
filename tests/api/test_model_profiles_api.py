"""Model profiles (docs/models.md): create, list, edit, make default, delete; the key encrypted
and never returned; the Settings screen's model is the default profile; bad input and a
model that does not answer change nothing. Every model call goes to OpenAI-compatible fake
servers on loopback (the real SDK runs)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from support.fake_openai import FakeError, run_fake_openai
from support.sessions_helpers import session_body

DEAD_URL = "http://127.0.0.1:9/v1"


@pytest.fixture
def alpha():
    with run_fake_openai(model="alpha-model") as server:
        yield server


@pytest.fixture
def beta():
    with run_fake_openai(model="beta-model") as server:
        yield server


def _profile(client, name: str, base_url: str, model: str, **extra):
    body = {"name": name, "provider": "openai", "baseUrl": base_url, "model": model, **extra}
    return client.post("/api/model-profiles", json=body)


def test_create_list_edit_and_the_key_is_write_only(client, settings, alpha, beta):
    made = _profile(client, "Alpha", alpha.base_url, "alpha-model", apiKey="sk-alpha-secret")
    assert made.status_code == 201, made.text
    alpha_id = made.json()["id"]
    assert made.json() == {
        "id": alpha_id,
        "name": "Alpha",
        "provider": "openai",
        "baseUrl": alpha.base_url,
        "model": "alpha-model",
        "apiKeySet": True,
        "isDefault": False,
    }
    assert "sk-alpha-secret" not in made.text
    # It was tried before it was saved, with its key.
    assert alpha.headers[-1]["authorization"] == "Bearer sk-alpha-secret"
    listed = client.get("/api/model-profiles").json()["profiles"]
    assert [p["name"] for p in listed] == ["Alpha"]
    assert "sk-alpha-secret" not in str(listed)

    # Edit: the name only (no test call), then the endpoint (tried; the key is kept
    # because provider and base URL stay the same).
    alpha.reset()
    renamed = client.put(f"/api/model-profiles/{alpha_id}", json={"name": "Alpha 2"})
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["name"] == "Alpha 2"
    assert alpha.requests == []
    moved = client.put(f"/api/model-profiles/{alpha_id}", json={"model": "alpha-bigger"})
    assert moved.json()["model"] == "alpha-bigger"
    assert moved.json()["apiKeySet"] is True
    assert alpha.headers[-1]["authorization"] == "Bearer sk-alpha-secret"
    # "" removes the key.
    cleared = client.put(f"/api/model-profiles/{alpha_id}", json={"apiKey": ""})
    assert cleared.json()["apiKeySet"] is False

    url = settings.resolved_database_url
    if url.startswith("sqlite"):
        made = _profile(client, "Beta", beta.base_url, "beta-model", apiKey="sk-beta-secret")
        with create_engine(url.replace("+aiosqlite", "")).connect() as conn:
            stored = conn.execute(
                text("SELECT api_key FROM model_profiles WHERE name = 'Beta'")
            ).scalar_one()
        assert stored and "sk-beta-secret" not in stored


def test_the_default_profile_is_the_settings_model(client, alpha, beta):
    assert client.get("/api/settings/model").json()["source"] == "env"
    a = _profile(client, "Alpha", alpha.base_url, "alpha-model").json()
    b = _profile(client, "Beta", beta.base_url, "beta-model", isDefault=True).json()
    assert b["isDefault"] is True
    shown = client.get("/api/settings/model").json()
    assert (shown["source"], shown["model"], shown["baseUrl"]) == (
        "saved",
        "beta-model",
        beta.base_url,
    )
    assert client.get("/api/health").json()["llm"]["model"] == "beta-model"

    # Another default: only one at a time, and new calls switch to it.
    client.put(f"/api/model-profiles/{a['id']}", json={"isDefault": True})
    flags = {
        p["name"]: p["isDefault"] for p in client.get("/api/model-profiles").json()["profiles"]
    }
    assert flags == {"Alpha": True, "Beta": False}
    assert client.get("/api/settings/model").json()["model"] == "alpha-model"

    # Saving on the Settings screen changes the default profile (no new profile).
    saved = client.put(
        "/api/settings/model",
        json={"provider": "openai", "baseUrl": beta.base_url, "model": "beta-model"},
    )
    assert saved.status_code == 200, saved.text
    profiles = client.get("/api/model-profiles").json()["profiles"]
    assert len(profiles) == 2
    default = next(p for p in profiles if p["isDefault"])
    assert (default["name"], default["model"]) == ("Alpha", "beta-model")

    # Reset: back to the environment's model; the profile stays, not the default.
    assert client.delete("/api/settings/model").json()["source"] == "env"
    assert not any(p["isDefault"] for p in client.get("/api/model-profiles").json()["profiles"])

    # Deleting the default profile also goes back to the environment's model.
    client.put(f"/api/model-profiles/{b['id']}", json={"isDefault": True})
    assert client.get("/api/settings/model").json()["model"] == "beta-model"
    assert client.delete(f"/api/model-profiles/{b['id']}").status_code == 204
    back = client.get("/api/settings/model").json()
    assert (back["source"], back["model"]) == ("env", "test-model")
    assert client.get("/api/health").json()["llm"]["model"] == "test-model"


def test_settings_save_with_no_profile_makes_the_default_one(client, alpha):
    saved = client.put(
        "/api/settings/model",
        json={"provider": "openai", "baseUrl": alpha.base_url, "model": "alpha-model"},
    )
    assert saved.status_code == 200, saved.text
    (profile,) = client.get("/api/model-profiles").json()["profiles"]
    assert (profile["name"], profile["isDefault"]) == ("alpha-model", True)


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"name": "  "}, 422, "Profile name is required"),
        ({"name": "x" * 101}, 422, "Profile name must be at most 100 characters"),
        ({"name": "x" * 201}, 422, "name"),
        ({"provider": "gemini"}, 422, "provider"),
        ({"provider": None}, 422, "Provider is required"),
        ({"baseUrl": "ftp://example.com"}, 422, "Base URL must be an http:// or https://"),
        ({"model": "bad\nname"}, 422, "control characters"),
        ({"baseUrl": DEAD_URL}, 422, "This profile was not saved: Could not reach"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(client, alpha, body, status, message):
    full = {"name": "P", "provider": "openai", "baseUrl": alpha.base_url, "model": "m", **body}
    bad = client.post("/api/model-profiles", json=full)
    assert bad.status_code == status, bad.text
    assert message in bad.text
    assert client.get("/api/model-profiles").json()["profiles"] == []


def test_duplicate_name_unknown_id_and_a_failed_edit(client, alpha):
    first = _profile(client, "Alpha", alpha.base_url, "alpha-model").json()
    dup = _profile(client, "Alpha", alpha.base_url, "alpha-model")
    assert dup.status_code == 422
    assert dup.json()["error"] == "A model profile named 'Alpha' already exists"
    assert client.put("/api/model-profiles/nope", json={"name": "X"}).status_code == 404
    assert client.delete("/api/model-profiles/nope").status_code == 404
    # A change whose test call fails is not saved.
    alpha.set_responder(lambda body: FakeError(401, "Incorrect API key provided"))
    failed = client.put(f"/api/model-profiles/{first['id']}", json={"apiKey": "sk-wrong"})
    assert failed.status_code == 422
    assert "refused the API key (401)" in failed.json()["error"]
    (kept,) = client.get("/api/model-profiles").json()["profiles"]
    assert kept == first


def test_participant_profiles_are_checked(client, alpha):
    profile = _profile(client, "Alpha", alpha.base_url, "alpha-model").json()
    unknown = client.post(
        "/api/sessions",
        json=session_body(settings={"participantProfiles": {"p1": "mp-missing"}}),
    )
    assert unknown.status_code == 422
    assert unknown.json()["errors"] == [
        "No model profile with id 'mp-missing' (participantProfiles)"
    ]
    stranger = client.post(
        "/api/sessions",
        json=session_body(settings={"participantProfiles": {"p9": profile["id"]}}),
    )
    assert stranger.status_code == 422
    assert stranger.json()["errors"] == ["participantProfiles names 'p9', who is not a participant"]
    wrong_type = client.post(
        "/api/sessions", json=session_body(settings={"participantProfiles": ["p1"]})
    )
    assert wrong_type.status_code == 422
    assert client.get("/api/sessions").json() == []
    ok = client.post(
        "/api/sessions",
        json=session_body(settings={"participantProfiles": {"p1": profile["id"], "p2": None}}),
    )
    assert ok.status_code == 201, ok.text
    assert ok.json()["settings"]["participantProfiles"] == {"p1": profile["id"]}


def test_deleting_a_profile_in_use_is_refused_with_the_names(client, alpha):
    profile = _profile(client, "Alpha", alpha.base_url, "alpha-model").json()
    body = session_body(name="Pouch test", settings={"participantProfiles": {"p1": profile["id"]}})
    sid = client.post("/api/sessions", json=body).json()["id"]
    refused = client.delete(f"/api/model-profiles/{profile['id']}")
    assert refused.status_code == 409
    assert refused.json()["error"].startswith(
        "The model profile 'Alpha' is used by 1 session(s) or survey(s) that have not "
        "finished: 'Pouch test'."
    )
    assert len(client.get("/api/model-profiles").json()["profiles"]) == 1
    # Once that session is gone (or finished), the profile can go.
    assert client.delete(f"/api/sessions/{sid}").status_code == 204
    assert client.delete(f"/api/model-profiles/{profile['id']}").status_code == 204
    assert client.get("/api/model-profiles").json()["profiles"] == []


def test_a_draft_s_panel_models_can_be_changed(client, alpha):
    profile = _profile(client, "Alpha", alpha.base_url, "alpha-model").json()
    sid = client.post("/api/sessions", json=session_body()).json()["id"]
    draft = client.post(f"/api/sessions/{sid}/duplicate").json()
    patched = client.patch(
        f"/api/sessions/{draft['id']}",
        json={
            "settings": {"responseLength": "brief", "participantProfiles": {"p3": profile["id"]}}
        },
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["settings"]["participantProfiles"] == {"p3": profile["id"]}
    bad = client.patch(
        f"/api/sessions/{draft['id']}",
        json={"settings": {"participantProfiles": {"p3": "mp-gone"}}},
    )
    assert bad.status_code == 422
    assert bad.json()["errors"] == ["No model profile with id 'mp-gone' (participantProfiles)"]
    kept = client.get(f"/api/sessions/{draft['id']}").json()
    assert kept["settings"]["participantProfiles"] == {"p3": profile["id"]}
