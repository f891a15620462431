"""Replay a real group with its grounded personas (docs/evidence.md).

The replay is a new simulated session: the personas made from the group's participants
(services/personas/from_people.py), the group's held-out questions (those whose answers
the personas never saw) in their order, the same moderator style; it is run at once. On
request it asks instead the questions the personas learnt from (in-sample, labelled so
wherever its figures appear). Its settings remember the original, which person each
participant stands for and which questions it asks, so the two can be compared person by
person on the same questions (domain/personas/replay_similarity.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas import replay_similarity as rules
from colloquy.domain.personas.evidence_ranking import cosine
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import AppError, ValidationFailed
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.schemas.sessions import SessionCreate, SessionSettingsIn, StimulusIn
from colloquy.services.model_settings.embedding import embed, get_embedder
from colloquy.services.personas.from_people import GROUP_KEY, GROUP_QUESTIONS_KEY
from colloquy.services.sessions import control, crud
from colloquy.services.sessions.loading import get_session_row
from colloquy.store.messages import load_message_dicts

REPLAY_KEY = "replayOf"
MSG_NOT_HUMAN = "Only an imported human group can be replayed"
MSG_NO_PERSONAS = "Create personas from these participants first"
MSG_NOT_REPLAY = "This session is not a replay of a human group"


async def replay_group(
    db: AsyncSession,
    runners: RunnerRegistry,
    bus: EventBus,
    session_id: str,
    in_sample: bool = False,
) -> dict[str, Any]:
    """Create the replay session and start it; the session as the API shows it."""
    row = await get_session_row(db, session_id)
    if row.source != "human":
        raise ValidationFailed([MSG_NOT_HUMAN])
    mapping = (row.settings or {}).get(GROUP_KEY) or []
    pairs = [(i, pid) for i, pid in enumerate(mapping) if isinstance(pid, str)]
    if not pairs:
        raise ValidationFailed([MSG_NO_PERSONAS])
    evidence = (row.settings or {}).get(GROUP_QUESTIONS_KEY)
    questions = list(row.questions or [])
    try:
        asked, held_out = rules.replay_questions(
            len(questions), evidence if isinstance(evidence, list) else None, in_sample
        )
    except ValueError as err:
        raise ValidationFailed([str(err)]) from err
    basis = rules.IN_SAMPLE if in_sample else rules.HELD_OUT
    name = f"Replay of {row.name}"[:200]
    # Built from stored values, not a client's: not held to the request's size bounds (a
    # long transcript may have more questions); the service validates the setup itself.
    body = SessionCreate.model_construct(
        name=name,
        description=f'The human group "{row.name}" replayed by personas grounded in '
        "its participants' own words",
        participant_ids=[pid for _, pid in pairs],
        moderator_style=row.moderator_style,
        stimuli=[StimulusIn.model_construct(**s) for s in row.stimuli or []],
        questions=[questions[q] for q in asked],
        settings=SessionSettingsIn.model_construct(discussion_mode="sequential"),
    )
    created = await crud.create_session(db, body, one_question=True)
    replay = await get_session_row(db, created["id"])
    replay.settings = {
        **(replay.settings or {}),
        REPLAY_KEY: {
            "sessionId": session_id,
            "participants": [i for i, _ in pairs],
            "questions": asked,
            "heldOutQuestions": held_out,
            "basis": basis,
            "label": rules.LABELS[basis],
        },
    }
    await db.commit()
    return await control.run_session(db, replay.id, runners, bus)


async def similarity(db: AsyncSession, runtime: Runtime, replay_id: str) -> dict[str, Any]:
    """Per participant: how close the persona's answers were to its person's, question by
    question (embedding cosine and theme overlap), and the means."""
    replay = await get_session_row(db, replay_id)
    info = (replay.settings or {}).get(REPLAY_KEY)
    if not isinstance(info, dict):
        raise ValidationFailed([MSG_NOT_REPLAY])
    original = await get_session_row(db, str(info.get("sessionId")))
    persona_msgs = await load_message_dicts(db, replay_id)
    person_msgs = await load_message_dicts(db, original.id)
    people, personas = list(original.participants or []), list(replay.participants or [])
    original_id, questions = original.id, list(original.questions or [])
    await db.rollback()  # expires the rows: only the values read above are used after
    # The replay's question i is the original's asked[i] (older replays: the same index).
    asked = info.get("questions")
    origin = [int(q) for q in asked] if isinstance(asked, list) else list(range(len(questions)))
    basis = rules.HELD_OUT if info.get("basis") == rules.HELD_OUT else rules.IN_SAMPLE
    label = rules.LABELS[basis]
    rows, texts = [], []
    for p, h in enumerate(info.get("participants") or []):
        mine = rules.answers_by_question(persona_msgs, p)
        mine = {origin[q]: text for q, text in mine.items() if 0 <= q < len(origin)}
        theirs = rules.answers_by_question(person_msgs, int(h))
        qs = rules.paired_questions(mine, theirs)
        rows.append((p, int(h), qs, mine, theirs))
        texts += [t for q in qs for t in (mine[q], theirs[q])]
    try:
        vectors, embedder = await embed(get_embedder(runtime), texts)
    except EmbeddingError as exc:
        raise AppError(str(exc), status=503, code="embedding_failed") from exc
    out, at = [], 0
    for p, h, qs, mine, theirs in rows:
        cosines, overlaps, per_question = [], [], []
        for q in qs:
            c = cosine(vectors[at], vectors[at + 1])
            at += 2
            o = rules.theme_overlap(mine[q], theirs[q])
            cosines.append(c)
            overlaps.append(o)
            per_question.append(
                {
                    "questionIndex": origin.index(q),
                    "originalQuestionIndex": q,
                    "question": str(questions[q]) if q < len(questions) else "",
                    "cosine": round(c, 3),
                    "themeOverlap": _round(o),
                    "basis": basis,
                    "label": label,
                }
            )
        out.append(
            {
                "participant": str(people[h].get("name") if h < len(people) else ""),
                "persona": str(personas[p].get("name") if p < len(personas) else ""),
                "personaId": str(personas[p].get("id") if p < len(personas) else ""),
                **rules.summarise(cosines, overlaps),
                "basis": basis,
                "label": label,
                "perQuestion": per_question,
            }
        )
    held = info.get("heldOutQuestions")
    held_out = [int(q) for q in held] if isinstance(held, list) else []
    return {
        "sessionId": replay_id,
        "originalId": original_id,
        "embedder": embedder,
        "basis": basis,
        "label": label,
        "heldOutQuestions": [
            {"index": q, "text": str(questions[q]) if q < len(questions) else ""} for q in held_out
        ],
        "participants": out,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
