import pytest

from colloquy.domain.sessions.stimuli import stimulus_platform, upload_size_message
from colloquy.domain.validation import (
    detect_audio_platform,
    detect_video_platform,
    validate_stimuli,
)


@pytest.mark.parametrize(
    "url, platform",
    [
        ("https://www.youtube.com/watch?v=abc", "youtube"),
        ("https://youtu.be/abc", "youtube"),
        ("https://YOUTUBE.com/x", "youtube"),
        ("https://vimeo.com/123", "vimeo"),
        ("https://cdn.example.com/ad.mp4", "direct"),
        ("https://x.io/a.WEBM", "direct"),
        ("https://x.io/a.mov?t=3", "direct"),
        ("https://x.io/a.avi", None),
        ("", None),
        (None, None),
        ("https://x.io/page", None),
    ],
)
def test_video_platform(url, platform):
    assert detect_video_platform(url) == platform


@pytest.mark.parametrize(
    "url, platform",
    [
        ("https://soundcloud.com/a/b", "soundcloud"),
        ("https://open.spotify.com/track/1", "spotify"),
        ("https://x.io/jingle.mp3", "direct"),
        ("/uploads/a.wav", "direct"),
        ("https://x.io/a.m4a", "direct"),
        ("https://x.io/a.OGG", "direct"),
        ("https://x.io/a.flac", None),
        ("https://youtube.com/x", None),
    ],
)
def test_audio_platform(url, platform):
    assert detect_audio_platform(url) == platform


def stim(kind="image", title="T", content="https://x.io/a.png"):
    return {"type": kind, "title": title, "content": content}


def test_valid_list():
    items = [
        stim(),
        stim("video", content="https://youtu.be/x"),
        stim("audio", content="https://x.io/a.mp3"),
        stim("text", content="Hello"),
    ]
    assert validate_stimuli(items) == []
    assert validate_stimuli(None) == []


def test_limits():
    assert validate_stimuli([stim()] * 11) == ["Maximum 10 stimuli allowed"]
    assert validate_stimuli([stim()] * 10) == []
    assert validate_stimuli([stim("video", content="https://vimeo.com/1")] * 3) == [
        "Maximum 2 videos per session"
    ]
    assert validate_stimuli([stim("audio", content="https://x.io/a.mp3")] * 5) == [
        "Maximum 4 audio files per session"
    ]


def test_fields_and_formats_once_each():
    items = [
        stim(title=""),
        stim(content=" "),
        stim("video", content="https://x.io/a"),
        stim("audio", content="https://x.io/a"),
        stim("video", content="nope"),
    ]
    assert validate_stimuli(items) == [
        "Please fill in all fields",
        "Unsupported video URL format",
        "Unsupported audio URL format",
    ]
    assert validate_stimuli([stim("hologram")]) == ["Invalid stimulus type: hologram"]


def test_platform_and_upload_message():
    assert stimulus_platform(stim("video", content="https://youtu.be/x")) == "youtube"
    assert stimulus_platform(stim("image")) is None
    assert upload_size_message("big.png") == "big.png: File size must be less than 10MB"
