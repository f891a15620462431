"""What an interview session is and what it accepts (docs/interviews.md), pure.

A session's `kind` is `group` (a focus group, every session before interviews) or
`interview`: one persona, a guide of 1-30 questions or topics, and an interviewer
(`settings.moderator`: `scripted` asks the guide as written, `ai` decides after each
answer whether to probe, clarify, ask for an example or move on), with at most
`settings.maxProbes` follow-ups per topic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

GROUP, INTERVIEW = "group", "interview"
KINDS: tuple[str, ...] = (GROUP, INTERVIEW)
INTERVIEW_QUESTIONS_MIN, INTERVIEW_QUESTIONS_MAX = 1, 30
DEFAULT_MAX_PROBES, MAX_PROBES_LIMIT = 2, 5

MSG_BAD_KIND = "Session kind must be group or interview"
MSG_ONE_PERSONA = "An interview has exactly one persona"
MSG_GUIDE_SIZE = f"An interview guide needs {INTERVIEW_QUESTIONS_MIN}-{INTERVIEW_QUESTIONS_MAX} questions or topics"
MSG_MAX_PROBES = (
    f"Follow-ups per topic (maxProbes) must be a whole number from 0 to {MAX_PROBES_LIMIT}"
)
MSG_INTERVIEW_MODE = (
    "An interview has one speaker: discussion mode natural and private answers do not apply"
)


def session_kind(value: Any) -> str:
    """The stored kind of a session; anything unknown (older rows) is a group."""
    return INTERVIEW if value == INTERVIEW else GROUP


def max_probes(settings: Mapping[str, Any] | None) -> int:
    """Follow-ups per topic: the setting when valid, else the default."""
    value = (settings or {}).get("maxProbes")
    if type(value) is int and 0 <= value <= MAX_PROBES_LIMIT:
        return value
    return DEFAULT_MAX_PROBES


def interview_errors(
    participant_count: int, questions: Sequence[str], settings: Mapping[str, Any]
) -> list[str]:
    """Every problem of an interview's setup (its name and stimuli are checked as a group's)."""
    errors = []
    if participant_count != 1:
        errors.append(MSG_ONE_PERSONA)
    if not INTERVIEW_QUESTIONS_MIN <= len(questions) <= INTERVIEW_QUESTIONS_MAX:
        errors.append(MSG_GUIDE_SIZE)
    probes = settings.get("maxProbes")
    if probes is not None and not (type(probes) is int and 0 <= probes <= MAX_PROBES_LIMIT):
        errors.append(MSG_MAX_PROBES)
    if settings.get("discussionMode") == "natural" or settings.get("privateAnswers") is True:
        errors.append(MSG_INTERVIEW_MODE)
    return errors
