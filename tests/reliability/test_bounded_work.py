"""services/bounded.py: work in a child process stops at its time bound, at its memory
bound and when its caller is cancelled, and a refusal raised inside keeps its messages.
The event loop stays free meanwhile."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from colloquy.errors import ValidationFailed
from colloquy.services import bounded
from colloquy.services.bounded import TooCostly, run_bounded
from colloquy.services.guides.loading import GuideInvalid
from support.bounded_jobs import add, crash, hog, refuse, refuse_plainly, spin
from support.waiting import wait_for, wait_for_async

pytestmark = pytest.mark.timeout(60)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie is dead too
        return f.read().split(") ")[1][0] != "Z"


async def _ticks_while(work) -> tuple[object, float]:
    """The outcome of `work` and the longest gap between event-loop ticks meanwhile."""
    gaps: list[float] = []

    async def tick() -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(0.05)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    try:
        outcome: object = await work
    except Exception as exc:  # noqa: BLE001 - the outcome under test
        outcome = exc
    ticker.cancel()
    return outcome, max(gaps, default=0.0)


def test_the_result_comes_back():
    assert asyncio.run(run_bounded(add, 2, 3)) == 5


def test_a_refusal_keeps_its_type_and_messages():
    with pytest.raises(ValidationFailed) as plain:
        asyncio.run(run_bounded(refuse_plainly))
    assert plain.value.errors == ["first", "second"] and plain.value.status == 422
    with pytest.raises(GuideInvalid) as guide:
        asyncio.run(run_bounded(refuse))
    assert guide.value.problems == []


def test_a_child_that_dies_is_an_error_not_a_refusal():
    with pytest.raises(RuntimeError):
        asyncio.run(run_bounded(crash))


def test_endless_work_is_stopped_at_its_time_bound(tmp_path):
    pid_file = tmp_path / "pid"
    began = time.monotonic()
    outcome, gap = asyncio.run(_ticks_while(run_bounded(spin, str(pid_file), seconds=1.5)))
    assert isinstance(outcome, TooCostly)
    assert outcome.errors == [bounded.msg_too_slow("file", 1.5)]
    assert time.monotonic() - began < 10
    assert gap < 0.5, gap  # the loop kept turning
    time.sleep(0.5)
    assert not _alive(int(pid_file.read_text()))


def test_work_past_its_memory_bound_is_refused():
    with pytest.raises(TooCostly) as err:
        asyncio.run(run_bounded(hog, memory_mb=256, what="guide"))
    assert err.value.errors == [bounded.msg_too_big("guide", 256)]


def test_a_cancelled_caller_stops_the_child(tmp_path):
    pid_file = tmp_path / "pid"

    async def main() -> None:
        task = asyncio.create_task(run_bounded(spin, str(pid_file), seconds=30))
        await wait_for_async(
            lambda: pid_file.exists() and pid_file.read_text(), interval=0.05, what="the pid"
        )
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    began = time.monotonic()
    asyncio.run(main())
    pid = int(pid_file.read_text())
    wait_for(lambda: not _alive(pid), timeout=5, what=f"process {pid} ended")
    assert time.monotonic() - began < 15
