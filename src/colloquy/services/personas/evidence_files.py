"""Text out of an evidence upload (docs/evidence.md): the document checks of session uploads
(product-rules §5: size, type, name length, bytes that are what the name says), for the
evidence types TXT, DOCX, PDF, CSV and MD. Nothing is written here."""

from __future__ import annotations

from dataclasses import dataclass

from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.domain.files.document_sniff import accepts, sniff
from colloquy.domain.validation import MSG_NO_FILE, validate_document_file
from colloquy.errors import ValidationFailed
from colloquy.services.multipart_upload import ReceivedFile
from colloquy.services.personas.documents import MSG_EMPTY, read_text_bounded
from colloquy.services.sessions.uploads import display_name

EVIDENCE_TYPES = ("txt", "docx", "pdf", "csv", "md")
# A PDF is read to about this many characters: 200,000 words is some 1.3 million.
EVIDENCE_TEXT_LIMIT = 2_000_000


def invalid_evidence_type(shown: str) -> str:
    return f"Invalid file type: {shown}. Supported: TXT, DOCX, PDF, CSV, MD"


@dataclass(frozen=True)
class EvidenceText:
    filename: str  # for display: last path part, printable
    kind: str  # one of EVIDENCE_TYPES
    text: str
    data: bytes


def _extension(filename: str) -> str:
    return filename.rsplit(".", 1)[1].strip().lower() if "." in filename else ""


def check_upload(upload: ReceivedFile | None) -> tuple[str, str, bytes]:
    """(shown name, kind, bytes) of an acceptable evidence file, else ValidationFailed."""
    if upload is None or not upload.filename.strip():
        raise ValidationFailed([MSG_NO_FILE])
    shown = display_name(upload.filename)
    kind = _extension(upload.filename)
    if kind not in EVIDENCE_TYPES:
        raise ValidationFailed([invalid_evidence_type(f".{kind}" if kind else shown)])
    # Markdown is plain text to the shared checks; a file cut off at the limit is too big.
    size = upload.size if upload.complete else max(upload.size, FILE_MAX_BYTES + 1)
    errors = validate_document_file(upload.filename, size, "txt" if kind == "md" else kind)
    if errors:
        raise ValidationFailed(errors)
    data = bytes(upload.data)
    if not data:
        raise ValidationFailed([MSG_EMPTY])
    sniffed = sniff(data)
    if accepts("txt" if kind == "md" else kind, sniffed) is None:
        raise ValidationFailed([invalid_evidence_type(sniffed.mime)])
    return shown, kind, data


async def read_evidence(upload: ReceivedFile | None) -> EvidenceText:
    shown, kind, data = check_upload(upload)
    reader_kind = "txt" if kind == "md" else kind
    text = await read_text_bounded(reader_kind, data, EVIDENCE_TEXT_LIMIT)
    return EvidenceText(shown, kind, text, data)
