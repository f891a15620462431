"""Private answers in the exports (docs/natural-mode.md), pure: their own section, never in the
transcript. Each row pairs a participant's private answer before and after a question
with both stances and whether they changed their mind (private_answers.shifts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.results.markdown_export import md_text
from colloquy.domain.sessions.messages import STANCE_STATED
from colloquy.domain.sessions.private_answers import STANCES, inferred_count, is_private, shifts


def stance_text(value: Any, method: Any = None) -> str:
    """'4 (agree)', or '4 (agree; inferred by ssr-agreement, not stated)'."""
    if value not in STANCES:
        return "not stated"
    if method is not None and method != STANCE_STATED:
        return f"{value} ({STANCES[value]}; inferred by {method}, not stated)"
    return f"{value} ({STANCES[value]})"


def changed_text(row: Mapping[str, Any]) -> str:
    if row["shift"] is None:
        return "not counted (a stance was inferred)" if _inferred(row) else "unknown"
    return f"yes ({row['shift']:+d})" if row["changedMind"] else "no"


def _inferred(row: Mapping[str, Any]) -> bool:
    return bool(row.get("inferredBefore") or row.get("inferredAfter"))


def private_rows(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return shifts([m for m in messages if is_private(m)])


def private_markdown(questions: Sequence[Any], messages: Sequence[Mapping[str, Any]]) -> str:
    """'## Private answers' with one table per question; '' when there are none."""
    rows = private_rows(messages)
    if not rows:
        return ""
    lines = [
        "## Private answers",
        "",
        (
            "Each participant answered privately before and after the discussion; nobody else "
            "saw these answers."
        ),
        "",
    ]
    inferred = inferred_count(rows)
    if inferred:
        lines += [
            (
                f"{inferred} stance{'s were' if inferred != 1 else ' was'} not stated by the "
                "participant but inferred from the answer's wording; changes of mind count "
                "stated stances only."
            ),
            "",
        ]
    for q in sorted({r["questionIndex"] for r in rows}):
        text = questions[q] if 0 <= q < len(questions) else ""
        lines += [f"### Question {q + 1}: {md_text(text)}", ""]
        lines += ["| Participant | Before | After | Changed their mind |", "|---|---|---|---|"]
        for r in (r for r in rows if r["questionIndex"] == q):
            cells = (
                md_text(r["speaker"]),
                f"{md_text(r['before'])} — {stance_text(r['stanceBefore'], r['methodBefore'])}",
                f"{md_text(r['after'])} — {stance_text(r['stanceAfter'], r['methodAfter'])}",
                changed_text(r),
            )
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def private_csv_rows(messages: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """The CSV's 'Private Answers' section (after the transcript); [] when none."""
    rows = private_rows(messages)
    if not rows:
        return []
    out: list[list[Any]] = [
        [],
        ["Private Answers"],
        [
            "Question",
            "Speaker",
            "Before",
            "Stance Before",
            "After",
            "Stance After",
            "Changed",
            "Stance Before Method",
            "Stance After Method",
        ],
    ]
    for r in rows:
        out.append(
            [
                r["questionIndex"] + 1,
                r["speaker"],
                r["before"],
                r["stanceBefore"] if r["stanceBefore"] is not None else "N/A",
                r["after"],
                r["stanceAfter"] if r["stanceAfter"] is not None else "N/A",
                changed_text(r),
                r["methodBefore"] or "stated",
                r["methodAfter"] or "stated",
            ]
        )
    return out
