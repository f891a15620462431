"""Persona library use cases: list, create, update, delete, seed."""

import secrets
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.personas.evidence_tier import tier_of
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.personas.tags import has_tag, normalize_tags, validate_tags
from colloquy.domain.personas.templates import SEED_PERSONAS
from colloquy.domain.validation import validate_persona
from colloquy.errors import NotFound, ValidationFailed
from colloquy.schemas.personas import PersonaCreate, PersonaUpdate
from colloquy.services.personas import evidence
from colloquy.store.tables import PersonaRow
from colloquy.store.types import utcnow

TRAIT_NAMES = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")


def new_persona_id() -> str:
    # The product rules make ids from the current time; a random tail keeps bulk creations distinct.
    return f"{int(time.time() * 1000)}{secrets.token_hex(3)}"


def persona_to_dict(row: PersonaRow) -> PersonaRecord:
    data: PersonaRecord = {
        "id": row.id,
        "name": row.name,
        "age": row.age,
        "gender": row.gender,
        "location": row.location,
        "income": row.income,
        "traits": {t: row.traits.get(t, 50) for t in TRAIT_NAMES},
        "interests": list(row.interests),
        "generatedFrom": row.generated_from,
        "tags": list(row.tags or []),
        "createdAt": row.created_at,
        "updatedAt": row.updated_at,
    }
    data["enriched"] = enrich(data)
    data["evidence"] = tier_of(data, 0, 0)  # documents counted by with_tiers
    return data


async def with_tiers(db: AsyncSession, personas: list[PersonaRecord]) -> list[PersonaRecord]:
    """Each persona's evidence tier with its documents and words."""
    totals = await evidence.totals_by_persona(db, [p["id"] for p in personas])
    for p in personas:
        documents, words = totals.get(p["id"], (0, 0))
        p["evidence"] = tier_of(p, documents, words)
    return personas


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    """Validate with the product rules (product-rules §5) and normalise what will be stored."""
    errors = validate_persona(data) + validate_tags(data.get("tags"))
    if errors:
        raise ValidationFailed(errors)
    return {
        "name": data["name"].strip(),
        "age": round(float(data["age"])),
        "gender": data["gender"].strip(),
        "location": data["location"].strip(),
        "income": data["income"].strip(),
        "traits": {t: round(float(data["traits"][t]), 2) for t in TRAIT_NAMES},
        "interests": [i.strip() for i in data["interests"]],
        "generated_from": data.get("generatedFrom"),
        "tags": normalize_tags(data.get("tags")),
    }


async def list_personas(db: AsyncSession, tag: str | None = None) -> list[PersonaRecord]:
    """The library in creation order; with `tag`, only personas carrying it."""
    rows = await db.scalars(select(PersonaRow).order_by(PersonaRow.created_at, PersonaRow.id))
    personas = [persona_to_dict(r) for r in rows]
    if tag and tag.strip():
        personas = [p for p in personas if has_tag(p["tags"], tag)]
    return await with_tiers(db, personas)


async def _get_row(db: AsyncSession, persona_id: str) -> PersonaRow:
    row = await db.get(PersonaRow, persona_id)
    if row is None:
        raise NotFound("Persona not found")
    return row


async def get_persona(db: AsyncSession, persona_id: str) -> PersonaRecord:
    return (await with_tiers(db, [persona_to_dict(await _get_row(db, persona_id))]))[0]


async def get_personas_by_ids(db: AsyncSession, ids: list[str]) -> list[PersonaRecord]:
    rows = {r.id: r for r in await db.scalars(select(PersonaRow).where(PersonaRow.id.in_(ids)))}
    missing = [i for i in ids if i not in rows]
    if missing:
        raise NotFound(f"Persona not found: {', '.join(missing)}")
    return await with_tiers(db, [persona_to_dict(rows[i]) for i in ids])


async def create_personas(
    db: AsyncSession, items: list[dict[str, Any]], *, commit: bool = True
) -> list[PersonaRecord]:
    """Create several personas in one transaction: all are stored or none. `commit`
    False: only flushed, the caller commits (with more rows in the same transaction)."""
    cleaned = [_clean(item) for item in items]
    ids: set[str] = set()
    while len(ids) < len(cleaned):  # distinct even for a large batch in one millisecond
        ids.add(new_persona_id())
    now = utcnow()
    # Creation times a microsecond apart keep the library in the order given.
    rows = [
        PersonaRow(id=pid, created_at=now + timedelta(microseconds=i), updated_at=now, **data)
        for i, (pid, data) in enumerate(zip(sorted(ids), cleaned, strict=True))
    ]
    db.add_all(rows)
    await (db.commit() if commit else db.flush())
    return [persona_to_dict(r) for r in rows]


async def create_persona(db: AsyncSession, body: PersonaCreate) -> PersonaRecord:
    return (await create_personas(db, [body.model_dump(by_alias=True, exclude_unset=True)]))[0]


async def update_persona(db: AsyncSession, persona_id: str, body: PersonaUpdate) -> PersonaRecord:
    """The fields the body sets; without generatedFrom or tags the stored ones stay."""
    data = body.model_dump(by_alias=True, exclude_unset=True)
    row = await _get_row(db, persona_id)
    cleaned = _clean(data)
    if "generatedFrom" not in data:
        cleaned.pop("generated_from")
    if "tags" not in data:  # an update without tags keeps the persona's tags
        cleaned.pop("tags")
    for key, value in cleaned.items():
        setattr(row, key, value)
    row.updated_at = utcnow()
    await db.commit()
    return (await with_tiers(db, [persona_to_dict(row)]))[0]


async def delete_persona(db: AsyncSession, persona_id: str) -> None:
    """The persona and its evidence rows; the caller removes its evidence files."""
    row = await _get_row(db, persona_id)
    await evidence.delete_all_rows(db, persona_id)
    await db.delete(row)
    await db.commit()


async def seed_personas_if_empty(db: AsyncSession) -> int:
    """Install the ten sample personas p1..p10 when the library is empty (product-rules §4)."""
    count = await db.scalar(select(func.count()).select_from(PersonaRow))
    if count:
        return 0
    now = utcnow()
    for i, seed in enumerate(SEED_PERSONAS):
        # Distinct creation times keep the library in p1..p10 order.
        created = now + timedelta(milliseconds=i)
        db.add(
            PersonaRow(
                id=seed["id"],
                name=seed["name"],
                age=seed["age"],
                gender=seed["gender"],
                location=seed["location"],
                income=seed["income"],
                traits=dict(seed["traits"]),
                interests=list(seed["interests"]),
                created_at=created,
                updated_at=created,
            )
        )
    await db.commit()
    return len(SEED_PERSONAS)
