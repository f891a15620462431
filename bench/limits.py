"""The lower bounds a session's wall time is compared with (formulas, no I/O).

A session holds, per question, 1 question + 2 round prompts (no model call) and 3 x P
answers. Only answers call the model, each taking at least L seconds.
"""

from __future__ import annotations

# The original product's browser loop: 1500 ms after an answer and 500 ms before the next;
# 1000 ms around each moderator message.
BROWSER_PAUSE_PER_ANSWER = 1.5 + 0.5
BROWSER_PAUSE_PER_MODERATOR = 1.0


def model_limit(participants: int, questions: int, latency: float, mode: str) -> float:
    """Chain of model calls that cannot overlap. Sequential: round 1 is one concurrent
    batch, rounds 2-3 go one participant at a time: Q x (1 + 2P) x L. Parallel: each
    round is one batch: Q x 3 x L."""
    if mode == "parallel":
        return questions * 3 * latency
    return questions * (1 + 2 * participants) * latency


def browser_loop(participants: int, questions: int, latency: float) -> float:
    """The original product's browser loop: every answer in turn, each followed by 2 s of pauses,
    and 1 s per moderator message (question + 2 round prompts per question):
        Q x 3P x (L + 2 s) + Q x 3 x 1 s"""
    answers = questions * 3 * participants
    return (
        answers * (latency + BROWSER_PAUSE_PER_ANSWER) + questions * 3 * BROWSER_PAUSE_PER_MODERATOR
    )


BROWSER_FORMULA = "Q x 3P x (L + 2 s) + Q x 3 x 1 s"
