"""Persona library in and out: CSV/JSON export, template, and the checked import.

Why the import checks everything before saving: the preview (dry run) and the real import
run the same checks, and the real import stores every valid row in one transaction, so a
failure part-way leaves the library as it was (nothing half-imported).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas.file_export import personas_csv, personas_json, template_csv
from colloquy.domain.personas.file_import import ImportFileError, check_rows, name_key, parse_file
from colloquy.domain.personas.records import PersonaRecord
from colloquy.errors import ValidationFailed
from colloquy.services.personas import evidence
from colloquy.services.personas.library import create_personas, get_personas_by_ids, list_personas
from colloquy.store.tables import PersonaRow
from colloquy.store.types import utcnow


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


async def _selected(db: AsyncSession, ids: str | None, tag: str | None) -> list[PersonaRecord]:
    wanted = [i.strip() for i in (ids or "").split(",") if i.strip()]
    if wanted:
        return await get_personas_by_ids(db, list(dict.fromkeys(wanted)))
    return await list_personas(db, tag)


def _stamp() -> str:
    return utcnow().strftime("%Y%m%d")


async def export_csv(db: AsyncSession, ids: str | None, tag: str | None) -> tuple[str, str]:
    personas = await _selected(db, ids, tag)
    return f"personas_{_stamp()}.csv", personas_csv(personas)


async def export_json(
    db: AsyncSession, ids: str | None, tag: str | None, include_evidence: bool = False
) -> tuple[str, str]:
    """Evidence is personal data: its documents go in only when `include_evidence`."""
    personas = await _selected(db, ids, tag)
    document = personas_json(personas, utcnow())
    if include_evidence:
        docs = await evidence.documents_for_export(db, [p["id"] for p in personas])
        for out in document["personas"]:
            out["evidenceDocuments"] = docs.get(out["id"], [])
    text = json.dumps(document, default=_jsonable, ensure_ascii=False, indent=2)
    return f"personas_{_stamp()}.json", text


def template() -> tuple[str, str]:
    return "personas_template.csv", template_csv()


async def import_personas(
    db: AsyncSession,
    data: bytes,
    filename: str | None,
    content_type: str | None,
    *,
    dry_run: bool,
) -> dict[str, Any]:
    """Check every row; unless `dry_run`, store the valid ones together."""
    try:
        rows = parse_file(data, filename, content_type)
    except ImportFileError as exc:
        raise ValidationFailed([str(exc)]) from exc
    names = await db.scalars(select(PersonaRow.name))
    verdicts = check_rows(rows, {name_key(n) for n in names})
    valid = [v["persona"] for v in verdicts if v["ok"]]
    imported: list[PersonaRecord] = []
    if not dry_run and valid:
        imported = await create_personas(db, valid)
    return {
        "dryRun": dry_run,
        "total": len(verdicts),
        "valid": len(valid),
        "invalid": len(verdicts) - len(valid),
        "imported": len(imported),
        "importedIds": [p["id"] for p in imported],
        "rows": [{k: v[k] for k in ("row", "name", "ok", "errors")} for v in verdicts],
    }
