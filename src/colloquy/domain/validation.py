"""Input validation of product-rules §5, returning the product's own message texts.

Why lists, not exceptions: the UI shows every problem at once (persona errors are joined
with periods into one toast) and the API answers 422 with all messages, so each
validator returns every applicable message in a fixed order; an empty list means valid.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeGuard

from colloquy.domain.constants import (
    AGE_MAX,
    AGE_MIN,
    AI_ASSIST_MIN_CHARS,
    FILE_MAX_BYTES,
    FILENAME_MAX_LENGTH,
    GENERATION_TEXT_MAX,
    GENERATION_TEXT_MIN,
    INTERESTS_MAX,
    NAME_MAX_LENGTH,
    PARTICIPANTS_MAX,
    PARTICIPANTS_MIN,
    PERSONA_FIELD_MAX_LENGTH,
    QUESTIONS_MAX,
    QUESTIONS_MIN,
    TRAIT_MAX,
    TRAIT_MIN,
    TRAITS,
)
from colloquy.domain.numbers.mathutil import is_number
from colloquy.domain.text.text_safety import is_blank

MSG_INVALID_BIG_FIVE = "Invalid Big Five values - all must be 0-100"
MSG_SELECT_PERSONAS = "Please select 3-8 personas"
MSG_SESSION_NAME = "Session name is required"
MSG_MIN_QUESTIONS = "Please add at least 2 questions"
MSG_MAX_QUESTIONS = "No more than 10 questions are allowed"
MSG_NO_FILE = "No file selected"
MSG_FILENAME_TOO_LONG = "Filename too long (max 255 characters)"
MSG_ENTER_DESCRIPTION = "Please enter a description"
MSG_UPLOAD_DOCUMENT = "Please upload a document"
MSG_TOO_SHORT = "Input is too short. Please provide more details."
MSG_DESCRIPTION_TOO_LONG = "Description must be at most 10,000 characters"
MSG_AI_ASSIST_SHORT = "Please provide at least 50 characters of text to analyze"

# Accepted document types (product-rules §5 Document file check): extension -> MIME type.
DOCUMENT_TYPES: dict[str, str] = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "txt": "text/plain",
    "csv": "text/csv",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "png": "image/png",
    "webp": "image/webp",
    "gif": "image/gif",
}
_MIME_TO_EXT = {mime: ext for ext, mime in reversed(DOCUMENT_TYPES.items())}
_MIME_TO_EXT["application/csv"] = "csv"
_MIME_TO_EXT["image/jpg"] = "jpg"


def _blank(value: Any) -> bool:
    return is_blank(value)


def _filled(value: Any) -> TypeGuard[str]:
    return not is_blank(value)


def _in_range(value: Any, low: float, high: float) -> bool:
    return is_number(value) and low <= value <= high


def join_messages(messages: Sequence[str]) -> str:
    """One toast text from several messages, joined with periods (product-rules §5 Persona form)."""
    return ". ".join(m.rstrip(".") for m in messages) + ("." if messages else "")


def validate_big_five(traits: Any) -> list[str]:
    """Valid only if every one of the five traits is a number 0-100."""
    if not isinstance(traits, dict):
        return [MSG_INVALID_BIG_FIVE]
    if all(_in_range(traits.get(t), TRAIT_MIN, TRAIT_MAX) for t in TRAITS):
        return []
    return [MSG_INVALID_BIG_FIVE]


def validate_persona(data: dict[str, Any]) -> list[str]:
    """Every persona-form message that applies, in the order of product-rules §5."""
    errors: list[str] = []
    name = data.get("name")
    if not _filled(name):
        errors.append("Name is required")
    elif len(name.strip()) > NAME_MAX_LENGTH:
        errors.append("Name must be less than 100 characters")

    age = data.get("age")
    if age is None or (isinstance(age, str) and not age.strip()):
        errors.append("Age is required")
    elif not _in_range(age, AGE_MIN, AGE_MAX):
        errors.append("Age must be between 18 and 100")

    for field, label, message in (
        ("gender", "Gender", "Gender is required"),
        ("location", "Location", "Location is required"),
        ("income", "Income bracket", "Income bracket is required"),
    ):
        value = data.get(field)
        if not _filled(value):
            errors.append(message)
        elif len(value.strip()) > PERSONA_FIELD_MAX_LENGTH[field]:
            limit = PERSONA_FIELD_MAX_LENGTH[field]
            errors.append(f"{label} must be at most {limit} characters")

    traits = data.get("traits")
    if not isinstance(traits, dict) or not traits:
        errors.append("Personality traits are required")
    else:
        for trait in TRAITS:
            if not _in_range(traits.get(trait), TRAIT_MIN, TRAIT_MAX):
                errors.append(f"{trait.capitalize()} must be between 0 and 100")

    interests = data.get("interests")
    if not isinstance(interests, (list, tuple)) or len(interests) == 0:
        errors.append("At least one interest is required")
    else:
        if any(_blank(i) for i in interests):
            errors.append("All interests must be non-empty")
        if len(interests) > INTERESTS_MAX:
            errors.append("No more than 5 interests are allowed")
    return errors


def document_type(name: str | None, mime_or_ext: str | None = None) -> str | None:
    """Canonical extension ('pdf', 'docx', 'txt', 'csv', 'jpg', ...) or None if unsupported.
    The MIME type or extension wins; the file name's extension is the fallback."""
    given = (mime_or_ext or "").strip().lower()
    if given:
        given = given.split(";")[0].strip()
        if given in _MIME_TO_EXT:
            return _MIME_TO_EXT[given]
        ext = given.lstrip(".")
        return ext if ext in DOCUMENT_TYPES else None
    if name and "." in name:
        ext = name.rsplit(".", 1)[1].strip().lower()
        return ext if ext in DOCUMENT_TYPES else None
    return None


def validate_document_file(
    name: str | None, size_bytes: int | None, mime_or_ext: str | None = None
) -> list[str]:
    """product-rules §5 Document file check: presence, size, type, filename length."""
    if not name:
        return [MSG_NO_FILE]
    errors: list[str] = []
    size = size_bytes if is_number(size_bytes) else 0
    if size > FILE_MAX_BYTES:
        errors.append(f"File too large ({size / (1024 * 1024):.2f} MB). Maximum 10MB allowed.")
    if document_type(name, mime_or_ext) is None:
        shown = (mime_or_ext or "").strip() or (
            name.rsplit(".", 1)[1] if "." in name else "unknown"
        )
        errors.append(
            f"Invalid file type: {shown}. Supported: PDF, DOCX, TXT, CSV, JPG, PNG, WEBP, GIF"
        )
    if len(name) > FILENAME_MAX_LENGTH:
        errors.append(MSG_FILENAME_TOO_LONG)
    return errors


def validate_generation_input(description: str | None) -> list[str]:
    """Generate dialog, text mode: non-empty, at least 10 and at most 10,000 characters."""
    if not _filled(description):
        return [MSG_ENTER_DESCRIPTION]
    if len(description.strip()) < GENERATION_TEXT_MIN:
        return [MSG_TOO_SHORT]
    if len(description) > GENERATION_TEXT_MAX:
        return [MSG_DESCRIPTION_TOO_LONG]
    return []


def validate_generation_document(document_text: str | None) -> list[str]:
    """Generate dialog, document mode: a document whose text has at least 10 characters."""
    if document_text is None:
        return [MSG_UPLOAD_DOCUMENT]
    if len(document_text.strip()) < GENERATION_TEXT_MIN:
        return [MSG_TOO_SHORT]
    return []


def validate_ai_assist(text: str | None) -> list[str]:
    """AI Assist needs at least 50 characters of text."""
    if not isinstance(text, str) or len(text.strip()) < AI_ASSIST_MIN_CHARS:
        return [MSG_AI_ASSIST_SHORT]
    return []


def nonblank_questions(questions: Sequence[Any] | None) -> list[str]:
    """The questions that will actually be asked: stripped, blanks dropped."""
    return [q.strip() for q in (questions or []) if isinstance(q, str) and q.strip()]


def validate_session_start(
    name: str | None, participant_count: int, questions: Sequence[Any] | None
) -> list[str]:
    """Start Session is allowed with a non-blank name, 3-8 personas and 2-10 questions."""
    errors: list[str] = []
    if _blank(name):
        errors.append(MSG_SESSION_NAME)
    count = participant_count if is_number(participant_count) else math.nan
    if not PARTICIPANTS_MIN <= count <= PARTICIPANTS_MAX:
        errors.append(MSG_SELECT_PERSONAS)
    asked = nonblank_questions(questions)
    if len(asked) < QUESTIONS_MIN:
        errors.append(MSG_MIN_QUESTIONS)
    elif len(asked) > QUESTIONS_MAX:
        errors.append(MSG_MAX_QUESTIONS)
    return errors


# Stimulus rules live in .stimuli; re-exported so all product-rules §5 checks import from here.
from colloquy.domain.sessions.stimuli import (
    detect_audio_platform,
    detect_video_platform,
    validate_stimuli,
    validate_stimulus,
)

__all__ = [
    "DOCUMENT_TYPES",
    "detect_audio_platform",
    "detect_video_platform",
    "document_type",
    "join_messages",
    "nonblank_questions",
    "validate_ai_assist",
    "validate_big_five",
    "validate_document_file",
    "validate_generation_document",
    "validate_generation_input",
    "validate_persona",
    "validate_session_start",
    "validate_stimuli",
    "validate_stimulus",
]
