"""Hand-built sessions for the results tests, written straight into the app's database
(through its own event loop) so the numbers do not depend on a run of the engine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from colloquy.domain.personas.enrichment import enrich
from colloquy.store.tables import MessageRow, SessionRow

START = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)


def persona(
    pid: str,
    name: str,
    age: int,
    gender: str,
    location: str,
    income: str,
    traits: tuple[int, int, int, int, int],
    interests: list[str],
) -> dict[str, Any]:
    keys = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")
    p = {
        "id": pid,
        "name": name,
        "age": age,
        "gender": gender,
        "location": location,
        "income": income,
        "traits": dict(zip(keys, traits, strict=False)),
        "interests": interests,
    }
    return {**p, "enriched": enrich(p)}


PARTICIPANTS = [
    persona(
        "pa",
        "Ana Lopez",
        25,
        "Female",
        "Austin, TX",
        "$30-60k",
        (90, 20, 50, 50, 50),
        ["Cooking", "Cycling"],
    ),
    persona("pb", "Ben Okafor", 55, "Male", "Boston, MA", "$100k+", (10, 80, 50, 75, 25), ["Golf"]),
    persona(
        "pc",
        "Cleo Park",
        40,
        "Non-binary",
        "Denver, CO",
        "Under $30k",
        (50, 50, 50, 50, 50),
        ["Art", "Music"],
    ),
]
QUESTIONS = ["What do you think of the packaging?", "Would you buy it?"]

# (speaker index or None for the moderator, content, question, round, sentiment)
Turn = tuple[int | None, str, int, int, str | None]

TRANSCRIPT: list[Turn] = [
    (None, "What do you think of the packaging?", 0, 0, None),
    (0, "I love this packaging, the recycled paper looks great and sturdy.", 0, 0, "positive"),
    (1, "The packaging feels flimsy, honestly a bad choice for shipping.", 0, 0, "negative"),
    (2, "Packaging is fine. Paper, cardboard, whatever works.", 0, 0, "neutral"),
    (None, "[Round 2] Please respond to what others have shared.", 0, 1, None),
    (0, "Ben has a point about shipping, but the paper is still great.", 0, 1, "positive"),
    (1, "Fair enough, the recycled paper is good if it arrives intact.", 0, 1, "positive"),
]


def seed_session(
    client,
    session_id: str = "s-results",
    *,
    name: str = "Packaging study",
    participants: list[dict] | None = None,
    questions: list[str] | None = None,
    transcript: list[Turn] | None = None,
    status: str = "completed",
    duration_minutes: float = 12,
    insights: dict | None = None,
    description: str = "Eco packaging reactions",
) -> str:
    """Insert a session and its messages; returns the session id."""
    people = PARTICIPANTS if participants is None else participants
    turns = TRANSCRIPT if transcript is None else transcript

    async def insert() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            db.add(
                SessionRow(
                    id=session_id,
                    name=name,
                    description=description,
                    status=status,
                    created_at=START,
                    completed_at=START + timedelta(minutes=duration_minutes)
                    if status == "completed"
                    else None,
                    participants=people,
                    moderator_style="casual",
                    stimuli=[],
                    questions=QUESTIONS if questions is None else questions,
                    settings={
                        "responseLength": "moderate",
                        "discussionMode": "sequential",
                        "autoAdvance": False,
                    },
                    tokens_used=0,
                    insights=insights,
                )
            )
            await db.flush()
            for seq, (who, content, q, r, sentiment) in enumerate(turns):
                speaker = "Moderator" if who is None else people[who]["name"]
                db.add(
                    MessageRow(
                        id=f"{session_id}-m{seq}",
                        session_id=session_id,
                        seq=seq,
                        speaker=speaker,
                        content=content,
                        timestamp=START + timedelta(seconds=10 * seq),
                        sentiment=sentiment,
                        persona_id=None if who is None else people[who]["id"],
                        question_index=q,
                        round_index=r,
                        participant_index=who,
                        kind=("question" if r == 0 else "round") if who is None else "response",
                        tokens=0,
                    )
                )
            await db.commit()

    client.portal.call(insert)
    return session_id


def stored_insights(client, session_id: str) -> dict | None:
    async def read() -> dict | None:
        async with client.app.state.runtime.sessionmaker() as db:
            return await db.scalar(select(SessionRow.insights).where(SessionRow.id == session_id))

    return client.portal.call(read)


def stored_messages(client, session_id: str) -> list[MessageRow]:
    async def read() -> list[MessageRow]:
        async with client.app.state.runtime.sessionmaker() as db:
            return list(
                await db.scalars(
                    select(MessageRow)
                    .where(MessageRow.session_id == session_id)
                    .order_by(MessageRow.seq)
                )
            )

    return client.portal.call(read)
