"""POST /api/uploads and GET /uploads/<name>: images by their bytes, generated names,
safe serving headers."""

import io

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 64
GIF = b"GIF89a" + b"\x00" * 64
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 64


def upload(client, name, data, ctype="application/octet-stream"):
    return client.post("/api/uploads", files={"file": (name, io.BytesIO(data), ctype)})


def test_images_judged_by_magic_bytes_and_served_inline(client, settings):
    for name, data, ext in (
        ("photo.png", PNG, "png"),
        ("a.jpg", JPEG, "jpg"),
        ("anim", GIF, "gif"),
        ("pic.bin", WEBP, "webp"),
    ):
        res = upload(client, name, data)
        assert res.status_code == 201, res.text
        body = res.json()
        assert body["url"] == f"/uploads/{body['filename']}"
        assert body["filename"].endswith(f".{ext}") and body["originalName"] == name
        served = client.get(body["url"])
        assert served.status_code == 200 and served.content == data
        assert served.headers["content-type"] == body["contentType"]
        assert served.headers["x-content-type-options"] == "nosniff"
        assert "attachment" not in served.headers.get("content-disposition", "")
    assert len(list(settings.uploads_dir.iterdir())) == 4


def test_html_named_png_is_refused(client, settings):
    res = upload(client, "evil.png", b"<html><script>alert(1)</script></html>", "image/png")
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "evil.png: Unsupported file type. Please upload a JPG, PNG, WEBP or GIF image"
    ]
    assert not settings.uploads_dir.exists() or list(settings.uploads_dir.iterdir()) == []


def test_path_tricks_in_names_do_nothing(client, settings):
    res = upload(client, "../../etc/passwd.png", PNG, "image/png")
    assert res.status_code == 201
    body = res.json()
    assert "/" not in body["filename"] and ".." not in body["filename"]
    assert body["originalName"] == "passwd.png"
    assert [p.name for p in settings.uploads_dir.iterdir()] == [body["filename"]]
    leak = client.get("/uploads/..%2F..%2Fetc%2Fpasswd")  # falls through to the SPA shell
    assert "root:" not in leak.text and leak.headers["content-type"].startswith("text/html")
    assert "root:" not in client.get("/uploads/..%5C..%5Cetc%5Cpasswd").text
    assert client.get("/uploads/.hidden").status_code == 404


def test_too_large_and_missing_files(client):
    big = PNG + b"\x00" * (10 * 1024 * 1024)
    res = upload(client, "huge.png", big, "image/png")
    assert res.status_code == 422
    assert res.json()["errors"] == ["huge.png: File size must be less than 10MB"]
    res = client.post("/api/uploads", files={"other": ("a.png", io.BytesIO(PNG), "image/png")})
    assert res.status_code == 422 and res.json()["errors"] == ["No file selected"]
    res = client.post("/api/uploads", data={"file": "not a file"})  # a form post, not an upload
    assert res.status_code == 415


def test_other_files_in_uploads_are_downloads(client, settings):
    settings.uploads_dir.mkdir(parents=True, exist_ok=True)
    (settings.uploads_dir / "notes.html").write_text("<script>alert(1)</script>")
    res = client.get("/uploads/notes.html")
    assert res.status_code == 200
    assert res.headers["content-type"] == "application/octet-stream"
    assert res.headers["content-disposition"].startswith("attachment")
    assert res.headers["x-content-type-options"] == "nosniff"
