"""A concept survey's prompt-cache share (docs/usage-and-cost.md#surveys-and-prompt-caches),
run by `python -m bench.usage_bench --cache-survey`.

A realistic survey (30 respondents, 2 concepts of a few sentences, 4 questions, 2 samples)
runs through the real survey runner and the real providers against the loopback fakes,
whose usage comes from the prefix-cache simulator (tests/support/prompt_cache.py, a word
counted as a token). Two prompt orders:

- persona first (what the survey runner sends): the respondent's system prompt (persona,
  evidence), then the concept, the question and the instruction;
- shared first (tried here, not in the product): a system prompt the same for every call,
  then the concept, the question and the instruction, then "Who you are:" and the
  respondent's persona and evidence. The bench rewrites the runner's requests into this
  order (`SharedFirst`), so both orders carry exactly the same texts; the Anthropic
  provider then marks the end of the concept-and-question part.
"""

from __future__ import annotations

import logging
import random
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from colloquy.domain.surveys.rules import DIRECT_MAX_TOKENS
from colloquy.llm.anthropic_provider import AnthropicProvider
from colloquy.llm.factory import build_provider
from colloquy.llm.types import ChatRequest
from colloquy.runtime import Runtime
from colloquy.schemas.surveys import SurveyCreate
from colloquy.services.personas import evidence
from colloquy.services.personas.evidence_files import EvidenceText
from colloquy.services.personas.library import create_personas
from colloquy.services.surveys.progress import Progress
from colloquy.services.surveys.runner import SurveyRunner
from colloquy.services.surveys.surveys import create_survey
from colloquy.settings import Settings
from colloquy.store.migrate import upgrade_async
from colloquy.store.tables import SurveyRow
from support.fake_anthropic import run_fake_anthropic
from support.fake_openai import FakeReply, run_fake_openai
from support.prompt_cache import PrefixCache

CONCEPTS = [
    {
        "type": "text",
        "title": "FreshFold lunch box",
        "content": (
            "A lunch box that folds flat when empty, made of food-grade silicone with a "
            "bamboo lid. It keeps food cold for six hours with a freezer pack that clips "
            "into the lid, and goes in the dishwasher. It holds 1.2 litres in two "
            "compartments and costs 24.99."
        ),
    },
    {
        "type": "text",
        "title": "Brewday coffee subscription",
        "content": (
            "Freshly roasted coffee beans delivered every two weeks from a roaster in your "
            "region. You choose the roast and the grind, skip or pause any delivery in the "
            "app, and the bags are home-compostable. A 250 g bag costs 8.50 with free "
            "delivery; the first bag is free."
        ),
    },
]
QUESTIONS = [
    {"text": "How likely would you be to buy this product?", "scale": "purchase_intent"},
    {"text": "How much do you like this product?", "scale": "liking"},
    {"text": "How new and different is this product?", "scale": "uniqueness"},
    {"text": "How likely would you be to recommend it to a friend?", "scale": "recommend"},
]
SHARED_SYSTEM = (
    "You are answering a market research survey as the person described at the end of the "
    "message, after the concept and the question. Answer only as that person, in the first "
    "person, with their own words and feelings."
)
WHO_YOU_ARE = "Who you are:"
GENDERS = ("Male", "Female", "Non-binary")
INCOMES = ("Under $30k", "$30-60k", "$60-100k", "$100k+")
CITIES = ("Leeds, UK", "Austin, TX", "Lyon, France", "Toronto, ON", "Melbourne, VIC")
INTERESTS = ("Cooking", "Travel", "Fitness", "Gaming", "Gardening", "Reading", "Coffee", "Hiking")
TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")
ANSWER_WORDS = ("the", "box", "looks", "handy", "and", "I", "would", "use", "it", "at", "work")
NOTES = (
    (
        "Interview notes, lunch. I pack lunch for work most days and my two kids take one to "
        "school. Our old plastic boxes crack in the dishwasher, the lids go missing and the "
        "seals smell after a few months. I have bought four sets in three years, so I look "
        "for something that lasts and that the kids can open by themselves."
    ),
    (
        "Interview notes, coffee. I drink two cups of coffee a day, mostly instant at work "
        "and a filter pot at the weekend. I tried a coffee subscription once, but the bags "
        "piled up when we were away on holiday and I could not find how to pause it, so I "
        "cancelled after two months and went back to the supermarket."
    ),
    (
        "Interview notes, money. We keep to a weekly food budget and I compare the price per "
        "kilo on the shelf label. I will pay more for something I use every day if it saves "
        "money later, but not for a brand name. Anything over twenty pounds I think about "
        "for a week and read the reviews first, especially the one-star ones."
    ),
    (
        "Interview notes, packaging. Our recycling bin fills up twice as fast as the rubbish "
        "bin and soft plastics are not collected where I live. I prefer paper or compostable "
        "packaging and I feel guilty about coffee pods. I do not believe every green claim "
        "on a box; I want to know where it is made and what it is made of."
    ),
    (
        "Interview notes, shopping. I do a big shop online on Sunday evening and top up at "
        "the corner shop. I like trying new things when they are on offer, but I go back to "
        "what I know if the first one disappoints. Free delivery matters more to me than a "
        "discount code that I forget to use."
    ),
    (
        "Interview notes, friends. I tell friends about things that work for our family, "
        "usually in the school parents' group chat. I recommended a water bottle last year "
        "and three people bought it. I would not recommend something I have only used for "
        "a week, and I say so when a product is good but too expensive for most people."
    ),
    (
        "Interview notes, new products. New gadgets in the kitchen often end up in a drawer. "
        "A new product has to fix a problem I already have, like bulky boxes in a full "
        "cupboard, rather than invent one. I am curious about folding and refillable things "
        "but I worry that silicone gets stained by tomato sauce and curry."
    ),
    (
        "Interview notes, routine. Mornings are rushed: breakfast, lunches, school run, then "
        "the train at 8.10. Anything that adds a step in the morning will not last in our "
        "house. At the weekend I have more time and I enjoy making proper coffee and "
        "baking with the kids."
    ),
)
EVIDENCE = "\n\n".join(NOTES)


class SharedFirst:
    """A provider that sends the survey runner's requests shared part first: the concept,
    question and instruction before the respondent (persona and evidence)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def reorder(self, req: ChatRequest) -> ChatRequest:
        first, *rest = req.messages
        shared = first.content + "\n\n"
        moved = replace(
            first,
            content=f"{shared}{WHO_YOU_ARE}\n{req.system}",
            cache_prefix=len(shared),
            block_ends=(),
        )
        return replace(req, system=SHARED_SYSTEM, messages=[moved, *rest])

    async def chat(self, req: ChatRequest) -> Any:
        return await self.inner.chat(self.reorder(req))

    async def stream(self, req: ChatRequest, *args: Any, **kwargs: Any) -> Any:
        return await self.inner.stream(self.reorder(req), *args, **kwargs)


def survey_answerer(rng: random.Random):
    """One or two sentences of 10-22 words (the survey's instruction), or a number for a
    direct rating."""
    words = ANSWER_WORDS

    def reply(body: dict[str, Any]) -> Any:
        limit = body.get("max_tokens") or body.get("max_completion_tokens")
        if limit == DIRECT_MAX_TOKENS:
            return FakeReply(str(rng.randint(1, 5)), completion_tokens=1)
        out: list[str] = []
        for _ in range(rng.randint(1, 2)):
            out += [rng.choice(words) for _ in range(rng.randint(10, 22))]
            out[-1] += "."
        return FakeReply(" ".join(out), completion_tokens=len(out))

    return reply


def without_marks(body: dict[str, Any]) -> dict[str, Any]:
    """The Anthropic request with no cache_control anywhere (Anthropic then caches nothing)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "cache_control"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(body)


def unmarked(cache: PrefixCache) -> Any:
    """The simulator's Anthropic usage for requests sent without their marks."""
    return lambda body, usage: cache.anthropic(without_marks(body), usage)


class SurveyEnv:
    def __init__(self, root: Path, respondents: int, evidence: bool, direct: bool) -> None:
        self.root = root
        self.respondents = respondents
        self.evidence = evidence
        self.direct = direct

    def settings(self, provider: str, base_url: str) -> Settings:
        return Settings(
            data_dir=self.root,
            llm_provider=provider,
            llm_base_url=base_url,
            llm_api_key="bench",
            llm_model="bench-model",
            llm_retry_base_delay=0.01,
            frontend_dist=self.root / "no-dist",
        )

    async def prepare(self) -> None:
        """The database, the respondents (and their evidence) and the survey, made once."""
        settings = self.settings("openai", "http://127.0.0.1:9/v1")
        self.root.mkdir(parents=True, exist_ok=True)
        await upgrade_async(settings.resolved_database_url)
        runtime = Runtime.create(settings)
        rng = random.Random(30)
        items = [
            {
                "name": f"Respondent {i + 1}",
                "age": rng.randint(19, 74),
                "gender": rng.choice(GENDERS),
                "location": rng.choice(CITIES),
                "income": rng.choice(INCOMES),
                "traits": {t: rng.randint(5, 95) for t in TRAITS},
                "interests": rng.sample(INTERESTS, 3),
            }
            for i in range(self.respondents)
        ]
        async with runtime.sessionmaker() as db:
            ids = [p["id"] for p in await create_personas(db, items)]
        if self.evidence:
            await add_evidence(runtime, ids)
        self.body = {
            "name": "Concept test",
            "concepts": CONCEPTS,
            "questions": QUESTIONS,
            "respondentIds": ids,
            "samples": 2,
            "askDirect": self.direct,
        }
        await runtime.engine.dispose()

    async def run(self, provider_name: str, base_url: str, wrap: Any) -> None:
        """One run of the survey (a new copy of it) on the provider, wrapped by `wrap`."""
        runtime = Runtime.create(self.settings(provider_name, base_url))
        runtime.provider = wrap(build_provider(runtime.settings))
        try:
            async with runtime.sessionmaker() as db:
                survey = await create_survey(db, SurveyCreate.model_validate(self.body))
                row = await db.get(SurveyRow, survey["id"])
                assert row is not None
                row.status = "running"
                await db.commit()
            runner = SurveyRunner(runtime, survey["id"], Progress())
            await runner.run()
            assert runner.progress.done == runner.progress.total, runner.last_error
        finally:
            await runtime.provider.aclose()
            await runtime.engine.dispose()


async def add_evidence(runtime: Runtime, ids: list[str]) -> None:
    """The same interview notes on every respondent (retrieval picks per concept and
    question, up to COLLOQUY_EVIDENCE_TOKEN_BUDGET)."""
    doc = EvidenceText("interview.txt", "txt", EVIDENCE, EVIDENCE.encode())
    for pid in ids:
        async with runtime.sessionmaker() as db:
            await evidence.add_evidence(db, runtime, pid, doc)


def marked_prefixes(cache: PrefixCache) -> str:
    """The lengths of the marked prefixes Anthropic could cache (words): what a later call
    can share at most, against the minimums."""
    sizes = sorted(len(p) for p in cache.seen)
    if not sizes:
        return "none"
    return f"{len(sizes)} distinct, {sizes[0]:,} to {sizes[-1]:,} words"


def _row(label: str, cache: PrefixCache, prices: str) -> tuple[str, str, str]:
    t = cache.totals
    share = t["read"] / t["prompt"] if t["prompt"] else 0.0
    return label, f"{share:.1%} ({t['read']:,} of {t['prompt']:,})", prices


async def survey_cache_shares(
    env: SurveyEnv, layout: str
) -> tuple[list[tuple[str, str, str]], str]:
    """The table's rows, and what the marked prefixes measured (marks, no minimum)."""
    wrap = SharedFirst if layout == "shared-first" else (lambda p: p)
    rows = []
    prefixes = ""
    for label, minimum, marks in (
        ("Anthropic, no cache_control marks", 0, False),
        ("Anthropic, marks, no minimum", 0, True),
        ("Anthropic, marks, 1,024-token minimum (Sonnet, Opus)", 1024, True),
        ("Anthropic, marks, 2,048-token minimum (Haiku)", 2048, True),
        ("Anthropic, marks, 1,024 tokens at words x 1.3 (788 words)", 788, True),
    ):
        with run_fake_anthropic(survey_answerer(random.Random(1))) as fake:
            cache = PrefixCache(min_tokens=minimum)
            fake.usage_hook = cache.anthropic if marks else unmarked(cache)
            await env.run("anthropic", fake.base_url, lambda p: wrap(_anthropic(p)))
        rows.append(_row(label, cache, f"{cache.input_equivalent(0.1, 1.25):,.0f}"))
        if marks and minimum == 0:
            calls = len(fake.requests)
            prefixes = (
                f"{calls} calls, {cache.totals['prompt'] / calls:,.0f} words a prompt; "
                f"marked prefixes: {marked_prefixes(cache)}"
            )
    for label, minimum in (
        ("OpenAI, automatic (1,024 minimum, 128 steps)", 1024),
        ("OpenAI, 1,024 tokens at words x 1.3 (788 words)", 788),
    ):
        with run_fake_openai(survey_answerer(random.Random(1))) as fake:
            cache = PrefixCache(min_tokens=minimum, step=128)
            fake.usage_hook = cache.openai
            await env.run("openai", fake.base_url, wrap)
        prices = f"{cache.input_equivalent(0.5):,.0f} (0.5x); {cache.input_equivalent(0.1):,.0f}"
        rows.append(_row(label, cache, prices))
    return rows, prefixes


def _anthropic(provider: Any) -> Any:
    assert isinstance(provider, AnthropicProvider)
    return provider


async def survey_cache_report(respondents: int, evidence: bool, direct: bool) -> str:
    from bench.usage_bench import table

    for name in ("httpx", "httpx2"):
        logging.getLogger(name).setLevel(logging.WARNING)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        env = SurveyEnv(Path(tmp), respondents, evidence, direct)
        await env.prepare()
        for layout in ("persona-first", "shared-first"):
            rows, prefixes = await survey_cache_shares(env, layout)
            shape = (
                f"{respondents} respondents x 2 concepts x 4 questions x 2 samples"
                f"{', direct ratings' if direct else ''}{', with evidence' if evidence else ''}"
            )
            out.append(f"## Survey prompt tokens served from cache ({shape}, {layout})\n")
            header = ("server", "cached share", "prompt cost in input tokens")
            out.append(table(header, rows) + "\n")
            out.append(f"Anthropic with marks: {prefixes}.\n")
    return "\n".join(out)
