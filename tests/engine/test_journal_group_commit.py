"""engine/journal.py: runner messages are written by group commit (bench/CHANGES.md).

Appends that arrive together share one transaction; a failing message fails alone; a
message of a session that is gone fails with SessionGone and stores nothing."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from sqlalchemy import event, select
from sqlalchemy.exc import IntegrityError

from colloquy.engine import journal
from colloquy.engine.journal import Counters, SessionGone
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.migrate import upgrade_async
from colloquy.store.tables import MessageRow, SessionRow


@pytest.fixture
async def factory(settings):
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    await upgrade_async(settings.resolved_database_url)
    engine = make_engine(settings.resolved_database_url)
    commits: list[int] = []
    event.listen(engine.sync_engine, "commit", lambda _conn: commits.append(1))
    made = make_sessionmaker(engine)
    made.commits = commits  # type: ignore[attr-defined]
    async with made() as db, db.begin():
        for i in range(6):
            db.add(
                SessionRow(
                    id=f"s{i}",
                    name=f"S{i}",
                    description="",
                    status="in-progress",
                    participants=[],
                    questions=["Q?"],
                    stimuli=[],
                    moderator_style="casual",
                    settings={},
                )
            )
    yield made
    await engine.dispose()


def answer(seq: int, participant: int, tokens: int = 5) -> dict:
    return {
        "seq": seq,
        "speaker": f"P{participant}",
        "content": f"answer {seq}",
        "sentiment": "neutral",
        "personaId": None,
        "questionIndex": 0,
        "round": 0,
        "participantIndex": participant,
        "kind": "response",
        "tokens": tokens,
    }


async def stored(factory, session_id: str) -> list[MessageRow]:
    async with factory() as db:
        return list(
            (
                await db.scalars(
                    select(MessageRow)
                    .where(MessageRow.session_id == session_id)
                    .order_by(MessageRow.seq)
                )
            ).all()
        )


async def test_appends_made_together_share_transactions(factory):
    before = len(factory.commits)
    outcomes = await asyncio.gather(
        *(
            journal.append_message(factory, f"s{i}", answer(1, 0, tokens=i + 1), Counters(3, 4))
            for i in range(6)
        )
    )
    assert [o["seq"] for o in outcomes] == [1] * 6
    assert all(o["timestamp"] is not None for o in outcomes)
    assert len(factory.commits) - before <= 2  # one batch, or the first plus the rest
    async with factory() as db:
        rows = {r.id: r for r in (await db.scalars(select(SessionRow))).all()}
    assert [rows[f"s{i}"].tokens_used for i in range(6)] == [1, 2, 3, 4, 5, 6]
    assert {(r.request_count, r.iteration_count) for r in rows.values()} == {(3, 4)}


async def test_one_bad_message_fails_alone(factory):
    await journal.append_message(factory, "s0", answer(1, 0), Counters(1, 1))
    results = await asyncio.gather(
        journal.append_message(factory, "s1", answer(1, 0), Counters(1, 1)),
        journal.append_message(factory, "s0", answer(2, 0), Counters(2, 2)),  # slot taken
        journal.append_message(factory, "s2", answer(1, 1), Counters(1, 1)),
        return_exceptions=True,
    )
    assert isinstance(results[1], IntegrityError)
    assert not isinstance(results[0], Exception) and not isinstance(results[2], Exception)
    assert [m.seq for m in await stored(factory, "s0")] == [1]
    assert len(await stored(factory, "s1")) == len(await stored(factory, "s2")) == 1


async def test_a_session_gone_meanwhile_gets_nothing_stored(factory):
    async with factory() as db, db.begin():
        await db.delete(await db.get(SessionRow, "s3"))
        (await db.get(SessionRow, "s4")).status = "completed"
    results = await asyncio.gather(
        journal.append_message(factory, "s3", answer(1, 0), Counters(1, 1)),
        journal.append_message(factory, "s4", answer(1, 0), Counters(1, 1)),
        journal.append_message(factory, "s5", answer(1, 0), Counters(1, 1)),
        return_exceptions=True,
    )
    assert isinstance(results[0], SessionGone) and isinstance(results[1], SessionGone)
    assert results[2]["seq"] == 1
    assert await stored(factory, "s3") == [] and await stored(factory, "s4") == []
    assert len(await stored(factory, "s5")) == 1


async def test_a_waiter_that_gives_up_does_not_break_the_queue(factory):
    stored_msg, done = journal.enqueue_message(factory, "s0", answer(1, 0), Counters(1, 1))
    done.cancel()  # e.g. its runner was cancelled at shutdown
    second = await journal.append_message(factory, "s1", answer(1, 0), Counters(1, 1))
    assert second["seq"] == 1
    # The first write still went ahead (resuming a session reads what is stored).
    assert stored_msg["timestamp"] is not None and len(await stored(factory, "s0")) == 1


async def test_commit_log_names_each_committed_message(factory, caplog):
    caplog.set_level(logging.DEBUG, logger="colloquy.commits")
    before = time.time()
    results = await asyncio.gather(
        journal.append_message(factory, "s0", answer(1, 0), Counters(1, 1)),
        journal.append_message(factory, "s1", answer(1, 0), Counters(1, 1)),
    )
    lines = [r.getMessage() for r in caplog.records if r.name == "colloquy.commits"]
    logged = {mid: float(line.split()[0]) for line in lines for mid in line.split()[1:]}
    assert set(logged) == {r["id"] for r in results}
    assert all(before <= t <= time.time() for t in logged.values())


async def test_commit_log_is_silent_by_default(factory, caplog):
    caplog.set_level(logging.WARNING, logger="colloquy.commits")
    await journal.append_message(factory, "s0", answer(1, 0), Counters(1, 1))
    assert not [r for r in caplog.records if r.name == "colloquy.commits"]


async def test_no_message_commits_past_a_failed_one(factory, monkeypatch):
    """Messages 1..4 of one session queued together, message 2 refused
    by the database: 1 is stored, 3 and 4 are not (EarlierWriteFailed), so the stored
    messages stay a gap-free prefix; a retry that writes 2 again lets the rest follow."""
    real_insert = journal._insert_batch

    async def refuse_seq_2(factory_, batch):
        if any(item.stored["content"] == "poison" for item in batch):
            raise ValueError("refused by the database")
        return await real_insert(factory_, batch)

    monkeypatch.setattr(journal, "_insert_batch", refuse_seq_2)
    messages = [answer(1, 0), {**answer(2, 1), "content": "poison"}, answer(3, 2), answer(4, 3)]
    results = await asyncio.gather(
        *(journal.append_message(factory, "s0", m, Counters(1, 1)) for m in messages),
        journal.append_message(factory, "s1", answer(1, 0), Counters(1, 1)),
        return_exceptions=True,
    )
    assert isinstance(results[1], ValueError)
    assert isinstance(results[2], journal.EarlierWriteFailed)
    assert isinstance(results[3], journal.EarlierWriteFailed)
    assert [m.seq for m in await stored(factory, "s0")] == [1]
    assert len(await stored(factory, "s1")) == 1  # other sessions are not held back
    # Later messages alone are still refused; the retry of seq 2 fills the gap.
    with pytest.raises(journal.EarlierWriteFailed):
        await journal.append_message(factory, "s0", answer(3, 2), Counters(1, 1))
    await journal.append_message(factory, "s0", answer(2, 1), Counters(2, 2))
    await journal.append_message(factory, "s0", answer(3, 2), Counters(3, 3))
    assert [m.seq for m in await stored(factory, "s0")] == [1, 2, 3]


async def test_each_session_counts_its_public_messages_by_sentiment(factory):
    """The dashboard's sentiment card sums these counts (0034_list_counts). s0 gets two
    positive answers, a negative one, a neutral one, a moderator question (no sentiment)
    and a private answer (positive, but not counted); s1 one negative answer. A message
    refused by the database (its slot taken) counts nothing: its batch is rolled back."""

    def said(seq: int, sentiment: str | None, kind: str = "response") -> dict:
        return {**answer(seq, seq), "sentiment": sentiment, "kind": kind}

    s0 = [
        said(1, None, "question"),
        said(2, "positive"),
        said(3, "negative"),
        said(4, "positive"),
        said(5, "neutral"),
        said(6, "positive", "private_before"),
    ]
    await asyncio.gather(
        *(journal.append_message(factory, "s0", m, Counters(1, 1)) for m in s0),
        journal.append_message(factory, "s1", said(1, "negative"), Counters(1, 1)),
    )
    with pytest.raises(IntegrityError):  # seq 2 is stored already
        await journal.append_message(factory, "s0", said(2, "negative"), Counters(1, 1))
    async with factory() as db:
        rows = {r.id: r for r in (await db.scalars(select(SessionRow))).all()}
    counts = {sid: (r.positive_count, r.neutral_count, r.negative_count) for sid, r in rows.items()}
    assert counts["s0"] == (2, 1, 1)
    assert counts["s1"] == (0, 0, 1)
    assert counts["s2"] == (0, 0, 0)
