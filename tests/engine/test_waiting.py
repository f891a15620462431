"""colloquy.waiting.wait_for: a cancellation is never lost, unlike Python 3.11's
asyncio.wait_for (see the module's docstring), and nothing in src/ uses the flawed one."""

import asyncio
import sys
from pathlib import Path

import pytest

from colloquy.waiting import wait_for

SRC = Path(__file__).resolve().parents[2] / "src" / "colloquy"


async def _cancel_as_the_item_arrives(waiter) -> str:
    """Put an item in the queue and cancel the waiting task in the same turn of the loop:
    the moment at which 3.11's asyncio.wait_for swallows the cancellation."""
    queue: asyncio.Queue[str] = asyncio.Queue()

    async def consumer() -> str:
        got = await waiter(queue.get(), 5)
        return f"carried on after {got}"

    task = asyncio.create_task(consumer())
    await asyncio.sleep(0)  # the consumer now waits on the queue
    queue.put_nowait("item")
    task.cancel()
    try:
        return await task
    except asyncio.CancelledError:
        return "cancelled"


async def test_a_cancellation_as_the_result_arrives_is_not_lost():
    assert await _cancel_as_the_item_arrives(wait_for) == "cancelled"


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="3.12 rebuilt asyncio.wait_for")
async def test_the_standard_one_loses_it_on_this_python():
    """Shows why the module exists: the same moment through asyncio.wait_for."""
    assert await _cancel_as_the_item_arrives(asyncio.wait_for) == "carried on after item"


async def test_a_timeout_is_a_timeout_error_and_cancels_the_awaited():
    started = asyncio.Event()
    cancelled = asyncio.Event()

    async def slow() -> None:
        started.set()
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    with pytest.raises(TimeoutError):
        await wait_for(slow(), 0.05)
    assert started.is_set() and cancelled.is_set()


async def test_the_result_comes_back():
    assert await wait_for(asyncio.sleep(0, result=42), 1) == 42


def test_nothing_in_src_uses_asyncio_wait_for():
    users = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if "asyncio.wait_for(" in path.read_text() and path.name != "waiting.py"
    ]
    assert users == []
