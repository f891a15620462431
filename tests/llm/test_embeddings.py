"""Sentence embedders: wordllama offline, an OpenAI-compatible /embeddings endpoint."""

import math
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from colloquy.llm.embeddings import (
    EmbeddingError,
    OpenAIEmbedder,
    WordLlamaEmbedder,
    build_embedder,
)
from support.loopback import LoopbackServer

SRC = Path(__file__).resolve().parents[2] / "src"


@contextmanager
def embeddings_server(status=200):
    seen = []

    async def embeddings(request: Request):
        body = await request.json()
        seen.append(body)
        if status != 200:
            return JSONResponse({"error": {"message": "nope"}}, status_code=status)
        data = [
            {"index": i, "embedding": [float(len(t)), 1.0, 0.0]}
            for i, t in enumerate(body["input"])
        ]
        return JSONResponse({"data": list(reversed(data)), "model": body["model"]})

    server = LoopbackServer(
        Starlette(routes=[Route("/v1/embeddings", embeddings, methods=["POST"])])
    )
    server.start()
    try:
        yield f"{server.url}/v1", seen
    finally:
        server.stop()


async def test_openai_embeddings_in_order_and_normalised():
    with embeddings_server() as (base, seen):
        embedder = OpenAIEmbedder(base_url=base, model="nomic-embed", api_key="k")
        vectors = await embedder.embed(["abc", "", "abcdefg"])
    assert seen[0] == {
        "model": "nomic-embed",
        "input": ["abc", ".", "abcdefg"],
        "encoding_format": "float",
    }
    assert [round(v[0], 4) for v in vectors] == [round(3 / math.sqrt(10), 4), 0.7071, 0.9899]
    assert all(abs(sum(x * x for x in v) - 1) < 1e-9 for v in vectors)
    assert embedder.name == f"nomic-embed via {base}/embeddings"


async def test_openai_embeddings_failure_is_an_embedding_error():
    with embeddings_server(status=500) as (base, _), pytest.raises(EmbeddingError, match="500"):
        await OpenAIEmbedder(base_url=base, model="m").embed(["x"])


def test_build_embedder_chooses_the_endpoint_only_when_a_model_is_named():
    assert isinstance(
        build_embedder(embedding_model=None, fallback_base_url="http://x/v1"), WordLlamaEmbedder
    )
    assert isinstance(
        build_embedder(embedding_model="m", fallback_base_url=None), WordLlamaEmbedder
    )
    chosen = build_embedder(embedding_model="m", fallback_base_url="http://x/v1")
    assert isinstance(chosen, OpenAIEmbedder) and chosen.base_url == "http://x/v1"


def test_wordllama_loads_from_its_package_with_no_network_and_no_cache(tmp_path):
    """In a fresh process with an empty home (no ~/.cache) and downloads made impossible
    (a proxy that does not exist), the packaged weights and tokenizer are used."""
    code = (
        "from colloquy.llm.embeddings import WordLlamaEmbedder\n"
        "v = WordLlamaEmbedder().embed_sync(['I love it.', 'I love it!', 'Too expensive.'])\n"
        "dot = lambda a, b: sum(x * y for x, y in zip(a, b))\n"
        "print(len(v[0]), dot(v[0], v[1]) > 0.9, dot(v[0], v[2]) < 0.5)\n"
    )
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "PYTHONPATH": str(SRC),
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "HTTP_PROXY": "http://127.0.0.1:9",
    }
    env.pop("HF_HUB_OFFLINE", None)
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["256", "True", "True"]
    assert not (tmp_path / ".cache" / "wordllama").exists()


def test_loading_wordllama_leaves_model_downloads_online(tmp_path):
    """The offline switch holds only while wordllama loads: a download started after it
    (the hub's client imported later) is not refused as offline."""
    code = (
        "import os\n"
        "from colloquy.llm.embeddings import WordLlamaEmbedder\n"
        "WordLlamaEmbedder().embed_sync(['x'])\n"
        "import huggingface_hub.constants as c\n"
        "print(os.environ.get('HF_HUB_OFFLINE'), c.HF_HUB_OFFLINE)\n"
    )
    env = {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(SRC)}
    env.pop("HF_HUB_OFFLINE", None)
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["None", "False"]


def test_health_report_names_the_endpoint_embedder(settings):
    from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

    with embeddings_server() as (base, seen), fake_model() as fake:
        settings.embedding_model = "nomic-embed"
        settings.embedding_base_url = base
        with app_client(settings, fake) as api:
            s = api.post("/api/sessions", json=session_body()).json()
            api.post(f"/api/sessions/{s['id']}/run")
            wait_idle(api, s["id"])
            report = api.get(f"/api/sessions/{s['id']}/health").json()
    assert report["embedder"] == f"nomic-embed via {base}/embeddings"
    assert report["answerCount"] == 18
    assert any(len(body["input"]) == 18 for body in seen)
