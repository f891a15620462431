"""A minimal Anthropic Messages API (POST /v1/messages) on loopback.

Replies like fake_openai: a responder `callable(body) -> reply` or a list of replies. A
str is text; a dict is the forced tool's input when the request has tools (otherwise
JSON text); FakeReply/FakeError work as in fake_openai. Streaming uses Anthropic's SSE
events (message_start ... message_stop), including input_json_delta for tool input.
"""

from __future__ import annotations

import asyncio
import json
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from . import fake_content as content
from .fake_openai import FakeError, FakeReply, Reply, Responder
from .loopback import LoopbackServer

_STOP = {"stop": "end_turn", "length": "max_tokens"}


def default_responder(body: dict[str, Any]) -> Reply:
    tools = body.get("tools") or []
    if tools:
        return content.sample_from_schema(tools[0].get("input_schema", {}))
    users = [m for m in body.get("messages", []) if m.get("role") == "user"]
    question = content.prompt_text(users[-1:]) if users else ""
    system = system_text(body)
    return content.persona_reply(system, question)


def system_text(body: dict[str, Any]) -> str:
    """The system prompt, given as a string or as text blocks (with cache marks)."""
    system = body.get("system")
    if isinstance(system, list):
        return "".join(b.get("text", "") for b in system if isinstance(b, dict))
    return system if isinstance(system, str) else ""


class FakeAnthropic:
    def __init__(
        self, responder: Responder | list[Reply] | None = None, *, latency: float = 0.0
    ) -> None:
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.usage_hook: Any = None  # callable(body, usage) -> usage
        self._lock = threading.Lock()
        self._script: list[Reply] = []
        self._responder: Responder = default_responder
        self.set_responder(responder)
        self.app = Starlette(routes=[Route("/v1/messages", self._messages, methods=["POST"])])
        self._server = LoopbackServer(self.app)

    @property
    def base_url(self) -> str:
        return self._server.url  # the SDK appends /v1/messages itself

    def set_responder(self, responder: Responder | list[Reply] | None) -> None:
        with self._lock:
            self._script = list(responder) if isinstance(responder, list) else []
            self._responder = responder if callable(responder) else default_responder

    async def _messages(self, request: Request):
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
            kinds = {429: "rate_limit_error", 402: "billing_error", 529: "overloaded_error"}
            err = reply.body or {
                "type": "error",
                "error": {
                    "type": kinds.get(reply.status, "api_error"),
                    "message": reply.message or f"fake error {reply.status}",
                },
            }
            return JSONResponse(err, status_code=reply.status, headers=reply.headers)
        tool = (body.get("tools") or [{}])[0].get("name")
        if tool and isinstance(reply.content, (dict, list)):
            block = {
                "type": "tool_use",
                "id": f"toolu_{uuid.uuid4().hex[:10]}",
                "name": tool,
                "input": reply.content,
            }
            stop = "tool_use"
        else:
            text = reply.content if isinstance(reply.content, str) else json.dumps(reply.content)
            block = {"type": "text", "text": text}
            stop = _STOP.get(reply.finish_reason, reply.finish_reason)
        out_text = block.get("text") or json.dumps(block.get("input"))
        usage = {
            "input_tokens": reply.prompt_tokens
            or content.count_tokens(content.prompt_text(body.get("messages", []))),
            "output_tokens": reply.completion_tokens or len(content.pieces(out_text)),
        }
        if self.usage_hook is not None:  # e.g. a prompt cache's counts (support/prompt_cache.py)
            usage = self.usage_hook(body, usage)
        message = {
            "id": f"msg_{uuid.uuid4().hex[:12]}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "fake-claude"),
            "content": [block],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": usage,
        }
        if body.get("stream"):
            return StreamingResponse(_events(message, reply), media_type="text/event-stream")
        return JSONResponse(message)


async def _events(message: dict[str, Any], reply: FakeReply):
    def event(name: str, data: dict[str, Any]) -> str:
        return f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n"

    block = message["content"][0]
    start = {
        **message,
        "content": [],
        "stop_reason": None,
        "usage": {**message["usage"], "output_tokens": 1},
    }
    yield event("message_start", {"message": start})
    if block["type"] == "text":
        yield event(
            "content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}}
        )
        deltas = [{"type": "text_delta", "text": p} for p in content.pieces(block["text"])]
    else:
        yield event("content_block_start", {"index": 0, "content_block": {**block, "input": {}}})
        raw = json.dumps(block["input"])
        deltas = [
            {"type": "input_json_delta", "partial_json": raw[i : i + 8]}
            for i in range(0, len(raw), 8)
        ]
    for delta in deltas:
        if reply.tokens_per_second:
            await asyncio.sleep(1 / reply.tokens_per_second)
        yield event("content_block_delta", {"index": 0, "delta": delta})
    yield event("content_block_stop", {"index": 0})
    yield event(
        "message_delta",
        {
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": message["usage"]["output_tokens"]},
        },
    )
    yield event("message_stop", {})


@contextmanager
def run_fake_anthropic(
    responder: Responder | list[Reply] | None = None, **options: Any
) -> Iterator[FakeAnthropic]:
    fake = FakeAnthropic(responder, **options)
    fake._server.start()
    try:
        yield fake
    finally:
        fake._server.stop()
