"""Evidence on a persona (docs/evidence.md) through the in-process client: upload, list, preview,
remove; the limits and bad input store nothing; delete removes rows and files."""

from __future__ import annotations

import asyncio
import io

import docx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.domain.personas.evidence_budget import estimate_tokens

COFFEE = (
    "I drink two cups of coffee every morning before work. I grind the beans myself and "
    "I will pay more for a fair-trade roast from a small local roaster."
)
CAR = (
    "My car is a twelve-year-old hatchback. I would only switch to an electric car if "
    "charging at my apartment building were possible and the price came down."
)
PETS = (
    "We adopted a rescue dog last spring. Walking her twice a day changed my routine and "
    "I now spend a lot on grain-free dog food and vet visits."
)


def upload(client, persona_id: str, name: str, data: bytes, ctype: str = "text/plain"):
    return client.post(f"/api/personas/{persona_id}/evidence", files={"file": (name, data, ctype)})


def rows(settings, table: str, persona_id: str) -> int:
    async def count() -> int:
        engine = create_async_engine(settings.resolved_database_url)
        try:
            async with engine.connect() as conn:
                query = text(f"SELECT count(*) FROM {table} WHERE persona_id = :p")
                return (await conn.execute(query, {"p": persona_id})).scalar_one()
        finally:
            await engine.dispose()

    return asyncio.run(count())


def test_upload_list_preview_and_remove(client, settings):
    res = upload(client, "p1", "interview.md", f"# Interview\n\n{COFFEE}".encode())
    assert res.status_code == 201, res.text
    doc = res.json()
    assert doc["type"] == "md" and doc["source"] == "upload"
    assert doc["words"] == 2 + len(COFFEE.split()) and doc["passages"] == 1
    assert upload(client, "p1", "car.txt", CAR.encode()).status_code == 201
    assert upload(client, "p1", "pets.csv", PETS.encode(), "text/csv").status_code == 201
    d = docx.Document()
    d.add_paragraph("Notes from the CRM: prefers email over phone calls.")
    buf = io.BytesIO()
    d.save(buf)
    second = upload(client, "p1", "crm.docx", buf.getvalue(), "application/octet-stream")
    assert second.status_code == 201, second.text
    listed = client.get("/api/personas/p1/evidence").json()
    assert [e["filename"] for e in listed] == ["interview.md", "car.txt", "pets.csv", "crm.docx"]
    assert (settings.evidence_dir / "p1" / f"{doc['id']}.md").exists()

    # The passage that answers the question comes first.
    preview = client.post(
        "/api/personas/p1/evidence/preview",
        json={"question": "Would you buy an electric car? What about charging?"},
    ).json()
    assert preview["passages"][0]["text"].startswith("My car is a twelve-year-old")
    assert preview["tokens"] == estimate_tokens(preview["block"]) <= preview["budget"] == 600

    gone = client.delete(f"/api/personas/p1/evidence/{doc['id']}")
    assert gone.status_code == 204
    left = [e["filename"] for e in client.get("/api/personas/p1/evidence").json()]
    assert left == ["car.txt", "pets.csv", "crm.docx"]
    assert not (settings.evidence_dir / "p1" / f"{doc['id']}.md").exists()
    assert rows(settings, "evidence_passages", "p1") == 3


def test_bad_input_stores_nothing(client, settings):
    cases = [
        (("run.exe", b"MZ\x90\x00", "application/octet-stream"), 422, "Invalid file type: .exe"),
        (("page.pdf", b"<html><body>hi</body></html>", "application/pdf"), 422, "text/html"),
        (("big.txt", b"a " * (5 * 1024 * 1024 + 1), "text/plain"), 422, "File too large"),
        (("empty.txt", b"", "text/plain"), 422, "empty"),
    ]
    for file, status, message in cases:
        res = client.post("/api/personas/p2/evidence", files={"file": file})
        assert res.status_code == status, (file[0], res.text)
        assert message in res.json()["error"], res.json()
    missing = upload(client, "nobody", "a.txt", b"hello there")
    assert missing.status_code == 404 and missing.json()["error"] == "Persona not found"
    unknown = client.delete("/api/personas/p2/evidence/nope")
    assert unknown.status_code == 404 and unknown.json()["error"] == "Evidence not found"
    assert client.get("/api/personas/p2/evidence").json() == []
    assert rows(settings, "persona_evidence", "p2") == 0
    assert not (settings.evidence_dir / "p2").exists()


def test_twenty_documents_and_two_hundred_thousand_words(client, settings):
    for i in range(20):
        assert upload(client, "p3", f"note{i}.txt", f"note number {i}".encode()).status_code == 201
    res = upload(client, "p3", "one-more.txt", b"too many")
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "one-more.txt: a persona holds at most 20 evidence documents; remove one first"
    ]
    assert len(client.get("/api/personas/p3/evidence").json()) == 20
    assert len(list((settings.evidence_dir / "p3").iterdir())) == 20

    words = ("word " * 200_001).encode()  # 1.2 MB, under the 10 MB limit
    res = upload(client, "p4", "long.txt", words)
    assert res.status_code == 422
    assert "the limit is 200,000 words in all" in res.json()["error"]
    assert client.get("/api/personas/p4/evidence").json() == []
    assert rows(settings, "evidence_passages", "p4") == 0


def test_deleting_the_persona_deletes_its_evidence(client, settings):
    created = upload(client, "p5", "notes.txt", COFFEE.encode())
    assert created.status_code == 201
    assert rows(settings, "evidence_passages", "p5") > 0
    assert client.delete("/api/personas/p5").status_code == 204
    assert rows(settings, "persona_evidence", "p5") == 0
    assert rows(settings, "evidence_passages", "p5") == 0
    assert not (settings.evidence_dir / "p5").exists()
    assert client.get("/api/personas/p5/evidence").status_code == 404


def test_exports_leave_evidence_out_unless_asked(client):
    assert upload(client, "p6", "notes.txt", COFFEE.encode()).status_code == 201
    plain = client.get("/api/personas/export.json?ids=p6").json()["personas"][0]
    assert "evidenceDocuments" not in plain
    assert plain["evidence"] == {"tier": "grounded", "documents": 1, "words": len(COFFEE.split())}
    assert "fair-trade" not in client.get("/api/personas/export.csv?ids=p6").text
    asked = client.get("/api/personas/export.json?ids=p6&includeEvidence=true").json()
    (doc,) = asked["personas"][0]["evidenceDocuments"]
    assert doc["filename"] == "notes.txt" and doc["text"] == COFFEE
    assert doc["words"] == len(COFFEE.split())


def test_tiers_on_personas_participants_respondents_and_reports(client):
    assert upload(client, "p7", "notes.txt", COFFEE.encode()).status_code == 201
    personas = {p["id"]: p for p in client.get("/api/personas").json()}
    words = len(COFFEE.split())
    assert personas["p7"]["evidence"] == {"tier": "grounded", "documents": 1, "words": words}
    assert personas["p8"]["evidence"] == {"tier": "described", "documents": 0, "words": 0}
    made = dict(personas["p8"], name="Made Up", generatedFrom="A brief about a shopper")
    created = client.post("/api/personas", json=made).json()
    assert created["evidence"]["tier"] == "generated"

    session = client.post(
        "/api/sessions",
        json={
            "name": "Tiers",
            "participantIds": ["p7", "p8", created["id"]],
            "questions": ["What do you drink in the morning?", "Why?"],
        },
    ).json()
    tiers = [p["evidence"]["tier"] for p in session["participants"]]
    assert tiers == ["grounded", "described", "generated"]
    markdown = client.get(f"/api/sessions/{session['id']}/export.md").text
    assert f"evidence: grounded (1 document, {words} words)" in markdown
    survey = client.post(
        "/api/surveys",
        json={
            "name": "Coffee",
            "concepts": [{"type": "text", "title": "Cold brew", "content": "Ready to drink."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p7", "p8"],
        },
    ).json()
    assert [r["evidence"]["tier"] for r in survey["respondents"]] == ["grounded", "described"]
    assert survey["evidenceMix"] == "1 of 2 respondents is grounded in evidence"
    fidelity = client.get("/api/personas/audit").json()["byTier"]
    assert [t["tier"] for t in fidelity] == ["described", "generated", "grounded"]


def test_passages_of_another_embedder_are_embedded_again(client, settings):
    from colloquy.llm.embeddings import WordLlamaEmbedder

    assert upload(client, "p9", "notes.txt", COFFEE.encode()).status_code == 201

    async def run(sql: str) -> list:
        engine = create_async_engine(settings.resolved_database_url)
        try:
            async with engine.begin() as conn:
                result = await conn.execute(text(sql), {"p": "p9"})
                return list(result.all()) if result.returns_rows else []
        finally:
            await engine.dispose()

    names = "SELECT embedder, vector FROM evidence_passages WHERE persona_id = :p"
    ((name, _),) = asyncio.run(run(names))
    assert name == WordLlamaEmbedder.name  # the embedder's name is stored with the vectors
    asyncio.run(
        run(
            "UPDATE evidence_passages SET embedder = 'old model', vector = NULL WHERE persona_id = :p"
        )
    )
    preview = client.post("/api/personas/p9/evidence/preview", json={"question": "Coffee?"})
    assert preview.json()["passages"][0]["text"] == COFFEE
    ((name, vector),) = asyncio.run(run(names))
    assert name == WordLlamaEmbedder.name and vector is not None


INTERVIEW = """\
Interviewer: Welcome, and thanks for your time today. How do you get to work?
Respondent: I cycle nine kilometres along the canal, rain or shine, on an old steel bike.
Interviewer: Interesting. Would you ever buy an electric car?
Respondent: Not while I live in the city, charging on my street is impossible.
Interviewer: Thank you, that is all from me.
"""


def test_an_interview_is_the_persons_words_and_unrelated_passages_stay_out(client):
    res = upload(client, "p1", "interview.txt", INTERVIEW.encode())
    assert res.status_code == 201, res.text
    preview = client.post(
        "/api/personas/p1/evidence/preview", json={"question": "How do you commute to work?"}
    ).json()
    (passage,) = preview["passages"]
    assert passage["text"].startswith("[Asked: Welcome, and thanks for your time today.")
    assert "I cycle nine kilometres" in passage["text"]
    assert "that is all from me" not in preview["block"]  # the interviewer's remark
    assert passage["score"] >= 0.15  # above the similarity floor
    unrelated = client.post(
        "/api/personas/p1/evidence/preview",
        json={"question": "Which flavour of yoghurt do your children prefer?"},
    ).json()
    assert unrelated["passages"] == [] and unrelated["block"] == ""  # the budget stays unused
