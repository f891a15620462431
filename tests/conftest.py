"""Shared fixtures: settings on a fresh data dir, a database per test (SQLite, and PostgreSQL
when COLLOQUY_TEST_POSTGRES_URL is set), and an in-process API client."""

import asyncio
import os
import uuid

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.app import create_app
from colloquy.settings import Settings

POSTGRES_URL = os.environ.get("COLLOQUY_TEST_POSTGRES_URL", "")
REDIS_URL = os.environ.get("COLLOQUY_TEST_REDIS_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if POSTGRES_URL else [])


async def _admin(url: str, *statements: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            for stmt in statements:
                await conn.execute(text(stmt))
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def postgres_database():
    """A database of our own for this test run, dropped at the end."""
    if not POSTGRES_URL:
        pytest.skip("COLLOQUY_TEST_POSTGRES_URL is not set")
    name = f"colloquy_test_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(POSTGRES_URL, f'CREATE DATABASE "{name}"'))
    base = POSTGRES_URL.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    asyncio.run(_admin(POSTGRES_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def redis_url():
    """The Redis of the event relay's tests (each test uses a channel of its own)."""
    if not REDIS_URL:
        pytest.skip("COLLOQUY_TEST_REDIS_URL is not set")
    return REDIS_URL


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'test.db'}"
    url = request.getfixturevalue("postgres_database")
    # A clean schema for every test; the app's start-up migrations rebuild it.
    asyncio.run(_admin(url, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return url


@pytest.fixture
def settings(tmp_path, database_url) -> Settings:
    return Settings(
        data_dir=tmp_path / "data",
        database_url=database_url,
        llm_provider="openai",
        llm_base_url="http://127.0.0.1:9/v1",  # nothing listens: tests that need a model set one
        llm_api_key="test",
        llm_model="test-model",
        llm_retry_base_delay=0.01,
        frontend_dist=tmp_path / "no-dist",
        public_hosts=["testserver"],  # TestClient's Host header
    )


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings)) as c:
        yield c
