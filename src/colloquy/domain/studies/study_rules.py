"""What a study accepts (docs/interviews.md#studies), pure.

A study runs one interview guide with many personas: 1-50 personas (chosen by id, or "all
with tag X"), a guide of 1-30 questions or topics, an interviewer (`scripted` or `ai`),
follow-ups per topic (`maxProbes`, 0-5) and optionally a model profile the personas answer
on. The synthesis rules of this package (themes, quotes, segments) are the study's
analysis; this module and study_progress.py are the study itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews.rules import (
    INTERVIEW_QUESTIONS_MAX,
    INTERVIEW_QUESTIONS_MIN,
    MAX_PROBES_LIMIT,
    MSG_GUIDE_SIZE,
    MSG_MAX_PROBES,
)
from colloquy.domain.sessions.moderation import MODERATORS
from colloquy.domain.usage.run_settings import run_settings_errors

STUDY_PERSONAS_MIN, STUDY_PERSONAS_MAX = 1, 50
STUDY_NAME_MAX, QUESTION_MAX = 200, 1000
RESPONSE_LENGTHS = ("brief", "moderate", "detailed")

MSG_STUDY_NAME = "Study name is required"
MSG_STUDY_NAME_LONG = f"Study name must be at most {STUDY_NAME_MAX} characters"
MSG_PERSONA_COUNT = (
    f"A study interviews {STUDY_PERSONAS_MIN}-{STUDY_PERSONAS_MAX} personas; choose them "
    "by id or by a tag"
)
MSG_NO_PERSONAS_WITH_TAG = "No persona has the tag '{tag}'"
MSG_INTERVIEWER = "The interviewer must be scripted or ai"
MSG_RESPONSE_LENGTH = "Response length must be brief, moderate or detailed"
MSG_QUESTION_LONG = f"Each question must be at most {QUESTION_MAX} characters"
MSG_UNKNOWN_PERSONAS = "Unknown persona ids: {ids}"


def guide_questions(questions: Sequence[Any]) -> list[str]:
    """The guide's questions, trimmed, blanks left out."""
    return [q.strip() for q in questions if isinstance(q, str) and q.strip()]


def study_errors(
    name: Any, questions: Sequence[str], persona_count: int, settings: Mapping[str, Any]
) -> list[str]:
    """Every problem of a study's setup, each named (the persona ids are resolved first)."""
    errors: list[str] = []
    if not isinstance(name, str) or not name.strip():
        errors.append(MSG_STUDY_NAME)
    elif len(name.strip()) > STUDY_NAME_MAX:
        errors.append(MSG_STUDY_NAME_LONG)
    if not INTERVIEW_QUESTIONS_MIN <= len(questions) <= INTERVIEW_QUESTIONS_MAX:
        errors.append(MSG_GUIDE_SIZE)
    if any(len(q) > QUESTION_MAX for q in questions):
        errors.append(MSG_QUESTION_LONG)
    if not STUDY_PERSONAS_MIN <= persona_count <= STUDY_PERSONAS_MAX:
        errors.append(MSG_PERSONA_COUNT)
    if settings.get("moderator") not in (None, *MODERATORS):
        errors.append(MSG_INTERVIEWER)
    probes = settings.get("maxProbes")
    if probes is not None and not (type(probes) is int and 0 <= probes <= MAX_PROBES_LIMIT):
        errors.append(MSG_MAX_PROBES)
    if settings.get("responseLength") not in (None, *RESPONSE_LENGTHS):
        errors.append(MSG_RESPONSE_LENGTH)
    return errors + run_settings_errors(settings)


def interview_budget(study_budget: float | None, interview_count: int) -> float | None:
    """Each interview's share of the study's budget: an even split, rounded down to a
    hundredth of a cent so the shares never add up to more than the budget."""
    if study_budget is None or interview_count <= 0:
        return None
    return int(study_budget / interview_count * 10_000) / 10_000


def has_tag(tags: Any, tag: str) -> bool:
    """Whether a persona's tags hold `tag` (case and surrounding spaces ignored)."""
    wanted = tag.strip().casefold()
    return isinstance(tags, list) and any(
        isinstance(t, str) and t.strip().casefold() == wanted for t in tags
    )


__all__ = ["INTERVIEW_QUESTIONS_MAX", "has_tag", "interview_budget", "study_errors"]
