"""The interview's prompts (docs/interviews.md), pure: the persona's answer and the AI
interviewer's decision."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews.decisions import ACTIONS

INTERVIEW_SETTING = "taking part in a one-to-one in-depth research interview"
INTERVIEWER_SPEAKER = "Interviewer"
RESEARCHER_SPEAKER = "Researcher"
DECISION_MAX_TOKENS = 300
INTERVIEWER_SYSTEM = (
    "You are an experienced qualitative researcher running a one-to-one in-depth interview. "
    "After each answer you decide the next move. Never ask a leading question: do not "
    "suggest an answer, ask for agreement or assume a feeling the person has not stated. "
    "Reply with JSON only."
)


def exchange_lines(
    own: Sequence[Mapping[str, Any]], persona_name: str, researcher: str = INTERVIEWER_SPEAKER
) -> list[str]:
    """The topic so far as 'Interviewer: ...' / '<name>: ...' lines, oldest first; a
    question the researcher typed is labelled `researcher` (the persona hears the
    interviewer)."""
    lines = []
    for m in own:
        who = persona_name if m.get("kind") == "response" else INTERVIEWER_SPEAKER
        if m.get("kind") == "researcher":
            who = researcher
        lines.append(f"{who}: {m.get('content') or ''}")
    return lines


def answer_prompt(
    guide_question: str,
    own: Sequence[Mapping[str, Any]],
    asked: str,
    persona_name: str,
    memory: str | None = None,
) -> str:
    """The persona's turn: what it remembers of its focus group (a follow-up interview),
    the topic's exchange so far, then what the interviewer asks now."""
    lines = [memory, ""] if memory else []
    lines.append(f"The interviewer's topic: {guide_question}")
    earlier = exchange_lines(own, persona_name)
    if earlier:
        lines += ["", "The interview on this topic so far:", *earlier]
    lines += [
        "",
        f"The interviewer now asks you: {asked}",
        "",
        (
            "Answer in the first person, as yourself, speaking to the interviewer. "
            "Write only your answer: no name label, no quotes."
        ),
    ]
    return "\n".join(lines)


def decision_prompt(
    guide_question: str,
    own: Sequence[Mapping[str, Any]],
    persona_name: str,
    probes_left: int,
) -> str:
    """What the AI interviewer reads to decide its next move on the topic."""
    return "\n".join(
        [
            f"Topic of the guide: {guide_question}",
            "",
            (
                "The interview on this topic so far (Researcher: a question the human "
                "researcher asked in your place; go on from it):"
            ),
            *exchange_lines(own, persona_name, researcher=RESEARCHER_SPEAKER),
            "",
            f"You may ask at most {probes_left} more follow-up(s) on this topic.",
            "Choose one action:",
            (
                '- "ladder": ask why what they just said matters to them '
                '(e.g. "Why does that matter to you?"), building on their own words;'
            ),
            '- "clarify": ask what they mean by a vague word or claim in their last answer;',
            '- "example": ask for a concrete example from their own life;',
            '- "move_on": the topic is covered, go to the next one.',
            "The follow-up must follow from their last answer and must not suggest an answer.",
            'Reply with JSON only: {"action": one of '
            + ", ".join(f'"{a}"' for a in ACTIONS)
            + ', "reason": "why, in a few words", "question": "your follow-up, or empty"}',
        ]
    )
