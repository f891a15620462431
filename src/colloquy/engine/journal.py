"""The runner's database writes: each is one short transaction of its own.

A message is inserted together with the session's counters in one transaction, so the
stored messages always say exactly how far the run got (see plan.py).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.sessions.messages import Message, NewMessage, stored_message
from colloquy.domain.sessions.sentiment_tally import SENTIMENTS, counted_sentiment
from colloquy.store.messages import load_message_dicts, message_columns
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow

log = logging.getLogger(__name__)
# When enabled at DEBUG (the benchmark does), one line per commit: the wall-clock time the
# runner learned of it and the ids of its messages, to time commit -> SSE arrival.
commit_log = logging.getLogger("colloquy.commits")


class SessionGone(Exception):
    """The session was deleted (or completed elsewhere) while the runner worked on it."""


class EarlierWriteFailed(Exception):
    """Not written because an earlier message of the same session failed to write: the
    stored messages must stay a gap-free prefix of the run (plan.py resumes from them)."""


def new_message_id() -> str:
    return f"m{int(time.time() * 1000)}{secrets.token_hex(4)}"


def slot_key(message: Mapping[str, Any]) -> tuple[str, int, int, int | None]:
    return (
        message["kind"],
        message["questionIndex"],
        message["round"],
        message["participantIndex"],
    )


async def load_messages(db: AsyncSession, session_id: str) -> list[Message]:
    return await load_message_dicts(db, session_id)


@dataclass
class Counters:
    """Guard counters, held by the one runner of a session and written with each message."""

    requests: int
    iterations: int


# SQLite has one writer at a time. With many runners, each write transaction waited for
# the file lock in SQLite's busy handler (polling, unfair, inside a pooled connection):
# under load a writer could lose for longer than busy_timeout / the pool timeout and the
# runner died with 'database is locked' or a QueuePool timeout (bench/CHANGES.md). The
# runner's writes therefore queue here first, in order, holding no connection meanwhile.
_write_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
_group_commits: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop,
    weakref.WeakKeyDictionary[async_sessionmaker[AsyncSession], _GroupCommit],
] = weakref.WeakKeyDictionary()


@asynccontextmanager
async def _writing(factory: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """A write transaction; on SQLite, one runner write at a time per process."""
    bind = factory.kw.get("bind")
    if bind is None or bind.dialect.name != "sqlite":
        async with factory() as db, db.begin():
            yield db
        return
    loop = asyncio.get_running_loop()
    lock = _write_locks.get(loop)
    if lock is None:
        lock = _write_locks[loop] = asyncio.Lock()
    async with lock, factory() as db, db.begin():
        yield db


writing = _writing  # for the engine's other one-transaction writes (takeover_turn.py)


def enqueue_message(
    factory: async_sessionmaker[AsyncSession],
    session_id: str,
    message: NewMessage,
    counters: Counters,
    on_commit: Callable[[], None] | None = None,
) -> tuple[Message, asyncio.Future[None]]:
    """Queue one message for insertion, with the session's counters, in one transaction.

    Returns the stored message (its timestamp is set inside the transaction) and a future
    that resolves when it is committed, or fails with SessionGone when the session was
    deleted or completed meanwhile, or with the database's IntegrityError when the slot is
    already stored (another runner). `on_commit` is called right after a successful
    commit, before the future's own callbacks (which run one loop turn later).
    """
    stored = stored_message(message, new_message_id())
    stored["timestamp"] = None  # set inside the transaction
    loop = asyncio.get_running_loop()
    per_loop = _group_commits.setdefault(loop, weakref.WeakKeyDictionary())
    group = per_loop.get(factory)
    if group is None:
        group = per_loop[factory] = _GroupCommit(factory)
    done = loop.create_future()
    group.add(_Pending(session_id, stored, counters.requests, counters.iterations, done, on_commit))
    return stored, done


async def append_message(
    factory: async_sessionmaker[AsyncSession],
    session_id: str,
    message: NewMessage,
    counters: Counters,
) -> Message:
    """enqueue_message, then wait for the commit."""
    stored, done = enqueue_message(factory, session_id, message, counters)
    await done
    return stored


@dataclass
class _Pending:
    session_id: str
    stored: Message  # gets its "timestamp" inside the transaction
    requests: int
    iterations: int
    done: asyncio.Future[None]
    on_commit: Callable[[], None] | None = None


class _GroupCommit:
    """Group commit of the runners' messages: all appends that arrive while a transaction
    is under way go together in the next one. Per message, one transaction of its own cost
    ~2 ms of CPU (SQLAlchemy plus a thread hop per statement) and, as SQLite writes one at
    a time, also as much wall time: 4,500 messages of 100 sessions took 10 s in a row
    (bench/CHANGES.md). A batch costs the same few statements for any number of messages.
    If a batch fails, its messages are written one by one, so that only the culprit fails.
    """

    MAX_BATCH = 250

    def __init__(self, factory: async_sessionmaker[AsyncSession]) -> None:
        self.factory = factory
        self.queue: list[_Pending] = []
        self.worker: asyncio.Task[None] | None = None
        # Per session, the seq of a message whose write failed: later ones of that session
        # are refused until a message at or before that seq (a retry) is written.
        self.failed_at: dict[str, int] = {}

    def add(self, item: _Pending) -> None:
        self.queue.append(item)
        if self.worker is None:
            self.worker = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        batch: list[_Pending] = []
        try:
            while self.queue:
                batch = self.queue[: self.MAX_BATCH]
                del self.queue[: self.MAX_BATCH]
                await self._commit(batch)
        finally:
            self.worker = None
            for item in batch + self.queue:  # only if cancelled (loop shutdown)
                if not item.done.done():
                    item.done.cancel()
            self.queue.clear()

    async def _commit(self, batch: list[_Pending]) -> None:
        # A batch that holds the retry of a failed message may hold its successors too: they
        # commit in the same transaction or not at all.
        filling = {
            item.session_id
            for item in batch
            if item.stored["seq"] <= self.failed_at.get(item.session_id, -1)
        }
        batch = [
            item for item in batch if item.session_id in filling or not self._after_failure(item)
        ]
        if not batch:
            return
        try:
            gone = await _insert_batch(self.factory, batch)
        except Exception as exc:  # noqa: BLE001 - delivered to the runner that waits for it
            if len(batch) == 1:
                item = batch[0]
                self.failed_at[item.session_id] = min(
                    item.stored["seq"], self.failed_at.get(item.session_id, item.stored["seq"])
                )
                _settle(item, exc)
                return
            for item in batch:  # the batch was rolled back: find the one that fails
                await self._commit([item])
            return
        for item in batch:
            failed = self.failed_at.get(item.session_id)
            if failed is not None and item.stored["seq"] <= failed:
                del self.failed_at[item.session_id]  # the gap is filled
        if commit_log.isEnabledFor(logging.DEBUG):
            commit_log.debug(
                "%.6f %s",
                time.time(),
                " ".join(item.stored["id"] for item in batch if item.session_id not in gone),
            )
        for item in batch:
            _settle(item, SessionGone(item.session_id) if item.session_id in gone else None)

    def _after_failure(self, item: _Pending) -> bool:
        """Refuse (settle with EarlierWriteFailed) a message that would land past a gap."""
        failed = self.failed_at.get(item.session_id)
        if failed is None or item.stored["seq"] <= failed:
            return False
        _settle(item, EarlierWriteFailed(item.session_id))
        return True


def _settle(item: _Pending, error: BaseException | None) -> None:
    if item.done.done():  # its runner was cancelled meanwhile
        return
    if error is None:
        item.done.set_result(None)
        if item.on_commit is not None:
            try:
                item.on_commit()
            except Exception:  # a subscriber's problem must not fail the write
                log.exception("on_commit callback failed")
    else:
        item.done.set_exception(error)


@functools.cache
def _batch_statements() -> tuple[Any, Any, Any]:
    """The group commit's three statements, built once (all values are bound per batch):
    building them for every batch was a quarter of its Python time (docs/performance.md)."""
    sessions = cast(Table, SessionRow.__table__)
    messages = cast(Table, MessageRow.__table__)
    live = select(sessions.c.id).where(
        sessions.c.id.in_(bindparam("ids", expanding=True)), sessions.c.status != "completed"
    )
    counters = (
        update(sessions)
        .where(sessions.c.id == bindparam("sid"))
        .values(
            tokens_used=sessions.c.tokens_used + bindparam("tokens"),
            request_count=bindparam("requests"),
            iteration_count=bindparam("iterations"),
            updated_at=bindparam("now"),
            **{f"{s}_count": sessions.c[f"{s}_count"] + bindparam(s) for s in SENTIMENTS},
        )
    )
    return live, counters, insert(messages)


async def _insert_batch(
    factory: async_sessionmaker[AsyncSession], batch: list[_Pending]
) -> set[str]:
    """One transaction: bump the counters of the batch's sessions, insert the messages of
    those still running. Returns the ids of the sessions that were gone."""
    ids = list({item.session_id for item in batch})
    live_sessions, counters, insert_messages = _batch_statements()
    async with _writing(factory) as db:
        conn = await db.connection()
        live = set((await conn.execute(live_sessions, {"ids": ids})).scalars())
        todo = [item for item in batch if item.session_id in live]
        if not todo:
            return set(ids)
        now = utcnow()
        await conn.execute(
            counters,
            [
                {
                    "sid": item.session_id,
                    "tokens": item.stored["tokens"],
                    "requests": item.requests,
                    "iterations": item.iterations,
                    "now": now,
                    **_sentiment_steps(item.stored),
                }
                for item in todo
            ],
        )
        rows = []
        for item in todo:
            m = item.stored
            m["timestamp"] = utcnow()  # inside the transaction, just before COMMIT
            rows.append(message_columns(m, item.session_id))
        await conn.execute(insert_messages, rows)
    return set(ids) - live


def _sentiment_steps(message: Message) -> dict[str, int]:
    """What the message adds to its session's sentiment counts (one of them or none)."""
    counted = counted_sentiment(message["kind"], message["sentiment"])
    return {s: int(s == counted) for s in SENTIMENTS}


async def stored_tokens(db: AsyncSession, session_id: str) -> int:
    """The token estimate of a session: the sum over its stored messages."""
    total = await db.scalar(
        select(func.coalesce(func.sum(MessageRow.tokens), 0)).where(
            MessageRow.session_id == session_id
        )
    )
    return int(total or 0)


async def halt(
    factory: async_sessionmaker[AsyncSession],
    session_id: str,
    error: dict[str, Any] | None,
    counters: Counters,
) -> None:
    """Stop driving the session, keep its progress (the product's "saving progress")."""
    async with _writing(factory) as db:
        tokens = await stored_tokens(db, session_id)
        await db.execute(
            update(SessionRow)
            .where(SessionRow.id == session_id)
            .values(
                running=False,
                error=error,
                tokens_used=tokens,
                request_count=counters.requests,
                iteration_count=counters.iterations,
                updated_at=utcnow(),
            )
        )


async def complete(
    factory: async_sessionmaker[AsyncSession], session_id: str, counters: Counters | None = None
) -> None:
    """The session is finished: completed, completedAt now, no runner, no error."""
    async with _writing(factory) as db:
        tokens = await stored_tokens(db, session_id)
        values: dict[str, Any] = {
            "status": "completed",
            "completed_at": utcnow(),
            "running": False,
            "stop_requested": False,
            "error": None,
            "tokens_used": tokens,
            "updated_at": utcnow(),
            "taken_over": False,  # an interview's take over ends with it
            "typed_question": None,
        }
        if counters is not None:
            values.update(request_count=counters.requests, iteration_count=counters.iterations)
        await db.execute(
            update(SessionRow)
            .where(SessionRow.id == session_id, SessionRow.status != "completed")
            .values(**values)
        )
