"""Session health benchmark: a session of 8 participants x 10 questions x 3 rounds
(240 answers of about 50 words) through the offline embedder and the health rules.

    PYTHONPATH=src python bench/health_bench.py

Prints the embedder's load time (once per process), the time to embed the 240 answers
and the time to build the report (the issue's target: under 2 s of server CPU).
"""

from __future__ import annotations

import random
import time

from colloquy.domain.trust.health_report import build_health_report
from colloquy.llm.embeddings import WordLlamaEmbedder, load_wordllama

PARTICIPANTS, QUESTIONS, ROUNDS = 8, 10, 3
WORDS = (  # noqa: SIM905 - a word pool reads better as text
    "price pouch taste crunchy salty sweet colour packaging recycle kids lunch office gym "
    "store brand trust cheap expensive value honest worried excited curious bland fresh "
    "healthy protein sugar label claim compost green planet budget family weekend snack "
    "morning coffee flavour texture bag size portion friend sister doctor diet "
    "I you we think feel like would maybe never always really quite the a and but so because"
).split()


def answers(seed: int = 7) -> tuple[list[dict], list[dict]]:
    rng = random.Random(seed)
    participants = [
        {
            "name": f"Person {p}",
            "traits": {
                t: rng.randint(0, 100)
                for t in ("openness", "extraversion", "agreeableness", "neuroticism")
            },
        }
        for p in range(PARTICIPANTS)
    ]
    messages = []
    for q in range(QUESTIONS):
        for r in range(ROUNDS):
            for p in range(PARTICIPANTS):
                n = rng.randint(30, 70)
                text = " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."
                messages.append(
                    {
                        "id": f"m{q}-{r}-{p}",
                        "kind": "response",
                        "speaker": participants[p]["name"],
                        "participantIndex": p,
                        "questionIndex": q,
                        "round": r,
                        "content": text,
                        "sentiment": None,
                        "repairs": [],
                        "rawContent": None,
                    }
                )
    return participants, messages


def main() -> None:
    participants, messages = answers()
    t0 = time.perf_counter()
    load_wordllama()
    t1 = time.perf_counter()
    vectors = WordLlamaEmbedder().embed_sync([m["content"] for m in messages])
    t2 = time.perf_counter()
    c0 = time.process_time()
    report = build_health_report(
        messages,
        participants,
        {m["id"]: v for m, v in zip(messages, vectors, strict=False)},
        embedder=WordLlamaEmbedder.name,
        provider="local",
        model="SmolLM2-135M-Instruct",
    )
    c1 = time.process_time()
    t3 = time.perf_counter()
    print(f"answers: {len(messages)} ({PARTICIPANTS} x {QUESTIONS} x {ROUNDS})")
    print(f"load embedder (once per process): {t1 - t0:.2f} s")
    print(f"embed answers: {t2 - t1:.3f} s")
    print(f"health report: {t3 - t2:.3f} s wall, {c1 - c0:.3f} s CPU")
    print(f"total after load: {t3 - t1:.3f} s (target < 2 s); overall: {report['overall']}")


if __name__ == "__main__":
    main()
