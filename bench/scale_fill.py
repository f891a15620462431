"""Fill a database with a research team's library in bulk (the data-scale bench,
bench/data_scale.py): sessions with their messages (a few very long ones), personas (some
with evidence documents), surveys with their answers. Rows are written with multi-row
INSERTs straight into the migrated schema, so 10,000 sessions take seconds, not the hours
a run through the model would; their shapes are those the app writes itself. One short
session in ten is an interview, and every ten interviews make a study (the Studies list)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert

from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.sessions.sentiment_tally import sentiment_tally
from colloquy.store.db import make_engine
from colloquy.store.migrate import upgrade_async
from colloquy.store.tables import (
    MessageRow,
    PersonaEvidenceRow,
    PersonaRow,
    SessionRow,
    StudyRow,
    SurveyAnswerRow,
    SurveyRow,
)
from colloquy.store.workspace_scope import DEFAULT_WORKSPACE_ID

TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")
FIRST = ("Ana", "Ben", "Chloé", "Dev", "Élodie", "Farah", "Gus", "Hana", "Ivan", "Jo", "Kemal")
LAST = ("Lopez", "Okafor", "Nguyen", "Smith", "Müller", "Rossi", "Tanaka", "Kowalski", "Diaz")
TOPICS = ("Oat milk", "Solar kettle", "Paper pouch", "Budget app", "Smart bike", "Tea brand")
WORDS = [
    "price",
    "quality",
    "packaging",
    "taste",
    "brand",
    "value",
    "design",
    "colour",
    "trust",
    "habit",
    "store",
    "online",
    "recycle",
    "plastic",
    "paper",
    "fresh",
    "cheap",
    "premium",
    "daily",
    "family",
    "weekend",
    "healthy",
    "green",
    "simple",
    "label",
    "size",
    "convenient",
    "subscription",
    "delivery",
    "reliable",
    "friends",
    "advert",
    "discount",
]
SENTIMENTS = ("positive", "neutral", "negative")
START = datetime(2026, 11, 27, tzinfo=UTC)
BATCH = 5_000
WORKSPACE = {"workspace_id": DEFAULT_WORKSPACE_ID}  # the one a loopback user sees
INTERVIEW_EVERY = 10  # session k is an interview when k % 10 == 3 (not a long one)
STUDY_SIZE = 10  # interviews per study


@dataclass(frozen=True)
class Scale:
    """A library's size; `Scale.of(100)` is the issue's 10,000 sessions / 5,000 personas."""

    sessions: int
    messages_per_session: int
    long_sessions: int
    long_messages: int
    personas: int
    personas_with_evidence: int
    surveys: int
    answers_per_survey: int

    @staticmethod
    def of(factor: int) -> Scale:
        return Scale(
            sessions=100 * factor,
            messages_per_session=20,
            long_sessions=max(1, factor // 33),  # 1 at 1x and 10x, 3 at 100x
            long_messages=5_000,
            personas=50 * factor,
            personas_with_evidence=5 * factor,
            surveys=2 * factor,
            answers_per_survey=250,
        )


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def persona_rows(scale: Scale, rng: random.Random) -> list[dict[str, Any]]:
    rows = []
    for i in range(scale.personas):
        created = START - timedelta(days=365) + timedelta(seconds=i * 7)
        rows.append(
            {
                **WORKSPACE,
                "id": f"p{i:06d}",
                "name": f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}",
                "age": rng.randint(18, 80),
                "gender": rng.choice(("Female", "Male", "Non-binary")),
                "location": rng.choice(("Austin, TX", "Leeds, UK", "Lyon, FR", "Osaka, JP")),
                "income": rng.choice(("$30-60k", "$60-100k", "$100k+")),
                "traits": {t: rng.randint(0, 100) for t in TRAITS},
                "interests": rng.sample(WORDS, 3),
                "generated_from": None,
                "tags": rng.sample(("Gen Z", "Parents", "Chicago", "Urban", "Rural"), 2),
                "created_at": created,
                "updated_at": created,
            }
        )
    return rows


def snapshot(persona: dict[str, Any]) -> dict[str, Any]:
    """A persona as a session or survey freezes it (services/sessions/setup.py)."""
    record = {
        k: persona[k] for k in ("id", "name", "age", "gender", "location", "income", "traits")
    }
    record |= {"interests": persona["interests"], "tags": persona["tags"], "generatedFrom": None}
    record |= {"createdAt": persona["created_at"].isoformat()}
    record |= {"updatedAt": persona["updated_at"].isoformat()}
    record["enriched"] = enrich(record)  # type: ignore[arg-type]
    return record


def is_interview(k: int, scale: Scale) -> bool:
    return k >= scale.long_sessions and k % INTERVIEW_EVERY == 3


def study_id(k: int) -> str:
    return f"t{k // (INTERVIEW_EVERY * STUDY_SIZE):05d}"


def session_row(
    i: int,
    people: list[dict[str, Any]],
    rng: random.Random,
    n_questions: int,
    interview: bool = False,
):
    created = START - timedelta(minutes=i * 26)  # 10,000 sessions over about six months
    status = "completed" if i % 10 != 5 else rng.choice(("draft", "in-progress"))
    return {
        **WORKSPACE,
        "id": f"s{i:06d}",
        "name": f"{rng.choice(TOPICS)} {'interview' if interview else 'study'} {i}",
        "kind": "interview" if interview else "group",
        "study_id": study_id(i) if interview else None,
        "description": "Bench library session",
        "status": status,
        "created_at": created,
        "completed_at": created + timedelta(minutes=20) if status == "completed" else None,
        "updated_at": created,
        "participants": people,
        "moderator_style": "casual",
        "stimuli": [],
        "questions": [f"What do you think of {t.lower()}?" for t in TOPICS[:n_questions]],
        "settings": {"responseLength": "medium", "discussionMode": "sequential"},
        "tokens_used": 0,
        "running": False,
        "stop_requested": False,
        "request_count": 0,
        "iteration_count": 0,
        "model_provider": "openai",
        "model_name": "bench",
        "source": "simulated",
    }


def message_rows(session: dict[str, Any], n: int, rng: random.Random) -> list[dict[str, Any]]:
    """n messages: each question asked, then rounds of every participant's answer."""
    people = session["participants"]
    questions = session["questions"]
    per_question = -(-n // len(questions))
    rounds = max(1, -(-(per_question - 1) // len(people)))
    out: list[dict[str, Any]] = []
    at = session["created_at"]
    for q, question in enumerate(questions):
        turns = [(None, 0)] + [(p, r) for r in range(rounds) for p in range(len(people))]
        for p, r in turns:
            if len(out) >= n:
                return out
            who = people[p] if p is not None else None
            seq = len(out)
            out.append(
                {
                    "id": f"{session['id']}-m{seq}",
                    "session_id": session["id"],
                    "seq": seq,
                    "speaker": who["name"] if who else "Moderator",
                    "content": question if who is None else _sentence(rng, rng.randint(15, 40)),
                    "timestamp": at + timedelta(seconds=seq),
                    "sentiment": rng.choice(SENTIMENTS) if who else None,
                    "persona_id": who["id"] if who else None,
                    "question_index": q,
                    "round_index": r,
                    "participant_index": p,
                    "kind": "response" if who else "question",
                    "tokens": 40,
                }
            )
    return out


def survey_rows(i: int, people: list[dict[str, Any]], answers: int, rng: random.Random):
    concepts = [
        {"id": f"c{k + 1}", "type": "text", "title": t, "content": f"A new {t.lower()}."}
        for k, t in enumerate(TOPICS[:2])
    ]
    questions = [
        {
            "id": "q1",
            "text": "How likely would you be to buy this product?",
            "scale": "purchase_intent",
        }
    ]
    created = START - timedelta(days=i)
    survey = {
        **WORKSPACE,
        "id": f"v{i:05d}",
        "name": f"{rng.choice(TOPICS)} survey {i}",
        "status": "completed",
        "concepts": concepts,
        "questions": questions,
        "respondents": people,
        "respondent_count": len(people),
        "samples": 1,
        "ask_direct": False,
        "model": "bench",
        "embedder": "bench",
        "created_at": created,
        "updated_at": created,
        "completed_at": created + timedelta(minutes=5),
    }
    rows = []
    for n in range(answers):
        person = people[n % len(people)]
        weights = [rng.random() for _ in range(5)]
        total = sum(weights)
        rows.append(
            {
                "id": f"{survey['id']}-a{n}",
                "survey_id": survey["id"],
                "respondent_id": person["id"],
                "concept_id": concepts[(n // len(people)) % len(concepts)]["id"],
                "question_id": "q1",
                "sample": n // (len(people) * len(concepts)),
                "text": _sentence(rng, 20),
                "pmf": [w / total for w in weights],
                "embedder": "bench",
                "tokens": 30,
                "created_at": created,
            }
        )
    return survey, rows


def study_row(study: str, interviews: list[dict[str, Any]]) -> dict[str, Any]:
    """A completed study of `interviews` (the Studies list counts those completed)."""
    first = interviews[0]
    return {
        **WORKSPACE,
        "id": study,
        "name": f"{first['name'].split(' interview ')[0]} guide study {study}",
        "description": "Bench library study",
        "questions": first["questions"],
        "settings": {"moderator": "ai", "maxProbes": 1},
        "persona_ids": [s["participants"][0]["id"] for s in interviews],
        "session_ids": [s["id"] for s in interviews],
        "status": "completed",
        "created_at": first["created_at"],
        "updated_at": first["created_at"],
        "completed_at": first["created_at"] + timedelta(hours=1),
    }


async def _insert(conn, table, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    for start in range(0, len(rows), BATCH):
        await conn.execute(insert(table), rows[start : start + BATCH])


async def fill(url: str, scale: Scale, seed: int = 44) -> dict[str, int]:
    """Migrate `url` and write the library; returns how many rows of each kind."""
    await upgrade_async(url)
    rng = random.Random(seed)
    personas = persona_rows(scale, rng)
    snaps = [snapshot(p) for p in personas[: min(len(personas), 400)]]
    engine = make_engine(url)
    counts = {"sessions": 0, "messages": 0, "personas": len(personas), "surveys": 0}
    try:
        async with engine.begin() as conn:
            await _insert(conn, PersonaRow.__table__, personas)
            await _insert(conn, PersonaEvidenceRow.__table__, _evidence(scale, personas))
            studies: dict[str, list[dict[str, Any]]] = {}
            for i in range(0, scale.sessions, 500):
                sessions, messages = [], []
                for k in range(i, min(i + 500, scale.sessions)):
                    long = k < scale.long_sessions
                    interview = is_interview(k, scale)
                    people = rng.sample(snaps, 5 if long else 1 if interview else 4)
                    row = session_row(k, people, rng, 6 if long else 2, interview)
                    if interview:
                        studies.setdefault(study_id(k), []).append(row)
                    n = scale.long_messages if long else scale.messages_per_session
                    written = message_rows(row, n, rng)
                    row.update({f"{s}_count": c for s, c in sentiment_tally(written).items()})
                    sessions.append(row)
                    messages += written
                await _insert(conn, SessionRow.__table__, sessions)
                await _insert(conn, MessageRow.__table__, messages)
                counts["sessions"] += len(sessions)
                counts["messages"] += len(messages)
            for i in range(scale.surveys):
                survey, answers = survey_rows(
                    i, rng.sample(snaps, 25), scale.answers_per_survey, rng
                )
                await _insert(conn, SurveyRow.__table__, [survey])
                await _insert(conn, SurveyAnswerRow.__table__, answers)
                counts["surveys"] += 1
            counts["answers"] = scale.surveys * scale.answers_per_survey
            await _insert(conn, StudyRow.__table__, [study_row(k, v) for k, v in studies.items()])
            counts["studies"] = len(studies)
    finally:
        await engine.dispose()
    return counts


def _evidence(scale: Scale, personas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    text = "I buy what my friends recommend and check the price twice. " * 40
    return [
        {
            "id": f"e{i:06d}",
            "persona_id": p["id"],
            "filename": "interview.txt",
            "kind": "txt",
            "source": "upload",
            "text": text,
            "words": len(text.split()),
            "created_at": p["created_at"],
        }
        for i, p in enumerate(personas[: scale.personas_with_evidence])
    ]


if __name__ == "__main__":  # python -m bench.scale_fill URL FACTOR
    import sys

    print(asyncio.run(fill(sys.argv[1], Scale.of(int(sys.argv[2])))))
