"""Apply Alembic migrations programmatically (at start-up and in tests)."""

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


async def upgrade_async(url: str) -> None:
    # Alembic's env.py runs its own event loop for async drivers; keep it off ours.
    await asyncio.to_thread(upgrade, url)
