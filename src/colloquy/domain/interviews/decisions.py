"""The AI interviewer's decision after each answer (docs/interviews.md), pure.

After every answer on a topic the interviewer either follows up, with one of three
moves, or moves on to the next topic of the guide:
    ladder   "Why does that matter to you?": from what the persona said to why it matters
    clarify  a word or claim in the answer is vague: ask what they mean
    example  ask for a concrete instance from their own life
    move_on  the topic is done
The stop rule comes first and needs no model call; the topic ends when
    1. its follow-ups reached the limit (settings.maxProbes, default 2), or
    2. the last answer repeats the one before (most of its words were said already), or
    3. the persona says they have nothing to add ("I don't know", "that's all").
Otherwise the model decides (a JSON reply: action, reason, question). Its question is
kept only when it is not leading (leading.py); else the neutral question of its move is
asked and the note says what was refused. A reply that cannot be read moves on. Every
decision is stored with its reason in the message's note.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from colloquy.domain.interviews.leading import leading_reason

LADDER, CLARIFY, EXAMPLE, MOVE_ON = "ladder", "clarify", "example", "move_on"
FOLLOW_UPS: tuple[str, ...] = (LADDER, CLARIFY, EXAMPLE)
ACTIONS: tuple[str, ...] = (*FOLLOW_UPS, MOVE_ON)
NEUTRAL: dict[str, str] = {
    LADDER: "Why does that matter to you?",
    CLARIFY: "Could you say a bit more about what you mean by that?",
    EXAMPLE: "Can you give me an example from your own experience?",
}
MOVE_ON_LINE = "Thank you, that's helpful. Let's turn to the next topic."
CLOSING_LINE = "Thank you, that's everything I wanted to ask."
REPEAT_SHARE = 0.7  # share of the last answer's words already in the one before
NOTHING_MORE_WORDS = 12
FOLLOW_UP_MAX_CHARS = 400
_NOTHING_MORE = re.compile(
    r"\b(i don'?t know|not sure|nothing (else|more)|that'?s (all|it)|no idea|"
    r"can'?t think of (anything|any))\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z0-9']+")
_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "i",
        "i'm",
        "in",
        "is",
        "it",
        "it's",
        "my",
        "of",
        "on",
        "or",
        "so",
        "that",
        "the",
        "this",
        "to",
        "was",
        "we",
        "with",
        "you",
        "me",
    ]
)


@dataclass(frozen=True)
class Decision:
    action: str  # one of ACTIONS
    reason: str
    question: str  # what the interviewer says (a follow-up, or the move-on line)

    @property
    def follows_up(self) -> bool:
        return self.action in FOLLOW_UPS

    @property
    def note(self) -> str:
        return f"Interviewer decision: {self.action.replace('_', ' ')} ({self.reason})"


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP_WORDS}


def repeat_share(last: str, before: str) -> float:
    """Share of the last answer's content words (distinct) that the answer before used."""
    words = _content_words(last)
    if not words:
        return 1.0
    return len(words & _content_words(before)) / len(words)


def stop_reason(answers: Sequence[str], probes_asked: int, limit: int) -> str | None:
    """Why the topic ends now without asking the model (the stop rule), or None.
    `answers`: the persona's answers on the topic, oldest first."""
    if probes_asked >= limit:
        return f"reached the limit of {limit} follow-ups on this topic"
    if not answers:
        return None
    last = answers[-1]
    if len(answers) >= 2 and repeat_share(last, answers[-2]) >= REPEAT_SHARE:
        return "the answer repeats the one before: the topic is exhausted"
    if len(_WORD.findall(last.lower())) < NOTHING_MORE_WORDS and _NOTHING_MORE.search(last):
        return "the persona has nothing to add"
    return None


def moving_on(reason: str, last_topic: bool) -> Decision:
    return Decision(MOVE_ON, reason, CLOSING_LINE if last_topic else MOVE_ON_LINE)


def parse_reply(text: str) -> tuple[str, str, str] | None:
    """(action, reason, question) from the model's JSON reply; None when unreadable."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(text[start : end + 1])
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    action = str(data.get("action") or "").strip().lower().replace(" ", "_").replace("-", "_")
    if action not in ACTIONS:
        return None
    reason = " ".join(str(data.get("reason") or "").split())[:200] or "no reason given"
    question = " ".join(str(data.get("question") or "").split())[:FOLLOW_UP_MAX_CHARS]
    return action, reason, question


def decide(reply: str, last_answer: str, last_topic: bool) -> Decision:
    """The interviewer's move from the model's reply (the stop rule was checked before)."""
    parsed = parse_reply(reply)
    if parsed is None:
        return moving_on("the model's decision could not be read", last_topic)
    action, reason, question = parsed
    if action == MOVE_ON:
        return moving_on(reason, last_topic)
    if not question.endswith("?"):
        return Decision(
            action,
            f"{reason}; the model wrote no question, the neutral one was asked",
            NEUTRAL[action],
        )
    leading = leading_reason(question, last_answer)
    if leading is not None:
        refused = f'{reason}; refused the leading "{question}" ({leading})'
        return Decision(action, refused, NEUTRAL[action])
    return Decision(action, reason, question)
