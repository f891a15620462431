"""The PDF report's private-answers section (docs/natural-mode.md): its own tables, the shifts
hand-computed, the answers kept out of the transcript, hostile text printed as text."""

from colloquy.domain.results.html_report import report_html
from colloquy.domain.results.private_html import private_html

QUESTIONS = ["Would you buy it?", "Is the <b>price</b> fair?"]


def msg(i, kind, q, p, content, stance=None):
    return {
        "id": f"m{i}",
        "kind": kind,
        "questionIndex": q,
        "participantIndex": None if p is None else p,
        "speaker": "Moderator" if p is None else ["Ana", "<i>Bob</i>"][p],
        "content": content,
        "stance": stance,
        "sentiment": None if p is None else "neutral",
        "round": 0,
    }


MESSAGES = [
    msg(0, "question", 0, None, "Would you buy it?"),
    msg(1, "private_before", 0, 0, "SECRET-A0 not sure", 2),
    msg(2, "private_before", 0, 1, "SECRET-B0 yes", 4),
    msg(3, "response", 0, 0, "Public answer from Ana"),
    msg(4, "response", 0, 1, "Public answer from Bob"),
    msg(5, "private_after", 0, 0, "SECRET-A1 now yes", 4),
    msg(6, "private_after", 0, 1, "SECRET-B1 <script>x</script>", 4),
    msg(7, "question", 1, None, "Is the price fair?"),
    msg(8, "private_before", 1, 0, "SECRET-A2", None),
    msg(9, "private_after", 1, 0, "SECRET-A3", 3),
    msg(10, "private_before", 1, 1, "SECRET-B2 only before", 1),  # no after: no row
]


def test_section_has_one_table_per_question_with_stances_and_shift():
    html = private_html(QUESTIONS, MESSAGES)
    assert html.startswith("<section class='private' id='private-answers'><h2>Private answers")
    assert "<h3>Question 1: Would you buy it?</h3>" in html
    assert "<h3>Question 2: Is the &lt;b&gt;price&lt;/b&gt; fair?</h3>" in html
    assert html.count("<table class='grid'>") == 2
    assert (
        "<tr><td>Ana</td><td>SECRET-A0 not sure — 2 (disagree)</td>"
        "<td>SECRET-A1 now yes — 4 (agree)</td><td>yes (+2)</td></tr>"
    ) in html
    assert (
        "<tr><td>&lt;i&gt;Bob&lt;/i&gt;</td><td>SECRET-B0 yes — 4 (agree)</td>"
        "<td>SECRET-B1 &lt;script&gt;x&lt;/script&gt; — 4 (agree)</td><td>no</td></tr>"
    ) in html
    assert (
        "<tr><td>Ana</td><td>SECRET-A2 — not stated</td>"
        "<td>SECRET-A3 — 3 (neither)</td><td>unknown</td></tr>"
    ) in html
    assert "only before" not in html  # a pair without its after answer is left out
    assert "<script>" not in html


def test_no_private_answers_no_section():
    assert private_html(QUESTIONS, [m for m in MESSAGES if m["kind"] == "response"]) == ""


def test_report_puts_them_in_their_own_section_not_the_transcript():
    session = {"name": "Study", "questions": QUESTIONS, "participants": []}
    html = report_html(
        session,
        MESSAGES,
        None,
        {},
        notice="SYNTHETIC",
        model_label="m",
        generated_at=None,
    )
    private, appendix = html.split("Appendix: transcript")
    assert "Private answers" in private and "yes (+2)" in private
    assert "SECRET-" not in appendix
    assert "Public answer from Ana" in appendix and "Public answer from Bob" in appendix
    assert private.index("id='private-answers'") > private.index("Sentiment by question")
