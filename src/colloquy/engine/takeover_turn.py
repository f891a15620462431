"""The runner's side of take over (docs/interviews.md, domain/interviews/takeover.py).

Before each step of the interviewer (a decision, a guide question, the end), the runner
reads the take over from the database, where any process may have written it: a typed
question not asked yet is stored as the interviewer's message in the same transaction
that clears it (asked exactly once, even across a kill -9), and while the interview is
taken over the interviewer asks nothing of its own and waits.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import cast

from sqlalchemy import Table, insert, select, update

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.interviews import takeover
from colloquy.domain.sessions.messages import Message, NewMessage, stored_message
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.engine import journal
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.store.messages import message_columns
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow
from colloquy.waiting import wait_for

POLL_SECONDS = 0.5  # how often a taken-over run looks for a typed question or a hand back
RESEARCHER_NOTE = "Typed by the researcher (take over)"
MESSAGES = cast(Table, MessageRow.__table__)


async def researcher_turn(run: RunState, setup: Setup, messages: list[Message]) -> bool:
    """True when take over decided this step (a typed question asked, or a wait); False:
    the interviewer goes on as usual."""
    if not any(m["kind"] == "question" for m in messages):
        return False  # the first guide question is always asked first
    async with run.factory() as db:
        state = (
            await db.execute(
                select(SessionRow.taken_over, SessionRow.typed_question).where(
                    SessionRow.id == run.session_id
                )
            )
        ).one_or_none()
    if state is None:
        raise journal.SessionGone(run.session_id)
    taken_over, typed = bool(state[0]), state[1]
    position = takeover.typed_position(messages)
    if typed is not None and position is not None:
        await _ask(run, setup, messages, typed, position, taken_over)
        return True
    if not taken_over:
        return False
    with contextlib.suppress(TimeoutError):
        await wait_for(run.stop.wait(), POLL_SECONDS)
    return True


async def _ask(
    run: RunState,
    setup: Setup,
    messages: list[Message],
    text: str,
    position: tuple[int, int],
    taken_over: bool,
) -> None:
    if run.writes:  # the typed question comes after every message queued before it
        await asyncio.wait(run.writes)
        run.check_writes()
    run.counters.iterations += 1
    new: NewMessage = {
        "speaker": MODERATOR_SPEAKER,
        "content": text,
        "sentiment": None,
        "personaId": None,
        "questionIndex": position[0],
        "round": position[1],
        "participantIndex": None,
        "kind": takeover.RESEARCHER,
        "tokens": estimate_tokens(text),
        "note": RESEARCHER_NOTE,
        "rawContent": None,
        "seq": (messages[-1]["seq"] + 1) if messages else 1,
    }
    stored = await store_typed_question(run, new, text)
    if stored is None:
        return  # cleared or changed meanwhile: read again on the next step
    messages.append(stored)
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    done.set_result(None)
    run.pub.committed(done, stored, setup, messages, run.generating)
    run.pub.takeover(taken_over, None)


async def store_typed_question(run: RunState, new: NewMessage, text: str) -> Message | None:
    """One transaction: clear the typed question (only if it is still `text`) and store it
    as a message, with the run's counters. None when it was no longer there."""
    stored = stored_message(new, journal.new_message_id())
    async with journal.writing(run.factory) as db:
        cleared = await db.execute(
            update(SessionRow)
            .where(
                SessionRow.id == run.session_id,
                SessionRow.typed_question == text,
                SessionRow.status != "completed",
            )
            .values(
                typed_question=None,
                tokens_used=SessionRow.tokens_used + new["tokens"],
                request_count=run.counters.requests,
                iteration_count=run.counters.iterations,
                updated_at=utcnow(),
            )
            .execution_options(synchronize_session=False)
        )
        if cleared.rowcount != 1:  # type: ignore[attr-defined]
            return None
        stored["timestamp"] = utcnow()
        await db.execute(insert(MESSAGES).values(message_columns(stored, run.session_id)))
    return stored
