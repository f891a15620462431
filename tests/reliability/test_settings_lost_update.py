"""A session's `settings` is one JSON value that two features rewrite: the budget
(PUT /api/sessions/{id}/budget) and personas from a human group (their claim and persona
map). Each rewrite locks the row and reads after the lock, so neither writes the other's
change away however they interleave (docs/evidence.md). SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from colloquy.services.personas import from_people
from colloquy.services.usage import budget
from colloquy.store.tables import SessionRow

pytestmark = pytest.mark.timeout(60)


class PausedAfterRead:
    """A database session whose reads of the session row wait at a gate (after reading),
    so another request's write lands between this one's read and its write."""

    def __init__(self, db, gate: asyncio.Event) -> None:
        self._db, self._gate = db, gate

    def __getattr__(self, name):
        return getattr(self._db, name)

    async def get(self, model, key, **kw):
        row = await self._db.get(model, key, **kw)
        if model is SessionRow:
            await self._gate.wait()
        return row


def test_a_budget_change_does_not_write_a_claim_away(client):
    body = {"name": "S", "participantIds": ["p1", "p2", "p3"], "questions": ["A?", "B?"]}
    sid = client.post("/api/sessions", json=body).json()["id"]
    runtime = client.app.state.runtime

    async def race():
        gate = asyncio.Event()
        async with runtime.sessionmaker() as db1, runtime.sessionmaker() as db2:
            paused = asyncio.create_task(
                budget.set_session_budget(PausedAfterRead(db1, gate), sid, 5)
            )
            await asyncio.sleep(0.2)  # the budget has read the row and waits
            claim = asyncio.create_task(from_people._claim(db2, sid))
            await asyncio.sleep(0.3)  # the claim commits now (before the fix) or waits
            gate.set()
            await asyncio.gather(paused, claim)
        async with runtime.sessionmaker() as db:
            return (await db.get(SessionRow, sid)).settings

    settings = client.portal.call(race)
    assert settings["budgetUsd"] == 5.0
    assert from_people.CLAIM_KEY in settings  # before the fix: written away by the budget
