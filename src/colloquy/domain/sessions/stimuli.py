"""Stimulus rules of product-rules §5 "Stimuli": counts, required fields, media URL platforms.

Why a separate module: the platform detection is also needed when a stimulus is stored
(its `platform` field) and when it is shown (embed YouTube, native player otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict, get_args
from urllib.parse import urlsplit

from colloquy.domain.constants import AUDIO_MAX, STIMULI_MAX, STIMULUS_TYPES, VIDEOS_MAX

MSG_MAX_STIMULI = "Maximum 10 stimuli allowed"
MSG_MAX_VIDEOS = "Maximum 2 videos per session"
MSG_MAX_AUDIO = "Maximum 4 audio files per session"
MSG_FILL_ALL_FIELDS = "Please fill in all fields"
MSG_UNSUPPORTED_VIDEO = "Unsupported video URL format"
MSG_UNSUPPORTED_AUDIO = "Unsupported audio URL format"
MSG_MAX_FILES = "Maximum 10 files allowed"
TEXT_STIMULUS_MAX_CHARS = 4000  # keeps a pasted document from crowding out the question


class StimulusRecord(TypedDict, total=False):
    """A stimulus (a session's material, a survey's concept) as stored and shown. From a
    request, only the fields given are present, until validate_stimulus has passed it."""

    id: str
    type: str  # text | image | video | audio | url (STIMULUS_TYPES)
    title: str
    content: str  # the text, or the media's URL
    description: str | None
    platform: str  # youtube, vimeo, ... (stimulus_platform), set when stored


StimulusField = Literal["id", "type", "title", "content", "description", "platform"]
STIMULUS_FIELDS: tuple[StimulusField, ...] = get_args(StimulusField)


_VIDEO_EXTENSIONS = (".mp4", ".webm", ".mov")
_AUDIO_EXTENSIONS = (".mp3", ".wav", ".m4a", ".ogg")


def _path_of(url: str) -> str:
    # "ends in mp4" is checked on the path, so "clip.mp4?t=10" is still a direct file.
    try:
        return urlsplit(url).path.lower()
    except ValueError:
        return url.lower()


def _filled(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def detect_video_platform(url: Any) -> str | None:
    """'youtube', 'vimeo' or 'direct'; None means 'Unsupported video URL format'."""
    if not isinstance(url, str) or not url.strip():
        return None
    text = url.strip().lower()
    if "youtube" in text or "youtu.be" in text:
        return "youtube"
    if "vimeo" in text:
        return "vimeo"
    return "direct" if _path_of(url.strip()).endswith(_VIDEO_EXTENSIONS) else None


def detect_audio_platform(url: Any) -> str | None:
    """'soundcloud', 'spotify' or 'direct'; None means 'Unsupported audio URL format'."""
    if not isinstance(url, str) or not url.strip():
        return None
    text = url.strip().lower()
    if "soundcloud" in text:
        return "soundcloud"
    if "spotify" in text:
        return "spotify"
    return "direct" if _path_of(url.strip()).endswith(_AUDIO_EXTENSIONS) else None


def stimulus_of(value: object) -> StimulusRecord | None:
    """A stimulus read from JSON (an estimate's body): its text fields; None when the value
    is not an object."""
    if not isinstance(value, dict):
        return None
    out: StimulusRecord = {}
    for key in STIMULUS_FIELDS:
        field = value.get(key)
        if isinstance(field, str):
            out[key] = field
    return out


def stimulus_platform(stimulus: StimulusRecord) -> str | None:
    """The platform to store for a video or audio stimulus; None for other types."""
    kind = stimulus.get("type")
    if kind == "video":
        return detect_video_platform(stimulus.get("content"))
    if kind == "audio":
        return detect_audio_platform(stimulus.get("content"))
    return None


def validate_stimulus(stimulus: StimulusRecord) -> list[str]:
    """Problems of one stimulus: type, required title and content, media URL format."""
    errors: list[str] = []
    kind = stimulus.get("type")
    if kind not in STIMULUS_TYPES:
        errors.append(f"Invalid stimulus type: {kind}")
    title, content = stimulus.get("title"), stimulus.get("content")
    if not _filled(title) or not _filled(content):
        errors.append(MSG_FILL_ALL_FIELDS)
    elif kind == "video" and detect_video_platform(content) is None:
        errors.append(MSG_UNSUPPORTED_VIDEO)
    elif kind == "audio" and detect_audio_platform(content) is None:
        errors.append(MSG_UNSUPPORTED_AUDIO)
    return errors


def validate_stimuli(stimuli: Sequence[StimulusRecord] | None) -> list[str]:
    """All stimulus messages for a session's list, each message at most once."""
    items = list(stimuli or [])
    errors: list[str] = []
    if len(items) > STIMULI_MAX:
        errors.append(MSG_MAX_STIMULI)
    if sum(1 for s in items if s.get("type") == "video") > VIDEOS_MAX:
        errors.append(MSG_MAX_VIDEOS)
    if sum(1 for s in items if s.get("type") == "audio") > AUDIO_MAX:
        errors.append(MSG_MAX_AUDIO)
    for stimulus in items:
        for message in validate_stimulus(stimulus):
            if message not in errors:
                errors.append(message)
    return errors


def upload_size_message(file_name: str) -> str:
    """Per-file upload error (product-rules §5: prefixed by the file name)."""
    return f"{file_name}: File size must be less than 10MB"


def stimulus_block(index: int, s: StimulusRecord) -> list[str]:
    """A stimulus as a prompt shows it: numbered, its kind, title, content, description."""
    kind = str(s.get("type") or "stimulus")
    platform = f", {s['platform']}" if s.get("platform") else ""
    head = f"{index}. [{kind.capitalize()}{platform}] {s.get('title') or 'Untitled'}"
    given = s.get("content")
    content = given if isinstance(given, str) else ""
    if kind == "text":
        if len(content) > TEXT_STIMULUS_MAX_CHARS:
            content = content[:TEXT_STIMULUS_MAX_CHARS].rstrip() + " [...]"
        lines = [head + ":", '"""', content, '"""']
    else:
        lines = [f"{head}: {content}"]
    if s.get("description"):
        lines.append(f"   Description: {s['description']}")
    return lines
