"""The persona library as a CSV or JSON file, and the template CSV for imports.

Why the same columns as the import: an export can be edited in a spreadsheet and read back.
Interests and tags share one cell each, separated by ';'. Every text cell goes through
csv_export.neutralize, so a value starting like a formula cannot run in a spreadsheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colloquy.domain.constants import TRAITS
from colloquy.domain.personas.file_import import REQUIRED_COLUMNS
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.results.csv_export import neutralize, write_csv

EXPORT_COLUMNS: tuple[str, ...] = (
    *REQUIRED_COLUMNS,
    "tags",
    "generatedFrom",
    "id",
    "createdAt",
    "updatedAt",
)
PERSONA_JSON_FORMAT = "colloquy-personas/1"
PERSONA_NOTICE = (
    "Fictional personas for simulated focus groups (Colloquy). "
    "They describe no real people and are not research data."
)
TEMPLATE_ROWS: tuple[dict[str, Any], ...] = (
    {
        "name": "Jordan Lee",
        "age": 27,
        "gender": "Non-binary",
        "location": "Chicago, IL",
        "income": "$30-60k",
        "traits": {
            "openness": 80,
            "conscientiousness": 55,
            "extraversion": 65,
            "agreeableness": 70,
            "neuroticism": 40,
        },
        "interests": ["live music", "thrifting", "cycling"],
        "tags": ["Gen Z", "Chicago"],
    },
)


def _num(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _cells(persona: Mapping[str, Any], columns: tuple[str, ...]) -> list[str]:
    traits = persona.get("traits") or {}
    values = {
        **{k: persona.get(k) for k in ("name", "age", "gender", "location", "income")},
        **{t: _num(traits.get(t)) for t in TRAITS},
        "interests": "; ".join(str(i) for i in persona.get("interests") or []),
        "tags": "; ".join(str(t) for t in persona.get("tags") or []),
        "generatedFrom": persona.get("generatedFrom"),
        "id": persona.get("id"),
        "createdAt": persona.get("createdAt"),
        "updatedAt": persona.get("updatedAt"),
    }
    return [neutralize(values.get(c)) for c in columns]


def personas_csv(personas: list[PersonaRecord], notice: str | None = PERSONA_NOTICE) -> str:
    """A '#' notice line, the header, one row per persona (RFC 4180 quoting)."""
    rows = [list(EXPORT_COLUMNS), *(_cells(p, EXPORT_COLUMNS) for p in personas)]
    return write_csv(rows, notice)


def template_csv() -> str:
    """The import header with one example row."""
    columns = (*REQUIRED_COLUMNS, "tags")
    return write_csv([list(columns), *(_cells(p, columns) for p in TEMPLATE_ROWS)])


def personas_json(personas: list[PersonaRecord], exported_at: Any) -> dict[str, Any]:
    """The JSON document: format, notice, time and the personas with every field."""
    keep: tuple[str, ...] = (*("id", "name", "age", "gender", "location", "income"), "traits")
    keep += ("interests", "tags", "generatedFrom", "createdAt", "updatedAt", "evidence")
    return {
        "format": PERSONA_JSON_FORMAT,
        "notice": PERSONA_NOTICE,
        "exportedAt": exported_at,
        "count": len(personas),
        "personas": [{k: p.get(k) for k in keep} for p in personas],
    }
