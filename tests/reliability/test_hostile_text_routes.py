"""NUL, unpaired surrogates and control characters in any id in a path,
any `ids=` query and any write body answer a clean 4xx, never 500, on both databases."""

from __future__ import annotations

import json
import re

import pytest

# As they reach a path: percent-encoded NUL, a control character, a newline, and the
# UTF-8 bytes of a lone surrogate (not valid UTF-8).
PATH_VALUES = ["a%00b", "a%01b", "a%0Ab", "a%ED%A0%80b", "a%7Fb"]
TEXT_VALUES = ["a\x00b", "a\ud800b", "a\x01\x1bb", "\udfff"]
# Routes that start downloads or long work whatever the body holds.
SKIP_WRITES = re.compile(r"download|/shutdown|/import$")


def _routes(client):
    """(path, methods) of every API route, from the app's own OpenAPI document."""
    paths = client.app.openapi()["paths"]
    return [(p, {m.upper() for m in ops}) for p, ops in paths.items() if p.startswith("/api")]


def test_every_id_route_refuses_hostile_ids(client):
    checked = 0
    for path, methods in _routes(client):
        if "{" not in path:
            continue
        for method in sorted(methods - {"HEAD", "OPTIONS"}):
            for value in PATH_VALUES:
                url = re.sub(r"\{[^}]+\}", value, path)
                res = client.request(method, url, json={})
                assert 400 <= res.status_code < 500, (method, url, res.status_code, res.text)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("path", ["/api/sessions/compare", "/api/sessions/export.csv"])
def test_ids_queries_refuse_hostile_values(client, path):
    for value in PATH_VALUES:
        res = client.get(f"{path}?ids={value},b")
        assert res.status_code in (404, 422), (path, value, res.text)


def _hostile_body(text: str) -> bytes:
    fields = ["name", "model", "title", "text", "description", "label", "provider", "baseUrl"]
    body: dict[str, object] = dict.fromkeys(fields, text)
    body.update(
        questions=[{"text": text, "scale": text}],
        concepts=[{"title": text, "description": text}],
        respondentIds=[text],
        ids=[text],
        personaIds=[text],
    )
    return json.dumps(body).encode()  # ensure_ascii: "\ud800" goes out as its JSON escape


def test_every_write_endpoint_survives_hostile_text(client):
    checked = 0
    for path, methods in _routes(client):
        if "{" in path or SKIP_WRITES.search(path):
            continue
        for method in sorted(methods & {"POST", "PUT", "PATCH"}):
            for text in TEXT_VALUES:
                res = client.request(
                    method,
                    path,
                    content=_hostile_body(text),
                    headers={"content-type": "application/json"},
                )
                assert res.status_code < 500, (method, path, res.status_code, res.text)
                checked += 1
    assert checked > 10


def test_a_survey_body_is_cleaned_like_every_other_body(client):
    # The survey schemas extended a base that did not clean: NUL answered 500 on PostgreSQL.
    ids = [p["id"] for p in client.get("/api/personas").json()[:1]]
    body = json.dumps(
        {
            "name": "Ket\x00tles\ud800",
            "concepts": [{"type": "text", "title": "So\x00lar", "content": "A kettle.\x00"}],
            "questions": [{"text": "Buy\x00 it?", "scale": "purchase_intent"}],
            "respondentIds": ids,
            "samples": 1,
        }
    )
    res = client.post("/api/surveys", content=body, headers={"content-type": "application/json"})
    assert res.status_code == 201, res.text
    survey = client.get(f"/api/surveys/{res.json()['id']}").json()
    assert survey["name"] == "Kettles"
    assert survey["questions"][0]["text"] == "Buy it?"
    client.delete(f"/api/surveys/{res.json()['id']}")
