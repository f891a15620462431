"""Personas API through the in-process client, on SQLite and PostgreSQL."""

from colloquy.domain.personas.enrichment import enrich

VALID = {
    "name": "Test Person",
    "age": 41,
    "gender": "Female",
    "location": "Seattle, WA",
    "income": "$100k+",
    "traits": {
        "openness": 80,
        "conscientiousness": 75,
        "extraversion": 40,
        "agreeableness": 65,
        "neuroticism": 72,
    },
    "interests": ["hiking", "coffee"],
}


def test_seed_personas_installed_when_empty(client):
    personas = client.get("/api/personas").json()
    ids = [p["id"] for p in personas]
    assert ids == [f"p{i}" for i in range(1, 11)]
    ages = [p["age"] for p in personas]
    assert min(ages) == 22 and max(ages) == 58
    assert len({p["gender"] for p in personas}) >= 3
    for p in personas:
        assert p["enriched"] == enrich(p)


def test_create_returns_enriched_and_persists(client):
    res = client.post("/api/personas", json=VALID)
    assert res.status_code == 201
    body = res.json()
    assert body["name"] == "Test Person"
    assert body["enriched"]["motivationStyle"]["regulatoryFocus"] == "prevention"
    assert body["enriched"]["decisionStyle"]["type"] == "maximizer"
    assert body["enriched"]["shopping"]["willingnessToPay"] == 25 * 1.3 * (1 - 72 / 200)
    again = client.get(f"/api/personas/{body['id']}").json()
    assert again == body
    assert len(client.get("/api/personas").json()) == 11


def test_invalid_persona_reports_all_product_messages(client):
    bad = {
        "name": "",
        "age": 10,
        "gender": "",
        "location": " ",
        "income": "",
        "traits": {
            "openness": 120,
            "conscientiousness": 50,
            "extraversion": 50,
            "agreeableness": 50,
            "neuroticism": -1,
        },
        "interests": [],
    }
    res = client.post("/api/personas", json=bad)
    assert res.status_code == 422
    errors = res.json()["errors"]
    for msg in [
        "Name is required",
        "Age must be between 18 and 100",
        "Gender is required",
        "Location is required",
        "Income bracket is required",
        "At least one interest is required",
    ]:
        assert msg in errors
    assert any(e.startswith("Openness") and e.endswith("must be between 0 and 100") for e in errors)
    assert any(e.startswith("Neuroticism") for e in errors)
    assert res.json()["error"] == ". ".join(errors)
    assert len(client.get("/api/personas").json()) == 10  # nothing stored


def test_name_too_long_and_blank_interest(client):
    res = client.post("/api/personas", json={**VALID, "name": "x" * 101, "interests": ["a", " "]})
    errors = res.json()["errors"]
    assert "Name must be less than 100 characters" in errors
    assert "All interests must be non-empty" in errors


def test_update_and_delete(client):
    created = client.post("/api/personas", json=VALID).json()
    res = client.put(f"/api/personas/{created['id']}", json={**VALID, "name": "Renamed"})
    assert res.status_code == 200 and res.json()["name"] == "Renamed"
    assert res.json()["createdAt"] == created["createdAt"]
    bad = client.put(f"/api/personas/{created['id']}", json={**VALID, "age": 200})
    assert bad.status_code == 422
    assert client.get(f"/api/personas/{created['id']}").json()["age"] == 41  # unchanged
    assert client.delete(f"/api/personas/{created['id']}").status_code == 204
    missing = client.get(f"/api/personas/{created['id']}")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": "Persona not found",
        "errors": ["Persona not found"],
        "code": "not_found",
    }


def test_templates_are_the_product_presets(client):
    templates = {t["id"]: t for t in client.get("/api/persona-templates").json()}
    assert set(templates) == {"pain-sufferer", "glp1-user", "low-income-shopper"}
    pain = templates["pain-sufferer"]
    assert pain["name"] == "Pain Sufferer"
    assert (pain["data"]["age"], pain["data"]["gender"], pain["data"]["income"]) == (
        52,
        "Female",
        "$60-100k",
    )
    assert "Phoenix" in pain["data"]["location"]
    assert templates["glp1-user"]["data"]["age"] == 38
    assert templates["low-income-shopper"]["data"]["income"] == "$30-60k"
    assert all(len(t["data"]["interests"]) == 5 for t in templates.values())


def test_malformed_body_uses_error_shape(client):
    res = client.post(
        "/api/personas", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert res.status_code == 422
    body = res.json()
    assert set(body) == {"error", "errors", "code"} and body["errors"]


def test_unknown_api_path_is_json_404(client):
    res = client.get("/api/nope")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
