"""Document content types by their bytes, and whether they fit the claimed extension."""

import io
import zipfile

import pytest

from colloquy.domain.files.document_sniff import DOCX, accepts, decode_text, sniff


def zipped(*names: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in names:
            z.writestr(name, "<x/>")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("data", "mime", "kind"),
    [
        (b"%PDF-1.7\n...", "application/pdf", "pdf"),
        (b"\xef\xbb\xbf junk %PDF-1.4", "application/pdf", "pdf"),
        (zipped("[Content_Types].xml", "word/document.xml"), DOCX, "docx"),
        (
            zipped("xl/workbook.xml"),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            None,
        ),
        (zipped("a.txt"), "application/zip", None),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 20, "image/png", "png"),
        (b"\xff\xd8\xff\xe0" + b"\0" * 20, "image/jpeg", "jpg"),
        (b"GIF89a" + b"\0" * 20, "image/gif", "gif"),
        (b"RIFF\x24\0\0\0WEBPVP8 " + b"\0" * 20, "image/webp", "webp"),
        (b"MZ\x90\0" + b"\0" * 60, "application/x-msdownload", None),
        (b"\x7fELF\x02\x01", "application/x-executable", None),
        (b"  <!DOCTYPE html><html><body>hi</body></html>", "text/html", None),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml", None),
        (b"name,age\nAna,34\n", "text/plain", "text"),
        ("Caf\u00e9 cr\u00e8me".encode("latin-1"), "text/plain", "text"),
        ("\ufeffhello".encode("utf-16"), "text/plain", "text"),
        (bytes(range(256)) * 4, "application/octet-stream", None),
    ],
)
def test_sniff(data, mime, kind):
    found = sniff(data)
    assert (found.mime, found.kind) == (mime, kind)


def test_accepts_only_content_that_fits_the_claim():
    assert accepts("pdf", sniff(b"%PDF-1.4")) == "pdf"
    assert accepts("pdf", sniff(b"<html></html>")) is None
    assert accepts("pdf", sniff(b"MZ\0\0")) is None
    assert accepts("docx", sniff(zipped("word/document.xml"))) == "docx"
    assert accepts("docx", sniff(zipped("a.txt"))) is None
    assert accepts("csv", sniff(b"a,b\n1,2")) == "csv"
    assert accepts("txt", sniff(b"%PDF-1.4")) is None
    assert accepts("jpeg", sniff(b"\x89PNG\r\n\x1a\n")) == "png"  # an image is what it is
    assert accepts("png", sniff(b"plain text")) is None


def test_decode_text():
    assert decode_text("h\u00e9llo".encode()) == "h\u00e9llo"
    assert decode_text(b"\xef\xbb\xbfbom") == "bom"
    assert decode_text("caf\u00e9".encode("cp1252")) == "caf\u00e9"
    assert decode_text(b"a\0b") is None
