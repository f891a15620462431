"""Pure rules of persona files (docs/reports.md): tags, persona file parsing and checks, exports,
comparison, report HTML and charts."""

import csv
import io

import pytest

from colloquy.domain.personas.file_export import personas_csv, template_csv
from colloquy.domain.personas.file_import import (
    ImportFileError,
    check_rows,
    formula_errors,
    parse_csv,
    parse_file,
    parse_json,
)
from colloquy.domain.personas.tags import has_tag, normalize_tags, split_tags, validate_tags
from colloquy.domain.results.compare import parse_compare_ids, sentiment_by_question
from colloquy.domain.results.html_report import report_html
from colloquy.domain.results.svg_charts import participation_svg, sentiment_rounds_svg
from colloquy.domain.results.synthetic_notice import synthetic_block, synthetic_notice


def test_tags_are_normalised_and_checked():
    assert normalize_tags([" Gen  Z", "gen z", "", None, "Chicago"]) == ["Gen Z", "Chicago"]
    assert normalize_tags("Gen Z") == []
    assert split_tags(" a ; ;b;") == ["a", "b"]
    assert validate_tags(None) == [] and validate_tags(["ok"]) == []
    assert validate_tags("x") == ["Tags must be a list of text labels"]
    assert validate_tags([f"t{i}" for i in range(11)]) == ["No more than 10 tags are allowed"]
    assert validate_tags(["x" * 41]) == ["Tags must be at most 40 characters"]
    assert has_tag(["Gen Z"], " gen   z") and not has_tag(None, "x")


def test_template_parses_to_one_valid_row():
    rows = parse_csv(template_csv())
    assert len(rows) == 1
    verdict = check_rows(rows, set())[0]
    assert verdict["ok"] and verdict["persona"]["interests"] == [
        "live music",
        "thrifting",
        "cycling",
    ]
    assert verdict["persona"]["traits"]["openness"] == 80.0
    assert verdict["persona"]["tags"] == ["Gen Z", "Chicago"]


def test_export_neutralises_and_reimports_with_the_notice_line():
    persona = {
        "id": "x1",
        "name": "=evil()",
        "age": 30,
        "gender": "Male",
        "location": "+city",
        "income": "$30-60k",
        "traits": dict.fromkeys(
            ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"),
            50.0,
        ),
        "interests": ["a", "b"],
        "tags": ["T"],
    }
    text = personas_csv([persona])
    assert text.startswith("# Fictional personas")
    lines = list(csv.reader(io.StringIO(text.split("\r\n", 1)[1])))
    row = dict(zip(lines[0], lines[1], strict=True))
    assert row["name"] == "'=evil()" and row["location"] == "'+city"
    assert row["openness"] == "50" and row["interests"] == "a; b" and row["tags"] == "T"
    assert len(parse_csv(text)) == 1  # the '#' line is skipped


def test_formula_cells_are_named():
    item = {"name": "@x", "traits": {"openness": "=1"}, "interests": ["-a"], "tags": ["+t"]}
    assert [e.split(" ")[0] for e in formula_errors(item)] == [
        "Name",
        "Openness",
        "Interest",
        "Tag",
    ]
    assert formula_errors({"name": "Ann", "age": -5.0}) == []


def test_duplicates_in_file_and_library():
    rows = parse_csv(template_csv() + template_csv().split("\r\n", 1)[1])
    verdicts = check_rows(rows, set())
    assert [v["ok"] for v in verdicts] == [True, False]
    assert verdicts[1]["errors"] == ["Duplicate name: 'Jordan Lee' is also in row 1"]
    again = check_rows(parse_csv(template_csv()), {"jordan lee"})
    assert again[0]["errors"] == ["A persona named 'Jordan Lee' is already in the library"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The file is empty"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"name\n", "Wrong header: missing column(s): age"),
        (b'{"a": 1}', "must hold a list of personas"),
        (b"[]", "header but no personas"),
    ],
)
def test_file_level_errors(data, message):
    with pytest.raises(ImportFileError, match=None) as err:
        parse_file(data, "x.json" if data.startswith((b"{", b"[")) else "x.csv", None)
    assert message in str(err.value)


def test_json_accepts_an_export_document_and_flat_traits():
    rows = parse_json('{"personas": [{"name": "A", "openness": 5, "interests": "x; y"}]}')
    item = rows[0][1]
    assert item["traits"]["openness"] == 5 and item["traits"]["neuroticism"] is None
    assert item["interests"] == ["x", "y"]


def test_compare_ids_and_sentiment_by_question():
    assert parse_compare_ids("a, b") == (["a", "b"], [])
    assert parse_compare_ids("a")[1] == ["Select 2 to 4 sessions to compare"]
    assert parse_compare_ids("a,a")[1] == [
        "Each session can be compared only once",
        "Select 2 to 4 sessions to compare",
    ]
    messages = [
        {"speaker": "Moderator", "questionIndex": 0},
        {"speaker": "A", "questionIndex": 0, "sentiment": "positive"},
        {"speaker": "B", "questionIndex": 0, "sentiment": "negative"},
        {"speaker": "A", "questionIndex": 0, "sentiment": "positive"},
    ]
    rows = sentiment_by_question(["Q1?", "Q2?"], messages)
    assert rows[0] == {
        "questionIndex": 0,
        "question": "Q1?",
        "count": 3,
        "average": 0.333,
        "positive": 67,
        "neutral": 0,
        "negative": 33,
    }
    assert rows[1]["count"] == 0 and rows[1]["positive"] == 0


def test_notice_and_report_keep_hostile_text_as_text():
    assert synthetic_notice("").endswith("No real people took part; this is not human research.")
    assert "(an unrecorded model)" in synthetic_notice(None)
    assert synthetic_block("m")["model"] == "m"
    svg = participation_svg([{"name": "<script>x</script>", "responses": 2}])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "No answers" in sentiment_rounds_svg([])
    html = report_html(
        {"name": "<b>Evil</b>", "participants": [{"name": "<img src=x>", "traits": {}}]},
        [{"speaker": "<i>A</i>", "content": "</p><script>alert(1)</script>", "questionIndex": 0}],
        None,
        {},
        notice="N",
        model_label="m",
        generated_at=None,
    )
    assert "<script>" not in html and "<img src=x>" not in html and "<b>Evil</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_model_label_uses_the_recorded_model():
    from colloquy.services.model_settings.provenance import model_label_for

    session = {"id": "s1", "model": {"provider": "openai", "name": "gpt-4o-mini"}}
    assert model_label_for(session) == "gpt-4o-mini via openai"
    assert model_label_for({"id": "s2", "model": None}) == ""
