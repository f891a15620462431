"""Segment differences: does a theme's share differ between segments of respondents
(docs/synthesis.md, "Segments")?

A segment is a value of one persona attribute: `age` (bands 18-24 ... 65+), `gender`,
`income` (the persona's band), a Big Five trait (`openness` ...: high at 50 or more, else
low, the cut the personas' own enrichment uses) or a tag (`tag:<name>`: with the tag or
without). Each segment's share of supporters is set against the rest of the respondents
with Fisher's exact test (two-sided). The false-alarm rate ALPHA (5 %) holds for the whole
synthesis: it is split evenly over its tests (Bonferroni). With two segments one test per
theme answers for both. A test whose group sizes could not reach significance even at the
most lopsided split (every supporter in one group) says "too small to decide" instead of
"no clear difference": its silence would mean nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from colloquy.domain.numbers.significance import ALPHA
from colloquy.domain.studies.coding import CodedQuote, supporters
from colloquy.domain.studies.fisher import fisher_exact_p
from colloquy.domain.surveys.results import cut_groups

DIFFERS = "differs"
NO_CLEAR_DIFFERENCE = "no clear difference"
TOO_SMALL = "too small to decide"
TAG_PREFIX = "tag:"
CUT_DIMENSIONS: tuple[str, ...] = (
    "age",
    "gender",
    "income",
    "openness",
    "conscientiousness",
    "extraversion",
    "agreeableness",
    "neuroticism",
)
MSG_UNKNOWN_SEGMENT = (
    "Unknown segment '{}': use age, gender, income, a Big Five trait or tag:<name>"
)


def check_dimension(dimension: str) -> str:
    """The dimension as given, or ValueError naming the problem."""
    if dimension in CUT_DIMENSIONS:
        return dimension
    if dimension.startswith(TAG_PREFIX) and dimension[len(TAG_PREFIX) :].strip():
        return dimension
    raise ValueError(MSG_UNKNOWN_SEGMENT.format(dimension))


def segment_of(persona: Mapping[str, Any], dimension: str) -> str:
    """The segment a persona (its stored snapshot) falls in along `dimension`."""
    check_dimension(dimension)
    if dimension.startswith(TAG_PREFIX):
        tag = dimension[len(TAG_PREFIX) :].strip()
        tags = {str(t).casefold() for t in persona.get("tags") or []}
        return f"with {tag}" if tag.casefold() in tags else f"without {tag}"
    return cut_groups(dict(persona))[dimension]


def _p(a: int, b: int, c: int, d: int) -> float:
    return fisher_exact_p(a, b, c, d)


@lru_cache(maxsize=256)
def smallest_p(size: int, rest: int) -> float:
    """The lowest two-sided p-value any split of supporters can give two groups of these
    sizes: the lowest over every number of supporters of the most lopsided tables."""
    if size == 0 or rest == 0:
        return 1.0
    best = 1.0
    for k in range(1, size + rest):
        in_group = min(k, size)  # as many supporters as fit in the group, the rest outside
        best = min(best, _p(in_group, size - in_group, k - in_group, rest - (k - in_group)))
        out = min(k, rest)  # as many as fit outside
        best = min(best, _p(k - out, size - (k - out), out, rest - out))
    return best


def decide(k_in: int, size: int, k_out: int, rest: int, alpha_each: float) -> dict[str, Any]:
    """The p-value and verdict of one segment against the rest."""
    if smallest_p(size, rest) >= alpha_each:
        return {"p": None, "verdict": TOO_SMALL}
    p = _p(k_in, size - k_in, k_out, rest - k_out)
    return {"p": p, "verdict": DIFFERS if p < alpha_each else NO_CLEAR_DIFFERENCE}


def segment_differences(
    theme_ids: Sequence[str],
    quotes: Sequence[CodedQuote],
    segments: Mapping[str, str],
) -> dict[str, Any]:
    """Per theme and segment: supporters in the segment and in the rest, their shares, the
    p-value and the verdict. `segments`: every respondent -> their segment. (With two
    segments both rows hold the one test: the table is the same, mirrored.)"""
    found = supporters(quotes)
    labels = sorted(set(segments.values()))
    per_theme = 1 if len(labels) == 2 else len(labels) if len(labels) > 2 else 0
    tests = len(theme_ids) * per_theme
    alpha_each = ALPHA / tests if tests else ALPHA
    rows = []
    for theme_id in theme_ids:
        who = found.get(theme_id, set())
        for label in labels:
            members = {r for r, s in segments.items() if s == label}
            size, rest = len(members), len(segments) - len(members)
            k_in = len(who & members)
            k_out = len((who & segments.keys()) - members)
            rows.append(
                {
                    "themeId": theme_id,
                    "segment": label,
                    "count": k_in,
                    "size": size,
                    "share": k_in / size if size else 0.0,
                    "restCount": k_out,
                    "restSize": rest,
                    "restShare": k_out / rest if rest else 0.0,
                    **decide(k_in, size, k_out, rest, alpha_each),
                }
            )
    return {"alpha": ALPHA, "alphaPerTest": alpha_each, "tests": tests, "rows": rows}
