"""POST /api/sessions/import: the preview of a human transcript, or the session saved."""

from __future__ import annotations

from colloquy.api.schemas.common import CamelModel


class ImportSpeakerOut(CamelModel):
    name: str
    turns: int
    words: int


class HumanImportOut(CamelModel):
    """The preview (dry run); once saved, also the new session's id, name and source."""

    turns: int
    speakers: list[ImportSpeakerOut]
    moderator: str | None
    questions: list[str]
    id: str | None = None
    name: str | None = None
    source: str | None = None
