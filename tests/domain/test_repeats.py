"""The repetition finding's matcher (domain/trust/repeats.py): the first earlier answer of
the same participant that overlaps in wording or meaning, found without comparing every
pair; checked by hand and against the pair-by-pair definition."""

import random

from colloquy.domain.trust.repeats import first_repeats

A = "i really like the paper pouch because it feels natural"
B = "the paper pouch feels cheap and i would not buy it again"
C = "i really like the paper pouch because it feels natural and light"


def test_hand_computed_overlap_and_first_match():
    vectors = [[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]]
    out = first_repeats([A, B, C], vectors, overlap_min=0.5, cosine_min=0.97)
    assert out[0] is None and out[1] is None
    # A has 8 word 3-grams, C has 10, all 8 of A's are in C: Jaccard 8 / 10.
    assert out[2] is not None
    assert (out[2].earlier, out[2].overlap) == (0, 0.8)
    assert out[2].similarity == 0.6  # [0.6, 0.8] . [1, 0]


def test_meaning_alone_finds_the_earliest_alike_answer():
    vectors = [[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]
    out = first_repeats(
        [A, B, "something else entirely said in other words here"], vectors, 0.5, 0.97
    )
    assert out[2] is not None and out[2].earlier == 1 and out[2].overlap == 0.0


def _naive(texts, vectors, overlap_min, cosine_min):
    def grams(t):
        w = t.split()
        return {tuple(w[i : i + 3]) for i in range(len(w) - 2)}

    out = []
    for j in range(len(texts)):
        hit = None
        for i in range(j):
            ga, gb = grams(texts[j]), grams(texts[i])
            overlap = len(ga & gb) / len(ga | gb)
            sim = sum(x * y for x, y in zip(vectors[j], vectors[i], strict=True))
            if overlap >= overlap_min or sim >= cosine_min:
                hit = (i, overlap, sim)
                break
        out.append(hit)
    return out


def test_same_answers_as_comparing_every_pair():
    rng = random.Random(7)
    vocab = ["price", "pouch", "paper", "green", "cheap", "brand", "buy", "like", "feel", "natural"]
    texts = [" ".join(rng.choice(vocab) for _ in range(rng.randint(8, 14))) for _ in range(120)]
    vectors = []
    for _ in texts:
        v = [rng.random() for _ in range(4)]
        n = sum(x * x for x in v) ** 0.5
        vectors.append([x / n for x in v])
    got = first_repeats(texts, vectors, 0.3, 0.995)
    want = _naive(texts, vectors, 0.3, 0.995)
    assert [r and r.earlier for r in got] == [w and w[0] for w in want]
    for r, w in zip(got, want, strict=True):
        if r is not None:
            assert abs(r.overlap - w[1]) < 1e-12 and abs(r.similarity - w[2]) < 1e-9
    assert sum(r is not None for r in got) > 10  # the case is not vacuous
