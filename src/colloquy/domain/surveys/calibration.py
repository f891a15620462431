"""Survey ratings checked against people (docs/measured-against-people.md): real people's free-text
answers, each with their own rating, are rated by SSR; how closely SSR's expected values follow the
people's own ratings says how far to trust SSR with this embedder and scale.

Figures: Pearson and Spearman correlation (Spearman: Pearson of average ranks), mean
absolute error, the two-sample Kolmogorov-Smirnov statistic between the human ratings and
the SSR expected values rounded to the scale (0: the same distribution, 1: disjoint), and
each side's mean and standard deviation (population).
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections.abc import Sequence
from typing import Any

from colloquy.domain.numbers.vectors import pearson
from colloquy.domain.text.csv_errors import csv_error_message

CALIBRATION_MAX_ROWS = 10_000
CALIBRATION_MAX_BYTES = 5 * 1024 * 1024
TEXT_MAX_CHARS = 5000
MIN_ROWS = 3  # a correlation needs at least three pairs


def parse_calibration_csv(text: str, points: int) -> tuple[list[tuple[str, int]], list[str]]:
    """(rows, errors): `text,rating` rows, header names case-insensitive, ratings whole
    numbers 1..points. Any error rejects the whole file (nothing is rated)."""
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        return _parse_rows(reader, points)
    except csv.Error as exc:
        return [], [csv_error_message(exc, reader.line_num) + "."]


def _parse_rows(reader: Any, points: int) -> tuple[list[tuple[str, int]], list[str]]:
    header = next(reader, None)
    if header is None or not any(cell.strip() for cell in header):
        return [], ["The file is empty: expected a header row with the columns text and rating."]
    names = [h.strip().lstrip("\ufeff").lower() for h in header]
    if "text" not in names or "rating" not in names:
        found = ", ".join(h for h in names if h) or "nothing"
        return [], [
            f"Wrong header: the first row must name the columns text and rating (found: {found})."
        ]
    t_col, r_col = names.index("text"), names.index("rating")
    rows: list[tuple[str, int]] = []
    errors: list[str] = []
    for line, cells in enumerate(reader, start=2):
        if not any(c.strip() for c in cells):
            continue
        if len(rows) + len(errors) >= CALIBRATION_MAX_ROWS:
            return [], [f"Too many rows: at most {CALIBRATION_MAX_ROWS:,} answers per file."]
        answer = cells[t_col].strip() if t_col < len(cells) else ""
        raw = cells[r_col].strip() if r_col < len(cells) else ""
        rating = _whole_number(raw)
        if not answer:
            errors.append(f"Row {line}: the text is empty.")
        elif len(answer) > TEXT_MAX_CHARS:
            errors.append(f"Row {line}: the text is over {TEXT_MAX_CHARS:,} characters.")
        elif rating is None or not 1 <= rating <= points:
            errors.append(
                f"Row {line}: the rating {raw[:40]!r} is not a whole number from 1 to {points}."
            )
        else:
            rows.append((answer, rating))
    if not errors and len(rows) < MIN_ROWS:
        errors.append(f"Too few answers: at least {MIN_ROWS} rows with text and rating are needed.")
    return (rows, []) if not errors else ([], errors[:20])


def _whole_number(raw: str) -> int | None:
    """'4' and '4.0' are 4; '4.5', '²' or 'four' are not ratings."""
    try:
        value = float(raw)
    except ValueError:
        return None
    return int(value) if math.isfinite(value) and value == int(value) else None


def average_ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def ks_statistic(a: Sequence[float], b: Sequence[float]) -> float:
    """The largest gap between the two samples' empirical distribution functions."""
    sa, sb = sorted(a), sorted(b)
    gap = 0.0
    for x in sorted(set(sa) | set(sb)):
        fa = _count_at_most(sa, x) / len(sa)
        fb = _count_at_most(sb, x) / len(sb)
        gap = max(gap, abs(fa - fb))
    return gap


def _count_at_most(sorted_values: Sequence[float], x: float) -> int:
    return sum(1 for v in sorted_values if v <= x)


def calibration_figures(
    human: Sequence[int], expected: Sequence[float], points: int
) -> dict[str, Any]:
    """The figures for people's ratings against SSR's expected values (same order)."""
    rounded = [min(points, max(1, math.floor(e + 0.5))) for e in expected]
    return {
        "n": len(human),
        "pearson": _round(pearson(human, expected)),
        "spearman": _round(pearson(average_ranks(human), average_ranks(expected))),
        "mae": _round(statistics.fmean(abs(h - e) for h, e in zip(human, expected, strict=True))),
        "ks": _round(ks_statistic(human, rounded)),
        "mean": {
            "human": _round(statistics.fmean(human)),
            "ssr": _round(statistics.fmean(expected)),
        },
        "sd": {
            "human": _round(statistics.pstdev(human)),
            "ssr": _round(statistics.pstdev(expected)),
        },
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
