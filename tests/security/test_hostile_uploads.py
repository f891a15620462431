"""Hostile uploads: judged by their bytes (not name or declared type), stored under
generated names, never served as a page (HTML/SVG), and path tricks in names do nothing."""

import io
import re

import pytest

from colloquy.services.sessions.uploads import STORED_NAME

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64
SVG = (
    b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'
    b"<script>alert(document.cookie)</script></svg>"
)
HTML = b"<!doctype html><html><body><script>alert(1)</script></body></html>"


def upload(client, name, data, ctype):
    return client.post("/api/uploads", files={"file": (name, io.BytesIO(data), ctype)})


@pytest.mark.parametrize(
    "name,data,ctype",
    [
        ("evil.svg", SVG, "image/svg+xml"),
        ("evil.png", SVG, "image/png"),
        ("page.html", HTML, "text/html"),
        ("page.jpg", HTML, "image/jpeg"),
        ("script.js", b"alert(1)", "application/javascript"),
        ("x.gif", b"GIF8", "image/gif"),
    ],
)
def test_svg_html_and_fakes_are_refused(client, settings, name, data, ctype):
    res = upload(client, name, data, ctype)
    assert res.status_code == 422
    assert "Unsupported file type" in res.json()["errors"][0]
    assert not settings.uploads_dir.exists() or not any(settings.uploads_dir.iterdir())


@pytest.mark.parametrize("name", ["evil.svg", "page.html", "x.htm", "a.xml", "b.js"])
def test_files_already_in_uploads_are_never_a_page(client, settings, name):
    settings.uploads_dir.mkdir(parents=True, exist_ok=True)
    (settings.uploads_dir / name).write_bytes(SVG if name.endswith("svg") else HTML)
    res = client.get(f"/uploads/{name}")
    assert res.status_code == 200
    assert res.headers["content-type"] == "application/octet-stream"
    assert res.headers["content-disposition"].startswith("attachment")
    assert res.headers["x-content-type-options"] == "nosniff"
    assert res.headers["content-security-policy"] == "default-src 'none'; sandbox"


def test_polyglot_image_is_only_ever_an_image(client):
    res = upload(client, "poly.html", PNG + HTML, "text/html")
    assert res.status_code == 201
    body = res.json()
    assert body["filename"].endswith(".png") and body["contentType"] == "image/png"
    served = client.get(body["url"])
    assert served.headers["content-type"] == "image/png"
    assert served.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in served.headers["content-security-policy"]


@pytest.mark.parametrize(
    "name",
    [
        "../../../../etc/passwd.png",
        "..\\..\\windows\\win.ini.png",
        "/etc/shadow.png",
        "a\x00b.png",
        "x" * 1000 + ".png",
        "\u202egnp.exe",
        "%2e%2e%2fup.png",
        ".htaccess",
        "CON.png",
        "a/../../b.png",
    ],
)
def test_path_tricks_in_names_do_nothing(client, settings, name):
    res = upload(client, name, PNG, "image/png")
    assert res.status_code == 201, res.text
    body = res.json()
    assert STORED_NAME.match(body["filename"]) and body["url"] == f"/uploads/{body['filename']}"
    assert "/" not in body["originalName"] and "\\" not in body["originalName"]
    assert len(body["originalName"]) <= 255 and "\x00" not in body["originalName"]
    stored = [p.name for p in settings.uploads_dir.iterdir()]
    assert stored == [body["filename"]]  # nothing written anywhere else, nor under its name
    assert not any(re.search(r"passwd|shadow|win\.ini", p) for p in stored)


@pytest.mark.parametrize(
    "path",
    [
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/%2e%2e/x",
        "/uploads/.%2e/.%2e/etc/passwd",
        "/uploads/x%00.png",
    ],
)
def test_path_tricks_in_urls_reach_nothing(client, path):
    res = client.get(path)
    assert "root:" not in res.text
    assert res.status_code in (200, 404) and "octet-stream" not in res.headers["content-type"]


@pytest.mark.parametrize("name,data", [("e.svg", SVG), ("p.html", HTML), ("p.txt", HTML)])
def test_documents_are_judged_by_bytes_too(client, name, data):
    res = client.post(
        "/api/documents/extract", files={"file": (name, io.BytesIO(data), "text/plain")}
    )
    assert res.status_code == 422 and "Invalid file type" in res.json()["error"]
