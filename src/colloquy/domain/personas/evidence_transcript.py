"""An interview transcript as evidence: the person's own turns are their words, the
interviewer's only the context of each answer (docs/evidence.md#evidence-that-fits).

Why: cut into passages as plain text, a transcript put the interviewer's questions and
remarks into the persona's prompt under "your own words". Read as a transcript instead,
each of the person's turns becomes a paragraph opened by the question it answered,
"[Asked: ...] answer" (the tag the personas from people use, explained in the evidence
block's heading), and the interviewer's other lines are left out.

A text is read as a transcript when at least MIN_TURNS of its lines open with a speaker
label ("Interviewer:", "Q:", "Ana:", "**Moderator 1:**"), at least one speaker is an
interviewer (INTERVIEWER) and one is not. With several speakers who are not interviewers
(a group transcript), the person is the one who said most; the others' lines are left out
like the interviewer's remarks.
"""

from __future__ import annotations

import re

MIN_TURNS = 4
ASKED_MAX_WORDS = 40  # the context kept of a long question: its last words
_LABEL = re.compile(r"^\s*[*_]*\s*([A-Za-z][\w .'’-]{0,40}?)\s*[*_]*\s*:[*_]*\s*(.*)$")
INTERVIEWER = re.compile(
    r"^(?:interviewer|moderator|facilitator|researcher|host|q|i|int|iv)(?:\s*\d+)?$",
    re.IGNORECASE,
)


def _turns(text: str) -> list[tuple[str, str]]:
    turns: list[tuple[str, str]] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        match = _LABEL.match(line)
        if match and len(match.group(1).split()) <= 3:
            who, said = match.group(1).strip(), match.group(2).strip()
            if turns and turns[-1][0] == who:
                turns[-1] = (who, f"{turns[-1][1]} {said}".strip())
            else:
                turns.append((who, said))
        elif line.strip() and turns:
            turns[-1] = (turns[-1][0], f"{turns[-1][1]} {line.strip()}".strip())
    return turns


def _context(question: str) -> str:
    words = question.split()
    return " ".join(words[-ASKED_MAX_WORDS:]) if words else ""


def interview_paragraphs(text: str) -> list[str] | None:
    """The person's turns, each "[Asked: <the interviewer's last line>] <turn>" (the tag
    only on the first turn after a question); None when `text` is not an interview
    transcript (then it is evidence as written)."""
    turns = _turns(text)
    if len(turns) < MIN_TURNS:
        return None
    asking = [INTERVIEWER.match(who) is not None for who, _ in turns]
    if not any(asking) or all(asking):
        return None
    said_by: dict[str, int] = {}
    for (who, said), interviewer in zip(turns, asking, strict=True):
        if not interviewer:
            said_by[who] = said_by.get(who, 0) + len(said.split())
    person = max(said_by, key=lambda who: said_by[who])
    out, asked = [], ""
    for (who, said), interviewer in zip(turns, asking, strict=True):
        if interviewer:
            asked = _context(said)
            continue
        if who == person and said:
            out.append(f"[Asked: {asked}] {said}" if asked else said)
            asked = ""
    return out
