"""Two "Audit all personas" requests at once start one job (docs/trust.md): the second
sees the first's job, so each persona is audited once, and no job runs unseen (the first
one's task was overwritten and could not be stopped at shutdown). SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from colloquy.services.trust import persona_audit
from colloquy.store.tables import PersonaAuditRow
from support.sessions_helpers import app_client, fake_model
from support.waiting import wait_audit

pytestmark = pytest.mark.timeout(120)


def test_concurrent_library_audits_start_one_job(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        runtime = api.app.state.runtime

        async def both():
            async def start():
                async with runtime.sessionmaker() as db:
                    return await persona_audit.start_library_audit(db, runtime)

            return await asyncio.gather(start(), start())

        first, second = api.portal.call(both)
        assert first["total"] == 10 and first["running"] and second["running"]
        job = runtime.feature(persona_audit.LibraryAudit).job
        wait_audit(api, timeout=90)
        # One job, the one both requests report.
        assert runtime.feature(persona_audit.LibraryAudit).job is job

        async def audits() -> int:
            async with runtime.sessionmaker() as db:
                return await db.scalar(select(func.count()).select_from(PersonaAuditRow))

        assert api.portal.call(audits) == 10  # each persona once, not twice
