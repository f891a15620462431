"""Fisher's exact test of a 2x2 table, two-sided, as scipy.stats.fisher_exact computes it
(the tests check it against scipy, a test-only dependency here): the probability, under
the table's fixed margins, of every table at most as likely as the one observed.
"""

from __future__ import annotations

import math

_RELATIVE_TOLERANCE = 1 + 1e-7  # ties within rounding count as "as likely" (scipy's rule)


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def fisher_exact_p(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p of the table [[a, b], [c, d]] (rows: group, rest; columns: yes, no)."""
    if min(a, b, c, d) < 0:
        raise ValueError("a 2x2 table holds counts, none negative")
    row1, col1, n = a + b, a + c, a + b + c + d
    if n == 0 or row1 in (0, n) or col1 in (0, n):
        return 1.0
    denominator = _log_choose(n, col1)

    def log_pmf(x: int) -> float:
        return _log_choose(row1, x) + _log_choose(n - row1, col1 - x) - denominator

    observed = log_pmf(a)
    low, high = max(0, col1 - (n - row1)), min(row1, col1)
    limit = observed + math.log(_RELATIVE_TOLERANCE)
    total = sum(math.exp(log_pmf(x)) for x in range(low, high + 1) if log_pmf(x) <= limit)
    return min(1.0, total)
