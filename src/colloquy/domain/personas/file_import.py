"""Reading a persona file (CSV or JSON) into rows, and checking each row.

Why a file-level error and per-row errors: a wrong header, a JSON that is not a list or a
file far too big cannot be read row by row, so it is refused as a whole with one message;
everything else is reported per row ({row, ok, errors}) with the persona form's own
messages (validation.validate_persona), so the preview says exactly what to fix.

Formulas: a text cell starting with = + - @ (or tab / carriage return) would run as a
formula when the library is exported and opened in a spreadsheet ("CSV injection"); such
rows are refused with a message saying so rather than silently altered.
"""

from __future__ import annotations

import csv
import io
import json
import math
from typing import Any

from colloquy.domain.constants import TRAITS
from colloquy.domain.personas.tags import normalize_tags, split_tags, tag_key, validate_tags
from colloquy.domain.text.text_safety import JSON_MAX_DEPTH, UnstorableJson, clean_json, clean_text
from colloquy.domain.validation import validate_persona

IMPORT_MAX_ROWS = 1000
IMPORT_MAX_BYTES = 5 * 1024 * 1024
_PEOPLE = ("name", "age", "gender", "location", "income")
REQUIRED_COLUMNS: tuple[str, ...] = (*_PEOPLE, *TRAITS, "interests")
OPTIONAL_COLUMNS: tuple[str, ...] = ("tags", "generatedFrom", "id", "createdAt", "updatedAt")
_COLUMN_KEYS = {c.lower(): c for c in (*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS)}
# Column widths of the store (store/tables.py): longer text cannot be saved.
TEXT_LIMITS = {"gender": 40, "location": 200, "income": 40}
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

MSG_NOT_UTF8 = "The file is not UTF-8 text. Save it as 'CSV UTF-8' and try again."
MSG_EMPTY = "The file is empty: no header and no personas."
MSG_NO_ROWS = "The file has a header but no personas."
MSG_JSON_INVALID = "The file is not valid JSON"
MSG_JSON_NOT_LIST = (
    "The JSON file must hold a list of personas (or an export with a 'personas' list)."
)
MSG_JSON_TOO_DEEP = f"{MSG_JSON_INVALID}: it is nested too deeply (max {JSON_MAX_DEPTH} levels)"
MSG_JSON_NUMBER = f"{MSG_JSON_INVALID}: a number in it is too long"
MSG_CSV_UNREADABLE = (
    "The CSV file cannot be read at line {line}: a cell is too long or a quote is not closed."
)
MSG_UNKNOWN_TYPE = "Unsupported file type: upload a .csv or .json file"


class ImportFileError(ValueError):
    """The file as a whole cannot be read; the message says why."""


def _canonical(header: str) -> str:
    return "".join(header.strip().lstrip("\ufeff").replace("_", "").replace(" ", "").split())


def too_large_message(size: int) -> str:
    return (
        f"File too large ({size / (1024 * 1024):.1f} MB). "
        f"Import at most {IMPORT_MAX_BYTES // (1024 * 1024)} MB at a time."
    )


def too_many_rows_message(count: int) -> str:
    return (
        f"Too many rows: the file has {count:,} personas; "
        f"import at most {IMPORT_MAX_ROWS:,} at a time (split the file)."
    )


def detect_format(filename: str | None, content_type: str | None, text: str) -> str:
    name = (filename or "").lower()
    ctype = (content_type or "").lower()
    if name.endswith(".json") or "json" in ctype:
        return "json"
    if name.endswith((".csv", ".txt")) or "csv" in ctype:
        return "csv"
    head = text.lstrip()[:1]
    if head in ("[", "{"):
        return "json"
    if head:
        return "csv"
    raise ImportFileError(MSG_UNKNOWN_TYPE)


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(MSG_NOT_UTF8) from exc


def _check_header(header: list[str]) -> list[str]:
    names = [_canonical(h) for h in header]
    unknown = [h for h, n in zip(header, names, strict=True) if n.lower() not in _COLUMN_KEYS]
    columns = [_COLUMN_KEYS.get(n.lower(), n) for n in names]
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    repeated = sorted({c for c in columns if columns.count(c) > 1})
    problems = []
    if missing:
        problems.append(f"missing column(s): {', '.join(missing)}")
    if unknown:
        problems.append(f"unknown column(s): {', '.join(repr(u[:40]) for u in unknown[:5])}")
    if repeated:
        problems.append(f"repeated column(s): {', '.join(repeated)}")
    if problems:
        raise ImportFileError(
            "Wrong header: "
            + "; ".join(problems)
            + f". Expected: {','.join(REQUIRED_COLUMNS)} (optional: tags). "
            "Download the template CSV for the right header."
        )
    return columns


def _number(cell: str) -> Any:
    """A number from a cell; the text itself when it is not one (the validator says so)."""
    text = cell.strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        return text
    return value if math.isfinite(value) else text


def _csv_row(columns: list[str], cells: list[str]) -> dict[str, Any]:
    raw = dict(zip(columns, cells, strict=True))  # the caller checked the row's width
    item: dict[str, Any] = {k: raw.get(k, "") for k in ("name", "gender", "location", "income")}
    item["age"] = _number(raw.get("age", ""))
    item["traits"] = {t: _number(raw.get(t, "")) for t in TRAITS}
    item["interests"] = split_tags(raw.get("interests", ""))
    item["tags"] = split_tags(raw.get("tags", ""))
    if raw.get("generatedFrom", "").strip():
        item["generatedFrom"] = raw["generatedFrom"]
    return item


def parse_csv(text: str) -> list[tuple[int, dict[str, Any] | None, list[str]]]:
    """(row number, persona dict or None, row errors) for each non-blank data row. Lines
    starting with '#' before the header (the export's notice) are skipped."""
    lines = text.splitlines(keepends=True)
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    if not lines:
        raise ImportFileError(MSG_EMPTY)
    try:
        reader = csv.reader(io.StringIO("".join(lines)))
        header = next(reader)
        columns = _check_header(header)
        rows = [r for r in reader if any(c.strip() for c in r)]
    except csv.Error as exc:  # Python's text ("field larger than field limit") is not said
        raise ImportFileError(MSG_CSV_UNREADABLE.format(line=reader.line_num)) from exc
    if not rows:
        raise ImportFileError(MSG_NO_ROWS)
    if len(rows) > IMPORT_MAX_ROWS:
        raise ImportFileError(too_many_rows_message(len(rows)))
    out: list[tuple[int, dict[str, Any] | None, list[str]]] = []
    for number, cells in enumerate(rows, 1):
        if len(cells) != len(columns):
            out.append(
                (number, None, [f"Row has {len(cells)} cells; the header has {len(columns)}"])
            )
        else:
            out.append((number, _csv_row(columns, cells), []))
    return out


def _json_item(item: dict[str, Any]) -> dict[str, Any]:
    data = dict(item)
    if not isinstance(data.get("traits"), dict) and any(t in data for t in TRAITS):
        data["traits"] = {t: data.get(t) for t in TRAITS}
    for key in ("interests", "tags"):
        if isinstance(data.get(key), str):
            data[key] = split_tags(data[key])
    return data


def _load_json(text: str) -> Any:
    """The document cleaned like a request body; errors in words for a user, not Python's."""
    try:
        return clean_json(json.loads(text))
    except json.JSONDecodeError as exc:
        where = f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
        raise ImportFileError(f"{MSG_JSON_INVALID}: {where}") from exc
    except RecursionError as exc:
        raise ImportFileError(MSG_JSON_TOO_DEEP) from exc
    except UnstorableJson as exc:
        raise ImportFileError(f"{MSG_JSON_INVALID}: {exc}") from exc
    except ValueError as exc:  # an integer with thousands of digits
        raise ImportFileError(MSG_JSON_NUMBER) from exc


def parse_json(text: str) -> list[tuple[int, dict[str, Any] | None, list[str]]]:
    document = _load_json(text)
    if isinstance(document, dict) and isinstance(document.get("personas"), list):
        document = document["personas"]
    if not isinstance(document, list):
        raise ImportFileError(MSG_JSON_NOT_LIST)
    if not document:
        raise ImportFileError(MSG_NO_ROWS)
    if len(document) > IMPORT_MAX_ROWS:
        raise ImportFileError(too_many_rows_message(len(document)))
    return [
        (n, _json_item(item), [])
        if isinstance(item, dict)
        else (n, None, ["Row is not a persona object"])
        for n, item in enumerate(document, 1)
    ]


def parse_file(
    data: bytes, filename: str | None, content_type: str | None
) -> list[tuple[int, dict[str, Any] | None, list[str]]]:
    """The rows of an uploaded persona file; ImportFileError when it cannot be read."""
    if len(data) > IMPORT_MAX_BYTES:
        raise ImportFileError(too_large_message(len(data)))
    text = clean_text(decode(data))  # NUL (and any surrogate) out, as in every request
    if not text.strip():
        raise ImportFileError(MSG_EMPTY)
    if detect_format(filename, content_type, text) == "json":
        return parse_json(text)
    return parse_csv(text)


def _label(field: str) -> str:
    return field[:1].upper() + field[1:]


def formula_errors(item: dict[str, Any]) -> list[str]:
    """One message per text field whose value starts like a spreadsheet formula."""
    fields: list[tuple[str, Any]] = [
        (f, item.get(f)) for f in ("name", "gender", "location", "income")
    ]
    fields += [("age", item.get("age"))]
    traits = item["traits"] if isinstance(item.get("traits"), dict) else {}
    fields += [(t, traits.get(t)) for t in TRAITS]
    fields += [("interest", i) for i in item.get("interests") or [] if isinstance(i, str)]
    fields += [("tag", t) for t in item.get("tags") or [] if isinstance(t, str)]
    errors = []
    for field, value in fields:
        if isinstance(value, str) and value.lstrip(" ").startswith(_FORMULA_STARTS):
            first = value.lstrip(" ")[:1].replace("\t", "tab").replace("\r", "CR")
            errors.append(
                f"{_label(field)} starts with '{first}', which a spreadsheet runs as a "
                "formula; formulas are not imported"
            )
    return errors


def _length_errors(item: dict[str, Any]) -> list[str]:
    return [
        f"{_label(f)} must be at most {limit} characters"
        for f, limit in TEXT_LIMITS.items()
        if isinstance(item.get(f), str) and len(item[f].strip()) > limit
    ]


def name_key(name: Any) -> str:
    return tag_key(name) if isinstance(name, str) else ""


def check_rows(
    rows: list[tuple[int, dict[str, Any] | None, list[str]]], existing_names: set[str]
) -> list[dict[str, Any]]:
    """Every row's verdict {row, name, ok, errors, persona}: the persona rules, tags,
    formulas, store widths, and names repeated in the file or already in the library
    (`existing_names` holds name_key() of the library's names)."""
    first_row: dict[str, int] = {}
    results = []
    for number, item, errors in rows:
        errors = list(errors)
        name = ""
        if item is not None:
            name = item["name"] if isinstance(item.get("name"), str) else ""
            errors += validate_persona(item) + validate_tags(item.get("tags"))
            errors += _length_errors(item) + formula_errors(item)
            key = name_key(name)
            if key and key in existing_names:
                errors.append(f"A persona named '{name.strip()}' is already in the library")
            elif key and key in first_row:
                errors.append(f"Duplicate name: '{name.strip()}' is also in row {first_row[key]}")
            elif key:
                first_row[key] = number
            item["tags"] = normalize_tags(item.get("tags"))
        results.append(
            {
                "row": number,
                "name": name.strip()[:100],
                "ok": not errors,
                "errors": list(dict.fromkeys(errors)),
                "persona": item if not errors else None,
            }
        )
    return results
