"""Python's csv errors as messages for a user (pure).

Why: csv stops at a cell over its size limit (131,072 characters) and, when strict, at a
quote never closed; its own wording ("field larger than field limit") means nothing to
the person who made the file."""

from __future__ import annotations

import csv
import io

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


class CsvUnreadable(ValueError):
    """A CSV that csv cannot read; the message names the row and the problem."""


def read_csv_rows(text: str) -> list[list[str]]:
    """Every row of `text` (strict: a quote never closed is an error, not a cell that
    swallows the rows after it); CsvUnreadable names the row where the bad one starts."""
    reader = csv.reader(io.StringIO(text), strict=True)
    rows: list[list[str]] = []
    read_to = 0  # the last line of the last row read: the bad row starts after it
    try:
        for row in reader:
            read_to = reader.line_num
            rows.append(row)
    except csv.Error as exc:
        raise CsvUnreadable(csv_error_message(exc, read_to + 1)) from exc
    return rows
