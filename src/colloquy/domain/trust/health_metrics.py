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

from colloquy.domain.numbers.vectors import centroid, distance, mean_pairwise_distance, rounded
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.text.words import distinct_n, word_count
from colloquy.domain.trust.repeats import first_repeats

OK, WARN, BAD, NA = "ok", "warn", "bad", "na"

# diversity: a group of answers (same question and round) whose mean pairwise cosine
# distance is under NEAR_IDENTICAL says the same thing in nearly the same words.
NEAR_IDENTICAL = 0.05
LOW_DIVERSITY = 0.12  # the whole session's mean under this: answers sound alike
LOW_DISTINCT2 = 0.5  # under half of the word pairs are new: recycled wording
# positivity: share of answers the keyword rule calls positive / negative.
PRAISE_BAD = 0.8  # nearly everything is praise...
PRAISE_WARN = 0.6
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
# verbosity: words per answer. Human focus-group turns are about 50 words; a published
# synthetic-vs-human benchmark measured a median of about 240 words for synthetic turns.
HUMAN_WORDS = 50
SYNTHETIC_WORDS = 240
LONG_WORDS = 120  # median over this runs long
VERY_LONG_WORDS = 200
UNIFORM_CV = 0.35  # coefficient of variation under this: every answer the same length
# distinctiveness: leave-one-out accuracy as a multiple of chance (1 / participants).
# Humans in the benchmark: 46.8 % vs 25.5 % chance (1.8x); synthetic: 32.5 % vs 31.2 %.
AT_CHANCE = 1.2
BELOW_HUMAN = 1.6


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
    if not answers:
        return finding("positivity", "Positivity", NA, "No answers.", [])
    labels = [a.get("sentiment") or sentiment_of(a["content"]) for a in answers]
    n = len(labels)
    pos, neg = labels.count("positive") / n, labels.count("negative") / n
    praise = [a["id"] for a, s in zip(answers, labels) if s == "positive"]
    if pos >= PRAISE_BAD and neg <= NEGATIVE_FLOOR:
        status = BAD
    elif pos >= PRAISE_WARN:
        status = WARN
    else:
        status = OK
    summary = (
        f"{pct(pos)} of answers are positive and {pct(neg)} negative; a neutral group "
        "would be balanced (net 0)."
    )
    if status == BAD:
        summary += " Nearly everything is praise: the model may be telling you what you want."
    return finding(
        "positivity",
        "Positivity",
        status,
        summary,
        praise if status != OK else [],
        positiveShare=rounded(pos),
        negativeShare=rounded(neg),
        neutralShare=rounded(1 - pos - neg),
        netPositivity=rounded(pos - neg),
        baseline=0.0,
    )


def _spread(group: Sequence[dict[str, Any]]) -> tuple[list[float], dict[int, float]]:
    c = centroid([a["vector"] for a in group])
    return c, {a["participantIndex"]: distance(a["vector"], c) for a in group}


def conformity(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    groups = _groups(answers)
    ratios: list[float] = []
    moves: dict[int, list[float]] = defaultdict(list)
    changed: dict[int, list[str]] = defaultdict(list)
    names = {a["participantIndex"]: a["speaker"] for a in answers}
    for q in sorted({q for q, _ in groups}):
        rounds = sorted(r for qq, r in groups if qq == q)
        if len(rounds) < 2:
            continue
        first, last = groups[(q, rounds[0])], groups[(q, rounds[-1])]
        if len(first) < 2 or len(last) < 2:
            continue
        _, d_first = _spread(first)
        _, d_last = _spread(last)
        s_first, s_last = statistics.fmean(d_first.values()), statistics.fmean(d_last.values())
        if s_first > 0:
            ratios.append(s_last / s_first)
        by_p = {a["participantIndex"]: a for a in last}
        for p, before in d_first.items():
            if p not in d_last:
                continue
            moves[p].append(before - d_last[p])
            if before - d_last[p] >= MOVED_MIN and d_last[p] < MOVED_TOWARD * before:
                changed[p].append(by_p[p]["id"])
    if not ratios:
        return finding(
            "conformity", "Convergence", NA, "Needs at least two rounds per question.", []
        )
    ratio = statistics.fmean(ratios)
    status = BAD if ratio < COLLAPSE else WARN if ratio < CONVERGING else OK
    changers = [
        {"name": names[p], "participantIndex": p, "messageIds": ids}
        for p, ids in sorted(changed.items())
    ]
    summary = (
        f"From the first to the last round the group's spread of views went to "
        f"{pct(ratio)} of where it started."
    )
    if status == BAD:
        summary += " The group collapsed onto one view."
    if changers:
        summary += " Moved toward the group: " + ", ".join(c["name"] for c in changers) + "."
    return finding(
        "conformity",
        "Convergence",
        status,
        summary,
        [i for c in changers for i in c["messageIds"]],
        spreadRatio=rounded(ratio),
        changers=changers,
        movement={names[p]: rounded(statistics.fmean(v)) for p, v in sorted(moves.items()) if v},
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
    status = OK if n == 0 else BAD if n * 5 >= max(len(answers), 1) else WARN
    summary = (
        "No participant repeated an earlier answer."
        if n == 0
        else f"{n} answer{'s' if n != 1 else ''} repeat the same participant's earlier answer."
    )
    ids = [i for it in items for i in (it["messageId"], it["earlierMessageId"])]
    return finding("repetition", "Repetition", status, summary, ids, count=n, items=items)
