"""What a document really is, judged by its bytes (product-rules §5 Document file check).

Why: a file name or a browser's MIME type is only a claim; an HTML page or a program
renamed report.pdf must be refused by what it contains. `sniff` names the content type
(a MIME string, used in the 'Invalid file type: {type}' message), `accepts` says whether
that content fits the type the file claims to be.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

from colloquy.domain.files.images import IMAGE_MIMES, image_kind

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
TEXT = "text/plain"
OCTET = "application/octet-stream"

# Formats we recognise only to name them in the refusal message.
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"MZ", "application/x-msdownload"),
    (b"\x7fELF", "application/x-executable"),
    (b"\xcf\xfa\xed\xfe", "application/x-mach-binary"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),  # old .doc/.xls
    (b"{\\rtf", "application/rtf"),
    (b"%!PS", "application/postscript"),
    (b"\x1f\x8b", "application/gzip"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
    (b"Rar!", "application/vnd.rar"),
)
_MARKUP: tuple[tuple[str, str], ...] = (
    ("<!doctype html", "text/html"),
    ("<html", "text/html"),
    ("<head", "text/html"),
    ("<body", "text/html"),
    ("<script", "text/html"),
    ("<svg", "image/svg+xml"),
    ("<?xml", "application/xml"),
)
_ZIP_KINDS: tuple[tuple[str, str], ...] = (
    ("word/document.xml", DOCX),
    ("xl/", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("ppt/", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
)
_ALLOWED_CONTROLS = {"\t", "\n", "\r", "\f", "\v"}


@dataclass(frozen=True)
class Sniffed:
    mime: str  # what the bytes are, e.g. 'application/pdf', 'text/html'
    kind: str | None  # our own kind when supported: pdf, docx, text, png, jpg, gif, webp


def _zip_kind(data: bytes) -> str:
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return "application/zip"
    for marker, mime in _ZIP_KINDS:
        if any(n == marker or (marker.endswith("/") and n.startswith(marker)) for n in names):
            return mime
    return "application/zip"


def decode_text(data: bytes) -> str | None:
    """The text of a plain-text file, or None when the bytes are not text.

    UTF-16 with a BOM, then UTF-8 (with or without BOM), then Latin-1 as long as the
    result reads as text: no NUL bytes and almost no control characters."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    if b"\x00" in data:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    controls = sum(1 for ch in text if ch < " " and ch not in _ALLOWED_CONTROLS)
    return text if controls <= len(text) / 100 else None


def sniff(data: bytes) -> Sniffed:
    """Name the content of `data` (the whole file, at most the upload limit)."""
    head = data[:1024]
    if b"%PDF-" in head:
        return Sniffed(PDF, "pdf")
    image = image_kind(head)
    if image:
        return Sniffed(IMAGE_MIMES[image], image)
    if head.startswith(b"PK\x03\x04"):
        mime = _zip_kind(data)
        return Sniffed(mime, "docx" if mime == DOCX else None)
    for signature, mime in _BINARY_SIGNATURES:
        if head.startswith(signature):
            return Sniffed(mime, None)
    text = decode_text(data)
    if text is None:
        return Sniffed(OCTET, None)
    start = text[:512].lstrip("\ufeff \t\r\n").lower()
    for prefix, mime in _MARKUP:
        if start.startswith(prefix):
            return Sniffed(mime, None)
    return Sniffed(TEXT, "text")


def accepts(claimed: str, sniffed: Sniffed) -> str | None:
    """The kind to read the file as when its content fits the claimed extension
    (pdf, docx, txt, csv, jpg/jpeg, png, webp, gif), else None.

    An image named with another image extension is still that image, so any image
    content satisfies an image claim and is read as what it really is."""
    claimed = "jpg" if claimed == "jpeg" else claimed
    if claimed in ("txt", "csv"):
        return claimed if sniffed.kind == "text" else None
    if claimed in IMAGE_MIMES:
        return sniffed.kind if sniffed.kind in IMAGE_MIMES else None
    return claimed if sniffed.kind == claimed else None
