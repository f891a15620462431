"""Cost estimate error and prompt-cache share (docs/usage-and-cost.md).

    PYTHONPATH=src:tests python -m bench.usage_bench [-P 5] [-Q 3] [--seed 7]

Runs real sessions in-process (migrated SQLite, the seeded personas, the runner and the
real providers) against the loopback fakes of tests/support, then prints:

1. Estimate vs actual: for each discussion mode and response length, the estimate of
   POST /api/sessions/estimate (colloquy.services.usage.estimate) against the usage the
   server reported for the finished session. The fake answers as a model asked for "1-2 /
   2-4 / 4-6 sentences" would (a random count of sentences in that range, 12-20 words
   each, cut at the token limit) and counts tokens as words x 1.3 (the estimate's own
   proxy): the error is the estimate's arithmetic (planned calls, discussion growth,
   answer size), not a tokenizer's. Against a real tokenizer add its own difference.
2. Cache share: the share of prompt tokens a caching server serves from its cache, for a
   P x Q sequential session, from prefix identity (support/prompt_cache.py): Anthropic
   with the provider's cache_control marks (no minimum, and Anthropic's 1,024-token
   minimum), OpenAI's automatic prefix cache (1,024 tokens minimum, 128-token steps).
3. `--cache-survey`: the same share for a concept survey (30 respondents x 2 concepts x 4
   questions x 2 samples), the runner's persona-first prompts against a shared-first order
   (bench/survey_cache.py); `--evidence` gives every respondent interview notes,
   `--direct` asks the direct ratings too.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import tempfile
import time
from pathlib import Path
from typing import Any, Self

from colloquy.domain.constants import RESPONSE_MAX_TOKENS
from colloquy.domain.usage.estimate import relative_error
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.llm.anthropic_provider import AnthropicProvider
from colloquy.llm.factory import build_provider
from colloquy.schemas.sessions import SessionCreate
from colloquy.services.personas.library import seed_personas_if_empty
from colloquy.services.sessions import control, crud
from colloquy.services.usage.estimate import estimate_session_cost
from colloquy.settings import Settings
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.migrate import upgrade_async
from support.fake_anthropic import run_fake_anthropic
from support.fake_openai import FakeReply, run_fake_openai
from support.prompt_cache import PrefixCache

SENTENCES = {"brief": (1, 2), "moderate": (2, 4), "detailed": (4, 6)}
STIMULI = [
    {
        "type": "text",
        "title": "The pouch",
        "content": "A refill pouch for hand soap, 500 ml, made of a single recyclable plastic, "
        "with a spout that reseals. It costs 4.20 and replaces one and a half bottles.",
    },
    {
        "type": "text",
        "title": "The claim",
        "content": "Uses 70 % less plastic than a bottle. Recyclable where soft plastics "
        "are collected. Made in Portugal from 30 % recycled material.",
    },
]
WORDS = [
    "the",
    "pouch",
    "feels",
    "light",
    "and",
    "I",
    "would",
    "carry",
    "it",
    "to",
    "work",
    "every",
    "day",
    "because",
    "it",
    "fits",
]


def tokens(text: str) -> int:
    return math.ceil(len(text.split()) * 13 / 10)


def answerer(rng: random.Random):
    def reply(body: dict[str, Any]) -> Any:
        limit = body.get("max_tokens") or body.get("max_completion_tokens") or 150
        length = next((k for k, v in RESPONSE_MAX_TOKENS.items() if v == limit), "moderate")
        lo, hi = SENTENCES[length]
        words: list[str] = []
        for _ in range(rng.randint(lo, hi)):
            words += [rng.choice(WORDS) for _ in range(rng.randint(12, 20))]
            words[-1] += "."
        words = words[: int(limit / 1.3)]
        text = " ".join(words)
        return FakeReply(text, completion_tokens=tokens(text))

    return reply


def openai_words_x13(body: dict[str, Any], usage: dict[str, Any]) -> dict[str, Any]:
    text = " ".join(str(m.get("content") or "") for m in body.get("messages", []))
    return {**usage, "prompt_tokens": tokens(text)}


class Env:
    def __init__(self, root: Path, base_url: str) -> None:
        self.settings = Settings(
            data_dir=root,
            llm_provider="openai",
            llm_base_url=base_url,
            llm_api_key="bench",
            llm_model="bench-model",
            llm_retry_base_delay=0.01,
        )

    async def __aenter__(self) -> Self:
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        await upgrade_async(self.settings.resolved_database_url)
        self.engine = make_engine(self.settings.resolved_database_url)
        self.factory = make_sessionmaker(self.engine)
        async with self.factory() as db:
            await seed_personas_if_empty(db)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.engine.dispose()

    def body(self, p: int, q: int, length: str, mode: str, stimuli: int = 0) -> dict[str, Any]:
        return {
            "name": "Bench",
            "stimuli": STIMULI[:stimuli],
            "participantIds": [f"p{i}" for i in range(1, p + 1)],
            "moderatorStyle": "casual",
            "questions": [
                f"Question {i + 1}: what do you think of the pouch's price and design?"
                for i in range(q)
            ],
            "settings": {"responseLength": length, "discussionMode": mode},
        }

    async def run(self, provider: Any, body: dict[str, Any]) -> dict[str, Any]:
        runners = RunnerRegistry(
            self.factory, lambda: provider, EventBus(), self.settings.uploads_dir
        )
        async with self.factory() as db:
            sid = (await crud.create_session(db, SessionCreate.model_validate(body)))["id"]
            await control.run_session(db, sid, runners, EventBus())
        deadline = time.monotonic() + 300
        while runners.is_active(sid):
            assert time.monotonic() < deadline, "session did not finish"
            await asyncio.sleep(0.05)
        async with self.factory() as db:
            view = await crud.get_session(db, sid, runners)
        await runners.shutdown()
        assert view["status"] == "completed", view["error"]
        return view


async def estimates(
    env: Env, p: int, q: int, seed: int, layout: str | None = None
) -> list[tuple[str, ...]]:
    rows = []
    with run_fake_openai(answerer(random.Random(seed))) as fake:
        fake.usage_hook = openai_words_x13
        env.settings.llm_base_url = fake.base_url
        provider = build_provider(env.settings)
        try:
            for mode in ("sequential", "parallel"):
                for length in ("brief", "moderate", "detailed"):
                    body = env.body(p, q, length, mode)
                    if layout:
                        body["settings"]["promptLayout"] = layout
                    async with env.factory() as db:
                        est = await estimate_session_cost(
                            db, None, {**body, "provider": "openai", "model": "x"}
                        )
                    actual = (await env.run(provider, body))["usage"]
                    est_total = est["promptTokens"] + est["completionTokens"]
                    act_total = actual["promptTokens"] + actual["completionTokens"]
                    rows.append(
                        (
                            mode,
                            length,
                            f"{est['promptTokens']:,} / {actual['promptTokens']:,}",
                            f"{est['completionTokens']:,} / {actual['completionTokens']:,}",
                            f"{relative_error(est_total, act_total):+.1%}",
                        )
                    )
        finally:
            await provider.aclose()
    return rows


async def cache_shares(
    env: Env, p: int, q: int, stimuli: int = 0, layout: str | None = None, mode: str = "sequential"
) -> list[tuple[str, str, str]]:
    rows = []
    body = env.body(p, q, "moderate", mode, stimuli)
    if layout:
        body["settings"]["promptLayout"] = layout
    for label, minimum in (
        ("Anthropic, cache_control marks, no minimum", 0),
        ("Anthropic, cache_control marks, 1,024-token minimum (Sonnet, Opus)", 1024),
        ("Anthropic, cache_control marks, 2,048-token minimum (Haiku)", 2048),
    ):
        with run_fake_anthropic(answerer(random.Random(1))) as fake:
            cache = PrefixCache(min_tokens=minimum)
            fake.usage_hook = cache.anthropic
            provider = AnthropicProvider(
                base_url=fake.base_url, api_key="bench", model="claude-bench"
            )
            try:
                usage = (await env.run(provider, body))["usage"]
            finally:
                await provider.aclose()
        priced = f"{cache.input_equivalent(0.1, 1.25):,.0f} (read 0.1x, written 1.25x)"
        rows.append((label, _share(usage), priced))
    with run_fake_openai(answerer(random.Random(1))) as fake:
        cache = PrefixCache(min_tokens=1024, step=128)
        fake.usage_hook = cache.openai
        env.settings.llm_base_url = fake.base_url
        provider = build_provider(env.settings)
        try:
            usage = (await env.run(provider, body))["usage"]
        finally:
            await provider.aclose()
    priced = (
        f"{cache.input_equivalent(0.5):,.0f} (cached 0.5x, GPT-4o); "
        f"{cache.input_equivalent(0.1):,.0f} (0.1x, GPT-5)"
    )
    rows.append(
        ("OpenAI, automatic prefix cache (1,024 minimum, 128 steps)", _share(usage), priced)
    )
    return rows


def _share(usage: dict[str, Any]) -> str:
    share = usage["cachedTokens"] / usage["promptTokens"] if usage["promptTokens"] else 0.0
    return f"{share:.1%} ({usage['cachedTokens']:,} of {usage['promptTokens']:,})"


def table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


async def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(prog="python -m bench.usage_bench")
    args.add_argument("-P", "--participants", type=int, default=5)
    args.add_argument("-Q", "--questions", type=int, default=3)
    args.add_argument("--seed", type=int, default=7)
    args.add_argument(
        "--cache-long",
        action="store_true",
        help="only the cache share, of a 6 x 4 moderate session with two stimuli",
    )
    args.add_argument(
        "--layout",
        choices=("persona-first", "cache-friendly"),
        default=None,
        help="the session's prompt layout (--cache-long)",
    )
    args.add_argument("--mode", default="sequential", help="the discussion mode (--cache-long)")
    args.add_argument(
        "--cache-survey",
        action="store_true",
        help="only the cache share of a concept survey, persona first and shared first",
    )
    args.add_argument("--respondents", type=int, default=30, help="(--cache-survey)")
    args.add_argument("--evidence", action="store_true", help="respondents with evidence")
    args.add_argument("--direct", action="store_true", help="direct ratings too")
    opts = args.parse_args(argv)
    if opts.cache_survey:
        from bench.survey_cache import survey_cache_report

        print(await survey_cache_report(opts.respondents, opts.evidence, opts.direct))
        return
    if opts.cache_long:
        with tempfile.TemporaryDirectory() as tmp:
            async with Env(Path(tmp), "http://127.0.0.1:9/v1") as env:
                cache = await cache_shares(env, 6, 4, 2, opts.layout, opts.mode)
        layout = opts.layout or "persona-first"
        print(
            f"## Prompt tokens served from cache (P=6 Q=4, {opts.mode}, moderate, 2 stimuli, "
            f"{layout})\n"
        )
        print(table(("server", "cached share", "prompt cost in input tokens"), cache))
        return
    with tempfile.TemporaryDirectory() as tmp:
        async with Env(Path(tmp), "http://127.0.0.1:9/v1") as env:
            est = await estimates(env, opts.participants, opts.questions, opts.seed, opts.layout)
            cache = [r[:2] for r in await cache_shares(env, opts.participants, opts.questions)]
    size = f"P={opts.participants} Q={opts.questions}"
    print(f"## Estimate vs actual ({size})\n")
    print(
        table(("mode", "length", "prompt est / actual", "answer est / actual", "total error"), est)
    )
    print(f"\n## Prompt tokens served from cache ({size}, sequential, moderate)\n")
    print(table(("server", "cached share"), cache))


if __name__ == "__main__":
    asyncio.run(main())
