"""The paged lists (docs/performance.md#lists-that-page) on SQLite and PostgreSQL: every
page walked by its cursor gives each row once, in the sort's order; search, status and
date filters combine with AND; the totals and the summary cards count the whole library.
Expected rows are worked out here from the rows written, not by the code under test."""

from datetime import UTC, datetime, timedelta

import pytest

from colloquy.store.messages import sentiment_columns
from colloquy.store.tables import MessageRow, SessionRow, SurveyRow

pytestmark = pytest.mark.timeout(60)

NOW = datetime.now(UTC)
# (id, name, status, days ago)
SESSIONS = [
    ("a1", "Packaging test", "completed", 1),
    ("a2", "Brand perception", "in-progress", 10),
    ("a3", "Old draft", "draft", 60),
    ("a4", "PACKAGING again", "completed", 3),
    ("a5", "Price 100% sure_", "completed", 3),  # same time as a4: the id breaks the tie
    ("a6", "Snack packaging", "draft", 20),
    ("a7", "Ice cream", "completed", 400),
]


def session_row(sid: str, name: str, status: str, days: int) -> SessionRow:
    created = (NOW - timedelta(days=days)).replace(microsecond=0)
    return SessionRow(
        id=sid,
        name=name,
        description="",
        status=status,
        created_at=created,
        completed_at=created + timedelta(minutes=5) if status == "completed" else None,
        updated_at=created,
        participants=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Ben"}],
        moderator_style="casual",
        stimuli=[],
        questions=["What do you think?"],
        settings={},
    )


def message(sid: str, seq: int, speaker: str, content: str, sentiment: str | None, kind: str):
    who = None if speaker == "Moderator" else ["Ana", "Ben"].index(speaker)
    return MessageRow(
        id=f"{sid}-m{seq}",
        session_id=sid,
        seq=seq,
        speaker=speaker,
        content=content,
        sentiment=sentiment,
        question_index=0,
        round_index=seq,
        participant_index=who,
        kind=kind,
    )


# a1's transcript: the sentiment card counts 2 positive, 1 negative, 1 neutral; the private
# answer (kind private_before) is not counted.
A1_MESSAGES = [
    ("Moderator", "What do you think?", None, "question"),
    ("Ana", "I love the pouch", "positive", "response"),
    ("Ben", "Too pricey for me", "negative", "response"),
    ("Ana", "Still lovely", "positive", "response"),
    ("Ben", "It is fine", "neutral", "response"),
    ("Ben", "private stance", "positive", "private_before"),
]


def write(client, *rows) -> None:
    async def go() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            for row in rows:
                db.add(row)
                await db.flush()
            await db.commit()

    client.portal.call(go)


@pytest.fixture
def library(client):
    a1 = [message("a1", i, *m) for i, m in enumerate(A1_MESSAGES)]
    sessions = [session_row(*s) for s in SESSIONS]
    # a1's sentiment counts, stored with its row as the app's writers do (store/messages.py)
    for column, n in sentiment_columns(a1).items():
        setattr(sessions[0], column, n)
    write(client, *sessions)
    write(client, *a1)
    return client


def walk(client, path: str, **params) -> tuple[list[dict], list[int]]:
    """Every row of a list, page by page; and each page's total."""
    rows, totals, cursor = [], [], None
    for _ in range(50):
        res = client.get(path, params={**params, **({"cursor": cursor} if cursor else {})})
        assert res.status_code == 200, res.text
        body = res.json()
        rows += body["items"]
        totals.append(body["total"])
        cursor = body["nextCursor"]
        if cursor is None:
            return rows, totals
    raise AssertionError("the cursor never ran out")


def expected(keep, key, reverse):
    chosen = [s for s in SESSIONS if keep(s)]
    ordered = sorted(chosen, key=key, reverse=reverse)
    return [s[0] for s in ordered]


def newest(s):
    return (NOW - timedelta(days=s[3])).replace(microsecond=0), s[0]


def test_pages_walk_every_session_once_newest_first(library):
    rows, totals = walk(library, "/api/sessions/page", limit=3)
    assert [r["id"] for r in rows] == expected(lambda s: True, newest, True)
    assert set(totals) == {7}
    assert rows[0]["participantCount"] == 2 and rows[0]["messageCount"] == 5


def test_oldest_and_name_sorts(library):
    rows, _ = walk(library, "/api/sessions/page", limit=2, sort="oldest")
    assert [r["id"] for r in rows] == expected(lambda s: True, newest, False)
    rows, _ = walk(library, "/api/sessions/page", limit=4, sort="name")
    assert [r["name"] for r in rows] == sorted(s[1] for s in SESSIONS)  # byte order


def test_search_status_and_date_combine(library):
    rows, totals = walk(library, "/api/sessions/page", limit=1, q="packag")
    assert sorted(r["id"] for r in rows) == ["a1", "a4", "a6"]  # case-insensitive
    assert totals[0] == 3
    rows, _ = walk(library, "/api/sessions/page", q="packag", status="completed")
    assert sorted(r["id"] for r in rows) == ["a1", "a4"]
    after = (NOW - timedelta(days=7)).isoformat()
    rows, _ = walk(library, "/api/sessions/page", q="packag", createdAfter=after)
    assert sorted(r["id"] for r in rows) == ["a1", "a4"]
    rows, totals = walk(library, "/api/sessions/page", status="draft", createdAfter=after)
    assert rows == [] and totals == [0]


def test_search_text_is_literal(library):
    rows, _ = walk(library, "/api/sessions/page", q="100%")
    assert [r["id"] for r in rows] == ["a5"]
    rows, _ = walk(library, "/api/sessions/page", q="e_")
    assert [r["id"] for r in rows] == ["a5"]  # '_' is no wildcard ("Price 100% sure_")


def test_bad_queries_are_refused(library):
    res = library.get("/api/sessions/page", params={"cursor": "not-a-cursor"})
    assert res.status_code == 400 and "cursor" in res.json()["error"]
    first = library.get("/api/sessions/page", params={"limit": 1}).json()["nextCursor"]
    res = library.get("/api/sessions/page", params={"cursor": first, "sort": "name"})
    assert res.status_code == 400 and "newest" in res.json()["error"]
    for params in ({"limit": 0}, {"limit": 201}, {"status": "paused"}, {"sort": "size"}):
        assert library.get("/api/sessions/page", params=params).status_code == 422, params


def test_summary_cards_count_the_whole_library(library):
    personas = len(library.get("/api/personas").json())
    stats = library.get("/api/sessions/stats").json()
    assert stats == {
        "totalSessions": 7,
        "completedSessions": 4,
        "totalPersonas": personas,
        "thisWeek": 3,  # a1 (1 day), a4 and a5 (3 days)
        "sentimentCounts": {"positive": 2, "neutral": 1, "negative": 1},
    }


def seqs(rows):
    return [int(r["id"].split("-m")[1]) for r in rows]


def test_transcript_pages(library):
    rows, totals = walk(library, "/api/sessions/a1/messages", limit=2)
    assert seqs(rows) == list(range(5))  # not the private answer (seq 5)
    assert set(totals) == {5}
    rows, _ = walk(library, "/api/sessions/a1/messages", q="ANA")  # speaker or content
    assert seqs(rows) == [1, 3]
    rows, _ = walk(library, "/api/sessions/a1/messages", q="pric")
    assert seqs(rows) == [2]
    rows, _ = walk(library, "/api/sessions/a1/messages", speaker="Ben")
    assert seqs(rows) == [2, 4]
    rows, totals = walk(library, "/api/sessions/a1/messages", q="private stance")
    assert rows == [] and totals == [0]
    assert library.get("/api/sessions/nope/messages").status_code == 404
    assert library.get("/api/sessions/a1/messages", params={"cursor": "x"}).status_code == 400


def test_persona_pages_match_the_whole_library(client):
    for name, tags in (("Élodie Martin", ["Gen Z"]), ("Ana ELODIE", ["gen  z", "Paris"])):
        body = {
            "name": name,
            "age": 30,
            "gender": "Female",
            "location": "Lyon",
            "income": "$30-60k",
            "traits": dict.fromkeys(
                ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"),
                50,
            ),
            "interests": ["Cooking"],
            "tags": tags,
        }
        assert client.post("/api/personas", json=body).status_code == 201
    everyone = client.get("/api/personas").json()  # the whole library, creation order
    rows, totals = walk(client, "/api/personas/page", limit=2)
    assert [p["id"] for p in rows] == [p["id"] for p in everyone]
    assert set(totals) == {len(everyone)}
    rows, _ = walk(client, "/api/personas/page", q="elodie")
    assert [p["name"] for p in rows] == ["Ana ELODIE"]  # ASCII 'elodie' is not 'Élodie'
    rows, totals = walk(client, "/api/personas/page", tag="GEN Z")
    assert [p["name"] for p in rows] == ["Élodie Martin", "Ana ELODIE"]
    page = client.get("/api/personas/page", params={"tag": "gen z", "limit": 1}).json()
    assert page["total"] == 2 and page["libraryTotal"] == len(everyone)
    rows, _ = walk(client, "/api/personas/page", sort="name", limit=3)
    assert [p["name"] for p in rows] == sorted(p["name"] for p in everyone)
    tags = client.get("/api/personas/tags").json()
    assert "Gen Z" in tags and "Paris" in tags and "gen  z" not in tags


def test_unicode_search_on_sqlite(client, database_url):
    if not database_url.startswith("sqlite"):
        pytest.skip("PostgreSQL folds case by its database's locale (the tests' is C)")
    write(client, session_row("u1", "Étude ÉCOLE", "draft", 1))
    rows, _ = walk(client, "/api/sessions/page", q="école")
    assert [r["id"] for r in rows] == ["u1"]


def test_survey_pages(client):
    for i, name in enumerate(("Kettle survey", "Phone survey", "kettle again")):
        created = NOW - timedelta(days=i)
        write(
            client,
            SurveyRow(
                id=f"v{i}",
                name=name,
                status="completed" if i else "draft",
                concepts=[],
                questions=[],
                respondents=[],
                samples=1,
                created_at=created,
                updated_at=created,
            ),
        )
    rows, totals = walk(client, "/api/surveys/page", limit=1)
    assert [r["id"] for r in rows] == ["v0", "v1", "v2"] and set(totals) == {3}
    rows, _ = walk(client, "/api/surveys/page", q="KETTLE")
    assert [r["id"] for r in rows] == ["v0", "v2"]
    rows, _ = walk(client, "/api/surveys/page", q="kettle", status="completed")
    assert [r["id"] for r in rows] == ["v2"]
