import csv
import io
from datetime import UTC

import pytest

from colloquy.domain.results.csv_export import csv_filename, neutralize, session_csv

SESSION = {
    "name": 'Snack, "Crunch" test',
    "createdAt": "2024-05-01T10:00:00Z",
    "participants": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}],
}
MESSAGES = [
    {"speaker": "Moderator", "content": "What do you think?", "timestamp": "2024-05-01T10:00:01Z"},
    {
        "speaker": "Ana",
        "content": 'Great, really "great"\nsecond line, too',
        "sentiment": "positive",
        "timestamp": "2024-05-01T10:00:05Z",
    },
    {
        "speaker": "Ben",
        "content": '=HYPERLINK("http://evil")',
        "sentiment": "negative",
        "timestamp": "2024-05-01T10:00:09Z",
    },
]
INSIGHTS = {
    "summary": "Mostly positive, with price concerns.",
    "overallSentiment": "positive",
    "keyThemes": [{"theme": "Price", "description": "Too high, they said", "frequency": 3}],
    "recommendations": [
        {"priority": "high", "title": "Lower price", "description": "-10% launch offer"}
    ],
}


def rows(text):
    return list(csv.reader(io.StringIO(text, newline="")))


def test_round_trip_without_insights():
    text = session_csv(SESSION, MESSAGES, None)
    assert "\r\n" in text
    r = rows(text)
    assert r[:5] == [
        ["Session Name", 'Snack, "Crunch" test'],
        ["Date", "2024-05-01"],
        ["Participants", "3"],
        ["Total Responses", "2"],
        [],
    ]
    assert r[5:7] == [["Transcript"], ["Speaker", "Content", "Sentiment", "Timestamp"]]
    assert r[7] == ["Moderator", "What do you think?", "N/A", "2024-05-01T10:00:01Z"]
    assert r[8] == [
        "Ana",
        'Great, really "great"\nsecond line, too',
        "positive",
        "2024-05-01T10:00:05Z",
    ]
    assert r[9][1] == '\'=HYPERLINK("http://evil")'
    assert len(r) == 10


def test_insights_sections():
    r = rows(session_csv(SESSION, MESSAGES, INSIGHTS))
    assert r[5:9] == [
        ["Summary"],
        ["Mostly positive, with price concerns."],
        ["Overall Sentiment", "positive"],
        [],
    ]
    assert r[9:13] == [
        ["Key Themes"],
        ["Theme", "Description", "Frequency"],
        ["Price", "Too high, they said", "3"],
        [],
    ]
    assert r[13:17] == [
        ["Recommendations"],
        ["Priority", "Title", "Description"],
        ["high", "Lower price", "'-10% launch offer"],
        [],
    ]
    assert r[17] == ["Transcript"]


def test_empty_insights_sections_are_omitted():
    r = rows(session_csv(SESSION, [], {"summary": "", "keyThemes": [], "recommendations": []}))
    assert ["Key Themes"] not in r and ["Summary"] not in r
    assert r[-1] == ["Speaker", "Content", "Sentiment", "Timestamp"]


@pytest.mark.parametrize(
    "cell, out",
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("a=b", "a=b"),
        (-5, "-5"),
        (None, ""),
        (3.5, "3.5"),
    ],
)
def test_neutralize(cell, out):
    assert neutralize(cell) == out


@pytest.mark.parametrize(
    "name, filename",
    [
        ("Q3 Snack Study", "Q3 Snack Study_results.csv"),
        ('a/b\\c:d*e?f"g<h>i|j', "a_b_c_d_e_f_g_h_i_j_results.csv"),
        ("", "session_results.csv"),
        ("..", "session_results.csv"),
        (None, "session_results.csv"),
        ("line\nbreak", "line_break_results.csv"),
    ],
)
def test_csv_filename(name, filename):
    assert csv_filename(name) == filename


def test_date_and_timestamp_forms():
    from datetime import datetime

    moment = datetime(2024, 5, 1, 23, 30, tzinfo=UTC)
    session = {"name": "S", "createdAt": moment, "participants": []}
    messages = [{"speaker": "Ana", "content": "hi", "sentiment": None, "timestamp": moment}]
    r = rows(session_csv(session, messages, None))
    assert r[1] == ["Date", "2024-05-01"]
    assert r[-1] == ["Ana", "hi", "N/A", "2024-05-01T23:30:00+00:00"]
    epoch = rows(session_csv({"name": "S", "createdAt": 1714606200000}, [], None))
    assert epoch[1] == ["Date", "2024-05-01"]
    assert rows(session_csv({"name": "S", "createdAt": "someday"}, [], None))[1] == [
        "Date",
        "someday",
    ]


def test_one_writer_neutralises_lines_inside_cells_and_keeps_the_notice_one_line():
    from colloquy.domain.results.csv_export import write_csv

    text = write_csv([["a\n=1+1", "-2", 3, "ok\r\n@x"]], notice="model\n=cmd()")
    assert text == '# model =cmd()\r\n"a\n\'=1+1",\'-2,3,"ok\r\n\'@x"\r\n'
