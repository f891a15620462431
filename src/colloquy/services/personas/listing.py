"""The persona library one page at a time (docs/performance.md#lists-that-page): search on
the name (case-insensitive), a tag filter, creation or name order, and the total."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.lists.paging import clean_search
from colloquy.domain.personas.tags import has_tag, tag_key
from colloquy.services.paging import SortKey, count_of, name_contains, page_of
from colloquy.services.personas.library import persona_to_dict, with_tiers
from colloquy.store.tables import PersonaRow

SORTS = {
    "created": SortKey("created", PersonaRow.created_at, PersonaRow.id),
    "name": SortKey("name", PersonaRow.name, PersonaRow.id),
}


async def _tagged_ids(db: AsyncSession, tag: str) -> list[str]:
    # Tags are a JSON list (no portable index into it): read the id and tags columns only
    # and match with the library's own rule (spaces collapsed, case folded).
    rows = await db.execute(select(PersonaRow.id, PersonaRow.tags))
    return [pid for pid, tags in rows if has_tag(list(tags or []), tag)]


async def page_personas(
    db: AsyncSession,
    search: str | None,
    tag: str | None,
    sort: str,
    cursor: str | None,
    limit: int,
) -> dict[str, Any]:
    conditions: list[Any] = []
    needle = clean_search(search)
    if needle:
        conditions.append(name_contains(PersonaRow.name, needle))
    if tag and tag.strip():
        conditions.append(PersonaRow.id.in_(await _tagged_ids(db, tag)))
    rows, next_cursor = await page_of(
        db, select(PersonaRow).where(*conditions), SORTS[sort], cursor, limit
    )
    return {
        "items": await with_tiers(db, [persona_to_dict(r) for r in rows]),
        "nextCursor": next_cursor,
        "total": await count_of(db, PersonaRow, conditions),
        "libraryTotal": await count_of(db, PersonaRow, []),
    }


async def library_tags(db: AsyncSession) -> list[str]:
    """Every tag used in the library, first spelling kept, in alphabetical order."""
    seen: dict[str, str] = {}
    for (tags,) in await db.execute(select(PersonaRow.tags).order_by(PersonaRow.created_at)):
        for tag in tags or []:
            if isinstance(tag, str) and tag_key(tag) and tag_key(tag) not in seen:
                seen[tag_key(tag)] = tag.strip()
    return sorted(seen.values(), key=str.casefold)
