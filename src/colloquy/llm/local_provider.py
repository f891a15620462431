"""The embedded model: llama.cpp in-process through llama-cpp-python.

One Llama instance per GGUF path per process, loaded lazily on first use and kept. A
llama.cpp context is not safe for concurrent use, so every call for a model runs on that
model's single worker thread: calls are serialised in arrival order, no thread is held
while waiting, and the event loop stays free while the model computes. Tokens go back
to the loop with call_soon_threadsafe. Cancelling the awaiting task (Stop) sets a flag
the worker checks between tokens, so the model is released at once.

The timeout counts generation time only: not the queue, and not the prompt's evaluation
(bounded by the context size, and slow only on a busy machine, where a long prompt could
take more than the whole budget before the first token). A slow custom GGUF returns the
text it has so far (finish_reason "length"); only a call with no text yet times out.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from colloquy.llm import errors
from colloquy.llm.errors import LLMError
from colloquy.llm.gguf_tokenizer import count_tokens
from colloquy.llm.json_output import normalise_json_text, schema_instruction
from colloquy.llm.llama_loader import EMBEDDED_NAME, embedded_model_path, executor_for, load_model
from colloquy.llm.llama_min_tokens import min_tokens_kwargs
from colloquy.llm.provider import TokenCallback, emit
from colloquy.llm.provider_base import RetryingProvider
from colloquy.llm.retry_policy import RetryPolicy
from colloquy.llm.types import ChatRequest, ChatResult, estimate_prompt_tokens

__all__ = ["EMBEDDED_NAME", "LocalProvider", "embedded_model_path"]

log = logging.getLogger(__name__)

# Only an empty reply is worth one more try locally; the rest would fail the same way.
LOCAL_RETRY = RetryPolicy(max_retries=1, base_delay=0.0, timeout_retries=0, empty_retries=1)
_DONE = object()


class LocalProvider(RetryingProvider):
    name = "local"
    supports_images = False
    # No overall deadline: the queue for the one model is not a fault, and the compute
    # time of each call is bounded by `timeout` below.
    answer_deadline = None
    long_deadline = None
    structured_output = "json_schema"  # llama.cpp's schema grammar

    def __init__(
        self,
        *,
        model_path: str | None = None,
        timeout: float | None = 30.0,
        n_ctx: int = 8192,
        retry: RetryPolicy | None = None,
    ) -> None:
        # A missing model fails the calls (with this message), not the server's start-up.
        self.model_path = model_path or embedded_model_path() or ""
        self.model = Path(model_path).stem if model_path else EMBEDDED_NAME
        self._timeout = timeout
        self._n_ctx = n_ctx
        self._retry = retry or LOCAL_RETRY
        self._executor = executor_for(self.model_path)

    async def load(self) -> None:
        """Load the model ahead of the first request (e.g. at server start)."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, load_model, self.model_path, self._n_ctx)

    async def aclose(self) -> None:
        """Nothing to release per provider: the model stays loaded for the process."""

    def count_tokens(self, text: str) -> int | None:
        """Tokens of `text` in this model's own tokenizer (None when it cannot load)."""
        return count_tokens(self.model_path, text)

    async def _attempt(self, req: ChatRequest, on_token: TokenCallback | None) -> ChatResult:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[object] = asyncio.Queue()
        cancel = threading.Event()

        def push(item: object) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the loop is gone: nobody is listening any more
                cancel.set()

        future = loop.run_in_executor(self._executor, self._generate, req, push, cancel)
        # If we are cancelled before awaiting it, its outcome must not be reported unseen.
        future.add_done_callback(lambda f: f.cancelled() or f.exception())
        try:
            while (item := await queue.get()) is not _DONE:
                if on_token is not None:
                    await emit(on_token, item)  # type: ignore[arg-type]
            result = await future
        finally:
            cancel.set()  # on cancellation: the worker stops at the next token
        if not result.text.strip():
            raise errors.empty_response()
        if req.json_schema is not None:
            result.text = normalise_json_text(result.text)
        return result

    def _generate(
        self, req: ChatRequest, push: Callable[[object], None], cancel: threading.Event
    ) -> ChatResult:
        """Worker thread: stream tokens from llama.cpp, pushing each to the loop."""
        try:
            if cancel.is_set():
                return ChatResult("", 0, 0, self.model, "cancelled")
            llm = load_model(self.model_path, self._n_ctx)
            return self._complete(llm, req, push, cancel)
        except LLMError:
            raise
        except ValueError as exc:  # llama-cpp-python: prompt longer than the context
            raise LLMError(f"Local model: {exc}", status=400, kind="bad_request") from exc
        except Exception as exc:
            raise LLMError(f"Local model failed: {exc}") from exc
        finally:
            push(_DONE)

    def _complete(
        self, llm: Any, req: ChatRequest, push: Callable[[object], None], cancel: threading.Event
    ) -> ChatResult:
        system = req.system
        kwargs: dict[str, Any] = {
            "max_tokens": req.max_tokens,
            "temperature": req.temperature,
            "stream": True,
        }
        if req.json_schema is not None:
            # Grammar-constrained decoding: the output is JSON of this shape by
            # construction; callers still validate and clamp the values.
            kwargs["response_format"] = {"type": "json_object", "schema": req.json_schema}
            system = f"{system}\n\n{schema_instruction(req.json_schema)}".strip()
        else:
            kwargs["repeat_penalty"] = 1.1  # keeps a tiny model from looping
            kwargs.update(min_tokens_kwargs(llm, req.min_tokens))  # no end before it
        messages = [{"role": "system", "content": system}] if system else []
        messages += [{"role": m.role, "content": m.content} for m in req.messages]

        started: float | None = None  # set at the first chunk: the prompt is evaluated
        evaluated_before = getattr(llm, "colloquy_evaluated", 0)
        parts: list[str] = []
        finish: str | None = None
        for chunk in llm.create_chat_completion(messages=messages, **kwargs):
            if cancel.is_set():
                finish = "cancelled"
                break
            choice = chunk["choices"][0]
            delta = choice.get("delta", {}).get("content")
            if delta:
                parts.append(delta)
                push(delta)
            finish = choice.get("finish_reason") or finish
            if started is None:
                started = time.monotonic()
            elif self._timeout is not None and time.monotonic() - started > self._timeout:
                if not parts:
                    raise errors.timed_out()
                finish = "length"
                break
        completion = len(parts)  # llama.cpp streams one chunk per token
        prompt = max(0, int(getattr(llm, "n_tokens", 0)) - completion)
        evaluated = getattr(llm, "colloquy_evaluated", 0) - evaluated_before
        prompt_evaluated = max(0, evaluated - completion)
        result = ChatResult(
            text="".join(parts),
            prompt_tokens=prompt or estimate_prompt_tokens(req),
            completion_tokens=completion,
            model=self.model,
            finish_reason=finish,
            prompt_evaluated=prompt_evaluated,
            # llama.cpp's counts: the prompt tokens it reused from the context it kept.
            cached_tokens=max(0, prompt - prompt_evaluated) if prompt else 0,
        )
        log.debug(
            "local model: prompt %d tokens (%d evaluated), %d generated in %.2fs",
            result.prompt_tokens,
            result.prompt_evaluated,
            completion,
            time.monotonic() - started if started is not None else 0.0,  # no chunk came
        )
        return result
