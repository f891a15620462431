"""Simulation vs people (docs/measured-against-people.md): the conversation-shape figures a
published benchmark compares between human and simulated focus groups, for one session, and each
simulated session's gap to a human reference.

- words per turn: median, quartiles, share of turns under SHORT_WORDS, a histogram;
- the moderator's share of all words;
- speaker attribution against chance (from the health report's distinctiveness);
- agreement between consecutive turns: the mean cosine of their embeddings;
- sentiment shares;
- themes: each side's key themes matched by embedding cosine >= THEME_MATCH, giving theme
  recall (human themes the simulation found) and precision (simulated themes people raised).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.numbers.vectors import dot, quartiles
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.text.words import word_count

SHORT_WORDS = 25  # human turns: 34 % under 25 words in the benchmark
HISTOGRAM_EDGES = (0, 25, 50, 100, 200)  # bins 0-24, 25-49, 50-99, 100-199, 200+
# Two theme labels are the same theme at this cosine or above (short phrases, unit vectors).
THEME_MATCH = 0.75


def _r(x: float | None, digits: int = 3) -> float | None:
    return None if x is None else round(x, digits)


def words_per_turn(counts: Sequence[int]) -> dict[str, Any]:
    if not counts:
        return {"median": None, "q1": None, "q3": None, "shortShare": None, "histogram": []}
    q1, median, q3 = quartiles(counts)
    bins = []
    for i, low in enumerate(HISTOGRAM_EDGES):
        high = HISTOGRAM_EDGES[i + 1] if i + 1 < len(HISTOGRAM_EDGES) else None
        n = sum(1 for c in counts if c >= low and (high is None or c < high))
        bins.append({"from": low, "to": high, "count": n})
    short = sum(1 for c in counts if c < SHORT_WORDS) / len(counts)
    return {
        "median": _r(median, 1),
        "q1": _r(q1, 1),
        "q3": _r(q3, 1),
        "shortShare": _r(short),
        "histogram": bins,
    }


def consecutive_agreement(vectors: Sequence[Sequence[float]]) -> float | None:
    """Mean cosine of each participant turn with the one before it (unit vectors)."""
    pairs = [dot(a, b) for a, b in itertools.pairwise(vectors)]
    return _r(sum(pairs) / len(pairs)) if pairs else None


def conversation_shape(
    messages: Sequence[Mapping[str, Any]],
    answer_vectors: Sequence[Sequence[float]],
    distinctiveness: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The figures of one session. `answer_vectors`: one per participant turn, in order."""
    answers = [m for m in messages if m.get("kind") == "response"]
    moderator = [m for m in messages if m.get("kind") != "response"]
    answer_words = [word_count(str(m.get("content") or "")) for m in answers]
    moderator_words = sum(word_count(str(m.get("content") or "")) for m in moderator)
    total = sum(answer_words) + moderator_words
    labels = [m.get("sentiment") or sentiment_of(str(m.get("content") or "")) for m in answers]
    n = len(labels) or 1
    data = distinctiveness or {}
    return {
        "turns": len(answers),
        "wordsPerTurn": words_per_turn(answer_words),
        "moderatorShare": _r(moderator_words / total) if total else None,
        "attribution": {
            "accuracy": data.get("accuracy"),
            "chance": data.get("chance"),
            "ratioToChance": data.get("ratioToChance"),
        },
        "consecutiveAgreement": consecutive_agreement(answer_vectors),
        "sentiment": {k: _r(labels.count(k) / n) for k in ("positive", "neutral", "negative")},
    }


# Figures that need several speakers: not applicable to an interview (docs/interviews.md).
GROUP_ONLY = ("participation", "attribution", "consecutiveAgreement")


def one_speaker_shape(shape: Mapping[str, Any]) -> dict[str, Any]:
    """An interview's shape: words per turn are the respondent's and the moderator's share
    is the interviewer's; attribution and agreement between speakers are not applicable
    (None), so its gap to a human interview leaves them out."""
    return {
        **shape,
        "attribution": {"accuracy": None, "chance": None, "ratioToChance": None},
        "consecutiveAgreement": None,
    }


def _figures(shape: Mapping[str, Any]) -> dict[str, float | None]:
    return {
        "medianWords": shape["wordsPerTurn"]["median"],
        "q1Words": shape["wordsPerTurn"]["q1"],
        "q3Words": shape["wordsPerTurn"]["q3"],
        "shortShare": shape["wordsPerTurn"]["shortShare"],
        "moderatorShare": shape["moderatorShare"],
        "attributionRatio": shape["attribution"]["ratioToChance"],
        "consecutiveAgreement": shape["consecutiveAgreement"],
        "positiveShare": shape["sentiment"]["positive"],
        "neutralShare": shape["sentiment"]["neutral"],
        "negativeShare": shape["sentiment"]["negative"],
    }


def gap_to_human(shape: Mapping[str, Any], human: Mapping[str, Any]) -> dict[str, float | None]:
    """Each figure of a simulated session minus the human reference's (None: either missing)."""
    mine, ref = _figures(shape), _figures(human)
    out: dict[str, float | None] = {}
    for key, value in mine.items():
        other = ref[key]
        out[key] = _r(value - other) if value is not None and other is not None else None
    return out


def match_themes(
    human: Sequence[str],
    simulated: Sequence[str],
    similarity: Sequence[Sequence[float]],
) -> dict[str, Any]:
    """Theme recall and precision; `similarity[i][j]`: cosine of human theme i and simulated
    theme j. Pairs are taken greedily, most similar first, each theme at most once."""
    candidates = sorted(
        ((similarity[i][j], i, j) for i in range(len(human)) for j in range(len(simulated))),
        reverse=True,
    )
    used_h: set[int] = set()
    used_s: set[int] = set()
    pairs = []
    for score, i, j in candidates:
        if score < THEME_MATCH:
            break
        if i in used_h or j in used_s:
            continue
        used_h.add(i)
        used_s.add(j)
        pairs.append({"human": human[i], "simulated": simulated[j], "similarity": _r(score)})
    return {
        "recall": _r(len(used_h) / len(human)) if human else None,
        "precision": _r(len(used_s) / len(simulated)) if simulated else None,
        "pairs": pairs,
        "threshold": THEME_MATCH,
    }
