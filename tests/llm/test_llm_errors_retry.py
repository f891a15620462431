"""Error wording (product-rules §8) and the retry policy."""

import asyncio

import pytest

from colloquy.llm import errors
from colloquy.llm.errors import LLMError
from colloquy.llm.retry_policy import RetryPolicy, with_retries


@pytest.mark.parametrize(
    "status,needle,retryable",
    [
        (429, "429", True),
        (402, "402", False),
        (408, "Request timeout", True),
        (504, "Request timeout", True),
        (500, "boom", True),
        (503, "boom", True),
        (400, "boom", False),
        (401, "boom", False),
    ],
)
def test_status_mapping(status, needle, retryable):
    err = errors.from_status(status, "boom")
    assert needle in err.message and err.retryable is retryable


def test_messages_match_the_ui_hints():
    # The UI picks hints by substring: 429, 402, timeout (case-insensitive).
    assert "429" in errors.rate_limited().message
    assert "402" in errors.credits_depleted().message
    assert errors.timed_out().message == "Request timeout"
    assert errors.timed_out().status == 408
    assert errors.empty_response().message == "No response from AI"


@pytest.mark.parametrize(
    "headers,expected",
    [
        ({"retry-after": "2"}, 2.0),
        ({"retry-after-ms": "250"}, 0.25),
        ({}, None),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),
        ({"retry-after": "soon"}, None),
    ],
)
def test_retry_after(headers, expected):
    assert errors.parse_retry_after(headers) == expected


def test_backoff_doubles_with_jitter_and_respects_retry_after_cap():
    policy = RetryPolicy(base_delay=0.5, jitter=0.0, retry_after_cap=5)
    plain = errors.from_status(500, "x")
    assert [policy.delay(n, plain) for n in range(3)] == [0.5, 1.0, 2.0]
    assert policy.delay(0, errors.rate_limited(retry_after=60)) == 5
    jittery = RetryPolicy(base_delay=1.0, jitter=0.2)
    assert all(0.8 <= jittery.delay(0, plain) <= 1.2 for _ in range(50))


async def _count_calls(err: LLMError, policy: RetryPolicy) -> int:
    calls = 0

    async def call():
        nonlocal calls
        calls += 1
        raise err

    with pytest.raises(LLMError):
        await with_retries(call, policy)
    return calls


@pytest.mark.parametrize(
    "err,calls",
    [
        (errors.rate_limited(), 4),
        (errors.from_status(502, "x"), 4),
        (errors.timed_out(), 2),
        (errors.empty_response(), 2),
        (errors.credits_depleted(), 1),
        (errors.from_status(400, "x"), 1),
    ],
)
async def test_retry_budget_per_kind(err, calls):
    assert await _count_calls(err, RetryPolicy(base_delay=0.0)) == calls


async def test_success_after_failures_returns_value():
    outcomes = [errors.rate_limited(), errors.from_status(500, "x"), "done"]

    async def call():
        item = outcomes.pop(0)
        if isinstance(item, LLMError):
            raise item
        return item

    assert await with_retries(call, RetryPolicy(base_delay=0.0)) == "done"


async def test_retry_waits_are_cancellable():
    async def call():
        raise errors.rate_limited(retry_after=30)

    task = asyncio.create_task(with_retries(call, RetryPolicy()))
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
