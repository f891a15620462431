"""A global request body limit (1 MB JSON and other bodies, 12 MB multipart) answered with
413 in the error shape, whether the client declares the length or streams it chunked."""

import io

import pytest

from colloquy.api.security import MAX_JSON_BYTES, MAX_MULTIPART_BYTES

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64


def assert_413(res) -> None:
    assert res.status_code == 413
    body = res.json()
    assert body["code"] == "payload_too_large" and body["errors"] == [body["error"]]
    assert "too large" in body["error"]


@pytest.mark.parametrize(
    "path",
    ["/api/personas", "/api/sessions", "/api/draft", "/api/personas/generate", "/api/auth/sign-in"],
)
def test_json_over_1mb_is_413(client, path):
    body = b'{"name": "' + b"a" * MAX_JSON_BYTES + b'"}'
    method = "PUT" if path == "/api/draft" else "POST"
    assert_413(
        client.request(method, path, content=body, headers={"content-type": "application/json"})
    )


def test_chunked_body_over_the_limit_is_413_and_under_it_works(client):
    def chunks(total: int):
        yield b'{"name": "'
        for _ in range(total // 65536):
            yield b"a" * 65536
        yield b'"}'

    res = client.post(
        "/api/personas",
        content=chunks(MAX_JSON_BYTES + 65536),
        headers={"content-type": "application/json"},
    )
    assert_413(res)
    small = client.post(
        "/api/personas",
        content=iter([b'{"name": ', b'"Chunky"}']),
        headers={"content-type": "application/json"},
    )
    assert small.status_code == 422  # parsed: the product's validation speaks, not the limit
    assert "Location is required" in small.json()["errors"]


def test_multipart_over_12mb_is_413_and_10mb_files_still_reach_the_route(client):
    huge = PNG + b"\x00" * MAX_MULTIPART_BYTES
    assert_413(client.post("/api/uploads", files={"file": ("a.png", io.BytesIO(huge))}))
    just_over_10 = PNG + b"\x00" * (10 * 1024 * 1024)
    res = client.post("/api/uploads", files={"file": ("a.png", io.BytesIO(just_over_10))})
    assert res.status_code == 422  # the product's own message, from the route
    assert res.json()["errors"] == ["a.png: File size must be less than 10MB"]


def test_bad_content_length_is_refused(client):
    res = client.post(
        "/api/personas",
        content=b"{}",
        headers={"content-type": "application/json", "content-length": "-1"},
    )
    assert res.status_code in (400, 413)
