"""The multipart reader behind /api/documents/extract keeps the file in memory and stops
reading just past the 10MB limit instead of taking the whole body."""

from __future__ import annotations

import asyncio

from starlette.requests import Request

from colloquy.services.multipart_upload import read_file_field

BOUNDARY = b"XyZ"
CHUNK = 64 * 1024


def body(filename: str, payload: bytes) -> bytes:
    return (
        b'--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n'
        b'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="%s"\r\n'
        b"Content-Type: text/plain\r\n\r\n%s\r\n--XyZ--\r\n" % (filename.encode(), payload)
    )


def request_for(raw: bytes, sent: list[int], length: bool = True) -> Request:
    chunks = [raw[i : i + CHUNK] for i in range(0, len(raw), CHUNK)]

    async def receive():
        sent.append(1)
        data = chunks[len(sent) - 1]
        return {"type": "http.request", "body": data, "more_body": len(sent) < len(chunks)}

    headers = [(b"content-type", b"multipart/form-data; boundary=" + BOUNDARY)]
    if length:
        headers.append((b"content-length", str(len(raw)).encode()))
    return Request({"type": "http", "method": "POST", "headers": headers}, receive)


def test_small_file_is_read_whole():
    sent: list[int] = []
    got = asyncio.run(read_file_field(request_for(body("a.txt", b"hello"), sent), "file", 100))
    assert (got.filename, got.content_type, bytes(got.data)) == ("a.txt", "text/plain", b"hello")
    assert got.size == 5 and got.complete


def test_reading_stops_past_the_limit_and_the_size_is_estimated():
    limit = 10 * 1024 * 1024
    raw = body("big.txt", b"a" * (30 * 1024 * 1024))
    sent: list[int] = []
    got = asyncio.run(read_file_field(request_for(raw, sent), "file", limit))
    assert not got.complete and len(got.data) == limit + 1
    assert got.size == 30 * 1024 * 1024
    assert len(sent) * CHUNK < limit + 2 * CHUNK  # about a third of the body was read

    sent.clear()  # without a Content-Length the size is what was seen
    got = asyncio.run(read_file_field(request_for(raw, sent, length=False), "file", limit))
    assert limit < got.size < limit + 2 * CHUNK


def test_windows_paths_and_utf8_names():
    sent: list[int] = []
    raw = body("C:\\Users\\me\\r\u00e9sum\u00e9.txt", b"x")  # browsers send UTF-8
    got = asyncio.run(read_file_field(request_for(raw, sent), "file", 100))
    assert got.filename == "r\u00e9sum\u00e9.txt"
