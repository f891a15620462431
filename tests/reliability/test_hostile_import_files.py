"""Persona import files holding NUL or lone surrogates import
cleaned (never a 500, on SQLite and PostgreSQL), and files Python cannot parse are refused
with messages for a user, not Python's own."""

from __future__ import annotations

import json

from colloquy.domain.personas.file_import import REQUIRED_COLUMNS

HEADER = ",".join(REQUIRED_COLUMNS)
ROW = "Ana{x}Ruiz,34,Female,Aus{x}tin,$60-100k,70,60,50,65,40,hik{x}ing"
TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")


def _upload(client, data: bytes, name: str, ctype: str):
    files = {"file": (name, data, ctype)}
    return client.post("/api/personas/import?dryRun=false", files=files)


def _person(name: str) -> dict:
    return {
        "name": name,
        "age": 40,
        "gender": "Male",
        "location": "Den\x00ver",
        "income": "$60-100k",
        "traits": dict.fromkeys(TRAITS, 50),
        "interests": ["ski\ud800"],
    }


def _stored(client, name: str) -> dict:
    return next(p for p in client.get("/api/personas").json() if p["name"] == name)


def test_a_csv_with_nul_imports_cleaned(client):
    text = HEADER + "\n" + ROW.format(x="\x00") + "\n"
    res = _upload(client, text.encode(), "p.csv", "text/csv")
    assert res.status_code == 200, res.text
    assert res.json()["imported"] == 1
    stored = _stored(client, "AnaRuiz")
    assert stored["location"] == "Austin"
    assert stored["interests"] == ["hiking"]


def test_a_json_with_nul_and_lone_surrogates_imports_cleaned(client):
    # json.dumps writes "\u0000" and "\ud800" as escapes: the parsed strings hold them.
    people = [_person("Jo\ud800e Doe"), _person("Max\x00 Moe")]
    res = _upload(client, json.dumps(people).encode(), "p.json", "application/json")
    assert res.status_code == 200, res.text
    assert res.json()["imported"] == 2
    joe = _stored(client, "Joe Doe")
    assert joe["location"] == "Denver"
    assert joe["interests"] == ["ski"]
    assert _stored(client, "Max Moe")["location"] == "Denver"


def _refused(client, data: bytes) -> str:
    res = _upload(client, data, "p.json", "application/json")
    assert res.status_code == 422, res.text
    return res.json()["error"]


def test_unparseable_json_is_refused_in_words_for_a_user(client):
    huge_number = b'[{"name": "A", "age": ' + b"9" * 5000 + b"}]"
    said = _refused(client, huge_number)
    assert said == "The file is not valid JSON: a number in it is too long"
    deep = b"[" * 100_000 + b"]" * 100_000
    said = _refused(client, deep)
    assert said == "The file is not valid JSON: it is nested too deeply (max 32 levels)"
    # Nested past the cleaning's depth (but not Python's) is the same message.
    said = _refused(client, b"[" * 40 + b"]" * 40)
    assert said == "The file is not valid JSON: JSON is nested too deeply (max 32 levels)"
    said = _refused(client, b"[1, NaN]")
    assert "NaN" in said and "finite" in said
    said = _refused(client, b"{oops")
    assert said.startswith("The file is not valid JSON: Expecting property name")
    for text in (huge_number, deep):
        said = _refused(client, text)
        assert "sys." not in said and "recursion" not in said


def test_an_unreadable_csv_is_refused_in_words_for_a_user(client):
    # A cell past the csv module's field limit (131,072 characters): Python's own text was shown.
    text = HEADER + '\nAna,34,Female,"' + "x" * 140_000 + '",$60-100k,70,60,50,65,40,ski\n'
    res = _upload(client, text.encode(), "p.csv", "text/csv")
    assert res.status_code == 422, res.text
    assert res.json()["error"] == (
        "The CSV file cannot be read at line 2: a cell is too long or a quote is not closed."
    )
