"""COLLOQUY_LOCAL_THREADS: only ASCII digits are a thread count (docs/reliability.md)."""

from __future__ import annotations

import os

import pytest

from colloquy.llm.llama_loader import default_threads


@pytest.mark.parametrize("value", ["\u00b2", "3\u00b2", "", "0", "-2"])
def test_a_value_int_cannot_read_falls_back_to_the_core_count(monkeypatch, value):
    monkeypatch.setenv("COLLOQUY_LOCAL_THREADS", value)
    assert default_threads() == max(1, (os.cpu_count() or 2) - 1)


def test_ascii_digits_are_used(monkeypatch):
    monkeypatch.setenv("COLLOQUY_LOCAL_THREADS", " 3 ")
    assert default_threads() == 3
