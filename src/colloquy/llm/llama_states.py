"""Saved states of the embedded model's context, made lean.

A session's participants take turns on one llama.cpp context, so each call restores the
state its persona's last call left (llama-cpp-python's LlamaRAMCache, looked up by the
longest token prefix; llama_loader.py) and saves its own when done. llama-cpp-python's
`save_state` also copies its logits array (a row of n_vocab floats per token up to
n_batch: 100 MB for a 512-token prompt and SmolLM2's 49,152-token vocabulary) and `load_state` copies it back twice, although a
context without `logits_all` never writes that array (sampling reads llama.cpp's own
logits). Each copy of llama.cpp's state was made three times as well. Measured on the
embedded-speed bench (bench/scenarios/embedded_reuse.py), saving and restoring took 10 s
of a 69 s session; here a state is llama.cpp's bytes, written once into a buffer and read
back from it in place, with the tokens it holds.
"""

from __future__ import annotations

import ctypes
from typing import Any

_BYTES = ctypes.POINTER(ctypes.c_uint8)


def use_lean_states(llm: Any) -> None:
    """Replace `llm.save_state` / `llm.load_state` (the ones its prompt cache calls) with
    versions that keep llama.cpp's state and the prompt tokens only. A context that
    returns logits for every token (`logits_all`, for logprobs) keeps the originals."""
    if getattr(llm, "_logits_all", True):
        return
    import llama_cpp  # loaded with the model, not at start-up
    import numpy as np
    from llama_cpp.llama import LlamaState

    no_scores = np.empty((0, llm.n_vocab()), dtype=np.single)
    load_full = llm.load_state

    def save_state() -> LlamaState:
        ctx = llm._ctx.ctx
        size = int(llama_cpp.llama_state_get_size(ctx))
        buffer = np.empty(size, dtype=np.uint8)  # untouched pages cost nothing
        written = int(llama_cpp.llama_state_get_data(ctx, buffer.ctypes.data_as(_BYTES), size))
        if written > size:
            raise RuntimeError("llama.cpp wrote more state than it announced")
        n_tokens = int(llm.n_tokens)
        return LlamaState(
            input_ids=llm.input_ids[:n_tokens].copy(),
            scores=no_scores,
            n_tokens=n_tokens,
            llama_state=buffer[:written],  # type: ignore[arg-type]
            llama_state_size=written,
            seed=llm._seed,
        )

    def load_state(state: LlamaState) -> None:
        data = state.llama_state
        if not isinstance(data, np.ndarray):  # a state saved by llama-cpp-python itself
            load_full(state)
            return
        n_tokens = state.n_tokens
        llm.input_ids[:n_tokens] = state.input_ids[:n_tokens]
        llm.n_tokens = n_tokens
        llm._requires_eval = True  # the restored logits are not a live decode's
        llm._seed = state.seed
        size = state.llama_state_size
        read = llama_cpp.llama_state_set_data(llm._ctx.ctx, data.ctypes.data_as(_BYTES), size)
        if read != size:
            raise RuntimeError("Failed to set llama state data")

    llm.save_state = save_state
    llm.load_state = load_state
