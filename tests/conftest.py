"""Shared fixtures: settings on a fresh data dir, a database per test (SQLite and PostgreSQL),
an in-process API client without a model (`client`) or with a fake one (`api`, `fake_llm`).

PostgreSQL and Redis: the servers named by COLLOQUY_TEST_POSTGRES_URL / COLLOQUY_TEST_REDIS_URL,
or, when those are unset, throwaway servers this run starts itself (tests/support/services.py).
COLLOQUY_TEST_SERVICES=off (`make test-fast`) runs on SQLite only; the tests that need a
server then skip with that reason. Under `make test` they never skip: a server that cannot be
started fails the run with the reason.
"""

import asyncio
import os
import shutil
import uuid
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.settings import Settings, get_settings
from support.hang_dump import watchdog
from support.services import PostgresServer, RedisServer, ServiceError

SERVICES_OFF = os.environ.get("COLLOQUY_TEST_SERVICES", "").lower() == "off"
BACKENDS = ["sqlite"] + ([] if SERVICES_OFF else ["postgresql"])
_started: list = []


def pytest_configure(config):
    """Start the servers the environment does not name, once per run: xdist workers inherit
    the URLs through the environment (each worker then makes its own database)."""
    if SERVICES_OFF or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    try:
        if not os.environ.get("COLLOQUY_TEST_POSTGRES_URL"):
            pg = PostgresServer().start()
            _started.append(pg)
            os.environ["COLLOQUY_TEST_POSTGRES_URL"] = pg.url
        if not os.environ.get("COLLOQUY_TEST_REDIS_URL"):
            redis = RedisServer().start()
            _started.append(redis)
            os.environ["COLLOQUY_TEST_REDIS_URL"] = redis.url
    except ServiceError as exc:
        _stop_started()
        raise pytest.UsageError(f"test servers: {exc}") from exc


def pytest_collection_modifyitems(config, items):
    """Tests marked slow (minutes of real servers and processes) first, in their order: a
    parallel run hands them out while every worker is free, instead of one worker ending
    the run alone on a long test picked up last."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Before a test's timeout fires, print its asyncio tasks (support/hang_dump.py)."""
    marker = item.get_closest_marker("timeout")
    limit = marker.args[0] if marker and marker.args else item.config.getini("timeout")
    timer = watchdog(item.nodeid, float(limit or 0) or 300.0)
    try:
        yield
    finally:
        timer.cancel()


def pytest_unconfigure(config):
    _stop_started()


def _stop_started() -> None:
    while _started:
        _started.pop().stop()


def _recreate(url: str, template: str | None) -> str:
    """Drop the database of `url` and make it again, empty or as a copy of `template`."""
    name = url.rsplit("/", 1)[1]
    copy = f' TEMPLATE "{template}"' if template else ""
    asyncio.run(
        _admin(
            os.environ["COLLOQUY_TEST_POSTGRES_URL"],
            f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',
            f'CREATE DATABASE "{name}"{copy}',
        )
    )
    return url


async def _admin(url: str, *statements: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            for stmt in statements:
                await conn.execute(text(stmt))
    finally:
        await engine.dispose()


@pytest.fixture(autouse=True)
def _fresh_environment_settings():
    """`get_settings()` reads the environment once per process; a test that sets COLLOQUY_*
    variables must not leave its settings to the next test of the same worker."""
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def postgres_database():
    """A database of our own for this test run (one per xdist worker), dropped at the end."""
    if SERVICES_OFF:
        pytest.skip("COLLOQUY_TEST_SERVICES=off: no PostgreSQL in this run (make test-fast)")
    server = os.environ["COLLOQUY_TEST_POSTGRES_URL"]
    name = f"colloquy_test_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(server, f'CREATE DATABASE "{name}"'))
    base = server.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    asyncio.run(_admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def postgres_template(postgres_database):
    """Beside it, the same migrated to the newest schema once: each test's database is
    made from it (see sqlite_template)."""
    server = os.environ["COLLOQUY_TEST_POSTGRES_URL"]
    base, name = postgres_database.rsplit("/", 1)
    template = f"{name}_migrated"
    asyncio.run(_admin(server, f'CREATE DATABASE "{template}"'))
    from colloquy.store.migrate import upgrade  # alembic: only where a template is made

    upgrade(f"{base}/{template}")
    yield template
    asyncio.run(_admin(server, f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """An SQLite database migrated to the newest schema once per worker: each test starts
    from a copy (an app start-up: about 0.3 s instead of 1.0 s migrating from nothing); the
    migrations themselves keep their own tests (blank_database_url)."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    from colloquy.store.migrate import upgrade

    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def redis_url():
    """The Redis of the event relay's tests (each test uses a channel of its own)."""
    if SERVICES_OFF:
        pytest.skip("COLLOQUY_TEST_SERVICES=off: no Redis in this run (make test-fast)")
    return os.environ["COLLOQUY_TEST_REDIS_URL"]


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    """A database at the newest schema with nothing in it (a copy of the migrated template):
    the app's start-up finds nothing to migrate and seeds it as on a first start."""
    if request.param == "sqlite":
        path = tmp_path / "test.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite+aiosqlite:///{path}"
    return _recreate(
        request.getfixturevalue("postgres_database"), request.getfixturevalue("postgres_template")
    )


@pytest.fixture(params=BACKENDS)
def blank_database_url(request, tmp_path):
    """A database with no schema at all (for the migrations' own tests)."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'blank.db'}"
    return _recreate(request.getfixturevalue("postgres_database"), None)


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
    # Imported here, not at the top: xdist's controller process loads this file too, and
    # does not need the app (about 3 s of imports before any worker starts).
    from fastapi.testclient import TestClient

    from colloquy.app import create_app

    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
def fake_llm(request):
    """The model: an OpenAI-compatible fake server on loopback (support/fake_openai.py).
    `@pytest.mark.fake_llm(responder=..., model=..., latency=...)` on a test or a module
    passes its arguments to run_fake_openai (by keyword: a function given alone would be
    taken for the test the mark decorates); `fake_llm.set_responder(...)` changes it
    mid-test."""
    from support.fake_openai import run_fake_openai

    marker = request.node.get_closest_marker("fake_llm")
    args, options = (marker.args, marker.kwargs) if marker else ((), {})
    with run_fake_openai(*args, **options) as fake:
        yield fake


@pytest.fixture
def api(settings, fake_llm):
    """The app in-process, its model on `fake_llm` (the other settings as in `settings`)."""
    from support.sessions_helpers import app_client

    with app_client(settings, fake_llm) as c:
        yield c
