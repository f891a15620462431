"""Holding off the end of a llama.cpp completion until a minimum of tokens (in-process).

The embedded model's side of ChatRequest.min_tokens (domain/sessions/turn_floor.py): a
llama-cpp-python logits processor that sets every end-of-generation token's score to
minus infinity until the completion has `min_tokens` tokens. llama-cpp-python's own
`MinTokensLogitsProcessor` (what its server applies for `min_tokens`) blocks only the
model's EOS token; a chat model may also end on another end-of-generation token
(SmolLM2: `<|endoftext|>` beside `<|im_end|>`), so all of them are blocked here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_EOG: dict[int, tuple[int, ...]] = {}  # id(model) -> its end-of-generation token ids


def end_tokens(llm: Any) -> tuple[int, ...]:
    """The ids llama.cpp ends a generation on for this model (its EOS at least)."""
    key = id(llm)
    if key not in _EOG:
        import llama_cpp  # loaded already: llm is a llama_cpp.Llama

        vocab = llm._model.vocab
        found = [t for t in range(llm.n_vocab()) if llama_cpp.llama_vocab_is_eog(vocab, t)]
        _EOG[key] = tuple(sorted({llm.token_eos(), *found}))
    return _EOG[key]


class HoldEnd:
    """A logits processor: no end-of-generation token before `min_tokens` are written."""

    def __init__(self, min_tokens: int, end: tuple[int, ...]) -> None:
        self.min_tokens = min_tokens
        self.end = list(end)
        self._prompt: int | None = None

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        if self._prompt is None:  # the first call sees the prompt alone
            self._prompt = len(input_ids)
        if len(input_ids) - self._prompt < self.min_tokens:
            scores[self.end] = -np.inf
        return scores


def min_tokens_kwargs(llm: Any, min_tokens: int) -> dict[str, Any]:
    """create_chat_completion's arguments for a minimum of tokens ({} for none)."""
    if min_tokens <= 0:
        return {}
    from llama_cpp import LogitsProcessorList

    return {"logits_processor": LogitsProcessorList([HoldEnd(min_tokens, end_tokens(llm))])}
