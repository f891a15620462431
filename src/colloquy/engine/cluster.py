"""Several processes on one PostgreSQL (docs/deployment.md): session leases and an event relay.

`LeaseOwnership` is the registry's ownership strategy (engine/ownership.py) when the
database is PostgreSQL; on SQLite none of this exists and the registry (LocalOwnership)
and the event bus behave as a single process (as they always did).

Leases (`session_leases`; surveys' in `survey_leases` work the same way, through a second
LeaseOwnership built with engine/lease_sql.py's SURVEY_LEASES, which shares the sessions'
relay): a process runs a session only while it holds the session's
lease, taken with `INSERT ... ON CONFLICT DO UPDATE ... WHERE expires_at < now()` (one
statement, so two processes can never both win). The owner renews its leases every
HEARTBEAT_SECONDS; a lease it fails to renew (it stalled past the expiry and another
process took over) cancels its runner without writing anything. A dead owner's leases
expire after LEASE_SECONDS, and every process scans every SCAN_SECONDS for running
sessions with no live lease and adopts them: the runner resumes from the stored messages.
Stop and End from a process that does not own the run set `stop_request` on the lease;
the owner's heartbeat sees it, stops its runner (which records the stop), releases the
lease, and the asking process waits for that.

Events: the lease strategy starts the relay that carries every event to the other
processes, so an SSE subscriber on any process sees every event: LISTEN/NOTIFY
(engine/pg_relay.py), or Redis pub/sub with COLLOQUY_REDIS_URL (engine/redis_relay.py);
leases stay here either way. The heartbeat also checks the relay's listening link.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import socket
import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine.events import EventBus
from colloquy.engine.lease_sql import SESSION_LEASES, LeaseSql
from colloquy.engine.ownership import Jobs
from colloquy.engine.pg_relay import EventRelay
from colloquy.engine.redis_relay import RedisEventRelay

log = logging.getLogger(__name__)

LEASE_SECONDS = 10.0
HEARTBEAT_SECONDS = 1.0
SCAN_SECONDS = 2.0
STOP_WAIT_SECONDS = 15.0


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


def asyncpg_dsn(url: str) -> str:
    """postgresql+asyncpg://... as a plain libpq URL for asyncpg.connect."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def redis_channel(database_url: str) -> str:
    """The Redis channel of the processes that share this database (and only of them)."""
    url = make_url(database_url)
    return f"colloquy:events:{url.host or ''}:{url.port or 5432}/{url.database or ''}"


def new_owner_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class LeaseOwnership:
    """Sessions shared by the processes on one PostgreSQL through leases (an Ownership)."""

    def __init__(
        self,
        factory: async_sessionmaker[AsyncSession],
        database_url: str,
        bus: EventBus,
        redis_url: str | None = None,
        *,
        sql: LeaseSql = SESSION_LEASES,
        relayed: bool = True,
        noun: str = "session",
    ) -> None:
        self.factory = factory
        self.bus = bus  # relayed to and from the other processes
        # The kind of job whose leases these are (engine/lease_sql.py: sessions, surveys),
        # and whether this strategy runs the event relay (one per process: the sessions').
        self.sql, self.relayed, self.noun = sql, relayed, noun
        self.dsn = asyncpg_dsn(database_url)
        self.redis_url = redis_url
        self.channel = redis_channel(database_url)
        self.me = new_owner_id()
        self.held: set[str] = set()  # sessions whose lease this process holds
        self._stopping: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._jobs: Jobs | None = None  # the registry whose runners the leases guard
        self.relay: EventRelay | RedisEventRelay | None = None

    # -- leases ---------------------------------------------------------------------------

    async def acquire(self, session_id: str) -> bool:
        async with self.factory() as db:
            got = (
                await db.execute(
                    self.sql.acquire, {"sid": session_id, "me": self.me, "ttl": LEASE_SECONDS}
                )
            ).first()
            await db.commit()
        if got is not None:
            self.held.add(session_id)
        return got is not None

    async def claim(self, db: AsyncSession, session_id: str) -> bool:
        """Take the lease inside the caller's transaction, the one that sets the session
        running: other processes never see the run without its owner, so their adoption
        scan cannot take a run that was just asked of this process (under load it took
        14-53 of 200 in bench/scenarios/multi_process.py, each costing its SSE clients a
        `reset`). Held once the caller has committed: call `claimed` then."""
        await db.flush()  # the running flag, which the claim's statement checks
        got = (
            await db.execute(
                self.sql.acquire, {"sid": session_id, "me": self.me, "ttl": LEASE_SECONDS}
            )
        ).first()
        return got is not None

    def claimed(self, session_id: str) -> None:
        self.held.add(session_id)

    async def hold(self, session_id: str) -> bool:
        # The Run request claimed the lease as it set `running`; a resumed or adopted
        # run takes it here.
        return session_id in self.held or await self.acquire(session_id)

    async def release(self, session_id: str) -> None:
        self.held.discard(session_id)
        try:
            async with self.factory() as db:
                await db.execute(self.sql.release, {"sid": session_id, "me": self.me})
                await db.commit()
        except Exception:  # it expires by itself
            log.warning("%s %s: could not release its lease", self.noun, session_id, exc_info=True)

    async def stop_elsewhere(self, session_id: str, *, quiet: bool = False) -> bool:
        return await self.request_stop(session_id, "end" if quiet else "stop")

    async def request_stop(self, session_id: str, kind: str) -> bool:
        """Ask the process that runs the session to stop it ('stop', or 'end': quietly) and
        wait until it has; False when no other live process runs it (or its owner died
        meanwhile: the caller then records the stop itself)."""
        async with self.factory() as db:
            asked = (
                await db.execute(
                    self.sql.ask_stop, {"sid": session_id, "me": self.me, "kind": kind}
                )
            ).first()
            await db.commit()
        if asked is None:
            return False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_WAIT_SECONDS
        while loop.time() < deadline:
            await asyncio.sleep(0.1)
            async with self.factory() as db:
                live = (await db.execute(self.sql.held, {"sid": session_id})).scalar()
            if live is None:
                return True  # the owner stopped the run and released the lease
            if not live:
                return False
        log.warning("%s %s: its owner did not stop it in time", self.noun, session_id)
        return True

    # -- background work -----------------------------------------------------------------

    async def start(self, jobs: Jobs) -> None:
        self._jobs = jobs
        if self.relayed:
            self.relay = (
                RedisEventRelay(self.redis_url, self.channel, self.me, self.bus)
                if self.redis_url
                else EventRelay(self.dsn, self.me, self.bus)
            )
            await self.relay.start()
        self._tasks = [
            asyncio.create_task(self._every(HEARTBEAT_SECONDS, self.heartbeat), name="lease-beat"),
            asyncio.create_task(self._every(SCAN_SECONDS, self.adopt), name="lease-scan"),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        with contextlib.suppress(Exception):  # let the others adopt at once (rolling restart)
            async with self.factory() as db:
                await db.execute(self.sql.release_all, {"me": self.me})
                await db.commit()
        self.held.clear()
        if self.relay is not None:
            await self.relay.close()

    @staticmethod
    async def _every(seconds: float, work: Callable[[], Any]) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("cluster: %s failed", getattr(work, "__name__", work), exc_info=True)

    async def heartbeat(self) -> None:
        """Renew this process's leases, act on stop requests, drop runs it lost."""
        if self.relay is not None:
            try:  # Redis (or the listening connection) down must not stop the renewals
                await self.relay.check()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("event relay: reconnecting failed; trying again", exc_info=True)
        jobs = self._jobs
        ids = list(self.held)
        if jobs is None or not ids:
            return
        async with self.factory() as db:
            rows = (
                await db.execute(self.sql.renew, {"me": self.me, "ids": ids, "ttl": LEASE_SECONDS})
            ).all()
            await db.commit()
        kept = {sid: req for sid, req in rows}
        for sid in ids:
            if sid not in kept and sid in self.held:
                log.warning(
                    "%s %s: lease lost to another process; dropping the run", self.noun, sid
                )
                self.held.discard(sid)
                jobs.abandon(sid)
        for sid, req in kept.items():
            if req and sid not in self._stopping:
                self._stopping.add(sid)
                task = asyncio.create_task(jobs.stop_local(sid, quiet=req == "end"))
                task.add_done_callback(functools.partial(self._stopped, sid))

    def _stopped(self, session_id: str, _task: asyncio.Task[bool]) -> None:
        self._stopping.discard(session_id)

    async def resume(self, jobs: Jobs) -> list[str]:
        self._jobs = jobs
        return await self.adopt()

    async def adopt(self) -> list[str]:
        """Start a runner (which first takes the lease) for each running session that no
        live process owns: new runs and runs whose owner died."""
        jobs = self._jobs
        if jobs is None:
            return []
        async with self.factory() as db:
            ids = list(await db.scalars(self.sql.orphans))
        started = [sid for sid in ids if jobs.ensure_running(sid, adopted=True)]
        return started
