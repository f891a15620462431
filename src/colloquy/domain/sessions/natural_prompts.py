"""A participant's turn in a natural discussion (docs/natural-mode.md): the prompt, pure.

The system prompt is the persona's usual one (prompts.py) with the length line replaced:
the length is asked per turn (turn_length.py), so a quick "Same for me." and a longer
story both happen. The user prompt has the same stable head as the other modes (materials,
the question, the discussion so far in order), then the turn's request: it is your turn,
react or add something, in about N words; named by the last speaker: answer them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.sessions.prompts import build_user_prompt
from colloquy.domain.sessions.stimuli import StimulusRecord
from colloquy.domain.sessions.turn_length import length_instruction

LENGTH_RULE = (
    "- Speak the way people do in a group: sometimes a few words, sometimes a longer "
    "thought. Each turn says how long to speak; keep to it."
)


def natural_user_prompt(
    question: str,
    stimuli: Sequence[StimulusRecord] | None,
    shown: Sequence[Mapping[str, Any]],
    words: int,
    addressed_by: str | None = None,
) -> str:
    """The prompt of one natural turn; `shown`: the question's public messages so far
    (trimmed), `addressed_by`: who just named this participant (a participant or the
    Moderator), if anyone."""
    head = build_user_prompt(question, stimuli, shown, 0)
    head = head.rsplit("\n\nGive your own first answer to the question.", 1)[0]
    if not shown:
        ask = "You speak first. Say what you think."
    elif addressed_by:
        ask = (
            f"{addressed_by} just spoke to you by name: answer them. You may agree or "
            "disagree with anyone by name."
        )
    else:
        ask = (
            "It is your turn to speak. React to what was just said (agree or disagree with "
            "specific people by name) or bring in something new; do not repeat yourself."
        )
    return "\n".join([head, "", ask, length_instruction(words)])
