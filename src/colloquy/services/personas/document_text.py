"""The text of a PDF, DOCX or plain-text document, all in memory (product-rules §5).

A module of its own, light to import: it runs in the bounded child processes
(services/bounded.py), which import it once in the fork server.
"""

from __future__ import annotations

import io

from colloquy.domain.files.document_sniff import decode_text
from colloquy.domain.text.text_safety import clean_text
from colloquy.errors import ValidationFailed
from colloquy.services.personas.docx_reader import docx_blocks

TEXT_LIMIT = 100_000  # characters handed back; more would swamp any prompt anyway
MSG_NO_TEXT = "No text found in this file"
MSG_PDF_NO_TEXT = "No text could be extracted from this PDF"
MSG_PDF_UNREADABLE = "Could not read this PDF file"
MSG_PDF_LOCKED = "This PDF is password-protected"
MSG_DOCX_NO_TEXT = "No text could be extracted from this DOCX file"
MSG_DOCX_UNREADABLE = "Could not read this DOCX file"


def pdf_text(data: bytes, limit: int = TEXT_LIMIT) -> str:
    from pypdf import PdfReader  # imported on use: keeps start-up light

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ValidationFailed([MSG_PDF_LOCKED])
        parts: list[str] = []
        for page in reader.pages:
            parts.append(page.extract_text() or "")
            if sum(map(len, parts)) > limit:
                break
    except ValidationFailed:
        raise
    except Exception as exc:  # pypdf raises many types for damaged files
        raise ValidationFailed([MSG_PDF_UNREADABLE]) from exc
    # A PDF's text can hold NUL (which PostgreSQL refuses) and lone surrogates.
    text = clean_text("\n\n".join(p.strip() for p in parts if p.strip())).strip()
    if not text:
        raise ValidationFailed([MSG_PDF_NO_TEXT])
    return text


def docx_text(data: bytes) -> str:
    try:
        parts = docx_blocks(data)
    except ValidationFailed:
        raise
    except Exception as exc:  # zipfile and lxml raise many types for damaged files
        raise ValidationFailed([MSG_DOCX_UNREADABLE]) from exc
    text = clean_text("\n".join(parts)).strip()
    if not text:
        raise ValidationFailed([MSG_DOCX_NO_TEXT])
    return text


def plain_text(data: bytes) -> str:
    text = (decode_text(data) or "").replace("\r\n", "\n").replace("\r", "\n")
    text = clean_text(text).strip()  # UTF-16 can spell NUL and lone surrogates
    if not text:
        raise ValidationFailed([MSG_NO_TEXT])
    return text


_READERS = {"pdf": pdf_text, "docx": docx_text, "txt": plain_text, "csv": plain_text}


def read_text(kind: str, data: bytes, limit: int = TEXT_LIMIT) -> str:
    """The text of a checked document of `kind` (pdf, docx, txt, csv); a PDF is read up to
    about `limit` characters (evidence reads more than the extract route hands back)."""
    if kind == "pdf":
        return pdf_text(data, limit)
    return _READERS[kind](data)
