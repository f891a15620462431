"""POST /api/documents/extract: the product's file checks, content sniffing, text out of
PDF, DOCX, TXT and CSV, and images only for models that can see them."""

from __future__ import annotations

import io

import docx
import pytest
from fastapi.testclient import TestClient
from pypdf import PdfWriter

from colloquy.api.deps import get_llm
from colloquy.app import create_app
from colloquy.services.personas.documents import MSG_IMAGES_UNSUPPORTED
from support.fake_openai import run_fake_openai

SUPPORTED = "Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 64


def pdf_with_text(text: str) -> bytes:
    """A one-page PDF whose content stream draws `text` in Helvetica."""
    stream = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>"
        ),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def blank_pdf() -> bytes:
    writer, buf = PdfWriter(), io.BytesIO()
    writer.add_blank_page(width=200, height=200)
    writer.write(buf)
    return buf.getvalue()


def docx_bytes() -> bytes:
    document = docx.Document()
    document.add_paragraph("Survey of weekend shoppers")
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Age", "34"
    document.add_paragraph("They compare prices on their phones.")
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def extract(client, name, data, ctype="application/octet-stream"):
    return client.post("/api/documents/extract", files={"file": (name, data, ctype)})


def test_pdf_text(client):
    res = extract(client, "report.pdf", pdf_with_text("Hello from a PDF"), "application/pdf")
    assert res.status_code == 200, res.text
    assert res.json() == {
        "text": "Hello from a PDF",
        "filename": "report.pdf",
        "characters": 16,
        "truncated": False,
        "type": "pdf",
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (blank_pdf(), "No text could be extracted from this PDF"),
        (b"%PDF-1.4\nthis is not really a pdf", "Could not read this PDF file"),
    ],
)
def test_pdf_without_text(client, data, message):
    res = extract(client, "scan.pdf", data, "application/pdf")
    assert res.status_code == 422 and res.json()["errors"] == [message]


def test_docx_text_in_document_order(client):
    res = extract(client, "survey.docx", docx_bytes())
    assert res.status_code == 200, res.text
    assert res.json()["text"] == (
        "Survey of weekend shoppers\nAge\t34\nThey compare prices on their phones."
    )
    assert res.json()["type"] == "docx"


@pytest.mark.parametrize(
    ("name", "data", "text"),
    [
        ("notes.txt", "Caf\u00e9 owners\r\nline two\n".encode(), "Caf\u00e9 owners\nline two"),
        ("data.csv", b"\xef\xbb\xbfname,age\nAna,34\n", "name,age\nAna,34"),
        ("old.txt", "cr\u00e8me br\u00fbl\u00e9e".encode("latin-1"), "cr\u00e8me br\u00fbl\u00e9e"),
    ],
)
def test_plain_text_files(client, name, data, text):
    res = extract(client, name, data, "text/plain")
    assert res.status_code == 200, res.text
    assert res.json()["text"] == text and res.json()["filename"] == name


def test_long_text_is_truncated_and_says_so(client):
    res = extract(client, "long.txt", b"word " * 30_000)
    assert res.status_code == 200
    body = res.json()
    assert body["truncated"] is True and body["characters"] == len(body["text"]) == 100_000


def test_too_large(client):
    res = extract(client, "big.txt", b"a" * (11 * 1024 * 1024), "text/plain")
    assert res.status_code == 422
    assert res.json()["errors"] == ["File too large (11.00 MB). Maximum 10MB allowed."]


@pytest.mark.parametrize(
    ("name", "data", "ctype", "shown"),
    [
        ("virus.exe", b"MZ\x90\x00" * 10, "application/x-msdownload", "application/x-msdownload"),
        ("archive.rar", b"Rar!\x1a\x07", "application/octet-stream", "rar"),
        (
            "page.pdf",
            b"<!DOCTYPE html><html><script>alert(1)</script></html>",
            "application/pdf",
            "text/html",
        ),
        ("setup.pdf", b"MZ\x90\x00" * 10, "application/pdf", "application/x-msdownload"),
        ("photo.png", b"just some text", "image/png", "text/plain"),
        (
            "letter.docx",
            b"PK\x03\x04 not a real zip",
            "application/octet-stream",
            "application/zip",
        ),
        ("table.csv", bytes(range(256)), "text/csv", "application/octet-stream"),
    ],
)
def test_wrong_types_are_refused_by_name_or_by_content(client, name, data, ctype, shown):
    res = extract(client, name, data, ctype)
    assert res.status_code == 422
    assert res.json()["errors"] == [f"Invalid file type: {shown}. {SUPPORTED}"]


def test_filename_too_long(client):
    res = extract(client, "n" * 252 + ".txt", b"hello there")
    assert res.status_code == 422
    assert res.json()["errors"] == ["Filename too long (max 255 characters)"]
    assert extract(client, "n" * 251 + ".txt", b"hello there").status_code == 200


def test_no_file(client):
    for res in (
        client.post("/api/documents/extract", files={"other": ("a.txt", b"x")}),
        client.post("/api/documents/extract", files={"file": ("", b"x")}),
        extract(client, "empty.txt", b""),
    ):
        assert res.status_code == 422
    assert res.json()["errors"] == ["The file is empty"]
    res = client.post("/api/documents/extract", data={"note": "x"}, files={"x": ("a", b"")})
    assert res.json()["errors"] == ["No file selected"]
    res = client.post("/api/documents/extract", json={"file": "x"})
    assert res.status_code == 422


class BlindModel:
    name, model, supports_images = "blind", "blind-1", False


def test_images_need_a_model_that_can_see(client, settings):
    client.app.dependency_overrides[get_llm] = BlindModel
    res = extract(client, "shelf.png", PNG, "image/png")
    assert res.status_code == 422
    assert res.json()["errors"] == [MSG_IMAGES_UNSUPPORTED]
    assert not settings.uploads_dir.exists() or not any(settings.uploads_dir.iterdir())


def test_images_are_described_by_a_model_that_can_see(settings):
    with run_fake_openai(lambda body: "A woman holding a reusable coffee cup.") as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            res = extract(api, "cup.jpg", PNG, "image/jpeg")  # really a PNG: read as one
    assert res.status_code == 200, res.text
    assert res.json()["text"] == "A woman holding a reusable coffee cup."
    assert res.json()["type"] == "image"
    parts = fake.requests[0]["messages"][-1]["content"]
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,iVBORw0KGgo")


def test_a_server_that_refuses_images_is_not_trusted_to_describe_one(settings):
    from support.fake_openai import FakeError

    def text_only(body):
        content = body["messages"][-1]["content"]
        if isinstance(content, list):
            return FakeError(400, "image_url content parts are not supported by this model")
        return "A description of nothing in particular."

    with run_fake_openai(text_only) as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            res = extract(api, "cup.png", PNG, "image/png")
    assert res.status_code == 422
    assert res.json()["errors"] == [MSG_IMAGES_UNSUPPORTED]
