"""The async engine and session factory for SQLite (default) or PostgreSQL."""

from collections.abc import AsyncIterator

from sqlalchemy import event
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry

from colloquy.store import workspace_scope  # noqa: F401  (filters every ORM statement by it)


def make_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        _tune_sqlite(engine)
        return engine
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _tune_sqlite(engine: AsyncEngine) -> None:
    # WAL lets readers run beside the writer; busy_timeout makes writers wait instead of
    # failing with 'database is locked'; foreign keys make ON DELETE CASCADE work.
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()
        # SQLite's own lower() folds ASCII only; the lists' case-insensitive search
        # (services/paging.py) needs the same folding as PostgreSQL and the browser.
        dbapi_conn.create_function("lower", 1, _lower, deterministic=True)


def _lower(value: object) -> object:
    return value.lower() if isinstance(value, str) else value


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


async def session_scope(factory: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    async with factory() as session:
        yield session
