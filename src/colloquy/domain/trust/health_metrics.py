"""Session health: how varied, how positive, how convergent, how repetitive, how long and
how distinguishable the answers are. Each rule takes the answers (dicts with `id`,
`speaker`, `participantIndex`, `questionIndex`, `round`, `content`, `sentiment` and a unit
`vector`) and returns one finding (see `finding`). Thresholds are named and documented
here; the figures they compare against are in session_health.py's docstring.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from colloquy.domain.numbers.significance import ALPHA, binomial_at_least, wilson_interval
from colloquy.domain.numbers.vectors import mean_pairwise_distance, rounded
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.text.words import distinct_n, word_count
from colloquy.domain.trust.repeats import first_repeats

OK, WARN, BAD, NA = "ok", "warn", "bad", "na"
# The data cannot decide: the figure is on the wrong side of its threshold but within its
# sampling error. Neutral (not a warning); docs/trust.md, "How each check decides".
UNCLEAR = "unclear"

# diversity: a group of answers (same question and round) whose mean pairwise cosine
# distance is under NEAR_IDENTICAL says the same thing in nearly the same words.
NEAR_IDENTICAL = 0.05
LOW_DIVERSITY = 0.12  # the whole session's mean under this: answers sound alike
LOW_DISTINCT2 = 0.5  # under half of the word pairs are new: recycled wording
# positivity: share of answers the keyword rule calls positive / negative.
PRAISE_BAD = 0.8  # nearly everything is praise...
PRAISE_WARN = 0.6
PRAISE_NULL = 0.5  # the share a group that is not tilted toward praise stays under
NEGATIVE_FLOOR = 0.05  # ...and almost nothing negative
# conformity: the group's spread around its centre (mean distance to the centroid) in the
# last round as a share of round 1; under COLLAPSE the group has collapsed onto one view.
COLLAPSE = 0.5
CONVERGING = 0.75
MOVED_TOWARD = 0.5  # a participant at under half their round-1 distance from the centre
MOVED_MIN = 0.03  # ...who moved at least this much has changed their stance
# repetition: the same participant's earlier answer, by wording or by meaning.
REPEAT_OVERLAP = 0.5  # Jaccard of word 3-grams
REPEAT_COSINE = 0.97
# Short turns are not compared: people say "Yeah." or "Yeah, makes sense." many times over
# (a backchannel), and a repeated one says nothing about a stuck model.
REPEAT_MIN_WORDS = 8
REPEAT_BASE = 0.1  # a share of repeats people may reach by chance in a short session
# verbosity: words per answer. Human focus-group turns are about 50 words; a published
# synthetic-vs-human benchmark measured a median of about 240 words for synthetic turns.
HUMAN_WORDS = 50
SYNTHETIC_WORDS = 240
LONG_WORDS = 120  # median over this runs long
VERY_LONG_WORDS = 200
UNIFORM_CV = 0.35  # coefficient of variation under this: every answer the same length
# distinctiveness: leave-one-out accuracy as a multiple of chance (1 / participants).
# Humans in the benchmark: 46.8 % vs 25.5 % chance (1.8x); synthetic: 32.5 % vs 31.2 %.
# Flagged only when significantly below PEOPLE_FLOOR x chance (bad under AT_CHANCE).
AT_CHANCE = 1.2
PEOPLE_FLOOR = 1.5


def finding(
    key: str, title: str, status: str, summary: str, message_ids: Sequence[str], **data: Any
) -> dict[str, Any]:
    return {
        "key": key,
        "title": title,
        "status": status,
        "summary": summary,
        "messageIds": list(dict.fromkeys(message_ids)),
        "data": data,
    }


def pct(x: float) -> str:
    return f"{round(x * 100)}%"


def _groups(answers: Sequence[dict[str, Any]]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    groups: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for a in answers:
        groups[(a["questionIndex"], a["round"])].append(a)
    return groups


def diversity(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    flagged: list[dict[str, Any]] = []
    distances: list[float] = []
    d2s: list[float] = []
    for (q, r), group in sorted(_groups(answers).items()):
        d = mean_pairwise_distance([a["vector"] for a in group])
        if d is None:
            continue
        distances.append(d)
        g2 = distinct_n([a["content"] for a in group], 2)
        if g2 is not None:
            d2s.append(g2)
        ids = [a["id"] for a in group]
        rows.append(
            {
                "questionIndex": q,
                "round": r,
                "meanDistance": rounded(d),
                "distinct2": rounded(g2),
                "messageIds": ids,
            }
        )
        if d < NEAR_IDENTICAL:
            flagged.append(rows[-1])
    d2 = statistics.fmean(d2s) if d2s else None
    if not distances:
        return finding("diversity", "Variety of answers", NA, "Too few answers to compare.", [])
    mean = statistics.fmean(distances)
    ids = [i for row in flagged for i in row["messageIds"]]
    if flagged and len(flagged) * 2 >= len(rows) or mean < NEAR_IDENTICAL:
        status = BAD
    elif flagged or mean < LOW_DIVERSITY or (d2 is not None and d2 < LOW_DISTINCT2):
        status = WARN
    else:
        status = OK
    summary = (
        f"Answers to the same question differ by {mean:.2f} on average (cosine distance, "
        f"0 = identical); {pct(d2 or 0)} of the word pairs in a round's answers are distinct."
    )
    if flagged:
        summary += (
            f" In {len(flagged)} of {len(rows)} question rounds the participants gave "
            "near-identical answers."
        )
    return finding(
        "diversity",
        "Variety of answers",
        status,
        summary,
        ids,
        meanDistance=rounded(mean),
        distinct2=rounded(d2),
        groups=rows,
        nearIdenticalGroups=len(flagged),
    )


def positivity(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Warn when the positive share is at least PRAISE_WARN and significantly above half
    (exact binomial test at ALPHA); bad when at least PRAISE_BAD with almost nothing
    negative and significantly above PRAISE_WARN; past a threshold but within sampling
    error: not enough answers to tell."""
    if not answers:
        return finding("positivity", "Positivity", NA, "No answers.", [])
    labels = [a.get("sentiment") or sentiment_of(a["content"]) for a in answers]
    n, k = len(labels), labels.count("positive")
    pos, neg = k / n, labels.count("negative") / n
    praise = [a["id"] for a, s in zip(answers, labels, strict=True) if s == "positive"]
    p_half = binomial_at_least(k, n, PRAISE_NULL)
    p_warn = binomial_at_least(k, n, PRAISE_WARN)
    status = OK
    if pos >= PRAISE_BAD and neg <= NEGATIVE_FLOOR and p_warn < ALPHA:
        status = BAD
    elif pos >= PRAISE_WARN:
        status = WARN if p_half < ALPHA else UNCLEAR
    low, high = wilson_interval(k, n)
    summary = (
        f"{pct(pos)} of {n} answers are positive (95% interval {pct(low)}-{pct(high)}) and "
        f"{pct(neg)} negative; a neutral group would be balanced (net 0)."
    )
    if status == BAD:
        summary += " Nearly everything is praise: the model may be telling you what you want."
    elif status == WARN:
        summary += (
            f" More praise than half beyond sampling error (binomial test, p = {p_half:.3f})."
        )
    elif status == UNCLEAR:
        summary += (
            f" Not enough answers to tell whether this is more than half (binomial test, "
            f"p = {p_half:.2f})."
        )
    return finding(
        "positivity",
        "Positivity",
        status,
        summary,
        praise if status in (WARN, BAD) else [],
        positiveShare=rounded(pos),
        negativeShare=rounded(neg),
        neutralShare=rounded(1 - pos - neg),
        netPositivity=rounded(pos - neg),
        interval=[rounded(low), rounded(high)],
        pAboveHalf=rounded(p_half, 4),
        alpha=ALPHA,
        baseline=0.0,
    )


def repetition(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    by_p: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for a in answers:
        if word_count(a["content"]) >= REPEAT_MIN_WORDS:
            by_p[a["participantIndex"]].append(a)
    found: dict[str, dict[str, Any]] = {}
    for own in by_p.values():
        texts = [a["content"] for a in own]
        repeats = first_repeats(texts, [a["vector"] for a in own], REPEAT_OVERLAP, REPEAT_COSINE)
        for a, r in zip(own, repeats, strict=True):
            if r is not None:
                found[a["id"]] = {
                    "messageId": a["id"],
                    "earlierMessageId": own[r.earlier]["id"],
                    "speaker": a["speaker"],
                    "overlap": rounded(r.overlap),
                    "similarity": rounded(r.similarity),
                }
    items = [found[a["id"]] for a in answers if a["id"] in found]  # in the session's order
    n = len(items)
    # Each repeat is an observed fact (a warning); "poor" needs a fifth of the answers,
    # significantly more than REPEAT_BASE of them (exact binomial test at ALPHA).
    p_many = binomial_at_least(n, max(len(answers), 1), REPEAT_BASE)
    status = OK if n == 0 else BAD if n * 5 >= len(answers) and p_many < ALPHA else WARN
    summary = (
        "No participant repeated an earlier answer."
        if n == 0
        else f"{n} answer{'s' if n != 1 else ''} repeat the same participant's earlier answer."
    )
    ids = [i for it in items for i in (it["messageId"], it["earlierMessageId"])]
    return finding("repetition", "Repetition", status, summary, ids, count=n, items=items)
