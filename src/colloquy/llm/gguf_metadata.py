"""The scalar metadata of a GGUF file (strings and numbers, no arrays, no tensors): the
model's size label and parameter count for the small-model warning, and an embedding
model's pooling and context length for the in-process embedder."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

from colloquy.llm.gguf_check import MAGIC, NotAModel

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


def read_metadata(path: Path) -> dict[str, Scalar]:
    """Every scalar key of the file's header; raises NotAModel when it is no GGUF."""
    size = path.stat().st_size
    out: dict[str, Scalar] = {}
    with path.open("rb") as f:
        if f.read(4) != MAGIC:
            raise NotAModel("it is not a GGUF file (no GGUF signature)")
        version = _u32(f)
        if version not in (2, 3):
            raise NotAModel(f"GGUF version {version} is not supported")
        _u64(f)  # tensor count
        keys = _u64(f)
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
    return out


def architecture_value(meta: dict[str, Scalar], suffix: str) -> Scalar | None:
    """`<architecture>.<suffix>`, e.g. 'bert.pooling_type'."""
    arch = meta.get("general.architecture")
    return meta.get(f"{arch}.{suffix}") if isinstance(arch, str) else None
