"""Is this file a GGUF model? Reads the header and the metadata keys (no tensors), so a
truncated file, another format or a GGUF without weights is refused with the reason."""

from __future__ import annotations

from pathlib import Path

from colloquy.llm.gguf_metadata import MAGIC, NotAModel, read_header

__all__ = ["MAGIC", "NotAModel", "check_gguf"]


def check_gguf(path: Path) -> str:
    """The model's architecture (e.g. 'llama', 'qwen2'); raises NotAModel otherwise."""
    tensors, meta = read_header(path)
    if tensors == 0:
        raise NotAModel("it holds no weights (a GGUF without tensors, e.g. a vocabulary)")
    architecture = meta.get("general.architecture")
    if not isinstance(architecture, str) or not architecture:
        raise NotAModel("it names no model architecture")
    return architecture
