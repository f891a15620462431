"""People's own answers to a survey, read from a CSV (docs/measured-against-people.md): one row per
rating, columns `concept`, `question`, `rating` and optionally `respondent` (header names
case-insensitive, in any order; other columns are ignored).

Matching: a concept cell names a concept of the survey by its id (`c1`), its number in the
survey (`1` = the first concept) or its title; a question cell by its id (`q1`), its number
or its text. Titles and texts match ignoring case and runs of spaces; a title shared by two
concepts must be given by id or number. Ratings are whole numbers on the question's scale
(1 to its number of points; `4.0` is 4). Without a respondent column every row is a
respondent of its own; with one, a respondent rates each concept x question at most once.

Any problem rejects the whole file: the messages name the row (the header is row 1).
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

HUMAN_MAX_ROWS = 10_000
HUMAN_MAX_BYTES = 5 * 1024 * 1024
RESPONDENT_MAX_CHARS = 200
MAX_MESSAGES = 20
REQUIRED = ("concept", "question", "rating")
COLUMNS_TEXT = "concept, question and rating (and optionally respondent)"


@dataclass(frozen=True)
class HumanRating:
    concept_id: str
    question_id: str
    respondent: str
    rating: int
    line: int


def decode_utf8(data: bytes) -> str | None:
    """The file's text when it is UTF-8 (a byte-order mark allowed) without NUL bytes."""
    if b"\x00" in data:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def whole_number(raw: str) -> int | None:
    """'4' and '4.0' are 4; '4.5', 'four' or 'nan' are not ratings."""
    try:
        value = float(raw)
    except ValueError:
        return None
    return int(value) if math.isfinite(value) and value == int(value) else None


def _short(value: str, limit: int = 70) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _norm(value: str) -> str:
    return re.sub(r"\s+", " ", value).strip().casefold()


class _Names:
    """Resolves a cell to an item id: by id, by 1-based number, or by its (unique) name."""

    def __init__(self, items: Sequence[dict[str, Any]], name_key: str, kind: str) -> None:
        self.kind = kind
        self.ids = {str(item["id"]).casefold(): str(item["id"]) for item in items}
        self.numbers = {str(i + 1): str(item["id"]) for i, item in enumerate(items)}
        self.names: dict[str, list[str]] = {}
        for item in items:
            self.names.setdefault(_norm(str(item.get(name_key) or "")), []).append(str(item["id"]))
        self.listing = ", ".join(
            f'{i + 1} "{_short(str(item.get(name_key) or ""))}"' for i, item in enumerate(items)
        )

    def resolve(self, raw: str) -> tuple[str | None, str | None]:
        """(id, None) or (None, the problem)."""
        key = _norm(raw)
        if not key:
            return None, f"the {self.kind} is empty"
        if key in self.ids:
            return self.ids[key], None
        if key in self.numbers:
            return self.numbers[key], None
        found = self.names.get(key, [])
        if len(found) == 1:
            return found[0], None
        if found:
            ids = ", ".join(found)
            return (
                None,
                f'{self.kind} "{raw.strip()[:80]}" names several {self.kind}s; use its id ({ids})',
            )
        return None, (
            f'no {self.kind} "{raw.strip()[:80]}" in this survey '
            f"(by number, id or {'title' if self.kind == 'concept' else 'text'}: {self.listing})"
        )


def _header(cells: list[str]) -> tuple[dict[str, int], str | None]:
    names = [c.strip().lstrip("\ufeff").casefold() for c in cells]
    found = ", ".join(n for n in names if n) or "nothing"
    missing = [c for c in REQUIRED if c not in names]
    if missing:
        return {}, (
            f"Wrong header: the first row must name the columns {COLUMNS_TEXT}; "
            f"missing {', '.join(missing)} (found: {found})."
        )
    doubled = sorted({n for n in names if n in (*REQUIRED, "respondent") and names.count(n) > 1})
    if doubled:
        return {}, f"Wrong header: the column {doubled[0]} appears more than once."
    wanted = (*REQUIRED, "respondent")
    return {n: names.index(n) for n in wanted if n in names}, None


def parse_human_csv(
    text: str,
    concepts: Sequence[dict[str, Any]],
    questions: Sequence[dict[str, Any]],
    points: dict[str, int],
) -> tuple[list[HumanRating], list[str]]:
    """(ratings, []) or ([], messages). `points`: scale points per question id."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
        while header is not None and not any(c.strip() for c in header):
            header = next(reader, None)
        if header is None:
            return [], [
                f"The file is empty: expected a header row with the columns {COLUMNS_TEXT}."
            ]
        columns, problem = _header(header)
        if problem:
            return [], [problem]
        return _rows(reader, columns, concepts, questions, points)
    except csv.Error as exc:
        return [], [f"Row {reader.line_num}: the CSV cannot be read ({exc})."]


def _rows(
    reader: Any,
    columns: dict[str, int],
    concepts: Sequence[dict[str, Any]],
    questions: Sequence[dict[str, Any]],
    points: dict[str, int],
) -> tuple[list[HumanRating], list[str]]:
    concept_names = _Names(concepts, "title", "concept")
    question_names = _Names(questions, "text", "question")
    has_respondent = "respondent" in columns
    ratings: list[HumanRating] = []
    errors: list[str] = []
    seen: dict[tuple[str, str, str], int] = {}
    count = 0
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        count += 1
        if count > HUMAN_MAX_ROWS:
            return [], [f"Too many rows: at most {HUMAN_MAX_ROWS:,} ratings per file."]

        def cell(name: str, cells: list[str] = cells) -> str:
            at = columns[name]
            return cells[at].strip() if at < len(cells) else ""

        concept_id, concept_problem = concept_names.resolve(cell("concept"))
        question_id, question_problem = question_names.resolve(cell("question"))
        problems = [p for p in (concept_problem, question_problem) if p]
        raw = cell("rating")
        rating = whole_number(raw)
        if question_id is not None:
            top = points[question_id]
            if not raw:
                problems.append("the rating is empty")
            elif rating is None:
                problems.append(f"the rating {raw[:40]!r} is not a whole number from 1 to {top}")
            elif not 1 <= rating <= top:
                # The cell as written, cut short: 1e308 is a whole number of 309 digits.
                problems.append(
                    f"the rating {_short(raw, 40)} is outside the question's scale (1 to {top})"
                )
        respondent = cell("respondent") if has_respondent else f"row {line}"
        if has_respondent and not respondent:
            problems.append("the respondent is empty")
        elif len(respondent) > RESPONDENT_MAX_CHARS:
            problems.append(f"the respondent is over {RESPONDENT_MAX_CHARS} characters")
        if not problems and concept_id and question_id and rating is not None:
            key = (respondent, concept_id, question_id)
            if key in seen:
                problems.append(
                    f'respondent "{respondent[:80]}" already rated this concept and question '
                    f"on row {seen[key]}"
                )
            else:
                seen[key] = line
                ratings.append(HumanRating(concept_id, question_id, respondent, rating, line))
        if problems:
            errors.append(f"Row {line}: {'; '.join(problems)}.")
    if errors:
        more = len(errors) - MAX_MESSAGES
        tail = [f"… and {more} more rows with problems."] if more > 0 else []
        return [], errors[:MAX_MESSAGES] + tail
    if not ratings:
        return [], ["The file has a header but no ratings."]
    return ratings, []
