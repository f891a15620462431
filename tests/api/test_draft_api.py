"""/api/draft: the one optional draft of the create form."""


def test_draft_roundtrip_and_clear(client):
    assert client.get("/api/draft").json() == {"draft": None}
    draft = {
        "name": "Half done",
        "participants": ["p1"],
        "questions": ["", "", ""],
        "responseLength": "moderate",
        "status": "draft",
    }
    res = client.put("/api/draft", json=draft)
    assert res.status_code == 200 and res.json() == {"draft": draft}
    assert client.get("/api/draft").json() == {"draft": draft}
    newer = {**draft, "name": "More done"}
    client.put("/api/draft", json=newer)
    assert client.get("/api/draft").json() == {"draft": newer}
    assert client.delete("/api/draft").status_code == 204
    assert client.get("/api/draft").json() == {"draft": None}
    assert client.delete("/api/draft").status_code == 204


def test_draft_must_be_a_bounded_object(client):
    res = client.put("/api/draft", json=["not", "an", "object"])
    assert res.status_code == 422 and res.json()["errors"] == ["Draft must be a JSON object"]
    res = client.put("/api/draft", content=b"{broken", headers={"content-type": "application/json"})
    assert res.status_code == 422
    res = client.put("/api/draft", json={"blob": "x" * (210 * 1024)})
    assert res.status_code == 413 and res.json()["code"] == "payload_too_large"
    assert client.get("/api/draft").json() == {"draft": None}
