"""Glue between a session and the pure prompt builders of colloquy.domain.sessions.prompts."""

from __future__ import annotations

import base64
import logging
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from colloquy.domain.files.images import IMAGE_SUFFIX_MIMES
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.cache_layout import cache_friendly_prompt, session_history
from colloquy.domain.sessions.prompts import build_system_prompt, build_user_prompt, trim_discussion
from colloquy.domain.sessions.stable_prefix import stable_prefix_length
from colloquy.domain.sessions.stimuli import StimulusRecord
from colloquy.domain.sessions.tokens import max_tokens_for
from colloquy.llm.types import ChatMessage, ChatRequest

log = logging.getLogger(__name__)

# Room for the discussion in one prompt; the oldest answers go first, the question stays.
DISCUSSION_TOKEN_BUDGET = 1500
# Uploaded images are inlined as data: URLs (a remote model cannot reach our /uploads).
INLINE_IMAGE_MAX_BYTES = 10 * 1024 * 1024
_UPLOAD_NAME = re.compile(r"^/uploads/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$")


def image_urls(stimuli: list[StimulusRecord], uploads_dir: Path) -> list[str]:
    """URLs of the image stimuli a multimodal model should see: uploaded files as data:
    URLs, web images as they are. Unreadable files are skipped (the text still names them)."""
    urls: list[str] = []
    for stimulus in stimuli:
        content = stimulus.get("content")
        if stimulus.get("type") != "image" or not isinstance(content, str):
            continue
        match = _UPLOAD_NAME.match(content)
        if match:
            data_url = _data_url(uploads_dir / match.group(1))
            if data_url:
                urls.append(data_url)
        elif content.startswith(("https://", "http://", "data:image/")):
            urls.append(content)
    return urls


def _data_url(path: Path) -> str | None:
    mime = IMAGE_SUFFIX_MIMES.get(path.suffix.lower().lstrip("."))
    try:
        if mime is None or path.stat().st_size > INLINE_IMAGE_MAX_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        log.warning("stimulus image %s is not readable", path.name)
        return None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def answer_request(
    *,
    persona: PersonaRecord,
    moderator_style: str,
    response_length: str,
    question: str,
    stimuli: list[StimulusRecord],
    discussion: Sequence[Mapping[str, Any]],
    round_index: int,
    images: list[str],
    system: str | None = None,
    follow_up: str | None = None,
    cache_friendly: bool = False,
) -> ChatRequest:
    """The model request for one participant's answer in one round. `system`: the
    persona's system prompt when the caller already built it (it is the same all session).
    `cache_friendly`: the shared part first (domain/sessions/cache_layout.py), with
    `discussion` the whole session's (plan.session_scope)."""
    if system is None:
        system = build_system_prompt(
            persona, persona.get("enriched"), moderator_style, response_length
        )
    if cache_friendly:
        turn = build_user_prompt(question, None, None, round_index, follow_up)
        prompt = cache_friendly_prompt(
            persona_prompt=system,
            stimuli=stimuli,
            history=session_history(discussion),
            turn=turn,
        )
        message = ChatMessage(
            role="user",
            content=prompt.user,
            images=list(images),
            cache_prefix=prompt.shared,
            block_ends=prompt.block_ends,
        )
        return ChatRequest(
            system=prompt.system,
            messages=[message],
            max_tokens=max_tokens_for(response_length),
        )
    shown = trim_discussion(discussion, DISCUSSION_TOKEN_BUDGET) if discussion else []
    user = build_user_prompt(question, stimuli, shown, round_index, follow_up)
    return ChatRequest(
        system=system,
        messages=[
            ChatMessage(
                role="user",
                content=user,
                images=list(images),
                cache_prefix=stable_prefix_length(user, question),
            )
        ],
        max_tokens=max_tokens_for(response_length),
    )


def moderator_request(
    *,
    kind: str,
    moderator_style: str,
    question: str,
    discussion: Sequence[Mapping[str, Any]],
    names: list[str],
    next_round_index: int,
    is_last_question: bool,
) -> ChatRequest:
    """The AI moderator's request: the probe that opens round `next_round_index`, or the
    summary of the question (kind `summary`). `discussion`: the question's messages."""
    shown = trim_discussion(discussion, moderation.DISCUSSION_TOKEN_BUDGET)
    if kind == moderation.SUMMARY:
        user = moderation.summary_prompt(question, shown, is_last_question)
        max_tokens = moderation.SUMMARY_MAX_TOKENS
    else:
        user = moderation.probe_prompt(question, shown, names, next_round_index, discussion)
        max_tokens = moderation.PROBE_MAX_TOKENS
    return ChatRequest(
        system=moderation.moderator_system_prompt(moderator_style),
        messages=[ChatMessage(role="user", content=user)],
        max_tokens=max_tokens,
    )
