"""Any OpenAI-compatible endpoint through the official SDK (streamed answers, the hot path
of a session, go straight over aiohttp with the SDK's URL and headers: openai_stream.py).

OpenAI, vLLM, Ollama, llama.cpp server, LM Studio and OpenRouter all speak this API but
differ at the edges, so a 400 that names a parameter makes the provider adapt and try
again: json_schema -> json_object (with the schema, as llama.cpp's servers take it) ->
schema in the prompt only (only on a refusal that names the response format);
max_tokens -> max_completion_tokens; no temperature; no stream_options; no images.
(llama-cpp-python's server answers a json_schema request with a 500 naming
response_format: that adapts too.) The structured-output mode that worked is remembered
per base URL and model, for every provider built for them, for a while (json_modes.py);
the rest per provider. Calls to one server (its base URL, whatever the model) share an
adaptive concurrency limit (concurrency.py).
The SDK's own retries are off: retry_policy.py does that.
"""

from __future__ import annotations

import re
from typing import Any

import openai
from openai import AsyncOpenAI, DefaultAioHttpClient

from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.llm import errors, json_modes
from colloquy.llm.concurrency import DEFAULT_MAX_CONCURRENCY, AdaptiveLimit, limit_for
from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import normalise_json_text, schema_instruction
from colloquy.llm.openai_stream import ChatStream, HTTPStatusError
from colloquy.llm.provider import TokenCallback
from colloquy.llm.provider_base import RetryingProvider
from colloquy.llm.retry_policy import RetryPolicy
from colloquy.llm.server_tokens import ServerTokenCounter
from colloquy.llm.types import ChatRequest, ChatResult, estimate_prompt_tokens
from colloquy.llm.usage_fields import cached_prompt_tokens

DEFAULT_MODEL = "gpt-4o-mini"
_MAX_ADAPTATIONS = 5


class OpenAIProvider(RetryingProvider):
    name = "openai"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        model: str | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        supports_images: bool = True,
        max_concurrency: int | None = None,
    ) -> None:
        self.model = model or DEFAULT_MODEL
        self.supports_images = supports_images
        self._retry = retry or RetryPolicy()
        # Local servers ignore the key, but the SDK refuses to start without one. The
        # aiohttp transport is the SDK's choice for many concurrent requests: httpx's pool
        # polled every idle connection on each request (bench/CHANGES.md).
        # A call that is not streamed reads nothing until the model is done (an insights
        # prompt on a CPU server takes minutes): only connecting has `timeout`, the whole
        # call is bounded by the overall deadline (provider_base.py).
        sdk_timeout = openai.Timeout(None, connect=timeout)
        self._client = AsyncOpenAI(
            base_url=base_url,
            api_key=api_key or "not-needed",
            timeout=sdk_timeout,
            max_retries=0,
            http_client=DefaultAioHttpClient(timeout=sdk_timeout),
        )
        self._chat_stream = ChatStream(self._client, timeout)  # streamed answers
        self._endpoint = (str(self._client.base_url).rstrip("/"), self.model)
        self._server_tokens = ServerTokenCounter(str(self._client.base_url), timeout)
        self._max_concurrency = max_concurrency or DEFAULT_MAX_CONCURRENCY
        self._token_param = "max_tokens"
        self._send_temperature = True
        self._stream_usage = True
        self._send_images = True
        # llama-cpp-python's and vLLM's servers hold off the end until min_tokens; a server
        # that refuses the field is asked without it from then on (_adapt).
        self._send_min_tokens = True

    @property
    def structured_output(self) -> str:
        """How JSON is asked for now: json_schema, json_object or prompt (it adapts)."""
        return self.json_mode

    @property
    def json_mode(self) -> str:
        """How structured output is asked of this endpoint: one of json_modes.JSON_MODES."""
        return json_modes.MEMORY.mode(self._endpoint)

    def _endpoint_limit(self) -> AdaptiveLimit:
        # Keyed by the server's address alone: two models (two profiles) on one
        # single-slot llama.cpp server must queue for the same slot.
        return limit_for(self._endpoint[0], self._max_concurrency)

    async def aclose(self) -> None:
        await self._chat_stream.aclose()
        await self._server_tokens.aclose()
        await self._client.close()

    # -- one attempt, adapting to the server -------------------------------------------

    async def _attempt(self, req: ChatRequest, on_token: TokenCallback | None) -> ChatResult:
        for _ in range(_MAX_ADAPTATIONS):
            kwargs = self._build(req)
            try:
                if on_token is None:
                    result = await self._complete(req, kwargs)
                else:
                    result = await self._stream(req, kwargs, on_token)
            except openai.APIStatusError as exc:
                message = errors.body_message(exc.body, exc.message)
                if _adaptable(exc.status_code, message) and self._adapt(message, req):
                    continue
                raise _map_error(exc) from exc
            except HTTPStatusError as exc:  # the same, from a stream request
                if _adaptable(exc.status, exc.message) and self._adapt(exc.message, req):
                    continue
                raise errors.from_status(exc.status, exc.message, exc.retry_after) from exc
            except openai.OpenAIError as exc:
                raise _map_error(exc) from exc
            if not result.text.strip():
                raise errors.empty_response()
            if req.json_schema is not None:
                # Prompt-only JSON has no grammar behind it: cut-off documents repaired.
                result.text = normalise_json_text(result.text, repair=self.json_mode == "prompt")
            return result
        raise LLMError(
            "The AI service rejected the request parameters", status=400, kind="bad_request"
        )

    def _build(self, req: ChatRequest) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": self._messages(req),
            self._token_param: req.max_tokens,
        }
        if self._send_temperature:
            kwargs["temperature"] = req.temperature
        if req.min_tokens > 0 and self._send_min_tokens:
            kwargs["extra_body"] = {"min_tokens": req.min_tokens}  # not in OpenAI's SDK
        mode = self.json_mode
        if req.json_schema is not None and mode == "json_schema":
            kwargs["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": _schema_name(req.json_schema),
                    "schema": req.json_schema,
                    "strict": False,
                },
            }
        elif req.json_schema is not None and mode == "json_object":
            # llama.cpp's servers constrain decoding to this schema; others ignore it and
            # go by the schema in the prompt (_messages).
            kwargs["response_format"] = {"type": "json_object", "schema": req.json_schema}
        return kwargs

    def _messages(self, req: ChatRequest) -> list[dict[str, Any]]:
        system = req.system
        if req.json_schema is not None:
            # Also with json_schema: some servers accept response_format and ignore it.
            system = f"{system}\n\n{schema_instruction(req.json_schema)}".strip()
        out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
        for m in req.messages:
            if m.images and m.role == "user" and self.supports_images and self._send_images:
                parts: list[dict[str, Any]] = [{"type": "text", "text": m.content}]
                parts += [{"type": "image_url", "image_url": {"url": u}} for u in m.images]
                out.append({"role": m.role, "content": parts})
            else:
                out.append({"role": m.role, "content": m.content})
        return out

    def _adapt(self, message: str, req: ChatRequest) -> bool:
        """Change one setting the server objected to; False when nothing is left to try."""
        msg = message.lower()
        if "max_completion_tokens" in msg and self._token_param == "max_tokens":
            self._token_param = "max_completion_tokens"
        elif "min_tokens" in msg and self._send_min_tokens:
            self._send_min_tokens = False
        elif "temperature" in msg and self._send_temperature:
            self._send_temperature = False
        elif "stream_options" in msg and self._stream_usage:
            self._stream_usage = False
        elif "image" in msg and self._send_images and any(m.images for m in req.messages):
            self._send_images = False
            self.supports_images = False  # callers that need vision can now tell
        elif req.json_schema is not None and json_modes.names_response_format(msg):
            # Only a refusal that names the response format costs structured output, and
            # only for a while (a 400 about the prompt or an image says nothing about it).
            return json_modes.MEMORY.downgrade(self._endpoint) is not None
        else:
            return False
        return True

    # -- transport ---------------------------------------------------------------------

    async def _complete(self, req: ChatRequest, kwargs: dict[str, Any]) -> ChatResult:
        resp = await self._client.chat.completions.create(**kwargs)
        choice = resp.choices[0] if resp.choices else None
        text = (choice.message.content or "") if choice and choice.message else ""
        usage = resp.usage
        return ChatResult(
            text=text,
            prompt_tokens=usage.prompt_tokens if usage else estimate_prompt_tokens(req),
            completion_tokens=usage.completion_tokens if usage else estimate_tokens(text),
            model=resp.model or self.model,
            finish_reason=choice.finish_reason if choice else None,
            cached_tokens=cached_prompt_tokens(usage.model_dump() if usage else None),
        )

    async def _stream(
        self, req: ChatRequest, kwargs: dict[str, Any], on_token: TokenCallback
    ) -> ChatResult:
        if self._stream_usage:
            kwargs["stream_options"] = {"include_usage": True}
        parts: list[str] = []
        usage: dict[str, Any] | None = None
        timings: dict[str, Any] | None = None
        finish = model = None
        extra = kwargs.pop("extra_body", {})  # the SDK's way; here the body is ours
        body = {**kwargs, **extra, "stream": True}
        async for chunks in self._chat_stream.chunks(body):
            for chunk in chunks:
                usage = chunk.get("usage") or usage
                timings = chunk.get("timings") or timings  # llama.cpp's server
                model = chunk.get("model") or model
                for choice in chunk.get("choices") or ():
                    delta = (choice.get("delta") or {}).get("content")
                    if delta:
                        parts.append(delta)
                        pending = on_token(delta)
                        if pending is not None:  # an async callback
                            await pending
                    finish = choice.get("finish_reason") or finish
        if finish is None:
            # Closed early (server killed, connection cut, or llama-cpp-python's server
            # interrupting it for a newer request: [DONE] without a finish reason): the
            # text is a fragment. The retry discards it; the caller's live view is told
            # (RetryingProvider.stream).
            raise errors.truncated()
        text = "".join(parts)
        if not isinstance((usage or {}).get("prompt_tokens"), int):
            # No usage with the stream (llama-cpp-python's server): its tokenizer counts.
            counted = await self._server_tokens.usage(req, text)
            if counted is not None:
                usage = {"prompt_tokens": counted[0], "completion_tokens": counted[1]}
        return ChatResult(
            text=text,
            prompt_tokens=_usage_count(usage, "prompt_tokens", estimate_prompt_tokens(req)),
            completion_tokens=_usage_count(usage, "completion_tokens", estimate_tokens(text)),
            model=model or self.model,
            finish_reason=finish,
            cached_tokens=cached_prompt_tokens(usage, timings),
        )


def _adaptable(status: int, message: str) -> bool:
    """A refusal of the request's parameters: a 400/422, or a 500 that names
    response_format (llama-cpp-python's server reports its validation error so)."""
    return status in (400, 422) or (status == 500 and "response_format" in message)


def _usage_count(usage: dict[str, Any] | None, key: str, default: int) -> int:
    value = usage.get(key) if isinstance(usage, dict) else None
    return value if isinstance(value, int) else default


def _schema_name(schema: dict[str, Any]) -> str:
    title = str(schema.get("title") or "response")
    return re.sub(r"[^a-zA-Z0-9_-]", "_", title)[:64] or "response"


def _map_error(exc: openai.OpenAIError) -> LLMError:
    return errors.from_sdk_error(
        exc,
        timeout_error=openai.APITimeoutError,
        connection_error=openai.APIConnectionError,
        status_error=openai.APIStatusError,
    )
