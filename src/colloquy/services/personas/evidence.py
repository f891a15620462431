"""Evidence documents on a persona (docs/evidence.md): add, list, remove, and the files on disk.

Stored: the uploaded file under <data dir>/evidence/<persona id>/<evidence id>.<type>,
its text in `persona_evidence`, its passages and their vectors in `evidence_passages`.
An upload is all or nothing: the file is written only after every check passed, and
removed again when the database refuses the rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import shutil
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas.evidence_passages import count_words, split_passages
from colloquy.domain.personas.evidence_tier import limit_errors
from colloquy.domain.personas.evidence_transcript import interview_paragraphs
from colloquy.errors import NotFound, ValidationFailed
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import embed, get_embedder
from colloquy.services.personas.evidence_files import EvidenceText
from colloquy.store.row_lock import lock_row
from colloquy.store.tables import EvidencePassageRow, PersonaEvidenceRow, PersonaRow

MSG_PERSONA_NOT_FOUND = "Persona not found"
MSG_EVIDENCE_NOT_FOUND = "Evidence not found"
MSG_NO_WORDS = "No text found in this file"
_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
PREVIEW_CHARS = 400


def new_id() -> str:
    return f"{int(time.time() * 1000)}{secrets.token_hex(4)}"


def persona_dir(evidence_dir: Path, persona_id: str) -> Path | None:
    """The folder of a persona's evidence files (None for an id unsafe as a folder name)."""
    return evidence_dir / persona_id if _SAFE_ID.match(persona_id) else None


def evidence_dict(row: PersonaEvidenceRow, passages: int | None = None) -> dict[str, Any]:
    return {
        "id": row.id,
        "personaId": row.persona_id,
        "filename": row.filename,
        "type": row.kind,
        "source": row.source,
        "words": row.words,
        "passages": passages,
        "preview": row.text[:PREVIEW_CHARS],
        "createdAt": row.created_at,
    }


async def require_persona(db: AsyncSession, persona_id: str) -> PersonaRow:
    row = await db.get(PersonaRow, persona_id)
    if row is None:
        raise NotFound(MSG_PERSONA_NOT_FOUND)
    return row


async def totals(db: AsyncSession, persona_id: str) -> tuple[int, int]:
    """(documents, words) of a persona's evidence."""
    row = (
        await db.execute(
            select(func.count(), func.coalesce(func.sum(PersonaEvidenceRow.words), 0)).where(
                PersonaEvidenceRow.persona_id == persona_id
            )
        )
    ).one()
    return int(row[0]), int(row[1])


async def totals_by_persona(
    db: AsyncSession, persona_ids: Iterable[str] | None = None
) -> dict[str, tuple[int, int]]:
    """(documents, words) per persona that has evidence."""
    query = select(
        PersonaEvidenceRow.persona_id, func.count(), func.sum(PersonaEvidenceRow.words)
    ).group_by(PersonaEvidenceRow.persona_id)
    if persona_ids is not None:
        query = query.where(PersonaEvidenceRow.persona_id.in_(list(persona_ids)))
    return {pid: (int(n), int(w or 0)) for pid, n, w in (await db.execute(query)).all()}


async def list_evidence(db: AsyncSession, persona_id: str) -> list[dict[str, Any]]:
    await require_persona(db, persona_id)
    rows = await db.scalars(
        select(PersonaEvidenceRow)
        .where(PersonaEvidenceRow.persona_id == persona_id)
        .order_by(PersonaEvidenceRow.created_at, PersonaEvidenceRow.id)
    )
    counts = dict(
        (
            await db.execute(
                select(EvidencePassageRow.evidence_id, func.count())
                .where(EvidencePassageRow.persona_id == persona_id)
                .group_by(EvidencePassageRow.evidence_id)
            )
        ).all()
    )
    return [evidence_dict(r, int(counts.get(r.id, 0))) for r in rows]


async def embed_passages(
    runtime: Runtime, passages: list[str]
) -> tuple[list[list[float]] | None, str | None]:
    """Vectors of the passages and the embedder's name; (None, None) when no embedder
    works now (they are embedded when the persona next answers)."""
    try:
        return await embed(get_embedder(runtime), passages)
    except EmbeddingError:
        return None, None


@dataclass(frozen=True)
class EvidenceDraft:
    filename: str
    kind: str
    source: str
    text: str
    passages: list[str]


async def stage_evidence(
    db: AsyncSession,
    persona_id: str,
    draft: EvidenceDraft,
    vectors: list[list[float]] | None,
    embedder: str | None,
    *,
    evidence_id: str | None = None,
    stored_name: str | None = None,
) -> PersonaEvidenceRow:
    """Add a document's rows to the session (the caller commits): the document first, then
    its passages with their vectors (`vectors` holds one per passage, in order)."""
    evidence_id = evidence_id or new_id()
    row = PersonaEvidenceRow(
        id=evidence_id,
        persona_id=persona_id,
        filename=draft.filename[:300],
        kind=draft.kind,
        source=draft.source,
        stored_name=stored_name,
        text=draft.text,
        words=count_words(draft.text),
    )
    db.add(row)
    await db.flush()  # the passages refer to it
    db.add_all(
        EvidencePassageRow(
            id=f"{evidence_id}-{i}",
            evidence_id=evidence_id,
            persona_id=persona_id,
            position=i,
            text=text,
            vector=vectors[i] if vectors else None,
            embedder=embedder if vectors else None,
        )
        for i, text in enumerate(draft.passages)
    )
    return row


def _write(folder: Path, name: str, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{name}.part"
    with open(tmp, "xb") as out:
        out.write(data)
    tmp.replace(folder / name)


async def add_evidence(
    db: AsyncSession,
    runtime: Runtime,
    persona_id: str,
    doc: EvidenceText,
    source: str = "upload",
) -> dict[str, Any]:
    """Store one checked document on a persona: its file, text, passages and vectors."""
    await require_persona(db, persona_id)
    words = count_words(doc.text)
    if words == 0:
        raise ValidationFailed([f"{doc.filename}: {MSG_NO_WORDS}"])
    documents, existing = await totals(db, persona_id)
    errors = limit_errors(doc.filename, documents, existing, words)
    if errors:
        raise ValidationFailed(errors)
    # A transcript: the person's turns are their words, the interviewer's the context.
    paragraphs = interview_paragraphs(doc.text)
    passages = split_passages("\n\n".join(paragraphs) if paragraphs else doc.text)
    await db.rollback()  # no transaction open while embedding
    vectors, embedder = await embed_passages(runtime, passages)
    evidence_id = new_id()
    folder = persona_dir(runtime.settings.evidence_dir, persona_id)
    stored = f"{evidence_id}.{doc.kind}" if folder is not None and doc.data else None
    # The persona's row locked first: its uploads check and commit one at a time, so two
    # cannot each see room for one more (neither sees the other's uncommitted rows).
    if not await lock_row(db, PersonaRow, persona_id):
        await db.rollback()
        raise NotFound(MSG_PERSONA_NOT_FOUND)
    row = await stage_evidence(
        db,
        persona_id,
        EvidenceDraft(doc.filename, doc.kind, source, doc.text, passages),
        vectors,
        embedder,
        evidence_id=evidence_id,
        stored_name=stored,
    )
    if folder is not None and stored is not None:
        await asyncio.to_thread(_write, folder, stored, doc.data)
    try:
        # The limits again, under the lock: a parallel upload may have come first.
        documents, existing = await totals(db, persona_id)
        errors = limit_errors(doc.filename, documents - 1, existing - words, words)
        if errors:
            raise ValidationFailed(errors)
        await db.commit()
    except BaseException:
        await db.rollback()
        if folder is not None and stored is not None:
            with contextlib.suppress(OSError):
                (folder / stored).unlink()
        raise
    return evidence_dict(row, len(passages))


async def delete_evidence(
    db: AsyncSession, runtime: Runtime, persona_id: str, evidence_id: str
) -> None:
    await require_persona(db, persona_id)
    row = await db.get(PersonaEvidenceRow, evidence_id)
    if row is None or row.persona_id != persona_id:
        raise NotFound(MSG_EVIDENCE_NOT_FOUND)
    stored = row.stored_name
    await db.execute(delete(EvidencePassageRow).where(EvidencePassageRow.evidence_id == row.id))
    await db.delete(row)
    await db.commit()
    folder = persona_dir(runtime.settings.evidence_dir, persona_id)
    if folder is not None and stored:
        with contextlib.suppress(OSError):
            (folder / stored).unlink()


async def delete_all_rows(db: AsyncSession, persona_id: str) -> None:
    """A persona's evidence rows (in the caller's transaction)."""
    await db.execute(delete(EvidencePassageRow).where(EvidencePassageRow.persona_id == persona_id))
    await db.execute(delete(PersonaEvidenceRow).where(PersonaEvidenceRow.persona_id == persona_id))


def delete_all_files(evidence_dir: Path, persona_id: str) -> None:
    folder = persona_dir(evidence_dir, persona_id)
    if folder is not None and folder.exists():
        shutil.rmtree(folder, ignore_errors=True)


async def documents_for_export(
    db: AsyncSession, persona_ids: list[str]
) -> dict[str, list[dict[str, Any]]]:
    """The evidence documents (with their text) of these personas, for an export the
    researcher asked to include evidence in."""
    rows = await db.scalars(
        select(PersonaEvidenceRow)
        .where(PersonaEvidenceRow.persona_id.in_(persona_ids))
        .order_by(PersonaEvidenceRow.created_at, PersonaEvidenceRow.id)
    )
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(r.persona_id, []).append(
            {
                "filename": r.filename,
                "type": r.kind,
                "source": r.source,
                "words": r.words,
                "createdAt": r.created_at,
                "text": r.text,
            }
        )
    return out


async def evidence_text(db: AsyncSession, persona_id: str, limit: int) -> str:
    """The persona's evidence documents in order, joined, cut to `limit` characters (what
    AI Assist reads when it suggests traits from the evidence)."""
    await require_persona(db, persona_id)
    texts = await db.scalars(
        select(PersonaEvidenceRow.text)
        .where(PersonaEvidenceRow.persona_id == persona_id)
        .order_by(PersonaEvidenceRow.created_at, PersonaEvidenceRow.id)
    )
    return "\n\n".join(texts)[:limit]
