"""What `colloquy copy` refuses or reports instead of overwriting: the same database, a
source at another schema revision, rows the target holds with other content, and a target
row changed after the copy (found by the checksums)."""

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.errors import ValidationFailed
from colloquy.services.library_copy.run import copy_library
from colloquy.store.db import make_engine
from support.library_fill import EXPECTED_ROWS


async def execute(url: str, statement: str) -> None:
    engine = make_engine(url)  # the app's engine: foreign keys on, so deletes cascade
    try:
        async with engine.begin() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


async def test_refuses_to_copy_a_database_into_itself(source_url, tmp_path):
    same = source_url.replace(str(tmp_path), f"{tmp_path}/./")
    with pytest.raises(ValidationFailed, match="the same database"):
        await copy_library(source_url, same, box=None)


async def test_refuses_a_source_at_another_schema_revision(source_url, tmp_path):
    await execute(source_url, "UPDATE alembic_version SET version_num = '0026_list_indexes'")
    target = tmp_path / "team.db"
    with pytest.raises(ValidationFailed, match="revision '0026_list_indexes', this Colloquy at"):
        await copy_library(source_url, f"sqlite+aiosqlite:///{target}", box=None)
    assert not target.exists()  # refused before the target was touched


async def test_refuses_a_source_that_is_not_a_colloquy_database(tmp_path):
    empty = tmp_path / "other.db"
    await execute(f"sqlite+aiosqlite:///{empty}", "CREATE TABLE t (x INTEGER)")
    with pytest.raises(ValidationFailed, match="not a Colloquy database"):
        await copy_library(f"sqlite+aiosqlite:///{empty}", "sqlite+aiosqlite:///x.db", box=None)


async def test_a_row_the_target_holds_with_other_content_is_a_conflict(source_url, tmp_path):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    await copy_library(source_url, target, box=None)
    await execute(target, "DELETE FROM personas WHERE id = 'p-2'")  # its audit goes with it
    await execute(target, "UPDATE personas SET name = 'Someone else' WHERE id = 'p-1'")

    report = await copy_library(source_url, target, box=None)

    by_name = {t.name: t for t in report.tables}
    assert not report.ok
    assert by_name["personas"].copy.conflicts == ["p-1: the target holds other content"]
    assert by_name["personas"].copy.inserted == 1  # p-2 came back
    assert by_name["persona_audits"].copy.inserted == 1
    assert not by_name["personas"].check.equal
    assert [t.name for t in report.tables if not t.ok] == ["personas"]
    engine = create_async_engine(target)
    async with engine.connect() as conn:
        name = await conn.scalar(text("SELECT name FROM personas WHERE id = 'p-1'"))
    await engine.dispose()
    assert name == "Someone else"  # never overwritten


async def test_a_unique_name_taken_in_the_target_is_reported(source_url, tmp_path):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    await copy_library(source_url, target, box=None)
    await execute(target, "UPDATE model_profiles SET id = 'mp-team' WHERE id = 'mp-1'")

    report = await copy_library(source_url, target, box=None)

    profiles = next(t for t in report.tables if t.name == "model_profiles")
    assert len(profiles.copy.conflicts) == 1
    assert profiles.copy.conflicts[0].startswith("mp-1: the target refused it (UNIQUE")
    assert profiles.check.target_rows == 0
    assert not report.ok


async def test_a_row_changed_in_the_target_fails_the_check(source_url, tmp_path):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    first = await copy_library(source_url, target, box=None)
    assert first.ok
    await execute(target, "UPDATE messages SET cost_usd = 0.000124 WHERE id = 'm-0'")

    report = await copy_library(source_url, target, box=None)

    messages = next(t for t in report.tables if t.name == "messages")
    assert messages.check.source_rows == messages.check.target_rows == EXPECTED_ROWS["messages"]
    assert messages.check.source_checksum != messages.check.target_checksum
    assert messages.copy.conflicts == ["m-0: the target holds other content"]
    assert [t.name for t in report.tables if not t.ok] == ["messages"]


async def test_refuses_a_source_file_that_does_not_exist(tmp_path):
    missing = tmp_path / "nowhere.db"
    with pytest.raises(ValidationFailed, match=f"The source database {missing} does not exist"):
        await copy_library(f"sqlite+aiosqlite:///{missing}", "sqlite+aiosqlite:///x.db", box=None)
    assert not missing.exists()  # not made empty on the way
