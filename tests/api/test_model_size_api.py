"""Sizes from the model (docs/models.md): the small-model warning and the Settings test
result use the parameter count the endpoint or the file reports, with the name only as the
fallback. Ollama's /api/show, a llama.cpp-style model list and the shipped GGUF's metadata
are read over loopback / from disk."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.llm.config import ModelConfig
from colloquy.services.model_settings.model_size import lookup
from support.fake_embeddings import add_ollama_show, run_fake_embeddings
from support.fake_openai import run_fake_openai
from support.sessions_helpers import session_body, wait_idle


@pytest.fixture
def ollama():
    """A chat endpoint named like Ollama's models, with Ollama's /api/show."""
    with run_fake_openai(model="llama3.2") as server:
        server.shows = add_ollama_show(
            server.app,
            {
                "llama3.2": ("3.2B", 3_212_749_888),
                "phi3": ("3.8B", None),
                "qwen2.5": ("7.6B", None),
            },
        )
        yield server


def _use(client: TestClient, fake, model: str) -> dict:
    body = {"provider": "openai", "baseUrl": fake.base_url, "model": model}
    saved = client.put("/api/settings/model", json=body)
    assert saved.status_code == 200, saved.text
    return saved.json()["test"]


def test_the_settings_test_shows_the_size_ollama_reports(settings, ollama):
    with TestClient(create_app(settings)) as client:
        test = client.post(
            "/api/settings/model/test",
            json={"provider": "openai", "baseUrl": ollama.base_url, "model": "llama3.2"},
        ).json()
        assert test["ok"] is True
        assert test["parameterBillions"] == pytest.approx(3.212749888)  # the count wins
        assert ollama.shows[-1] == {"model": "llama3.2"}
        assert _use(client, ollama, "phi3")["parameterBillions"] == 3.8  # the label
        # A model /api/show does not know, and no size in the model list: unknown.
        assert _use(client, ollama, "mystery")["parameterBillions"] is None


def test_a_small_model_named_without_its_size_is_warned_about(settings, ollama):
    settings.llm_base_url = ollama.base_url
    settings.llm_model = "llama3.2"
    with TestClient(create_app(settings)) as client:
        s = client.post("/api/sessions", json=session_body()).json()
        client.post(f"/api/sessions/{s['id']}/run")
        wait_idle(client, s["id"])
        report = client.get(f"/api/sessions/{s['id']}/health").json()
    warning = next(w for w in report["warnings"] if "too small for research" in w)
    assert "llama3.2 (3.2 billion parameters)" in warning
    assert report["overall"] != "good"


def test_a_large_enough_reported_size_gives_no_warning(settings, ollama):
    settings.llm_base_url = ollama.base_url
    settings.llm_model = "qwen2.5"
    with TestClient(create_app(settings)) as client:
        s = client.post("/api/sessions", json=session_body()).json()
        client.post(f"/api/sessions/{s['id']}/run")
        wait_idle(client, s["id"])
        report = client.get(f"/api/sessions/{s['id']}/health").json()
    assert not any("too small for research" in w for w in report["warnings"])


async def test_a_model_list_that_carries_the_count_is_read():
    """llama.cpp server's /v1/models entries carry `meta.n_params`; no Ollama API there."""
    with run_fake_embeddings([], chat=["qwen2.5-0.5b", "plain"]) as fake:
        fake.model_meta["qwen2.5-0.5b"] = {"meta": {"n_params": 494_032_768, "n_vocab": 151936}}
        config = ModelConfig(provider="openai", base_url=fake.base_url)
        assert await lookup(config, "qwen2.5-0.5b") == pytest.approx(0.494032768)
        assert await lookup(config, "plain") is None
        assert await lookup(config, "not-listed") is None


async def test_the_gguf_file_and_anthropic():
    assert await lookup(ModelConfig(provider="local"), None) == 0.135  # SmolLM2's size label
    assert await lookup(ModelConfig(provider="anthropic"), "claude-sonnet-4-5") is None
