"""POST /api/sessions/import: the preview of a human transcript, or the session saved."""

from __future__ import annotations

from pydantic import Field

from colloquy.schemas.common import CamelModel


class ImportSpeakerOut(CamelModel):
    name: str
    turns: int
    words: int
    # Interjections of this person transcribed inside others' turns ("[Maria: Yeah.]").
    backchannels: int = 0


class ModeratorTurnOut(CamelModel):
    """A moderator turn of the transcript: does it open a question or probe the current
    one, and why (docs/measured-against-people.md, "Questions and probes")."""

    turn: int
    text: str
    opens_question: bool
    reason: str


class HumanImportOut(CamelModel):
    """The preview (dry run); once saved, also the new session's id, name and source."""

    turns: int
    speakers: list[ImportSpeakerOut]
    moderator: str | None
    questions: list[str]
    moderator_turns: list[ModeratorTurnOut] = Field(default_factory=list)
    kind: str = "group"  # group | interview (two speakers; `moderator` is the interviewer)
    id: str | None = None
    name: str | None = None
    source: str | None = None
