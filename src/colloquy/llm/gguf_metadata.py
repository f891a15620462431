"""The one reader of a GGUF file's header: its tensor count and scalar metadata (strings and
numbers; arrays are skipped, tensors never read). Used to check a file is a model
(gguf_check.py), for the size label and parameter count of the small-model warning, and for
an embedding model's pooling and context length."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

MAGIC = b"GGUF"

# GGUF value types -> struct format of the fixed-width ones; 8 = string, 9 = array.
_FORMATS = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}
_SIZES = {k: struct.calcsize(f) for k, f in _FORMATS.items()}
_STRING, _ARRAY = 8, 9
MAX_KEYS = 100_000
MAX_STRING = 1 << 24

Scalar = str | int | float | bool


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


def _string(f: BinaryIO) -> str:
    n = _u64(f)
    if n > MAX_STRING:
        raise NotAModel("a metadata string is implausibly long (a damaged file?)")
    return _read(f, n).decode("utf-8", "replace")


def _skip_array(f: BinaryIO) -> None:
    inner, count = _u32(f), _u64(f)
    if inner in _SIZES:
        f.seek(_SIZES[inner] * count, 1)
    elif inner == _STRING:
        for _ in range(count):
            f.seek(_u64(f), 1)
    elif inner == _ARRAY:
        for _ in range(count):
            _skip_array(f)
    else:
        raise NotAModel(f"unknown metadata value type {inner} (a damaged file?)")


def read_header(path: Path) -> tuple[int, dict[str, Scalar]]:
    """The tensor count and every scalar key of the header; NotAModel when it is no GGUF
    or is cut short."""
    size = path.stat().st_size
    out: dict[str, Scalar] = {}
    with path.open("rb") as f:
        if f.read(4) != MAGIC:
            raise NotAModel("it is not a GGUF file (no GGUF signature)")
        version = _u32(f)
        if version not in (2, 3):
            raise NotAModel(f"GGUF version {version} is not supported")
        tensors, keys = _u64(f), _u64(f)
        if keys > MAX_KEYS:
            raise NotAModel("the header is damaged (too many metadata keys)")
        for _ in range(keys):
            key = _string(f)
            kind = _u32(f)
            if kind in _FORMATS:
                out[key] = struct.unpack(_FORMATS[kind], _read(f, _SIZES[kind]))[0]
            elif kind == _STRING:
                out[key] = _string(f)
            elif kind == _ARRAY:
                _skip_array(f)
            else:
                raise NotAModel(f"unknown metadata value type {kind} (a damaged file?)")
            if f.tell() > size:
                raise NotAModel("the file ends inside its metadata (is it cut short?)")
    return tensors, out


def read_metadata(path: Path) -> dict[str, Scalar]:
    """Every scalar key of the file's header; raises NotAModel when it is no GGUF."""
    return read_header(path)[1]


def architecture_value(meta: dict[str, Scalar], suffix: str) -> Scalar | None:
    """`<architecture>.<suffix>`, e.g. 'bert.pooling_type'."""
    arch = meta.get("general.architecture")
    return meta.get(f"{arch}.{suffix}") if isinstance(arch, str) else None
