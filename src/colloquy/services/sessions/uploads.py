"""Stimulus image uploads (product-rules §7 item 4): judged by their bytes, stored under a
generated name (time, random, extension of the detected type), never the user's name."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import time
from pathlib import Path

from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.domain.files.images import IMAGE_MIMES, image_kind
from colloquy.domain.sessions.stimuli import upload_size_message
from colloquy.errors import ValidationFailed

STORED_NAME = re.compile(r"^\d{13}-[0-9a-f]{16}\.(jpg|png|webp|gif)$")
MSG_NOT_IMAGE = "Unsupported file type. Please upload a JPG, PNG, WEBP or GIF image"
MSG_NO_FILE = "No file selected"
MSG_EMPTY = "File is empty"


def display_name(filename: str | None) -> str:
    """The user's file name for messages only: last path part, printable, at most 255."""
    name = re.split(r"[\\/]", filename or "")[-1]
    name = "".join(ch for ch in name if ch.isprintable()).strip()
    return name[:255] or "file"


def stored_path(uploads_dir: Path, name: str) -> Path | None:
    """The file behind /uploads/<name>, only for names this module generates."""
    if not STORED_NAME.match(name):
        return None
    return uploads_dir / name


def _write_new(uploads_dir: Path, name: str, data: bytes) -> None:
    tmp = uploads_dir / f".{name}.part"
    with open(tmp, "xb") as out:
        out.write(data)
    os.replace(tmp, uploads_dir / name)


async def save_upload(
    filename: str | None, data: bytes | bytearray, complete: bool, uploads_dir: Path
) -> dict[str, str]:
    """Store one received file; `complete` False means it was cut off past the limit."""
    shown = display_name(filename)
    if not filename:
        raise ValidationFailed([MSG_NO_FILE])
    if not complete or len(data) > FILE_MAX_BYTES:
        raise ValidationFailed([upload_size_message(shown)])
    if not data:
        raise ValidationFailed([f"{shown}: {MSG_EMPTY}"])
    kind = image_kind(bytes(data[:16]))
    if kind is None:
        raise ValidationFailed([f"{shown}: {MSG_NOT_IMAGE}"])
    uploads_dir.mkdir(parents=True, exist_ok=True)
    name = f"{int(time.time() * 1000)}-{secrets.token_hex(8)}.{kind}"
    await asyncio.to_thread(_write_new, uploads_dir, name, bytes(data))
    return {
        "url": f"/uploads/{name}",
        "filename": name,
        "originalName": shown,
        "contentType": IMAGE_MIMES[kind],
    }
