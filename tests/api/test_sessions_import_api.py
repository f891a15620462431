"""POST /api/sessions/import (docs/measured-against-people.md): a real focus group as a completed
session with source "human"; its preview, every refusal, and the results features on it."""

from __future__ import annotations

import io
import json

import docx
import pytest
from fastapi.testclient import TestClient

from colloquy.domain.sessions.transcript_import import MSG_HUMAN_NO_COPY, MSG_HUMAN_NO_RUN

GROUP = """\
[T001] Moderator: Thanks for coming. What do you usually have for breakfast?
[T002] Maria: Um, toast (.) and coffee. Nothing fancy.
[T003] Ben: Yeah.
[T004] Ben: I skip it mostly [inaudible]
honestly I'm never hungry that early.
[T005] Chidi: Porridge, every day, with- with honey.
[T006] Moderator: And would you pay more for an organic cereal?
[T007] Maria: Maybe? If it tastes good.
[T008] Chidi: No. Too pricey for me, Maria.
[T009] Ben: I dunno, depends.
"""


def post(
    client: TestClient, content: bytes, filename: str = "group.txt", query: str = "", **fields: str
):
    files = {"file": (filename, content, "application/octet-stream")}
    return client.post(f"/api/sessions/import{query}", files=files, data=fields)


def test_dry_run_previews_and_saves_nothing(client: TestClient) -> None:
    before = client.get("/api/sessions").json()
    res = post(client, GROUP.encode(), query="?dryRun=true")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["turns"] == 9
    assert body["moderator"] == "Moderator"
    assert body["questions"] == [
        "Thanks for coming. What do you usually have for breakfast?",
        "And would you pay more for an organic cereal?",
    ]
    # Ben: "Yeah." 1 + "I skip it mostly [inaudible] honestly I'm never hungry that early." 11
    # + "I dunno, depends." 3
    assert {"name": "Ben", "turns": 3, "words": 15, "backchannels": 0} in body["speakers"]
    assert body["id"] is None
    assert client.get("/api/sessions").json() == before


def test_import_saves_a_completed_human_session(client: TestClient) -> None:
    res = post(client, GROUP.encode(), name="Breakfast group, Leeds")
    assert res.status_code == 201, res.text
    sid = res.json()["id"]
    session = client.get(f"/api/sessions/{sid}").json()
    assert session["status"] == "completed"
    assert session["source"] == "human"
    assert session["name"] == "Breakfast group, Leeds"
    assert [p["name"] for p in session["participants"]] == ["Maria", "Ben", "Chidi"]
    assert len(session["questions"]) == 2
    msgs = session["messages"]
    assert [m["kind"] for m in msgs].count("question") == 2
    ben = [m for m in msgs if m["speaker"] == "Ben"]
    assert [(m["participantIndex"], m["questionIndex"], m["round"]) for m in ben] == [
        (1, 0, 0),
        (1, 0, 1),
        (1, 1, 0),
    ]
    assert ben[1]["content"] == "I skip it mostly [inaudible] honestly I'm never hungry that early."
    listed = {s["id"]: s for s in client.get("/api/sessions").json()}
    assert listed[sid]["source"] == "human"
    assert listed[sid]["messageCount"] == 9


def test_results_features_work_on_a_human_session(client: TestClient) -> None:
    sid = post(client, GROUP.encode()).json()["id"]
    for path in ("health", "analytics", "export.csv", "export.json", "export.md"):
        res = client.get(f"/api/sessions/{sid}/{path}")
        assert res.status_code == 200, (path, res.text)
    assert "Chidi" in client.get(f"/api/sessions/{sid}/export.csv").text
    exported = json.loads(client.get(f"/api/sessions/{sid}/export.json").text)
    assert "Too pricey for me, Maria." in json.dumps(exported)
    assert client.get(f"/api/sessions/{sid}/health").json()["overall"] in ("good", "fair", "poor")
    other = post(client, GROUP.encode()).json()["id"]
    assert client.get(f"/api/sessions/compare?ids={sid},{other}").status_code == 200


def test_run_duplicate_and_rerun_are_refused(client: TestClient) -> None:
    sid = post(client, GROUP.encode()).json()["id"]
    for path, message in (
        ("run", MSG_HUMAN_NO_RUN),
        ("rerun", MSG_HUMAN_NO_RUN),
        ("duplicate", MSG_HUMAN_NO_COPY),
    ):
        res = client.post(f"/api/sessions/{sid}/{path}")
        assert res.status_code == 409, (path, res.text)
        assert message in res.text


def test_moderator_form_field_and_json_and_csv(client: TestClient) -> None:
    text = "Sam: What did you think?\nAna: Loved it.\nLeo: Meh.\n"
    body = post(client, text.encode(), query="?dryRun=true", moderator="Sam").json()
    assert body["moderator"] == "Sam" and body["questions"] == ["What did you think?"]
    data = [
        {"speaker": "Jo", "content": "Why?", "role": "moderator"},
        {"speaker": "P1", "content": "Because."},
        {"speaker": "P2", "content": "No idea"},
    ]
    body = post(client, json.dumps(data).encode(), "g.json", "?dryRun=true").json()
    assert body["moderator"] == "Jo" and body["turns"] == 3
    csv_text = 'speaker,content\nModerator,Thoughts?\nA,fine\nB,"ok, I guess"\n'
    body = post(client, csv_text.encode(), "g.csv", "?dryRun=true").json()
    assert [s["name"] for s in body["speakers"]] == ["Moderator", "A", "B"]


def _docx(lines: list[str]) -> bytes:
    document = docx.Document()
    for line in lines:
        document.add_paragraph(line)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def _pdf(lines: list[str]) -> bytes:
    parts = ["BT /F1 12 Tf 72 720 Td"] + [f"({line}) Tj 0 -20 Td" for line in lines] + ["ET"]
    stream = " ".join(parts).encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>"
        ),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


LINES = ["Interviewer: So, first impressions?", "Priya: Bit small, innit.", "Tom: Yeah. Small."]


@pytest.mark.parametrize(("filename", "maker"), [("g.docx", _docx), ("g.pdf", _pdf)])
def test_docx_and_pdf_transcripts(client: TestClient, filename: str, maker) -> None:
    res = post(client, maker(LINES), filename, "?dryRun=true")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["moderator"] == "Interviewer"
    assert body["questions"] == ["So, first impressions?"]
    assert [(s["name"], s["turns"]) for s in body["speakers"]] == [
        ("Interviewer", 1),
        ("Priya", 1),
        ("Tom", 1),
    ]


@pytest.mark.parametrize(
    ("content", "filename", "fields", "message"),
    [
        (b"", "g.txt", {}, "The transcript is empty"),
        (b"   \n  ", "g.txt", {}, "The transcript is empty"),
        (b"notes from the day\nno speakers here", "g.txt", {}, "No speaker lines found"),
        (b"Ana: hello?\nAna: anyone?", "g.txt", {}, "Only one speaker found"),
        (b"Ana: hi\nLeo: hey", "g.txt", {"moderator": "Zed"}, 'The moderator "Zed" does not'),
        (b"\x7fELF\x00\x01binary", "g.txt", {}, "is not a text transcript"),
        (b"%PDF-1.4 not really", "g.docx", {}, "is not a text transcript"),
        (b"Ana: hi\nLeo: hey", "g.xlsx", {}, "Invalid file type: xlsx"),
        (b"[1, 2]", "g.json", {}, "Invalid JSON transcript"),
        (("Ana: ok\nLeo: ok\n" * 2501).encode(), "g.txt", {}, "more than 5,000 turns"),
        (b"A: " + b"x" * (5 * 1024 * 1024), "g.txt", {}, "larger than 5 MB"),
    ],
)
def test_bad_input_is_refused_and_saves_nothing(
    client: TestClient, content: bytes, filename: str, fields: dict[str, str], message: str
) -> None:
    before = len(client.get("/api/sessions").json())
    res = post(client, content, filename, **fields)
    assert res.status_code == 422, res.text
    assert message in res.json()["error"]
    assert len(client.get("/api/sessions").json()) == before


def test_no_file_is_refused(client: TestClient) -> None:
    res = client.post("/api/sessions/import", data={"name": "x"}, files={"other": ("a", b"b")})
    assert res.status_code == 422 and "No file selected" in res.text
