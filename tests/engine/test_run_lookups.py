"""What a run reads besides its messages, off the path between one answer and the next
(docs/performance.md): the price table only when it may have changed, and the next
question's evidence while the current one is discussed."""

from __future__ import annotations

import asyncio
import time

import pytest

from colloquy.engine import run_usage
from colloquy.engine.manager import RunnerRegistry
from colloquy.engine.run_state import RunHooks
from colloquy.services.usage import prices
from colloquy.store.tables import AppSettingRow
from support.fake_openai import FakeReply, default_responder

pytestmark = pytest.mark.timeout(60)

PRICE = {"input": 1000, "output": 2000}


async def test_prices_are_read_again_when_saved_here_or_after_the_recheck_time(env, monkeypatch):
    reads = []
    real = run_usage.price_book

    async def counting(db):
        reads.append(1)
        return await real(db)

    monkeypatch.setattr(run_usage, "price_book", counting)
    meter = await run_usage.meter_for(env.factory, None, session_id="none")
    for _ in range(5):  # calls one after another: no read before each
        await meter.refresh()
    assert len(reads) == 1
    assert meter.price("openai", "test-model") is None

    async with env.factory() as db:  # saved through this process: the next call sees it
        await prices.save_prices(db, {"test-model": PRICE})
    await meter.refresh()
    assert len(reads) == 2
    assert meter.price("openai", "test-model") is not None

    # Saved by another process (straight into the table): seen once the recheck time passed.
    async with env.factory() as db:
        row = await db.get(AppSettingRow, "prices")
        row.data = {"table": {}}
        await db.commit()
    await meter.refresh()
    assert meter.price("openai", "test-model") is not None
    monkeypatch.setattr(run_usage, "PRICE_RECHECK_SECONDS", 0.05)
    await asyncio.sleep(0.06)
    await meter.refresh()
    assert len(reads) == 3
    assert meter.price("openai", "test-model") is None


async def test_the_runs_of_a_process_share_one_price_read(env, monkeypatch):
    reads = []
    real = run_usage.price_book

    async def counting(db):
        reads.append(1)
        await asyncio.sleep(0.01)  # a read under way when the others look
        return await real(db)

    monkeypatch.setattr(run_usage, "price_book", counting)
    meters = [await run_usage.meter_for(env.factory, None, session_id="none") for _ in range(5)]
    assert len(reads) == 5  # each run reads them when it starts
    for _ in range(3):  # then every run's calls find the same fresh book
        await asyncio.gather(*(m.refresh() for m in meters))
    assert len(reads) == 5

    monkeypatch.setattr(run_usage, "PRICE_RECHECK_SECONDS", 0.0)  # stale for everyone
    await asyncio.gather(*(m.refresh() for m in meters for _ in range(2)))
    assert len(reads) == 6  # ten refreshes of five runs: one read

    async with env.factory() as db:  # saved through this process: read again, once
        await prices.save_prices(db, {"test-model": PRICE})
    await asyncio.gather(*(m.refresh() for m in meters))
    assert len(reads) == 7
    assert all(m.price("openai", "test-model") is not None for m in meters)


async def test_the_next_questions_evidence_is_looked_up_while_this_one_runs(env):
    answers_before: dict[tuple[str | None, str], int] = {}
    started = asyncio.Event()

    async def evidence(persona_id: str | None, query: str) -> str:
        answers_before[(persona_id, query)] = len(env.fake.requests)
        started.set()
        return f"Evidence for {persona_id}."

    def slow(body):
        if body.get("response_format"):
            return default_responder(body)
        return FakeReply("I would buy it for the kids.", delay=0.05)

    env.fake.set_responder(slow)
    hooks = RunHooks(evidence=evidence)
    runners = RunnerRegistry(
        env.factory, lambda: env.provider, env.bus, env.settings.uploads_dir, hooks=hooks
    )
    sid = await env.create(participants=3, questions=3)
    try:
        await env.run(sid, runners)
        view = await env.wait_idle(sid, runners)
    finally:
        await runners.shutdown()
    assert view["status"] == "completed"
    queries = sorted({query for _, query in answers_before})
    assert len(queries) == 3 and len(answers_before) == 9  # each participant x question once
    per_question = 3 * 3  # 3 participants x 3 rounds
    for q, query in enumerate(queries):
        asked = [n for (_, text), n in answers_before.items() if text == query]
        # Question q's lookups started before question q-1's last answers were asked for.
        assert max(asked) < max(0, q * per_question - 1) + (q == 0), (q, asked)
    prompts = [str(r.get("messages")) for r in env.fake.requests]
    assert all("Evidence for" in p for p in prompts if "Question number" in p)


async def test_a_run_does_not_read_the_prices_before_every_call(env, monkeypatch):
    reads = []
    real = run_usage.price_book

    async def counting(db):
        reads.append(1)
        return await real(db)

    monkeypatch.setattr(run_usage, "price_book", counting)
    sid = await env.create(participants=5, questions=3)
    started = time.monotonic()
    await env.run(sid)
    view = await env.wait_idle(sid, timeout=120)
    elapsed = time.monotonic() - started
    assert view["status"] == "completed"
    calls = len(env.fake.requests)
    assert calls == 45
    # Once when the run starts, then at most once per PRICE_RECHECK_SECONDS (1 s).
    assert len(reads) <= 2 + elapsed, (len(reads), elapsed)
    assert len(reads) < calls
