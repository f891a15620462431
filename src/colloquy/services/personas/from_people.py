"""Personas from real people (docs/evidence.md): from an imported human group, one per
participant with every turn as evidence and traits suggested by AI Assist; from a survey
export CSV, one per row with the open answers as evidence.

All or nothing: every persona and its evidence are stored in one transaction, after every
check passed; a row that fails its checks stops the import with its own message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.files.document_sniff import decode_text
from colloquy.domain.personas import from_people as rules
from colloquy.domain.personas.evidence_passages import split_passages
from colloquy.domain.personas.evidence_tier import MAX_WORDS
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.stored.timeutil import to_datetime
from colloquy.engine.run_usage import run_budget
from colloquy.errors import AppError, Conflict, NotFound, ValidationFailed
from colloquy.llm.metered import BudgetReached, MeteredProvider, UsageMeter
from colloquy.llm.provider import Provider
from colloquy.runtime import Runtime
from colloquy.services.multipart_upload import ReceivedFile
from colloquy.services.personas.ai_assist import TEXT_MAX, analyze_document
from colloquy.services.personas.evidence import EvidenceDraft, embed_passages, stage_evidence
from colloquy.services.personas.library import create_personas, get_persona, with_tiers
from colloquy.services.sessions.loading import MSG_SESSION_NOT_FOUND, get_session_row
from colloquy.store.messages import load_message_dicts
from colloquy.store.row_lock import lock_row
from colloquy.store.tables import PersonaRow, SessionRow
from colloquy.store.types import utcnow
from colloquy.store.usage_settings import price_table

log = logging.getLogger("colloquy.from_people")

MSG_NOT_HUMAN = "Personas can be made only from an imported human group"
MSG_ALREADY = "Personas were already made from this group"
MSG_NO_FILE = "No file selected"
MSG_NOT_CSV = "Upload the survey export as a .csv file"
MSG_BAD_MAPPING = "The column mapping must be a JSON object of column name to use"
MSG_BUSY = "Personas are being made from this group by another request; try again when it ends"
GROUP_KEY = "groundedPersonas"  # session settings: persona id per participant index
# Session settings: the request making this group's personas ({token, at}); a claim older
# than CLAIM_TTL is a request that died (a killed server) and no longer holds the group.
CLAIM_KEY = "groundedPersonasClaim"
CLAIM_TTL = timedelta(minutes=30)
# Session settings: the questions whose answers the personas were built from (absent for
# personas made before questions could be held out: every question).
GROUP_QUESTIONS_KEY = "groundedPersonasQuestions"


async def _store(
    db: AsyncSession, runtime: Runtime, items: list[tuple[dict[str, Any], EvidenceDraft]]
) -> list[PersonaRecord]:
    """Create the personas and their evidence in one transaction."""
    embedded = [await embed_passages(runtime, draft.passages) for _, draft in items]
    return await _write(db, items, embedded)


async def _write(
    db: AsyncSession,
    items: list[tuple[dict[str, Any], EvidenceDraft]],
    embedded: list[tuple[list[list[float]] | None, str | None]],
) -> list[PersonaRecord]:
    personas = await create_personas(db, [p for p, _ in items], commit=False)
    for persona, (_, draft), (vectors, embedder) in zip(personas, items, embedded, strict=True):
        await stage_evidence(db, persona["id"], draft, vectors, embedder)
    return personas


async def _suggest_traits(provider: Provider, text: str) -> tuple[dict[str, Any] | None, str]:
    try:
        result = await analyze_document(provider, text[:TEXT_MAX], None)
    except AppError as err:
        return None, f"traits not suggested: {err.message}"
    return result["traits"], "traits suggested by AI Assist"


async def _locked_row(db: AsyncSession, session_id: str) -> SessionRow:
    """The session's row, locked for this transaction and read after the lock."""
    if not await lock_row(db, SessionRow, session_id):
        raise NotFound(MSG_SESSION_NOT_FOUND)
    row = await db.get(SessionRow, session_id, populate_existing=True)
    if row is None:
        raise NotFound(MSG_SESSION_NOT_FOUND)
    return row


def _claim_of(row: SessionRow) -> dict[str, Any] | None:
    claim = (row.settings or {}).get(CLAIM_KEY)
    return claim if isinstance(claim, dict) else None


def _claim_is_live(claim: dict[str, Any] | None) -> bool:
    moment = to_datetime(claim.get("at")) if claim else None
    return moment is not None and utcnow() - moment < CLAIM_TTL


async def _claim(db: AsyncSession, session_id: str) -> str:
    """Claim the group for this request (committed), or refuse: personas made already
    and still in the library, or being made by another request right now."""
    row = await _locked_row(db, session_id)
    made = [pid for pid in (row.settings or {}).get(GROUP_KEY) or [] if isinstance(pid, str)]
    if made and await db.scalar(select(func.count()).where(PersonaRow.id.in_(made))):
        await db.rollback()
        raise Conflict(MSG_ALREADY)  # made before and still in the library
    if _claim_is_live(_claim_of(row)):
        await db.rollback()
        raise Conflict(MSG_BUSY)
    token = secrets.token_hex(8)
    claim = {"token": token, "at": utcnow().isoformat()}
    row.settings = {**(row.settings or {}), CLAIM_KEY: claim}
    await db.commit()
    return token


async def _release(db: AsyncSession, session_id: str, token: str) -> None:
    """Give the claim back (the request failed); nothing else changes."""
    await db.rollback()
    try:
        row = await _locked_row(db, session_id)
    except NotFound:
        return
    claim = _claim_of(row)
    if claim is not None and claim.get("token") == token:
        row.settings = {k: v for k, v in (row.settings or {}).items() if k != CLAIM_KEY}
    await db.commit()


async def _people_items(
    provider: Provider,
    name: str,
    questions: list[str],
    people: list[Any],
    messages: list[Any],
    learn: list[int],
) -> tuple[list[tuple[dict[str, Any], EvidenceDraft]], list[dict[str, Any]]]:
    """Per participant: the persona (traits from AI Assist) and its evidence draft."""
    items, notes = [], []
    for index, person in enumerate(people):
        turns = rules.participant_turns(messages, index, learn)
        text = rules.turns_evidence(questions, turns)
        persona = rules.placeholder_persona(str(person.get("name") or f"Participant {index + 1}"))
        note = "no turns"
        if len(text.split()) > MAX_WORDS:
            raise ValidationFailed([f"{persona['name']}: more than {MAX_WORDS:,} words"])
        if text.strip():
            traits, note = await _suggest_traits(provider, text)
            if traits:
                persona["traits"] = traits
                persona["tags"].append(rules.TAG_SUGGESTED)
        filename = f"{persona['name']} in {name}.txt"
        draft = EvidenceDraft(filename, "txt", "human group", text, split_passages(text))
        items.append((persona, draft))
        notes.append({"participant": persona["name"], "turns": len(turns), "message": note})
    return items, notes


async def _metered(db: AsyncSession, provider: Provider, settings: Any) -> MeteredProvider:
    """The provider under the group's budget (its own, else the default of Settings)."""
    table = await price_table(db)
    return MeteredProvider(provider, UsageMeter(table, await run_budget(db, settings)))


async def from_group(
    db: AsyncSession,
    runtime: Runtime,
    provider: Provider,
    session_id: str,
    split: str = rules.ALTERNATE,
    chosen: list[int] | None = None,
) -> dict[str, Any]:
    """One persona per participant who spoke, from their answers to the evidence questions
    only (`split` or `chosen`, domain/personas/from_people.py); the others stay held out.
    One request at a time per group: a claim on the session (committed before the model
    calls) turns a concurrent request away with 409, and the result is stored only while
    this request still holds it."""
    row = await get_session_row(db, session_id)
    if row.source != "human":
        raise ValidationFailed([MSG_NOT_HUMAN])
    try:
        learn = rules.evidence_questions(len(row.questions or []), split, chosen)
    except ValueError as err:
        raise ValidationFailed([str(err)]) from err
    messages = await load_message_dicts(db, session_id)
    questions, people = list(row.questions or []), list(row.participants or [])
    name, settings = row.name, dict(row.settings or {})
    speakers = len({m.get("participantIndex") for m in messages if m.get("kind") == "response"})
    too_many = rules.too_many_people(speakers)
    if too_many:
        raise ValidationFailed([too_many])
    metered = await _metered(db, provider, settings)
    await db.rollback()
    token = await _claim(db, session_id)  # no transaction open after it: model calls next
    try:
        try:
            items, notes = await _people_items(metered, name, questions, people, messages, learn)
        except BudgetReached as exc:
            raise AppError(
                f"{exc.message}; no personas were made", status=409, code="budget_reached"
            ) from exc
        drafts = [(p, d) for p, d in items if d.passages]
        embedded = [await embed_passages(runtime, d.passages) for _, d in drafts]
        row = await _locked_row(db, session_id)
        claim = _claim_of(row)
        if claim is None or claim.get("token") != token:  # taken over after it expired
            await db.rollback()
            raise Conflict(MSG_BUSY)
        personas = await _write(db, drafts, embedded)
        ids = iter(p["id"] for p in personas)
        mapping = [next(ids) if d.passages else None for _, d in items]
        kept = {k: v for k, v in (row.settings or {}).items() if k != CLAIM_KEY}
        row.settings = {**kept, GROUP_KEY: mapping, GROUP_QUESTIONS_KEY: learn}
        await db.commit()
    except BaseException:
        await asyncio.shield(_release(db, session_id, token))
        raise
    out = await with_tiers(db, [await get_persona(db, pid) for pid in mapping if pid])
    held_out = [q for q in range(len(questions)) if q not in learn]
    return {
        "personas": out,
        "participants": notes,
        "evidenceQuestions": learn,
        "heldOutQuestions": held_out,
    }


def _mapping(raw: str | None, headers: list[str]) -> dict[str, str]:
    if not raw:
        return rules.suggest_mapping(headers)
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # "[[[[..." overflows json's recursion
        raise ValidationFailed([MSG_BAD_MAPPING]) from exc
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValidationFailed([MSG_BAD_MAPPING])
    return {str(k): v for k, v in value.items()}


async def from_survey_csv(
    db: AsyncSession,
    runtime: Runtime,
    upload: ReceivedFile | None,
    mapping_field: str | None,
    dry_run: bool,
) -> dict[str, Any]:
    """The preview (columns, mapping, rows with their messages) or the created personas."""
    if upload is None or not upload.filename.strip():
        raise ValidationFailed([MSG_NO_FILE])
    if not upload.filename.lower().endswith(".csv"):
        raise ValidationFailed([MSG_NOT_CSV])
    if not upload.complete:
        raise ValidationFailed(["The file is larger than 10 MB"])
    text = decode_text(bytes(upload.data))
    if text is None:
        raise ValidationFailed([MSG_NOT_CSV])
    try:
        headers, rows = rules.read_csv_rows(text)
    except ValueError as err:
        raise ValidationFailed([str(err)]) from err
    mapping = _mapping(mapping_field, headers)
    errors = rules.mapping_errors(headers, mapping)
    planned = [] if errors else rules.plan_rows(headers, rows, mapping)
    preview = {
        "columns": headers,
        "mapping": {h: mapping.get(h, rules.IGNORE) for h in headers},
        "errors": errors,
        "rows": [{k: r[k] for k in ("row", "name", "ok", "errors", "words")} for r in planned],
        "valid": sum(1 for r in planned if r["ok"]),
        "invalid": sum(1 for r in planned if not r["ok"]),
        "imported": 0,
        "personaIds": [],
    }
    if dry_run:
        return preview
    bad = errors + [e for r in planned for e in r["errors"]]
    if bad:
        raise ValidationFailed(bad, "Nothing was imported: fix the rows named below")
    items = []
    for r in planned:
        filename = f"Survey answers of {r['name']}.txt"
        text_ = r["evidence"]
        items.append(
            (r["persona"], EvidenceDraft(filename, "txt", "survey", text_, split_passages(text_)))
        )
    personas = await _store(db, runtime, items)
    await db.commit()
    return {**preview, "imported": len(personas), "personaIds": [p["id"] for p in personas]}
