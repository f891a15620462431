"""The text of an uploaded transcript (docs/measured-against-people.md): TXT, JSON, CSV, DOCX or
PDF.

The same checks and readers as documents for personas (services/personas/documents.py):
the bytes must be what the name claims, DOCX and PDF are read in memory.
"""

from __future__ import annotations

import asyncio

from colloquy.domain.files.document_sniff import sniff
from colloquy.domain.sessions.transcript_import import MAX_BYTES, MSG_EMPTY, MSG_TOO_BIG
from colloquy.domain.validation import MSG_NO_FILE
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import ReceivedFile
from colloquy.services.personas.documents import plain_text, read_text_bounded

TYPES = ("txt", "json", "csv", "docx", "pdf")
_TEXT_TYPES = ("txt", "json", "csv")
MSG_NOT_TEXT = "The file is not a text transcript (its content is {mime})"


def msg_bad_type(shown: str) -> str:
    return f"Invalid file type: {shown}. Supported: TXT, DOCX, PDF, JSON, CSV"


def _kind(upload: ReceivedFile, sniffed_kind: str | None) -> str:
    """The type by the file's extension; without one, by its content."""
    name = upload.filename
    if "." in name:
        ext = name.rsplit(".", 1)[1].strip().lower()
        if ext not in TYPES:
            raise ValidationFailed([msg_bad_type(ext)])
        return ext
    return {"pdf": "pdf", "docx": "docx"}.get(sniffed_kind or "", "txt")


async def transcript_text(upload: ReceivedFile | None) -> tuple[str, str]:
    """(text, type) of the upload, or ValidationFailed naming what is wrong."""
    if upload is None or not upload.filename.strip():
        raise ValidationFailed([MSG_NO_FILE])
    if upload.size > MAX_BYTES or not upload.complete:
        raise ValidationFailed([MSG_TOO_BIG])
    data = bytes(upload.data)
    if not data.strip():
        raise ValidationFailed([MSG_EMPTY])
    sniffed = sniff(data)
    kind = _kind(upload, sniffed.kind)
    wanted = "text" if kind in _TEXT_TYPES else kind
    if sniffed.kind != wanted:
        raise ValidationFailed([MSG_NOT_TEXT.format(mime=sniffed.mime)])
    if kind in ("docx", "pdf"):
        return await read_text_bounded(kind, data), kind
    return await asyncio.to_thread(plain_text, data), kind
