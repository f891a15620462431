"""Survey mode benchmark (docs/surveys.md): R respondents x 2 concepts x 3 questions x 2 samples
against the load-test model server at 0.3 s per call, on a fresh `colloquy serve`.

    PYTHONPATH=src python -m bench.survey_bench [--respondents 100] [--latency 0.3] [--cap 8]

The concurrency cap (COLLOQUY_SURVEY_CONCURRENCY) sets the limit: calls x latency / cap.
Prints the wall time from Run to completed against that limit (target: within 1.5 x),
the server's CPU seconds, the calls the model server saw and the failed calls (target 0),
then the time to compute the results (bootstraps, cuts) once the survey is done.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import httpx

from bench.model_server import ModelServer
from bench.server import ColloquyServer, free_port

GENDERS = ("Male", "Female", "Non-binary")
INCOMES = ("Under $30k", "$30-60k", "$60-100k", "$100k+", "$150k+")
TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")


def persona(i: int, rng: random.Random) -> dict:
    return {
        "name": f"Respondent {i}",
        "age": rng.randint(18, 80),
        "gender": rng.choice(GENDERS),
        "location": "Springfield, IL",
        "income": rng.choice(INCOMES),
        "traits": {t: rng.randint(0, 100) for t in TRAITS},
        "interests": ["Cooking", "Travel"],
    }


def survey_body(ids: list[str], samples: int) -> dict:
    return {
        "name": "Bench survey",
        "concepts": [
            {"type": "text", "title": "Solar kettle", "content": "A kettle that boils with sun."},
            {"type": "text", "title": "Brick phone", "content": "A phone as heavy as a brick."},
        ],
        "questions": [
            {"text": "How likely would you be to buy this product?", "scale": "purchase_intent"},
            {"text": "How likely would you be to recommend it?", "scale": "recommend"},
            {"text": "How new and different is it?", "scale": "uniqueness"},
        ],
        "respondentIds": ids,
        "samples": samples,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--respondents", type=int, default=100)
    p.add_argument("--samples", type=int, default=2)
    p.add_argument("--latency", type=float, default=0.3)
    p.add_argument("--cap", type=int, default=8, help="COLLOQUY_SURVEY_CONCURRENCY")
    args = p.parse_args()
    os.environ["COLLOQUY_SURVEY_CONCURRENCY"] = str(args.cap)
    model = ModelServer(free_port(), latency=args.latency)
    server = ColloquyServer(llm_url=model.base_url)
    try:
        with httpx.Client(base_url=server.url, timeout=60) as api:
            rng = random.Random(16)
            ids = [
                api.post("/api/personas", json=persona(i, rng)).raise_for_status().json()["id"]
                for i in range(args.respondents)
            ]
            survey = api.post("/api/surveys", json=survey_body(ids, args.samples))
            survey.raise_for_status()
            sid = survey.json()["id"]
            total = survey.json()["progress"]["total"]
            model.configure(args.latency)  # clears the model server's record
            cpu0 = server.cpu_seconds()
            start = time.monotonic()
            api.post(f"/api/surveys/{sid}/run").raise_for_status()
            while True:
                state = api.get(f"/api/surveys/{sid}").json()
                if state["status"] != "running":
                    break
                time.sleep(0.2)
            wall = time.monotonic() - start
            cpu = server.cpu_seconds() - cpu0
            calls = len(model.requests())
            t0 = time.monotonic()
            results = api.get(f"/api/surveys/{sid}/results").json()
            results_s = time.monotonic() - t0
        limit = total * args.latency / args.cap
        print(
            f"survey: {args.respondents} respondents x 2 concepts x 3 questions x "
            f"{args.samples} samples = {total} answers; model {args.latency:.2f} s/call; "
            f"cap {args.cap}"
        )
        print(f"status {state['status']}: {state['progress']['done']}/{total} answered")
        print(
            f"wall {wall:.1f} s vs limit {limit:.1f} s (calls x latency / cap) = "
            f"{wall / limit:.2f} x (target <= 1.5 x)"
        )
        print(
            f"model calls seen {calls}; failed calls {state['progress']['errors']}; "
            f"server CPU {cpu:.1f} s ({1000 * cpu / max(1, total):.1f} ms per answer)"
        )
        print(f"results (bootstraps, comparisons, cuts) computed in {results_s:.2f} s")
        for cell in results["results"][:6]:
            s = cell["ssr"]
            print(
                f"  {cell['conceptId']} {cell['questionId']}: n={cell['n']} "
                f"mean {s['mean']:.2f} [{s['ci'][0]:.2f}, {s['ci'][1]:.2f}] top2 {s['top2']:.2f}"
            )
    finally:
        server.close()
        model.close()


if __name__ == "__main__":
    main()
