"""The one optional draft session of the create form (product-rules §3, §4): any JSON object the
form holds, bounded in size; clearing removes it."""

from __future__ import annotations

import json
from typing import Any, cast

from sqlalchemy import CursorResult, delete, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.text.text_safety import (
    MSG_NOT_FINITE,
    MSG_TOO_DEEP,
    UnstorableJson,
    clean_json,
)
from colloquy.errors import PayloadTooLarge, ValidationFailed
from colloquy.store.tables import DraftRow
from colloquy.store.types import utcnow

DRAFT_ID = 1
DRAFT_MAX_BYTES = 200 * 1024
MSG_TOO_LARGE = "Draft is too large (max 200 KB)"
MSG_NOT_OBJECT = "Draft must be a JSON object"


def parse_draft(raw: bytes) -> dict[str, Any]:
    if len(raw) > DRAFT_MAX_BYTES:
        raise PayloadTooLarge(MSG_TOO_LARGE)
    try:
        data = json.loads(raw or b"null", parse_constant=_refuse_constant)
    except UnstorableJson as exc:
        raise ValidationFailed([str(exc)]) from None
    except RecursionError:
        raise ValidationFailed([MSG_TOO_DEEP]) from None
    except (ValueError, UnicodeDecodeError):
        raise ValidationFailed([MSG_NOT_OBJECT]) from None
    if not isinstance(data, dict):
        raise ValidationFailed([MSG_NOT_OBJECT])
    try:
        # Unpaired surrogates and NUL removed: what is stored can always be read back.
        cleaned: dict[str, Any] = clean_json(data)
    except UnstorableJson as exc:
        raise ValidationFailed([str(exc)]) from None
    return cleaned


def _refuse_constant(name: str) -> float:
    raise UnstorableJson(MSG_NOT_FINITE)


async def get_draft(db: AsyncSession) -> dict[str, Any] | None:
    row = await db.get(DraftRow, DRAFT_ID)
    return row.data if row is not None else None


async def put_draft(db: AsyncSession, data: dict[str, Any]) -> dict[str, Any]:
    # Update first, insert if absent; when two first saves race, the loser of the insert
    # updates instead (a get-then-insert would answer 500 on the unique id).
    if await _update(db, data) == 0:
        try:
            db.add(DraftRow(id=DRAFT_ID, data=data, updated_at=utcnow()))
            await db.commit()
            return data
        except IntegrityError:
            await db.rollback()
            await _update(db, data)
    await db.commit()
    return data


async def _update(db: AsyncSession, data: dict[str, Any]) -> int:
    result = await db.execute(
        update(DraftRow).where(DraftRow.id == DRAFT_ID).values(data=data, updated_at=utcnow())
    )
    return cast(CursorResult[Any], result).rowcount


async def clear_draft(db: AsyncSession) -> None:
    await db.execute(delete(DraftRow))
    await db.commit()
