"""Listing an endpoint's models and naming a missing local model say
what a user can act on: not the target's own error body, not Python's text, not the
server's data directory (those go to the log)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from starlette.applications import Starlette
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

from support.loopback import LoopbackServer

SECRET_BODY = "Traceback: /srv/internal/app.py line 12 token=abc123"


@contextmanager
def _endpoint(status: int, body: str | dict) -> Iterator[str]:
    async def models(_request):
        if isinstance(body, dict):
            return JSONResponse(body, status_code=status)
        return PlainTextResponse(body, status_code=status)

    server = LoopbackServer(Starlette(routes=[Route("/v1/models", models)]))
    server.start()
    try:
        yield f"{server.url}/v1"
    finally:
        server.stop()


def _list(client, base_url: str):
    return client.get("/api/settings/models", params={"provider": "openai", "baseUrl": base_url})


def test_an_error_body_is_not_repeated(client, caplog):
    with (
        _endpoint(500, {"error": {"message": SECRET_BODY}}) as url,
        caplog.at_level(logging.WARNING),
    ):
        res = _list(client, url)
    assert res.status_code == 502
    assert res.json()["error"] == f"Could not list models: {url} answered with an error (500)"
    assert "token" not in res.text
    assert SECRET_BODY in caplog.text  # kept for whoever runs the server


def test_a_non_json_answer_is_described_not_dumped(client):
    with _endpoint(200, "<html>hello</html>") as url:
        res = _list(client, url)
    assert res.status_code == 502
    assert res.json()["error"] == (
        f"Could not list models: {url} did not answer with a model list "
        "(is it an OpenAI-compatible API address?)"
    )


def test_a_missing_local_model_does_not_name_the_data_directory(client, settings):
    res = client.put("/api/settings/model", json={"provider": "local", "model": "nope.gguf"})
    assert res.status_code == 422
    said = res.json()["error"]
    assert said == "No GGUF model named 'nope.gguf' in the models folder"
    assert str(settings.data_dir) not in said


def test_a_local_model_file_gone_is_named_without_its_folder(tmp_path, caplog):
    from colloquy.llm.errors import LLMError
    from colloquy.llm.llama_loader import load_model

    gone = tmp_path / "secret-dir" / "qwen.gguf"
    with caplog.at_level(logging.WARNING), pytest.raises(LLMError) as raised:
        load_model(str(gone), 512)
    assert raised.value.message == (
        "Local model file not found: qwen.gguf. "
        "Download it again or choose another model in Settings."
    )
    assert str(gone) in caplog.text
