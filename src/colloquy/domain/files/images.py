"""The image types Colloquy accepts (JPG, PNG, WEBP, GIF): recognised by their bytes, and their
MIME types by kind or file suffix. One copy for stimulus uploads, document uploads, the files
served from /uploads and the images inlined into prompts.
"""

from __future__ import annotations

# Our kind (also the stored file's extension) -> MIME type.
IMAGE_MIMES: dict[str, str] = {
    "jpg": "image/jpeg",
    "png": "image/png",
    "webp": "image/webp",
    "gif": "image/gif",
}
# A file suffix (lower case, no dot) -> MIME type: the kinds plus the 'jpeg' spelling.
IMAGE_SUFFIX_MIMES: dict[str, str] = {**IMAGE_MIMES, "jpeg": "image/jpeg"}


def image_kind(head: bytes) -> str | None:
    """The image kind by its magic bytes: 'jpg', 'png', 'gif', 'webp' or None."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None
