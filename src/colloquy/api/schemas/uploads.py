"""Schema of a stored stimulus image upload."""

from __future__ import annotations

from colloquy.schemas.common import CamelModel


class UploadOut(CamelModel):
    url: str  # /uploads/<generated name>
    filename: str  # the generated name
    original_name: str  # the user's file name, for messages only
    content_type: str
