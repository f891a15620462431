"""Prompt size per answer as a long session grows (Q=10, P=8: 240 answers).

The model server records each request's prompt (system + user text) in words; tokens
are estimated as words x 1.3, as Colloquy itself does. Answers are made long (bounded
by max_tokens) so that the transcript outgrows the discussion budget."""

from __future__ import annotations

from bench.client import run_async, run_sessions, session_body
from colloquy.engine.prompting import DISCUSSION_TOKEN_BUDGET

ANSWER_WORDS = 110  # 'moderate' answers: max_tokens 150, about 143 tokens each


def run(server, model, *, participants: int = 8, questions: int = 10) -> dict:
    model.configure(latency=0.0, words=ANSWER_WORDS)
    try:
        body = session_body(participants, questions, "sequential", length="moderate")
        out = run_async(run_sessions(server.url, [body], timeout=600))
        record = model.requests()
    finally:
        model.configure(latency=0.0, words=0)
    tokens = [round(r["promptWords"] * 1.3) for r in record]
    per_question = 3 * participants
    per_answer = ANSWER_WORDS * 1.3
    by_question = [tokens[i : i + per_question] for i in range(0, len(tokens), per_question)]
    first_round = [t for i, t in enumerate(tokens) if (i // participants) % 3 == 0]
    fixed = max(first_round, default=0)  # a prompt with no discussion in it
    # The runner trims with its own estimate of "speaker: content" lines; this count takes
    # the whole prompt text, headers included, so allow 5 % for the difference.
    bound = round(fixed + DISCUSSION_TOKEN_BUDGET * 1.05)

    def at(n: int) -> int | None:
        return tokens[n - 1] if 0 < n <= len(tokens) else None

    return {
        "P": participants,
        "Q": questions,
        "answers": len(tokens),
        "answer_10": at(10),
        "answer_200": at(200),
        "answer_24": at(24),
        "answer_240": at(240),
        "max": max(tokens, default=0),
        "fixed": fixed,
        "budget": DISCUSSION_TOKEN_BUDGET,
        "bound": bound,
        "first_q_max": max(by_question[0], default=0),
        "last_q_max": max(by_question[-1], default=0),
        "transcript_at_240": round(len(tokens) * per_answer),
        "bounded": bool(tokens) and max(tokens) <= bound,
        "errors": out["errors"],
    }
