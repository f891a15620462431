"""Counting a streamed call with the server's tokenizer when the stream carries no usage
(colloquy.llm.server_tokens): the routes asked, the chat template's tokens, and a server
that cannot count."""

from __future__ import annotations

import json

import httpx

from colloquy.llm.server_tokens import ServerTokenCounter, server_root
from colloquy.llm.types import ChatMessage, ChatRequest

REQUEST = ChatRequest(system="a b c", messages=[ChatMessage("user", "d e")], max_tokens=10)


def words_server(seen: list[str], routes: tuple[str, ...]) -> httpx.MockTransport:
    """A server whose tokenizer makes a token of each word, on `routes` only."""

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        if request.url.path not in routes:
            return httpx.Response(404, json={"detail": "Not Found"})
        body = json.loads(request.content)
        words = str(body.get("input", body.get("content", ""))).split()
        if request.url.path == "/tokenize":
            return httpx.Response(200, json={"tokens": list(range(len(words)))})
        return httpx.Response(200, json={"count": len(words)})

    return httpx.MockTransport(handle)


def test_the_root_is_beside_v1():
    assert server_root("http://127.0.0.1:8080/v1/") == "http://127.0.0.1:8080"
    assert server_root("http://host:1") == "http://host:1"


async def test_llama_cpp_python_counts_with_the_template():
    seen: list[str] = []
    counter = ServerTokenCounter(
        "http://s/v1", transport=words_server(seen, ("/extras/tokenize/count",))
    )
    # system 3 words + 5, user 2 words + 5, the reply's opening 3: 18; the answer 4.
    assert await counter.usage(REQUEST, "f g h i") == (18, 4)
    assert set(seen) == {"/extras/tokenize/count"}
    await counter.aclose()


async def test_llama_cpp_server_tokenize_route():
    seen: list[str] = []
    counter = ServerTokenCounter("http://s/v1", transport=words_server(seen, ("/tokenize",)))
    assert await counter.usage(REQUEST, "f") == (18, 1)
    # The first count tried llama-cpp-python's route; then only the one that answered.
    assert seen == ["/extras/tokenize/count", "/tokenize", "/tokenize", "/tokenize"]
    await counter.aclose()


async def test_a_server_that_cannot_count_is_asked_once():
    seen: list[str] = []
    counter = ServerTokenCounter("http://s/v1", transport=words_server(seen, ()))
    assert await counter.usage(REQUEST, "f") is None
    assert await counter.usage(REQUEST, "f") is None
    assert seen == ["/extras/tokenize/count", "/tokenize"]
    await counter.aclose()
