"""The re-ask prior by model size (domain/usage/reask_prior.py), hand-computed."""

from __future__ import annotations

import pytest

from colloquy.domain.usage.reask_prior import (
    HOSTED,
    SMALL_LOCAL,
    measured_band,
    reask_prior,
    smallest,
)


def test_a_measured_rate_with_its_sampling_spread():
    # 5 of 20: p = 0.25, 2 x sqrt(0.25 x 0.75 / 20) = 2 x 0.096825 = 0.19365.
    assert measured_band(5, 20) == pytest.approx((0.05635, 0.25, 0.44365), abs=1e-5)
    # 26 of 90: p = 0.288889, 2 x sqrt(0.288889 x 0.711111 / 90) = 2 x 0.047776.
    assert measured_band(26, 90) == pytest.approx((0.19334, 0.28889, 0.38444), abs=1e-5)
    # Kept within 0 and 1: 1 of 4, 2 x sqrt(0.25 x 0.75 / 4) = 0.433 below 0.25.
    assert measured_band(1, 4)[0] == 0.0
    assert measured_band(0, 10) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="at least one answer"):
        measured_band(0, 0)


def test_the_prior_by_model_size():
    tiny = reask_prior(0.135, on_llama_cpp=True)  # SmolLM2-135M
    # The measured SmolLM2-135M runs: 40 of 144 answers re-asked, p = 0.277778,
    # 2 x sqrt(0.277778 x 0.722222 / 144) = 2 x 0.037325 = 0.074650.
    assert tiny == pytest.approx((0.20313, 0.27778, 0.35243), abs=1e-5)
    assert reask_prior(0.5, on_llama_cpp=False) == tiny  # size decides, wherever it runs
    assert reask_prior(1.7, on_llama_cpp=True) == SMALL_LOCAL == (0.0, 0.15, 0.30)
    assert reask_prior(None, on_llama_cpp=True) == SMALL_LOCAL  # unknown, on llama.cpp
    assert reask_prior(3.0, on_llama_cpp=False) == SMALL_LOCAL  # a small model anywhere
    assert reask_prior(8.0, on_llama_cpp=True) == HOSTED == (0.0, 0.0, 0.05)
    assert reask_prior(None, on_llama_cpp=False) == HOSTED  # a hosted model


def test_a_runs_prior_is_its_smallest_models():
    assert smallest([None, 8.0, 0.135]) == 0.135
    assert smallest([None, None]) is None
    assert smallest([]) is None
