"""A reply with NUL is stored without it on every
database; a message write that fails ends the run with an error and running cleared, with
no gap in the stored messages, and Retry completes the session; a Stop whose commit fails
publishes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import update
from sqlalchemy.exc import DBAPIError, IntegrityError

from colloquy.domain.constants import MSG_SAVE_FAILED
from colloquy.engine import journal
from colloquy.services.sessions import control
from colloquy.store.tables import SessionRow
from engine.conftest import expected_layout

pytestmark = pytest.mark.timeout(60)


def layout_of(messages):
    return [(m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in messages]


@pytest.mark.parametrize("mode", ["sequential", "parallel"])
async def test_reply_with_nul_is_stored_clean(env, mode):
    env.fake.set_responder(lambda body: "I think \u0000 this is fine.")
    sid = await env.create(participants=3, questions=2, mode=mode)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    assert answers and all("\u0000" not in m["content"] for m in answers)
    assert layout_of(view["messages"]) == expected_layout(2, 3)


@pytest.mark.parametrize("mode", ["sequential", "parallel"])
async def test_failed_write_halts_without_gap_then_retry_completes(env, monkeypatch, mode):
    real_insert = journal._insert_batch
    state = {"failures": 1}

    async def refuse_once(factory, batch):
        if state["failures"] and any(
            item.stored["kind"] == "response" and item.stored["participantIndex"] == 1
            for item in batch
        ):
            state["failures"] -= len(batch) == 1  # a batch fails, then its culprit alone
            raise DBAPIError("INSERT", {}, Exception("refused by the database"))
        return await real_insert(factory, batch)

    monkeypatch.setattr(journal, "_insert_batch", refuse_once)
    sid = await env.create(participants=3, questions=2, mode=mode)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["running"] is False and view["status"] == "in-progress"
    assert view["error"]["message"] == MSG_SAVE_FAILED
    stored = layout_of(view["messages"])
    assert stored == expected_layout(2, 3)[: len(stored)]  # a gap-free prefix
    assert ("response", 0, 0, 1) not in stored

    await env.run(sid)  # Retry
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None, (
        view["error"],
        layout_of(view["messages"]),
    )
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    assert [m["seq"] for m in view["messages"]] == list(range(1, len(view["messages"]) + 1))


async def test_runner_that_finds_its_slot_taken_clears_running(env, monkeypatch):
    async def taken(factory, batch):
        raise IntegrityError("INSERT", {}, Exception("unique"))

    monkeypatch.setattr(journal, "_insert_batch", taken)
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["running"] is False and view["error"]["message"] == MSG_SAVE_FAILED
    assert (await env.row(sid)).running is False


async def test_stop_whose_commit_fails_publishes_nothing(env, monkeypatch):
    sid = await env.create(participants=3, questions=2)
    async with env.factory() as db:  # flagged as running, with no runner in this process
        await db.execute(
            update(SessionRow)
            .where(SessionRow.id == sid)
            .values(running=True, status="in-progress")
        )
        await db.commit()
    published: list[str] = []
    monkeypatch.setattr(env.bus, "publish", lambda _sid, kind, *_a, **_k: published.append(kind))

    async def failing_commit(db):
        raise RuntimeError("database went away")

    monkeypatch.setattr(control, "_commit", failing_commit)
    with pytest.raises(RuntimeError):
        await env.stop(sid)
    assert published == []
    monkeypatch.undo()
    view = await env.stop(sid)
    assert view["running"] is False
