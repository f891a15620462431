"""Claude through the official `anthropic` SDK.

Structured output uses the standard pattern: one tool whose input_schema is the wanted
schema, with tool_choice forcing it; the tool input is the JSON. The Messages API wants
alternating user/assistant turns starting with a user turn, so messages are normalised.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic
from anthropic import AsyncAnthropic, DefaultAioHttpClient

from colloquy.llm import errors
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import TokenCallback, emit
from colloquy.llm.provider_base import RetryingProvider
from colloquy.llm.retry_policy import RetryPolicy
from colloquy.llm.types import ChatMessage, ChatRequest, ChatResult
from colloquy.llm.usage_fields import anthropic_usage_with_writes

DEFAULT_MODEL = "claude-sonnet-4-6"
TOOL_NAME = "respond"
_WRAP_KEY = "value"  # non-object schemas are wrapped, since input_schema must be an object
CACHE_MARK = {"type": "ephemeral"}  # Anthropic's 5-minute prompt cache
_STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "stop",
    "max_tokens": "length",
}


class AnthropicProvider(RetryingProvider):
    name = "anthropic"
    structured_output = "json_schema"  # a forced tool with the schema
    supports_images = True

    def __init__(
        self,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        model: str | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.model = model or DEFAULT_MODEL
        self._retry = retry or RetryPolicy()
        # aiohttp: the SDK's transport for many concurrent requests (see openai_provider).
        self._client = AsyncAnthropic(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=0,
            http_client=DefaultAioHttpClient(timeout=timeout),
        )

    async def aclose(self) -> None:
        await self._client.close()

    async def _attempt(self, req: ChatRequest, on_token: TokenCallback | None) -> ChatResult:
        kwargs, wrapped = self._build(req)
        try:
            if on_token is None:
                message = await self._client.messages.create(**kwargs)
            else:
                async with self._client.messages.stream(**kwargs) as stream:
                    async for event in stream:
                        # text deltas for prose, partial JSON for the forced tool
                        if event.type == "text" and event.text:
                            await emit(on_token, event.text)
                        elif event.type == "input_json" and event.partial_json:
                            await emit(on_token, event.partial_json)
                    message = await stream.get_final_message()
                if message.stop_reason is None:  # no message_stop: the stream was cut short
                    raise errors.truncated()
        except anthropic.AnthropicError as exc:
            raise _map_error(exc) from exc
        return self._result(message, req, wrapped)

    def _build(self, req: ChatRequest) -> tuple[dict[str, Any], bool]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "max_tokens": req.max_tokens,
            # No temperature: current Claude models and SDK (2.x) no longer take one.
            "messages": _messages(req.messages),
        }
        if req.system:
            # The stable prefix: the persona's system prompt is the same on
            # every call of a participant, so it is marked for Anthropic's prompt cache.
            kwargs["system"] = [{"type": "text", "text": req.system, "cache_control": CACHE_MARK}]
        wrapped = False
        if req.json_schema is not None:
            schema = req.json_schema
            if schema.get("type") != "object":
                schema = {
                    "type": "object",
                    "properties": {_WRAP_KEY: schema},
                    "required": [_WRAP_KEY],
                }
                wrapped = True
            kwargs["tools"] = [
                {
                    "name": TOOL_NAME,
                    "input_schema": schema,
                    "description": "Give the answer as structured data.",
                }
            ]
            kwargs["tool_choice"] = {"type": "tool", "name": TOOL_NAME}
        return kwargs, wrapped

    def _result(self, message: Any, req: ChatRequest, wrapped: bool) -> ChatResult:
        text = ""
        if req.json_schema is not None:
            for block in message.content:
                if block.type == "tool_use":
                    data = block.input
                    if wrapped and isinstance(data, dict):
                        data = data.get(_WRAP_KEY)
                    text = json.dumps(data, ensure_ascii=False) if data not in (None, {}) else ""
                    break
        if not text:
            text = "".join(b.text for b in message.content if b.type == "text")
        if not text.strip():
            raise errors.empty_response()
        prompt, completion, cached, written = anthropic_usage_with_writes(message.usage)
        return ChatResult(
            text=text,
            prompt_tokens=prompt,
            completion_tokens=completion,
            model=message.model or self.model,
            finish_reason=_STOP_REASONS.get(message.stop_reason or "", message.stop_reason),
            cached_tokens=cached,
            cache_write_tokens=written,
        )


def _messages(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    """Alternate roles (merging repeats) and start with a user turn."""
    out: list[dict[str, Any]] = []
    for m in messages:
        role = "assistant" if m.role == "assistant" else "user"
        blocks = _text_blocks(m)
        if role == "user" and m.images:
            images = [_image_block(u) for u in m.images]
            marked = next((i for i, b in enumerate(blocks) if "cache_control" in b), None)
            if m.block_ends and marked is not None and marked > 0:
                # Lines after the materials (a cache-friendly prompt): the images follow
                # the materials' block, so every later call begins with them too.
                blocks = [blocks[0], *images, *blocks[1:]]
            elif marked is not None and marked < len(blocks) - 1:
                # The images belong to the stable part: before the mark.
                images[-1]["cache_control"] = blocks[marked].pop("cache_control")
                blocks = [*blocks[: marked + 1], *images, *blocks[marked + 1 :]]
            else:
                blocks += images
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    if not out or out[0]["role"] != "user":
        out.insert(0, {"role": "user", "content": [{"type": "text", "text": "Please begin."}]})
    return out


def _text_blocks(m: ChatMessage) -> list[dict[str, Any]]:
    """The message's text; with a stable leading part (cache_prefix), that part ends in a
    block marked for the prompt cache (cut into a block per line at `block_ends`), the
    rest (the discussion, or the persona and the turn) follows."""
    text = m.content or "..."
    cut = m.cache_prefix
    if 0 < cut < len(text) and text[:cut].strip() and text[cut:].strip():
        starts = [0, *(e for e in m.block_ends if 0 < e < cut)]
        pairs = zip(starts, [*starts[1:], cut], strict=True)
        stable: list[dict[str, Any]] = [{"type": "text", "text": text[a:b]} for a, b in pairs]
        stable[-1]["cache_control"] = CACHE_MARK
        return [*stable, {"type": "text", "text": text[cut:]}]
    if cut >= len(text) > 0:
        return [{"type": "text", "text": text, "cache_control": CACHE_MARK}]
    return [{"type": "text", "text": text}]


def _image_block(url: str) -> dict[str, Any]:
    if url.startswith("data:") and ";base64," in url:
        media_type, data = url[5:].split(";base64,", 1)
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": media_type, "data": data},
        }
    return {"type": "image", "source": {"type": "url", "url": url}}


def _map_error(exc: anthropic.AnthropicError) -> LLMError:
    return errors.from_sdk_error(
        exc,
        timeout_error=anthropic.APITimeoutError,
        connection_error=anthropic.APIConnectionError,
        status_error=anthropic.APIStatusError,
    )
