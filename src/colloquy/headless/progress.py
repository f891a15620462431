"""What a headless run shows while it runs (Rich): each answer as it arrives, the current
question and round, answers done of planned, tokens, and the cost when the server reports
one (`usage.costUsd`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

ANSWER_PREVIEW = 160


def new_progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def cost_text(view: dict[str, Any]) -> str:
    usage = view.get("usage")
    if isinstance(usage, dict) and isinstance(usage.get("costUsd"), int | float):
        return f" · ${usage['costUsd']:.4f}"
    return ""


def session_line(view: dict[str, Any]) -> str:
    p = view.get("progress") or {}
    questions = len(view.get("questions") or [])
    tokens = view.get("tokensUsed") or 0
    usage = view.get("usage")
    if isinstance(usage, dict) and usage.get("promptTokens") is not None:
        tokens = int(usage.get("promptTokens") or 0) + int(usage.get("completionTokens") or 0)
    q = min(int(p.get("questionIndex") or 0) + 1, max(questions, 1))
    step = f"round {int(p.get('round') or 0) + 1}"
    if p.get("turnBudget"):  # natural mode counts turns, not rounds
        step = f"turn {p.get('turn') or 0} of ~{p['turnBudget']}"
    return f"Q{q}/{questions} {step} · {tokens:,} tokens{cost_text(view)}"


def answer_line(message: dict[str, Any]) -> str:
    text = " ".join(str(message.get("content") or "").split())
    if len(text) > ANSWER_PREVIEW:
        text = text[: ANSWER_PREVIEW - 1] + "…"
    speaker = escape(str(message.get("speaker") or ""))
    style = "bold cyan" if message.get("personaId") else "bold"
    return f"[{style}]{speaker}[/{style}]: {escape(text)}"


def survey_line(view: dict[str, Any]) -> str:
    p = view.get("progress") or {}
    errors = int(p.get("errors") or 0)
    failed = f" · {errors} failed" if errors else ""
    return f"{escape(str(view.get('name') or 'Survey'))} · {view.get('status')}{failed}{cost_text(view)}"
