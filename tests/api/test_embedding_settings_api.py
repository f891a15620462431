"""The Settings screen's Embeddings card API: read, test, save, reset and the choices;
switching the embedder re-embeds stored results on their next use; bad input changes
nothing. Embeddings go to loopback fakes through the real `openai` SDK."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from colloquy.app import create_app
from support.fake_embeddings import run_fake_embeddings
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

DEAD_URL = "http://127.0.0.1:9/v1"
WORDLLAMA = "wordllama l2_supercat 256d (offline)"


@pytest.fixture
def fake():
    with run_fake_embeddings(["embed-small"], chat=["chat-model"]) as server:
        yield server


def _endpoint(fake, **extra) -> dict:
    return {"kind": "endpoint", "baseUrl": fake.base_url, "model": "embed-small", **extra}


def test_default_is_the_offline_embedder(client):
    got = client.get("/api/settings/embeddings")
    assert got.status_code == 200
    assert got.json() == {
        "kind": "wordllama",
        "baseUrl": None,
        "model": None,
        "apiKeySet": False,
        "source": "default",
        "embedder": WORDLLAMA,
        "chatProvider": "openai",
    }


def test_the_environment_variable_still_chooses_an_endpoint(settings, fake):
    settings.embedding_model = "embed-small"
    settings.embedding_base_url = fake.base_url
    with TestClient(create_app(settings)) as client:
        got = client.get("/api/settings/embeddings").json()
        assert (got["kind"], got["source"]) == ("endpoint", "env")
        assert got["embedder"] == f"embed-small via {fake.base_url}/embeddings"
        # Saved settings win over the environment; a reset goes back to it.
        saved = client.put("/api/settings/embeddings", json={"kind": "wordllama"})
        assert saved.json()["embedder"] == WORDLLAMA and saved.json()["source"] == "saved"
        reset = client.delete("/api/settings/embeddings").json()
        assert (reset["kind"], reset["source"]) == ("endpoint", "env")


def test_save_tests_first_then_switches_and_survives_a_restart(settings, fake):
    with TestClient(create_app(settings)) as client:
        saved = client.put("/api/settings/embeddings", json=_endpoint(fake, apiKey="sk-emb-1"))
        assert saved.status_code == 200, saved.text
        body = saved.json()
        assert body["test"]["ok"] is True and body["test"]["dimensions"] == 26
        assert body["source"] == "saved" and body["apiKeySet"] is True
        assert body["embedder"] == f"embed-small via {fake.base_url}/embeddings"
        assert "sk-emb-1" not in saved.text
        assert fake.requests[-1]["model"] == "embed-small"
    url = settings.resolved_database_url
    if url.startswith("sqlite"):
        with create_engine(url.replace("+aiosqlite", "")).connect() as conn:
            stored = conn.execute(
                text("SELECT data FROM app_settings WHERE key = 'embeddings'")
            ).scalar_one()
        assert "sk-emb-1" not in str(stored) and "apiKey" in str(stored)
    with TestClient(create_app(settings)) as client:
        got = client.get("/api/settings/embeddings").json()
        assert (got["kind"], got["source"], got["apiKeySet"]) == ("endpoint", "saved", True)
        # The key is kept when the endpoint stays the same and no new key is given.
        again = client.post("/api/settings/embeddings/test", json=_endpoint(fake))
        assert again.json()["ok"] is True


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"kind": "endpoint", "baseUrl": "ftp://x", "model": "m"}, "Base URL must be an http"),
        ({"kind": "endpoint", "model": "m"}, "Base URL must be an http"),
        ({"kind": "endpoint", "baseUrl": "http://127.0.0.1:9/v1"}, "Name the embedding model"),
        ({"kind": "gguf", "model": "missing.gguf"}, "No GGUF model named 'missing.gguf'"),
        ({"kind": "gguf", "model": "../etc/passwd"}, "No GGUF model named"),
        ({"kind": "provider"}, "Name the embedding model"),
    ],
)
def test_bad_input_is_refused_with_the_reason_and_nothing_is_stored(client, body, message):
    got = client.put("/api/settings/embeddings", json=body)
    assert got.status_code == 422
    assert message in got.json()["error"]
    assert client.get("/api/settings/embeddings").json()["source"] == "default"


def test_an_unknown_kind_is_refused(client):
    got = client.put("/api/settings/embeddings", json={"kind": "magic"})
    assert got.status_code == 422
    assert "kind" in got.text


def test_an_embedder_that_gives_no_vectors_is_not_saved(client, fake):
    dead = client.put(
        "/api/settings/embeddings", json={"kind": "endpoint", "baseUrl": DEAD_URL, "model": "m"}
    )
    assert dead.status_code == 422 and dead.json()["code"] == "embedder_unusable"
    assert "The embedder was not saved" in dead.json()["error"]
    not_embedding = client.put(
        "/api/settings/embeddings", json={**_endpoint(fake), "model": "chat-model"}
    )
    assert not_embedding.status_code == 422
    assert "400" in not_embedding.json()["error"]
    assert "does not support embeddings" in not_embedding.json()["error"]
    assert client.get("/api/settings/embeddings").json()["kind"] == "wordllama"


def test_provider_embeddings_need_a_provider_that_has_them(settings):
    settings.llm_provider = "anthropic"
    with TestClient(create_app(settings)) as client:
        got = client.put("/api/settings/embeddings", json={"kind": "provider", "model": "voyage-3"})
        assert got.status_code == 422
        assert "Anthropic has no embeddings API" in got.json()["error"]
        options = client.get("/api/settings/embeddings/options").json()["provider"]
        assert options == {
            "provider": "anthropic",
            "available": False,
            "reason": "Anthropic has no embeddings API.",
            "models": [],
        }


def test_switching_the_embedder_re_embeds_the_health_report(settings):
    with (
        run_fake_embeddings(["embed-small"]) as emb,
        fake_model() as chat,
        app_client(settings, chat) as api,
    ):
        s = api.post("/api/sessions", json=session_body()).json()
        api.post(f"/api/sessions/{s['id']}/run")
        wait_idle(api, s["id"])
        first = api.get(f"/api/sessions/{s['id']}/health").json()
        assert first["embedder"] == WORDLLAMA
        assert emb.requests == []
        put = api.put("/api/settings/embeddings", json=_endpoint(emb))
        assert put.status_code == 200, put.text
        second = api.get(f"/api/sessions/{s['id']}/health").json()
        assert second["embedder"] == f"embed-small via {emb.base_url}/embeddings"
        assert len(emb.requests[-1]["input"]) == second["answerCount"] == 18
        # Unchanged embedder: the stored report is reused, nothing is embedded again.
        calls = len(emb.requests)
        assert api.get(f"/api/sessions/{s['id']}/health").json() == second
        assert len(emb.requests) == calls
        # Back to the offline embedder: recomputed again.
        api.put("/api/settings/embeddings", json={"kind": "wordllama"})
        assert api.get(f"/api/sessions/{s['id']}/health").json()["embedder"] == WORDLLAMA


def test_provider_choice_follows_the_chat_endpoint(settings):
    with run_fake_embeddings(["nomic-embed-text"], chat=["llama3.2"], ollama=True) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as client:
            options = client.get("/api/settings/embeddings/options").json()
            assert options["provider"]["available"] is True
            assert options["provider"]["models"] == [
                {"id": "nomic-embed-text", "name": "nomic-embed-text"}
            ]
            saved = client.put(
                "/api/settings/embeddings", json={"kind": "provider", "model": "nomic-embed-text"}
            )
            assert saved.status_code == 200, saved.text
            assert saved.json()["embedder"] == f"nomic-embed-text via {fake.base_url}/embeddings"
            assert fake.requests[-1]["model"] == "nomic-embed-text"


def test_an_openai_compatible_server_offers_the_models_that_embed(settings):
    """No Ollama API: each /v1/models entry is asked for an embedding."""
    with run_fake_embeddings(["bge-small"], chat=["qwen2.5-7b"]) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as client:
            options = client.get("/api/settings/embeddings/options").json()
    assert options["provider"]["models"] == [{"id": "bge-small", "name": "bge-small"}]
    assert {r["model"] for r in fake.requests} == {"bge-small", "qwen2.5-7b"}
    assert [g["catalogId"] for g in options["gguf"]] == [
        "nomic-embed-text-v1.5-q8_0",
        "bge-small-en-v1.5-q8_0",
    ]
    assert not any(g["downloaded"] for g in options["gguf"])


def test_openai_itself_offers_its_embedding_models(settings):
    settings.llm_base_url = "https://api.openai.com/v1"
    with TestClient(create_app(settings)) as client:
        options = client.get("/api/settings/embeddings/options").json()["provider"]
    assert [m["id"] for m in options["models"]] == [
        "text-embedding-3-small",
        "text-embedding-3-large",
    ]


def test_a_gguf_path_in_the_environment_is_shown_by_its_name(settings, tmp_path):
    settings.embedding_model = str(tmp_path / "secret-folder" / "my-embed.gguf")
    with TestClient(create_app(settings)) as client:
        got = client.get("/api/settings/embeddings").json()
    assert (got["kind"], got["model"], got["source"]) == ("gguf", "my-embed.gguf", "env")
    assert got["embedder"] == "my-embed.gguf (in-process GGUF)"
    assert "secret-folder" not in str(got)
