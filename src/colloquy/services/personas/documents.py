"""Text out of an uploaded document (product-rules §5 Document file check), all in memory.

The product's checks come first (presence, size, type by name, name length), then the
bytes must be what the name claims (domain.document_sniff). PDF, DOCX, TXT and CSV are
read locally; an image is described by the model, when the model can see images.
"""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from colloquy.domain.files.document_sniff import accepts, sniff
from colloquy.domain.files.images import IMAGE_MIMES
from colloquy.domain.validation import MSG_NO_FILE, document_type, validate_document_file
from colloquy.errors import ValidationFailed
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.services.bounded import run_bounded
from colloquy.services.model_settings.errors import model_error
from colloquy.services.multipart_upload import ReceivedFile
from colloquy.services.personas.document_text import TEXT_LIMIT, plain_text, read_text

__all__ = ["MSG_EMPTY", "extract_document", "plain_text", "read_text", "read_text_bounded"]
MSG_EMPTY = "The file is empty"
MSG_IMAGES_UNSUPPORTED = (
    "Images can only be read when the configured model supports images. "
    "Upload a PDF, DOCX, TXT or CSV, or paste the text."
)
MSG_IMAGE_FAILED = "Failed to read the image"
IMAGE_PROMPT = (
    "Describe this image for consumer research. Cover the people in it (apparent age, "
    "gender, style), the setting, any products, brands or visible text, and what it "
    "suggests about the lifestyle, values and interests of the consumers it shows or "
    "targets. Plain text, at most 250 words."
)


def invalid_type_message(shown: str) -> str:
    return f"Invalid file type: {shown}. Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF"


def claimed_type(filename: str, content_type: str) -> str | None:
    """What the file says it is: its extension, else its declared MIME type."""
    by_name = document_type(filename) if "." in filename else None
    return by_name or document_type(None, content_type or None)


async def _describe_image(provider: Provider, data: bytes, mime: str) -> str:
    if not getattr(provider, "supports_images", False):
        raise ValidationFailed([MSG_IMAGES_UNSUPPORTED])
    url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    req = ChatRequest(
        system="You describe images accurately and concisely.",
        max_tokens=500,
        temperature=0.2,
        messages=[ChatMessage("user", IMAGE_PROMPT, [url])],
    )
    try:
        text = (await provider.chat(req)).text.strip()
    except LLMError as err:
        raise model_error(err, MSG_IMAGE_FAILED) from err
    # A server that refused the image part was answered without it: that text describes
    # nothing, so say the model cannot read images instead of returning it.
    if not getattr(provider, "supports_images", False):
        raise ValidationFailed([MSG_IMAGES_UNSUPPORTED])
    return text


async def read_text_bounded(kind: str, data: bytes, limit: int = TEXT_LIMIT) -> str:
    """`read_text` off the event loop: PDF and DOCX in a child process with a time and
    memory bound (services/bounded.py), plain text in a thread."""
    if kind in ("pdf", "docx"):
        return await run_bounded(read_text, kind, data, limit)
    return await asyncio.to_thread(read_text, kind, data, limit)


async def extract_document(upload: ReceivedFile | None, provider: Provider) -> dict[str, Any]:
    """{text, filename, characters, truncated, type} of an uploaded document."""
    if upload is None or not upload.filename.strip():
        raise ValidationFailed([MSG_NO_FILE])
    claimed = claimed_type(upload.filename, upload.content_type)
    declared = upload.content_type if upload.content_type != "application/octet-stream" else ""
    # Unsupported: named by its declared type like the browser check does, else by extension.
    errors = validate_document_file(upload.filename, upload.size, claimed or declared or None)
    if errors:
        raise ValidationFailed(errors)
    data = bytes(upload.data)
    if not data:
        raise ValidationFailed([MSG_EMPTY])
    sniffed = sniff(data)
    kind = accepts(claimed or "", sniffed)
    if kind is None:  # the bytes are not what the name says: name what they are
        raise ValidationFailed([invalid_type_message(sniffed.mime)])
    if kind in IMAGE_MIMES:
        text = await _describe_image(provider, data, sniffed.mime)
    else:
        text = await read_text_bounded(kind, data)
    truncated = len(text) > TEXT_LIMIT
    text = text[:TEXT_LIMIT]
    return {
        "text": text,
        "filename": upload.filename,
        "characters": len(text),
        "truncated": truncated,
        "type": "image" if kind in IMAGE_MIMES else kind,
    }
