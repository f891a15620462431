"""Session health: how long the answers run and whether the speakers can be told apart.
Thresholds and benchmark figures are named in session_health_metrics.py."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from colloquy.domain.numbers.vectors import add, dot, norm, quartiles, rounded
from colloquy.domain.text.words import word_count
from colloquy.domain.trust.health_metrics import (
    AT_CHANCE,
    BAD,
    BELOW_HUMAN,
    HUMAN_WORDS,
    LONG_WORDS,
    NA,
    OK,
    SYNTHETIC_WORDS,
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
    longest = sorted(zip(counts, (a["id"] for a in answers)), reverse=True)[:5]
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
TIE = 1e-9  # cosine scores this close are equal (floating-point rounding, not meaning)
# Attribution compares every answer with every speaker: an imported group of thousands of
# speakers made that grow with their square. It is judged among the speakers with the
# most answers (a guess among thousands says nothing more).
ATTRIBUTION_MAX_SPEAKERS = 300
_CHUNK = 1024


def distinctiveness(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    by_p: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for a in answers:
        # "Yeah." or "No." carries no one's voice: attribution by meaning needs content.
        if word_count(a.get("content") or "") >= ATTRIBUTION_MIN_WORDS or "content" not in a:
            by_p[a["participantIndex"]].append(a)
    speakers = [p for p, group in by_p.items() if len(group) >= 2]
    among = ""
    if len(speakers) > ATTRIBUTION_MAX_SPEAKERS:
        ranked = set(sorted(speakers, key=lambda p: -len(by_p[p]))[:ATTRIBUTION_MAX_SPEAKERS])
        speakers = [p for p in speakers if p in ranked]
        among = f" (among the {ATTRIBUTION_MAX_SPEAKERS} speakers with the most answers)"
    if len(speakers) < 2:
        return finding(
            "distinctiveness", "Distinct voices", NA, "Needs two speakers with 2+ answers.", []
        )
    hits, misses = _attribution(by_p, speakers)
    total = sum(len(by_p[p]) for p in speakers)
    accuracy, chance = hits / total, 1 / len(speakers)
    ratio = accuracy / chance
    status = BAD if ratio < AT_CHANCE else WARN if ratio < BELOW_HUMAN else OK
    summary = (
        f"Each answer was matched to its speaker {pct(accuracy)} of the time by meaning "
        f"alone{among}; guessing would manage {pct(chance)}."
    )
    if status == BAD:
        summary += " The participants are hard to tell apart."
    return finding(
        "distinctiveness",
        "Distinct voices",
        status,
        summary,
        misses if status != OK else [],
        accuracy=rounded(accuracy),
        chance=rounded(chance),
        ratioToChance=rounded(ratio),
        humanBenchmark={"accuracy": 0.468, "chance": 0.255},
        syntheticBenchmark={"accuracy": 0.325, "chance": 0.312},
    )


def _attribution(
    by_p: dict[int, list[dict[str, Any]]], speakers: list[int]
) -> tuple[float, list[str]]:
    """Each answer scored against its speaker's other answers (their mean direction) and
    every other speaker's, as matrix products over blocks of answers."""
    # Ties count against the speaker: an answer as close to k-1 other speakers as to its
    # own earns 1/k (a fair guess among them), so identical answers score at chance.
    if len({len(a["vector"]) for p in speakers for a in by_p[p]}) != 1:
        return _attribution_mixed(by_p, speakers)
    answers = [a for p in speakers for a in by_p[p]]
    whose = np.asarray([k for k, p in enumerate(speakers) for _ in by_p[p]])
    every = np.asarray([a["vector"] for a in answers], dtype=np.float64)
    sums = np.zeros((len(speakers), every.shape[1]))
    np.add.at(sums, whose, every)
    units = _unit_rows(sums)
    rest = _unit_rows(sums[whose] - every)  # each answer's speaker, that answer left out
    own = np.einsum("ij,ij->i", every, rest)
    hits, misses = 0.0, []
    for start in range(0, len(answers), _CHUNK):  # answers x speakers, a block at a time
        end = min(start + _CHUNK, len(answers))
        scores = every[start:end] @ units.T
        scores[np.arange(end - start), whose[start:end]] = -np.inf  # not its own speaker
        mine = own[start:end, None]
        beaten = (scores > mine + TIE).any(axis=1).tolist()
        tied = (np.abs(scores - mine) <= TIE).sum(axis=1).tolist()
        for a, lost, ties in zip(answers[start:end], beaten, tied, strict=True):
            if lost:
                misses.append(a["id"])
                continue
            hits += 1 / (1 + ties)
            if ties:
                misses.append(a["id"])
    return hits, misses


def _unit_rows(m: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    norms = np.linalg.norm(m, axis=1)
    scaled: npt.NDArray[np.float64] = m / np.where(norms > 0, norms, 1.0)[:, None]
    return scaled


def _attribution_mixed(
    by_p: dict[int, list[dict[str, Any]]], speakers: list[int]
) -> tuple[float, list[str]]:
    """The same for vectors of different lengths (two embedders): those score 0."""
    sums = {p: [sum(col) for col in zip(*(a["vector"] for a in by_p[p]))] for p in speakers}
    unit = {p: _scaled(sums[p], 1.0) for p in speakers}
    hits, misses = 0.0, []
    for p in speakers:
        for a in by_p[p]:
            own = dot(a["vector"], _scaled(add(sums[p], [-x for x in a["vector"]]), 1.0))
            others = [dot(a["vector"], unit[o]) for o in speakers if o != p]
            if any(score > own + TIE for score in others):
                misses.append(a["id"])
                continue
            tied = sum(1 for score in others if abs(score - own) <= TIE)
            hits += 1 / (1 + tied)
            if tied:
                misses.append(a["id"])
    return hits, misses


def _scaled(v: Sequence[float], length: float) -> list[float]:
    n = norm(v)
    return [x * length / n for x in v] if n > 0 else [0.0] * len(v)
