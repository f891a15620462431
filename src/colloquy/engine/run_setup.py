"""What a run needs from the session row (its Setup), read once when the run starts."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from colloquy.domain.interviews.follow_up_memory import memory_block
from colloquy.domain.interviews.rules import GROUP, max_probes, session_kind
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.prompt_layout import CACHE_FRIENDLY, PERSONA_FIRST, prompt_layout
from colloquy.domain.sessions.stimuli import StimulusRecord
from colloquy.engine import plan
from colloquy.store.tables import SessionRow


@dataclass
class Setup:
    participants: list[PersonaRecord]  # the snapshots frozen into the session
    questions: list[str]
    stimuli: list[StimulusRecord]
    moderator_style: str
    response_length: str
    mode: str
    moderator: str = moderation.SCRIPTED
    private_answers: bool = False  # private answers before/after each question
    model_bids: bool = False  # natural mode: participants bid to speak (one call a turn)
    seed: int | None = None  # natural mode: who speaks and how long (replayable)
    kind: str = GROUP  # group | interview (docs/interviews.md)
    max_probes: int = 0  # interviews: the AI interviewer's follow-ups per topic
    # A follow-up interview: the "what you remember from the focus group" block.
    memory: str | None = None
    prompt_layout: str = PERSONA_FIRST  # cache-friendly: domain/sessions/cache_layout.py

    @property
    def cache_friendly(self) -> bool:
        """The cache-friendly layout applies to a group's answers in sequential and
        parallel mode (natural mode and interviews keep their own prompts)."""
        return (
            self.prompt_layout == CACHE_FRIENDLY
            and self.kind == GROUP
            and self.mode != plan.NATURAL
        )

    @property
    def names(self) -> list[str]:
        return [str(p.get("name") or "") for p in self.participants]

    @classmethod
    def of(cls, row: SessionRow) -> Setup:
        settings = row.settings or {}
        return cls(
            participants=list(row.participants or []),
            questions=[q for q in row.questions or [] if isinstance(q, str) and q.strip()],
            stimuli=list(row.stimuli or []),
            moderator_style=row.moderator_style,
            response_length=settings.get("responseLength") or "moderate",
            mode=settings.get("discussionMode") or plan.SEQUENTIAL,
            moderator=settings.get("moderator") or moderation.SCRIPTED,
            private_answers=settings.get("privateAnswers") is True,
            model_bids=settings.get("modelBids") is True,
            seed=_seed(settings.get("seed"), row.id),
            kind=session_kind(row.kind),
            max_probes=max_probes(settings),
            memory=_memory(row),
            prompt_layout=prompt_layout(settings),
        )


def _memory(row: SessionRow) -> str | None:
    """What a follow-up interview's persona remembers of its group, as its prompts say it."""
    stored = row.follow_up
    if not row.follow_up_of_id or not isinstance(stored, dict):
        return None
    memory = stored.get("memory")
    if not isinstance(memory, dict):
        return None
    return memory_block(memory, str(stored.get("groupName") or ""))


def _seed(stored: object, session_id: str) -> int:
    """The session's seed; one derived from its id when none was stored."""
    if type(stored) is int:
        return stored
    return int.from_bytes(hashlib.sha256(session_id.encode()).digest()[:6], "big")
