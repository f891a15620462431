"""The AI moderator's "has said the least" counts the participant's words
in the whole question, not in the discussion trimmed to the prompt budget."""

from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.prompts import trim_discussion
from colloquy.engine.prompting import moderator_request

NAMES = ["Ana Lopez", "Bob Stone", "Carla Diaz"]


def _answer(speaker, words, r):
    return {
        "speaker": speaker,
        "content": " ".join(["word"] * words),
        "kind": "response",
        "round": r,
        "sentiment": "neutral",
        "questionIndex": 0,
    }


# Ana (P0) says 100 + 110 = 210 words, Bob (P1) 300 + 50 = 350, Carla 1000 + 600. Trimmed
# to 2500 tokens (ceil(words x 1.3) per line, "Name Name: " counted): the window keeps
# everything after Bob's first answer, where Bob has said 50 words and Ana 210.
DISCUSSION = [
    {
        "speaker": "Moderator",
        "content": "Would you buy it?",
        "kind": "question",
        "round": 0,
        "questionIndex": 0,
    },
    _answer("Bob Stone", 300, 0),
    _answer("Ana Lopez", 100, 0),
    _answer("Carla Diaz", 1000, 0),
    _answer("Carla Diaz", 600, 1),
    _answer("Ana Lopez", 110, 1),
    _answer("Bob Stone", 50, 1),
]


def test_the_trimmed_window_alone_would_name_the_wrong_participant():
    shown = trim_discussion(DISCUSSION, moderation.DISCUSSION_TOKEN_BUDGET)
    assert DISCUSSION[1] not in shown  # Bob's 300 words fell out of the window
    assert moderation.participation(shown, NAMES) == [
        ("Ana Lopez", 210),
        ("Bob Stone", 50),
        ("Carla Diaz", 1600),
    ]
    assert moderation.quietest(shown, NAMES) == "Bob Stone"


def test_probe_names_the_quietest_over_the_whole_question():
    request = moderator_request(
        kind=moderation.PROBE,
        moderator_style="formal",
        question="Would you buy it?",
        discussion=DISCUSSION,
        names=NAMES,
        next_round_index=2,
        is_last_question=False,
    )
    prompt = request.messages[0].content
    assert "- Ana Lopez: 210" in prompt
    assert "- Bob Stone: 350" in prompt
    assert "- Carla Diaz: 1600" in prompt
    assert "Ana Lopez has said the least so far." in prompt
    assert "Bob Stone has said the least" not in prompt
