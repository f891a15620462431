"""The embedded model's timeout bounds generation, not the prompt's evaluation.

A stand-in for llama.cpp's streaming chat call: a delay before the first chunk (the
prompt being read) and a delay between chunks. The real model is covered in
test_llm_local.py; here only the clock is under test.
"""

import threading
import time

import pytest

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.errors import LLMError
from colloquy.llm.local_provider import LocalProvider


class SlowLlama:
    def __init__(self, *, before_first: float, between: float, words: list[str]) -> None:
        self.before_first = before_first
        self.between = between
        self.words = words
        self.n_tokens = 0

    def create_chat_completion(self, messages, **kwargs):
        time.sleep(self.before_first)
        yield {"choices": [{"delta": {"role": "assistant"}, "finish_reason": None}]}
        for word in self.words:
            time.sleep(self.between)
            yield {"choices": [{"delta": {"content": word}, "finish_reason": None}]}
        yield {"choices": [{"delta": {}, "finish_reason": "stop"}]}


def run(llm: SlowLlama, timeout: float):
    provider = LocalProvider(model_path="/nowhere/stand-in.gguf", timeout=timeout)
    req = ChatRequest(system="s", messages=[ChatMessage("user", "q")], max_tokens=8)
    return provider._complete(llm, req, lambda _item: None, threading.Event())


def test_a_long_prompt_evaluation_does_not_count_against_the_timeout():
    # 0.3 s reading the prompt, a budget of 0.1 s: the answer still comes back whole.
    result = run(SlowLlama(before_first=0.3, between=0.0, words=["Yes", ",", " fine"]), 0.1)
    assert result.text == "Yes, fine"
    assert result.finish_reason == "stop"


def test_slow_generation_returns_the_text_so_far():
    # 0.08 s per token against a 0.2 s budget: the third token passes the budget.
    result = run(SlowLlama(before_first=0.0, between=0.08, words=list("abcdef")), 0.2)
    assert result.finish_reason == "length"
    assert 1 <= len(result.text) < 6


def test_generation_with_no_text_by_the_deadline_times_out():
    # An empty chunk arrives 0.3 s into a 0.1 s budget, before any text.
    with pytest.raises(LLMError) as err:
        run(SlowLlama(before_first=0.0, between=0.3, words=["", "late"]), 0.1)
    assert err.value.status == 408
