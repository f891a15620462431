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


def test_the_parts_hold_what_the_whole_report_holds():
    """A report drawn in parts (domain/results/report_parts.py): the transcript's paragraphs,
    in order, across parts of about PDF_PART_CHARS characters, and the cap's note in the
    last; the part before the transcript as in the whole report; no page numbers in the
    parts (laid over them afterwards), a footer "Page n of m" on each numbering page."""
    import re

    from colloquy.domain.results.report_parts import page_numbers_html, report_parts

    turn = "word " * 200
    messages = [
        {
            "id": f"m{i}",
            "kind": "response",
            "questionIndex": i // 300,
            "participantIndex": 0,
            "speaker": "Ana",
            "content": f"T{i} {turn}",
            "sentiment": "neutral",
        }
        for i in range(1000)
    ]
    session = {"name": "Long", "questions": ["Q1?", "Q2?", "Q3?", "Q4?"], "participants": []}
    analytics = {"participation": []}
    args = (session, messages, None, analytics)
    kw = {"notice": "N", "model_label": "m", "generated_at": None}
    whole = report_html(*args, **kw)
    parts = report_parts(*args, **kw)
    # Turns of 1,003-1,005 characters: 10 x 1,003 + 90 x 1,004 + 298 x 1,005 fill the
    # 400,000 of the cap, so 398 are shown. Each is about 1,044 characters of markup (41 of
    # tags, the text less its last space), so a part takes 39 of them to pass 40,000 (the
    # first also the heading of question 1): 401 lines (398 turns, 2 headings, the note) in
    # 40 + 9 x 39 + 10 = 11 parts after the front.
    assert len(parts) == 1 + 11
    body = lambda html: html.split("<body>", 1)[1].rsplit("</body>", 1)[0]
    front, *transcript = [body(p) for p in parts]
    assert body(whole).startswith(front)
    paragraphs = re.findall(r"<(?:h2|h3|p)[^>]*>.*?</(?:h2|h3|p)>", body(whole)[len(front) :])
    assert re.findall(r"<(?:h2|h3|p)[^>]*>.*?</(?:h2|h3|p)>", "".join(transcript)) == paragraphs
    assert "… and 602 more messages" in transcript[-1]  # 1,000 - 398
    assert all("counter(pages)" not in p for p in parts)
    assert "counter(page)" in page_numbers_html(3)
