"""Concurrent evidence uploads to one persona (docs/evidence.md: at most 20 documents and
200,000 words per persona), on SQLite and PostgreSQL: the limit holds however the
uploads interleave, and every refused upload says why."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from colloquy.services.personas import evidence

pytestmark = pytest.mark.timeout(120)


def test_thirty_concurrent_uploads_store_twenty(client, monkeypatch):
    count = evidence.totals

    async def slow_totals(db, persona_id):
        # A pause after each count, before the upload commits: the uploads' checks and
        # commits interleave (before the fix, several saw 19 and all committed).
        found = await count(db, persona_id)
        await asyncio.sleep(0.05)
        return found

    monkeypatch.setattr(evidence, "totals", slow_totals)

    def upload(i: int):
        files = {"file": (f"note{i}.txt", f"Document {i}: I like tea.".encode(), "text/plain")}
        return client.post("/api/personas/p1/evidence", files=files)

    with ThreadPoolExecutor(30) as pool:
        results = list(pool.map(upload, range(30)))
    codes = [r.status_code for r in results]
    assert sorted(set(codes)) == [201, 422], codes
    assert codes.count(201) == 20
    for r in results:
        if r.status_code == 422:
            assert "at most 20 evidence documents" in r.json()["errors"][0], r.text
    assert len(client.get("/api/personas/p1/evidence").json()) == 20
    assert client.get("/api/personas/p1").json()["evidence"]["documents"] == 20
