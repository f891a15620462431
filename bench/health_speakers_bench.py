"""Session health of an imported group with many speakers: the report's time as the
speakers grow (it grew with their square: 1,000 speakers 7.5 s, 2,000 31.7 s, 4,999 244 s).

    PYTHONPATH=src python bench/health_speakers_bench.py [SPEAKERS ...]

Each speaker answers twice (about 30 words) under one question, the way a long imported
transcript looks; vectors are random unit vectors of 256 dimensions (no embedder: the
health rules alone). Prints seconds per report for each size.
"""

from __future__ import annotations

import random
import sys
import time

from colloquy.domain.trust.health_report import build_health_report

WORDS = [
    "price",
    "taste",
    "pouch",
    "brand",
    "value",
    "honest",
    "fresh",
    "planet",
    "family",
    "snack",
    "really",
    "think",
]
DIMS = 256


def group(speakers: int, seed: int = 7) -> tuple[list[dict], list[dict], dict]:
    rng = random.Random(seed)
    people = [{"name": f"Speaker {i} {rng.choice(WORDS).title()}"} for i in range(speakers)]
    messages, vectors = [], {}
    for turn in range(2):
        for i, person in enumerate(people):
            mid = f"m{turn}-{i}"
            text = " ".join(rng.choice(WORDS) for _ in range(30)).capitalize() + "."
            messages.append(
                {
                    "id": mid,
                    "kind": "response",
                    "speaker": person["name"],
                    "participantIndex": i,
                    "questionIndex": 0,
                    "round": turn,
                    "content": text,
                    "sentiment": None,
                }
            )
            v = [rng.gauss(0, 1) for _ in range(DIMS)]
            n = sum(x * x for x in v) ** 0.5
            vectors[mid] = [x / n for x in v]
    return people, messages, vectors


def main(sizes: list[int]) -> None:
    for speakers in sizes:
        people, messages, vectors = group(speakers)
        began = time.perf_counter()
        build_health_report(
            messages, people, vectors, embedder="random", provider=None, model=None, source="human"
        )
        print(
            f"{speakers:>6} speakers, {len(messages):>6} answers: {time.perf_counter() - began:.2f} s"
        )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [500, 1000, 2000, 5000])
