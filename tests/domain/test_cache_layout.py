"""The cache-friendly prompt layout (domain/sessions/cache_layout.py, prompt_layout.py):
the shared part first, each call's beginning extending the previous call's; texts and
offsets written out by hand."""

from __future__ import annotations

from colloquy.domain.sessions.cache_layout import (
    SHARED_SYSTEM,
    cache_friendly_prompt,
    session_history,
)
from colloquy.domain.sessions.prompt_layout import (
    MSG_BAD_LAYOUT,
    prompt_layout,
    prompt_layout_errors,
)

POUCH = {"type": "text", "title": "Pouch", "content": "A refill pouch."}
Q1 = {"speaker": "Moderator", "content": "Price?", "questionIndex": 0}
ANA = {"speaker": "Ana", "content": "Too dear.", "questionIndex": 0}
BO = {"speaker": "Bo", "content": "Fine by me.", "questionIndex": 0}


def test_the_shared_part_comes_first_and_ends_at_the_discussion():
    prompt = cache_friendly_prompt(
        persona_prompt="You are Ana.", stimuli=[POUCH], history=[Q1, ANA], turn="Go."
    )
    materials = 'Materials shown to the group:\n1. [Text] Pouch:\n"""\nA refill pouch.\n"""\n\n'
    shared = materials + "The discussion so far:\nModerator: Price?\nAna: Too dear.\n"
    assert prompt.user == shared + "\nWho you are in this group:\nYou are Ana.\n\nGo."
    assert prompt.system == SHARED_SYSTEM  # the same for every participant
    # Characters: the materials 30 + 17 + 4 + 16 + 4 + 1 = 72 (label, title, quotes, text,
    # quotes, blank line), the discussion's label 23, its two lines 18 and 15.
    assert len(materials) == 72 and prompt.block_ends == (72, 95, 113, 128)
    assert prompt.shared == 128 == len(shared)


def test_each_call_begins_with_the_previous_calls_shared_part():
    first = cache_friendly_prompt(
        persona_prompt="You are Ana.", stimuli=None, history=[Q1], turn="First answer."
    )
    second = cache_friendly_prompt(
        persona_prompt="You are Bo.", stimuli=None, history=[Q1, ANA], turn="Round 2."
    )
    assert first.user[: first.shared] == "The discussion so far:\nModerator: Price?\n"
    assert second.user.startswith(first.user[: first.shared])
    # The earlier call's shared part ends at one of the later call's block boundaries.
    assert first.shared in second.block_ends and second.shared == first.shared + 15
    empty = cache_friendly_prompt(persona_prompt="P", stimuli=None, history=[], turn="T")
    assert empty.user.startswith("The discussion so far:\n(nothing said yet)\n")


def test_the_oldest_questions_go_whole_when_the_session_is_over_its_budget():
    later = [{"speaker": "Moderator", "content": "Colour?", "questionIndex": 1}]
    history = [Q1, ANA, BO, *later]
    # Tokens a line (words x 1.3, rounded up): "Moderator: Price?" 3, "Ana: Too dear." 4,
    # "Bo: Fine by me." 6, "Moderator: Colour?" 3: 16 in all.
    assert session_history(history, budget=16) == history
    assert session_history(history, budget=15) == later  # question 1 goes whole
    assert session_history(later, budget=1) == later  # the current question stays


def test_the_setting_and_its_refusal():
    assert prompt_layout({}) == "persona-first"
    assert prompt_layout({"promptLayout": "cache-friendly"}) == "cache-friendly"
    assert prompt_layout({"promptLayout": "odd"}) == "persona-first"
    assert prompt_layout_errors({"promptLayout": "odd"}) == [MSG_BAD_LAYOUT]
    assert prompt_layout_errors({}) == [] == prompt_layout_errors({"promptLayout": None})
