"""Follow up with a focus group's participant (docs/interviews.md "Follow-up interviews"):
an interview with the persona as it was in the group, which remembers the group (its own
turns verbatim, the others' fitted to a token budget, its private stances), linked both
ways to the group."""

from __future__ import annotations

import copy
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews import follow_up as rules
from colloquy.domain.interviews.follow_up_memory import fit_memory, group_turns, stances
from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.sessions.moderation import DEFAULT_MODERATOR, MODERATORS
from colloquy.errors import Conflict, ValidationFailed
from colloquy.schemas.sessions import FollowUpInterviewCreate
from colloquy.services.sessions import setup
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import load_view, session_record
from colloquy.store.messages import load_message_dicts
from colloquy.store.tables import SessionRow
from colloquy.store.types import utcnow

MSG_CHOOSE_PARTICIPANT = "Choose the participant to interview (participantId)"
MSG_INTERVIEWER = "Interviewer must be scripted or ai"


async def create_follow_up(
    db: AsyncSession, group_id: str, body: FollowUpInterviewCreate
) -> dict[str, Any]:
    """The new interview (in progress, not yet run: opening its live view runs it).
    404: no such session; 409: not a completed simulated focus group; 422: the
    participant did not take part, or the interview's setup is refused."""
    group = await get_session_row(db, group_id)
    record = session_record(group)
    refusal = rules.group_refusal(
        record["kind"], record["status"], record["source"], record["name"]
    )
    if refusal:
        raise Conflict(refusal)
    participant_id = (body.participant_id or "").strip()
    if not participant_id:
        raise ValidationFailed([MSG_CHOOSE_PARTICIPANT])
    snapshots = list(group.participants or [])
    index = rules.participant_index(snapshots, participant_id)
    if index is None:
        raise ValidationFailed([rules.msg_not_participant(participant_id)])
    persona = copy.deepcopy(snapshots[index])
    interviewer = body.interviewer or DEFAULT_MODERATOR
    if interviewer not in MODERATORS:
        raise ValidationFailed([MSG_INTERVIEWER])
    data: dict[str, Any] = {
        "name": (body.name or "").strip()
        or rules.follow_up_name(str(persona.get("name") or ""), record["name"]),
        "kind": INTERVIEW,
        "participantIds": [participant_id],
        "questions": body.questions,
        "moderatorStyle": record["moderatorStyle"],
        "settings": {
            "moderator": interviewer,
            "responseLength": record["settings"]["responseLength"],
            **({} if body.max_probes is None else {"maxProbes": body.max_probes}),
        },
    }
    setup.validate_setup(data)
    messages = await load_message_dicts(db, group_id)  # private answers too: the stances
    memory = fit_memory(record["questions"], group_turns(messages, index), stances(messages, index))
    now = utcnow()
    row = SessionRow(
        id=setup.new_session_id(),
        name=data["name"][: setup.NAME_MAX],
        description=f"A follow-up interview with {persona.get('name')} after {record['name']}",
        status="in-progress",
        created_at=now,
        updated_at=now,
        participants=[persona],  # as the persona was in the group
        tokens_used=0,
        running=False,
        stop_requested=False,
        request_count=0,
        iteration_count=0,
        kind=INTERVIEW,
        follow_up_of_id=group.id,
        follow_up={
            "participantId": participant_id,
            "participantName": str(persona.get("name") or ""),
            "groupName": record["name"],
            "memory": memory,
        },
        **setup.normalised_setup(data),
    )
    db.add(row)
    await db.commit()
    return await load_view(db, row, [])
