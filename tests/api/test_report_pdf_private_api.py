"""The PDF report shows the private answers (docs/natural-mode.md) in their own section, read back
from the PDF with pdftotext; the transcript appendix never shows them."""

from datetime import timedelta

from api.test_report_pdf_api import _pdf_text, _poppler
from api.test_results_helpers import PARTICIPANTS, START, TRANSCRIPT, seed_session
from colloquy.store.tables import MessageRow

# (participant index, kind, content, stance) on question 1
PRIVATE = [
    (0, "private_before", "SECRET-A0 Not sure it survives shipping.", 2),
    (1, "private_before", "SECRET-B0 It looks sturdy to me.", 4),
    (0, "private_after", "SECRET-A1 The paper convinced me.", 5),
    (1, "private_after", "SECRET-B1 Still sturdy.", 4),
]


def _add_private(client, sid: str) -> None:
    async def insert() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            for i, (who, kind, content, stance) in enumerate(PRIVATE):
                seq = len(TRANSCRIPT) + i
                db.add(
                    MessageRow(
                        id=f"{sid}-p{i}",
                        session_id=sid,
                        seq=seq,
                        speaker=PARTICIPANTS[who]["name"],
                        content=content,
                        timestamp=START + timedelta(seconds=10 * seq),
                        persona_id=PARTICIPANTS[who]["id"],
                        question_index=0,
                        round_index=0,
                        participant_index=who,
                        kind=kind,
                        stance=stance,
                        tokens=0,
                    )
                )
            await db.commit()

    client.portal.call(insert)


def test_pdf_report_has_private_answers_section(client, tmp_path):
    _poppler()
    sid = seed_session(client)
    _add_private(client, sid)
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200
    text = _pdf_text(tmp_path, res.content)[0]
    body, appendix = text.split("Appendix: transcript")
    section = body.split("Private answers", 1)[1]
    flat = " ".join(section.split())
    assert "nobody else saw these answers" in flat
    assert "Question 1: What do you think of the packaging?" in flat
    # a table row per participant: participant, before, after, changed (cells may wrap)
    rows = [line.split() for line in section.splitlines() if "Lopez" in line or "Okafor" in line]
    assert rows[0][:3] == ["Ana", "Lopez", "SECRET-A0"] and "SECRET-A1" in rows[0]
    assert rows[0][-2:] == ["yes", "(+3)"]
    assert rows[1][:3] == ["Ben", "Okafor", "SECRET-B0"] and "SECRET-B1" in rows[1]
    assert rows[1][-1] == "no"
    for stance in ("2 (disagree)", "5 (strongly agree)", "4 (agree)"):
        assert stance in flat, stance
    assert "SECRET-" not in appendix
    assert "I love this packaging" in appendix


def test_pdf_report_without_private_answers_has_no_section(client, tmp_path):
    _poppler()
    sid = seed_session(client)
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    flat = " ".join(_pdf_text(tmp_path, res.content)[0].split())
    assert "Private answers" not in flat
