"""Sessions stored by older versions (or by hand) still read through every endpoint that
shows a session: odd JSON values get the defaults of the single session mapper
(services/session_view.session_record), never a 500 from the typed response schemas.
Rows are written straight into the database (SQLite and PostgreSQL)."""

from datetime import UTC, datetime, timedelta

import pytest

from colloquy.store.tables import MessageRow, SessionRow

pytestmark = pytest.mark.timeout(60)

START = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")

FULL = {
    "id": "pa",
    "name": "Ana Lopez",
    "age": 25,
    "gender": "Female",
    "location": "Austin, TX",
    "income": "$30-60k",
    "traits": dict.fromkeys(TRAITS, 60),
    "interests": ["Cooking"],
    "generatedFrom": None,
    "tags": ["early"],
    "createdAt": "2024-04-01T09:00:00+00:00",
    "updatedAt": "2024-04-01T09:00:00+00:00",
    "enriched": {"values": {"security": 50}},
}
# No gender/income/tags/enriched, a trait missing and one not a number, extra keys.
SPARSE = {
    "id": "pb",
    "name": "Ben Okafor",
    "age": "55",
    "location": "Boston, MA",
    "traits": {"openness": 10, "conscientiousness": "high"},
    "interests": ["Golf", None],
    "role": "skeptic",
    "legacyScore": 3,
}
NAMELESS = {"id": "pc"}  # a bare reference from a very old version

# Natural mode's and private answers' settings as the API states them for a session without them.
NO_NATURAL_MODE_SETTINGS = {"privateAnswers": False, "modelBids": False, "seed": None}


def odd_row(session_id: str, **overrides) -> SessionRow:
    values = {
        "id": session_id,
        "name": "Old study",
        "description": "from an older version",
        "status": "complete",
        "created_at": START,
        "completed_at": START + timedelta(minutes=20),
        "updated_at": START,
        "participants": [FULL, SPARSE, NAMELESS, "not a participant"],
        "moderator_style": "friendly",
        "stimuli": [
            {"id": "st1", "type": "text", "title": "Pouch", "content": "A paper pouch"},
            {"type": "hologram", "content": "?"},
            {"id": "st3", "type": "video", "title": "Ad", "content": "x", "platform": "tiktok"},
        ],
        "questions": ["What do you think?", None, 42],
        "settings": {"responseLength": "long", "autoAdvance": "yes", "extra": 1},
        "tokens_used": 0,
        # Insights of an older shape: no generatedAt/model/breakdown, odd theme and priority.
        "insights": {
            "summary": "People liked the pouch.",
            "overallSentiment": "mixed",
            "keyThemes": [{"theme": "Paper"}, "loose text"],
            "recommendations": [{"priority": "urgent", "title": "Ship it"}],
            "notes": ["an extra key"],
        },
        "error": "Model unavailable",
        "running": False,
        "stop_requested": False,
        "request_count": 0,
        "iteration_count": 0,
    }
    values.update(overrides)
    return SessionRow(**values)


def odd_messages(session_id: str) -> list[MessageRow]:
    rows = [
        (None, "What do you think?", "question", None),
        (0, "I like it.", "response", "positive"),
        (1, "Too pricey.", "answer", "negative"),  # a kind no current version writes
        (None, "Let's move on.", "moderator_note", None),
    ]
    return [
        MessageRow(
            id=f"{session_id}-m{seq}",
            session_id=session_id,
            seq=seq,
            speaker="Moderator" if who is None else [FULL, SPARSE][who]["name"],
            content=content,
            timestamp=START + timedelta(seconds=10 * seq),
            sentiment=sentiment,
            persona_id=None if who is None else [FULL, SPARSE][who]["id"],
            question_index=0,
            round_index=0 if who is None or seq < 3 else 1,
            participant_index=who,
            kind=kind,
            tokens=3,
        )
        for seq, (who, content, kind, sentiment) in enumerate(rows)
    ]


def insert(client, *rows: SessionRow, messages: bool = True) -> None:
    async def write() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            db.add_all(rows)
            await db.flush()
            if messages:
                for row in rows:
                    db.add_all(odd_messages(row.id))
            await db.commit()

    client.portal.call(write)


def test_odd_session_reads_with_defaults(client):
    insert(client, odd_row("s-old"))
    res = client.get("/api/sessions/s-old")
    assert res.status_code == 200, res.text
    s = res.json()
    assert s["status"] == "completed"  # "complete"
    assert s["moderatorStyle"] == "formal"  # the default style
    assert s["settings"] == {
        "responseLength": "moderate",
        "discussionMode": "sequential",
        "autoAdvance": False,
        "moderator": "scripted",
        "participantProfiles": {},
        **NO_NATURAL_MODE_SETTINGS,
    }
    assert s["questions"] == ["What do you think?", "42"]
    assert [p["id"] for p in s["participants"]] == ["pa", "pb", "pc"]
    full, sparse, bare = s["participants"]
    assert full["tags"] == ["early"] and full["enriched"] == {"values": {"security": 50}}
    assert full["createdAt"] == "2024-04-01T09:00:00+00:00"
    assert sparse["age"] == 55 and sparse["gender"] == "" and sparse["tags"] == []
    assert sparse["traits"]["openness"] == 10 and sparse["traits"]["conscientiousness"] == 50
    assert sparse["interests"] == ["Golf"] and "role" not in sparse
    assert bare["name"] == "" and bare["traits"] == dict.fromkeys(TRAITS, 50)
    assert [st["type"] for st in s["stimuli"]] == ["text", "text", "video"]
    assert s["stimuli"][1]["id"] and s["stimuli"][1]["title"] == ""
    assert s["stimuli"][2]["platform"] is None
    insights = s["insights"]
    assert insights["summary"] == "People liked the pouch."
    assert insights["overallSentiment"] == "neutral"
    assert insights["sentimentBreakdown"] == {"positive": 0, "neutral": 0, "negative": 0}
    assert insights["keyThemes"] == [{"theme": "Paper", "description": "", "frequency": 0}]
    assert insights["recommendations"] == [
        {"priority": "medium", "title": "Ship it", "description": ""}
    ]
    assert insights["model"] == "" and insights["generatedAt"].startswith("2024-05-01T10:20")
    assert "notes" not in insights
    assert s["error"] == {"status": None, "message": "Model unavailable"}
    assert [m["kind"] for m in s["messages"]] == ["question", "response", "response", "question"]


@pytest.mark.parametrize(
    ("stored", "completed", "shown"),
    [
        ("in_progress", False, "in-progress"),
        ("In Progress", False, "in-progress"),
        ("draft", False, "draft"),
        ("archived", True, "completed"),
        ("", False, "in-progress"),
    ],
)
def test_status_spellings(client, stored, completed, shown):
    row = odd_row("s-st", status=stored, completed_at=START if completed else None)
    insert(client, row)
    assert client.get("/api/sessions/s-st").json()["status"] == shown
    (summary,) = client.get("/api/sessions").json()
    assert summary["status"] == shown


def test_odd_json_values_of_any_type(client):
    row = odd_row(
        "s-junk",
        participants={"not": "a list"},
        stimuli=None,
        questions="one question",
        settings=["not", "a", "dict"],
        insights=["not", "a", "dict"],
        error={"status": "five hundred"},
    )
    insert(client, row, messages=False)
    res = client.get("/api/sessions/s-junk")
    assert res.status_code == 200, res.text
    s = res.json()
    assert s["participants"] == [] and s["stimuli"] == [] and s["questions"] == []
    assert s["insights"] is None and s["error"] == {"status": None, "message": ""}
    assert s["settings"]["responseLength"] == "moderate"
    assert client.get("/api/sessions").status_code == 200


def test_list_and_results_of_odd_sessions(client):
    insert(client, odd_row("s-old"), odd_row("s-old2", status="completed", name="Other"))
    res = client.get("/api/sessions")
    assert res.status_code == 200, res.text
    by_id = {s["id"]: s for s in res.json()}
    assert by_id["s-old"]["status"] == "completed"
    assert by_id["s-old"]["participantCount"] == 3 and by_id["s-old"]["messageCount"] == 4
    for path in ("analytics", "export.csv", "export.json", "export.md"):
        res = client.get(f"/api/sessions/s-old/{path}")
        assert res.status_code == 200, (path, res.text)
    exported = client.get("/api/sessions/s-old/export.json").json()
    assert exported["insights"]["overallSentiment"] == "neutral"
    assert [p["id"] for p in exported["participants"]] == ["pa", "pb", "pc"]
    assert "Ship it" in client.get("/api/sessions/s-old/export.md").text
    res = client.get("/api/sessions/compare", params={"ids": "s-old2,s-old"})
    assert res.status_code == 200, res.text  # "complete" reads as completed
    assert [c["id"] for c in res.json()["sessions"]] == ["s-old2", "s-old"]


def test_odd_session_can_be_duplicated_and_edited(client):
    insert(client, odd_row("s-old", status="draft", completed_at=None))
    res = client.post("/api/sessions/s-old/duplicate")
    assert res.status_code == 201, res.text
    copy = res.json()
    assert copy["status"] == "draft" and copy["insights"] is None
    res = client.patch("/api/sessions/s-old", json={"name": "Renamed"})
    assert res.status_code == 200, res.text
    assert res.json()["name"] == "Renamed"


def test_migration_rewrites_old_status_spellings(blank_database_url):
    database_url = blank_database_url
    """0011_normalise: older status spellings in the table become the canonical ones."""
    import asyncio

    from sqlalchemy import column as sa_column
    from sqlalchemy import insert, select
    from sqlalchemy import table as sa_table
    from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

    from colloquy.store.migrate import upgrade

    stored = {
        "s1": ("in_progress", None),
        "s2": ("complete", START),
        "s3": ("archived", START),
        "s4": ("archived", None),
        "s5": ("draft", None),
        "s6": ("completed", START),
    }

    async def run(write: bool) -> dict[str, str]:
        engine = create_async_engine(database_url)
        try:
            async with async_sessionmaker(engine)() as db:
                if write:  # written with the columns of 0010 (later ones do not exist yet)
                    later = {"source"}
                    table = sa_table(
                        "sessions",
                        *[
                            sa_column(c.name, c.type)
                            for c in SessionRow.__table__.columns
                            if c.name not in later
                        ],
                    )
                    for sid, (status, done) in stored.items():
                        row = odd_row(sid, status=status, completed_at=done)
                        values = {
                            c.name: getattr(row, c.key)
                            for c in SessionRow.__table__.columns
                            if c.name not in later and getattr(row, c.key) is not None
                        }
                        await db.execute(insert(table).values(**values))
                    await db.commit()
                return dict((await db.execute(select(SessionRow.id, SessionRow.status))).all())
        finally:
            await engine.dispose()

    upgrade(database_url, "0010_leases")
    assert asyncio.run(run(True))["s1"] == "in_progress"
    upgrade(database_url)
    assert asyncio.run(run(False)) == {
        "s1": "in-progress",
        "s2": "completed",
        "s3": "completed",
        "s4": "in-progress",
        "s5": "draft",
        "s6": "completed",
    }
