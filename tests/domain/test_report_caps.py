"""The PDF report of a very long imported group: the transcript appendix stops at about
PDF_TRANSCRIPT_CHARS characters and the participants table at PDF_MAX_PARTICIPANTS rows,
each saying how many more the exports hold (a 5 MB transcript was 2,147 pages)."""

from colloquy.domain.results import html_transcript
from colloquy.domain.results.html_report import report_html


def test_the_transcript_and_participants_stop_with_a_count_of_the_rest():
    people = [{"id": f"p{i}", "name": f"Person {i}"} for i in range(250)]
    turn = "word " * 200  # 1,000 characters
    messages = [
        {
            "id": f"m{i}",
            "kind": "response",
            "questionIndex": 0,
            "participantIndex": i % 250,
            "speaker": f"Person {i % 250}",
            "content": f"T{i} {turn}",
            "sentiment": "neutral",
        }
        for i in range(1000)
    ]
    session = {"name": "Long", "questions": ["Q?"], "participants": people}
    analytics = {"participation": [{"personaId": p["id"], "responses": 4} for p in people]}
    html = report_html(
        session, messages, None, analytics, notice="N", model_label="m", generated_at=None
    )
    appendix = html.split("Appendix: transcript")[1]
    shown = html_transcript.PDF_TRANSCRIPT_CHARS // len(messages[0]["content"])  # whole turns
    assert f"T{shown - 1} " in appendix and f"T{shown} " not in appendix
    assert f"… and {1000 - shown:,} more messages" in appendix
    assert (
        "Person 199<" in html
        and "Person 200<" not in html.split("Appendix")[0].split("Sentiment by")[0]
    )
    assert "… and 50 more participants" in html
