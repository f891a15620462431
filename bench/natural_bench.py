"""Natural discussion mode against the sequential mode (docs/natural-mode.md).

For a 5 x 3 session (five participants, three questions) run in-process against the
loopback fake OpenAI-compatible server with a fixed delay per call, it prints for each
mode: model calls, prompt and completion tokens (as the provider reported them), wall time
and the session's model-call limit (the chain of calls that cannot overlap: sequential
Q x (1 + 2P) x L, natural calls x L since every turn waits for the one before).

With the scripted model that honours the length it is asked for (tests/support/
natural_fake.py), it also prints the natural session's turn lengths: the KS statistic of
the requested lengths against the target distribution (domain/sessions/turn_length.py),
the median and the share under 25 words the health report measures, each participant's
share of the turns, and the moderator's share of the words, against the issue's targets:
verbosity "ok", median < 60 words, >= 20 % of turns under 25 words, moderator <= 10 %.

    python -m bench.natural_bench                 # P=5, Q=3, L=0.2 s
    python -m bench.natural_bench -P 4 -Q 2 -L 0.1 --moderator scripted
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class Counting:
    """A provider that counts calls and the tokens its results report."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.calls, self.prompt, self.completion = inner, 0, 0, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _count(self, result: Any) -> Any:
        self.calls += 1
        self.prompt += result.prompt_tokens
        self.completion += result.completion_tokens
        return result

    async def chat(self, req: Any) -> Any:
        return self._count(await self.inner.chat(req))

    async def stream(self, req: Any, *args: Any, **kwargs: Any) -> Any:
        return self._count(await self.inner.stream(req, *args, **kwargs))


async def run_session(
    settings: Any, fake: Any, mode: str, P: int, Q: int, moderator: str, seed: int
) -> dict[str, Any]:
    from colloquy.engine.events import EventBus
    from colloquy.engine.journal import load_messages
    from colloquy.engine.manager import RunnerRegistry
    from colloquy.llm.factory import build_provider
    from colloquy.schemas.sessions import SessionCreate
    from colloquy.services.personas.library import seed_personas_if_empty
    from colloquy.services.sessions import control, crud
    from colloquy.store.db import make_engine, make_sessionmaker
    from colloquy.store.migrate import upgrade_async

    await upgrade_async(settings.resolved_database_url)
    engine = make_engine(settings.resolved_database_url)
    factory = make_sessionmaker(engine)
    async with factory() as db:
        await seed_personas_if_empty(db)
    provider = Counting(build_provider(settings))
    bus = EventBus()
    runners = RunnerRegistry(factory, lambda: provider, bus, settings.uploads_dir)
    body = {
        "name": f"Bench {mode}",
        "participantIds": [f"p{i}" for i in range(1, P + 1)],
        "moderatorStyle": "casual",
        "questions": [f"Question {i + 1}: what do you think of the new pouch?" for i in range(Q)],
        "settings": {"responseLength": "moderate", "discussionMode": mode, "moderator": moderator},
    }
    if mode == "natural":
        body["settings"]["seed"] = seed
    try:
        async with factory() as db:
            sid = (await crud.create_session(db, SessionCreate.model_validate(body)))["id"]
        fake.reset()
        started = time.perf_counter()
        async with factory() as db:
            await control.run_session(db, sid, runners, bus)
        while runners.is_active(sid):
            await asyncio.sleep(0.01)
        wall = time.perf_counter() - started
        async with factory() as db:
            messages = await load_messages(db, sid)
            view = await crud.get_session(db, sid, runners)
    finally:
        await runners.shutdown()
        await provider.aclose()
        await engine.dispose()
    return {
        "mode": mode,
        "calls": provider.calls,
        "prompt": provider.prompt,
        "completion": provider.completion,
        "wall": wall,
        "messages": messages,
        "participants": view["participants"],
        "status": view["status"],
        "error": view["error"],
    }


def limit_of(run: dict[str, Any], P: int, Q: int, L: float) -> float:
    """Natural mode: every call waits for the one before (turns, probes, summaries), so
    its calls x L; sequential: bench/limits.py's Q x (1 + 2P) x L."""
    from bench.limits import model_limit

    if run["mode"] == "natural":
        return run["calls"] * L
    return model_limit(P, Q, L, "sequential")


def health_of(
    run: dict[str, Any], provider: str = "openai", model: str = "scripted-70b"
) -> dict[str, Any]:
    from colloquy.domain.trust.health_report import build_health_report
    from colloquy.llm.embeddings import WordLlamaEmbedder

    answers = [m for m in run["messages"] if m["kind"] == "response"]
    vectors = WordLlamaEmbedder().embed_sync([m["content"] for m in answers])
    return build_health_report(
        run["messages"],
        run["participants"],
        {m["id"]: v for m, v in zip(answers, vectors, strict=True)},
        embedder="wordllama",
        provider=provider,
        model=model,
    )


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.natural_bench", description=__doc__)
    p.add_argument("-P", "--participants", type=int, default=5)
    p.add_argument("-Q", "--questions", type=int, default=3)
    p.add_argument("-L", "--latency", type=float, default=0.2, help="model seconds per call")
    p.add_argument("--seed", type=int, default=2028)
    opts = p.parse_args(argv)
    sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]
    from colloquy.settings import Settings
    from support.fake_openai import run_fake_openai
    from support.natural_fake import NaturalScript

    P, Q, L = opts.participants, opts.questions, opts.latency
    script = NaturalScript()
    runs = []
    with run_fake_openai(script, latency=L) as fake, tempfile.TemporaryDirectory() as tmp:
        for mode, moderator in (
            ("sequential", "scripted"),
            ("natural", "scripted"),
            ("natural", "ai"),
        ):
            settings = Settings(
                data_dir=Path(tmp) / f"{mode}-{moderator}",
                llm_provider="openai",
                llm_base_url=fake.base_url,
                llm_api_key="bench",
                llm_model="scripted-70b",
            )
            settings.data_dir.mkdir(parents=True)
            script.asked.clear()
            run = asyncio.run(run_session(settings, fake, mode, P, Q, moderator, opts.seed))
            run["asked"], run["moderator"] = list(script.asked), moderator
            runs.append(run)
    return report(runs, P, Q, L)


def report(runs: list[dict[str, Any]], P: int, Q: int, L: float) -> int:
    print(f"Natural mode bench: P={P}, Q={Q}, model delay L={L:.2f} s")
    print(
        f"{'mode':<20} {'calls':>6} {'prompt tok':>11} {'compl tok':>10} {'wall s':>8} "
        f"{'limit s':>8} {'over':>7}  status"
    )
    ok = True
    for r in runs:
        limit = limit_of(r, P, Q, L)
        label = f"{r['mode']} ({r['moderator']})"
        print(
            f"{label:<20} {r['calls']:>6} {r['prompt']:>11} {r['completion']:>10} "
            f"{r['wall']:>8.2f} {limit:>8.2f} {r['wall'] / limit - 1:>+7.1%}  {r['status']}"
        )
        ok = ok and r["status"] == "completed" and r["error"] is None
    # The length targets on the session the turn budget ends (45 turns); the AI moderator's
    # session ends questions when saturated, so its fewer turns are shown, not judged.
    ok = lengths(runs[1], judge_lengths=True) and ok
    ok = lengths(runs[2], judge_lengths=False) and ok
    return 0 if ok else 1


def lengths(natural: dict[str, Any], judge_lengths: bool) -> bool:
    """The natural session's turn lengths and shares against the issue's targets."""
    from colloquy.domain.sessions.tokens import word_count
    from colloquy.domain.sessions.turn_length import ks_statistic, target_cdf

    asked = natural["asked"]
    ks = ks_statistic(asked, target_cdf)
    answers = [m for m in natural["messages"] if m["kind"] == "response"]
    words = [word_count(m["content"]) for m in answers]
    under = sum(1 for w in words if w < 25) / len(words)
    moderator_words = sum(
        word_count(m["content"]) for m in natural["messages"] if m["participantIndex"] is None
    )
    share = moderator_words / (moderator_words + sum(words))
    verbosity = next(f for f in health_of(natural)["findings"] if f["key"] == "verbosity")
    median = verbosity["data"]["medianWords"]
    print(f"natural, {natural['moderator']} moderator: {len(answers)} turns")
    print(
        f"  turn lengths requested: median {statistics.median(asked):.0f} words, KS statistic "
        f"vs the target {ks:.3f} (5 % critical value {1.36 / len(asked) ** 0.5:.3f})"
    )
    turns = Counter(m["speaker"] for m in answers)
    shares = sorted(turns.items(), key=lambda x: -x[1])
    print("  share of turns: " + ", ".join(f"{n} {c / len(answers):.0%}" for n, c in shares))
    checks = [
        (f"health verbosity {verbosity['status']!r}", verbosity["status"] == "ok"),
        (f"median {median:.0f} words < 60", median < 60),
        (f"{under:.0%} of turns under 25 words >= 20 %", under >= 0.20),
    ]
    ok = True
    for text, passed in checks:
        verdict = ("ok" if passed else "MISSED") if judge_lengths else "shown"
        print(f"  {text}: {verdict}")
        ok = ok and (passed or not judge_lengths)
    print(f"  moderator share of words {share:.1%} <= 10 %: {'ok' if share <= 0.10 else 'MISSED'}")
    return ok and share <= 0.10
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
