"""Is this file a GGUF model? Reads the header and the metadata keys (no tensors), so a
truncated file, another format or a GGUF without weights is refused with the reason."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

MAGIC = b"GGUF"
# GGUF value types: sizes of the fixed-width ones; 8 = string, 9 = array.
_FIXED = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_STRING, _ARRAY = 8, 9
MAX_KEYS = 100_000
MAX_STRING = 1 << 24


class NotAModel(ValueError):
    """The file is not a usable GGUF model; the message says why."""


def _read(f: BinaryIO, n: int) -> bytes:
    data = f.read(n)
    if len(data) != n:
        raise NotAModel("the file ends inside its header (is it cut short?)")
    return data


def _u32(f: BinaryIO) -> int:
    value: int = struct.unpack("<I", _read(f, 4))[0]
    return value


def _u64(f: BinaryIO) -> int:
    value: int = struct.unpack("<Q", _read(f, 8))[0]
    return value


def _string(f: BinaryIO) -> bytes:
    n = _u64(f)
    if n > MAX_STRING:
        raise NotAModel("a metadata string is implausibly long (a damaged file?)")
    return _read(f, n)


def _skip_value(f: BinaryIO, kind: int) -> None:
    if kind in _FIXED:
        _read(f, _FIXED[kind])
    elif kind == _STRING:
        _string(f)
    elif kind == _ARRAY:
        inner, count = _u32(f), _u64(f)
        if inner in _FIXED:
            f.seek(_FIXED[inner] * count, 1)
        else:
            for _ in range(count):
                _skip_value(f, inner)
    else:
        raise NotAModel(f"unknown metadata value type {kind} (a damaged file?)")


def check_gguf(path: Path) -> str:
    """The model's architecture (e.g. 'llama', 'qwen2'); raises NotAModel otherwise."""
    size = path.stat().st_size
    with path.open("rb") as f:
        if f.read(4) != MAGIC:
            raise NotAModel("it is not a GGUF file (no GGUF signature)")
        version = _u32(f)
        if version not in (2, 3):
            raise NotAModel(f"GGUF version {version} is not supported")
        tensors, keys = _u64(f), _u64(f)
        if keys > MAX_KEYS:
            raise NotAModel("the header is damaged (too many metadata keys)")
        architecture = None
        for _ in range(keys):
            key = _string(f)
            kind = _u32(f)
            if key == b"general.architecture" and kind == _STRING:
                architecture = _string(f).decode("utf-8", "replace")
            else:
                _skip_value(f, kind)
            if f.tell() > size:
                raise NotAModel("the file ends inside its metadata (is it cut short?)")
    if tensors == 0:
        raise NotAModel("it holds no weights (a GGUF without tensors, e.g. a vocabulary)")
    if not architecture:
        raise NotAModel("it names no model architecture")
    return architecture
