"""Survey results against people (docs/measured-against-people.md): how long reading and checking
the largest allowed upload (10,000 ratings) and comparing it with the simulation take.

    PYTHONPATH=src python -m bench.survey_people_bench [--ratings 10000] [--simulated 2000]

Prints the seconds to parse the CSV, and to compare one cell holding every rating with
`--simulated` respondents (bootstrap of 1,000 resamples on each side, the two floors).
Pure computation: no server, no database.
"""

from __future__ import annotations

import argparse
import random
import time

from colloquy.domain.surveys.against_people import compare_cell
from colloquy.domain.surveys.human_csv import parse_human_csv

CONCEPTS = [{"id": "c1", "title": "Oat & Honey Crunch Bar"}]
QUESTIONS = [{"id": "q1", "text": "How likely would you be to buy this product?"}]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ratings", type=int, default=10_000)
    parser.add_argument("--simulated", type=int, default=2_000)
    args = parser.parse_args()
    rng = random.Random(1)
    lines = ["respondent,concept,question,rating"]
    lines += [
        f"R{i:05d},Oat & Honey Crunch Bar,How likely would you be to buy this product?,"
        f"{rng.choice([1, 2, 3, 3, 4, 4, 4, 5, 5])}"
        for i in range(args.ratings)
    ]
    text = "\n".join(lines) + "\n"
    start = time.perf_counter()
    ratings, errors = parse_human_csv(text, CONCEPTS, QUESTIONS, {"q1": 5})
    parsed = time.perf_counter() - start
    assert not errors, errors[:3]
    simulated = {}
    for i in range(args.simulated):
        raw = [rng.random() for _ in range(5)]
        simulated[f"p{i}"] = [x / sum(raw) for x in raw]
    start = time.perf_counter()
    cell = compare_cell([r.rating for r in ratings], simulated, 5, seed="bench")
    compared = time.perf_counter() - start
    print(f"CSV of {len(text) / 1e6:.2f} MB, {len(ratings):,} ratings: parsed in {parsed:.2f} s")
    print(
        f"one cell, {len(ratings):,} people x {args.simulated:,} simulated: compared in {compared:.2f} s"
    )
    sim = cell["scores"][0]
    print(
        f"(KS similarity {sim['ksSimilarity']:.3f}, mean difference {sim['meanDifference']:+.3f})"
    )


if __name__ == "__main__":
    main()
