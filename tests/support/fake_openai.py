"""An OpenAI-compatible chat server on loopback, scriptable from tests and the benchmark.

    with run_fake_openai() as fake:               # persona-style text, schema-shaped JSON
        settings.llm_base_url = fake.base_url      # http://127.0.0.1:PORT/v1
        ...
        fake.requests[-1]["max_tokens"]            # every request body, in order

A responder is `callable(body) -> reply`, or a list of replies used one per request
(then the default responder). A reply is a str (text), a dict/list (sent as JSON text),
a FakeReply (text plus delay, pacing, usage, finish reason, mid-stream failure) or a
FakeError (HTTP status, message, delay, headers such as Retry-After).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from . import fake_content as content
from .loopback import LoopbackServer


@dataclass
class FakeReply:
    content: Any = ""  # str, or a dict/list sent as JSON text
    delay: float = 0.0  # seconds before the response starts
    tokens_per_second: float | None = None  # stream pacing (None: server default)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str = "stop"
    usage: bool = True  # False: no usage anywhere (clients must estimate)
    fail_after: int | None = None  # streaming: send an error event after N chunks
    cut_after: int | None = None  # streaming: end the body after N chunks (no finish, no [DONE])
    model: str | None = None


@dataclass
class FakeError:
    status: int
    message: str = ""
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None  # full JSON body; default {"error": {"message", "type", "code"}}


Reply = str | dict | list | FakeReply | FakeError
Responder = Callable[[dict[str, Any]], Reply]


def default_responder(body: dict[str, Any]) -> Reply:
    """Schema-shaped JSON for structured requests, a persona-style answer otherwise."""
    messages = body.get("messages", [])
    system = next((m.get("content", "") for m in messages if m.get("role") == "system"), "")
    fmt = body.get("response_format") or {}
    schema = fmt.get("json_schema", {}).get("schema") if fmt.get("type") == "json_schema" else None
    if schema is None and isinstance(system, str):
        schema = content.schema_from_prompt(system)  # json_object mode or schema-in-prompt
    if schema is not None or fmt.get("type") == "json_object":
        return content.sample_from_schema(schema or {"type": "object", "properties": {}})
    users = [m for m in messages if m.get("role") == "user"]
    question = content.prompt_text(users[-1:]) if users else ""
    text = content.persona_reply(system if isinstance(system, str) else "", question)
    limit = body.get("max_tokens") or body.get("max_completion_tokens")
    parts = content.pieces(text)
    if limit and len(parts) > limit:
        return FakeReply("".join(parts[:limit]).rstrip(), finish_reason="length")
    return text


class FakeOpenAI:
    """The server's state; use run_fake_openai() to start one."""

    def __init__(
        self,
        responder: Responder | list[Reply] | None = None,
        *,
        latency: float = 0.0,
        tokens_per_second: float | None = None,
        model: str = "fake-model",
    ) -> None:
        self.latency = latency  # added before every reply (benchmark: a slow provider)
        self.tokens_per_second = tokens_per_second  # stream pacing; None = as fast as possible
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.model_lists = 0  # GET /models requests received
        self.headers: list[dict[str, str]] = []
        self.usage_hook: Any = None  # callable(body, usage) -> usage
        self._lock = threading.Lock()
        self._responder: Responder = default_responder
        self._script: list[Reply] = []
        self.set_responder(responder)
        self.app = Starlette(
            routes=[
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
                Route("/v1/models", self._models, methods=["GET"]),
            ]
        )
        self._server = LoopbackServer(self.app)

    @property
    def base_url(self) -> str:
        return f"{self._server.url}/v1"

    def set_responder(self, responder: Responder | list[Reply] | None) -> None:
        with self._lock:
            self._script = list(responder) if isinstance(responder, list) else []
            self._responder = responder if callable(responder) else default_responder

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.headers.clear()
            self.model_lists = 0

    # -- HTTP ----------------------------------------------------------------------------

    async def _models(self, request: Request) -> JSONResponse:
        with self._lock:
            self.model_lists += 1
        return JSONResponse(
            {
                "object": "list",
                "data": [{"id": self.model, "object": "model", "created": 0, "owned_by": "fake"}],
            }
        )

    async def _chat(self, request: Request):
        body = await request.json()
        with self._lock:
            self.requests.append(body)
            self.headers.append(dict(request.headers))
            scripted = self._script.pop(0) if self._script else None
            responder = self._responder
        reply = scripted if scripted is not None else responder(body)
        if not isinstance(reply, (FakeReply, FakeError)):
            reply = FakeReply(content=reply)
        await asyncio.sleep(self.latency + reply.delay)
        if isinstance(reply, FakeError):
            return JSONResponse(_error_body(reply), status_code=reply.status, headers=reply.headers)
        text = reply.content if isinstance(reply.content, str) else json.dumps(reply.content)
        prompt = reply.prompt_tokens
        if prompt is None:
            prompt = content.count_tokens(content.prompt_text(body.get("messages", [])))
        usage = {
            "prompt_tokens": prompt,
            "completion_tokens": reply.completion_tokens or len(content.pieces(text)),
        }
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        if self.usage_hook is not None:  # e.g. a prompt cache's counts (support/prompt_cache.py)
            usage = self.usage_hook(body, usage)
        model = reply.model or body.get("model") or self.model
        if body.get("stream"):
            with_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            events = self._events(text, reply, model, usage if with_usage and reply.usage else None)
            return StreamingResponse(events, media_type="text/event-stream")
        return JSONResponse(
            {
                "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": reply.finish_reason,
                        "logprobs": None,
                        "message": {"role": "assistant", "content": text},
                    }
                ],
                **({"usage": usage} if reply.usage else {}),
            }
        )

    async def _events(self, text: str, reply: FakeReply, model: str, usage: dict[str, int] | None):
        """OpenAI's chunk format: role chunk, content deltas, finish chunk, usage chunk."""
        cid, created = f"chatcmpl-{uuid.uuid4().hex[:12]}", int(time.time())
        rate = reply.tokens_per_second or self.tokens_per_second

        def chunk(delta: dict, finish: str | None = None, **extra: Any) -> str:
            data = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [
                    {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
                ],
            }
            data.update(extra)
            return f"data: {json.dumps(data)}\n\n"

        yield chunk({"role": "assistant", "content": ""})
        for n, piece in enumerate(content.pieces(text)):
            if reply.fail_after is not None and n >= reply.fail_after:
                yield f"data: {json.dumps({'error': {'message': 'stream broke'}})}\n\n"
                return
            if reply.cut_after is not None and n >= reply.cut_after:
                return  # a server that stops mid-answer
            if rate:
                await asyncio.sleep(1 / rate)
            yield chunk({"content": piece})
        yield chunk({}, reply.finish_reason)
        if usage is not None:
            data = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [],
                "usage": usage,
            }
            yield f"data: {json.dumps(data)}\n\n"
        yield "data: [DONE]\n\n"


def _error_body(err: FakeError) -> Any:
    if err.body is not None:
        return err.body
    kinds = {400: "invalid_request_error", 402: "insufficient_quota", 429: "rate_limit_exceeded"}
    return {
        "error": {
            "message": err.message or f"fake error {err.status}",
            "type": kinds.get(err.status, "server_error"),
            "code": err.status,
        }
    }


@contextmanager
def run_fake_openai(
    responder: Responder | list[Reply] | None = None, **options: Any
) -> Iterator[FakeOpenAI]:
    """Start a FakeOpenAI on a free loopback port; options: latency, tokens_per_second,
    model."""
    fake = FakeOpenAI(responder, **options)
    fake._server.start()
    try:
        yield fake
    finally:
        fake._server.stop()
