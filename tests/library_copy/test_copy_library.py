"""`colloquy copy`'s service: a filled library from SQLite into SQLite or PostgreSQL (the
`database_url` target), and back from either into a new SQLite file; running it twice;
secrets under another key; a second default profile."""

from cryptography.fernet import Fernet
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.services.library_copy.plan import copied_tables, key_column, unplanned_tables
from colloquy.services.library_copy.run import copy_library
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.tables import ModelProfileRow, SurveyHumanAnswerRow
from support.library_fill import EXPECTED_INSERTED, EXPECTED_ROWS, fill


async def table_contents(url: str) -> dict[str, list[dict]]:
    """Every copied table's rows in id order, as the app's column types read them."""
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            out = {}
            for table in copied_tables():
                key = table.c[key_column(table)]
                rows = (await conn.execute(select(table).order_by(key))).all()
                out[table.name] = [dict(r._mapping) for r in rows]
                if table.name == "workspaces":  # each database made its first one itself
                    out[table.name] = [{**r, "created_at": None} for r in out[table.name]]
            return out
    finally:
        await engine.dispose()


def test_every_table_is_copied_or_skipped_with_a_reason():
    assert unplanned_tables() == []


async def test_copy_into_sqlite_or_postgresql_keeps_every_row(source_url, database_url, secret):
    box = SecretBox(secret.encode())
    report = await copy_library(source_url, database_url, box=box, batch_size=2)

    assert report.ok, report
    assert {t.name: t.copy.inserted for t in report.tables} == EXPECTED_INSERTED
    assert {t.name: t.check.source_rows for t in report.tables} == EXPECTED_ROWS
    assert report.secrets_dropped == 0
    # Read back with plain SQLAlchemy on both sides: equal rows, column by column.
    assert await table_contents(database_url) == await table_contents(source_url)

    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            # Unset JSON stays SQL NULL (the unrated answer), not the JSON text 'null'.
            unrated = "SELECT id FROM survey_answers WHERE pmf IS NULL"
            assert (await conn.execute(text(unrated))).scalars().all() == ["sa-1"]
            no_repairs = "SELECT count(*) FROM messages WHERE repairs IS NULL"
            assert await conn.scalar(text(no_repairs)) == 2
        async with make_sessionmaker(engine)() as db, db.begin():
            profile = await db.get(ModelProfileRow, "mp-1")
            assert profile is not None and profile.api_key is not None
            assert box.decrypt(profile.api_key) == "sk-profile"
            # Ids arrived as they were: the target's next uploaded answer gets a new one.
            extra = SurveyHumanAnswerRow(
                survey_id="v-1", concept_id="c1", question_id="q1", respondent="r9",
                rating=1, line=9, file_name="more.csv",
            )  # fmt: skip
            db.add(extra)
            await db.flush()
            assert extra.id == 3  # the copied ones are 1 and 2
    finally:
        await engine.dispose()


async def test_copy_out_of_sqlite_or_postgresql_into_a_new_sqlite_file(
    database_url, tmp_path, secret
):
    box = SecretBox(secret.encode())
    await fill(database_url, box)
    target = f"sqlite+aiosqlite:///{tmp_path / 'new' / 'copy.db'}"
    (tmp_path / "new").mkdir()

    report = await copy_library(database_url, target, box=box, batch_size=3)

    assert report.ok, report
    assert {t.name: t.check.target_rows for t in report.tables} == EXPECTED_ROWS
    assert await table_contents(target) == await table_contents(database_url)


async def test_running_it_twice_duplicates_nothing(source_url, tmp_path, secret):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    box = SecretBox(secret.encode())
    await copy_library(source_url, target, box=box)

    again = await copy_library(source_url, target, box=box)

    assert again.ok
    assert {t.name: t.copy.inserted for t in again.tables} == dict.fromkeys(EXPECTED_ROWS, 0)
    assert {t.name: t.copy.unchanged for t in again.tables} == EXPECTED_ROWS
    assert {t.name: t.check.target_total for t in again.tables} == EXPECTED_ROWS


async def test_secrets_under_another_key_are_left_out_and_counted(source_url, tmp_path):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    other = SecretBox(Fernet.generate_key())

    report = await copy_library(source_url, target, box=other)

    # The session's rerun key, the profile's key and the webhooks' signing secret.
    assert report.secrets_dropped == 3
    assert report.ok  # checked against the source without them
    rows = await table_contents(target)
    assert rows["model_profiles"][0]["api_key"] is None
    assert rows["sessions"][0]["model_override"]["apiKey"] is None
    assert rows["app_settings"][1]["data"] == {"url": "http://127.0.0.1:9/h", "secret": None}
    assert (await copy_library(source_url, target, box=None)).secrets_dropped == 3


async def test_a_second_default_profile_arrives_as_not_the_default(source_url, tmp_path, secret):
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    box = SecretBox(secret.encode())
    await copy_library(source_url, target, box=box)  # migrates the target
    engine = create_async_engine(target)
    async with engine.begin() as conn:
        await conn.execute(text("DELETE FROM model_profiles"))
        await conn.execute(
            text(
                "INSERT INTO model_profiles (id, name, provider, is_default, created_at,"
                " updated_at) VALUES ('mp-team', 'Team', 'openai', 1, '2026-01-01', '2026-01-01')"
            )
        )
    await engine.dispose()

    report = await copy_library(source_url, target, box=box)

    assert report.ok
    assert report.notes == [
        (
            "Model profile 'Team model' arrives as not the default: "
            "the target already has a default profile."
        )
    ]
    profiles = {p["id"]: p["is_default"] for p in (await table_contents(target))["model_profiles"]}
    assert profiles == {"mp-team": True, "mp-1": False}


async def test_a_run_in_progress_on_the_source_is_pointed_out(source_url, tmp_path):
    engine = create_async_engine(source_url)
    async with engine.begin() as conn:
        await conn.execute(text("UPDATE sessions SET running = 1, status = 'in-progress'"))
    await engine.dispose()

    report = await copy_library(source_url, f"sqlite+aiosqlite:///{tmp_path / 't.db'}", box=None)

    assert report.ok
    assert report.notes[0].startswith("1 session(s) and 0 survey(s) were running on the source")
