"""Where model profiles are used (docs/models.md): the participants of sessions and the
respondents of surveys that name one, checked when they are set up, and the providers a
run builds for them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.personas.records import PersonaRecord
from colloquy.engine.voices import Voice
from colloquy.errors import AppError, ValidationFailed
from colloquy.llm.factory import build_provider
from colloquy.llm.provider import Provider
from colloquy.runtime import Runtime
from colloquy.services.model_settings.profiles import config_of
from colloquy.store.tables import ModelProfileRow, SessionRow, SurveyRow

FIELD = "participantProfiles"


async def check_assignments(
    db: AsyncSession, mapping: Any, participant_ids: list[str]
) -> dict[str, str]:
    """{personaId: profileId} as stored: each persona a participant, each profile saved."""
    if mapping is None:
        return {}
    if not isinstance(mapping, dict):
        raise ValidationFailed([f"{FIELD} must map persona ids to model profile ids"])
    errors: list[str] = []
    known = set(await db.scalars(select(ModelProfileRow.id)))
    members = set(participant_ids)
    out: dict[str, str] = {}
    for persona_id, profile_id in mapping.items():
        if profile_id is None or profile_id == "":
            continue  # the default model
        if not isinstance(profile_id, str) or profile_id not in known:
            errors.append(f"No model profile with id {profile_id!r} ({FIELD})")
        elif persona_id not in members:
            errors.append(f"{FIELD} names {persona_id!r}, who is not a participant")
        else:
            out[persona_id] = profile_id
    if errors:
        raise ValidationFailed(list(dict.fromkeys(errors)))
    return out


async def unfinished_users(db: AsyncSession, profile_id: str) -> list[str]:
    """Names of the sessions and surveys not finished yet whose participants use it."""
    names: list[str] = []
    sessions = await db.execute(
        select(SessionRow.name, SessionRow.settings, SessionRow.model_override).where(
            SessionRow.status != "completed"
        )
    )
    for name, settings, override in sessions:
        used = ((settings or {}).get(FIELD) or {}).values()
        if profile_id in used or (override or {}).get("profileId") == profile_id:
            names.append(name)
    surveys = await db.execute(
        select(SurveyRow.name, SurveyRow.respondents).where(SurveyRow.status != "completed")
    )
    for name, respondents in surveys:
        if any(r.get("profileId") == profile_id for r in respondents or []):
            names.append(name)
    return names


def default_voice(
    runtime: Runtime, provider: Provider, override: dict[str, Any] | None = None
) -> Voice:
    """The default model's voice: the default profile (or the rerun's chosen one)."""
    if override:
        return Voice(provider, override.get("profileId"), override.get("profileName"))
    named = runtime.default_profile
    if named is None:
        return Voice(provider, None, "Default")
    return Voice(provider, named["id"], named["name"] or "Default")


async def _profile_voices(runtime: Runtime, wanted: set[str]) -> dict[str, Voice]:
    if not wanted:
        return {}
    async with runtime.sessionmaker() as db:
        rows = list(await db.scalars(select(ModelProfileRow).where(ModelProfileRow.id.in_(wanted))))
    voices: dict[str, Voice] = {}
    try:
        for row in rows:
            provider = build_provider(runtime.settings, config_of(runtime, row))
            voices[row.id] = Voice(provider, row.id, row.name, owned=True)
    except BaseException:
        for voice in voices.values():
            await voice.provider.aclose()
        raise
    missing = wanted - set(voices)
    if missing:
        for voice in voices.values():
            await voice.provider.aclose()
        raise AppError(f"the model profile {min(missing)!r} was deleted", status=503)
    return voices


async def session_voices(runtime: Runtime, row: SessionRow, default: Provider) -> dict[int, Voice]:
    """A voice per participant index of the session (the engine's VoiceBuilder)."""
    mapping = (row.settings or {}).get(FIELD) or {}
    base = default_voice(runtime, default, row.model_override)
    participants = list(row.participants or [])
    if row.model_override:  # a rerun on one model: every participant answers on it
        mapping = {}
    profiles = await _profile_voices(runtime, set(mapping.values()))
    chosen = [str(mapping.get(str(p.get("id"))) or "") for p in participants]
    return {i: profiles.get(c, base) for i, c in enumerate(chosen)}


async def respondent_voices(
    runtime: Runtime, respondents: list[PersonaRecord], default: Provider
) -> dict[str, Voice]:
    """A voice per respondent id of a survey."""
    base = default_voice(runtime, default)
    wanted = {str(r["profileId"]) for r in respondents if r.get("profileId")}
    profiles = await _profile_voices(runtime, wanted)
    return {str(r["id"]): profiles.get(str(r.get("profileId")), base) for r in respondents}


async def checked_profiles(db: AsyncSession, data: dict[str, Any]) -> dict[str, Any]:
    """A session setup with its `settings.participantProfiles` checked (a copy)."""
    settings = dict(data.get("settings") or {})
    if FIELD not in settings:
        return data
    ids = [i for i in data.get("participantIds") or [] if isinstance(i, str)]
    settings[FIELD] = await check_assignments(db, settings[FIELD], ids)
    return {**data, "settings": settings}
