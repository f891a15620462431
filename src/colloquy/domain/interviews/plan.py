"""Where an interview's run stands, from its stored messages only (pure), so a resumed
run, or another process taking it over, finds the same next step (docs/interviews.md).

Per guide question (topic) q, with the one persona (participant 0):
    question (q, 0)          the interviewer asks the guide question as written
    response (q, 0, 0)       the persona answers
  AI interviewer only, repeated until the topic ends:
    decision (q, r)          stored as `probe` (a follow-up, r = 1, 2, ...) or as
                             `summary` (move on: the topic ends), with the reason in its note
    response (q, r, 0)       the answer to follow-up r
The scripted interviewer asks the guide only. A topic with a move-on (or a later topic
already asked) is done; the interview is complete after the last topic.
  The researcher's typed questions (take over, takeover.py):
    researcher (q, r)        a typed question in the latest topic, at the round after its
                             last answer; answered as response (q, r, 0) before anything
                             else, even after the topic's move-on. Not counted as follow-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

QUESTION, ANSWER, PROBE, SUMMARY = "question", "response", "probe", "summary"  # message kinds
RESEARCHER = "researcher"  # a typed question (takeover.py)
ASKED = (PROBE, RESEARCHER)  # the interviewer's questions after the guide question
TYPED_ROUNDS = 30  # typed questions per interview at most (takeover.TYPED_QUESTIONS_MAX)


@dataclass(frozen=True)
class Step:
    kind: str  # QUESTION, ANSWER, or PROBE: the interviewer's decision after an answer
    question_index: int
    round_index: int
    participant_index: int | None = None


def topic(messages: Iterable[Mapping[str, Any]], q: int) -> list[Mapping[str, Any]]:
    return [m for m in messages if m["questionIndex"] == q]


def answers_of(own: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return sorted((m for m in own if m["kind"] == ANSWER), key=lambda m: m["round"])


def next_step(messages: Sequence[Mapping[str, Any]], question_count: int, ai: bool) -> Step | None:
    """The first step not yet stored; None when the interview is complete."""
    for q in range(question_count):
        own = topic(messages, q)
        if not any(m["kind"] == QUESTION for m in own):
            return Step(QUESTION, q, 0)
        answers = answers_of(own)
        answered = {m["round"] for m in answers}
        owed = sorted(({0} | {m["round"] for m in own if m["kind"] in ASKED}) - answered)
        if owed:
            return Step(ANSWER, q, owed[0], 0)
        later = any(m["questionIndex"] > q for m in messages)
        if later or any(m["kind"] == SUMMARY for m in own):
            continue
        if ai:
            return Step(PROBE, q, len(answers))
    return None


def probes_asked(messages: Iterable[Mapping[str, Any]], q: int) -> int:
    return sum(1 for m in topic(messages, q) if m["kind"] == PROBE)


def indices_valid(
    question_count: int, max_probes: int, stored: Iterable[tuple[str, int, int, int | None]]
) -> bool:
    """False for a damaged interview: no guide, or a message outside the plan's positions.
    Each typed question adds a round to its topic (one more when asked after the move-on)."""
    if question_count < 1:
        return False
    keys = list(stored)
    typed: dict[int, int] = {}
    for kind, q, _, _ in keys:
        if kind == RESEARCHER:
            typed[q] = typed.get(q, 0) + 1
    return all(
        0 <= q < question_count
        and 0 <= r <= max_probes + 1 + typed.get(q, 0) + (1 if typed.get(q) else 0)
        and p in (None, 0)
        for _, q, r, p in keys
    )


def planned_answers(question_count: int, ai: bool, max_probes: int) -> int:
    """Answers of a complete interview at most: one per topic, plus its follow-ups."""
    return question_count * (1 + max_probes if ai else 1)


def planned_steps(question_count: int, ai: bool, max_probes: int) -> int:
    """Messages of a complete interview at most (question, answers, decisions)."""
    if not ai:
        return question_count * 2
    return question_count * (1 + (max_probes + 1) + (max_probes + 1))


def progress(
    question_count: int, ai: bool, max_probes: int, messages: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The live counters: answers so far of the most there can be, and where the next step is."""
    nxt = next_step(messages, question_count, ai)
    q, r = (nxt.question_index, nxt.round_index) if nxt else (max(question_count - 1, 0), 0)
    return {
        "responses": sum(1 for m in messages if m["kind"] == ANSWER),
        "total": planned_answers(question_count, ai, max_probes),
        "questionIndex": q,
        "round": r,
        "participantIndex": nxt.participant_index if nxt else None,
    }
