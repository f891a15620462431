"""Convergence of the public answers (docs/trust.md, "Convergence"): did the group's
spread of views shrink from the first answers under a question to the last? Pure.

Like is compared with like: under each question only the participants who answered both
early and late count, each with their own first and last answer (a simulated session's
first and last round; an imported group's first and last turn of each person who spoke at
least twice, see health_turns.as_turn_pairs). The spread of a set of answers is their mean
cosine distance to its centroid; the figure is the last spread over the first, pooled over
the questions. A sign-flip permutation test swaps each person's first and last answer at
random (exactly, over every swap, for up to EXACT_PAIRS pairs): a group that did not
converge is as likely to shrink as to widen, so a warning needs p < ALPHA.
"""

from __future__ import annotations

import itertools
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from colloquy.domain.numbers.significance import ALPHA, PERMUTATIONS, SEED, permutation_p
from colloquy.domain.numbers.vectors import rounded
from colloquy.domain.trust.health_metrics import (
    BAD,
    COLLAPSE,
    CONVERGING,
    MOVED_MIN,
    MOVED_TOWARD,
    NA,
    OK,
    UNCLEAR,
    WARN,
    finding,
    pct,
)

EXACT_PAIRS = 12  # up to 2**12 = 4,096 swaps, enumerated; more: PERMUTATIONS at random
TURNS, ROUNDS = "turns", "rounds"


def _pairs(
    answers: Sequence[dict[str, Any]],
) -> dict[int, list[tuple[dict[str, Any], dict[str, Any]]]]:
    """Per question: (first, last) answers of each participant who gave both."""
    by_q: dict[int, dict[int, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for a in answers:
        by_q[a["questionIndex"]][a["participantIndex"]].append(a)
    out: dict[int, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for q, people in sorted(by_q.items()):
        rounds = sorted({int(a["round"]) for group in people.values() for a in group})
        if len(rounds) < 2:
            continue
        first_r, last_r = rounds[0], rounds[-1]
        pairs = []
        for group in people.values():
            firsts = [a for a in group if int(a["round"]) == first_r]
            lasts = [a for a in group if int(a["round"]) == last_r]
            if firsts and lasts:
                pairs.append((firsts[0], lasts[-1]))
        if len(pairs) >= 2:
            out[q] = pairs
    return out


def _spreads(m: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean cosine distance of a set of answers (m x d) to its centroid, and each one's."""
    c = m.mean(axis=0)
    scale = np.linalg.norm(m, axis=1) * np.linalg.norm(c)
    cos = np.divide(m @ c, scale, out=np.zeros(len(m)), where=scale > 0)
    return float((1.0 - cos).mean()), 1.0 - cos


def _set_spreads(gram: np.ndarray, picks: np.ndarray) -> np.ndarray:
    """_spreads for b sets at once, read off the Gram matrix of the candidate answers:
    `picks` (b x m) indexes the answers in each set."""
    sub = gram[picks[:, :, None], picks[:, None, :]]  # b x m x m
    rows = sub.sum(axis=2)  # b x m: m times each answer . centroid
    total = rows.sum(axis=1, keepdims=True)  # m^2 |centroid|^2
    own = np.take_along_axis(np.diagonal(gram)[None, :].repeat(len(picks), 0), picks, axis=1)
    scale = np.sqrt(np.clip(own, 0, None) * np.clip(total, 0, None))
    cos = np.divide(rows, scale, out=np.zeros(rows.shape), where=scale > 0)
    return (1.0 - cos).mean(axis=1)  # type: ignore[no-any-return]


def _ratios(questions: list[tuple[np.ndarray, np.ndarray]], flips: np.ndarray) -> np.ndarray:
    """The pooled last / first spread for each row of swaps (b x pairs)."""
    first = np.zeros(len(flips))
    last = np.zeros(len(flips))
    at = 0
    for a, b in questions:
        m = len(a)
        both = np.vstack([a, b])
        gram = both @ both.T
        f = flips[:, at : at + m].astype(int)
        at += m
        first += _set_spreads(gram, np.arange(m) + m * f)
        last += _set_spreads(gram, np.arange(m) + m * (1 - f))
    return np.divide(last, first, out=np.ones_like(first), where=first > 0)


def _null(questions: list[tuple[np.ndarray, np.ndarray]], n: int) -> list[float]:
    if n <= EXACT_PAIRS:
        flips = np.array(list(itertools.product((False, True), repeat=n))[1:])
    else:
        flips = np.random.default_rng(SEED + n).random((PERMUTATIONS, n)) < 0.5
    return [float(x) for x in _ratios(questions, flips)]


def convergence(answers: Sequence[dict[str, Any]], method: str = ROUNDS) -> dict[str, Any]:
    pairs = _pairs(answers)
    if not pairs:
        reason = (
            "n/a: no question has two people who each spoke at least twice, so there is no "
            "first and last turn of the same people to compare."
            if method == TURNS
            else "Needs at least two rounds per question."
        )
        return finding("conformity", "Convergence", NA, reason, [], method=method)
    questions = [
        (np.array([p[0]["vector"] for p in ps], float), np.array([p[1]["vector"] for p in ps]))
        for ps in pairs.values()
    ]
    n = sum(len(ps) for ps in pairs.values())
    observed = float(_ratios(questions, np.zeros((1, n), dtype=bool))[0])
    p = permutation_p(observed, _null(questions, n), tail="less")
    changed: dict[int, list[str]] = defaultdict(list)
    moves: dict[str, list[float]] = defaultdict(list)
    for (a, b), ps in zip(questions, pairs.values(), strict=True):
        _, before = _spreads(a)
        _, after = _spreads(b)
        for (first, last), d0, d1 in zip(ps, before, after, strict=True):
            moves[first["speaker"]].append(float(d0 - d1))
            if d0 - d1 >= MOVED_MIN and d1 < MOVED_TOWARD * d0:
                changed[first["participantIndex"]].append(last["id"])
    names = {a["participantIndex"]: a["speaker"] for a in answers}
    changers = [
        {"name": names[i], "participantIndex": i, "messageIds": ids}
        for i, ids in sorted(changed.items())
    ]
    if observed >= CONVERGING:
        status = OK
    elif p < ALPHA:
        status = BAD if observed < COLLAPSE else WARN
    else:
        status = UNCLEAR
    what = (
        "each person's first against last turn under a question"
        if method == TURNS
        else "the first against the last round, the same participants"
    )
    summary = (
        f"Comparing {what} ({n} pairs over {len(pairs)} question{'s' if len(pairs) != 1 else ''}),"
        f" the spread of views went to {pct(observed)} of where it started "
        f"(sign-flip permutation test, p = {p:.3f})."
    )
    if status == BAD:
        summary += " The group collapsed onto one view."
    elif status == UNCLEAR:
        summary += " Not enough answers to tell this from chance."
    if changers and status in (WARN, BAD):
        summary += " Moved toward the group: " + ", ".join(c["name"] for c in changers) + "."
    return finding(
        "conformity",
        "Convergence",
        status,
        summary,
        [i for c in changers for i in c["messageIds"]] if status in (WARN, BAD) else [],
        method=method,
        spreadRatio=rounded(observed),
        pairs=n,
        questions=len(pairs),
        pConverging=rounded(p, 4),
        alpha=ALPHA,
        changers=changers,
        movement={k: rounded(statistics.fmean(v)) for k, v in sorted(moves.items())},
    )
