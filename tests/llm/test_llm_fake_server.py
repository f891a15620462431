"""The loopback fakes themselves: what other suites and the benchmark rely on."""

import time

import httpx

from colloquy.llm import ChatMessage, ChatRequest
from colloquy.llm.json_output import schema_instruction
from support.fake_content import sample_from_schema
from support.fake_openai import run_fake_openai


def test_models_endpoint_and_request_log():
    with run_fake_openai(model="m1") as fake:
        assert fake.base_url.startswith("http://127.0.0.1:") and fake.base_url.endswith("/v1")
        assert httpx.get(f"{fake.base_url}/models").json()["data"][0]["id"] == "m1"
        body = {
            "model": "m1",
            "messages": [{"role": "user", "content": "Hi there"}],
            "max_tokens": 4,
        }
        reply = httpx.post(f"{fake.base_url}/chat/completions", json=body).json()
        assert fake.requests == [body]
        assert reply["choices"][0]["finish_reason"] == "length"  # cut at max_tokens
        assert reply["usage"]["completion_tokens"] == 4


def test_default_json_follows_a_schema_given_in_the_prompt():
    schema = {
        "type": "object",
        "properties": {
            "themes": {"type": "array", "minItems": 3, "items": {"$ref": "#/$defs/Theme"}}
        },
        "$defs": {
            "Theme": {
                "type": "object",
                "properties": {
                    "theme": {"type": "string"},
                    "frequency": {"type": "integer", "minimum": 1, "maximum": 10},
                    "priority": {"enum": ["high", "medium", "low"]},
                },
            }
        },
    }
    with run_fake_openai() as fake:
        body = {
            "model": "m",
            "messages": [
                {"role": "system", "content": "Analyse.\n\n" + schema_instruction(schema)},
                {"role": "user", "content": "go"},
            ],
        }
        text = httpx.post(f"{fake.base_url}/chat/completions", json=body).json()["choices"][0][
            "message"
        ]["content"]
    assert text.startswith('{"themes": [')
    themes = sample_from_schema(schema)["themes"]
    assert len(themes) == 3 and [t["priority"] for t in themes] == ["high", "medium", "low"]
    assert all(1 <= t["frequency"] <= 10 for t in themes)


async def test_benchmark_knobs_latency_and_stream_pacing():
    from colloquy.llm.openai_provider import OpenAIProvider

    with run_fake_openai(latency=0.2, tokens_per_second=100) as fake:
        provider = OpenAIProvider(base_url=fake.base_url)
        req = ChatRequest(system="", messages=[ChatMessage("user", "q")], max_tokens=50)
        started = time.monotonic()
        result = await provider.stream(req, lambda d: None)
        elapsed = time.monotonic() - started
        await provider.aclose()
    assert elapsed >= 0.2 + result.completion_tokens / 100 * 0.8
