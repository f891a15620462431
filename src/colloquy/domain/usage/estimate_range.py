"""The estimate's low and high ends (docs/usage-and-cost.md#estimate-before-a-run).

Three things a run's total depends on are not known before it runs:

- **answer sizes**: the plan is computed with answers at the low and high size for the
  response length (longer answers also lengthen every later prompt);
- **the tokenizer**: prompts counted with the product's words x 1.3 are taken at
  PROMPT_LOW and PROMPT_HIGH of that count for a real tokenizer; prompts counted with the
  run's model's own tokenizer need no such band;
- **re-asked answers**: the model's observed re-ask rate +-REASK_BAND (from
  REASK_MIN_HISTORY stored answers on), else the prior of a model of its size
  (reask_prior.py); and never narrower than the run's own sampling spread: with n answers
  planned at rate p, the number re-asked varies by sqrt(n p (1 - p)), so the band is at
  least p +- 2 sqrt(p (1 - p) / n) (a short run's re-asks are a handful, wide apart).

Each is moved alone to its end from the expected figure, and the ends add these
deviations in quadrature (the square root of the sum of their squares), as independent
uncertainties combine: all three at their extreme in one run is far rarer than any of
them. Prompt tokens, answer tokens, calls and cost are combined each on its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from colloquy.domain.usage.estimate import HIGH, LOW, TYPICAL, Call, Estimate, PriceOf, priced_plan
from colloquy.domain.usage.reask_prior import HOSTED, Band

PROMPT_LOW, PROMPT_HIGH = 0.95, 1.05  # a real tokenizer against words x 1.3
REASK_MIN_HISTORY = 18  # answers of the model seen before its observed rate is used
REASK_BAND = 0.25  # the observed rate, +-25 %, at the low and high ends
SPREAD_SDS = 2.0  # the re-ask band spans at least this many standard deviations each way


def reask_rates(observed: float | None, prior: Band = HOSTED, answers: int = 0) -> Band:
    """Re-asks per answer at the low, expected and high end: the model's observed rate
    +-REASK_BAND, or with too little history `prior` (reask_prior.py: by the model's
    size); widened to the sampling spread of `answers` planned answers."""
    if observed is None:
        low, mid, high = prior
    else:
        low, mid, high = observed * (1 - REASK_BAND), observed, observed * (1 + REASK_BAND)
    if answers > 0:
        spread = SPREAD_SDS * math.sqrt(mid * (1 - mid) / answers)
        low, high = min(low, max(0.0, mid - spread)), max(high, mid + spread)
    return low, mid, high


def observed_reask_rate(answers: int, reasks: int) -> float | None:
    """Re-asks per answer over a model's stored answers; None below REASK_MIN_HISTORY."""
    return reasks / answers if answers >= REASK_MIN_HISTORY else None


def _end(mid: Estimate, moved: list[Estimate], sign: int) -> Estimate:
    """`mid` moved by the quadrature sum of each estimate's deviation towards `sign`."""

    def combined(value: Callable[[Estimate], float]) -> float:
        spread = math.sqrt(sum(max(0.0, sign * (value(e) - value(mid))) ** 2 for e in moved))
        return max(0.0, value(mid) + sign * spread)

    return Estimate(
        round(combined(lambda e: e.calls)),
        round(combined(lambda e: e.prompt_tokens)),
        round(combined(lambda e: e.completion_tokens)),
        round(combined(lambda e: e.cost_usd), 8),
    )


def estimate_range(
    plan: Callable[[int], list[Call]],
    price_of: PriceOf,
    reask_rate: float | None = None,
    prior: Band = HOSTED,
    own_tokenizer: bool = False,
) -> tuple[Estimate, Estimate, Estimate]:
    """(low, expected, high) of a plan (computed at each answer size). `prior`: the
    re-ask band without history; `own_tokenizer`: the prompts were counted with the run's
    model's tokenizer (no tokenizer band)."""
    typical = plan(TYPICAL)
    answers = sum(1 for c in typical if c.answer)
    low_r, mid_r, high_r = reask_rates(reask_rate, prior, answers)
    t_low, t_high = (1.0, 1.0) if own_tokenizer else (PROMPT_LOW, PROMPT_HIGH)
    mid = priced_plan(typical, price_of, 1.0, mid_r)
    lows = [
        priced_plan(plan(LOW), price_of, 1.0, mid_r),
        priced_plan(typical, price_of, t_low, mid_r),
        priced_plan(typical, price_of, 1.0, low_r),
    ]
    highs = [
        priced_plan(plan(HIGH), price_of, 1.0, mid_r),
        priced_plan(typical, price_of, t_high, mid_r),
        priced_plan(typical, price_of, 1.0, high_r),
    ]
    return _end(mid, lows, -1), mid, _end(mid, highs, 1)
