"""A session's setup (participants, moderator style, stimuli, questions, settings):
checked with the product's messages and normalised before it is stored."""

from __future__ import annotations

import secrets
import time
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import (
    DEFAULT_MODERATOR_STYLE,
    DEFAULT_RESPONSE_LENGTH,
    MODERATOR_STYLES,
    RESPONSE_LENGTHS,
)
from colloquy.domain.interviews.rules import (
    GROUP,
    INTERVIEW,
    KINDS,
    MSG_BAD_KIND,
    interview_errors,
    max_probes,
)
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.moderation import DEFAULT_MODERATOR, MODERATORS
from colloquy.domain.sessions.prompt_layout import (
    PERSONA_FIRST,
    prompt_layout,
    prompt_layout_errors,
)
from colloquy.domain.sessions.stimuli import (
    MSG_UNSUPPORTED_AUDIO,
    MSG_UNSUPPORTED_VIDEO,
    StimulusRecord,
    stimulus_platform,
    validate_stimuli,
)
from colloquy.domain.usage.run_settings import run_settings, run_settings_errors
from colloquy.domain.validation import (
    MSG_MAX_QUESTIONS,
    MSG_MIN_QUESTIONS,
    MSG_SELECT_PERSONAS,
    MSG_SESSION_NAME,
    nonblank_questions,
    validate_session_start,
)
from colloquy.engine.plan import NATURAL, PARALLEL, SEQUENTIAL
from colloquy.errors import ValidationFailed
from colloquy.services.personas.library import get_personas_by_ids

NAME_MAX = 200
DESCRIPTION_MAX = 5000
QUESTION_MAX = 1000
DISCUSSION_MODES = (SEQUENTIAL, PARALLEL, NATURAL)
SEED_MAX = 2**53 - 1  # exact in JSON numbers
MSG_NAME_REQUIRED = MSG_SESSION_NAME
MSG_NAME_TOO_LONG = f"Session name must be at most {NAME_MAX} characters"
MSG_DESCRIPTION_TOO_LONG = f"Description must be at most {DESCRIPTION_MAX} characters"
MSG_QUESTION_TOO_LONG = f"Each question must be at most {QUESTION_MAX} characters"
MSG_BAD_LINK = "Links must start with http:// or https://"
MSG_BAD_IMAGE = "Images must be uploaded files or http(s) links"
_WEB_SCHEMES = ("http", "https")


def new_session_id() -> str:
    # The product's 's' + timestamp; a random tail keeps two sessions of one millisecond apart.
    return f"s{int(time.time() * 1000)}{secrets.token_hex(3)}"


def new_stimulus_id() -> str:
    return f"st{int(time.time() * 1000)}{secrets.token_hex(3)}"


def _is_web_url(text: str) -> bool:
    try:
        parts = urlsplit(text)
    except ValueError:
        return False
    return parts.scheme.lower() in _WEB_SCHEMES and bool(parts.netloc)


def link_errors(stimulus: StimulusRecord) -> list[str]:
    """Links end up in href/src attributes: only web URLs (and our own uploads) are safe."""
    kind, content = stimulus.get("type"), (stimulus.get("content") or "").strip()
    if not content or kind == "text":
        return []
    if kind == "image":
        ok = _is_web_url(content) or (content.startswith("/uploads/") and ".." not in content)
        return [] if ok else [MSG_BAD_IMAGE]
    if _is_web_url(content):
        return []
    return {"video": [MSG_UNSUPPORTED_VIDEO], "audio": [MSG_UNSUPPORTED_AUDIO]}.get(
        str(kind), [MSG_BAD_LINK]
    )


def clean_stimulus(s: StimulusRecord) -> StimulusRecord:
    """A stimulus as stored: trimmed, with an id and its media platform (sessions, surveys)."""
    out: StimulusRecord = {
        "id": (s.get("id") or "").strip() or new_stimulus_id(),
        "type": s["type"],
        "title": s["title"].strip(),
        "content": s["content"].strip(),
        "description": (s.get("description") or "").strip() or None,
    }
    platform = stimulus_platform(out)
    if platform:
        out["platform"] = platform
    return out


def _settings_errors(settings: dict[str, Any]) -> list[str]:
    errors = []
    if (settings.get("responseLength") or DEFAULT_RESPONSE_LENGTH) not in RESPONSE_LENGTHS:
        errors.append("Response length must be brief, moderate or detailed")
    if (settings.get("discussionMode") or SEQUENTIAL) not in DISCUSSION_MODES:
        errors.append("Discussion mode must be sequential, parallel or natural")
    seed = settings.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= SEED_MAX):
        errors.append(f"Seed must be a whole number from 0 to {SEED_MAX}")
    if (settings.get("moderator") or DEFAULT_MODERATOR) not in MODERATORS:
        errors.append("Moderator must be scripted or ai")
    return errors


def check_details(name: Any, description: Any) -> list[str]:
    errors = []
    if isinstance(name, str) and len(name.strip()) > NAME_MAX:
        errors.append(MSG_NAME_TOO_LONG)
    if isinstance(description, str) and len(description) > DESCRIPTION_MAX:
        errors.append(MSG_DESCRIPTION_TOO_LONG)
    return errors


def unique_ids(ids: list[str] | None) -> list[str]:
    """Persona ids in the order chosen, each once."""
    return list(dict.fromkeys(i for i in ids or [] if isinstance(i, str) and i))


def validate_setup(data: dict[str, Any], one_question: bool = False) -> None:
    """Raise ValidationFailed with every applicable message (spec texts first);
    `one_question`: a single question is enough (a replay of a group's held-out ones)."""
    stimuli = data.get("stimuli") or []
    kind = data.get("kind") or GROUP
    people = len(unique_ids(data.get("participantIds")))
    errors = validate_session_start(data.get("name"), people, data.get("questions"))
    if kind not in KINDS:
        errors.append(MSG_BAD_KIND)
    elif kind == INTERVIEW:  # one persona, 1-30 questions (docs/interviews.md)
        group_only = (MSG_SELECT_PERSONAS, MSG_MIN_QUESTIONS, MSG_MAX_QUESTIONS)
        errors = [e for e in errors if e not in group_only]
        asked = nonblank_questions(data.get("questions"))
        errors += interview_errors(people, asked, data.get("settings") or {})
    if one_question and len(nonblank_questions(data.get("questions"))) == 1:
        errors = [e for e in errors if e != MSG_MIN_QUESTIONS]
    errors += check_details(data.get("name"), data.get("description"))
    if (data.get("moderatorStyle") or DEFAULT_MODERATOR_STYLE) not in MODERATOR_STYLES:
        errors.append("Moderator style must be formal, casual or probing")
    errors += validate_stimuli(stimuli)
    for stimulus in stimuli:
        errors += [m for m in link_errors(stimulus) if m not in errors]
    if any(len(q) > QUESTION_MAX for q in nonblank_questions(data.get("questions"))):
        errors.append(MSG_QUESTION_TOO_LONG)
    errors += _settings_errors(data.get("settings") or {})
    errors += run_settings_errors(data.get("settings") or {})
    errors += prompt_layout_errors(data.get("settings") or {})
    if errors:
        raise ValidationFailed(list(dict.fromkeys(errors)))


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    return value


async def participant_snapshots(db: AsyncSession, ids: list[str]) -> list[PersonaRecord]:
    """The personas as they are now (with `enriched`), frozen into the session."""
    return [_jsonable(p) for p in await get_personas_by_ids(db, unique_ids(ids))]


def normalised_setup(data: dict[str, Any]) -> dict[str, Any]:
    """Column values for a validated setup (participants are added by the caller)."""
    settings = data.get("settings") or {}
    return {
        "moderator_style": data.get("moderatorStyle") or DEFAULT_MODERATOR_STYLE,
        "stimuli": [clean_stimulus(s) for s in data.get("stimuli") or []],
        "questions": nonblank_questions(data.get("questions")),
        "settings": {
            "responseLength": settings.get("responseLength") or DEFAULT_RESPONSE_LENGTH,
            "discussionMode": settings.get("discussionMode") or SEQUENTIAL,
            "autoAdvance": bool(settings.get("autoAdvance", False)),
            "moderator": settings.get("moderator") or DEFAULT_MODERATOR,
            **run_settings(settings),  # budgetUsd, webhookUrl
            "participantProfiles": dict(settings.get("participantProfiles") or {}),
            **({"privateAnswers": True} if settings.get("privateAnswers") is True else {}),
            **_layout(settings),
            **_natural_settings(settings),
            **({"maxProbes": max_probes(settings)} if data.get("kind") == INTERVIEW else {}),
        },
    }


def _layout(settings: dict[str, Any]) -> dict[str, Any]:
    """The prompt layout, stored only when it is not the default (cache_layout.py)."""
    layout = prompt_layout(settings)
    return {"promptLayout": layout} if layout != PERSONA_FIRST else {}


def _natural_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Natural mode's own settings: model bids, and the seed of the speaker
    order and turn lengths (a new one when none is given, kept by duplicates)."""
    if settings.get("discussionMode") != NATURAL:
        return {}
    seed = settings.get("seed")
    return {
        "modelBids": settings.get("modelBids") is True,
        "seed": seed if type(seed) is int else secrets.randbelow(SEED_MAX),
    }
