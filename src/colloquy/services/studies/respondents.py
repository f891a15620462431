"""The respondents of a set of sessions and their answers, read from the store. A
respondent is one persona in one session: an interview's one persona, or each participant
of a group; their answers are the messages they spoke (private answers left out)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.studies.coding import respondent_key
from colloquy.errors import ValidationFailed
from colloquy.services.sessions.loading import get_session_row, load_session

MSG_RUNNING = "Session '{}' is still running; synthesise it when it has finished"
MSG_NO_ANSWERS = "Session '{}' has no answers to synthesise"
_PERSONA_FIELDS = ("age", "gender", "income", "location", "traits", "tags")


@dataclass
class Respondent:
    key: str
    session_id: str
    session_name: str
    persona_id: str
    name: str
    persona: dict[str, Any]
    answers: list[dict[str, str]] = field(default_factory=list)  # {id, content}

    def stored(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "sessionId": self.session_id,
            "sessionName": self.session_name,
            "personaId": self.persona_id,
            "name": self.name,
            "persona": self.persona,
            "answers": len(self.answers),
        }


async def load_respondents(
    db: AsyncSession, session_ids: list[str]
) -> tuple[list[Respondent], str]:
    """Every respondent of the sessions, in session then speaking order, and the cache key
    of these sessions as they stand (their ids and the messages each holds)."""
    found: list[Respondent] = []
    fingerprint = []
    problems = []
    for session_id in session_ids:
        if (await get_session_row(db, session_id)).running:
            problems.append(MSG_RUNNING.format(session_id))
            continue
        session, messages = await load_session(db, session_id)
        name = str(session.get("name") or session_id)
        people = {str(p.get("id")): p for p in session.get("participants") or []}
        mine: dict[str, Respondent] = {}
        for m in messages:
            persona_id = m.get("personaId")
            if not persona_id or not str(m.get("content") or "").strip():
                continue
            if persona_id not in mine:
                snapshot: dict[str, Any] = dict(people.get(persona_id) or {})
                mine[persona_id] = Respondent(
                    key=respondent_key(session_id, persona_id),
                    session_id=session_id,
                    session_name=name,
                    persona_id=persona_id,
                    name=str(snapshot.get("name") or m.get("speaker") or persona_id),
                    persona={k: snapshot.get(k) for k in _PERSONA_FIELDS if k in snapshot},
                )
            mine[persona_id].answers.append({"id": m["id"], "content": m["content"]})
        if not mine:
            problems.append(MSG_NO_ANSWERS.format(name))
        found.extend(mine.values())
        fingerprint.append([session_id, [m["id"] for m in messages]])
    if problems:
        raise ValidationFailed(problems)
    digest = hashlib.sha256(json.dumps(sorted(fingerprint)).encode()).hexdigest()
    return found, digest
