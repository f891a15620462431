"""Markdown report: structure, and hostile user or model text rendered as plain text."""

import re

import pytest

from colloquy.domain.results.markdown_export import markdown_report, md_block, md_text

markdown_it = pytest.importorskip("markdown_it")

HOSTILE = (
    "# Heading? <script>alert(1)</script> | pipe `code` **bold** _em_ "
    "[link](javascript:alert(1)) <img src=x onerror=alert(1)> &amp; ~~gone~~ \\"
)
SESSION = {
    "name": HOSTILE,
    "description": "- not a list\n\n1. not ordered either",
    "status": "completed",
    "createdAt": "2024-05-01T10:00:00Z",
    "moderatorStyle": "casual",
    "participants": [
        {
            "id": "p1",
            "name": "Ann | <b>Bold</b>",
            "age": 30,
            "gender": "Female",
            "location": "Austin, TX",
            "income": "$30-60k",
            "interests": ["# tag"],
        }
    ],
    "questions": ["What about `this` | that?", "2. Second"],
}
MESSAGES = [
    {
        "speaker": "Moderator",
        "content": "What about `this` | that?",
        "questionIndex": 0,
        "round": 0,
        "timestamp": "2024-05-01T10:00:00Z",
    },
    {
        "speaker": "Ann | <b>Bold</b>",
        "content": HOSTILE + "\n\n## injected\n- item",
        "sentiment": "negative",
        "questionIndex": 0,
        "round": 0,
        "personaId": "p1",
        "timestamp": "2024-05-01T10:00:05Z",
    },
    {
        "speaker": "Moderator",
        "content": "[Round 2] Please respond to what others have shared.",
        "questionIndex": 0,
        "round": 1,
    },
    {
        "speaker": "Ann | <b>Bold</b>",
        "content": "> quoted? 1. no",
        "sentiment": "neutral",
        "questionIndex": 0,
        "round": 1,
        "personaId": "p1",
    },
]
INSIGHTS = {
    "summary": "First paragraph <script>x</script>.\n\n# Second paragraph",
    "overallSentiment": "neutral",
    "sentimentBreakdown": {"positive": 0, "neutral": 50, "negative": 50},
    "keyThemes": [{"theme": "A | B", "description": "pipes | everywhere", "frequency": 2}],
    "recommendations": [{"priority": "high", "title": "`rm -rf`", "description": "x|y|z"}],
}
ANALYTICS = {
    "durationMinutes": 3,
    "participation": [{"personaId": "p1", "responses": 2}],
    "diversity": {"overallScore": 0, "label": "Low"},
    "averageSentiment": -0.5,
    "wordCloud": [{"text": "pipe"}],
    "quotes": [{"speaker": "Ann | <b>Bold</b>", "content": HOSTILE, "sentiment": "negative"}],
}


def render(md: str) -> str:
    return markdown_it.MarkdownIt("commonmark").enable("table").enable("strikethrough").render(md)


@pytest.fixture(scope="module")
def html():
    return render(markdown_report(SESSION, MESSAGES, INSIGHTS, ANALYTICS))


def test_no_markup_from_untrusted_text(html):
    for tag in (
        "<script",
        "<img",
        "<b>",
        "<a ",
        "<code",
        "<em",
        "<del",
        "<s>",
        "<blockquote>\n<p>quoted",
    ):
        assert tag not in html, tag
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "**bold**" in html and "`code`" in html and "~~gone~~" in html
    assert "[link](javascript:alert(1))" in html


def test_only_our_headings(html):
    assert len(re.findall(r"<h1>", html)) == 1
    assert "<h2>injected" not in html and "<h1>Second paragraph" not in html
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert headings == [
        "Session details",
        "Participants",
        "Questions",
        "Executive summary",
        "Key themes",
        "Recommendations",
        "Analytics",
        "Highlighted quotes",
        "Transcript",
    ]
    assert "<h3>Question 1: What about `this` | that?</h3>" in html
    assert "<h4>Round 1 (Initial Responses)</h4>" in html
    assert "<h4>Round 2 (Multi-turn Dialog)</h4>" in html


def test_tables_keep_their_columns(html):
    for table in re.findall(r"<table>.*?</table>", html, re.DOTALL):
        rows = re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL)
        columns = len(re.findall(r"<t[hd]", rows[0]))
        assert all(len(re.findall(r"<t[hd]", row)) == columns for row in rows)
    assert "<td>A | B</td>" in html and "<td>pipes | everywhere</td>" in html
    assert "<td>x|y|z</td>" in html


def test_lists_only_where_the_report_puts_them(html):
    assert "<p>- not a list</p>" in html and "<p>1. not ordered either</p>" in html
    assert "2. Second" in html  # a question that looks like a list item stays text
    assert html.count("<ol>") == 1  # the questions


def test_report_sections_without_insights():
    md = markdown_report({"name": "Plain", "participants": []}, [], None, {})
    assert md.startswith("# Plain\n")
    assert "_AI insights have not been generated yet._" in md
    assert "_No messages._" in md


def test_md_text_and_block():
    assert md_text("a\nb   c") == "a b c"
    assert md_text("R&D &amp;") == "R&D &amp;amp;"
    assert md_text("- x", line_start=True) == "\\- x"
    assert md_text("- x") == "- x"
    assert md_text("12. x", line_start=True) == "12\\. x"
    assert md_text(None) == ""
    assert md_block("one\ntwo\n\n\n# three") == "one two\n\n\\# three"


def test_ai_moderator_probes_and_summaries_are_the_moderators():
    messages = [
        {
            "speaker": "Moderator",
            "content": "Q?",
            "kind": "question",
            "questionIndex": 0,
            "round": 0,
        },
        {
            "speaker": "Moderator",
            "content": "Ann, why?",
            "kind": "probe",
            "questionIndex": 0,
            "round": 1,
            "timestamp": "2024-05-01T10:00:00Z",
        },
        {
            "speaker": "Moderator",
            "content": "All agreed. Ann less so.",
            "kind": "summary",
            "questionIndex": 0,
            "round": 2,
        },
    ]
    md = markdown_report(
        {"name": "AI", "participants": [], "questions": ["Q?"]}, messages, None, {}
    )
    assert "- **Moderator** (follow-up, 10:00:00): Ann, why?" in md
    assert "- **Moderator** (summary): All agreed. Ann less so." in md
