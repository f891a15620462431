"""Personas made from real people (docs/evidence.md): one per participant of an imported
human group, or one per respondent of a survey export, with their own words as evidence.

Why placeholders: a persona needs age, gender, location, income and an interest, but a
transcript says none of them. The persona gets neutral values the researcher is asked to
fill in (tag "fill in demographics"); its words are the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import TRAITS
from colloquy.domain.personas.evidence_tier import MAX_WORDS
from colloquy.domain.text.csv_errors import read_csv_rows as csv_rows
from colloquy.domain.validation import validate_persona

NOT_STATED = "Not stated"
PLACEHOLDER_AGE = 30
TAG_FROM_PEOPLE = "from people"
TAG_FILL_IN = "fill in demographics"
TAG_SUGGESTED = "traits suggested"
FIELDS = ("name", "age", "gender", "location", "income")
EVIDENCE, IGNORE = "evidence", "ignore"
ROWS_MAX = 500
MSG_NO_ROWS = "The file has no respondents: a header row and at least one row are needed"
MSG_TOO_MANY_ROWS = f"At most {ROWS_MAX} respondents per file"
# Personas from a human group: each participant who spoke costs one or two model calls
# (AI Assist's traits), so one request makes personas of at most this many
# (docs/evidence.md, "Personas from real people").
GROUP_PEOPLE_MAX = 50


def too_many_people(speakers: int) -> str | None:
    """The refusal of a group with more speaking participants than one request makes."""
    if speakers <= GROUP_PEOPLE_MAX:
        return None
    return (
        f"This group has {speakers:,} participants who spoke; personas are made from at "
        f"most {GROUP_PEOPLE_MAX} at once (each costs one or two model calls)"
    )


MSG_NO_NAME_COLUMN = "Map one column to name"
MSG_NO_EVIDENCE_COLUMN = "Map at least one column to evidence (the open answers)"

_GUESSES: tuple[tuple[str, str], ...] = (
    (r"\b(name|respondent|participant)\b", "name"),
    (r"\bage\b", "age"),
    (r"\b(gender|sex)\b", "gender"),
    (r"\b(location|city|country|region|state|town)\b", "location"),
    (r"\b(income|salary|earnings)\b", "income"),
    (r"\b(id|timestamp|date|time|email|ip)\b", IGNORE),
)


def placeholder_persona(name: str, tags: Sequence[str] = ()) -> dict[str, Any]:
    """A persona that passes the persona rules with neutral values to fill in."""
    return {
        "name": name.strip()[:100],
        "age": PLACEHOLDER_AGE,
        "gender": NOT_STATED,
        "location": NOT_STATED,
        "income": NOT_STATED,
        "traits": {t: 50 for t in TRAITS},
        "interests": [NOT_STATED],
        "tags": [TAG_FROM_PEOPLE, TAG_FILL_IN, *tags],
    }


# Which questions' answers a group's personas are built from; the rest are held out, so a
# replay can ask them and the similarity is not a measure of copying (docs/evidence.md).
ALTERNATE, FIRST_HALF, ALL = "alternate", "first-half", "all"
SPLITS = (ALTERNATE, FIRST_HALF, ALL)
MSG_NO_EVIDENCE_QUESTION = "Choose at least one question whose answers the personas learn from"


def evidence_questions(
    count: int, split: str = ALTERNATE, chosen: Sequence[int] | None = None
) -> list[int]:
    """The questions (0-based) whose answers become evidence: `chosen` when given, else
    every other question from the first (`alternate`), the first half rounded up
    (`first-half`) or all of them (`all`). ValueError naming a bad choice."""
    if chosen is not None:
        bad = sorted({q for q in chosen if not 0 <= q < count})
        if bad:
            raise ValueError(
                f"No question {', '.join(str(q + 1) for q in bad)}: "
                f"the group has {count} question{'s' if count != 1 else ''}"
            )
        picked = sorted(set(chosen))
    elif split == ALTERNATE:
        picked = list(range(0, count, 2))
    elif split == FIRST_HALF:
        picked = list(range((count + 1) // 2))
    elif split == ALL:
        picked = list(range(count))
    else:
        raise ValueError(f"Unknown split: {split} (one of {', '.join(SPLITS)})")
    if count and not picked:
        raise ValueError(MSG_NO_EVIDENCE_QUESTION)
    return picked


def participant_turns(
    messages: Sequence[Mapping[str, Any]],
    participant_index: int,
    questions: Sequence[int] | None = None,
) -> list[Mapping[str, Any]]:
    """A participant's answers in the order spoken (only under `questions` when given)."""
    return [
        m
        for m in messages
        if m.get("kind") == "response"
        and m.get("participantIndex") == participant_index
        and (questions is None or int(m.get("questionIndex") or 0) in questions)
    ]


def turns_evidence(questions: Sequence[str], turns: Sequence[Mapping[str, Any]]) -> str:
    """Every turn as its own paragraph, with the question it answered for context."""
    paragraphs = []
    for t in turns:
        q = int(t.get("questionIndex") or 0)
        asked = questions[q] if 0 <= q < len(questions) else ""
        head = f"[Asked: {asked}] " if asked else ""
        paragraphs.append(f"{head}{str(t.get('content') or '').strip()}")
    return "\n\n".join(paragraphs)


def suggest_mapping(headers: Sequence[str]) -> dict[str, str]:
    """Each column's guessed use: a demographic field, 'ignore', else 'evidence'. The first
    column guessed for a field keeps it; later ones become evidence."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for h in headers:
        use = EVIDENCE
        for pattern, field in _GUESSES:
            if re.search(pattern, h.lower()) and (field == IGNORE or field not in taken):
                use = field
                break
        taken.add(use)
        out[h] = use
    return out


def read_csv_rows(text: str) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV text (ValueError with a message when unreadable)."""
    rows = csv_rows(text)  # CsvUnreadable is a ValueError naming the row
    rows = [r for r in rows if any(c.strip() for c in r)]
    if len(rows) < 2:
        raise ValueError(MSG_NO_ROWS)
    if len(rows) - 1 > ROWS_MAX:
        raise ValueError(MSG_TOO_MANY_ROWS)
    return [h.strip() for h in rows[0]], rows[1:]


def mapping_errors(headers: Sequence[str], mapping: Mapping[str, str]) -> list[str]:
    errors = [f"Unknown column: {c}" for c in mapping if c not in headers]
    uses = [mapping.get(h, IGNORE) for h in headers]
    bad = sorted({u for u in uses if u not in (*FIELDS, EVIDENCE, IGNORE)})
    errors += [f"Unknown use: {u}" for u in bad]
    errors += [f"Only one column can be {f}" for f in FIELDS if uses.count(f) > 1]
    if "name" not in uses:
        errors.append(MSG_NO_NAME_COLUMN)
    if EVIDENCE not in uses:
        errors.append(MSG_NO_EVIDENCE_COLUMN)
    return errors


def plan_rows(
    headers: Sequence[str], rows: Sequence[Sequence[str]], mapping: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Each respondent's verdict {row, name, ok, errors, persona, evidence, words}; row
    numbers count the header as row 1, as a spreadsheet shows them."""
    out = []
    for number, cells in enumerate(rows, start=2):
        values = {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(headers)}
        persona = placeholder_persona(values.get(_column(headers, mapping, "name") or "") or "")
        for field in ("gender", "location", "income"):
            column = _column(headers, mapping, field)
            if column and values.get(column):
                persona[field] = values[column]
        age_column = _column(headers, mapping, "age")
        if age_column and values.get(age_column):
            persona["age"] = _number(values[age_column])
        if all(_column(headers, mapping, f) for f in ("age", "gender", "location", "income")):
            persona["tags"] = [TAG_FROM_PEOPLE]
        answers = [
            f"{h}: {values[h]}" for h in headers if mapping.get(h) == EVIDENCE and values.get(h)
        ]
        evidence = "\n\n".join(answers)
        words = len(evidence.split())
        errors = [f"Row {number}: {e}" for e in validate_persona(persona)]
        if not answers:
            errors.append(f"Row {number}: no open answers to use as evidence")
        if words > MAX_WORDS:
            errors.append(f"Row {number}: {words:,} words of answers; the limit is {MAX_WORDS:,}")
        out.append(
            {
                "row": number,
                "name": persona["name"],
                "ok": not errors,
                "errors": errors,
                "persona": persona,
                "evidence": evidence,
                "words": words,
            }
        )
    return out


def _column(headers: Sequence[str], mapping: Mapping[str, str], field: str) -> str | None:
    return next((h for h in headers if mapping.get(h) == field), None)


def _number(value: str) -> Any:
    try:
        return float(value)
    except ValueError:
        return value  # the persona rules name it ("Age must be between 18 and 100")
