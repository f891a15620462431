import math

import pytest

from colloquy.domain.validation import (
    document_type,
    join_messages,
    nonblank_questions,
    validate_ai_assist,
    validate_big_five,
    validate_document_file,
    validate_generation_document,
    validate_generation_input,
    validate_persona,
    validate_session_start,
)

TRAITS_OK = {
    "openness": 0,
    "conscientiousness": 100,
    "extraversion": 50.5,
    "agreeableness": 20,
    "neuroticism": 80,
}


def good_persona(**over):
    data = {
        "name": "Ana Lopez",
        "age": 34,
        "gender": "Female",
        "location": "Austin, TX",
        "income": "$30-60k",
        "traits": dict(TRAITS_OK),
        "interests": ["Cooking"],
    }
    data.update(over)
    return data


def test_valid_persona_has_no_errors():
    assert validate_persona(good_persona()) == []


def test_all_messages_in_product_rules_order():
    errors = validate_persona({})
    assert errors == [
        "Name is required",
        "Age is required",
        "Gender is required",
        "Location is required",
        "Income bracket is required",
        "Personality traits are required",
        "At least one interest is required",
    ]


@pytest.mark.parametrize("name, ok", [("x" * 100, True), ("x" * 101, False), ("  ", None)])
def test_name_length(name, ok):
    errors = validate_persona(good_persona(name=name))
    if ok is None:
        assert errors == ["Name is required"]
    else:
        assert (errors == []) is ok
        if not ok:
            assert errors == ["Name must be less than 100 characters"]


@pytest.mark.parametrize("age", [17, 101, -1, "30", True, math.nan, 17.9])
def test_bad_age(age):
    assert validate_persona(good_persona(age=age)) == ["Age must be between 18 and 100"]


@pytest.mark.parametrize("age", [18, 80, 100, 99.5])
def test_good_age(age):
    assert validate_persona(good_persona(age=age)) == []


@pytest.mark.parametrize("age", [None, ""])
def test_missing_age(age):
    assert validate_persona(good_persona(age=age)) == ["Age is required"]


@pytest.mark.parametrize("value", [-0.1, 100.01, "50", None, True, math.nan, math.inf])
def test_trait_messages_are_capitalised(value):
    traits = dict(TRAITS_OK, agreeableness=value)
    assert validate_persona(good_persona(traits=traits)) == [
        "Agreeableness must be between 0 and 100"
    ]
    assert validate_big_five(traits) == ["Invalid Big Five values - all must be 0-100"]


def test_empty_traits_required():
    assert validate_persona(good_persona(traits={})) == ["Personality traits are required"]
    assert validate_persona(good_persona(traits="high")) == ["Personality traits are required"]


def test_interests():
    assert validate_persona(good_persona(interests=[])) == ["At least one interest is required"]
    assert validate_persona(good_persona(interests=["a", " "])) == [
        "All interests must be non-empty"
    ]
    assert validate_persona(good_persona(interests=["a", 3])) == ["All interests must be non-empty"]
    assert validate_persona(good_persona(interests=list("abcde"))) == []
    assert validate_persona(good_persona(interests=list("abcdef"))) == [
        "No more than 5 interests are allowed"
    ]


def test_big_five():
    assert validate_big_five(TRAITS_OK) == []
    assert validate_big_five({"openness": 50}) == ["Invalid Big Five values - all must be 0-100"]
    assert validate_big_five(None) == ["Invalid Big Five values - all must be 0-100"]


def test_join_messages():
    assert join_messages(["Name is required", "Age is required"]) == (
        "Name is required. Age is required."
    )
    assert join_messages([]) == ""


MB = 1024 * 1024


def test_document_file_ok_and_missing():
    assert validate_document_file("brief.pdf", 1000, "application/pdf") == []
    assert validate_document_file("notes.TXT", 10, None) == []
    assert validate_document_file("", 10, "text/plain") == ["No file selected"]
    assert validate_document_file(None, 0, None) == ["No file selected"]


def test_document_file_too_large():
    assert validate_document_file("a.pdf", 10 * MB, "pdf") == []
    assert validate_document_file("a.pdf", 10 * MB + 1, "pdf") == [
        "File too large (10.00 MB). Maximum 10MB allowed."
    ]
    assert validate_document_file("a.pdf", int(12.346 * MB), ".pdf") == [
        "File too large (12.35 MB). Maximum 10MB allowed."
    ]


def test_document_file_type_and_name():
    assert validate_document_file("a.exe", 5, "application/x-msdownload") == [
        "Invalid file type: application/x-msdownload. Supported: PDF, DOCX, TXT, CSV, JPG, "
        + "PNG, WEBP, GIF"
    ]
    assert validate_document_file("archive.zip", 5, None) == [
        "Invalid file type: zip. Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF"
    ]
    long_name = "x" * 252 + ".pdf"
    assert validate_document_file(long_name, 5, None) == ["Filename too long (max 255 characters)"]
    errors = validate_document_file("y" * 300, 11 * MB, "zip")
    assert len(errors) == 3 and errors[0].startswith("File too large")


@pytest.mark.parametrize(
    "name, mime, kind",
    [
        ("a.docx", None, "docx"),
        ("a", "image/jpeg", "jpg"),
        ("a.JPEG", "", "jpeg"),
        ("a.csv", "text/csv; charset=utf-8", "csv"),
        ("a.webp", None, "webp"),
        ("a.doc", None, None),
        ("noext", None, None),
    ],
)
def test_document_type(name, mime, kind):
    assert document_type(name, mime) == kind


def test_generation_input():
    assert validate_generation_input("") == ["Please enter a description"]
    assert validate_generation_input("   ") == ["Please enter a description"]
    assert validate_generation_input(None) == ["Please enter a description"]
    assert validate_generation_input("123456789") == [
        "Input is too short. Please provide more details."
    ]
    assert validate_generation_input("1234567890") == []
    assert validate_generation_input("x" * 10_000) == []
    assert validate_generation_input("x" * 10_001) == [
        "Description must be at most 10,000 characters"
    ]
    assert validate_generation_document(None) == ["Please upload a document"]
    assert validate_generation_document("short") == [
        "Input is too short. Please provide more details."
    ]
    assert validate_generation_document("long enough text") == []


def test_ai_assist():
    msg = ["Please provide at least 50 characters of text to analyze"]
    assert validate_ai_assist("x" * 49) == msg
    assert validate_ai_assist(None) == msg
    assert validate_ai_assist("x" * 50) == []


def test_session_start():
    qs = ["Q1", "Q2"]
    assert validate_session_start("Study", 3, qs) == []
    assert validate_session_start("Study", 8, qs) == []
    for n in (0, 2, 9):
        assert validate_session_start("Study", n, qs) == ["Please select 3-8 personas"]
    assert validate_session_start(" ", 5, qs) == ["Session name is required"]
    assert validate_session_start("S", 5, ["Q1", " ", ""]) == ["Please add at least 2 questions"]
    assert validate_session_start("S", 5, [f"Q{i}" for i in range(11)]) == [
        "No more than 10 questions are allowed"
    ]
    assert validate_session_start("", 1, []) == [
        "Session name is required",
        "Please select 3-8 personas",
        "Please add at least 2 questions",
    ]


def test_nonblank_questions():
    assert nonblank_questions([" a ", "", "  ", None, "b"]) == ["a", "b"]
