"""`colloquy copy --workspace NAME`: a library kept alone copied into a team's workspace of
that name (made on the way), then that workspace copied out again on its own, leaving the
team's other workspace behind."""

from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.errors import ValidationFailed
from colloquy.services.library_copy.run import copy_library
from colloquy.services.model_settings.secret_box import SecretBox
from support.library_fill import EXPECTED_ROWS

LIBRARY = ("personas", "sessions", "surveys", "syntheses")


async def _scalars(url: str, sql: str) -> list:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            return list((await conn.execute(text(sql))).scalars().all())
    finally:
        await engine.dispose()


async def test_into_and_out_of_a_named_workspace(source_url, database_url, tmp_path, secret):
    box = SecretBox(secret.encode())
    # The team's server already has another workspace with a persona of its own.
    engine = create_async_engine(database_url)
    async with engine.begin() as conn:
        await conn.execute(
            text("INSERT INTO workspaces (id, name, created_at) VALUES ('wb', 'Other', :t)"),
            {"t": datetime(2026, 11, 1, 9, 0, tzinfo=UTC)},
        )
    await engine.dispose()

    report = await copy_library(source_url, database_url, box=box, workspace="Team A")

    assert report.ok, report
    inserted = {t.name: t.copy.inserted for t in report.tables}
    assert inserted["workspaces"] == 0 and inserted["personas"] == 2 and inserted["messages"] == 3
    (team_a,) = await _scalars(database_url, "SELECT id FROM workspaces WHERE name = 'Team A'")
    for table in LIBRARY:
        stamped = await _scalars(database_url, f"SELECT DISTINCT workspace_id FROM {table}")
        assert stamped == [team_a], table

    # Out again: only Team A's rows, into a new file's workspace of the same name.
    target = f"sqlite+aiosqlite:///{tmp_path / 'out.db'}"
    out = await copy_library(database_url, target, box=box, workspace="Team A")
    assert out.ok, out
    rows = {t.name: t.check.source_rows for t in out.tables}
    assert rows["personas"] == EXPECTED_ROWS["personas"]
    assert rows["survey_answers"] == EXPECTED_ROWS["survey_answers"]
    names = await _scalars(target, "SELECT name FROM workspaces ORDER BY name")
    assert names == ["Default", "Team A"]

    # A name the source does not have, when it has several workspaces, is refused.
    missing = f"sqlite+aiosqlite:///{tmp_path / 'none.db'}"
    with pytest.raises(ValidationFailed) as refused:
        await copy_library(database_url, missing, box=box, workspace="Nobody")
    assert "no workspace named Nobody" in refused.value.message
    assert "Team A" in refused.value.message
