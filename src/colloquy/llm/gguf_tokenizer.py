"""Token counts with a GGUF model's own tokenizer (the embedded model's), for budgets that
must hold on that model: a vocabulary-only llama.cpp instance per file (no weights, a
few MB), loaded on first use and kept; calls are serialised (llama.cpp is not
thread-safe)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_vocabs: dict[str, Any] = {}


def count_tokens(path: str, text: str) -> int | None:
    """Tokens of `text` in the model at `path`; None when it cannot be read."""
    if not path or not Path(path).is_file():
        return None
    with _lock:
        vocab = _vocabs.get(path)
        try:
            if vocab is None:
                from llama_cpp import Llama

                vocab = _vocabs[path] = Llama(model_path=path, vocab_only=True, verbose=False)
            return len(vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False))
        except (OSError, ValueError, RuntimeError, ImportError):
            return None
