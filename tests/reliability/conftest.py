"""Reliability fixtures: several real server processes share one PostgreSQL database."""

import asyncio

import pytest

from colloquy.settings import Settings
from conftest import _admin


@pytest.fixture
def pg_settings(tmp_path, postgres_database) -> Settings:
    """Settings on this worker's PostgreSQL database, emptied (no schema: the first server
    process migrates it), for `support/live_server.py` to start processes with."""
    asyncio.run(_admin(postgres_database, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return Settings(
        data_dir=tmp_path / "data",
        database_url=postgres_database,
        frontend_dist=tmp_path / "no-dist",
    )
