"""Persona tags: short segment labels such as "Gen Z" or "Chicago".

Why normalised here: the library filter, the participant picker and imports compare tags,
so "gen z", " Gen  Z " and "Gen Z" must be one tag. The first spelling given is kept;
later ones that differ only in case or spacing are dropped.
"""

from __future__ import annotations

from typing import Any

TAG_MAX_LENGTH = 40
TAGS_MAX = 10
TAG_SEPARATOR = ";"

MSG_TAGS_LIST = "Tags must be a list of text labels"
MSG_TAG_TOO_LONG = f"Tags must be at most {TAG_MAX_LENGTH} characters"
MSG_TOO_MANY_TAGS = f"No more than {TAGS_MAX} tags are allowed"
MSG_TAG_SEPARATOR = "Tags cannot contain ';'"


def tag_key(tag: str) -> str:
    """The comparison form of a tag: spaces collapsed, case folded."""
    return " ".join(tag.split()).casefold()


def normalize_tags(tags: Any) -> list[str]:
    """Trimmed, inner spaces collapsed, blanks and case-insensitive repeats dropped."""
    if not isinstance(tags, (list, tuple)):
        return []
    seen: set[str] = set()
    out: list[str] = []
    for tag in tags:
        if not isinstance(tag, str):
            continue
        text = " ".join(tag.split())
        if text and tag_key(text) not in seen:
            seen.add(tag_key(text))
            out.append(text)
    return out


def split_tags(cell: Any) -> list[str]:
    """Tags from one spreadsheet cell, separated by ';'."""
    if not isinstance(cell, str):
        return []
    return [t.strip() for t in cell.split(TAG_SEPARATOR) if t.strip()]


def validate_tags(tags: Any) -> list[str]:
    """Messages for tags that cannot be stored; None or a missing value means no tags."""
    if tags is None:
        return []
    if not isinstance(tags, (list, tuple)) or not all(
        isinstance(t, str) or t is None for t in tags
    ):
        return [MSG_TAGS_LIST]
    clean = normalize_tags(tags)
    errors: list[str] = []
    if any(len(t) > TAG_MAX_LENGTH for t in clean):
        errors.append(MSG_TAG_TOO_LONG)
    if any(TAG_SEPARATOR in t for t in clean):
        errors.append(MSG_TAG_SEPARATOR)
    if len(clean) > TAGS_MAX:
        errors.append(MSG_TOO_MANY_TAGS)
    return errors


def has_tag(tags: Any, wanted: str) -> bool:
    """Whether a persona's tags include `wanted` (case and spacing ignored)."""
    key = tag_key(wanted)
    return any(isinstance(t, str) and tag_key(t) == key for t in tags or [])
