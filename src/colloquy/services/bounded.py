"""CPU-heavy work on what users send (documents, guides, reports) in a child process with
a time and a memory bound.

Why a process: a thread keeps the event loop free only while the parser releases the GIL,
and nothing can stop a thread that is still parsing; a child process is killed when its
time is up, when its caller is cancelled (the client went away), and it cannot take more
memory than its bound (RLIMIT_AS). Children come from multiprocessing's fork server: a
clean process, not a fork of this threaded one. See docs/reliability.md#bounded-parsing.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import resource
import signal
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, NoReturn, TypeVar

from colloquy.errors import AppError, ValidationFailed

T = TypeVar("T")
log = logging.getLogger(__name__)

# Imported once in the fork server, so each child starts with its parser loaded.
PRELOAD = [
    "colloquy.services.guides.loading",
    "colloquy.services.personas.document_text",
    "colloquy.services.results.pdf_render",
]
PARSE_SECONDS = 10.0
PARSE_MEMORY_MB = 768
MAX_CHILDREN = 2  # at once per process; more wait their turn
_context = multiprocessing.get_context("forkserver")
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def msg_too_slow(what: str, seconds: float) -> str:
    return f"Reading this {what} took longer than {seconds:g} s: it is too large or too complex"


def msg_too_big(what: str, megabytes: int) -> str:
    return (
        f"Reading this {what} needs more than {megabytes} MB of memory: "
        "it is too large or too complex"
    )


class TooCostly(ValidationFailed):
    """The work ran out of its time or memory bound."""

    code = "too_costly"


def _preload() -> None:
    """Add PRELOAD to the fork server's preload list (kept: another user of the fork
    server, such as the tests' server launcher, may have set its own)."""
    from multiprocessing import forkserver

    # The list has no public getter; without it, PRELOAD alone.
    current = getattr(getattr(forkserver, "_forkserver", None), "_preload_modules", None)
    # Not "__main__" (the default): re-running the main script in the fork server is
    # never needed here, and a script without a main guard would start it again.
    kept = [m for m in current or [] if m != "__main__"]
    wanted = list(dict.fromkeys([*kept, *PRELOAD]))
    if wanted != current:
        _context.set_forkserver_preload(wanted)


def warm_up() -> None:
    """Start the fork server now (it imports PRELOAD), not at the first upload."""
    from multiprocessing import forkserver

    _preload()
    try:
        forkserver.ensure_running()
    except OSError:  # the first bounded work will try again, and say why
        log.exception("could not start the fork server of bounded work")


def _slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    slot = _slots.get(loop)
    if slot is None:
        slot = _slots[loop] = asyncio.Semaphore(MAX_CHILDREN)
    return slot


def _limit(memory_mb: int, seconds: float) -> None:
    """Bound this child: its address space grows by at most `memory_mb` from here, its CPU
    time is the wall-clock bound plus a second (the parent kills it at the wall clock)."""
    try:
        with open("/proc/self/statm") as f:
            now = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        cap = now + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (OSError, ValueError):  # no /proc (macOS): the time bound still holds
        pass
    cpu = int(seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def _child(
    conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...], mb: int, s: float
) -> None:
    try:
        _limit(mb, s)
        outcome: tuple[str, Any] = ("ok", fn(*args))
    except AppError as exc:  # a refusal with its messages: rebuilt in the parent
        outcome = ("refused", (type(exc), exc.message, dict(exc.__dict__)))
    except MemoryError:
        outcome = ("memory", None)
    except RecursionError:
        outcome = ("memory", None)
    except BaseException as exc:  # noqa: BLE001 - reported by the parent, which logs it
        outcome = ("crashed", f"{type(exc).__name__}: {exc}")
    try:
        conn.send(outcome)
    except MemoryError:
        conn.send(("memory", None))
    finally:
        conn.close()


def _rebuilt(kind: type[AppError], message: str, state: dict[str, Any]) -> AppError:
    exc = kind.__new__(kind)
    Exception.__init__(exc, message)
    exc.__dict__.update(state)
    return exc


def _receive(conn: Connection, seconds: float) -> tuple[str, Any] | None:
    """The child's outcome; ("late", None) when it sent none in time, None when it ended
    without one."""
    try:
        if not conn.poll(seconds):
            return ("late", None)
        outcome: tuple[str, Any] = conn.recv()
        return outcome
    except (EOFError, OSError):
        return None


async def run_bounded(
    fn: Callable[..., T],
    *args: Any,
    what: str = "file",
    seconds: float = PARSE_SECONDS,
    memory_mb: int = PARSE_MEMORY_MB,
) -> T:
    """`fn(*args)` in a child process (fn and args picklable, fn a module-level function).
    An AppError it raises is raised here; past its bounds TooCostly (422) names `what`."""
    async with _slot():
        reader, writer = _context.Pipe(duplex=False)
        process = _context.Process(
            target=_child, args=(writer, fn, args, memory_mb, seconds), daemon=True
        )
        loop = asyncio.get_running_loop()
        _preload()
        # Threads wait on the child; when our caller is cancelled (the client went away)
        # they finish anyway: the child is killed, so its pipe ends at once.
        started = loop.run_in_executor(None, process.start)  # the first launches the server
        waiting: asyncio.Future[tuple[str, Any] | None] | None = None
        killed = False
        try:
            await asyncio.shield(started)
            writer.close()
            waiting = loop.run_in_executor(None, _receive, reader, seconds)
            waiting.add_done_callback(lambda _: reader.close())
            outcome = await asyncio.shield(waiting)
            if outcome is None or outcome[0] == "late":  # it died, or out of time: killed
                killed = outcome is not None and _kill(process)
                await loop.run_in_executor(None, process.join, 5)
                outcome = None
        finally:
            writer.close()
            if waiting is None:
                reader.close()
            started.add_done_callback(lambda _: _stop(loop, process))
    if outcome is None:
        _no_answer(what, seconds, killed, process.exitcode)
    result: T = _result(outcome, what, memory_mb)
    return result


def _kill(process: multiprocessing.process.BaseProcess) -> bool:
    """Kill the child if it still runs; True when it did."""
    if process.pid is None or process.exitcode is not None:
        return False
    process.kill()
    return True


def _stop(loop: asyncio.AbstractEventLoop, process: multiprocessing.process.BaseProcess) -> None:
    """Kill the child if it still runs (too slow, or its caller is gone), and reap it."""
    if process.pid is None:  # it never started
        return
    if _kill(process) or process.exitcode is None:
        loop.run_in_executor(None, process.join, 5)


def _no_answer(what: str, seconds: float, killed: bool, exitcode: int | None) -> NoReturn:
    # Killed here at the wall clock, by its CPU limit (SIGXCPU) or by the kernel (SIGKILL,
    # out of memory): the work was too costly. Any other end is a fault of ours.
    if killed or exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        log.warning("bounded %s work stopped (exit %s)", what, exitcode)
        raise TooCostly([msg_too_slow(what, seconds)])
    log.error("bounded %s work ended without an answer (exit %s)", what, exitcode)
    raise RuntimeError(f"reading the {what} failed (exit {exitcode})")


def _result(outcome: tuple[str, Any], what: str, mb: int) -> Any:
    kind, value = outcome
    if kind == "ok":
        return value
    if kind == "refused":
        raise _rebuilt(*value)
    if kind == "memory":
        raise TooCostly([msg_too_big(what, mb)])
    log.error("bounded %s work failed: %s", what, value)
    raise RuntimeError(f"reading the {what} failed: {value}")
