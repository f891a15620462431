"""What a focus group's participant remembers in its follow-up interview (docs/interviews.md
"Follow-up interviews"), pure.

The persona is told what happened in the group: its own turns verbatim, what the others
said, and, where the group had private answers, its own stances before and after each
question. A small model's context is short, so the memory is fitted to a token budget
(MEMORY_TOKENS) by this rule:

1. Each question's heading (shortened to SHORT_WORDS words) and the stance lines are kept
   always; they are counted first.
2. The participant's own turns are kept verbatim; when they do not fit what is left, the
   oldest are dropped until the rest fits.
3. The others' turns fill what is left: all verbatim when they fit; else the oldest are
   shortened first, one at a time, to their first SHORT_WORDS words, until they fit; when
   every long one is shortened and they still do not fit, the oldest are dropped until
   they do.

A line costs estimate_tokens (ceil(words x 1.3)) of the line as the prompt writes it
("Question 1: ...", "You: ...", "Ben: ...", the stance line). The moderator's probes and
summaries are not remembered; the questions are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.sessions.private_answers import PRIVATE_AFTER, PRIVATE_BEFORE, STANCES
from colloquy.domain.sessions.tokens import estimate_tokens

MEMORY_TOKENS = 1500
SHORT_WORDS = 30
ELLIPSIS = "…"
OWN_SPEAKER = "You"


def shorten(text: str, words: int = SHORT_WORDS) -> str:
    """The first `words` words (split on spaces) and an ellipsis; shorter text unchanged."""
    pieces = [p for p in text.split(" ") if p]
    if len(pieces) <= words:
        return text
    return " ".join(pieces[:words]) + ELLIPSIS


def heading_line(number: int, question: str) -> str:
    return f"Question {number}: {shorten(question)}"


def turn_line(turn: Mapping[str, Any]) -> str:
    who = OWN_SPEAKER if turn["own"] else turn["speaker"]
    return f"{who}: {turn['text']}"


def stance_line(before: int | None, after: int | None) -> str:
    def said(value: int | None) -> str:
        return f"{value} ({STANCES[value]})" if value in STANCES else "not given"

    return (
        f"Your private answer (1-5, disagree to agree): before the discussion {said(before)}, "
        f"after it {said(after)}"
    )


def _cost(lines: Sequence[str]) -> int:
    return sum(estimate_tokens(line) for line in lines)


def group_turns(
    messages: Sequence[Mapping[str, Any]], participant_index: int
) -> list[dict[str, Any]]:
    """The group's public participant turns in order: {questionIndex, speaker, own, text}."""
    turns = []
    for m in sorted(messages, key=lambda m: m.get("seq") or 0):
        if m.get("kind") != "response" or not isinstance(m.get("participantIndex"), int):
            continue
        turns.append(
            {
                "questionIndex": int(m.get("questionIndex") or 0),
                "speaker": str(m.get("speaker") or ""),
                "own": m["participantIndex"] == participant_index,
                "text": str(m.get("content") or "").strip(),
                "shortened": False,
            }
        )
    return [t for t in turns if t["text"]]


def stances(messages: Sequence[Mapping[str, Any]], participant_index: int) -> list[dict[str, Any]]:
    """The participant's private stances per question: {questionIndex, before, after}."""
    found: dict[int, dict[str, Any]] = {}
    for m in messages:
        kind = m.get("kind")
        if kind not in (PRIVATE_BEFORE, PRIVATE_AFTER):
            continue
        if m.get("participantIndex") != participant_index:
            continue
        q = int(m.get("questionIndex") or 0)
        entry = found.setdefault(q, {"questionIndex": q, "before": None, "after": None})
        stance = m.get("stance")
        entry["before" if kind == PRIVATE_BEFORE else "after"] = (
            stance if type(stance) is int else None
        )
    return [found[q] for q in sorted(found)]


def fit_memory(
    questions: Sequence[str],
    turns: Sequence[Mapping[str, Any]],
    stance_rows: Sequence[Mapping[str, Any]],
    budget: int = MEMORY_TOKENS,
) -> dict[str, Any]:
    """The memory kept under `budget` tokens (the rule above): {questions: [{index, text}],
    turns (kept, in order, each marked `shortened`), stances, droppedOwn, droppedOthers,
    shortened, budget, tokens}."""
    asked = sorted({t["questionIndex"] for t in turns} | {s["questionIndex"] for s in stance_rows})
    kept_questions = [
        {"index": q, "text": str(questions[q]) if 0 <= q < len(questions) else ""} for q in asked
    ]
    fixed = _cost([heading_line(q["index"] + 1, q["text"]) for q in kept_questions])
    fixed += _cost([stance_line(s["before"], s["after"]) for s in stance_rows])
    left = budget - fixed
    own = [dict(t, shortened=False) for t in turns if t["own"]]
    while own and _cost([turn_line(t) for t in own]) > left:
        own.pop(0)
    dropped_own = sum(1 for t in turns if t["own"]) - len(own)
    left -= _cost([turn_line(t) for t in own])
    others = [dict(t, shortened=False) for t in turns if not t["own"]]
    total_others = len(others)
    shortened = 0
    for turn in others:
        if _cost([turn_line(t) for t in others]) <= left:
            break
        short = shorten(turn["text"])
        if short != turn["text"]:
            turn["text"], turn["shortened"] = short, True
            shortened += 1
    while others and _cost([turn_line(t) for t in others]) > left:
        dropped = others.pop(0)
        shortened -= 1 if dropped["shortened"] else 0
    ordered = _in_order(turns, own, others)
    return {
        "questions": kept_questions,
        "turns": ordered,
        "stances": [dict(s) for s in stance_rows],
        "droppedOwn": dropped_own,
        "droppedOthers": total_others - len(others),
        "shortened": shortened,
        "budget": budget,
        "tokens": fixed + _cost([turn_line(t) for t in ordered]),
    }


def _in_order(
    turns: Sequence[Mapping[str, Any]], own: list[dict[str, Any]], others: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Own and others' kept turns merged back into the group's order."""
    own_left = sum(1 for t in turns if t["own"]) - len(own)
    others_left = sum(1 for t in turns if not t["own"]) - len(others)
    out: list[dict[str, Any]] = []
    i = j = 0
    for t in turns:
        if t["own"]:
            if own_left:
                own_left -= 1
            else:
                out.append(own[i])
                i += 1
        elif others_left:
            others_left -= 1
        else:
            out.append(others[j])
            j += 1
    return out


def memory_block(memory: Mapping[str, Any], group_name: str) -> str:
    """The "what you remember from the focus group" block of the interview's prompts."""
    lines = [
        (
            f'What you remember from the focus group "{group_name}" you took part in '
            "(your own words exactly; the others' words may be shortened):"
        )
    ]
    by_question: dict[int, list[str]] = {}
    for turn in memory.get("turns") or []:
        by_question.setdefault(int(turn["questionIndex"]), []).append(turn_line(turn))
    stance_of = {int(s["questionIndex"]): s for s in memory.get("stances") or []}
    for q in memory.get("questions") or []:
        index = int(q["index"])
        lines.append(heading_line(index + 1, str(q["text"])))
        lines += by_question.get(index, [])
        if index in stance_of:
            lines.append(stance_line(stance_of[index]["before"], stance_of[index]["after"]))
    dropped = int(memory.get("droppedOwn") or 0) + int(memory.get("droppedOthers") or 0)
    if dropped:
        lines.append(f"({dropped} earlier remark(s) are left out.)")
    return "\n".join(lines)
