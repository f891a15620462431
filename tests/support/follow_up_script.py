"""A scripted loopback model for follow-up interviews (docs/interviews.md): in the focus
group each answer carries its speaker's name and a running number (so a test can find
every turn in a later prompt), private answers state stance 2 before the discussion and 4
after it, and the interview's persona answers from what it remembers."""

from __future__ import annotations

import itertools
import re
from typing import Any

from support.fake_openai import default_responder
from support.natural_fake import system_of, user_of

_NAME = re.compile(r"^You are ([^,]+),", re.MULTILINE)
INTERVIEW_ANSWER = "Ben's point about the price made me think again."


class GroupThenInterview:
    """The responder: call it with a request body."""

    def __init__(self) -> None:
        self.count = itertools.count(1)

    def __call__(self, body: dict[str, Any]) -> Any:
        system, user = str(system_of(body)), user_of(body)
        if "in-depth research interview" in system:
            return INTERVIEW_ANSWER
        if "the moderator asks you privately" in user:
            before = "Before the group discusses" in user
            return "Not for me." + ("\nStance: 2" if before else "\nStance: 4")
        found = _NAME.search(system)
        if found is None:
            return default_responder(body)
        return f"Turn {next(self.count)} by {found.group(1)}: the pouch feels sturdy to me."
