"""Session health with many speakers (an imported group): the linear computations give
what the pairwise definitions give, computed here independently in plain Python."""

from __future__ import annotations

import math
import random

from colloquy.domain.numbers.vectors import mean_pairwise_distance
from colloquy.domain.sessions.answer_cleaning import clean_answer
from colloquy.domain.trust.health_persona import character_breaks
from colloquy.domain.trust.health_voices import ATTRIBUTION_MAX_ANSWERS, distinctiveness


def _cos(a, b):
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(x * x for x in b))
    return sum(x * y for x, y in zip(a, b, strict=False)) / (na * nb) if na and nb else 0.0


def test_mean_pairwise_distance_is_the_mean_over_pairs():
    rng = random.Random(3)
    vectors = [[rng.gauss(0, 1) for _ in range(8)] for _ in range(40)] + [[0.0] * 8]
    pairs = [(i, j) for i in range(len(vectors)) for j in range(i + 1, len(vectors))]
    expected = sum(1 - _cos(vectors[i], vectors[j]) for i, j in pairs) / len(pairs)
    assert math.isclose(mean_pairwise_distance(vectors), expected, rel_tol=1e-12)


def _answers(speakers: int, per: int, rng: random.Random) -> list[dict]:
    out = []
    for p in range(speakers):
        centre = [rng.gauss(0, 1) for _ in range(6)]
        for k in range(per):
            v = [c + rng.gauss(0, 0.8) for c in centre]
            out.append({"id": f"{p}-{k}", "participantIndex": p, "vector": v})
    return out


def _brute_accuracy(answers: list[dict]) -> float:
    """Leave-one-out attribution by the definition: an answer is its speaker's when its
    cosine to the sum of the speaker's other (unit) answers beats every other speaker's."""
    by_p: dict[int, list[dict]] = {}
    for a in answers:  # each answer as a unit vector: every answer weighs the same
        norm = math.sqrt(sum(x * x for x in a["vector"]))
        unit = [x / norm for x in a["vector"]] if norm else a["vector"]
        by_p.setdefault(a["participantIndex"], []).append({**a, "vector": unit})
    sums = {
        p: [sum(c) for c in zip(*(a["vector"] for a in g), strict=False)] for p, g in by_p.items()
    }
    hits = 0.0
    for p, group in by_p.items():
        for a in group:
            own = _cos(a["vector"], [s - x for s, x in zip(sums[p], a["vector"], strict=False)])
            others = [_cos(a["vector"], sums[o]) for o in by_p if o != p]
            if any(o > own + 1e-9 for o in others):
                continue
            hits += 1 / (1 + sum(1 for o in others if abs(o - own) <= 1e-9))
    return hits / len(answers)


def test_attribution_matches_its_definition():
    answers = _answers(12, 4, random.Random(5))
    got = distinctiveness(answers)
    assert math.isclose(got["data"]["accuracy"], round(_brute_accuracy(answers), 3), abs_tol=1e-3)
    assert got["data"]["chance"] == round(1 / 12, 3)


def test_attribution_of_a_large_group_runs_on_a_stated_sample():
    rng = random.Random(9)
    answers = _answers(350, 2, rng)
    answers += [{**a, "id": a["id"] + "b"} for a in answers if a["participantIndex"] < 10]
    got = distinctiveness(answers)  # 720 answers: over the cap, so a seeded sample
    assert got["data"]["answers"] <= ATTRIBUTION_MAX_ANSWERS == 600
    assert f"random sample of {got['data']['answers']} of the 720 answers" in got["summary"]


def test_character_breaks_find_the_same_labels_with_thousands_of_names():
    names = [f"Person {i}" for i in range(2000)] + ["Ana Ruiz", "Ben", "Cara Lee"]
    texts = [
        ("Ana Ruiz", "I like it. Ben: no you don't."),
        ("Ben", "Fine.\nCara: what about the price?"),
        ("Cara Lee", "Person 7: hello there. Anyway, I agree."),
        ("Ana Ruiz", "Nothing to add, really."),
    ]
    answers = [
        {"id": f"m{i}", "speaker": s, "content": t, "participantIndex": i}
        for i, (s, t) in enumerate(texts)
    ]
    flagged = character_breaks(answers, names)["messageIds"]
    expected = [
        a["id"]
        for a in answers
        if "other_speaker"
        in clean_answer(
            a["content"], speaker=a["speaker"], others=[n for n in names if n != a["speaker"]]
        ).repairs
    ]
    assert flagged == expected == ["m0", "m1", "m2"]
