"""Prompt caching (docs/usage-and-cost.md#prompt-caching): the Anthropic request marks the stable
prefix, cached tokens come back from both providers' usage, and answer prompts keep the stable part
first."""

from colloquy.engine.prompting import answer_request
from colloquy.llm import ChatMessage, ChatRequest
from support.prompt_cache import PrefixCache

PERSONA = {"id": "p1", "name": "Ana", "age": 34, "gender": "female", "traits": {}}
STIMULI = [{"type": "text", "title": "Ad", "content": "A reusable bottle that keeps cold."}]


def answer(discussion, round_index=1):
    return answer_request(
        persona=PERSONA,
        moderator_style="casual",
        response_length="brief",
        question="Would you buy it?",
        stimuli=STIMULI,
        discussion=discussion,
        round_index=round_index,
        images=[],
    )


DISCUSSION = [
    {"speaker": "Moderator", "content": "Would you buy it?", "kind": "question"},
    {"speaker": "Bo", "content": "Yes, I would buy it today.", "kind": "response"},
]


def test_the_stable_part_comes_first_and_its_end_is_marked():
    req = answer(DISCUSSION)
    user = req.messages[0]
    stable = user.content[: user.cache_prefix]
    assert stable.startswith("Materials shown to the group:")
    assert stable.endswith("Moderator's question: Would you buy it?")
    assert "Bo: Yes" in user.content[user.cache_prefix :]
    # The same question in another round: the same stable text, another tail.
    later = answer([*DISCUSSION, {"speaker": "Cy", "content": "No.", "kind": "response"}], 2)
    assert later.messages[0].content[: later.messages[0].cache_prefix] == stable


async def test_anthropic_body_carries_cache_marks(anthropic_provider, fake_anthropic):
    await anthropic_provider.stream(answer(DISCUSSION), lambda d: None)
    sent = fake_anthropic.requests[-1]
    mark = {"type": "ephemeral"}
    assert sent["system"][0]["cache_control"] == mark
    assert sent["system"][0]["text"].startswith("You are Ana, a 34-year-old woman")
    blocks = sent["messages"][0]["content"]
    assert [b.get("cache_control") for b in blocks] == [mark, None]
    assert blocks[0]["text"].endswith("Moderator's question: Would you buy it?")
    assert blocks[1]["text"].lstrip().startswith("Discussion so far:")
    # At most 4 marks per request (the Messages API's limit).
    assert sum(1 for b in sent["system"] + blocks if "cache_control" in b) == 2


async def test_images_sit_inside_the_marked_prefix(anthropic_provider, fake_anthropic):
    req = answer(DISCUSSION)
    req.messages[0].images = ["data:image/png;base64,iVBORw0KGgo="]
    await anthropic_provider.chat(req)
    blocks = fake_anthropic.requests[-1]["messages"][0]["content"]
    assert [b["type"] for b in blocks] == ["text", "image", "text"]
    assert [b.get("cache_control") for b in blocks] == [None, {"type": "ephemeral"}, None]


async def test_no_prefix_no_user_mark(anthropic_provider, fake_anthropic):
    await anthropic_provider.chat(
        ChatRequest(system="S", messages=[ChatMessage("user", "hello")], max_tokens=5)
    )
    assert "cache_control" not in fake_anthropic.requests[-1]["messages"][0]["content"][0]


async def test_anthropic_cached_tokens_are_read(anthropic_provider, fake_anthropic):
    fake_anthropic.usage_hook = PrefixCache().anthropic
    first = await anthropic_provider.stream(answer(DISCUSSION), lambda d: None)
    second = await anthropic_provider.chat(answer(DISCUSSION))
    assert first.cached_tokens == 0
    # The second call reads the whole marked prefix: system + materials + question.
    sent = fake_anthropic.requests[-1]
    marked = sent["system"][0]["text"].split() + sent["messages"][0]["content"][0]["text"].split()
    assert second.cached_tokens == len(marked)
    # Anthropic's input_tokens leaves the cached part out; the prompt counts all of it.
    tail = len(sent["messages"][0]["content"][1]["text"].split())
    assert second.prompt_tokens == len(marked) + tail


async def test_openai_cached_tokens_are_read(openai_provider, fake_openai):
    fake_openai.usage_hook = PrefixCache().openai
    await openai_provider.stream(answer(DISCUSSION), lambda d: None)
    second = await openai_provider.stream(answer(DISCUSSION), lambda d: None)
    streamed_prompt = second.prompt_tokens
    assert second.cached_tokens == streamed_prompt > 0  # an identical prompt: all of it
    third = await openai_provider.chat(answer([DISCUSSION[0]]))
    assert 0 < third.cached_tokens < third.prompt_tokens  # the shared prefix only


def friendly(discussion, round_index=1):
    return answer_request(
        persona=PERSONA,
        moderator_style="casual",
        response_length="brief",
        question="Would you buy it?",
        stimuli=STIMULI,
        discussion=discussion,
        round_index=round_index,
        images=[],
        cache_friendly=True,
    )


async def test_a_cache_friendly_prompt_is_a_block_a_line(anthropic_provider, fake_anthropic):
    await anthropic_provider.chat(friendly(DISCUSSION))
    sent = fake_anthropic.requests[-1]
    blocks = sent["messages"][0]["content"]
    texts = [b["text"] for b in blocks]
    # The materials, the discussion's label, its two lines (the last marked), then the
    # persona and the turn.
    assert texts[0].startswith("Materials shown to the group:")
    assert texts[1:4] == [
        "The discussion so far:\n",
        "Moderator: Would you buy it?\n",
        "Bo: Yes, I would buy it today.\n",
    ]
    assert [b.get("cache_control") for b in blocks] == [
        None,
        None,
        None,
        {"type": "ephemeral"},
        None,
    ]
    assert texts[4].startswith("\nWho you are in this group:\nYou are Ana, a 34-year-old")
    assert texts[4].endswith("Moderator's question: Would you buy it?\n\n" + ROUND_2)
    # The system prompt is the group's, the same for every participant.
    assert sent["system"][0]["text"].startswith("You are one participant in a market research")


ROUND_2 = (
    "This is discussion round 2 of 3. Respond to what the others have shared: agree or "
    "disagree with specific people by name and add something new instead of repeating "
    "your earlier answer."
)


async def test_the_next_call_reads_the_previous_calls_beginning(anthropic_provider, fake_anthropic):
    fake_anthropic.usage_hook = PrefixCache().anthropic
    first = await anthropic_provider.chat(friendly(DISCUSSION))
    more = [*DISCUSSION, {"speaker": "Cy", "content": "Not at that price.", "kind": "response"}]
    second = await anthropic_provider.chat(friendly(more))
    # Words: the system 53, the materials 5 + 3 + 1 + 6 + 1 = 16, the label 4, the lines 5
    # and 7 (the first call's marked beginning: 85, written then); the second call reads
    # those 85 at a block boundary before its mark and writes its new line, "Cy: Not at
    # that price." (5 words).
    assert first.cached_tokens == 0
    assert second.cached_tokens == 53 + 16 + 4 + 5 + 7 == 85
    assert second.cache_write_tokens == 5
    sent = fake_anthropic.requests[-1]
    assert second.prompt_tokens == sum(
        len(b["text"].split()) for b in sent["system"] + sent["messages"][0]["content"]
    )
