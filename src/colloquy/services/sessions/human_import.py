"""Import a real focus group's transcript as a completed session (docs/measured-against-people.md).

Why: Colloquy's trust figures mean something only when held against people. The
transcript is read by domain/sessions/transcript_import.py; here it is stored as a
session with `source` "human": participants named as in the transcript (no traits), each
participant turn a `response` and each moderator turn a `question` message. A transcript
has no rounds: a person's 1st, 2nd, 3rd turn under a question is stored as `round` 0, 1, 2
only because each stored answer needs its own (question, round, participant) key; the
health report does not read these as rounds (it compares each person's first and last
turn, docs/trust.md "Convergence").
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.human_interview import parse_interview
from colloquy.domain.interviews.rules import GROUP, INTERVIEW, KINDS, MSG_BAD_KIND
from colloquy.domain.sessions.messages import NewMessage, stored_message
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.sessions.transcript_import import (
    MAX_BYTES,
    Transcript,
    TranscriptError,
    parse_question_starts,
    parse_transcript,
)
from colloquy.domain.sessions.transcript_preview import preview
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.text.text_safety import clean_text
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import ReceivedFile
from colloquy.services.sessions import setup
from colloquy.services.sessions.transcript_file import transcript_text
from colloquy.store.messages import message_columns, sentiment_columns
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow

__all__ = ["MAX_BYTES", "import_transcript", "read_transcript"]
OPEN_DISCUSSION = "(Open discussion)"  # the question of a transcript whose moderator asks none


async def read_transcript(
    upload: ReceivedFile | None,
    moderator: str | None,
    question_starts: str | None = None,
    session_kind: str = GROUP,
) -> Transcript:
    """A group's transcript, or (`session_kind` interview) a two-speaker interview's with
    `moderator` the interviewer's name (docs/interviews.md)."""
    text, kind = await transcript_text(upload)
    filename = upload.filename if upload is not None and kind in ("json", "csv") else ""
    parse = parse_interview if session_kind == INTERVIEW else parse_transcript
    try:  # linear in the text (at most 5 MB), but seconds of CPU: off the event loop
        starts = parse_question_starts(question_starts)
        return await asyncio.to_thread(
            parse, text, filename, clean_text(moderator or "") or None, starts
        )
    except TranscriptError as err:
        raise ValidationFailed([str(err)]) from err


def _messages(t: Transcript, session_id: str, interview: bool = False) -> list[MessageRow]:
    """`interview`: an interviewer turn that does not open a topic is a follow-up
    (`probe`, round n for the topic's n-th), as in a simulated interview."""
    start = utcnow() - timedelta(seconds=len(t.turns))
    index = {name: i for i, name in enumerate(t.participants)}
    opening = {m["turn"] for m in t.moderator_turns if m["opensQuestion"]}
    turn_numbers: dict[tuple[int, int | None], int] = {}
    rows = []
    for seq, turn in enumerate(t.turns):
        question = max(0, turn.question_index)
        person = None if turn.is_moderator else index[turn.speaker]
        kind = "question" if turn.is_moderator else "response"
        round_index = 0  # a storage key, not a round (see above)
        if person is not None:
            round_index = turn_numbers.get((question, person), 0)
            turn_numbers[(question, person)] = round_index + 1
        elif interview and seq not in opening:
            kind = "probe"
            round_index = turn_numbers.get((question, None), 0) + 1
            turn_numbers[(question, None)] = round_index
        new: NewMessage = {
            "speaker": turn.speaker,
            "content": turn.content,
            "sentiment": None if turn.is_moderator else sentiment_of(turn.content),
            "personaId": None if person is None else f"{session_id}-p{person}",
            "questionIndex": question,
            "round": round_index,
            "participantIndex": person,
            "kind": kind,
            "tokens": estimate_tokens(turn.content),
            "seq": seq,
            "timestamp": start + timedelta(seconds=seq),
        }
        rows.append(
            MessageRow(**message_columns(stored_message(new, f"{session_id}-m{seq}"), session_id))
        )
    return rows


def _participant(name: str, pid: str) -> dict[str, Any]:
    return {
        "id": pid,
        "name": name,
        "age": 0,
        "gender": "",
        "location": "",
        "income": "",
        "traits": {},
        "interests": [],
        "tags": ["human"],
    }


async def import_transcript(
    db: AsyncSession,
    upload: ReceivedFile | None,
    name: str | None,
    moderator: str | None,
    dry_run: bool,
    question_starts: str | None = None,
    session_kind: str | None = None,
) -> dict[str, Any]:
    """The preview (dry run) or the saved session's id, name and counts.
    `question_starts`: the researcher's corrected question-opening turns (JSON list);
    `session_kind` interview: a two-speaker interview, `moderator` its interviewer."""
    kind = session_kind or GROUP
    if kind not in KINDS:
        raise ValidationFailed([MSG_BAD_KIND])
    t = await read_transcript(upload, moderator, question_starts, kind)
    shown = {**preview(t), "kind": kind}
    if dry_run:
        return shown
    now = utcnow()
    sid = setup.new_session_id()
    # Form fields and the file name can hold NUL, which PostgreSQL refuses.
    filename = clean_text(upload.filename) if upload else ""
    title = clean_text(name or "").strip() or filename.rsplit(".", 1)[0]
    messages = _messages(t, sid, interview=kind == INTERVIEW)
    what = "interview" if kind == INTERVIEW else "focus group"
    row = SessionRow(
        id=sid,
        name=(title or f"Imported {what}")[: setup.NAME_MAX],
        description=f"A real {what} imported from {filename or 'a file'}",
        status="completed",
        created_at=now,
        completed_at=now,
        updated_at=now,
        participants=[_participant(n, f"{sid}-p{i}") for i, n in enumerate(t.participants)],
        moderator_style="casual",
        stimuli=[],
        questions=list(t.questions) or [OPEN_DISCUSSION],
        settings={},
        tokens_used=sum(m.tokens for m in messages),
        **sentiment_columns(messages),
        insights=None,
        error=None,
        running=False,
        stop_requested=False,
        request_count=0,
        iteration_count=0,
        source="human",
        kind=kind,
    )
    db.add(row)
    await db.flush()
    db.add_all(messages)
    await db.commit()
    return {"id": sid, "name": row.name, "source": "human", **shown}
