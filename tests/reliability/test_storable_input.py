"""Input that one database refuses is cleaned or refused with
a clear 422 on both (NUL, unpaired surrogates, NaN, deep nesting, field lengths), and a
name of only zero-width characters is empty. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import json

from colloquy.domain.text.text_safety import MSG_NOT_FINITE, MSG_TOO_DEEP

PERSONA = {
    "name": "Nora Quinn",
    "age": 41,
    "gender": "Female",
    "location": "Leeds, UK",
    "income": "$60k-$100k",
    "traits": {
        "openness": 60,
        "conscientiousness": 55,
        "extraversion": 50,
        "agreeableness": 70,
        "neuroticism": 35,
    },
    "interests": ["Cycling"],
}


def put_raw(client, path: str, text: str):
    return client.put(path, content=text.encode(), headers={"content-type": "application/json"})


def test_draft_with_unpaired_surrogate_is_stored_readable(client):
    res = put_raw(client, "/api/draft", '{"name": "caf\\ud800e", "k\\u0000": "a\\u0000b"}')
    assert res.status_code == 200
    got = client.get("/api/draft")
    assert got.status_code == 200
    assert got.json()["draft"] == {"name": "cafe", "k": "ab"}


def test_draft_nested_too_deep_is_refused_and_keeps_the_old_one(client):
    assert client.put("/api/draft", json={"name": "kept"}).status_code == 200
    deep = "[" * 5000 + "]" * 5000
    res = put_raw(client, "/api/draft", '{"a": ' + deep + "}")
    assert res.status_code == 422 and res.json()["errors"] == [MSG_TOO_DEEP]
    deeper = "[" * 200_000 + "]" * 200_000  # past json's own recursion limit
    res = put_raw(client, "/api/draft", '{"a": ' + deeper + "}")
    assert res.status_code in (413, 422)
    assert client.get("/api/draft").json()["draft"] == {"name": "kept"}


def test_draft_nan_and_infinity_are_refused(client):
    for bad in ('{"a": NaN}', '{"a": Infinity}', '{"a": [-Infinity]}'):
        res = put_raw(client, "/api/draft", bad)
        assert res.status_code == 422, bad
        assert res.json()["errors"] == [MSG_NOT_FINITE]
    assert client.get("/api/draft").status_code == 200


def test_nan_in_a_json_body_is_422_not_500(client):
    body = json.dumps({**PERSONA, "age": float("nan")})
    res = client.post("/api/personas", content=body, headers={"content-type": "application/json"})
    assert res.status_code == 422


def test_persona_field_limits_match_the_columns(client):
    cases = {
        "gender": ("x" * 41, "Gender must be at most 40 characters"),
        "income": ("x" * 41, "Income bracket must be at most 40 characters"),
        "location": ("x" * 201, "Location must be at most 200 characters"),
    }
    for field, (value, message) in cases.items():
        res = client.post("/api/personas", json={**PERSONA, field: value})
        assert res.status_code == 422, field
        assert message in res.json()["errors"]
    at_limit = {**PERSONA, "gender": "g" * 40, "income": "i" * 40, "location": "l" * 200}
    assert client.post("/api/personas", json=at_limit).status_code == 201


def test_nul_in_persona_and_session_text_is_removed(client):
    res = client.post(
        "/api/personas",
        json={**PERSONA, "name": "Nora\u0000 Quinn", "interests": ["Cy\u0000cling"]},
    )
    assert res.status_code == 201, res.text
    persona = client.get(f"/api/personas/{res.json()['id']}").json()
    assert persona["name"] == "Nora Quinn" and persona["interests"] == ["Cycling"]
    res = client.post(
        "/api/sessions",
        json={
            "name": "Pouch\u0000 test",
            "description": "a\u0000b",
            "participantIds": ["p1", "p2", "p3"],
            "questions": ["Why\u0000?", "How?"],
        },
    )
    assert res.status_code in (200, 201), res.text
    session = client.get(f"/api/sessions/{res.json()['id']}").json()
    assert session["name"] == "Pouch test" and session["description"] == "ab"
    assert session["questions"][0] == "Why?"


def test_session_name_longer_than_its_column_is_422(client):
    res = client.post("/api/sessions", json={"name": "n" * 201, "participantIds": []})
    assert res.status_code == 422
    assert any("200 characters" in e for e in res.json()["errors"])


def test_zero_width_name_is_empty(client):
    res = client.post("/api/personas", json={**PERSONA, "name": "\u200b\u200b\ufeff"})
    assert res.status_code == 422 and "Name is required" in res.json()["errors"]
    res = client.post(
        "/api/sessions",
        json={
            "name": "\u200b\u200d",
            "participantIds": ["p1", "p2", "p3"],
            "questions": ["One?", "Two?"],
        },
    )
    assert res.status_code == 422 and "Session name is required" in res.json()["errors"]
