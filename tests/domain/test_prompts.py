from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.sessions.prompts import (
    build_system_prompt,
    build_user_prompt,
    demographic_line,
    round_moderator_message,
    trim_discussion,
)
from colloquy.domain.sessions.stimuli import TEXT_STIMULUS_MAX_CHARS
from colloquy.domain.sessions.tokens import estimate_tokens

ANA = {
    "name": "Ana Lopez",
    "age": 34,
    "gender": "Female",
    "location": "Austin, TX",
    "income": "$30-60k",
    "interests": ["Cooking", "Running"],
    "traits": {
        "openness": 72,
        "conscientiousness": 40,
        "extraversion": 50,
        "agreeableness": 49.5,
        "neuroticism": 65,
    },
}


def test_system_prompt_contents():
    text = build_system_prompt(ANA, enrich(ANA), "probing", "brief")
    assert text.startswith(
        "You are Ana Lopez, a 34-year-old woman from Austin, TX with a household income of $30-60k"
    )
    assert "- Openness: 72/100 (high - curious, imaginative)" in text
    assert "- Conscientiousness: 40/100 (low - spontaneous, flexible)" in text
    assert "- Extraversion: 50/100 (high - outgoing, energetic)" in text
    assert "- Agreeableness: 49.5/100 (low - competitive, skeptical)" in text
    assert "- Neuroticism: 65/100 (high - anxious, sensitive to stress)" in text
    assert "Your interests: Cooking, Running" in text
    assert "Your top values: " in text and text.count("(") >= 5
    for needle in (
        "need for closure",
        "research depth",
        "Health beliefs",
        "formality",
        "regional slang",
        "Shopping",
        "prevention-focused",
        "1-2 sentences",
        "first person",
        "Never mention being an AI",
        "probes",
    ):
        assert needle in text, needle


def test_system_prompt_lengths_and_defaults():
    assert "2-4 sentences" in build_system_prompt(ANA, None, None, None)
    assert "4-6 sentences" in build_system_prompt(ANA, None, "casual", "detailed")
    # without enriched extras only the core is present
    bare = build_system_prompt(ANA, {}, "formal", "moderate")
    assert "More about you" not in bare and "top values" not in bare
    assert build_system_prompt(ANA, None, "formal", "brief") == build_system_prompt(
        ANA, enrich(ANA), "formal", "brief"
    )


def test_demographic_line_variants():
    assert demographic_line({"name": "Kai", "age": 18, "gender": "Non-binary"}) == (
        "You are Kai, an 18-year-old non-binary person, taking part in a market research "
        "focus group."
    )
    assert "an 80-year-old person" in demographic_line({"age": 80, "gender": "Prefer not to say"})
    assert "a 52-year-old man" in demographic_line({"age": 52, "gender": "Male"})


def test_user_prompt_round_one_and_stimuli():
    long_text = "word " * 2000
    stimuli = [
        {
            "type": "image",
            "title": "Pack",
            "content": "https://x.io/p.png",
            "description": "Front view",
        },
        {"type": "text", "title": "Tagline", "content": 'Crunch, "fresh" & bold'},
        {"type": "video", "title": "Ad", "content": "https://youtu.be/a", "platform": "youtube"},
        {"type": "text", "title": "Long", "content": long_text},
    ]
    text = build_user_prompt("What do you think?", stimuli, [], 0)
    assert "1. [Image] Pack: https://x.io/p.png" in text
    assert "   Description: Front view" in text
    assert '"""\nCrunch, "fresh" & bold\n"""' in text
    assert "3. [Video, youtube] Ad: https://youtu.be/a" in text
    assert "[...]" in text and len(text) < TEXT_STIMULUS_MAX_CHARS + 1000
    assert "Moderator's question: What do you think?" in text
    assert "Respond to what the others" not in text
    assert "Discussion so far" not in text


def test_user_prompt_later_rounds():
    discussion = [
        {"speaker": "Moderator", "content": "Q?"},
        {"speaker": "Ben", "content": "I like it."},
    ]
    text = build_user_prompt("Q?", None, discussion, 1)
    assert "Discussion so far:\nModerator: Q?\nBen: I like it." in text
    assert "discussion round 2 of 3" in text and "Respond to what the others" in text
    assert "round 3 of 3" in build_user_prompt("Q?", None, discussion, 2)


def test_round_message():
    assert round_moderator_message(2) == "[Round 2] Please respond to what others have shared."


def test_trim_discussion_keeps_question_and_recent():
    question = {"speaker": "Moderator", "content": "What do you think of the new flavour?"}
    msgs = [question] + [
        {"speaker": f"P{i}", "content": "one two three four five six"} for i in range(10)
    ]
    msgs.insert(4, {"speaker": "Moderator", "content": round_moderator_message(2)})
    cost_q = estimate_tokens("Moderator: " + question["content"])
    cost_p = estimate_tokens("P1: one two three four five six")  # 7 words -> 10
    kept = trim_discussion(msgs, cost_q + 2 * cost_p)
    assert kept == [question, msgs[-2], msgs[-1]]
    assert trim_discussion(msgs, 0) == [question]
    assert trim_discussion(msgs, 10_000) == msgs
    assert trim_discussion([], 50) == []
    no_question = [{"speaker": "A", "content": "x y"}, {"speaker": "B", "content": "z"}]
    assert trim_discussion(no_question, estimate_tokens("B: z")) == [no_question[1]]


def test_next_round_prompt_extends_the_previous_one():
    """A participant's next prompt starts with their previous one up to
    the discussion's end, so a prompt cache evaluates only the text added since."""
    stimuli = [{"type": "text", "title": "Claim", "content": "Made from seaweed."}]
    d2 = [
        {"speaker": "Moderator", "content": "Q?"},
        {"speaker": "Ben", "content": "I like it."},
        {"speaker": "Ana", "content": "Too pricey."},
    ]
    d3 = [
        *d2,
        {"speaker": "Moderator", "content": "[Round 3] More?"},
        {"speaker": "Ben", "content": "Agreed."},
    ]
    first = build_user_prompt("Q?", stimuli, [], 0)
    second = build_user_prompt("Q?", stimuli, d2, 1)
    third = build_user_prompt("Q?", stimuli, d3, 2)
    question_part = first.rsplit("\n\n", 1)[0]  # all but the closing instruction
    assert second.startswith(question_part)
    discussion_part = second.rsplit("\n\n", 1)[0]
    assert discussion_part.endswith("Ana: Too pricey.")
    assert third.startswith(discussion_part)
