"""A request that makes the server call out (list a provider's models) gets
the Origin rule of writes whatever its method, so a cross-site page cannot make the server
send requests; same-origin pages and clients that send no Origin (the CLI) still work."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from colloquy.api.request_policy import RequestPolicy
from colloquy.app import create_app
from support.fake_openai import run_fake_openai


@pytest.fixture
def local(settings):
    settings.public_hosts = []
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as c:
        yield c


@pytest.fixture
def fake():
    with run_fake_openai(model="listed-model") as server:
        yield server


def _list(client: TestClient, base_url: str, **headers: str):
    params = {"provider": "openai", "baseUrl": base_url}
    return client.get("/api/settings/models", params=params, headers=headers)


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"origin": "http://evil.example", "sec-fetch-site": "cross-site"},
    ],
)
def test_cross_site_model_list_is_refused_and_nothing_is_called(local, fake, headers):
    res = _list(local, fake.base_url, **headers)
    assert res.status_code == 403
    assert res.json()["error"] == "Cross-site request refused"
    assert fake.model_lists == 0


def test_same_origin_and_no_origin_model_lists_work(local, fake):
    same = _list(
        local, fake.base_url, origin="http://127.0.0.1:8000", **{"sec-fetch-site": "same-origin"}
    )
    assert same.status_code == 200
    assert [m["id"] for m in same.json()["models"]] == ["listed-model"]
    assert _list(local, fake.base_url).status_code == 200  # the CLI sends no Origin
    assert fake.model_lists == 2


def test_cross_site_embedding_options_are_refused(local):
    """The Embeddings card's choices make the server call the chat endpoint too."""
    res = local.get("/api/settings/embeddings/options", headers={"origin": "http://evil.example"})
    assert res.status_code == 403
    assert local.get("/api/settings/embeddings/options").status_code == 200


def test_other_reads_keep_no_origin_check(local):
    assert local.get("/api/personas", headers={"origin": "http://evil.example"}).status_code == 200
    policy = RequestPolicy()
    host = {"host": "127.0.0.1:8000", "origin": "http://evil.example"}
    assert policy.refusal("GET", "/api/settings/models", host) is not None
    assert policy.refusal("GET", "/api/settings/models/", host) is not None
    assert policy.refusal("GET", "/api/settings/model", host) is None
