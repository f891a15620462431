"""`colloquy copy`: check, migrate the target, copy table by table, then read both sides
back and compare (docs/moving-in.md)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from colloquy.services.library_copy.copier import TableCopy, copy_table
from colloquy.services.library_copy.plan import SETTINGS_TABLES, SKIPPED, copied_tables
from colloquy.services.library_copy.preflight import (
    check_distinct,
    check_source_revision,
    migrate_target,
)
from colloquy.services.library_copy.rows import count_rows
from colloquy.services.library_copy.secrets import Adjuster
from colloquy.services.library_copy.verify import TableCheck, check_table
from colloquy.services.library_copy.workspaces import (
    source_workspace_id,
    target_workspace_id,
    target_workspace_rows,
)
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.services.model_settings.settings_sync import bump
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.tables import ModelProfileRow, SessionRow, SurveyRow

# (stage "copy" or "check", table, rows) when a table starts; then rows done, as they go.
Started = Callable[[str, str, int], None]
Advanced = Callable[[int], None]


@dataclass
class TableReport:
    name: str
    copy: TableCopy
    check: TableCheck

    @property
    def ok(self) -> bool:
        return self.check.equal and not self.copy.conflicts


@dataclass
class CopyReport:
    tables: list[TableReport] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=lambda: dict(SKIPPED))
    secrets_dropped: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(t.ok for t in self.tables)


async def copy_library(
    source_url: str,
    target_url: str,
    *,
    box: SecretBox | None,
    batch_size: int = 500,
    started: Started = lambda _stage, _table, _rows: None,
    advanced: Advanced = lambda _rows: None,
    workspace: str | None = None,
) -> CopyReport:
    """Copies the library of `source_url` into `target_url`; `box` holds the target's
    secret key (None: no key known, so no secret is carried). `workspace`: only the source
    workspace of that name (or the source's only workspace), into the target's workspace of
    that name, made if missing (docs/moving-in.md)."""
    check_distinct(source_url, target_url)
    source = create_async_engine(source_url)
    target: AsyncEngine | None = None
    try:
        await check_source_revision(source)
        await migrate_target(target_url)
        target = make_engine(target_url)
        async with target.connect() as conn:
            default = await conn.scalar(
                select(ModelProfileRow.id).where(ModelProfileRow.is_default.is_(True)).limit(1)
            )
        adjuster = Adjuster(box, target_default_profile=default)
        if workspace is None:
            adjuster.target_workspaces = await target_workspace_rows(target)
        else:
            adjuster.source_workspace = await source_workspace_id(source, workspace)
            adjuster.target_workspace = await target_workspace_id(target, workspace)
        report = CopyReport(notes=await _runs_in_progress(source))
        copies: dict[str, TableCopy] = {}
        sizes: dict[str, int] = {}
        async with source.connect() as src:
            for table in copied_tables():
                sizes[table.name] = await count_rows(src, table)
                started("copy", table.name, sizes[table.name])
                copies[table.name] = await copy_table(
                    src, target, table, adjuster, batch_size, advanced
                )
            report.secrets_dropped = adjuster.secrets_dropped
            report.notes += adjuster.notes
            if any(copies[name].inserted for name in SETTINGS_TABLES):
                async with make_sessionmaker(target)() as db, db.begin():
                    await bump(db)  # the target's running processes load the settings again
            async with target.connect() as dst:
                for table in copied_tables():
                    started("check", table.name, sizes[table.name])
                    check = await check_table(src, dst, table, adjuster, batch_size, advanced)
                    report.tables.append(TableReport(table.name, copies[table.name], check))
        return report
    finally:
        await source.dispose()
        if target is not None:
            await target.dispose()


async def _runs_in_progress(source: AsyncEngine) -> list[str]:
    """A warning when the source still runs something: it arrives as it stood, marked running."""
    async with source.connect() as conn:
        sessions = await conn.scalar(
            select(func.count()).select_from(SessionRow).where(SessionRow.running.is_(True))
        )
        surveys = await conn.scalar(
            select(func.count()).select_from(SurveyRow).where(SurveyRow.status == "running")
        )
    if not sessions and not surveys:
        return []
    message = (
        f"{sessions} session(s) and {surveys} survey(s) were running on the source: they arrive "
        "as they stood, marked running, and a server on the target would take them over. Stop "
        "runs on the source before copying (a later copy reports their changed rows as "
        "conflicts; it never overwrites them)."
    )
    return [message]
