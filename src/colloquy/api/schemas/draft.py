"""Schema of the saved Create Session draft."""

from __future__ import annotations

from typing import Any

from colloquy.schemas.common import CamelModel


class DraftOut(CamelModel):
    draft: dict[str, Any] | None
