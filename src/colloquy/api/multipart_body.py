"""The OpenAPI description of a multipart body that routes read by hand (streamed and
bounded, services/multipart_upload.py): a required `file` and optional small text fields."""

from __future__ import annotations

from typing import Any

from colloquy.services.multipart_upload import FIELD_MAX


def multipart_body(*text_fields: str) -> dict[str, Any]:
    """`openapi_extra` for a route taking `file` plus the named text fields (each kept to
    FIELD_MAX bytes by the reader)."""
    properties: dict[str, Any] = {"file": {"type": "string", "format": "binary"}}
    for name in text_fields:
        properties[name] = {"type": "string", "maxLength": FIELD_MAX}
    schema = {"type": "object", "required": ["file"], "properties": properties}
    return {
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    }


FILE_BODY = multipart_body()
