"""One error type for every provider, worded so the UI can pick its hints (product-rules §8).

The UI shows a hint when the message contains '429', '402' or 'timeout'; otherwise it
falls back to 'Failed to generate response'. The status code travels with the error.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Protocol

RATE_LIMIT_MESSAGE = "Rate limit exceeded (429)"
CREDITS_MESSAGE = "Credits depleted (402)"
TIMEOUT_MESSAGE = "Request timeout"
EMPTY_MESSAGE = "No response from AI"


class LLMError(Exception):
    """A failed model call.

    kind is a stable code: rate_limit, credits, timeout, empty, truncated, server,
    connection, bad_request, invalid_output or other. retryable says whether retry_policy.py may
    try again.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        kind: str = "other",
        retryable: bool = False,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.kind = kind
        self.retryable = retryable
        self.retry_after = retry_after  # seconds the server asked us to wait, if any

    def __repr__(self) -> str:
        return f"LLMError({self.message!r}, status={self.status}, kind={self.kind!r})"


def rate_limited(retry_after: float | None = None) -> LLMError:
    return LLMError(
        RATE_LIMIT_MESSAGE, status=429, kind="rate_limit", retryable=True, retry_after=retry_after
    )


def credits_depleted() -> LLMError:
    return LLMError(CREDITS_MESSAGE, status=402, kind="credits")


def timed_out() -> LLMError:
    return LLMError(TIMEOUT_MESSAGE, status=408, kind="timeout", retryable=True)


def truncated() -> LLMError:
    """A stream that ended without a finish reason or [DONE]: the text is incomplete."""
    return LLMError(
        "The AI service ended the answer early (the stream was cut short)",
        status=502,
        kind="truncated",
        retryable=True,
    )


def _root_cause(exc: BaseException) -> BaseException:
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return exc


def timed_out_really(exc: BaseException) -> bool:
    """Whether an SDK or httpx timeout error is a timeout. The SDKs' aiohttp transport
    reports any dropped connection as httpx's ConnectTimeout; the root cause tells."""
    root = _root_cause(exc)
    return isinstance(root, TimeoutError) or "Timeout" in type(root).__name__


def root_message(exc: BaseException) -> str:
    """The most specific text of a transport failure (the SDKs' own is 'Connection error.')."""
    root = _root_cause(exc)
    return str(root) or str(exc) or type(root).__name__


def empty_response() -> LLMError:
    # Retryable, but retry_policy.py allows only one extra attempt for this kind.
    return LLMError(EMPTY_MESSAGE, kind="empty", retryable=True)


def connection_failed(detail: str) -> LLMError:
    return LLMError(
        f"Could not reach the AI service: {detail}", status=503, kind="connection", retryable=True
    )


def from_status(status: int, message: str, retry_after: float | None = None) -> LLMError:
    """Map an HTTP status from any provider to the product's wording."""
    if status == 429:
        return rate_limited(retry_after)
    if status == 402:
        return credits_depleted()
    if status in (408, 504):
        err = timed_out()
        err.status = status  # 504 stays 504: a gateway gave up, worded as the product's timeout
        return err
    if status >= 500:
        return LLMError(
            message or f"AI service error ({status})",
            status=status,
            kind="server",
            retryable=True,
            retry_after=retry_after,
        )
    kind = "bad_request" if status in (400, 404, 413, 422) else "other"
    return LLMError(message or f"AI request failed ({status})", status=status, kind=kind)


def from_message(message: str) -> LLMError:
    """An error known only by its text (no HTTP status): a rate limit if it says so."""
    if "429" in message or "rate limit" in message.lower():
        return rate_limited()
    return LLMError(message)


class _HasHeaders(Protocol):
    @property
    def headers(self) -> Mapping[str, str]: ...


class SDKStatusError(Protocol):
    """What the OpenAI and Anthropic SDKs' APIStatusError carry (both are generated alike)."""

    @property
    def status_code(self) -> int: ...
    @property
    def body(self) -> object: ...
    @property
    def message(self) -> str: ...
    @property
    def response(self) -> _HasHeaders: ...


def from_sdk_error(
    exc: Exception,
    *,
    timeout_error: type[Exception],
    connection_error: type[Exception],
    status_error: type[SDKStatusError],
) -> LLMError:
    """An SDK's exception (openai or anthropic, given their error classes) as an LLMError.
    APITimeoutError is an APIConnectionError; 529 "overloaded" is >= 500, retried like any
    server error."""
    if isinstance(exc, timeout_error) and timed_out_really(exc):
        return timed_out()
    if isinstance(exc, connection_error):
        return connection_failed(root_message(exc))
    if isinstance(exc, status_error):
        retry_after = parse_retry_after(exc.response.headers)
        return from_status(exc.status_code, body_message(exc.body, exc.message), retry_after)
    return from_message(getattr(exc, "message", None) or str(exc) or type(exc).__name__)


def body_message(body: Any, fallback: str) -> str:
    """The human part of an error body: {"error": {"message": ...}} or {"message": ...}."""
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping) and isinstance(message := inner.get("message"), str):
            return message
        if isinstance(inner, str):
            return inner
        if isinstance(message := body.get("message"), str):
            return message
    if isinstance(body, str) and body.strip():
        return body.strip()
    return fallback


def parse_retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds from retry-after-ms / retry-after (number or HTTP date); None if absent."""
    if not headers:
        return None
    try:
        ms = headers.get("retry-after-ms")
        if ms is not None:
            return max(0.0, float(ms) / 1000)
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            when = parsedate_to_datetime(value)
            return max(0.0, (when - datetime.now(UTC)).total_seconds())
    except (TypeError, ValueError):
        return None
