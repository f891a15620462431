"""How long a turn in a natural discussion runs (docs/natural-mode.md), pure.

Why: people in focus groups do not answer at one length. A published benchmark (five
human groups against thirty simulated re-runs) found a median of 49 words per human turn,
34 % of turns under 25 words and a long tail, while simulated turns ran about 240 words,
never under 55. A natural-mode turn therefore asks for a length drawn from a human-like
distribution instead of the session's fixed "2-4 sentences".

The target distribution is given by its quantile function, straight lines through these
points (so its CDF is straight lines too and everything here can be checked by hand):

    share of turns u   0     1/3   1/2   3/4   9/10   1
    words              5     25    45    75    110    150

median 45 words, a third under 25 ("Same for me, it's the price."), a tail to 150.
A draw u in [0, 1) (seeded: sessions/seeded.py) becomes words = quantile(u), scaled by the
speaker's extraversion (0.7 at 0, 1.0 at 50, 1.3 at 100) and the session's response length
(brief 0.6, moderate 1, detailed 1.6), at least MIN_WORDS. The request states the words
and caps the completion at about 1.6 tokens per word (the product's own estimate is 1.3
tokens per word; the rest is room so an answer is not cut mid-sentence).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence

QUANTILES: tuple[tuple[float, float], ...] = (
    (0.0, 5.0),
    (1 / 3, 25.0),
    (0.5, 45.0),
    (0.75, 75.0),
    (0.9, 110.0),
    (1.0, 150.0),
)
LENGTH_SCALE = {"brief": 0.6, "moderate": 1.0, "detailed": 1.6}
MIN_WORDS = 3
SHORT_WORDS = 25  # under this: a short reaction (the benchmark's "under 25 words")
TOKENS_PER_WORD = 1.6
TOKEN_ROOM = 8
# Hidden reasoning of a reasoning model counts against max_tokens: without room, a 40-token
# turn limit is spent thinking and the answer comes back empty.
REASONING_ROOM = 1024
_REASONING = re.compile(
    r"(?:^|[/:\s_-])(?:o1|o3|o4)(?:-mini|-pro)?(?:$|[-:\s])|gpt-5|deepseek-r1|deepseek-reasoner"
    r"|\bqwq\b|qwen3|thinking|reason(?:er|ing)|magistral",
    re.IGNORECASE,
)


def quantile(u: float) -> float:
    """The target's words at share u (0 <= u <= 1), by straight lines between the points."""
    u = min(max(u, 0.0), 1.0)
    for (u0, w0), (u1, w1) in itertools.pairwise(QUANTILES):
        if u <= u1:
            return w0 + (w1 - w0) * (u - u0) / (u1 - u0)
    return QUANTILES[-1][1]


def target_cdf(words: float) -> float:
    """The share of target turns with at most `words` words (the inverse of quantile)."""
    if words <= QUANTILES[0][1]:
        return 0.0
    for (u0, w0), (u1, w1) in itertools.pairwise(QUANTILES):
        if words <= w1:
            return u0 + (u1 - u0) * (words - w0) / (w1 - w0)
    return 1.0


def scale(extraversion: float, response_length: str) -> float:
    """Extraversion 0-100 -> 0.7-1.3 (50: 1.0), times the response-length factor."""
    e = min(max(extraversion, 0.0), 100.0)
    return (0.7 + 0.6 * e / 100) * LENGTH_SCALE.get(response_length, 1.0)


def turn_words(u: float, extraversion: float, response_length: str) -> int:
    """The words one turn asks for, from a uniform draw u."""
    return max(MIN_WORDS, round(quantile(u) * scale(extraversion, response_length)))


def max_tokens_for_words(words: int, reasoning: bool = False) -> int:
    """The completion limit of a turn asking for `words` words; a reasoning model spends
    tokens on hidden reasoning first, so it gets REASONING_ROOM more."""
    limit = math.ceil(words * TOKENS_PER_WORD) + TOKEN_ROOM
    return limit + REASONING_ROOM if reasoning else limit


def reasoning_model(model: str) -> bool:
    """A model known to reason before it answers, by its name (o1/o3/o4, gpt-5,
    DeepSeek-R1, QwQ, Qwen3, "thinking"/"reasoner"/"reasoning" variants)."""
    return bool(_REASONING.search(model or ""))


def length_instruction(words: int) -> str:
    """The line of the prompt that asks for the turn's length."""
    if words < SHORT_WORDS:
        return (
            f"Keep it short, about {words} words: a quick reaction is a turn like any other "
            '(for example: "Same for me, it\'s the price.").'
        )
    return f"Say it in about {words} words, as you would out loud."


def ks_statistic(samples: Sequence[float], cdf: Callable[[float], float]) -> float:
    """Kolmogorov-Smirnov distance between the samples' empirical CDF and `cdf`: the
    largest gap, checked on both sides of every step; 0 for no samples."""
    xs = sorted(samples)
    n = len(xs)
    gap = 0.0
    for i, x in enumerate(xs):
        f = cdf(x)
        gap = max(gap, (i + 1) / n - f, f - i / n)
    return gap
