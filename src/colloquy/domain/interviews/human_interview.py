"""A real one-to-one interview's transcript (docs/interviews.md "Imported human
interviews"), pure: exactly two speakers, one of them the interviewer.

The interviewer is, in order:
1. the speaker the researcher names;
2. the one speaker whose role (JSON/CSV) or name is a moderator's (Interviewer,
   Moderator, Facilitator);
3. the speaker who asks: more of their turns hold a question mark than the other's, and
   at least half of their own turns do.
Otherwise the transcript is refused with a message asking the researcher to name them.
Each interviewer turn opens a topic or follows up on the current one, as a group
moderator's does (question_breaks.py); the researcher may correct that list.
"""

from __future__ import annotations

from collections.abc import Sequence

from colloquy.domain.sessions.transcript_import import (
    MODERATOR_NAMES,
    MODERATOR_ROLES,
    Transcript,
    TranscriptError,
    Turn,
    build_transcript,
    read_turns,
)

MSG_INTERVIEW_ONE_SPEAKER = (
    "Only one speaker found: an interview needs an interviewer and a respondent"
)
MSG_NO_INTERVIEWER = (
    "Cannot tell which speaker is the interviewer: both ask about as many questions. "
    "Name the interviewer"
)


def msg_too_many_speakers(names: Sequence[str]) -> str:
    return (
        "An interview transcript has two speakers, the interviewer and the respondent: "
        f"this one has {len(names)} ({', '.join(names)}). Import it as a focus group instead"
    )


def msg_unknown_interviewer(name: str) -> str:
    return f'The interviewer "{name}" does not speak in this transcript'


def speakers(turns: Sequence[Turn]) -> list[str]:
    """Each speaker once, as first written, in order of first turn."""
    seen: dict[str, str] = {}
    for t in turns:
        seen.setdefault(t.speaker.lower(), t.speaker)
    return list(seen.values())


def asks(text: str) -> bool:
    return "?" in text or "¿" in text


def interviewer_of(turns: Sequence[Turn], named: str | None = None) -> str:
    """The interviewer of a two-speaker transcript (the rule above), or TranscriptError."""
    names = speakers(turns)
    if len(names) < 2:
        raise TranscriptError(MSG_INTERVIEW_ONE_SPEAKER)
    if len(names) > 2:
        raise TranscriptError(msg_too_many_speakers(names))
    if named and named.strip():
        found = [n for n in names if n.lower() == named.strip().lower()]
        if not found:
            raise TranscriptError(msg_unknown_interviewer(named.strip()))
        return found[0]
    by_role = {t.speaker.lower() for t in turns if t.role in MODERATOR_ROLES}
    by_name = {n.lower() for n in names if n.lower() in MODERATOR_NAMES}
    for marked in (by_role, by_name):
        if len(marked) == 1:
            return next(n for n in names if n.lower() in marked)
    asked = {
        n: sum(1 for t in turns if t.speaker.lower() == n.lower() and asks(t.content))
        for n in names
    }
    spoke = {n: sum(1 for t in turns if t.speaker.lower() == n.lower()) for n in names}
    first, second = sorted(names, key=lambda n: asked[n], reverse=True)
    if asked[first] > asked[second] and 2 * asked[first] >= spoke[first]:
        return first
    raise TranscriptError(MSG_NO_INTERVIEWER)


def parse_interview(
    text: str,
    filename: str = "",
    interviewer: str | None = None,
    question_starts: list[int] | None = None,
) -> Transcript:
    """A two-speaker transcript read with its interviewer as the moderator."""
    turns = read_turns(text, filename)
    if not turns:
        build_transcript(turns)  # raises the "no speaker lines" message
    return build_transcript(turns, interviewer_of(turns, interviewer), question_starts)
