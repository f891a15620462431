"""An OpenAI-compatible embeddings server on loopback, optionally speaking Ollama's own
API too (/api/tags, /api/show), for the embedder settings and the model-size tests.

    with run_fake_embeddings(["nomic-embed-text"], chat=["llama3.2"], ollama=True) as fake:
        fake.base_url        # http://127.0.0.1:PORT/v1
        fake.requests        # the /v1/embeddings bodies, in order
        fake.shows           # the /api/show bodies
        fake.sizes           # {model: (parameter_size, parameter_count)} for /api/show
        fake.model_meta      # {model: dict} extra fields of a /v1/models entry

`add_ollama_show(fake_openai.app, {"llama3.2": ("3.2B", 3212749888)})` gives a chat fake
(support/fake_openai.py) Ollama's /api/show, for the model-size tests.

Vectors are letter counts (a-z) of the text, so equal texts give equal vectors; a model
that is not an embedding model answers 400 as vLLM and llama.cpp do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .loopback import LoopbackServer


def letter_vector(text: str) -> list[float]:
    low = text.lower()
    return [float(low.count(chr(c))) for c in range(ord("a"), ord("z") + 1)]


class FakeEmbeddings:
    def __init__(self, embedding: list[str], chat: list[str], ollama: bool) -> None:
        self.embedding = embedding
        self.chat = chat
        self.ollama = ollama
        self.requests: list[dict[str, Any]] = []
        self.shows: list[dict[str, Any]] = []
        self.sizes: dict[str, tuple[str | None, int | None]] = {}
        self.model_meta: dict[str, dict[str, Any]] = {}
        self.fail_status: int | None = None
        routes = [
            Route("/v1/embeddings", self._embeddings, methods=["POST"]),
            Route("/v1/models", self._models, methods=["GET"]),
        ]
        if ollama:
            routes += [
                Route("/api/tags", self._tags, methods=["GET"]),
                Route("/api/show", self._show, methods=["POST"]),
            ]
        self._server = LoopbackServer(Starlette(routes=routes))

    @property
    def base_url(self) -> str:
        return f"{self._server.url}/v1"

    @property
    def root(self) -> str:
        return self._server.url

    async def _embeddings(self, request: Request) -> JSONResponse:
        body = await request.json()
        self.requests.append(body)
        if self.fail_status is not None:
            return JSONResponse({"error": {"message": "busy"}}, status_code=self.fail_status)
        if body.get("model") not in self.embedding:
            return JSONResponse(
                {"error": {"message": f"{body.get('model')} does not support embeddings"}},
                status_code=400,
            )
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [
            {"object": "embedding", "index": i, "embedding": letter_vector(t)}
            for i, t in enumerate(texts)
        ]
        return JSONResponse({"object": "list", "data": data, "model": body["model"]})

    async def _models(self, request: Request) -> JSONResponse:
        data = [
            {"id": m, "object": "model", "owned_by": "fake", **self.model_meta.get(m, {})}
            for m in [*self.chat, *self.embedding]
        ]
        return JSONResponse({"object": "list", "data": data})

    async def _tags(self, request: Request) -> JSONResponse:
        models = [
            {"name": m, "model": m, "details": {"family": "llama", "families": ["llama"]}}
            for m in [*self.chat, *self.embedding]
        ]
        return JSONResponse({"models": models})

    async def _show(self, request: Request) -> JSONResponse:
        body = await request.json()
        self.shows.append(body)
        name = body.get("model") or body.get("name")
        if name not in [*self.chat, *self.embedding]:
            return JSONResponse({"error": f"model '{name}' not found"}, status_code=404)
        label, count = self.sizes.get(name, (None, None))
        out: dict[str, Any] = {
            "details": {"family": "llama", "parameter_size": label},
            "model_info": {"general.architecture": "llama"},
            "capabilities": ["embedding"] if name in self.embedding else ["completion"],
        }
        if count is not None:
            out["model_info"]["general.parameter_count"] = count
        return JSONResponse(out)


def add_ollama_show(
    app: Starlette, sizes: dict[str, tuple[str | None, int | None]]
) -> list[dict[str, Any]]:
    """Answer POST /api/show on `app` for the models in `sizes`; returns the bodies seen."""
    seen: list[dict[str, Any]] = []

    async def show(request: Request) -> JSONResponse:
        body = await request.json()
        seen.append(body)
        name = body.get("model") or body.get("name")
        if name not in sizes:
            return JSONResponse({"error": f"model '{name}' not found"}, status_code=404)
        label, count = sizes[name]
        info: dict[str, Any] = {"general.architecture": "llama"}
        if count is not None:
            info["general.parameter_count"] = count
        details = {"family": "llama", "parameter_size": label}
        return JSONResponse(
            {"details": details, "model_info": info, "capabilities": ["completion"]}
        )

    app.router.routes.append(Route("/api/show", show, methods=["POST"]))
    return seen


@contextmanager
def run_fake_embeddings(
    embedding: list[str], chat: list[str] | None = None, ollama: bool = False
) -> Iterator[FakeEmbeddings]:
    fake = FakeEmbeddings(embedding, chat or [], ollama)
    fake._server.start()
    try:
        yield fake
    finally:
        fake._server.stop()
