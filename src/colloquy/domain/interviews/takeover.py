"""Take over (docs/interviews.md), pure: the researcher types the interviewer's next
question in a running interview, the persona answers it, and the researcher hands back.

A typed question is stored as the interviewer's message (speaker "Moderator", so every
reader treats it as the interviewer's side) of kind `researcher`, in the current topic at
the round after its last answer. While the interview is taken over the interviewer asks
nothing of its own: no decision, no guide question, no end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews import plan
from colloquy.domain.interviews.plan import ASKED, TYPED_ROUNDS

RESEARCHER = plan.RESEARCHER  # the message kind of a typed question

RESEARCHER_LABEL = "Researcher"
QUESTION_MAX_CHARS = 2000
TYPED_QUESTIONS_MAX = (
    TYPED_ROUNDS  # per interview: the run's request and iteration guards count them
)

MSG_NOT_INTERVIEW = "Take over applies to interviews only"
MSG_NOT_RUNNING = "The interview is not running: start or resume it first"
MSG_NOT_TAKEN_OVER = "Take over the interview before typing a question"
MSG_ALREADY_TAKEN_OVER = "The interview is already taken over"
MSG_PENDING = "Your last question has not been asked yet: wait for it before typing another"
MSG_EMPTY = "Type a question (1-2000 characters)"
MSG_TOO_LONG = f"A question is at most {QUESTION_MAX_CHARS} characters"
MSG_TOO_MANY = f"An interview takes at most {TYPED_QUESTIONS_MAX} typed questions"


def question_error(text: str) -> str | None:
    """Why a typed question is refused (None: it is fine); counted after trimming."""
    stripped = text.strip()
    if not stripped:
        return MSG_EMPTY
    if len(stripped) > QUESTION_MAX_CHARS:
        return MSG_TOO_LONG
    return None


def take_over_refusal(kind: str, running: bool, taken_over: bool) -> str | None:
    if kind != "interview":
        return MSG_NOT_INTERVIEW
    if not running:
        return MSG_NOT_RUNNING
    if taken_over:
        return MSG_ALREADY_TAKEN_OVER
    return None


def ask_refusal(
    kind: str, running: bool, taken_over: bool, pending: str | None, typed_so_far: int
) -> str | None:
    """Why a typed question cannot be queued now (None: it can)."""
    if kind != "interview":
        return MSG_NOT_INTERVIEW
    if not running:
        return MSG_NOT_RUNNING
    if not taken_over:
        return MSG_NOT_TAKEN_OVER
    if pending is not None:
        return MSG_PENDING
    if typed_so_far >= TYPED_QUESTIONS_MAX:
        return MSG_TOO_MANY
    return None


def hand_back_refusal(kind: str, taken_over: bool) -> str | None:
    if kind != "interview":
        return MSG_NOT_INTERVIEW
    if not taken_over:
        return MSG_NOT_TAKEN_OVER
    return None


def typed_count(messages: Sequence[Mapping[str, Any]]) -> int:
    return sum(1 for m in messages if m.get("kind") == RESEARCHER)


def typed_position(messages: Sequence[Mapping[str, Any]]) -> tuple[int, int] | None:
    """(topic, round) of a typed question asked now: the latest topic asked, at the round
    after its last answer. None while nothing is asked yet or an answer is still owed
    (every interviewer question of the topic needs its answer first)."""
    asked = [m["questionIndex"] for m in messages if m.get("kind") == "question"]
    if not asked:
        return None
    q = max(asked)
    own = [m for m in messages if m["questionIndex"] == q]
    answered = {m["round"] for m in own if m.get("kind") == "response"}
    owed = {0} | {m["round"] for m in own if m.get("kind") in ASKED}
    if owed - answered:
        return None
    # After the topic's move-on, past it too, so the transcript keeps the order asked.
    summaries = [m["round"] for m in own if m.get("kind") == "summary"]
    return q, max([*answered, *summaries]) + 1


def speaker_label(message: Mapping[str, Any]) -> str:
    """Who a transcript line is by, for people: a typed question is the researcher's."""
    if message.get("kind") == RESEARCHER:
        return RESEARCHER_LABEL
    return str(message.get("speaker") or "")
