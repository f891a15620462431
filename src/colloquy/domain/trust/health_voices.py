"""Session health: how long the answers run and whether the speakers can be told apart.
Thresholds and benchmark figures are named in session_health_metrics.py."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from colloquy.domain.numbers.significance import (
    ALPHA,
    binomial_at_most,
    permutation_p,
    wilson_interval,
)
from colloquy.domain.numbers.vectors import quartiles, rounded
from colloquy.domain.text.words import word_count
from colloquy.domain.trust.attribution import attribution_test, sample_answers
from colloquy.domain.trust.health_metrics import (
    AT_CHANCE,
    BAD,
    HUMAN_WORDS,
    LONG_WORDS,
    NA,
    OK,
    PEOPLE_FLOOR,
    SYNTHETIC_WORDS,
    UNCLEAR,
    UNIFORM_CV,
    VERY_LONG_WORDS,
    WARN,
    finding,
    pct,
)


def verbosity(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    counts = [word_count(a["content"]) for a in answers]
    if not counts:
        return finding("verbosity", "Length of answers", NA, "No answers.", [])
    q1, median, q3 = quartiles(counts)
    mean = statistics.fmean(counts)
    cv = statistics.pstdev(counts) / mean if mean else 0.0
    uniform = cv < UNIFORM_CV
    if median >= VERY_LONG_WORDS or (median >= LONG_WORDS and uniform):
        status = BAD
    elif median >= LONG_WORDS or (median >= 2 * HUMAN_WORDS and uniform):
        status = WARN
    else:
        status = OK
    summary = (
        f"A typical answer has {round(median)} words (middle half {round(q1)}-{round(q3)}); "
        f"people in focus groups speak about {HUMAN_WORDS} words a turn, synthetic "
        f"participants in a published benchmark about {SYNTHETIC_WORDS}."
    )
    if status != OK:
        summary += " Answers run long" + (" and all about the same length." if uniform else ".")
    longest = sorted(zip(counts, (a["id"] for a in answers), strict=True), reverse=True)[:5]
    return finding(
        "verbosity",
        "Length of answers",
        status,
        summary,
        [i for _, i in longest] if status != OK else [],
        medianWords=rounded(median, 1),
        lowerQuartile=rounded(q1, 1),
        upperQuartile=rounded(q3, 1),
        variation=rounded(cv),
        humanMedian=HUMAN_WORDS,
        syntheticMedian=SYNTHETIC_WORDS,
    )


ATTRIBUTION_MIN_WORDS = 5
ATTRIBUTION_MAX_ANSWERS = 600  # larger groups are sampled (docs/trust.md, "Distinct voices")


def distinctiveness(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Attribution by meaning against chance, decided by two one-sided tests at ALPHA:
    above chance (a permutation test: the answers relabelled at random) says the voices
    are distinct; below PEOPLE_FLOOR x chance (an exact binomial test) says they are not
    as distinct as people's; neither: not enough answers to tell."""
    by_p: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for a in answers:
        # "Yeah." or "No." carries no one's voice: attribution by meaning needs content.
        if word_count(a.get("content") or "") >= ATTRIBUTION_MIN_WORDS or "content" not in a:
            by_p[a["participantIndex"]].append(a)
    speakers = [p for p, group in by_p.items() if len(group) >= 2]
    if len(speakers) < 2:
        return finding(
            "distinctiveness", "Distinct voices", NA, "Needs two speakers with 2+ answers.", []
        )
    kept = [a for p in speakers for a in by_p[p]]
    total = len(kept)
    if total > ATTRIBUTION_MAX_ANSWERS:  # a seeded sample: the test grows with n squared
        kept = [kept[i] for i in sample_answers(total, ATTRIBUTION_MAX_ANSWERS)]
        counts = Counter(a["participantIndex"] for a in kept)
        kept = [a for a in kept if counts[a["participantIndex"]] >= 2]
        speakers = [p for p in speakers if counts[p] >= 2]
        if len(speakers) < 2:
            return finding(
                "distinctiveness", "Distinct voices", NA, "Needs two speakers with 2+ answers.", []
            )
    observed, null = attribution_test(
        [a["vector"] for a in kept], [a["participantIndex"] for a in kept]
    )
    n, hits = len(kept), float(observed.sum())
    accuracy, chance = hits / n, 1 / len(speakers)
    ratio = accuracy / chance
    p_above = permutation_p(accuracy, null, tail="greater")
    floor = PEOPLE_FLOOR * chance
    p_below = binomial_at_most(round(hits), n, floor)
    low, high = wilson_interval(round(hits), n)
    # Answers that all mean the same: every relabeling scores alike, so there is no
    # sampling error to allow for; the speakers cannot be told apart at all.
    degenerate = max(null) - min(null) < 1e-9 and ratio < AT_CHANCE
    if p_below < ALPHA or degenerate:
        status = BAD if ratio < AT_CHANCE or p_above >= ALPHA else WARN
    else:
        status = OK if p_above < ALPHA else UNCLEAR
    summary = (
        f"Each answer was matched to its speaker {pct(accuracy)} of the time by meaning "
        f"alone ({n} answers; 95% interval {pct(low)}-{pct(high)}, {low / chance:.1f}x-"
        f"{high / chance:.1f}x chance); guessing would manage {pct(chance)}."
        f" {_voices_verdict(status, p_above, p_below, degenerate)}"
    )
    if total > n:
        summary += f" Measured on a random sample of {n} of the {total} answers."
    return finding(
        "distinctiveness",
        "Distinct voices",
        status,
        summary,
        [a["id"] for a, s in zip(kept, observed, strict=True) if s < 1]
        if status in (WARN, BAD)
        else [],
        accuracy=rounded(accuracy),
        chance=rounded(chance),
        ratioToChance=rounded(ratio),
        answers=n,
        interval=[rounded(low), rounded(high)],
        permutationChance=rounded(statistics.fmean(null)),
        pAboveChance=rounded(p_above, 4),
        pBelowPeople=rounded(p_below, 4),
        peopleFloor=PEOPLE_FLOOR,
        alpha=ALPHA,
        humanBenchmark={"accuracy": 0.468, "chance": 0.255},
        syntheticBenchmark={"accuracy": 0.325, "chance": 0.312},
    )


def _voices_verdict(status: str, p_above: float, p_below: float, degenerate: bool) -> str:
    floor = f"{PEOPLE_FLOOR:g}x chance"
    if degenerate:
        return (
            "The participants are hard to tell apart: every answer is as close to every "
            "speaker, whoever is said to have given it (no relabeling changes the score)."
        )
    if status == OK:
        return f"Above chance beyond sampling error (permutation test, p = {p_above:.3f})."
    if status == UNCLEAR:
        return (
            f"Not enough answers to tell: neither above chance (permutation test, p = "
            f"{p_above:.2f}) nor below people's {floor} (binomial test, p = {p_below:.2f}) at "
            f"the {pct(ALPHA)} level."
        )
    words = "The participants are hard to tell apart" if status == BAD else "Less distinct"
    return (
        f"{words}: below people's {floor} beyond sampling error (binomial test, p = {p_below:.3f})."
    )
