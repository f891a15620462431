"""A test about to hit its timeout: print every asyncio task's stack first.

pytest-timeout prints the threads' stacks, and a hung `await` shows there only as an event
loop waiting in `select`: the task that never finishes, and what it awaits, are invisible.
Shortly before the limit this prints each running loop's tasks with their coroutine stacks
(into the test's captured output, shown with the failure)."""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
from typing import Any

MARGIN_SECONDS = 5.0


def _running_loops() -> list[asyncio.AbstractEventLoop]:
    return [
        obj
        for obj in gc.get_objects()
        if isinstance(obj, asyncio.AbstractEventLoop) and obj.is_running()
    ]


def dump_tasks(label: str, out: Any = None) -> None:
    out = out or sys.stderr
    for loop in _running_loops():
        try:
            tasks = asyncio.all_tasks(loop)
        except RuntimeError:  # the set changed while read from this thread; once more
            tasks = asyncio.all_tasks(loop)
        print(f"\n==== {label}: {len(tasks)} asyncio task(s) on {loop!r} ====", file=out)
        for task in tasks:
            waiter = getattr(task, "_fut_waiter", None)
            print(f"-- {task.get_name()} {task.get_coro()!r} awaits {waiter!r}", file=out)
            task.print_stack(file=out)


def watchdog(label: str, seconds: float) -> threading.Timer:
    """A started timer that dumps the tasks after `seconds` unless cancelled."""
    timer = threading.Timer(max(seconds - MARGIN_SECONDS, 1.0), dump_tasks, args=(label,))
    timer.daemon = True
    timer.start()
    return timer
