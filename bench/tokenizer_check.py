"""Colloquy's prompt parts counted two ways: the words x 1.3 rule of the estimate and the
shipped SmolLM2 GGUF's own tokenizer (llama-cpp-python, vocabulary only: no generation,
a few seconds). docs/usage-and-cost.md#measured-against-real-token-counts

    PYTHONPATH=src python -m bench.tokenizer_check
"""

import asyncio
import tempfile

from llama_cpp import Llama

from colloquy.domain.sessions.private_answers import private_prompt
from colloquy.domain.sessions.prompts import build_system_prompt, build_user_prompt
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.surveys.rules import answer_prompt, survey_system_prompt
from colloquy.llm.llama_loader import embedded_model_path
from colloquy.services.personas.library import seed_personas_if_empty
from colloquy.services.sessions.setup import participant_snapshots
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.migrate import upgrade_async

LLM = Llama(model_path=embedded_model_path(), vocab_only=True, verbose=False)


def tok(text: str) -> int:
    return len(LLM.tokenize(text.encode(), add_bos=False, special=False))


STIM = [
    {
        "type": "text",
        "title": "Seaweed chips",
        "content": "Crunchy baked seaweed chips with sea salt, 90 calories a bag, in a paper "
        "pouch that can go in the home compost. Sold in packs of six for 5.99.",
    }
]
ANS = (
    "I like that it is baked and not fried, and the paper pouch is a nice touch, but I "
    "would want to taste it before paying that much for six bags."
)


async def main():
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/c.db"
        await upgrade_async(url)
        f = make_sessionmaker(make_engine(url))
        async with f() as db:
            await seed_personas_if_empty(db)
            ps = await participant_snapshots(db, [f"p{i}" for i in range(1, 9)])
        print("| prompt part | words x 1.3 | SmolLM2 tokens | ratio |\n|---|---|---|---|")
        rows: dict[str, list[tuple[int, int]]] = {
            "persona system prompts": [],
            "survey system prompts": [],
        }
        for p in ps:
            s = build_system_prompt(p, p.get("enriched"), "casual", "moderate")
            rows["persona system prompts"].append((estimate_tokens(s), tok(s)))
            s = survey_system_prompt(p)
            rows["survey system prompts"].append((estimate_tokens(s), tok(s)))
        q = "Would you try a seaweed chip?"
        names = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
        disc = [{"speaker": "Moderator", "content": q}]
        disc += [{"speaker": n, "content": ANS} for n in names]
        for name, text in [
            ("first-round user prompt (1 stimulus)", build_user_prompt(q, STIM, [], 0)),
            ("round-3 user prompt (6 answers)", build_user_prompt(q, STIM, disc, 2)),
            ("private answer prompt, after", private_prompt(q, STIM, disc, True)),
            ("survey answer prompt", answer_prompt(STIM[0], {"text": q})),
            ("an answer", ANS),
        ]:
            rows[name] = [(estimate_tokens(text), tok(text))]
        for name, pairs in rows.items():
            est = sum(a for a, _ in pairs)
            real = sum(b for _, b in pairs)
            print(f"| {name} | {est:,} | {real:,} | {real / est:.2f}x |")


if __name__ == "__main__":
    asyncio.run(main())
