"""Python's csv errors as messages for a user (pure).

Why: csv stops at a cell over its size limit (131,072 characters) and, when strict, at a
quote never closed; its own wording ("field larger than field limit") means nothing to
the person who made the file."""

from __future__ import annotations

import csv

CELL_MAX = csv.field_size_limit()


def csv_error_message(exc: csv.Error, row: int) -> str:
    """What is wrong at `row` (the reader's line number), in words."""
    reason = str(exc)
    if "field larger than field limit" in reason:
        return f"Row {row}: a cell is longer than {CELL_MAX:,} characters"
    if "unexpected end of data" in reason:
        return f'Row {row}: a quote (") is opened and never closed'
    if "expected after" in reason:
        return f'Row {row}: a quote (") closes in the middle of a cell'
    return f"Row {row}: the CSV cannot be read ({reason})"
