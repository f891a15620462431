"""How many answers a model with no history will be re-asked: a prior by model size
(docs/usage-and-cost.md#estimate-before-a-run).

An answer that answer cleaning finds unusable is asked again (at most twice). How often
depends above all on the model's size, and a model's first run has no history of its own
to go by, so its estimate starts from the figures of models of its size:

- **up to TINY_BILLIONS** (SmolLM2-135M, the embedded model): the runs measured on this
  project, MEASURED_TINY: re-asked answers and answers summed over every measured run of
  SmolLM2-135M (Q4_1, llama.cpp: the embedded model and llama-cpp-python's server, 3
  participants x 2 questions, 18 answers a run, the default prompt layout, brief and
  moderate answers; docs/usage-and-cost.md lists them). The
  band is the rate's sampling spread over those answers, p +- 2 sqrt(p (1 - p) / n);
- **larger, or of unknown size, on llama.cpp** (a small local model is likely there):
  SMALL_LOCAL, the band used before the prior existed (0 / 15 / 30 %); not measured on a
  model of that size here (no other GGUF on this machine);
- **SMALL_MODEL_BILLIONS and up, or hosted**: HOSTED, none to 5 %.

The estimate widens the band further to the run's own sampling spread (estimate_range.py).
"""

from __future__ import annotations

import math

TINY_BILLIONS = 0.5
LARGE_BILLIONS = 7.0  # the health report's "too small for research" line
# (re-asked answers, answers) over the measured SmolLM2-135M runs.
MEASURED_TINY = (40, 144)
SMALL_LOCAL = (0.0, 0.15, 0.30)
HOSTED = (0.0, 0.0, 0.05)
SPREAD_SDS = 2.0

Band = tuple[float, float, float]


def measured_band(reasked: int, answers: int) -> Band:
    """(low, rate, high) of `reasked` of `answers`: the rate +- SPREAD_SDS standard errors,
    p +- 2 sqrt(p (1 - p) / n), kept within 0 and 1."""
    if answers <= 0:
        raise ValueError("a measured re-ask rate needs at least one answer")
    p = reasked / answers
    spread = SPREAD_SDS * math.sqrt(p * (1 - p) / answers)
    return max(0.0, p - spread), p, min(1.0, p + spread)


def reask_prior(size_billions: float | None, on_llama_cpp: bool) -> Band:
    """The re-ask band of a model with no history: by its parameter count in billions
    (None: unknown) and whether it runs on llama.cpp (the embedded model, a llama.cpp or
    llama-cpp-python server)."""
    if size_billions is not None and size_billions <= TINY_BILLIONS:
        return measured_band(*MEASURED_TINY)
    if size_billions is not None and size_billions >= LARGE_BILLIONS:
        return HOSTED
    if on_llama_cpp or size_billions is not None:
        return SMALL_LOCAL
    return HOSTED


def smallest(sizes: list[float | None]) -> float | None:
    """The smallest known size of a run's models (the most re-asked); None if none is
    known."""
    known = [s for s in sizes if s is not None]
    return min(known) if known else None
