"""Evidence benchmark (docs/evidence.md): a persona with 20 documents of evidence (200,000 words,
the limit) answering a session's questions. The target: prompt tokens per answer with and
without the evidence differ by at most the evidence budget (600 tokens by default).

    PYTHONPATH=src python bench/evidence_bench.py [--budget 600] [--words 200000]

Everything runs in process with the offline wordllama embedder: the documents are cut into
passages and embedded once, then for each question the passages are ranked, fitted to the
budget and put into the answer prompt the runner sends (engine/prompting.py). Prints the
prompt tokens per answer without and with evidence, their difference per question, and
the time to embed the evidence and to retrieve per question.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from colloquy.domain.personas.evidence_budget import (
    estimate_tokens,
    evidence_block,
    fit_passages,
    with_evidence,
)
from colloquy.domain.personas.evidence_passages import split_passages
from colloquy.domain.personas.evidence_ranking import Passage, rank_passages
from colloquy.domain.personas.templates import SEED_PERSONAS
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.engine.prompting import answer_request
from colloquy.llm.embeddings import WordLlamaEmbedder

DOCUMENTS = 20
QUESTIONS = [
    "What do you usually have for breakfast, and why?",
    "Would you pay more for an organic cereal?",
    "How do you decide which coffee brand to buy?",
    "What would make you switch to an electric car?",
    "How much do you spend on your pets each month?",
    "Which shops do you trust with your personal data?",
]
TOPICS = (  # noqa: SIM905 - a word pool reads better as text
    "breakfast cereal toast porridge coffee beans roast organic price supermarket brand "
    "electric car charging battery commute petrol dog cat vet food walk budget family "
    "weekend trust data privacy shop online delivery refund loyalty discount healthy sugar "
    "I we think feel like would maybe never always really the a and but so because my our"
).split()


def documents(total_words: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    per_doc = total_words // DOCUMENTS
    docs = []
    for _ in range(DOCUMENTS):
        paragraphs, words = [], 0
        while words < per_doc:
            n = min(rng.randint(40, 120), per_doc - words)
            sentence = " ".join(rng.choice(TOPICS) for _ in range(n))
            paragraphs.append(sentence.capitalize() + ".")
            words += n
        docs.append("\n\n".join(paragraphs))
    return docs


def prompt_tokens(system: str, question: str) -> int:
    persona = dict(SEED_PERSONAS[0])
    request = answer_request(
        persona=persona,
        moderator_style="casual",
        response_length="moderate",
        question=question,
        stimuli=[],
        discussion=[],
        round_index=0,
        images=[],
        system=system,
    )
    return estimate_tokens(request.system) + sum(
        estimate_tokens(m.content) for m in request.messages
    )


async def main(budget: int, total_words: int) -> None:
    persona = dict(SEED_PERSONAS[0])
    base = build_system_prompt(persona, None, "casual", "moderate")
    docs = documents(total_words)
    texts = [p for d in docs for p in split_passages(d)]
    embedder = WordLlamaEmbedder()
    start = time.perf_counter()
    vectors = await embedder.embed(texts)
    embed_s = time.perf_counter() - start
    passages = [
        Passage(str(i), t, i, v) for i, (t, v) in enumerate(zip(texts, vectors, strict=False))
    ]
    print(
        f"evidence: {DOCUMENTS} documents, {sum(len(d.split()) for d in docs):,} words, "
        f"{len(texts):,} passages; embedded in {embed_s:.2f} s ({embedder.name})"
    )
    print(f"budget: {budget} tokens")
    print(f"{'question':52} {'without':>8} {'with':>6} {'diff':>5} {'retrieve ms':>12}")
    worst = 0
    for question in QUESTIONS:
        start = time.perf_counter()
        query_vector = (await embedder.embed([question]))[0]
        ranked = rank_passages(passages, question, query_vector)
        chosen = fit_passages([p.text for p, _ in ranked], budget)
        block = evidence_block([ranked[i][0].text for i in chosen])
        retrieve_ms = (time.perf_counter() - start) * 1000
        without = prompt_tokens(base, question)
        with_ = prompt_tokens(with_evidence(base, block), question)
        worst = max(worst, with_ - without)
        print(f"{question[:52]:52} {without:8} {with_:6} {with_ - without:5} {retrieve_ms:12.1f}")
    verdict = "within" if worst <= budget else "OVER"
    print(f"largest difference: {worst} tokens, {verdict} the budget of {budget}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=600)
    parser.add_argument("--words", type=int, default=200_000)
    args = parser.parse_args()
    asyncio.run(main(args.budget, args.words))
